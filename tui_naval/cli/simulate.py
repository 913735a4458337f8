"""``tui-naval simulate``: AI-against-AI series, the wins counted by player and by side."""

from __future__ import annotations

import argparse
from typing import Any

from tui_naval.ai.players import PLAYERS, check_player
from tui_naval.app.setup import DEFAULT_SEED, default_map, new_game
from tui_naval.app.simulate import default_progress, simulate
from tui_naval.cli.options import add_game_options, fail, options_of
from tui_naval.core import mapgen
from tui_naval.rulesets import find_ruleset


def add(sub: Any, name: str = "simulate") -> None:
    parser = sub.add_parser(name, help="play AI-against-AI games and count the wins")
    add_game_options(parser, seed_help="seed of the first game (then +1 each game)")
    parser.add_argument("--games", type=int, default=20, help="number of games")
    parser.add_argument("--players", default="greedy,random",
                        help=f"two AIs, comma-separated ({', '.join(PLAYERS)})")
    parser.add_argument("--json", action="store_true",
                        help="end with one JSON line: games, wins, draws, mean turns")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    if len(names) < 2:
        fail("--players needs two names, e.g. greedy,random")
    if args.games < 1:
        fail("--games must be at least 1")
    for name in names:
        check_player(name)  # unknown names fail before any game is played
    ruleset = find_ruleset(args.ruleset)
    map_name = args.map or default_map(ruleset)
    first = DEFAULT_SEED if args.seed is None else args.seed
    options = options_of(args)
    new_game(ruleset.name, map_name, first, args.grid, options)  # a bad setup fails at once
    result = simulate(lambda seed: new_game(ruleset.name, map_name, seed, args.grid, options),
                      names, args.games, first, progress=default_progress())
    where = map_name
    if mapgen.map_seed(map_name, first) is not None and ":" not in map_name:
        where = "random seas (each game's sea drawn from its seed)"
    print(f"{ruleset.title} on {where}: {' vs '.join(names)}, sides alternating")
    for line in result.lines():
        print(line)
    if args.json:
        print(result.as_json())
    return 0
