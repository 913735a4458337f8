"""What Man-O-War's sailing declares to the rulesets that pair it, read as the registry
lists them (at every launch): its optional rule and the map lines it reads.  Nothing of
its rules is imported here, so listing the rulesets costs no more than their names."""

from __future__ import annotations

from tui_naval.core.maps import MapKey
from tui_naval.core.ruleset import RuleOption
from tui_naval.core.wind import COMPASS

SEAMANSHIP = RuleOption(
    "seamanship", "Optional seamanship rules",
    "Elf and Bretonnian ships sail as all others do (two thirds running), but add 1 "
    "to their tack rolls and re-roll 1s when drifting")
#: The eight winds, as the agreed starting point of the wind indicator takes them.
WINDS = COMPASS
#: "Place the direction indicator pointing north (or a direction agreed by all players)":
#: the map may name the agreed direction, the players another.
INDICATOR = RuleOption(
    "indicator", "Wind indicator starts at",
    "Where the fleets do not enter from opposite edges, the wind indicator starts here "
    "before the d6 turns it (the text: North, or a direction agreed by all players); "
    "map: the map's own wind-indicator line, else North",
    choices=("map", *WINDS))
#: The map lines Man-O-War reads: the edge each fleet enters by, the two commanders
#: whose tied initiative moves the wind, where the wind indicator starts.
MAP_KEYS = (MapKey("enters"), MapKey("commanders"), MapKey("wind-indicator"))
