"""Voyage balance: voyages sailed by the AI (a plain captain between legs, the named AI in
the legs against the greedy admiral), the legs survived and the scores.

The target (issue 61): in every ruleset at least two thirds of voyages survive the first
three legs, and fewer than a third win the final action (the column "target" says
whether a ruleset meets it).

    python bench/voyage.py [--ruleset R] [--voyages N] [--player greedy] [--seed S]
    python bench/voyage.py --chases N    # Salt'n'Tar: flights from hunters survived
    python bench/voyage.py --merchants N # battle rulesets: merchants taken, sunk, lost

The voyages' captain never sails into a chase from hunters when it can help it; a player
does.  ``--chases`` plays each chart's first such flight (legs 1 to 3) for N seeds, per
flagship class, and counts the flights the quarry survives (issue 61: a Cutter could not
outrun the hunters it met).  ``--merchants`` fights each chart's first merchant for N seeds
per battle ruleset (greedy on both sides, who takes no care to take her): how often she is
taken, sunk, or the flagship lost (issue 61: Kyngesreach's merchants sank, never struck).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from attrs import evolve

from tui_naval.ai.players import make_player
from tui_naval.core.controller import play
from tui_naval.core.history import Game
from tui_naval.core.mapgen import profile
from tui_naval.core.ruleset import Fate
from tui_naval.rulesets import find_entry, load, registry
from tui_naval.voyage.chart import COLUMNS, FLEE, MERCHANT
from tui_naval.voyage.fleet import classes_of
from tui_naval.voyage.run import sail
from tui_naval.voyage.voyage import FIGHTING, OVER, begin, chart_of, conclude, encounter


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", help="ruleset (default: every one)")
    parser.add_argument("--voyages", type=int, default=40)
    parser.add_argument("--player", default="greedy", help="the AI sailing the voyage's legs")
    parser.add_argument("--seed", type=int, default=1, help="the first voyage's seed")
    parser.add_argument("--chases", type=int, default=0, metavar="N",
                        help="instead: N flights from hunters per Salt'n'Tar flagship class")
    parser.add_argument("--merchants", type=int, default=0, metavar="N",
                        help="instead: N merchants fought per battle ruleset")
    args = parser.parse_args()
    if args.chases:
        return chases(args.chases, args.seed)
    if args.merchants:
        return merchants(args.ruleset or [info.id for info in registry()], args.merchants,
                         args.seed)
    names = args.ruleset or [info.id for info in registry()]
    print(f"{'ruleset':<16} {'voyages':>7} {'3+ legs':>8} {'won':>6} {'target':>6} "
          f"{'legs mean':>9} {'prizes':>6} {'score median':>12} {'s/voyage':>8}  "
          f"legs survived (0..{COLUMNS - 1})")
    for name in names:
        ruleset = load(find_entry(name))
        sides = profile(ruleset).sides
        legs: list[int] = []
        scores: list[int] = []
        won = prizes = 0
        start = time.perf_counter()
        for seed in range(args.seed, args.seed + args.voyages):
            players = {sides[0]: make_player(args.player, ruleset),
                       sides[1]: make_player("greedy", ruleset)}
            voyage = sail(ruleset, begin(ruleset, seed), players)
            legs.append(voyage.sailed)
            scores.append(voyage.score)
            won += voyage.won
            prizes += voyage.prizes_taken
        took = (time.perf_counter() - start) / args.voyages
        n = args.voyages
        three = sum(1 for x in legs if x >= 3)
        spread = Counter(legs)
        hist = " ".join(f"{k}:{spread[k]}" for k in range(COLUMNS))
        met = "ok" if three * 3 >= 2 * n and won * 3 < n else "MISS"
        print(f"{ruleset.name:<16} {n:>7} {three / n:>8.0%} {won / n:>6.0%} {met:>6} "
              f"{statistics.mean(legs):>9.1f} {prizes / n:>6.1f} "
              f"{statistics.median(scores):>12.0f} "
              f"{took:>8.2f}  {hist}")
    return 0


def chases(count: int, first: int) -> int:
    """Salt'n'Tar's first flight from hunters on each chart (legs 1 to 3), greedy on both
    sides, per flagship class: how many the quarry survives."""
    ruleset = load(find_entry("salt-n-tar"))
    sides = profile(ruleset).sides
    print(f"{'flagship':<16} {'flights':>7} {'survived':>8}  hunters met (survived/met)")
    for ship in classes_of(ruleset).ours:
        met: dict[tuple[str, ...], list[int]] = {}
        seed = first
        flights = survived = 0
        while flights < count:
            voyage = begin(ruleset, seed, ship=ship)
            seed += 1
            flee = [p for p in chart_of(voyage, ruleset).places if p.kind == FLEE
                    and p.column <= 3]
            if not flee:
                continue
            voyage = evolve(voyage, stage=FIGHTING, at=flee[0].id, route=(0, flee[0].id))
            meeting = encounter(voyage, ruleset)
            game = Game(ruleset, meeting.setup)
            play(game, {side: make_player("greedy", ruleset) for side in sides})
            ok = conclude(voyage, ruleset, game.state, game.orders).stage != OVER
            hunters = tuple(s.kind for s in game.state.ships if s.side != meeting.side)
            tally = met.setdefault(hunters, [0, 0])
            tally[0] += ok
            tally[1] += 1
            flights += 1
            survived += ok
        seen = " ".join(f"{'+'.join(k)} {a}/{b}" for k, (a, b) in sorted(met.items()))
        print(f"{ship:<16} {flights:>7} {survived / flights:>8.0%}  {seen}")
    return 0


def merchants(names: list[str], count: int, first: int) -> int:
    """Each battle ruleset's first merchant on a chart, greedy on both sides: taken (a
    prize), sunk, or otherwise (she got away, or the flagship was lost)."""
    print(f"{'ruleset':<16} {'merchants':>9} {'taken':>6} {'sunk':>6} {'flagship lost':>13}")
    for name in names:
        ruleset = load(find_entry(name))
        if "battle" not in ruleset.goals:
            continue
        sides = profile(ruleset).sides
        seed = first
        fought = taken = sunk = lost = 0
        while fought < count:
            voyage = begin(ruleset, seed)
            seed += 1
            place = next((p for p in chart_of(voyage, ruleset).places
                          if p.kind == MERCHANT), None)
            if place is None:
                continue
            voyage = evolve(voyage, stage=FIGHTING, at=place.id, route=(0, place.id))
            meeting = encounter(voyage, ruleset)
            game = Game(ruleset, meeting.setup)
            play(game, {side: make_player("greedy", ruleset) for side in sides})
            after = conclude(voyage, ruleset, game.state, game.orders)
            fought += 1
            taken += after.legs[-1].prizes
            sunk += sum(1 for s in game.state.ships if s.side != meeting.side
                        and ruleset.fate(game.state, s) is Fate.SUNK)
            lost += after.stage == OVER
        print(f"{name:<16} {fought:>9} {taken / fought:>6.0%} {sunk / fought:>6.0%} "
              f"{lost / fought:>13.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
