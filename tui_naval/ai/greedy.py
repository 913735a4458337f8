"""The greedy player: the ruleset's own advisor's judgement, one look ahead."""

from __future__ import annotations

from typing import Any

from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState


class GreedyPlayer:
    """Chooses the option its ruleset's advisor values most."""

    name = "greedy"

    def __init__(self, ruleset: Ruleset[Any]) -> None:
        self.ruleset = ruleset

    def choose(self, state: GameState, decision: Decision) -> Order:
        return self.ruleset.advisor(state, decision)
