"""The greedy player: one ruleset-specific judgement per ruleset, one look ahead."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState

#: Each ruleset's advisor: the module whose ``choose(state, decision)`` judges its decisions.
#: A module is imported the first time a decision of its ruleset is asked, so a player (or
#: the app starting a game) does not import every ruleset and its AI.
ADVISORS = {
    "salt-n-tar": "tui_naval.ai.salt_n_tar",
    "kyngesreach": "tui_naval.ai.kyngesreach",
    "ships-and-sails": "tui_naval.ai.ships_and_sails",
    "salt-and-shot": "tui_naval.ai.salt_and_shot",
}

Advisor = Callable[[Any, Decision], Order]


def advisor(ruleset: str) -> Advisor | None:
    """The advisor of a ruleset (by its name), None if it has none."""
    module = ADVISORS.get(ruleset)
    if module is None:
        return None
    choose: Advisor = importlib.import_module(module).choose
    return choose


class GreedyPlayer:
    """Chooses the option its ruleset's advisor values most."""

    name = "greedy"

    def __init__(self) -> None:
        self._advisors: dict[str, Advisor | None] = {}

    def choose(self, state: GameState, decision: Decision) -> Order:
        ruleset = state.ruleset
        if ruleset not in self._advisors:
            self._advisors[ruleset] = advisor(ruleset)
        found = self._advisors[ruleset]
        if found is None:
            return decision.options[0]
        return found(state, decision)
