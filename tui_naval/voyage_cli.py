"""``tui-naval voyage``: a voyage in the terminal, or sailed by the AI without a screen."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from tui_naval.ai.players import DEFAULT_OPPONENT
from tui_naval.core.grid import GridKind
from tui_naval.core.mapgen import profile
from tui_naval.rulesets import DEFAULT_RULESET, find_entry, load
from tui_naval.voyage.daily import daily_seed, today
from tui_naval.voyage.voyage import Voyage, VoyageError, begin


def add_voyage_command(sub: Any, func: Callable[[argparse.Namespace], int]) -> None:
    """The ``voyage`` command, run by ``func`` (the CLI's: it opens the TUI, or calls
    ``cmd_voyage`` for ``--headless``)."""
    from tui_naval.cli import AI_HELP, add_tui_options, seed_number

    voyage = sub.add_parser(
        "voyage", help="a roguelike voyage: one ship across a chart of encounters to a final "
                       "fleet action; one life, a hall of fame")
    voyage.add_argument("--ruleset", default=DEFAULT_RULESET, help="ruleset name or alias")
    voyage.add_argument("--seed", type=seed_number, default=None,
                        help="the voyage's seed (default: a random one)")
    voyage.add_argument("--daily", action="store_true",
                        help="today's daily voyage: the seed taken from the date, its own board")
    voyage.add_argument("--ship", metavar="CLASS", default="",
                        help="the flagship's class (default: the ruleset's usual ship)")
    voyage.add_argument("--grid", choices=[g.value for g in GridKind],
                        help="grid (default: the ruleset's first)")
    voyage.add_argument("--name", default="", help="the captain's name, for the hall of fame")
    voyage.add_argument("--new", action="store_true",
                        help="start a new voyage even if one is saved (the saved one is lost)")
    voyage.add_argument("--ai", default=DEFAULT_OPPONENT, help=AI_HELP)
    voyage.add_argument("--watch", action="store_true",
                        help="watch the AI captain a voyage on screen (--ai sails both sides; "
                             "nothing is saved or scored)")
    voyage.add_argument("--headless", action="store_true",
                        help="no screen: the AI captains the voyage (--players) and each leg "
                             "is printed; nothing is saved or scored")
    voyage.add_argument("--players", default="greedy,greedy",
                        help="with --headless: your side's AI, then the enemy's")
    add_tui_options(voyage, suppress=True)
    voyage.set_defaults(func=func)


def start_from_args(args: argparse.Namespace, seed: int) -> Voyage:
    """A new voyage from the command line's options (CliError on a bad one)."""
    from tui_naval.cli import fail

    ruleset = load(find_entry(args.ruleset))
    grid = GridKind(args.grid) if args.grid else None
    try:
        return begin(ruleset, seed, grid, args.name.strip()[:24],
                     today().isoformat() if args.daily else "", args.ship)
    except VoyageError as exc:
        fail(str(exc))


def voyage_seed(args: argparse.Namespace) -> int:
    import random

    if args.daily:
        return daily_seed(today())
    return args.seed if args.seed is not None else random.randrange(1, 1_000_000)


def cmd_voyage(args: argparse.Namespace) -> int:
    """``tui-naval voyage --headless``: the AI captains a voyage, a line a leg."""
    from tui_naval.ai.players import make_player
    from tui_naval.voyage.run import sail

    voyage = start_from_args(args, voyage_seed(args))
    ruleset = load(find_entry(voyage.ruleset))
    names = [n.strip() for n in args.players.split(",")]
    if len(names) != 2:
        from tui_naval.cli import fail

        fail("--players takes two AI names: yours, then the enemy's (e.g. greedy,greedy)")
    sides = profile(ruleset).sides
    players = {sides[0]: make_player(names[0]), sides[1]: make_player(names[1])}
    print(f"Voyage in {ruleset.title}, seed {voyage.seed}, flagship {voyage.flagship.name}")
    voyage = sail(ruleset, voyage, players, on_line=lambda line: print(f"  {line}"))
    print(f"VOYAGE {'won' if voyage.won else 'ended'}: {voyage.ended} | legs {voyage.sailed} "
          f"| score {voyage.score}")
    return 0
