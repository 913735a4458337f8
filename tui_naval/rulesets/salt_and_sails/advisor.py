"""The greedy judgement of Salt'n'Tar with Ships & Sails gunnery (the ruleset's advisor).

- helm: the Salt'n'Tar combat turn's look-ahead (``combat_advisor``), valuing fire
  by Ships & Sails broadsides (``salt_advisor.SnsFirepower``);
- aim and ammunition: the Ships & Sails gunnery's advice for this turn;
- luck: never rolled (a six marks Strain); maneuvers: Salt'n'Tar's (reef in a gale,
  shake it out after, set sail when idle).
"""

from __future__ import annotations

from tui_naval.core.orders import Decision, Order
from tui_naval.rulesets.salt_and_sails.rules import RULESET
from tui_naval.rulesets.salt_and_sails.state import SalsState
from tui_naval.systems.gunnery.ships_and_sails.salt_advisor import SnsFirepower
from tui_naval.systems.gunnery.ships_and_sails.salt_combat import SnsCombat
from tui_naval.systems.sailing.salt_n_tar.advisor import choose_maneuver
from tui_naval.systems.sailing.salt_n_tar.combat_advisor import HelmAdvisor

assert isinstance(RULESET.combat, SnsCombat)
FIRE = SnsFirepower(RULESET.combat)
HELM = HelmAdvisor(RULESET, FIRE)


def choose(state: SalsState, decision: Decision) -> Order:
    """The greedy answer to any decision of the pairing."""
    kind = decision.kind
    if kind == "move":
        return HELM.choose(state, decision)
    if kind == "aim":
        return FIRE.choose_aim(state, decision)
    if kind == "ammo":
        return FIRE.choose_ammo(state, decision)
    if kind == "luck":
        return next(o for o in decision.options if o.arg == "pass")
    if kind == "maneuver":
        return choose_maneuver(state, state.ship(decision.ship), decision.options)
    return decision.options[0]
