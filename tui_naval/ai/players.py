"""Players by name, for the CLI and the new-game screen.

The registry is names and factories: a player's module is imported when one is
made, so checking or listing names (the CLI, a game starting) imports no AI.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui_naval.core.controller import Player


def _greedy() -> Player:
    from tui_naval.ai.greedy import GreedyPlayer

    return GreedyPlayer()


def _random() -> Player:
    from tui_naval.ai.random_player import RandomPlayer

    return RandomPlayer()


PLAYERS: dict[str, Callable[[], Player]] = {
    "greedy": _greedy,
    "random": _random,
}


class UnknownPlayer(LookupError):
    """No AI player of that name."""


def check_player(name: str) -> str:
    """The registry's name for ``name`` (any case); UnknownPlayer if there is no such AI."""
    key = name.lower()
    if key not in PLAYERS:
        raise UnknownPlayer(f"unknown player {name!r} (known: {', '.join(PLAYERS)})")
    return key


def make_player(name: str) -> Player:
    return PLAYERS[check_player(name)]()
