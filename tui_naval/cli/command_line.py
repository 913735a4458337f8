"""The command line's parser and its dispatch: each subcommand is a module of this
package that adds itself (``add(sub)``) and runs itself (``run(args)``).

Errors a player can cause (unknown ruleset or map, bad map, bad save) print one line on
stderr and exit with status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from tui_naval.app.setup import PLAYER_ERRORS
from tui_naval.cli.options import EXIT_USAGE, add_tui_options, pair_chosen
from tui_naval.core.messages import one_line

DESCRIPTION = "A naval wargame in the terminal: wind, sails, broadsides and an AI admiral."

#: Each command and the module that adds and runs it, in the order ``--help`` lists them.
COMMANDS: dict[str, str] = {
    "play": "play",
    "tutorial": "play",
    "load": "play",
    "demo": "demo",
    "simulate": "simulate",
    "rulesets": "listings",
    "maps": "listings",
    "saves": "listings",
    "voyage": "voyage",
    "scores": "scores",
    "replay": "replay",
    "serve": "serve",
}


def command_module(name: str) -> Any:
    """The module of a subcommand (imported only when its command is asked for)."""
    return importlib.import_module(f"tui_naval.cli.{COMMANDS[name]}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser.  With ``only`` (a command's name), that command's alone:
    enough to parse a command line that names it, for a fraction of the work."""
    parser = argparse.ArgumentParser(
        prog="tui-naval", description=DESCRIPTION,
        epilog="With no command, the title screen opens.")
    add_tui_options(parser)
    parser.set_defaults(func=title)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        if only is None or name == only:
            command_module(name).add(sub, name)
    return parser


def title(args: argparse.Namespace) -> int:
    """``tui-naval``: the title screen."""
    from tui_naval.cli.play import title_screen

    return title_screen(args)


def run(argv: Sequence[str] | None = None) -> int:
    """Parse and run a command line; its exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(words[0] if words and words[0] in COMMANDS else None)
    args: Any = parser.parse_args(words)
    try:
        pair_chosen(args)
        code: int = args.func(args)
        return code
    except PLAYER_ERRORS as exc:
        print(one_line(f"tui-naval: error: {exc}"), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
