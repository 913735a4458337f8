"""``tui-naval demo``: the AI plays itself at a watchable pace, or a script replays a
game; ``--headless`` prints it as text, a line an event."""

from __future__ import annotations

import argparse
import contextlib
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tui_naval.ai.players import PLAYERS
from tui_naval.app.collection import collection_paused
from tui_naval.app.scripts import Script, ScriptEnded, ScriptPlayer, check_script, read_script
from tui_naval.app.setup import DEFAULT_SEED, new_game, players_for, summary_line
from tui_naval.cli.options import add_game_options, add_tui_options, options_of, tui_config
from tui_naval.core.controller import play
from tui_naval.core.history import Game
from tui_naval.core.saves import load_game, save_game
from tui_naval.core.state import Event
from tui_naval.rulesets import find_ruleset


def add(sub: Any, name: str = "demo") -> None:
    demo = sub.add_parser(
        name, help="watch the AI play itself",
        epilog="A script is one order per line as the game writes them (e.g. 'B1 luck roll', "
               "'R1 starboard 1', 'B1 keep'); '#' starts a comment.  A save's \"orders\" list "
               "is a valid script, and a save .json may be given as the script itself: its "
               "ruleset, map and seed are used.")
    demo.add_argument("--headless", action="store_true", help="print the game as text")
    add_game_options(demo, seed_help="random seed (default: 1 headless, random in the TUI)")
    demo.add_argument("--turns", type=int, default=None, help="play at most N turns")
    demo.add_argument("--players", default="greedy,greedy",
                      help=f"AI for each side, comma-separated ({', '.join(PLAYERS)})")
    demo.add_argument("--save", metavar="PATH", help="save the game when done (headless)")
    demo.add_argument("--load", metavar="PATH", help="continue a saved game")
    demo.add_argument("--script", metavar="FILE",
                      help="replay the orders in FILE (a script or a save .json)")
    demo.add_argument("--exit-when-done", action="store_true",
                      help="quit when the game, the script or --turns is over")
    demo.add_argument("--delay", type=float, metavar="SECONDS",
                      help="pause after each AI decision (default 0.5)")
    add_tui_options(demo, suppress=True)
    demo.set_defaults(func=run)


def demo_game(args: argparse.Namespace, script: Script | None, seed: int) -> Game:
    """The game a demo plays: the script's (a save used as a script), the loaded save's,
    or a new one; checked against the script before it is shown."""
    if script is not None and script.setup is not None:
        game = Game(find_ruleset(script.setup.ruleset), script.setup)
    elif args.load:
        game = load_game(Path(args.load), find_ruleset)
    else:
        game = new_game(args.ruleset, args.map, seed, args.grid, options_of(args))
    if script is not None:
        check_script(game, script)  # before a line is printed or a screen opens
    return game


def run(args: argparse.Namespace) -> int:
    if not args.headless:
        return on_screen(args)
    script = read_script(Path(args.script)) if args.script else None
    game = demo_game(args, script, DEFAULT_SEED if args.seed is None else args.seed)
    if args.load and (script is None or script.setup is None):
        print(f"Loaded {args.load}: {game.ruleset.title} on {game.setup.map_name}, "
              f"turn {game.state.turn}")
    else:
        print(f"{game.ruleset.title} on {game.setup.map_name} ({game.setup.grid.value}), "
              f"seed {game.setup.seed}")
        print_events(game.state.events)
    if script is not None:
        # Every side answered by the script, until it ends.
        player = ScriptPlayer(script)
        with contextlib.suppress(ScriptEnded):
            play(game, dict.fromkeys(game.state.sides, player), turns=args.turns,
                 on_events=print_events)
    else:
        play(game, players_for(game, args.players), turns=args.turns, on_events=print_events)
    print(summary_line(game))
    if args.save:
        save_game(game, Path(args.save))
    return 0


def print_events(events: Iterable[Event]) -> None:
    for event in events:
        print(event)


def on_screen(args: argparse.Namespace) -> int:
    """The demo in the terminal."""
    with collection_paused():
        from tui_naval.app.session import Session
        from tui_naval.tui.launch import run_app
        from tui_naval.tui.modes.demo import demo_screen

        delay = getattr(args, "delay", None)
        config = tui_config(args, **({"demo_delay": delay} if delay is not None else {}))
        script = read_script(Path(args.script)) if getattr(args, "script", None) else None
        seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
        game = demo_game(args, script, seed)
        names = {side: player.name for side, player in players_for(game, args.players).items()}
        session = Session(game, names)
        player = ScriptPlayer(script) if script is not None else None
        exit_when_done = bool(getattr(args, "exit_when_done", False))
        return run_app(config, lambda: demo_screen(session, script=player, quit_app=True,
                                                  exit_when_done=exit_when_done,
                                                  max_turns=args.turns))
