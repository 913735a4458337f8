"""Rules-engine benchmark: orders applied per second on each ruleset's two-ship duel.

Run: python bench/engine.py [--seconds S] [--ruleset NAME]

For each ruleset, games on its two-ship map are played from their first state
to the end, each decision answered by a fixed cheap choice (the option at a
position drawn from the game's seed, so no player's thinking is counted), and
the figure is decisions asked and orders applied per CPU second, set-up left
out.  This is the loop a search runs, so both ``decision`` and ``apply`` are in it.
"Loud" transitions keep their events (the log text); "quiet" ones (a search's)
keep none and format none.

Before the phase engine (commit 716e373) the loud loop ran at about 15,100
(Salt'n'Tar), 3,100 (Kyngesreach), 7,300 (Ships & Sails) and 7,200 (Salt'n'Tar
with Kyngesreach gunnery) orders per second on the project's 2-core machine.
With it, quiet runs at about 17,800, 11,000, 14,200 and 10,000 (and the Ships &
Sails pairing 14,100): 1.2 to 3.6 times those.  What is left is the rules' own
work on frozen states (about nine copies an order, a third of the time, and the
rest spread thin); the log's text was never much of it.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from tui_naval.cli import new_game
from tui_naval.core.ruleset import Ruleset

#: Each ruleset's two-ship duel (Salt'n'Tar's is a two-ship race).
DUELS = {
    "salt-n-tar": "channel-race",
    "kyngesreach": "kr-duel",
    "ships-and-sails": "ss-duel",
    "salt-and-shot": "sas-duel",
    "salt-and-sails": "sails-duel",
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per ruleset")
    parser.add_argument("--ruleset", choices=sorted(DUELS), help="only this ruleset")
    args = parser.parse_args()
    for name, map_name in DUELS.items():
        if args.ruleset and name != args.ruleset:
            continue
        loud, games = rate(name, map_name, args.seconds, True)
        quiet, _ = rate(name, map_name, args.seconds, False)
        print(f"{name:<16} {map_name:<13} loud {loud:>9,.0f}  quiet {quiet:>9,.0f} orders/s "
              f"({games} games)")


if __name__ == "__main__":
    main()
