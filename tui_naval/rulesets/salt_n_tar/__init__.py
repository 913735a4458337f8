"""Salt'n'Tar: Regatta-style sailing races and chases."""

from tui_naval.core.ruleset import Balance, RulesetInfo

INFO = RulesetInfo(
    id="salt-n-tar",
    title="Salt'n'Tar",
    aliases=("saltntar", "salt", "snt", "regatta"),
    summary="Regatta-style sailing: races round buoys and chases; wind, luck and strain rolls.",
    default_map="channel-race",
    package=__name__,
    sailing="salt-n-tar",
    gunnery="",
    balance=Balance(final=3),
)
