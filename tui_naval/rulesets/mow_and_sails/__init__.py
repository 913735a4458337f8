"""Man-O-War Advanced Sailing with Ships & Sails gunnery: a pairing made by configuration.

Man-O-War's sailing (eight winds, the sail point compass, tacks, drift, anchors)
moves the ships navy by navy in initiative order; Ships & Sails' gunnery aims
each navy's broadsides at hexes after it moves.  ``rules`` pairs them.
"""

from tui_naval.core.ruleset import Balance, RulesetInfo
from tui_naval.systems.sailing.man_o_war.declared import INDICATOR, MAP_KEYS, SEAMANSHIP

INFO = RulesetInfo(
    id="mow-and-sails",
    title="Man-O-War sailing with Ships & Sails gunnery",
    aliases=("mowandsails", "mow-sails", "manowar-shipsandsails", "man-o-war-ships-and-sails"),
    summary="Man-O-War's Advanced Sailing (eight winds, sail points, tacking, drift, anchors) "
            "fought with Ships & Sails broadsides aimed at hexes: ball, chain and grape.",
    default_map="mow-crossing",
    package=__name__,
    map_keys=MAP_KEYS,
    options=(SEAMANSHIP, INDICATOR),
    sailing="man-o-war",
    gunnery="ships-and-sails",
    balance=Balance(final=2),
)
