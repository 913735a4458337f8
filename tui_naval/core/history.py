"""A game in progress: its setup, the orders given, and undo/redo over exact states.

Undo keeps the earlier states themselves (they share unchanged parts, so each
step costs little), and the undone ones too: redo steps forward to the very state it
left, with the RNG it had, so the dice come out the same.  A game can also start
from a recording's states, at any position (``Game.replaying``), so that stepping
forward through it computes nothing.

A game refereed elsewhere (a duel) may also hold *told* positions: while the other
side's plotted orders are hidden, the rules here cannot play on, and the referee tells
each position as this side may know it (``tell``); an order given here meanwhile waits
on the referee's word.  Once the plot is revealed the told positions go (``untell``) and
the orders are played by the rules again.  ``held`` finds the orders whose answers are
still hidden, and ``revealed`` is the game up to the first of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import evolve

from tui_naval.core.engine import told
from tui_naval.core.orders import Decision, IllegalOrder, Order
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
        #: The place of the first told position's order (None: the rules made every state).
        self._told_from: int | None = None

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
        """Apply an order (IllegalOrder if it is not legal now); clears the redo stack.

        At a told position the rules cannot run: the order is kept, held with the plot if
        its decision is plotted, and the game waits on the referee's word (``tell``)."""
        if self._told_from is not None:
            state = self._waiting(order)
        else:
            state = self.ruleset.apply(self.state, order)
        self._states.append(state)
        self._orders.append(order)
        self._redo.clear()
        self._redo_states.clear()
        return state

    def _waiting(self, order: Order) -> GameState:
        decision = self.decision()
        if decision is None:
            raise IllegalOrder("no decision is pending")
        if order not in decision.options:
            decision.find(str(order))  # raises IllegalOrder listing the legal ones
        state = self.state
        plotted = (*state.plotted, order) if decision.plotted else state.plotted
        return told(evolve(state, plotted=plotted, events=()), None)

    # -- told positions --------------------------------------------------------------------
    @property
    def told_from(self) -> int | None:
        """The place of the first order whose position was told (None: none was)."""
        return self._told_from

    def tell(self, index: int, order: Order, state: GameState) -> None:
        """The referee's position after the order at ``index``: ``state`` as this side may
        know it, waiting on its decision (``engine.told``).  It follows the game, or takes
        the place of the position an order given here waits in; ValueError otherwise."""
        if index == len(self._orders) - 1 and self._told_from is not None \
                and self._told_from <= index and self._orders[index] == order:
            self._states[-1] = state
            return
        if index != len(self._orders):
            raise ValueError(f"position {index} does not follow the game "
                             f"({len(self._orders)} orders)")
        if self._told_from is None:
            self._told_from = index
        self._states.append(state)
        self._orders.append(order)
        self._redo.clear()
        self._redo_states.clear()

    def untell(self) -> tuple[Order, ...]:
        """Drop the told positions (back to the last state the rules made); the orders
        they held."""
        if self._told_from is None:
            return ()
        at, self._told_from = self._told_from, None
        dropped = tuple(self._orders[at:])
        del self._orders[at:]
        del self._states[at + 1:]
        self._redo.clear()
        self._redo_states.clear()
        return dropped

    def held(self) -> list[int]:
        """The places of the orders whose answers are still held: plotted in the step the
        game is in, hidden from the other side until it closes."""
        states = self._states
        now = self.state
        found: list[int] = []
        for index in range(len(self._orders) - 1, -1, -1):
            before = states[index]
            at = len(before.plotted)
            if (before.turn, before.phase) != (now.turn, now.phase) \
                    or now.plotted[:at] != before.plotted:
                break
            decision = self.ruleset.decision(before)
            if decision is not None and decision.plotted and len(now.plotted) > at \
                    and now.plotted[at] == self._orders[index]:
                found.append(index)
        return found[::-1]

    def side_of(self, index: int) -> str:
        """The side that gave the order at ``index``."""
        decision = self.ruleset.decision(self._states[index])
        return decision.side if decision is not None else ""

    def revealed(self, side: str | None = None) -> Game:
        """The game up to the first order still hidden from ``side`` (the other sides'
        held ones; None: every side's), and before any told position: what ``side`` may
        know of it (None: what anyone may)."""
        end = len(self._orders)
        for index in self.held():
            if side is None or self.side_of(index) != side:
                end = index
                break
        if self._told_from is not None:
            end = min(end, self._told_from)
        if end == len(self._orders):
            return self
        return Game.replaying(self.ruleset, self.setup, self._states[:end + 1],
                              self._orders[:end], end)

    def can_undo(self) -> bool:
        return bool(self._orders) and self._told_from is None

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> GameState:
        if not self.can_undo():
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
