"""``tui-naval voyage``: a voyage in the terminal, or sailed by the AI without a screen."""

from __future__ import annotations

import argparse
from typing import Any

from tui_naval.ai.players import check_player, make_player
from tui_naval.app.collection import collection_paused
from tui_naval.app.voyages import start_voyage, voyage_seed
from tui_naval.cli.options import AI_HELP, add_tui_options, fail, seed_number, tui_config
from tui_naval.core.grid import GridKind
from tui_naval.core.mapgen import profile
from tui_naval.core.saves import SaveError
from tui_naval.rulesets import DEFAULT_RULESET, find_entry, load
from tui_naval.voyage.voyage import Voyage


def add(sub: Any, name: str = "voyage") -> None:
    voyage = sub.add_parser(
        name, help="a roguelike voyage: one ship across a chart of encounters to a final "
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
    voyage.add_argument("--ai", help=AI_HELP)
    voyage.add_argument("--watch", action="store_true",
                        help="watch the AI captain a voyage on screen (--ai sails both sides; "
                             "nothing is saved or scored)")
    voyage.add_argument("--headless", action="store_true",
                        help="no screen: the AI captains the voyage (--players) and each leg "
                             "is printed; nothing is saved or scored")
    voyage.add_argument("--players", default="greedy,greedy",
                        help="with --headless: your side's AI, then the enemy's")
    add_tui_options(voyage, suppress=True)
    voyage.set_defaults(func=run)


def chosen_voyage(args: argparse.Namespace) -> Voyage:
    """A new voyage from the command line's options (a one-line error on a bad one)."""
    return start_voyage(args.ruleset, voyage_seed(args.seed, args.daily), args.grid,
                        args.name, args.daily, args.ship)


def run(args: argparse.Namespace) -> int:
    if args.headless:
        return headless(args)
    with collection_paused():
        return on_screen(args)


def headless(args: argparse.Namespace) -> int:
    """``tui-naval voyage --headless``: the AI captains a voyage, a line a leg."""
    from tui_naval.voyage.run import sail

    voyage = chosen_voyage(args)
    ruleset = load(find_entry(voyage.ruleset))
    names = [n.strip() for n in args.players.split(",")]
    if len(names) != 2:
        fail("--players takes two AI names: yours, then the enemy's (e.g. greedy,greedy)")
    sides = profile(ruleset).sides
    players = {sides[0]: make_player(names[0], ruleset), sides[1]: make_player(names[1], ruleset)}
    print(f"Voyage in {ruleset.title}, seed {voyage.seed}, flagship {voyage.flagship.name}")
    voyage = sail(ruleset, voyage, players, on_line=lambda line: print(f"  {line}"))
    print(f"VOYAGE {'won' if voyage.won else 'ended'}: {voyage.ended} | legs {voyage.sailed} "
          f"| score {voyage.score}")
    return 0


def on_screen(args: argparse.Namespace) -> int:
    """``tui-naval voyage``: the saved voyage resumed, or a new one set out on."""
    from tui_naval.tui.launch import run_app
    from tui_naval.tui.screens.voyage import VoyageScreen
    from tui_naval.voyage.keeper import VoyageKeeper
    from tui_naval.voyage.store import load_voyage, voyage_path

    config = tui_config(args)
    if config.ai:
        check_player(config.ai)
    if args.watch:
        voyage = chosen_voyage(args)
        keeper = VoyageKeeper(voyage, voyage.flagship.kind, None)
        return run_app(config, lambda: VoyageScreen(keeper, watch=True))
    path = voyage_path(config.save_dir)
    if path.exists() and not args.new:
        if args.seed is not None or args.daily:
            fail(f"a voyage is under way ({path}): play it out, or start another with --new "
                 "(the one under way is lost)")
        try:
            found, game, ship = load_voyage(path)
        except SaveError as exc:
            fail(f"{exc} (start another with --new)")
        keeper = VoyageKeeper(found, ship, path, game)
    else:
        voyage = chosen_voyage(args)
        keeper = VoyageKeeper(voyage, voyage.flagship.kind, path)
        failed = keeper.save()
        if failed:
            fail(failed)
    return run_app(config, lambda: VoyageScreen(keeper))
