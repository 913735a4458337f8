"""Strength benchmark: player A against player B on every ruleset, sides swapped every game.

Run: python bench/strength.py [--a search] [--b greedy] [--games N] [--ruleset NAME]
                              [--map NAME] [--seed S] [--turns T] [--workers W] [--json]
                              [--progress]

For each ruleset in the registry (each on its default map, or ``--ruleset``/``--map``),
N games are played from seeds S, S+1...; A takes the first side in even games and the
second in odd ones (the seats rotate the same way with three sides or more).  It prints
A's wins, draws and losses, then each player's time per decision (p50, p95 and max, in
milliseconds; the time counts every answer, forced ones included, as a game waits for
it).  ``--turns`` stops a game after T turns (counted unfinished).  Games run in W worker
processes, so the times are measured with the machine busy: by default one per core, or
one per two cores where a player's search has a helper process (``workers=2``, the
levels'), so that every search has the two cores it would have in a player's game.
``--progress`` prints each game's result and the running tally on stderr as the games
end, in seed order (a game is shown once those before it are): a long series shows how
it goes, and a series cut short still leaves its games' results; the table on stdout is
the same.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from attrs import frozen

from tui_naval.ai.players import check_player, make_player
from tui_naval.app.setup import new_game
from tui_naval.core.controller import Player, play
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState
from tui_naval.rulesets import find_entry, find_ruleset, registry


class TimedPlayer:
    """A player that notes how long each answer takes."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []

    def choose(self, state: GameState, decision: Decision) -> Order:
        started = time.perf_counter()
        order = self.inner.choose(state, decision)
        self.times.append(time.perf_counter() - started)
        return order


@frozen
class GameResult:
    """One game: who won ("a", "b", "draw" or "unfinished"), its turns, each seat's times."""

    result: str
    turns: int
    a_times: tuple[float, ...]
    b_times: tuple[float, ...]


def make(name: str, ruleset: Ruleset[Any]) -> Player:
    """A player of ``ruleset``'s games by name; ``search(key=value,...)`` is a search player
    with those settings (``SearchSettings``' fields: numbers, words or None), for trying
    settings out."""
    if not name.startswith("search("):
        return make_player(name, ruleset)
    from attrs import evolve

    from tui_naval.ai.search import SearchPlayer
    from tui_naval.ai.search_levels import LEVEL_SETTINGS

    words = dict(part.split("=", 1) for part in name[7:-1].split(",") if part)
    base = LEVEL_SETTINGS[words.pop("level", "normal")]
    fields: dict[str, Any] = {key: _value(value) for key, value in words.items()}
    return SearchPlayer(ruleset, evolve(base, **fields), name=name)


def _value(text: str) -> Any:
    """A setting's value from its text: None, a word, or a number."""
    if text == "None":
        return None
    if text.isalpha():
        return text
    return float(text) if "." in text else int(text)


def cores(name: str, ruleset: Ruleset[Any]) -> int:
    """Processes a player's every answer uses (a search's helper counts), in ``ruleset``'s
    games."""
    settings = getattr(make(name, ruleset), "settings", None)
    return int(getattr(settings, "workers", 1))


def check(name: str) -> str:
    return name if name.startswith("search(") else check_player(name)


def play_one(ruleset: str, map_name: str | None, seed: int, index: int, a: str, b: str,
             turns: int | None) -> GameResult:
    """Game ``index`` of a series: A sits at seat ``index % sides``, B at the others."""
    game = new_game(ruleset, map_name, seed, None)
    sides = game.state.sides
    a_side = sides[index % len(sides)]
    timed = {side: TimedPlayer(make(a if side == a_side else b, game.ruleset)) for side in sides}
    state = play(game, dict(timed), turns=turns)
    a_times = tuple(t for side, p in timed.items() if side == a_side for t in p.times)
    b_times = tuple(t for side, p in timed.items() if side != a_side for t in p.times)
    return GameResult(result(state, a_side), state.turn, a_times, b_times)


def result(state: GameState, a_side: str) -> str:
    """How a game ended for player A at ``a_side``: "a", "b", "draw" or "unfinished"."""
    if state.outcome is None:
        return "unfinished"
    if state.outcome.winner is None:
        return "draw"
    return "a" if state.outcome.winner == a_side else "b"


def _play(args: tuple[str, str | None, int, int, str, str, int | None]) -> GameResult:
    return play_one(*args)


def percentiles(times: Sequence[float]) -> tuple[float, float, float]:
    """(p50, p95, max) of ``times`` in milliseconds."""
    if not times:
        return (0.0, 0.0, 0.0)
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (1000 * statistics.median(ordered), 1000 * p95, 1000 * ordered[-1])


def series(ruleset: str, map_name: str | None, a: str, b: str, games: int, seed: int,
           turns: int | None, pool: ProcessPoolExecutor | None,
           progress: bool = False) -> dict[str, Any]:
    """Play a series and tally it (with ``progress``, each game's result and the running
    tally on stderr as the games end, in seed order)."""
    tasks = [(ruleset, map_name, seed + n, n, a, b, turns) for n in range(games)]
    results: list[GameResult] = []
    for n, game in enumerate(pool.map(_play, tasks) if pool is not None
                             else map(_play, tasks)):
        results.append(game)
        if progress:
            won = [sum(r.result == key for r in results) for key in ("a", "draw", "b")]
            print(f"{ruleset} game {n + 1}/{games} seed {seed + n}: {game.result}, "
                  f"{game.turns} turns; A-draw-B {won[0]}-{won[1]}-{won[2]}",
                  file=sys.stderr, flush=True)
    tally = {key: sum(r.result == key for r in results)
             for key in ("a", "b", "draw", "unfinished")}
    a_times = [t for r in results for t in r.a_times]
    b_times = [t for r in results for t in r.b_times]
    return {"ruleset": ruleset, "map": map_name or find_map(ruleset), "games": games,
            "a": a, "b": b, "a_wins": tally["a"], "b_wins": tally["b"], "draws": tally["draw"],
            "unfinished": tally["unfinished"],
            "mean_turns": round(statistics.mean(r.turns for r in results), 1) if results else 0,
            "a_ms": [round(x, 1) for x in percentiles(a_times)],
            "b_ms": [round(x, 1) for x in percentiles(b_times)]}


def find_map(ruleset: str) -> str:
    return find_entry(ruleset).default_map


def line(row: dict[str, Any]) -> str:
    games = max(1, row["games"])
    a_ms, b_ms = row["a_ms"], row["b_ms"]
    return (f"{row['ruleset']:<16} {row['map']:<16} {row['games']:>4}  "
            f"{row['a_wins']:>4} {row['draws']:>4} {row['b_wins']:>4} {row['unfinished']:>4}  "
            f"{100 * row['a_wins'] / games:>5.1f}%  {row['mean_turns']:>5}  "
            f"{a_ms[0]:>7.1f} {a_ms[1]:>7.1f} {a_ms[2]:>7.1f}  "
            f"{b_ms[0]:>6.1f} {b_ms[1]:>6.1f} {b_ms[2]:>6.1f}")


HEADER = (f"{'ruleset':<16} {'map':<16} {'games':>4}  {'A':>4} {'draw':>4} {'B':>4} "
          f"{'unf':>4}  {'A won':>6}  {'turns':>5}  "
          f"{'A p50':>7} {'A p95':>7} {'A max':>7}  {'B p50':>6} {'B p95':>6} {'B max':>6}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="search", help="player A (default: search)")
    parser.add_argument("--b", default="greedy", help="player B (default: greedy)")
    parser.add_argument("--games", type=int, default=20, help="games per ruleset")
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    parser.add_argument("--map", help="this map instead of the ruleset's default")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game")
    parser.add_argument("--turns", type=int, help="stop each game after T turns")
    parser.add_argument("--workers", type=int,
                        help="games at once (default: one per core a game's players use)")
    parser.add_argument("--json", action="store_true", help="one JSON object per ruleset")
    parser.add_argument("--progress", action="store_true",
                        help="each game's result and the running tally on stderr")
    args = parser.parse_args(argv)
    a, b = check(args.a), check(args.b)
    names = [find_entry(n).id for n in args.ruleset] if args.ruleset else \
        [info.id for info in registry()]
    if not args.json:
        print(f"A = {a}, B = {b}; times in ms per decision")
        print(HEADER)
    first = find_ruleset(names[0])
    workers = args.workers or max(1, (os.cpu_count() or 1) // max(cores(a, first),
                                                                  cores(b, first)))
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        for name in names:
            row = series(name, args.map, a, b, args.games, args.seed, args.turns, pool,
                         args.progress)
            print(json.dumps(row, sort_keys=True) if args.json else line(row), flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
