"""``tui-naval`` (the title screen), ``play``, ``tutorial`` and ``load``: a game in the
terminal."""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

from tui_naval.ai.players import check_player
from tui_naval.app.collection import collection_paused
from tui_naval.app.record import opponent
from tui_naval.app.seats import HUMAN
from tui_naval.app.session import Session, load_session
from tui_naval.app.setup import SetupError, chosen_side, new_game
from tui_naval.cli.options import AI_HELP, add_game_options, add_tui_options, options_of, tui_config


def add(sub: Any, name: str) -> None:
    """Add the command ``name`` (play, tutorial or load) to the subcommands."""
    if name == "play":
        play = sub.add_parser("play", help="start a game against the AI in the terminal")
        add_game_options(play, seed_help="random seed (default: a random one, shown on "
                                         "screen)")
        play.add_argument("--side", help="the side you play (default: the map's first)")
        play.add_argument("--ai", help=AI_HELP)
        add_tui_options(play, suppress=True)
        play.set_defaults(func=play_game)
    elif name == "tutorial":
        tutorial = sub.add_parser("tutorial", help="a first voyage: a short race (then a "
                                  "battle) with the rules explained as they come up")
        tutorial.add_argument("--lesson", type=int, default=1, metavar="N",
                              help="start at lesson N (1: a race, 2: a battle)")
        tutorial.add_argument("--ai", help=AI_HELP)
        add_tui_options(tutorial, suppress=True)
        tutorial.set_defaults(func=tutorial_game)
    elif name == "load":
        load = sub.add_parser("load", help="resume a saved game in the terminal")
        load.add_argument("path", metavar="PATH", help="a save file (see: tui-naval saves)")
        add_tui_options(load, suppress=True)
        load.set_defaults(func=load_game)


def title_screen(args: argparse.Namespace) -> int:
    """``tui-naval``: the title screen."""
    with collection_paused():
        from tui_naval.tui.launch import run_app

        return run_app(tui_config(args))


def play_game(args: argparse.Namespace) -> int:
    """``tui-naval play``: straight into a new battle."""
    with collection_paused():
        from tui_naval.tui.launch import run_app
        from tui_naval.tui.modes.battle import battle_screen

        config = tui_config(args)
        seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
        game = new_game(args.ruleset, args.map, seed, args.grid, options_of(args))
        side = chosen_side(game, args.side)
        ai = check_player(opponent(config.ai, config.save_dir))
        session = Session(game, {s: HUMAN if s == side else ai
                                 for s in game.state.sides})
        return run_app(config, lambda: battle_screen(session))


def tutorial_game(args: argparse.Namespace) -> int:
    """``tui-naval tutorial``: the first lesson (or ``--lesson N``), hints on."""
    with collection_paused():
        from tui_naval.app.tutorial import LESSONS
        from tui_naval.tui.launch import run_app
        from tui_naval.tui.modes.lesson import lesson_screen, lesson_session

        config = tui_config(args)
        lesson = getattr(args, "lesson", 1)
        if not 1 <= lesson <= len(LESSONS):
            raise SetupError(f"no lesson {lesson} (lessons 1 to {len(LESSONS)})")
        ai = check_player(config.ai) if config.ai else ""  # (""; the lesson's own admiral)
        session = lesson_session(LESSONS[lesson - 1], ai)  # (a bad map: one line)
        return run_app(config, lambda: lesson_screen(lesson - 1, ai, session=session))


def load_game(args: argparse.Namespace) -> int:
    """``tui-naval load PATH``: resume a saved game."""
    with collection_paused():
        from tui_naval.tui.launch import run_app
        from tui_naval.tui.modes.battle import session_screen

        config = tui_config(args)
        session = load_session(Path(args.path), opponent(config.ai, config.save_dir))
        return run_app(config, lambda: session_screen(session))
