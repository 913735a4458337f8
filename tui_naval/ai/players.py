"""Players by name, for the CLI and the new-game screen."""

from __future__ import annotations

from collections.abc import Callable

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.random_player import RandomPlayer
from tui_naval.core.controller import Player

PLAYERS: dict[str, Callable[[], Player]] = {
    "greedy": GreedyPlayer,
    "random": RandomPlayer,
}


class UnknownPlayer(LookupError):
    """No AI player of that name."""


def make_player(name: str) -> Player:
    try:
        return PLAYERS[name.lower()]()
    except KeyError:
        raise UnknownPlayer(f"unknown player {name!r} (known: {', '.join(PLAYERS)})") from None
