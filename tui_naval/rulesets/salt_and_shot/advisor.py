"""The greedy judgement of Salt'n'Tar with Kyngesreach gunnery (the ruleset's advisor).

- helm: the Salt'n'Tar combat turn's look-ahead (``combat_advisor``), valuing fire
  by Kyngesreach's broadsides (``salt_advisor.KyngFirepower``);
- target and ammunition: Kyngesreach's advice for this turn;
- luck: never rolled (a six marks Strain); maneuvers: Salt'n'Tar's (reef in a gale,
  shake it out after, set sail when idle); weather: the best reader.
"""

from __future__ import annotations

from tui_naval.core.orders import Decision, Order
from tui_naval.rulesets.salt_and_shot.rules import COMBAT, RULESET
from tui_naval.rulesets.salt_and_shot.state import SasState
from tui_naval.systems.gunnery.kyngesreach.salt_advisor import KyngFirepower
from tui_naval.systems.sailing.salt_n_tar.advisor import choose_maneuver
from tui_naval.systems.sailing.salt_n_tar.combat_advisor import HelmAdvisor

FIRE = KyngFirepower(COMBAT)
HELM = HelmAdvisor(RULESET, FIRE)


def choose(state: SasState, decision: Decision) -> Order:
    """The greedy answer to any decision of the composed ruleset."""
    kind = decision.kind
    if kind == "move":
        return HELM.choose(state, decision)
    if kind == "target":
        return FIRE.choose_target(state, decision)
    if kind == "ammo":
        return FIRE.choose_ammo(state, decision)
    if kind == "luck":
        return next(o for o in decision.options if o.arg == "pass")
    if kind == "maneuver":
        return choose_maneuver(state, state.ship(decision.ship), decision.options)
    return decision.options[0]
