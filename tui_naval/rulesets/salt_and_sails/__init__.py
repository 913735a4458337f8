"""Salt'n'Tar with Ships & Sails gunnery: a pairing made by configuration.

Salt'n'Tar's combat game turn (the sailing system's ``SaltCombat``) sails the
ships; the Ships & Sails gunnery system aims the broadsides at hexes, with its
ball, chain and grape, its aim patterns and its firing values; there is no
initiative: all sides move together and fire together.
"""

from tui_naval.core.ruleset import RulesetInfo

INFO = RulesetInfo(
    id="salt-and-sails",
    title="Salt'n'Tar with Ships & Sails gunnery",
    aliases=("saltandsails", "sandsails", "saltnsails", "salt-sails"),
    summary="Salt'n'Tar's combat turn of half moves fought with Ships & Sails broadsides: "
            "aimed hexes, ball, chain and grape, firing values; all move and fire together.",
    default_map="sails-duel",
    package=__name__,
    sailing="salt-n-tar",
    gunnery="ships-and-sails",
)
