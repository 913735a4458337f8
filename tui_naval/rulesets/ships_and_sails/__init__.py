"""Ships & Sails: broadside battles on a flat-top hex ocean."""

from tui_naval.core.ruleset import RulesetInfo

INFO = RulesetInfo(
    id="ships-and-sails",
    title="Ships & Sails",
    aliases=("shipsandsails", "ships", "sns", "s&s"),
    summary="Hex-ocean broadside battles: plotted moves, d12 wind, aimed ball, chain and "
            "grape, collisions.",
    default_map="ss-duel",
    package=__name__,
    sailing="ships-and-sails",
    gunnery="ships-and-sails",
)
