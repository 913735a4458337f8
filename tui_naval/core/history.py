"""A game in progress: its setup, the orders given, and undo/redo over exact states.

Undo keeps the earlier states themselves (they share unchanged parts, so each
step costs little); redo re-applies the undone order to the restored state,
whose RNG is restored too, so the dice come out the same.
"""

from __future__ import annotations

from typing import Any

from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.scenario import Setup, start_state
from tui_naval.core.state import GameState


class Game:
    """A ruleset, a setup, and the states reached by the orders given so far."""

    def __init__(self, ruleset: Ruleset[Any], setup: Setup, start: GameState | None = None) -> None:
        self.ruleset = ruleset
        self.setup = setup
        first = start if start is not None else start_state(ruleset, setup)
        self._states: list[GameState] = [first]
        self._orders: list[Order] = []
        self._redo: list[Order] = []

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def orders(self) -> tuple[Order, ...]:
        return tuple(self._orders)

    def decision(self) -> Decision | None:
        return self.ruleset.decision(self.state)

    def play(self, order: Order) -> GameState:
        """Apply an order (IllegalOrder if it is not legal now); clears the redo stack."""
        state: GameState = self.ruleset.apply(self.state, order)
        self._states.append(state)
        self._orders.append(order)
        self._redo.clear()
        return state

    def can_undo(self) -> bool:
        return bool(self._orders)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> GameState:
        if not self._orders:
            raise IndexError("nothing to undo")
        self._states.pop()
        self._redo.append(self._orders.pop())
        return self.state

    def redo(self) -> GameState:
        if not self._redo:
            raise IndexError("nothing to redo")
        order = self._redo.pop()
        self._states.append(self.ruleset.apply(self.state, order))
        self._orders.append(order)
        return self.state

    def undo_to(self, index: int) -> GameState:
        """Undo until ``index`` orders remain (a negative index undoes them all)."""
        while len(self._orders) > max(0, index):
            self.undo()
        return self.state

    def states(self) -> tuple[GameState, ...]:
        return tuple(self._states)
