"""What Man-O-War's sailing declares to the rulesets that pair it, read as the registry
lists them (at every launch): its optional rule and the map lines it reads.  Nothing of
its rules is imported here, so listing the rulesets costs no more than their names."""

from __future__ import annotations

from tui_naval.core.maps import MapKey
from tui_naval.core.ruleset import RuleOption

SEAMANSHIP = RuleOption(
    "seamanship", "Optional seamanship rules",
    "Elf and Bretonnian ships sail as all others do (two thirds running), but add 1 "
    "to their tack rolls and re-roll 1s when drifting")
#: The map lines Man-O-War reads: the edge each fleet enters by, the two commanders
#: whose tied initiative moves the wind.
MAP_KEYS = (MapKey("enters"), MapKey("commanders"))
