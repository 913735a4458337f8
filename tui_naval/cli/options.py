"""What several subcommands share: the game's options (ruleset, map, grid, seed,
systems, optional rules), the terminal's options, their checks, and the app's
configuration read from them."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from tui_naval.ai.players import DEFAULT_OPPONENT, PLAYERS
from tui_naval.app.setup import SetupError, rule_options
from tui_naval.core.grid import GridKind
from tui_naval.core.messages import one_line
from tui_naval.core.saves import MAX_SEED
from tui_naval.rulesets import DEFAULT_RULESET, UnknownRuleset, find_pairing, find_ruleset

if TYPE_CHECKING:
    from tui_naval.tui.app import Config

EXIT_USAGE = 2

#: ``--ai``'s help: the players by name, and the search's levels.
AI_HELP = (f"the AI you face: {', '.join(PLAYERS)}, or a level: easy, normal (= search), "
           f"hard (= search:hard); default: easy until you have finished a game, then "
           f"{DEFAULT_OPPONENT} (normal)")


def fail(message: str) -> NoReturn:
    """Stop the command with a one-line error for the player (exit status 2)."""
    raise SetupError(message)


def pair_chosen(args: Any) -> None:
    """``--sailing`` with ``--gunnery`` name the ruleset that pairs them."""
    sailing, gunnery = getattr(args, "sailing", None), getattr(args, "gunnery", None)
    if sailing is None and gunnery is None:
        return
    if not (sailing and gunnery):
        fail("--sailing and --gunnery go together (see: tui-naval rulesets)")
    try:
        args.ruleset = find_pairing(sailing, gunnery).id
    except UnknownRuleset as exc:
        fail(str(exc))


def options_of(args: Any) -> tuple[tuple[str, str], ...]:
    """The optional rules ``--option`` chose for the ruleset ``--ruleset`` names."""
    words = getattr(args, "option", None) or []
    if not words:
        return ()
    try:
        return rule_options(find_ruleset(args.ruleset), words)
    except UnknownRuleset as exc:
        fail(str(exc))


def add_tui_options(parser: argparse.ArgumentParser, suppress: bool = False) -> None:
    """Options of the terminal UI; on subcommands they do not override the main ones."""
    default: Any = argparse.SUPPRESS if suppress else None
    parser.add_argument("--ascii", action="store_true",
                        default=argparse.SUPPRESS if suppress else False,
                        help="draw with ASCII characters only")
    parser.add_argument("--keys", metavar="PATH", default=default,
                        help="key bindings file (default: $XDG_CONFIG_HOME/tui-naval/keys.toml)")
    parser.add_argument("--hints", action="store_true",
                        default=argparse.SUPPRESS if suppress else False,
                        help="explain the rules as they come up (h turns them on and off)")
    parser.add_argument("--pass-interrupts", action="store_true",
                        default=argparse.SUPPRESS if suppress else False,
                        help="never ask whether to interrupt the enemy's action (Fast Play "
                             "Salamis' Stop!): let it go on")
    parser.add_argument("--quiet-pause", metavar="SECONDS|key", type=quiet_pause,
                        default=default,
                        help="how long a turn with nothing for you to decide is shown "
                             "(default 1.5; 'key' waits for a key)")


def quiet_pause(text: str) -> float | str:
    """``--quiet-pause``: seconds (0 to 60), or "key"."""
    if text.strip().lower() == "key":
        return "key"
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds or 'key', not {one_line(text, 30)!r}")\
            from None
    if not 0 <= seconds <= 60:
        raise argparse.ArgumentTypeError("expected 0 to 60 seconds, or 'key'")
    return seconds


def seed_number(text: str) -> int:
    """A seed from the command line: a whole number the dice (and so a save) can keep."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {one_line(text)[:40]!r}") \
            from None
    if not -MAX_SEED < seed < MAX_SEED:
        raise argparse.ArgumentTypeError("a seed must lie between -2**64 and 2**64")
    return seed


def add_game_options(parser: argparse.ArgumentParser, seed_help: str = "random seed") -> None:
    parser.add_argument("--ruleset", default=DEFAULT_RULESET, help="ruleset name or alias")
    parser.add_argument("--map", default=None,
                        help="map name or path to a .map file; 'random' (a sea generated from "
                             "the game's seed) or 'random:SEED' (default: the ruleset's first "
                             "map)")
    parser.add_argument("--grid", choices=[g.value for g in GridKind],
                        help="grid (default: the map's first)")
    parser.add_argument("--seed", type=seed_number, default=None, help=seed_help)
    parser.add_argument("--sailing", metavar="SYSTEM",
                        help="with --gunnery: the ruleset pairing these two systems "
                             "(see: tui-naval rulesets)")
    parser.add_argument("--gunnery", metavar="SYSTEM",
                        help="with --sailing: the ruleset pairing these two systems")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an optional rule of the ruleset, e.g. seamanship=on")


def tui_config(args: argparse.Namespace, **extra: Any) -> Config:
    """The app's configuration from the command line's options (its keymap read: a bad
    one is a one-line error)."""
    from tui_naval.tui.app import Config
    from tui_naval.tui.keys import KeymapError, load_keymap

    keys_path = getattr(args, "keys", None)
    try:
        keymap = load_keymap(Path(keys_path) if keys_path else None, required=bool(keys_path))
    except KeymapError as exc:
        raise SetupError(str(exc)) from None
    ai = getattr(args, "ai", None) or ""  # (the app's default: app.record.opponent)
    pause = getattr(args, "quiet_pause", None)
    if pause is not None:
        extra.setdefault("quiet_turn_pause", None if pause == "key" else pause)
    return Config(keymap=keymap, ascii_only=bool(getattr(args, "ascii", False)), ai=ai,
                  hints=bool(getattr(args, "hints", False)),
                  pass_interrupts=bool(getattr(args, "pass_interrupts", False)), **extra)
