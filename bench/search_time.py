"""Search answer times: how long each level takes per decision, on every ruleset.

Run: python bench/search_time.py [--level normal|hard ...] [--decisions N] [--seed S]
                                 [--ruleset NAME]

For each level and ruleset (its default map), the level plays one side against greedy
from the first decision until it has answered N real choices (forced ones are not
asked), over as many games (seeds S, S+1...) as that takes; it prints the answer times'
p50, p95 and max in milliseconds, the iterations per answer (median), and "over ms", how
far the slowest answer ran past the level's time limit (its last rollout cut short, its
helper's share waited for at most ``HELPER_MARGIN``: 15-25 ms at normal on Kyngesreach and
Salt'n'Tar, 8 answers each, on the shared 2-core machine while busy; the tests count the
search's clock readings instead, ``tests/unit/test_search_helper.py``).  Normal is meant
to answer within 300 ms at the 95th percentile and hard within 2 s.  The levels use
both cores (a search and its helper process): run it on a quiet machine.

``--rollouts N`` gives each answer N rollouts and no time limit instead: the same
seeds then ask the same decisions and get the same answers on any tree that plays the
same orders, so its figures (and "ms per rollout", the answers' time over their
rollouts) compare two trees' speed with the game held fixed, where the time-limited
iterations a median answer gets move with the games' paths as well as the speed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from attrs import evolve

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.players import LEVELS, make_player
from tui_naval.ai.search import SearchPlayer
from tui_naval.ai.search_levels import LEVEL_SETTINGS
from tui_naval.app.setup import new_game
from tui_naval.core.controller import Player
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState
from tui_naval.rulesets import find_entry, registry


def searcher_of(ruleset: Ruleset[Any], level: str, rollouts: int | None) -> Player:
    """The level's player of ``ruleset``'s games, or its search held to ``rollouts`` an
    answer, untimed."""
    if rollouts is None:
        return make_player(LEVELS[level], ruleset)
    settings = evolve(LEVEL_SETTINGS[level], iterations=rollouts, seconds=None)
    return SearchPlayer(ruleset, settings, name=f"search({level}, {rollouts} rollouts)")


def against_greedy(ruleset: str, level: str, answers: int, seed: int,
                   rollouts: int | None,
                   answer: Callable[[Player, GameState, Decision], Order]) -> int:
    """Play ``level`` against greedy from seed ``seed`` on (its side alternating with the
    seed, a new game when one ends) until ``answer(player, seen, decision)`` has given
    ``answers`` of its orders; the games begun."""
    given = games = 0
    while given < answers:
        game = new_game(ruleset, None, seed + games, None)
        greedy = GreedyPlayer(game.ruleset)
        player = searcher_of(game.ruleset, level, rollouts)
        searcher = game.state.sides[(seed + games) % len(game.state.sides)]
        games += 1
        while given < answers and (decision := game.decision()) is not None:
            seen = game.ruleset.observe(game.state, decision.side)
            if decision.side == searcher:
                order = answer(player, seen, decision)
                given += 1
            else:
                order = greedy.choose(seen, decision)
            game.play(order)
    return games


def measure(ruleset: str, level: str, decisions: int, seed: int,
            rollouts: int | None = None) -> tuple[list[float], list[int]]:
    """(answer times, iterations) of ``decisions`` answers of ``level`` against greedy."""
    times: list[float] = []
    iterations: list[int] = []

    def timed(player: Player, seen: GameState, decision: Decision) -> Order:
        started = time.perf_counter()
        order = player.choose(seen, decision)
        times.append(time.perf_counter() - started)
        if isinstance(player, SearchPlayer) and player.last is not None:
            iterations.append(player.last.iterations)
        return order

    against_greedy(ruleset, level, decisions, seed, rollouts, timed)
    return times, iterations


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", action="append", choices=sorted(LEVELS))
    parser.add_argument("--decisions", type=int, default=40, help="answers per ruleset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    parser.add_argument("--rollouts", type=int,
                        help="N rollouts an answer, untimed (compares two trees' speed)")
    args = parser.parse_args(argv)
    names = [find_entry(n).id for n in args.ruleset] if args.ruleset else \
        [info.id for info in registry()]
    print(f"{'level':<7} {'ruleset':<16} {'answers':>7} {'p50 ms':>8} {'p95 ms':>8} "
          f"{'max ms':>8} {'iterations':>10}"
          + ("  ms per rollout" if args.rollouts else f" {'over ms':>8}"))
    for level in args.level or ["normal", "hard"]:
        for name in names:
            times, iterations = measure(name, level, args.decisions, args.seed,
                                        args.rollouts)
            ordered = sorted(times)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            its = statistics.median(iterations) if iterations else 0
            p50 = statistics.median(ordered)
            limit = LEVEL_SETTINGS[level].seconds
            over = "-" if limit is None else f"{1000 * max(0.0, ordered[-1] - limit):.1f}"
            print(f"{level:<7} {name:<16} {len(times):>7} {1000 * p50:>8.1f} "
                  f"{1000 * p95:>8.1f} {1000 * ordered[-1]:>8.1f} {its:>10}"
                  + (f"  {1000 * sum(times) / max(1, sum(iterations)):>15.2f}"
                     if args.rollouts else f" {over:>8}"), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
