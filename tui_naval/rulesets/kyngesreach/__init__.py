"""Kyngesreach Naval Combat (GURPS): wind gauge, range bands and broadsides.

The gunnery itself is the Kyngesreach gunnery system
(``tui_naval.systems.gunnery.kyngesreach``); this ruleset wraps it with the wind
gauge and the range bands.
"""

from tui_naval.core.ruleset import Balance, RulesetInfo

INFO = RulesetInfo(
    id="kyngesreach",
    title="Kyngesreach",
    aliases=("kyngesreach-naval", "kr", "gurps", "gurps-naval"),
    summary="GURPS broadsides: the wind gauge, range bands, hit location, Hull Integrity "
            "Points, sails, masts and called shots.",
    default_map="kr-duel",
    package=__name__,
    sailing="",
    gunnery="kyngesreach",
    balance=Balance(0.8, 2),
)
