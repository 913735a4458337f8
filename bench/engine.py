"""Rules-engine benchmark: orders applied per second on each ruleset's two-ship duel.

Run: python bench/engine.py [--seconds S] [--ruleset NAME] [--steps | --floor]

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
ships and sails (six to nine an order), the engine's bookkeeping, the legal orders
listed at every decision, the judge after every step, and the steps themselves.
A quiet transition formats no log text; decisions and order lists that come back
turn after turn, layouts and modifiers are made once; a step copies only what it
changes.

Measured again on 2026-12-01, back to back on a quiet machine (3-second runs; the
pre-engine tree with this loop, ``git worktree add /tmp/pre 716e373``), with the floor
(``--floor``, 7.4 us an order) and what 5x leaves for the rules:

  ruleset          pre-engine   5x target (us)   now quiet (us)   quiet/pre   rules: now / at 5x
  salt-n-tar           15,849    79,200 (12.6)    25,039 (39.9)       1.6x      32.5 / 5.2 us
  kyngesreach           3,392    17,000 (59.0)    17,477 (57.2)       5.2x      met
  ships-and-sails       7,709    38,500 (25.9)    25,624 (39.0)       3.3x      31.6 / 18.5 us
  salt-and-shot         7,600    38,000 (26.3)    13,810 (72.4)       1.8x      65.0 / 18.9 us

So 5x would leave Salt'n'Tar's rules 5 us an order (a turn's wind, luck, Strain, both
ships' helm and cell-by-cell move, maneuvers and end, over its six orders), a sixth of
what they take now; the engine's own bookkeeping on steps that do nothing already takes
three fifths of the 12.6 us.  Copying is not where it goes: a copy four times cheaper
than attrs' ``evolve`` (frozen classes kept in a ``__dict__`` and copied by it, 0.5
against 2.0-2.4 us a copy; tried in a scratch patch, not kept) made the quiet loop 0-10%
faster (Salt'n'Tar 10%, Ships & Sails and Salt and Shot 0-2%).  Under cProfile
``evolve`` looks like 40% of an order, but that is the profiler's cost per call; the rest
is the interpreter running the rules, spread over every step.  A state model of mutable
working copies, which makes no copies at all, would save at most a third more than that
copy did (it took three quarters of their cost): some 13% in Salt'n'Tar.

``--steps`` shows where an order's time goes: each step of the ruleset's turn
(its ``ask``, ``answer``, ``close`` or ``run``) and the judging, in microseconds
per order, the rest being the engine's own bookkeeping.

``--floor`` plays the same loop on a turn of Salt'n'Tar's shape whose steps do nothing:
two ships, three plotted steps of two options each (each closing with one die), three
automatic steps, judged after every step by a judge that finds nothing.  Its cost per
order is what the engine itself costs before any rule is played: what 5x the pre-engine
rate leaves for the rules is 1e6 / (5 x pre-engine rate) less that floor.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from typing import Any

from attrs import evolve

from tui_naval.app.setup import new_game
from tui_naval.core import engine
from tui_naval.core.dice import Rng, Roller
from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Ruleset, RulesetBase
from tui_naval.core.state import Board, End, GameState, Goal, GoalKind, Outcome, ShipBase
from tui_naval.core.wind import Wind

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


def played(ask: Callable[[Any], Decision | None], apply: Callable[[Any, Order], Any],
           state: Any, seed: int) -> tuple[int, float]:
    """(orders, CPU seconds) of one game from ``state`` to its end, each decision answered
    by the option at a position drawn from ``seed``."""
    picks = random.Random(seed)
    choice = [picks.randrange(1 << 16) for _ in range(4096)]
    start = time.process_time()
    n = 0
    while (decision := ask(state)) is not None:
        state = apply(state, decision.options[choice[n % 4096] % len(decision.options)])
        n += 1
    return n, time.process_time() - start


def rate(ruleset_name: str, map_name: str, seconds: float, loud: bool) -> tuple[float, int]:
    """(orders per CPU second, games played) over about ``seconds`` of play."""
    orders = games = 0
    spent = 0.0
    while spent < seconds:
        games += 1
        game = new_game(ruleset_name, map_name, games, None)
        ruleset: Ruleset[Any] = game.ruleset
        n, cpu = played(ruleset.decision, partial(ruleset.apply, loud=loud), game.state, games)
        orders += n
        spent += cpu
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


def _idle_turn() -> tuple[engine.Turn[GameState], GameState]:
    """A turn of Salt'n'Tar's shape whose steps do nothing, and its first state."""
    decisions = {(ship, kind): Decision(side, kind, ship, kind, (Order(ship, kind, "a"),
                                                                  Order(ship, kind, "b")),
                                        plotted=True)
                 for ship, side in (("B1", "blue"), ("R1", "red"))
                 for kind in ("luck", "move", "maneuver")}

    def plotted(kind: str) -> Callable[[GameState], Decision | None]:
        def ask(state: GameState) -> Decision | None:
            done = {order.ship for order in state.plotted}
            for ship in state.ships:
                if ship.id not in done:
                    return decisions[ship.id, kind]
            return None
        return ask

    def close(state: GameState, held: tuple[Order, ...], log: engine.Log) -> GameState:
        roller = Roller(state.rng)
        roller.roll("1d6")
        return evolve(state, rng=roller.rng)

    def idle(state: GameState, log: engine.Log) -> GameState:
        return state

    turn: engine.Turn[GameState] = engine.Turn(
        steps=(engine.Auto("wind", idle), engine.Decide("luck", plotted("luck"), close=close),
               engine.Auto("strain", idle), engine.Decide("move", plotted("move"), close=close),
               engine.Decide("maneuver", plotted("maneuver"), close=close),
               engine.Auto("end", idle)),
        judge=lambda state: None, at_limit=lambda state: Outcome(None, "the turn limit",
                                                                End.TURN_LIMIT))
    grid = Grid(GridKind.HEX_FLAT, 8, 3)
    state = GameState(ruleset="idle", board=Board("idle", grid, ("." * 8,) * 3),
                      goal=Goal(GoalKind.BATTLE, 30), sides=("blue", "red"), wind=Wind(0, 2),
                      rng=Rng.from_seed(1),
                      ships=(ShipBase(id="B1", side="blue", kind="boat", cell=Cell(0, 0),
                                      heading=0),
                             ShipBase(id="R1", side="red", kind="boat", cell=Cell(7, 2),
                                      heading=3)))
    return turn, engine.start(turn, state, engine.Log(1))


def floor(seconds: float) -> float:
    """Orders per CPU second of the engine alone (``_idle_turn``), played as ``rate`` plays."""
    turn, first = _idle_turn()
    orders = games = 0
    spent = 0.0
    while spent < seconds:
        games += 1
        n, cpu = played(partial(engine.ask, turn), partial(engine.apply, turn, loud=False),
                        first, games)
        orders += n
        spent += cpu
    return orders / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per ruleset")
    parser.add_argument("--ruleset", choices=sorted(DUELS), help="only this ruleset")
    parser.add_argument("--steps", action="store_true",
                        help="where a quiet order's time goes, step by step")
    parser.add_argument("--floor", action="store_true",
                        help="the engine's own cost: a turn whose steps do nothing")
    args = parser.parse_args()
    if args.floor:
        per_second = floor(args.seconds)
        print(f"engine floor (steps that do nothing): {per_second:,.0f} orders/s, "
              f"{1e6 / per_second:.1f} us an order")
        return
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
