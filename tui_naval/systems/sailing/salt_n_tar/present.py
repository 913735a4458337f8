"""How Salt'n'Tar sailing presents itself: its orders' labels and its events' styles.

Shared by every ruleset that sails by Salt'n'Tar (a ruleset's presenter asks here
for the luck, helm and maneuver orders).
"""

from __future__ import annotations

from tui_naval.core.orders import Order
from tui_naval.core.presenter import OptionInfo, order_key
from tui_naval.systems.sailing.salt_n_tar.component import Sailor, Sails

#: Event kind -> log style.
STYLES = {
    "luck": "magenta", "strain": "bold red", "helm": "blue", "move": "", "aground": "bold red",
    "sinks": "bold red", "sails": "green", "anchor": "green",
}

#: The decision kinds whose orders are Salt'n'Tar's.
KINDS = ("luck", "move", "maneuver")

LABELS = {
    "luck roll": OptionInfo("Roll the luck die", "see the table: a 6 marks Strain"),
    "luck pass": OptionInfo("Pass", "sail by the overall Wind Speed"),
    "hold": OptionInfo("Hold course", "keep the present heading"),
    "port 1": OptionInfo("Port 1 point", "turn one point to port (left)"),
    "port 2": OptionInfo("Port 2 points", "turn two points to port", "two-point turn: +1 Strain"),
    "starboard 1": OptionInfo("Starboard 1 point", "turn one point to starboard (right)"),
    "starboard 2": OptionInfo("Starboard 2 points", "turn two points to starboard",
                              "two-point turn: +1 Strain"),
    "keep": OptionInfo("Keep as she is", "no change to sails or anchor"),
    "reef": OptionInfo("Reef", "half speed from next turn; no gale Strain"),
    "unreef": OptionInfo("Shake out the reef", "full sail again next turn"),
    "furl": OptionInfo("Furl sails", "she drifts downwind until sail is set"),
    "set-sail": OptionInfo("Set sail", "takes two turns"),
    "anchor": OptionInfo("Anchor", "bites in two turns",
                         "with sails set: an immediate Strain Roll"),
    "weigh": OptionInfo("Weigh anchor", "up anchor, then set sail (three turns)"),
}


def sailing_info(ship: Sailor, order: Order) -> OptionInfo | None:
    """The label of a Salt'n'Tar order (None for any other)."""
    info = LABELS.get(order_key(order))
    if info is None:
        return None
    if order.verb == "anchor" and ship.sail.sails not in (Sails.SET, Sails.REEFED):
        return OptionInfo(info.label, info.detail)
    return info
