"""Runs a game: asks the side to act for each decision and applies its answer.

Human and AI players answer the same ``Decision`` objects through the ``Player``
protocol; the TUI, the AI and a demo script are all players.  A player is only
ever handed the state as its side may know it (``Ruleset.observe``: the other
side's plotted orders hidden).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Protocol

from tui_naval.core.history import Game
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import Event, GameState


class Player(Protocol):
    """Anything that answers decisions."""

    name: str

    def choose(self, state: GameState, decision: Decision) -> Order:
        """One of ``decision.options``."""
        ...


EventSink = Callable[[Iterable[Event]], None]


def step(game: Game, players: Mapping[str, Player]) -> bool:
    """Answer the next decision; False once the game is over."""
    decision = game.decision()
    if decision is None:
        return False
    seen = game.ruleset.observe(game.state, decision.side)
    order = players[decision.side].choose(seen, decision)
    game.play(order)
    return True


def play(game: Game, players: Mapping[str, Player], turns: int | None = None,
         on_events: EventSink | None = None) -> GameState:
    """Play until the game ends or ``turns`` more turns have begun; returns the last state."""
    stop_at = game.state.turn + turns if turns is not None else None
    while stop_at is None or game.state.turn < stop_at:
        if not step(game, players):
            break
        if on_events:
            on_events(game.state.events)
    return game.state
