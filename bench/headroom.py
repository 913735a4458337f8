"""Headroom: how much each kind of decision is worth against the greedy advisor.

Run: python bench/headroom.py [--ruleset R] [--games 1000] [--seed S] [--workers W]

For each ruleset (or ``--ruleset``, repeatable) on its default map, the kinds of decision
a greedy game asks are listed; then, for each kind, greedy *with that kind answered at
random* plays N games against greedy, sides swapped every game, the same seeds for every
row.  The row "(none)" is greedy against greedy on those seeds (the seats' dice alone).

What it tells: a kind whose coin-tossed answers cost greedy few points is one where
the options differ little in what they win, so no player, a search included, gains
much over greedy there; a kind whose coin toss costs much is one where the right answer
matters, and a search can only gain if greedy's answer there is not already the right
one.  Issue 15 asks why the search falls short of 70% against greedy in a ruleset: this
is where its decisions leave room to gain at all.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from tui_naval.app.setup import new_game
from tui_naval.core.controller import play
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState
from tui_naval.rulesets import find_entry, find_ruleset, registry

NONE = "(none)"


class Ablated:
    """The ruleset's advisor, but decisions of one kind answered uniformly at random."""

    def __init__(self, ruleset: str, kind: str, seed: int) -> None:
        self.name = f"greedy-{kind}"
        self.advisor = find_ruleset(ruleset).advisor
        self.kind = kind
        self.rng = random.Random(seed)

    def choose(self, state: GameState, decision: Decision) -> Order:
        if decision.kind == self.kind:
            return self.rng.choice(decision.options)
        return self.advisor(state, decision)


def play_one(job: tuple[str, str, int, int]) -> str:
    """One game of greedy-without-``kind`` (seat ``index % 2``) against greedy: "a", "b"
    or "draw"."""
    ruleset, kind, seed, index = job
    game = new_game(ruleset, None, seed, None)
    sides = game.state.sides
    a_side = sides[index % len(sides)]
    players = {side: Ablated(ruleset, kind if side == a_side else NONE, seed)
               for side in sides}
    state = play(game, dict(players))
    if state.outcome is None or state.outcome.winner is None:
        return "draw"
    return "a" if state.outcome.winner == a_side else "b"


def kinds_of(ruleset: str, seed: int, games: int = 3) -> list[str]:
    """The kinds of decision (with more than one option) greedy games of ``ruleset`` ask."""
    found: dict[str, int] = {}
    rules = find_ruleset(ruleset)
    for n in range(games):
        state = new_game(ruleset, None, seed + n, None).state
        while (decision := rules.decision(state)) is not None:
            if len(decision.options) > 1:
                found[decision.kind] = found.get(decision.kind, 0) + 1
            state = rules.apply(state, rules.advisor(state, decision), loud=False)
    return sorted(found, key=lambda kind: -found[kind])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    parser.add_argument("--games", type=int, default=1000, help="games per row")
    parser.add_argument("--seed", type=int, default=5000, help="seed of the first game")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    names = [find_entry(n).id for n in args.ruleset] if args.ruleset else \
        [info.id for info in registry()]
    print("greedy with one kind of decision answered at random, against greedy; "
          "sides swapped every game")
    print(f"{'ruleset':<16} {'kind coin-tossed':<18} {'games':>5}  {'won':>5} {'drawn':>5} "
          f"{'lost':>5}  {'share':>6}")
    with ProcessPoolExecutor(args.workers) as pool:
        for name in names:
            for kind in [NONE, *kinds_of(name, args.seed)]:
                jobs = [(name, kind, args.seed + n, n) for n in range(args.games)]
                results = list(pool.map(play_one, jobs, chunksize=8))
                won, lost = results.count("a"), results.count("b")
                drawn = len(results) - won - lost
                print(f"{name:<16} {kind:<18} {args.games:>5}  {won:>5} {drawn:>5} {lost:>5}  "
                      f"{100 * won / max(1, args.games):>5.1f}%", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
