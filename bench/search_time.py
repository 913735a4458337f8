"""Search answer times: how long each level takes per decision, on every ruleset.

Run: python bench/search_time.py [--level normal|hard ...] [--decisions N] [--seed S]
                                 [--ruleset NAME]

For each level and ruleset (its default map), the level plays one side against greedy
from the first decision until it has answered N real choices (forced ones are not
asked), over as many games (seeds S, S+1...) as that takes; it prints the answer times'
p50, p95 and max in milliseconds and the iterations per answer (median).  Normal is meant
to answer within 300 ms at the 95th percentile and hard within 2 s.  One process: run
it on a quiet machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.players import LEVELS, make_player
from tui_naval.ai.search import SearchPlayer
from tui_naval.cli import new_game
from tui_naval.rulesets import find_entry, registry


def measure(ruleset: str, level: str, decisions: int, seed: int) -> tuple[list[float], list[int]]:
    """(answer times, iterations) of ``decisions`` answers of ``level`` against greedy."""
    times: list[float] = []
    iterations: list[int] = []
    greedy = GreedyPlayer()
    while len(times) < decisions:
        game = new_game(ruleset, None, seed, None)
        player = make_player(LEVELS[level])
        searcher = game.state.sides[seed % len(game.state.sides)]
        seed += 1
        while len(times) < decisions and (decision := game.decision()) is not None:
            seen = game.ruleset.observe(game.state, decision.side)
            if decision.side == searcher:
                started = time.perf_counter()
                order = player.choose(seen, decision)
                times.append(time.perf_counter() - started)
                if isinstance(player, SearchPlayer) and player.last is not None:
                    iterations.append(player.last.iterations)
            else:
                order = greedy.choose(seen, decision)
            game.play(order)
    return times, iterations


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", action="append", choices=sorted(LEVELS))
    parser.add_argument("--decisions", type=int, default=40, help="answers per ruleset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    args = parser.parse_args(argv)
    names = [find_entry(n).id for n in args.ruleset] if args.ruleset else \
        [info.id for info in registry()]
    print(f"{'level':<7} {'ruleset':<16} {'answers':>7} {'p50 ms':>8} {'p95 ms':>8} "
          f"{'max ms':>8} {'iterations':>10}")
    for level in args.level or ["normal", "hard"]:
        for name in names:
            times, iterations = measure(name, level, args.decisions, args.seed)
            ordered = sorted(times)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            its = statistics.median(iterations) if iterations else 0
            p50 = statistics.median(ordered)
            print(f"{level:<7} {name:<16} {len(times):>7} {1000 * p50:>8.1f} "
                  f"{1000 * p95:>8.1f} {1000 * ordered[-1]:>8.1f} {its:>10}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
