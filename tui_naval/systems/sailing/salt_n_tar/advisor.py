"""Salt'n'Tar sailing advice every ruleset that sails by it shares: sails and anchor."""

from __future__ import annotations

from tui_naval.core.orders import Order
from tui_naval.core.state import WindState
from tui_naval.systems.sailing.salt_n_tar.component import Sailor, Sails
from tui_naval.systems.sailing.salt_n_tar.tables import tables


def choose_maneuver(state: WindState, ship: Sailor, options: tuple[Order, ...]) -> Order:
    """Reef in a gale, shake the reef out when it has passed, set sail and weigh when idle."""
    verbs = {o.verb: o for o in options}
    gale = tables().limits.gale
    if state.wind.speed >= gale and "reef" in verbs:
        return verbs["reef"]
    if state.wind.speed < gale - 1 and ship.sail.sails is Sails.REEFED and "unreef" in verbs:
        return verbs["unreef"]
    for verb in ("set-sail", "weigh"):
        if verb in verbs and ship.sail.masts > 0:
            return verbs[verb]
    return verbs["keep"]
