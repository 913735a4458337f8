"""The greedy player: one ruleset-specific judgement per ruleset, one look ahead."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState


def _advisors() -> dict[str, Callable[[Any, Decision], Order]]:
    from tui_naval.ai import kyngesreach, salt_n_tar, ships_and_sails

    return {
        "salt-n-tar": salt_n_tar.choose,
        "kyngesreach": kyngesreach.choose,
        "ships-and-sails": ships_and_sails.choose,
    }


class GreedyPlayer:
    """Chooses the option its ruleset's advisor values most."""

    name = "greedy"

    def __init__(self) -> None:
        self._advisors = _advisors()

    def choose(self, state: GameState, decision: Decision) -> Order:
        advisor = self._advisors.get(state.ruleset)
        if advisor is None:
            return decision.options[0]
        return advisor(state, decision)
