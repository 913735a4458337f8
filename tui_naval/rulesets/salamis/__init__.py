"""Fast Play Salamis: triremes under oars, rams, boarding and the "Stop!" of bow fire.

No wind and no guns: galleys row in inches with one turn anywhere in the move, the
side not moving may call "Stop!" to shoot its bows, rams strike within an inch,
marines board and capture, and fleets panic when they have lost enough ships.
"""

from tui_naval.core.maps import MapKey
from tui_naval.core.ruleset import Balance, RulesetInfo

INFO = RulesetInfo(
    id="salamis",
    title="Fast Play Salamis",
    aliases=("fast-play-salamis", "triremes", "trireme", "fps"),
    summary="Triremes under oars, 480 BC: one side rows while the other calls Stop! to "
            "shoot its bows; rams, boarding, capture and fleet panic.",
    default_map="salamis-strait",
    package=__name__,
    #: ``initiative: rolled``: who is player 1 is rolled each turn (a duel's adaptation).
    map_keys=(MapKey("initiative"),),
    balance=Balance(0.9),
)
