"""Starting the TUI from the command line: title screen, play, load and demo.

Errors the player can cause before the screen opens (a bad map, save, script
or keymap) are raised as the CLI's one-line errors, never shown as tracebacks.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui_naval.ai import search_helper
from tui_naval.ai.players import DEFAULT_OPPONENT
from tui_naval.tui.app import Config, NavalApp, ScreenFactory
from tui_naval.tui.keys import KeymapError, load_keymap
from tui_naval.tui.players import ScriptError, ScriptPlayer, check_script, read_script
from tui_naval.tui.session import HUMAN, Session, load_session

if TYPE_CHECKING:
    from tui_naval.core.history import Game


def _fail(message: str) -> Exception:
    from tui_naval.cli import CliError

    return CliError(message)


def make_config(args: argparse.Namespace, **extra: Any) -> Config:
    """The app's configuration from the command line's options."""
    keys_path = getattr(args, "keys", None)
    try:
        keymap = load_keymap(Path(keys_path) if keys_path else None, required=bool(keys_path))
    except KeymapError as exc:
        raise _fail(str(exc)) from None
    ai = getattr(args, "ai", None) or DEFAULT_OPPONENT
    pause = getattr(args, "quiet_pause", None)
    if pause is not None:
        extra.setdefault("quiet_turn_pause", None if pause == "key" else pause)
    return Config(keymap=keymap, ascii_only=bool(getattr(args, "ascii", False)), ai=ai,
                  hints=bool(getattr(args, "hints", False)),
                  pass_interrupts=bool(getattr(args, "pass_interrupts", False)), **extra)


#: Python's thread switch interval (seconds) while the app runs.  Textual writes each
#: frame to the terminal from a thread of its own, which waits for the main thread to
#: let it run: up to 5 ms with Python's default, and the main thread is often busy just
#: after a frame (after the first one, Textual lays the screen out once more).
SWITCH_INTERVAL = 0.001


def run_app(config: Config, first: ScreenFactory | None = None,
            app: NavalApp | None = None) -> int:
    """Run the app (``app``, or a NavalApp made from ``config`` and ``first``) until it
    exits; its return code.  (Garbage collection, paused by ``program.collection_paused``
    while the app is set up, stays paused until the first screen is drawn: see
    ``app.resume_collection``.)"""
    app = app or NavalApp(config, first)
    search_helper.prepare()  # before the app takes stderr (the search's helper needs it)
    previous = sys.getswitchinterval()
    sys.setswitchinterval(min(previous, SWITCH_INTERVAL))
    try:
        app.run()
    finally:
        sys.setswitchinterval(previous)
    if app.crash_line:
        print(app.crash_line, file=sys.stderr)
    return app.return_code or 0


def run_title(args: argparse.Namespace) -> int:
    """``tui-naval``: the title screen."""
    return run_app(make_config(args))


def run_play(args: argparse.Namespace) -> int:
    """``tui-naval play``: straight into a new battle."""
    from tui_naval.tui.screens.battle import BattleScreen

    config = make_config(args)
    seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
    game = _new_game(args, seed)
    sides = game.state.sides
    side = args.side or sides[0]
    if side not in sides:
        raise _fail(f"no side {side!r} on this map (sides: {', '.join(sides)})")
    _check_ai(config.ai)
    session = Session(game, {s: HUMAN if s == side else config.ai for s in sides})
    return run_app(config, lambda: BattleScreen(session))


def run_tutorial(args: argparse.Namespace) -> int:
    """``tui-naval tutorial``: the first lesson (or ``--lesson N``), hints on."""
    from tui_naval.tui.screens.tutorial import TutorialScreen, lesson_session
    from tui_naval.tutorial import LESSONS

    config = make_config(args)
    lesson = getattr(args, "lesson", 1)
    if not 1 <= lesson <= len(LESSONS):
        raise _fail(f"no lesson {lesson} (lessons 1 to {len(LESSONS)})")
    _check_ai(config.ai)
    session = lesson_session(LESSONS[lesson - 1], config.ai)  # (a bad map: a one-line error)
    return run_app(config, lambda: TutorialScreen(lesson - 1, config.ai, session=session))


def _new_game(args: argparse.Namespace, seed: int) -> Game:
    """``cli.new_game`` on the command line's ruleset, map, grid and optional rules."""
    from tui_naval.cli import new_game, options_of

    return new_game(args.ruleset, args.map, seed, args.grid, options_of(args))


def run_load(args: argparse.Namespace) -> int:
    """``tui-naval load PATH``: resume a saved game."""
    from tui_naval.tui.screens.battle import session_screen

    config = make_config(args)
    session = load_session(Path(args.path), config.ai)
    return run_app(config, lambda: session_screen(session))


def run_demo(args: argparse.Namespace) -> int:
    """``tui-naval demo``: the AI plays itself, or a script replays a game."""
    from tui_naval.cli import players_for
    from tui_naval.core.saves import load_game
    from tui_naval.tui.screens.demo import DemoScreen

    delay = getattr(args, "delay", None)
    config = make_config(args, **({"demo_delay": delay} if delay is not None else {}))
    script = None
    if getattr(args, "script", None):
        try:
            script = read_script(Path(args.script))
        except ScriptError as exc:
            raise _fail(str(exc)) from None
    from tui_naval.rulesets import find_ruleset

    if script is not None and script.setup is not None:
        from tui_naval.core.history import Game

        game = Game(find_ruleset(script.setup.ruleset), script.setup)
    elif args.load:
        game = load_game(Path(args.load), find_ruleset)
    else:
        seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
        game = _new_game(args, seed)
    if script is not None:
        try:
            check_script(game, script)
        except ScriptError as exc:
            raise _fail(str(exc)) from None
    names = {side: player.name for side, player in players_for(game, args.players).items()}
    session = Session(game, names)
    player = ScriptPlayer(script) if script is not None else None
    exit_when_done = bool(getattr(args, "exit_when_done", False))
    return run_app(config, lambda: DemoScreen(session, script=player, quit_app=True,
                                              exit_when_done=exit_when_done,
                                              max_turns=args.turns))


def _check_ai(name: str) -> None:
    """UnknownPlayer if there is no AI of that name (no AI is imported to find out)."""
    from tui_naval.ai.players import check_player

    check_player(name)


def run_voyage(args: argparse.Namespace) -> int:
    """``tui-naval voyage``: the saved voyage resumed, or a new one set out on."""
    from tui_naval.core.saves import SaveError
    from tui_naval.tui.screens.voyage import VoyageScreen
    from tui_naval.voyage.keeper import VoyageKeeper
    from tui_naval.voyage.store import load_voyage, voyage_path
    from tui_naval.voyage_cli import start_from_args, voyage_seed

    config = make_config(args)
    _check_ai(config.ai)
    if args.watch:
        voyage = start_from_args(args, voyage_seed(args))
        keeper = VoyageKeeper(voyage, voyage.flagship.kind, None)
        return run_app(config, lambda: VoyageScreen(keeper, watch=True))
    path = voyage_path(config.save_dir)
    if path.exists() and not args.new:
        if args.seed is not None or args.daily:
            raise _fail(f"a voyage is under way ({path}): play it out, or start another "
                        "with --new (the one under way is lost)")
        try:
            voyage, game, ship = load_voyage(path)
        except SaveError as exc:
            raise _fail(f"{exc} (start another with --new)") from None
        keeper = VoyageKeeper(voyage, ship, path, game)
    else:
        voyage = start_from_args(args, voyage_seed(args))
        keeper = VoyageKeeper(voyage, voyage.flagship.kind, path)
        failed = keeper.save()
        if failed:
            raise _fail(failed)
    return run_app(config, lambda: VoyageScreen(keeper))
