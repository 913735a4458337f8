"""A game in progress: its setup, the orders given, and undo/redo over exact states.

Undo keeps the earlier states themselves (they share unchanged parts, so each
step costs little), and the undone ones too: redo steps forward to the very state it
left, with the RNG it had, so the dice come out the same.  A game can also start
from a recording's states, at any position (``Game.replaying``), so that stepping
forward through it computes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
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
        #: The orders undone, the next last, and the states they led to.
        self._redo: list[Order] = []
        self._redo_states: list[GameState] = []

    @classmethod
    def replaying(cls, ruleset: Ruleset[Any], setup: Setup, states: Sequence[GameState],
                  orders: Sequence[Order], at: int) -> Game:
        """A game at position ``at`` of a recording (its ``states``, one more than its
        ``orders``), the rest of it to redo."""
        if len(states) != len(orders) + 1 or not 0 <= at <= len(orders):
            raise ValueError("a recording has one state more than it has orders")
        game = cls(ruleset, setup, start=states[0])
        game._states = list(states[:at + 1])
        game._orders = list(orders[:at])
        game._redo = list(reversed(orders[at:]))
        game._redo_states = list(reversed(states[at + 1:]))
        return game

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
        self._redo_states.clear()
        return state

    def can_undo(self) -> bool:
        return bool(self._orders)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> GameState:
        if not self._orders:
            raise IndexError("nothing to undo")
        self._redo_states.append(self._states.pop())
        self._redo.append(self._orders.pop())
        return self.state

    def redo(self) -> GameState:
        if not self._redo:
            raise IndexError("nothing to redo")
        self._orders.append(self._redo.pop())
        self._states.append(self._redo_states.pop())
        return self.state

    def next_order(self) -> Order | None:
        """The order redo would play next (None: nothing to redo)."""
        return self._redo[-1] if self._redo else None

    def undo_to(self, index: int) -> GameState:
        """Undo until ``index`` orders remain (a negative index undoes them all)."""
        while len(self._orders) > max(0, index):
            self.undo()
        return self.state

    def states(self) -> tuple[GameState, ...]:
        return tuple(self._states)
