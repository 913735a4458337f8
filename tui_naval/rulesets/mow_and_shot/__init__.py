"""Man-O-War Advanced Sailing with Kyngesreach gunnery: a pairing made by configuration.

Man-O-War's sailing (eight winds, the sail point compass, tacks, drift, anchors)
moves the ships navy by navy in initiative order; Kyngesreach's gunnery fires
each navy's broadsides after it moves.  ``rules`` pairs them.
"""

from tui_naval.core.ruleset import Balance, RulesetInfo
from tui_naval.systems.sailing.man_o_war.declared import INDICATOR, MAP_KEYS, SEAMANSHIP

INFO = RulesetInfo(
    id="mow-and-shot",
    title="Man-O-War sailing with Kyngesreach gunnery",
    aliases=("mowandshot", "mow-shot", "manowar-kyngesreach", "man-o-war-kyngesreach"),
    summary="Man-O-War's Advanced Sailing (eight winds, sail points, tacking, drift, anchors) "
            "fought with Kyngesreach broadsides: navies move and fire in initiative order.",
    default_map="mow-crossing",
    package=__name__,
    map_keys=MAP_KEYS,
    options=(SEAMANSHIP, INDICATOR),
    sailing="man-o-war",
    gunnery="kyngesreach",
    balance=Balance(1.1),
)
