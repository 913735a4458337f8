"""Voyage balance: voyages sailed by the AI (a plain captain between legs, the named AI in
the legs against the greedy admiral), the legs survived and the scores.

The issue's target: the greedy player survives the first three legs in most voyages and
finishes (wins the final action) in fewer than a quarter.

    python bench/voyage.py [--ruleset R] [--voyages N] [--player greedy] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tui_naval.ai.players import make_player
from tui_naval.core.mapgen import profile
from tui_naval.rulesets import find_entry, load, registry
from tui_naval.voyage.chart import COLUMNS
from tui_naval.voyage.run import sail
from tui_naval.voyage.voyage import begin


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", help="ruleset (default: every one)")
    parser.add_argument("--voyages", type=int, default=40)
    parser.add_argument("--player", default="greedy", help="the AI sailing the voyage's legs")
    parser.add_argument("--seed", type=int, default=1, help="the first voyage's seed")
    args = parser.parse_args()
    names = args.ruleset or [info.id for info in registry()]
    print(f"{'ruleset':<16} {'voyages':>7} {'3+ legs':>8} {'won':>6} {'legs mean':>9} "
          f"{'score median':>12} {'s/voyage':>8}  legs survived (0..{COLUMNS - 1})")
    for name in names:
        ruleset = load(find_entry(name))
        sides = profile(ruleset).sides
        legs: list[int] = []
        scores: list[int] = []
        won = 0
        start = time.perf_counter()
        for seed in range(args.seed, args.seed + args.voyages):
            players = {sides[0]: make_player(args.player, ruleset),
                       sides[1]: make_player("greedy", ruleset)}
            voyage = sail(ruleset, begin(ruleset, seed), players)
            legs.append(voyage.sailed)
            scores.append(voyage.score)
            won += voyage.won
        took = (time.perf_counter() - start) / args.voyages
        n = args.voyages
        three = sum(1 for x in legs if x >= 3)
        spread = Counter(legs)
        hist = " ".join(f"{k}:{spread[k]}" for k in range(COLUMNS))
        print(f"{ruleset.name:<16} {n:>7} {three / n:>8.0%} {won / n:>6.0%} "
              f"{statistics.mean(legs):>9.1f} {statistics.median(scores):>12.0f} "
              f"{took:>8.2f}  {hist}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
