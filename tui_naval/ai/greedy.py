"""The greedy player: the ruleset's own advisor's judgement, one look ahead."""

from __future__ import annotations

from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Advisor
from tui_naval.core.state import GameState


class GreedyPlayer:
    """Chooses the option its ruleset's advisor values most."""

    name = "greedy"

    def __init__(self) -> None:
        self._advisors: dict[str, Advisor] = {}

    def choose(self, state: GameState, decision: Decision) -> Order:
        found = self._advisors.get(state.ruleset)
        if found is None:
            # The registry imports a ruleset's rules and advisor the first time one of
            # its decisions is asked, so a player starts without importing any.
            from tui_naval.rulesets import find_ruleset

            found = self._advisors[state.ruleset] = find_ruleset(state.ruleset).advisor
        return found(state, decision)
