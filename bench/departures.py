"""Departures: how often a search level leaves the advisor's answer, kind by kind.

Run: python bench/departures.py [--ruleset NAME] [--level normal|hard] [--answers N]
                                [--seed S] [--rollouts K] [--show]

The level plays one side against greedy on the ruleset's default map (seeds S, S+1...,
its side alternating with the seed) until it has answered N real choices (forced ones
are not asked).  Each of its answers is compared with the greedy advisor's answer to the
same observed state.  For each kind of decision it prints how many were asked, how many
times the search left greedy's answer, and the rollouts an answer got (mean).  A search
that never leaves greedy's answer can win no more than greedy does: this tells whether a
shortfall against greedy is one of budget (too few rollouts for a rival to be sampled
``min_samples`` times) or of judgement.  ``--rollouts K`` holds each answer to K
rollouts, untimed (the same answers on any machine); ``--show`` prints each departure
with the search's best three options (visits, mean value).  One process: run it on a
quiet machine, as the time limit decides how many rollouts an answer gets.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence

from search_time import against_greedy

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.players import LEVELS
from tui_naval.ai.search import SearchPlayer
from tui_naval.core.controller import Player
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState
from tui_naval.rulesets import UnknownRuleset, find_entry, find_ruleset


def count(ruleset: str, level: str, answers: int, seed: int, rollouts: int | None,
          show: bool) -> tuple[Counter[str], Counter[str], Counter[str], int]:
    """(asked, left greedy, rollouts) per kind, and the games begun."""
    asked: Counter[str] = Counter()
    left: Counter[str] = Counter()
    rolled: Counter[str] = Counter()
    greedy = GreedyPlayer(find_ruleset(ruleset))

    def compared(player: Player, seen: GameState, decision: Decision) -> Order:
        chosen = player.choose(seen, decision)
        order = greedy.choose(seen, decision)
        last = player.last if isinstance(player, SearchPlayer) else None
        asked[decision.kind] += 1
        rolled[decision.kind] += last.iterations if last is not None else 0
        if chosen != order:
            left[decision.kind] += 1
            if show and last is not None:
                best = ", ".join(f"{o.order.arg or o.order.verb} {o.visits} {o.value:+.3f}"
                                 for o in last.best(3))
                print(f"  turn {seen.turn} {decision.kind} {decision.ship}: greedy "
                      f"{order.arg or order.verb}, search {chosen.arg or chosen.verb} "
                      f"({best})", flush=True)
        return chosen

    games = against_greedy(ruleset, level, answers, seed, rollouts, compared)
    return asked, left, rolled, games


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="salamis")
    parser.add_argument("--level", default="normal", choices=sorted(LEVELS))
    parser.add_argument("--answers", type=int, default=200, help="the search's answers")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--rollouts", type=int,
                        help="K rollouts an answer, untimed")
    parser.add_argument("--show", action="store_true", help="print each departure")
    args = parser.parse_args(argv)
    try:
        name = find_entry(args.ruleset).id
    except UnknownRuleset as error:
        print(f"departures: {error}", file=sys.stderr)
        return 2
    asked, left, rolled, games = count(name, args.level, args.answers, args.seed,
                                       args.rollouts, args.show)
    print(f"{name}, {args.level} against greedy, seeds {args.seed}-"
          f"{args.seed + games - 1} ({games} games)")
    print(f"{'kind':<12} {'asked':>6} {'left greedy':>12} {'rollouts an answer':>19}")
    for kind in asked:
        print(f"{kind:<12} {asked[kind]:>6} {left[kind]:>12} "
              f"{rolled[kind] / asked[kind]:>19.1f}")
    total = sum(asked.values())
    print(f"{'all':<12} {total:>6} {sum(left.values()):>12} "
          f"{sum(rolled.values()) / max(1, total):>19.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
