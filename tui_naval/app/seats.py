"""Who answers a side's decisions besides the AI: the player at this terminal, and the
other player of a duel, whose orders come over the network."""

from __future__ import annotations

import queue
from collections.abc import Callable

from tui_naval.app.scripts import ScriptEnded, ScriptError
from tui_naval.core.controller import Player
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.state import GameState


class HumanPlayer:
    """The player at the keyboard: the screen prompts for its decisions."""

    name = "human"
    interactive = True

    def choose(self, state: GameState, decision: Decision) -> Order:
        raise RuntimeError("a human's decisions are answered through the screen's prompt")


def is_interactive(player: Player) -> bool:
    """Whether a player is answered by the person at the keyboard."""
    return bool(getattr(player, "interactive", False))


class RemotePlayer:
    """The other side of a duel: its orders come in over the network, in the order the
    game asks for them (``deliver``), and ``choose`` waits for the next one.

    Like a search, it stops waiting when its worker is cancelled (``should_stop``, set by
    the screen that asks it); ``close`` ends every wait (the link has gone)."""

    name = "remote"
    #: Seconds between looks at ``should_stop`` while waiting.
    POLL = 0.1

    def __init__(self) -> None:
        self._orders: queue.Queue[str | None] = queue.Queue()
        self.should_stop: Callable[[], bool] = lambda: False

    def deliver(self, text: str) -> None:
        """The other side's next order, as text (any thread)."""
        self._orders.put(text)

    def close(self) -> None:
        """No more orders will come."""
        self._orders.put(None)

    def choose(self, state: GameState, decision: Decision) -> Order:
        """The other side's next order (ScriptEnded if the wait was stopped or closed;
        ScriptError if it is not an option of ``decision``)."""
        stop = self.should_stop  # this wait's own (a later wait is handed another)
        while True:
            if stop():
                raise ScriptEnded("the wait for the other side was stopped")
            try:
                text = self._orders.get(timeout=self.POLL)
            except queue.Empty:
                continue
            if text is None:
                self._orders.put(None)  # every later wait ends too
                raise ScriptEnded("the other side's orders stopped coming")
            try:
                return decision.find(text)
            except IllegalOrder as exc:
                raise ScriptError(f"the other side's order does not fit: {exc}") from None
