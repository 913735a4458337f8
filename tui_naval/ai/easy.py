"""The easy admiral: the greedy advisor's choice, with a human's share of mistakes."""

from __future__ import annotations

import random
from typing import Any

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.seeds import place_seed, stable_seed
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState


class EasyPlayer:
    """Plays as greedy, but now and then (``slip``, a chance per decision) picks another
    legal option instead.

    The slip is drawn from where the decision falls and the ships' positions and
    condition, never the game's dice, so a game replays the same.
    """

    name = "easy"

    def __init__(self, ruleset: Ruleset[Any], slip: float = 0.3, seed: int = 0) -> None:
        self.slip = slip
        self.seed = seed
        self._greedy = GreedyPlayer(ruleset)

    def choose(self, state: GameState, decision: Decision) -> Order:
        best = self._greedy.choose(state, decision)
        if len(decision.options) == 1:
            return best
        rng = random.Random(stable_seed(self.seed, place_seed(state, decision),
                                        repr(state.ships)))
        if rng.random() >= self.slip:
            return best
        return rng.choice([option for option in decision.options if option != best])
