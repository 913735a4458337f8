"""How many decisions a game puts to the player, with standing orders off and on.

Run from the checkout::

    .venv/bin/python bench/decisions.py [--seeds 2] [--ruleset ID ...]

For every ruleset on its default map, a scripted player on the first side takes each
prompt's default (its highlighted option: the first that risks nothing) against greedy,
to the end of the game; once with no standing orders, once with the ones a player would
set at the first prompt, for every ship: "same as last turn" for every kind of decision,
"keep the load" and "fire when she bears" where the ruleset offers them (asked again, as
a player is, when a ship's situation changes or an order cannot be done).  It prints the
decisions put to the player per game, both ways, and last the share of them still asked
with standing orders on, over all rulesets.  Goal (issue 61): at most 50%.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tui_naval.ai.players import make_player
from tui_naval.app.happened import Asked, Happening, Over, Quiet
from tui_naval.app.match import Match
from tui_naval.app.runner import QueuedRunner
from tui_naval.app.seats import Seat
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.app.standing import SAME, StandingOrder
from tui_naval.core.presenter import FIRE, KEEP_LOAD
from tui_naval.rulesets import registry

#: The ruleset's own standing orders a player would set (beside "same as last turn").
SET = (KEEP_LOAD.key, FIRE.key)
#: Orders at most in a game (a guard: every default map's game ends well before).
LIMIT = 5000


def play(ruleset: str, seed: int, standing: bool) -> tuple[int, int]:
    """One game: (decisions put to the player, orders in the game)."""
    game = new_game(ruleset, None, seed, None)
    sides = game.state.sides
    runner = QueuedRunner()
    seats = {side: Seat.here() if side == sides[0] else
             Seat.ai(make_player("greedy", game.ruleset)) for side in sides}
    match = Match(Session(game, {s: seat.name for s, seat in seats.items()}), seats, runner,
                  clock=runner.clock)
    told: list[Happening] = []
    match.listen(told.append)
    match.advance()
    asked = 0
    given = not standing
    while len(game.orders) < LIMIT:
        runner.run()
        last = told[-1]
        if isinstance(last, Over):
            break
        if isinstance(last, Quiet):
            match.go_on()
            continue
        assert isinstance(last, Asked), type(last).__name__
        if not given:
            given = True
            side = last.question.side
            match.give(StandingOrder(SAME, "", side, label="Same as last turn"))
            for kind, offers in game.ruleset.presenter.standing.items():
                for offer in offers:
                    if offer.key in SET:
                        match.give(StandingOrder(offer.key, kind, side, label=offer.label))
            continue  # (the prompt is asked again, or answered by the orders)
        asked += 1
        match.answer(last.question.orders[last.question.default_index], last.question)
    return asked, len(game.orders)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="games of each ruleset each way")
    parser.add_argument("--ruleset", action="append", help="only these rulesets")
    args = parser.parse_args()
    ids = args.ruleset or [info.id for info in registry()]
    total_off = total_on = 0
    print(f"decisions put to the player per game (prompt defaults against greedy, "
          f"{args.seeds} seeds), standing orders off -> on")
    for ruleset in ids:
        started = time.perf_counter()
        off = [play(ruleset, seed, False) for seed in range(1, args.seeds + 1)]
        on = [play(ruleset, seed, True) for seed in range(1, args.seeds + 1)]
        asked_off = sum(a for a, _ in off)
        asked_on = sum(a for a, _ in on)
        total_off += asked_off
        total_on += asked_on
        share = 100 * asked_on / asked_off if asked_off else 0.0
        print(f"  {ruleset:16s} {asked_off / len(off):7.1f} -> {asked_on / len(on):7.1f} "
              f"({share:5.1f}%; orders a game {sum(n for _, n in off) / len(off):6.0f} -> "
              f"{sum(n for _, n in on) / len(on):6.0f}; {time.perf_counter() - started:5.1f} s)")
    share = 100 * total_on / total_off if total_off else 0.0
    verdict = "ok" if share <= 50 else "MISSED"
    print(f"still asked with standing orders on, over all rulesets: {share:.1f}% "
          f"(goal <= 50%: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
