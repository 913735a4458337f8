"""``tui-naval replay FILE``: watch a save (or autosave) again, in the terminal or as text.

``--headless`` prints the game as ``demo --headless`` printed it while it was played
(the same lines, from the same orders), up to the end, or with ``--to TURN`` up to the
end of that turn (where ``demo --turns TURN`` stops).  A file that cannot be replayed
is one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tui_naval.app.collection import collection_paused
from tui_naval.app.recordings import hall_recording
from tui_naval.app.setup import summary_line
from tui_naval.cli.options import EXIT_USAGE, add_tui_options, tui_config
from tui_naval.core.replay import Recording, load_recording
from tui_naval.core.saves import SaveError
from tui_naval.rulesets import find_ruleset


def turn_number(text: str) -> int:
    """``--to``: a turn, 0 or more (0: before the first order)."""
    try:
        turn = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a turn number: {text[:20]!r}") from None
    if turn < 0:
        raise argparse.ArgumentTypeError("a turn is 0 or more")
    return turn


def add(sub: Any, name: str = "replay") -> None:
    """Add ``replay`` to the command line's subcommands (``sub``: argparse's)."""
    replay = sub.add_parser(
        name, help="watch a saved game again: step forward and back, take over",
        epilog="In the terminal: space plays and pauses, the arrows step a decision, "
               "< and > a turn, Home and End jump, + and - change the pace, t takes over "
               "from where you are (the file is never changed).")
    replay.add_argument("path", metavar="FILE", nargs="?",
                        help="a save or autosave (see: tui-naval saves)")
    replay.add_argument("--hall", type=int, metavar="ENTRY",
                        help="instead of a file: a voyage in the hall of fame (its entry "
                             "number, as the Hall of fame screen shows it)")
    replay.add_argument("--leg", type=int, metavar="N",
                        help="with --hall: the voyage's leg N, numbered as its morgue "
                             "numbers them (default: its last leg fought)")
    replay.add_argument("--headless", action="store_true",
                        help="print the game as text, the lines demo --headless printed")
    replay.add_argument("--to", type=turn_number, metavar="TURN",
                        help="stop at the end of turn TURN (in the terminal: open there)")
    add_tui_options(replay, suppress=True)
    replay.set_defaults(func=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a save headless (printed) or in the terminal; a bad file is one line."""
    try:
        if args.hall is not None:
            recording = hall_recording(args.hall, args.leg)
        elif args.path is None or args.leg is not None:
            raise SaveError("give a save FILE, or --hall ENTRY (and --leg N) for a voyage")
        else:
            recording = load_recording(Path(args.path), find_ruleset)
    except SaveError as exc:
        print(f"tui-naval: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    index = recording.last if args.to is None else recording.index_after_turn(args.to)
    if args.headless:
        print_replay(recording, index)
        return 0
    with collection_paused():
        return run_replay(args, recording, 0 if args.to is None else index)


def replay_lines(recording: Recording, index: int) -> list[str]:
    """What ``demo --headless`` printed for the recording's orders up to position
    ``index``: the game's heading, every event, and the result line.  (A voyage's leg is
    headed by its place, the sea's generated name after it.)"""
    setup = recording.setup
    sea = setup.map_name if recording.title == setup.map_name \
        else f"{recording.title} ({setup.map_name})"
    lines = [f"{recording.ruleset.title} on {sea} ({setup.grid.value}), seed {setup.seed}"]
    for state in recording.states[:index + 1]:
        lines.extend(str(event) for event in state.events)
    lines.append(summary_line(recording.game(index)))
    return lines


def print_replay(recording: Recording, index: int) -> None:
    for line in replay_lines(recording, index):
        print(line)


def run_replay(args: argparse.Namespace, recording: Recording, index: int) -> int:
    """The replay screen in the terminal, at position ``index``."""
    from tui_naval.tui.launch import run_app
    from tui_naval.tui.modes.replay import replay_screen

    config = tui_config(args)
    return run_app(config, lambda: replay_screen(recording, index, quit_app=True))
