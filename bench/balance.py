"""Map balance: every ruleset on every map it can play, the same player on both sides.

Run: python bench/balance.py [--games 100] [--player greedy] [--ruleset R] [--map M]
                             [--seed S] [--workers W]

For each ruleset in the registry and each map it can play (``tui-naval maps``), N games
from seeds S, S+1... with ``--player`` (default greedy) on every side.  Printed per map:
each side's wins (the map's first side first), draws, mean and longest game in turns,
how many games the turn limit ended (the rules' judge had not ended them), and the
commonest endings (the outcome's reason with its numbers taken out).

Issue 15's targets: every map's first side wins 40-60% of the games it does not draw;
most battles end by the rules (sunk, struck, captured, escaped, finished) before the
limit; a quick skirmish takes at most 30 turns.  With a mirror match the dice and the
map decide, so a side that wins far more than half is favoured by the map, its fleets or
the rules' invented adaptations.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from attrs import frozen

from tui_naval.ai.players import check_player, make_player
from tui_naval.app.setup import new_game
from tui_naval.core.controller import play
from tui_naval.core.maps import MapSpec, available_maps, load_map
from tui_naval.core.ruleset import RulesetBase
from tui_naval.core.scenario import playable_maps
from tui_naval.rulesets import load, registry


@frozen
class Played:
    """One game: the winning side's seat (None: a draw), its length and how it ended."""

    seat: int | None
    turns: int
    at_limit: bool
    ending: str


def ending_of(reason: str) -> str:
    """An outcome's reason with its numbers and names of ships taken out, shortened."""
    text = re.sub(r"\d+(\.\d+)?%?", "N", reason.split(";")[0])
    return text if len(text) <= 48 else text[:47] + "…"


def play_one(job: tuple[str, str, int, str]) -> Played:
    ruleset_name, map_name, seed, player = job
    game = new_game(ruleset_name, map_name, seed, None)
    sides = game.state.sides
    state = play(game, {side: make_player(player, game.ruleset) for side in sides})
    outcome = state.outcome
    assert outcome is not None, f"{ruleset_name} on {map_name} seed {seed} did not end"
    ruleset: Any = game.ruleset
    judged = ruleset.turn.judge(state) if isinstance(ruleset, RulesetBase) else outcome
    at_limit = judged is None and state.turn >= state.goal.turns
    seat = None if outcome.winner is None else sides.index(outcome.winner)
    return Played(seat, state.turn, at_limit, "at the limit: " + ending_of(outcome.reason)
                  if at_limit else ending_of(outcome.reason))


def maps_of(ruleset_name: str, specs: list[MapSpec]) -> list[MapSpec]:
    """The maps of ``specs`` a ruleset can play."""
    ruleset = load(next(i for i in registry() if i.id == ruleset_name))
    return playable_maps(ruleset, specs)


def report(ruleset_name: str, map_name: str, games: list[Played], sides: int) -> str:
    wins = [sum(1 for g in games if g.seat == i) for i in range(sides)]
    draws = sum(1 for g in games if g.seat is None)
    decided = max(1, len(games) - draws)
    turns = [g.turns for g in games]
    limit = sum(1 for g in games if g.at_limit)
    share = " / ".join(f"{w:>3} ({100 * w / decided:3.0f}%)" for w in wins)
    endings = Counter(g.ending for g in games).most_common(3)
    lines = [f"{ruleset_name:<16} {map_name:<20} sides {share}  draws {draws:>3}  "
             f"turns mean {statistics.mean(turns):5.1f} max {max(turns):>3}  "
             f"at limit {100 * limit / len(games):3.0f}%"]
    lines += [f"{'':<38}{count:>4} x {ending}" for ending, count in endings]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--player", default="greedy", type=check_player)
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    parser.add_argument("--map", action="append", help="only this map (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    rulesets = registry()
    specs = [load_map(str(path)) for path in available_maps()]
    with ProcessPoolExecutor(args.workers) as pool:
        for info in rulesets:
            if args.ruleset and info.id not in args.ruleset:
                continue
            for spec in maps_of(info.id, specs):
                if args.map and spec.name not in args.map:
                    continue
                jobs = [(info.id, spec.name, args.seed + n, args.player)
                        for n in range(args.games)]
                games = list(pool.map(play_one, jobs, chunksize=4))
                print(report(info.id, spec.name, games, len(spec.sides)), flush=True)


if __name__ == "__main__":
    main()
