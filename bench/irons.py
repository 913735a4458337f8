"""Irons benchmark: how long the admirals leave a ship head to wind, going astern.

Run: python bench/irons.py [--player greedy|search ...] [--ruleset NAME]
                           [--map NAME ...] [--grid KIND] [--seeds N] [--first S]
                           [--workers W]

A Salt'n'Tar ship headed into the wind goes astern (the move's line says "goes
astern"): a turn of it may be the price of a tack, but three running is a ship sitting
in irons, most often against an edge that stops her astern way.  For each player, the
same AI plays every side of games on each map from seeds S..S+N-1, and for each ship
the longest run of consecutive turns she went astern is counted.  It prints, per map and
player, the games, the ships astern at all, the ships astern 2 and 3+ turns running, and
then the worst runs (seed, ship, turns).  The defaults are issue 61's figure: greedy on
30 channel-race and 10 coast-chase seeds, the normal search on 10 of each.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tui_naval.ai.players import check_player, make_player
from tui_naval.app.setup import new_game
from tui_naval.core.controller import Player, play
from tui_naval.core.state import Event
from tui_naval.systems.sailing.salt_n_tar.motion import Way

#: (player, map, seeds) played when no --player/--map/--seeds is given.
DEFAULTS = (("greedy", "channel-race", 30), ("greedy", "coast-chase", 10),
            ("search", "channel-race", 10), ("search", "coast-chase", 10))

#: A run this long or longer is a ship sitting in irons.
IRONS = 3


def astern_turns(events: Iterable[Event]) -> dict[str, set[int]]:
    """The turns each ship went astern, from the game's move lines."""
    turns: dict[str, set[int]] = {}
    marker = f" {Way.BACKWARDS.value}:"
    for event in events:
        if event.kind == "move" and event.ship and marker in event.text:
            turns.setdefault(event.ship, set()).add(event.turn)
    return turns


def longest_run(turns: set[int]) -> tuple[int, int]:
    """(length, first turn) of the longest run of consecutive turns in ``turns``."""
    best = (0, 0)
    for turn in turns:
        if turn - 1 in turns:
            continue
        end = turn
        while end + 1 in turns:
            end += 1
        best = max(best, (end - turn + 1, -turn))
    return best[0], -best[1]


def play_one(job: tuple[str, str, str, int, str | None]
             ) -> tuple[str, str, int, dict[str, tuple[int, int]]]:
    """Play one game, every side by ``player``; each ship's longest astern run."""
    player, ruleset, map_name, seed, grid = job
    game = new_game(ruleset, map_name, seed, grid)
    players: dict[str, Player] = {side: make_player(player, game.ruleset)
                                  for side in game.state.sides}
    events: list[Event] = list(game.state.events)
    play(game, players, on_events=events.extend)
    runs = {ship: longest_run(turns) for ship, turns in astern_turns(events).items()}
    return player, map_name, seed, runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", action="append",
                        help="AI on every side (repeatable; default greedy and search)")
    parser.add_argument("--ruleset", default="salt-n-tar")
    parser.add_argument("--map", action="append", help="map (repeatable; default "
                        "channel-race and coast-chase)")
    parser.add_argument("--grid", help="grid kind (default: the map's first)")
    parser.add_argument("--seeds", type=int, help="games per map and player (default: 30 "
                        "channel-race and 10 coast-chase for greedy, 10 each for search)")
    parser.add_argument("--first", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--workers", type=int, default=1,
                        help="games played at once (the search uses two cores itself)")
    args = parser.parse_args()

    plan = [(check_player(p), m, n) for p, m, n in DEFAULTS]
    if args.player or args.map or args.seeds:
        players = [check_player(p) for p in args.player or ("greedy", "search")]
        maps = args.map or ["channel-race", "coast-chase"]
        plan = [(p, m, args.seeds or next((n for dp, dm, n in DEFAULTS if (dp, dm) == (p, m)),
                                          10))
                for p in players for m in maps]
    jobs = [(p, args.ruleset, m, seed, args.grid) for p, m, n in plan
            for seed in range(args.first, args.first + n)]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(play_one, jobs))
    else:
        results = [play_one(job) for job in jobs]

    grid = f" ({args.grid})" if args.grid else ""
    print(f"{args.ruleset}{grid}: ships going astern, longest run of consecutive turns per ship")
    print(f"{'player':<8} {'map':<14} {'games':>5} {'astern':>6} {'2 running':>9} "
          f"{f'{IRONS}+ running':>10}")
    worst: list[tuple[int, str, str, int, str, int]] = []
    for player, map_name, _ in plan:
        games = [r for r in results if r[0] == player and r[1] == map_name]
        runs = [(seed, ship, run) for _, _, seed, ships in games for ship, run in ships.items()]
        print(f"{player:<8} {map_name:<14} {len(games):>5} {len(runs):>6} "
              f"{sum(run[0] == 2 for _, _, run in runs):>9} "
              f"{sum(run[0] >= IRONS for _, _, run in runs):>10}")
        worst += [(run[0], player, map_name, seed, ship, run[1]) for seed, ship, run in runs
                  if run[0] >= 2]
    worst.sort(key=lambda w: (-w[0], w[1], w[2], w[3]))
    if worst:
        print("worst runs (2 turns or more):")
        for length, player, map_name, seed, ship, first in worst[:20]:
            print(f"  {player:<8} {map_name:<14} seed {seed:>3}  {ship:<4} "
                  f"{length} turns from turn {first}")


if __name__ == "__main__":
    main()
