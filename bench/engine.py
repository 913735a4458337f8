"""Rules-engine benchmark: orders applied per second on each ruleset's two-ship duel.

Run: python bench/engine.py [--seconds S] [--ruleset NAME] [--steps]

For each ruleset, games on its two-ship map are played from their first state
to the end, each decision answered by a fixed cheap choice (the option at a
position drawn from the game's seed, so no player's thinking is counted), and
the figure is decisions asked and orders applied per CPU second, set-up left
out.  This is the loop a search runs, so both ``decision`` and ``apply`` are in it.
"Loud" transitions keep their events (the log text); "quiet" ones (a search's)
keep none and format none.

Figures in orders per second (best of three 3-second runs on a shared 2-core
machine whose speed drifts 10-20% from run to run):

  ruleset          pre-engine loud   engine quiet   now quiet    now loud   quiet/pre
  salt-n-tar            12,400           15,900       17,900      18,100      1.4x
  kyngesreach            2,300           10,400       13,800      12,300      6.0x
  ships-and-sails        5,900           17,200       18,900      18,200      3.2x
  salt-and-shot          5,900            8,800       10,600       9,900      1.8x
  salt-and-sails             -           12,600       13,000      13,000
  mow-and-shot               -            9,100       11,000       9,900
  mow-and-sails              -           12,600       13,000      11,900

"Pre-engine" is the same loop on commit 716e373 (loud: it had no quiet apply),
"engine" the phase engine before the quiet-path work of issue 10 item 5.  The
engine issue asked for quiet at 5x the pre-engine rate: Kyngesreach meets it; the
others do not.  Their pre-engine loops were already cheap (no phase engine, no
systems), and what an order costs now is spread thin: copies of frozen states,
ships and sails (six to nine an order, about a third of the time), the engine's
bookkeeping (about 7 us an order on a step that does nothing), the legal orders
listed at every decision, the judge after every step, and the steps themselves.
A quiet transition formats no log text; decisions and order lists that come back
turn after turn, layouts and modifiers are made once; a step copies only what it
changes.  Going further would take another state model (mutable working copies,
or fewer and flatter records), which saves and the rest of the game rely on.
``--steps`` shows where an order's time goes: each step of the ruleset's turn
(its ``ask``, ``answer``, ``close`` or ``run``) and the judging, in microseconds
per order, the rest being the engine's own bookkeeping.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from attrs import evolve

from tui_naval.cli import new_game
from tui_naval.core import engine
from tui_naval.core.ruleset import Ruleset, RulesetBase

#: Each ruleset's two-ship duel (Salt'n'Tar's is a two-ship race), or its smallest map.
DUELS = {
    "salt-n-tar": "channel-race",
    "kyngesreach": "kr-duel",
    "ships-and-sails": "ss-duel",
    "salt-and-shot": "sas-duel",
    "salt-and-sails": "sails-duel",
    # Man-O-War has no two-ship map: its crossing, three ships a side, is the smallest.
    "mow-and-shot": "mow-crossing",
    "mow-and-sails": "mow-crossing",
    "salamis": "salamis-duel",
}


def rate(ruleset_name: str, map_name: str, seconds: float, loud: bool) -> tuple[float, int]:
    """(orders per CPU second, games played) over about ``seconds`` of play."""
    orders = games = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        seed += 1
        game = new_game(ruleset_name, map_name, seed, None)
        ruleset: Ruleset[Any] = game.ruleset
        state = game.state
        picks = random.Random(seed)
        choice = [picks.randrange(1 << 16) for _ in range(4096)]
        start = time.process_time()
        n = 0
        while True:
            decision = ruleset.decision(state)
            if decision is None:
                break
            order = decision.options[choice[n % 4096] % len(decision.options)]
            state = ruleset.apply(state, order, loud)
            n += 1
        spent += time.process_time() - start
        orders += n
        games += 1
    return orders / spent, games


def timed(turn: engine.Turn[Any], spent: dict[str, float]) -> engine.Turn[Any]:
    """``turn`` with each step's functions and the judge adding their time to ``spent``."""

    def wrap(label: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*args)
            finally:
                spent[label] += time.perf_counter() - start
        return run

    steps: list[engine.Step[Any]] = []
    for step in turn.steps:
        if isinstance(step, engine.Auto):
            steps.append(evolve(step, run=wrap(f"{step.name} run", step.run)))
        else:
            steps.append(evolve(step, ask=wrap(f"{step.name} ask", step.ask),
                                answer=wrap(f"{step.name} answer", step.answer),
                                close=wrap(f"{step.name} close", step.close)))
    return evolve(turn, steps=tuple(steps), judge=wrap("judge", turn.judge))


def breakdown(ruleset_name: str, map_name: str, games: int) -> None:
    """Print where a quiet order's time goes, step by step, over ``games`` games."""
    spent: dict[str, float] = defaultdict(float)
    total = 0.0
    orders = 0
    for seed in range(1, games + 1):
        game = new_game(ruleset_name, map_name, seed, None)
        ruleset = game.ruleset
        assert isinstance(ruleset, RulesetBase), "the engine's rulesets declare a turn"
        turn = timed(ruleset.turn, spent)
        state = game.state
        picks = random.Random(seed)
        start = time.perf_counter()
        while (decision := engine.ask(turn, state)) is not None:
            order = decision.options[picks.randrange(len(decision.options))]
            state = engine.apply(turn, state, order, False)
            orders += 1
        total += time.perf_counter() - start
    print(f"{ruleset_name} on {map_name}: {total / orders * 1e6:.1f} us an order "
          f"({orders} orders, {games} games)")
    for label, seconds in sorted(spent.items(), key=lambda item: -item[1]):
        print(f"  {label:<24} {seconds / orders * 1e6:6.1f} us")
    rest = total - sum(spent.values())
    print(f"  {'engine (the rest)':<24} {rest / orders * 1e6:6.1f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per ruleset")
    parser.add_argument("--ruleset", choices=sorted(DUELS), help="only this ruleset")
    parser.add_argument("--steps", action="store_true",
                        help="where a quiet order's time goes, step by step")
    args = parser.parse_args()
    for name, map_name in DUELS.items():
        if args.ruleset and name != args.ruleset:
            continue
        if args.steps:
            breakdown(name, map_name, 100)
            continue
        loud, games = rate(name, map_name, args.seconds, True)
        quiet, _ = rate(name, map_name, args.seconds, False)
        print(f"{name:<16} {map_name:<13} loud {loud:>9,.0f}  quiet {quiet:>9,.0f} orders/s "
              f"({games} games)")


if __name__ == "__main__":
    main()
