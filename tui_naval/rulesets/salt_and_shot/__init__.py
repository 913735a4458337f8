"""Salt'n'Tar with Kyngesreach gunnery: a composed ruleset.

Salt'n'Tar's combat game turn (half moves round a missile phase) sails the ships
by the Salt'n'Tar sailing system; the Kyngesreach gunnery system fires the
broadsides, with the range band measured on the map; the wind gauge is the
initiative.  ``rules`` pairs them.
"""

from tui_naval.core.ruleset import Balance, RulesetInfo

INFO = RulesetInfo(
    id="salt-and-shot",
    title="Salt'n'Tar with Kyngesreach gunnery",
    aliases=("saltandshot", "sas", "saltnshot", "salt-shot"),
    summary="Salt'n'Tar's combat turn of half moves fought with Kyngesreach broadsides: range "
            "bands measured on the map, firing arcs, reloads, called shots; damage slows, "
            "dismasts and cripples the helm.",
    default_map="sas-duel",
    package=__name__,
    sailing="salt-n-tar",
    gunnery="kyngesreach",
    balance=Balance(0.5, 2, turns=15),
)
