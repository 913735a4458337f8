"""Headless engine benchmark: races per second, and memory per undo step.

Run: python bench/headless.py [--races N] [--orders N]

(a) Greedy-vs-greedy two-ship races on the default map, played to the end in
    this one process (one core), reported as complete races per second.
(b) Memory per undo step: a game of --orders orders keeps every state for
    undo; the bytes reachable from the states but not from the first state are
    divided by the number of steps.  Targets: >= 20 races/s, <= 4 KB per step.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from typing import Any

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.random_player import RandomPlayer
from tui_naval.app.setup import DEFAULT_MAP, new_game
from tui_naval.core.controller import Player, play, step
from tui_naval.core.maps import MapError


def races_per_second(races: int, map_name: str) -> tuple[float, float, float, int]:
    """(races per wall second, per CPU second, mean turns, finished) for greedy vs greedy."""
    turns = []
    finished = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for seed in range(races):
        game = new_game("salt-n-tar", map_name, seed, None)
        players: dict[str, Player] = {side: GreedyPlayer(game.ruleset)
                                      for side in game.state.sides}
        state = play(game, players)
        turns.append(state.turn)
        finished += state.outcome is not None
    elapsed = time.perf_counter() - start
    cpu_elapsed = time.process_time() - cpu
    return races / elapsed, races / cpu_elapsed, statistics.mean(turns), finished


def reachable(roots: list[Any]) -> dict[int, int]:
    """Sizes of every object reachable from ``roots`` (by id)."""
    seen: dict[int, int] = {}
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return seen


def bytes_per_step(orders: int, map_name: str) -> tuple[float, int]:
    """Bytes per undo step over a game of up to ``orders`` orders."""
    game = new_game("salt-n-tar", map_name, 11, None)
    players: dict[str, Player] = {side: RandomPlayer() if i else GreedyPlayer(game.ruleset)
                                  for i, side in enumerate(game.state.sides)}
    while len(game.orders) < orders and step(game, players):
        pass
    states = list(game.states())
    base = reachable([states[0]])
    everything = reachable(states)
    extra = sum(size for oid, size in everything.items() if oid not in base)
    # The list holding the states is the undo stack's own cost; count it too.
    extra += sys.getsizeof(states)
    steps = max(1, len(states) - 1)
    return extra / steps, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=100)
    parser.add_argument("--orders", type=int, default=500)
    parser.add_argument("--map", default=DEFAULT_MAP)
    parser.add_argument("--memory-map", default="grand-regatta",
                        help="map for the undo-memory game (many ships: long games)")
    args = parser.parse_args()
    # Warm up: the AI's distance fields for the map are computed once per map.
    races_per_second(2, args.map)
    rate, cpu_rate, turns, finished = races_per_second(args.races, args.map)
    print(f"races: {args.races} greedy-vs-greedy on {args.map}: {rate:.1f} races/s wall, "
          f"{cpu_rate:.1f} per CPU second (mean {turns:.1f} turns, {finished} finished)  "
          f"target >= 20 on one core")
    try:
        per_step, steps = bytes_per_step(args.orders, args.memory_map)
        where = args.memory_map
    except MapError:  # the big map may be absent
        per_step, steps = bytes_per_step(args.orders, args.map)
        where = args.map
    print(f"undo memory: {per_step / 1024:.2f} KB per step over {steps} orders on {where}  "
          f"target <= 4 KB")


if __name__ == "__main__":
    main()
