"""AI-against-AI series: ``tui-naval simulate``.

Players alternate sides from game to game, so neither gains from always
sailing first or from the map's starting places.
"""

from __future__ import annotations

import json
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from tui_naval.ai.players import make_player
from tui_naval.core.controller import Player, play
from tui_naval.core.history import Game
from tui_naval.core.values import frozen

GameFactory = Callable[[int], Game]


@frozen
class SeriesResult:
    """The outcome of a series of games."""

    games: int
    wins: dict[str, int]
    draws: int
    unfinished: int
    mean_turns: float
    #: Wins by side (whoever played it): how fair the map is.
    side_wins: dict[str, int]

    def as_json(self) -> str:
        return json.dumps({"games": self.games, "wins": self.wins, "draws": self.draws,
                           "unfinished": self.unfinished, "side_wins": self.side_wins,
                           "mean_turns": round(self.mean_turns, 2)}, sort_keys=True)

    def lines(self) -> list[str]:
        out = [f"games: {self.games}"]
        for name, wins in self.wins.items():
            out.append(f"  {name:<10} {wins:>5} wins ({100 * wins / max(1, self.games):.1f}%)")
        out.append(f"  {'draws':<10} {self.draws:>5}")
        out.append("by side: " + ", ".join(f"{side} {wins} wins"
                                           for side, wins in self.side_wins.items()))
        if self.unfinished:
            out.append(f"  {'unfinished':<10} {self.unfinished:>5}")
        out.append(f"mean turns: {self.mean_turns:.1f}")
        return out


def progress_bar(done: int, total: int, width: int = 30) -> str:
    filled = width * done // max(1, total)
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"


def simulate(make_game: GameFactory, player_names: Sequence[str], games: int, seed: int,
             progress: TextIO | None = None) -> SeriesResult:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``...), names rotating over the sides.

    Wins are counted per player name; two players of the same name share a tally
    under "name#1", "name#2" so a mirror match still tells who won.
    """
    labels = _labels(player_names)
    wins = dict.fromkeys(labels, 0)
    side_wins: dict[str, int] = {}
    draws = unfinished = 0
    turns: list[int] = []
    for n in range(games):
        game = make_game(seed + n)
        sides = game.state.sides
        for side in sides:
            side_wins.setdefault(side, 0)
        seats = {side: (i + n) % len(labels) for i, side in enumerate(sides)}
        players: dict[str, Player] = {side: make_player(player_names[seat], game.ruleset)
                                      for side, seat in seats.items()}
        state = play(game, players)
        turns.append(state.turn)
        if state.outcome is None:
            unfinished += 1
        elif state.outcome.winner is None:
            draws += 1
        else:
            wins[labels[seats[state.outcome.winner]]] += 1
            side_wins[state.outcome.winner] += 1
        if progress is not None:
            progress.write("\r" + progress_bar(n + 1, games))
            progress.flush()
    if progress is not None:
        progress.write("\n")
    return SeriesResult(games, wins, draws, unfinished,
                        statistics.mean(turns) if turns else 0.0, side_wins)


def _labels(names: Sequence[str]) -> list[str]:
    if len(set(names)) == len(names):
        return list(names)
    return [f"{name}#{i + 1}" for i, name in enumerate(names)]


def default_progress() -> TextIO | None:
    """A progress bar on stderr when it is a terminal."""
    return sys.stderr if sys.stderr.isatty() else None
