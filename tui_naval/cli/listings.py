"""``tui-naval rulesets``, ``maps`` and ``saves``: what there is to play, listed; ``maps
--generate`` writes out a generated sea."""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any

from tui_naval.cli.options import fail, seed_number
from tui_naval.core import mapgen
from tui_naval.core.grid import GridKind
from tui_naval.core.maps import MapError, available_maps, load_map
from tui_naval.core.messages import one_line, printable
from tui_naval.core.saves import SaveError, default_save_dir, list_saves
from tui_naval.core.scenario import unplayable_reason
from tui_naval.rulesets import DEFAULT_RULESET, find_ruleset, load, registry


def add(sub: Any, name: str) -> None:
    """Add the command ``name`` (rulesets, maps or saves) to the subcommands."""
    if name == "rulesets":
        sub.add_parser("rulesets", help="list the rulesets").set_defaults(func=rulesets)
    elif name == "maps":
        maps_cmd = sub.add_parser("maps", help="list the maps, or write out a generated sea")
        maps_cmd.add_argument("--generate", type=seed_number, metavar="SEED",
                              help="print (or --out) the map text of the sea generated from "
                                   "SEED")
        maps_cmd.add_argument("--ruleset", default=DEFAULT_RULESET,
                              help="with --generate: the ruleset the sea is for")
        maps_cmd.add_argument("--grid", choices=[g.value for g in GridKind],
                              help="with --generate: the map's default grid (its first)")
        maps_cmd.add_argument("--out", metavar="FILE",
                              help="with --generate: write the map to FILE")
        maps_cmd.set_defaults(func=maps)
    elif name == "saves":
        saves_cmd = sub.add_parser("saves", help="list saved games")
        saves_cmd.add_argument("--dir", help="save folder (default: ./saves or the user's "
                                             "data folder)")
        saves_cmd.set_defaults(func=saves)


def rulesets(args: argparse.Namespace) -> int:
    entries = registry()
    column = max(len(info.id) for info in entries) + 2
    width = max(60, min(100, shutil.get_terminal_size().columns))
    for info in entries:
        print(f"{info.id:<{column}}{info.title}")
        text = f"{info.summary} Also: {', '.join(info.aliases)}."
        if info.options:
            text += " Options: " + ", ".join(
                f"--option {o.key}={'|'.join(o.choices)} ({o.title.lower()})"
                for o in info.options) + "."
        print(textwrap.fill(text, width, initial_indent=" " * column,
                            subsequent_indent=" " * column))
    pairs = [info for info in entries if info.sailing and info.gunnery]
    if pairs:
        print("\nSailing and gunnery systems the engine joins "
              "(--sailing SYSTEM --gunnery SYSTEM picks the ruleset):")
        left = max(len(info.sailing) for info in pairs) + 2
        mid = max(len(info.gunnery) for info in pairs) + 2
        for info in pairs:
            print(f"  {info.sailing:<{left}}{info.gunnery:<{mid}}{info.id}")
    return 0


def maps(args: argparse.Namespace) -> int:
    if args.generate is not None:
        return generate_map(args)
    for path in available_maps():
        try:
            spec = load_map(str(path))
        except MapError as exc:  # one line, and the other maps are still listed
            print(f"{printable(path.stem):<18} BROKEN: {exc}")
            continue
        grids = "/".join(g.value for g in spec.grids)
        reasons = {info.id: unplayable_reason(load(info), spec) for info in registry()}
        who = ", ".join(name for name, reason in reasons.items() if reason is None)
        # No ruleset plays it because of a bad line of its own (a ruleset's ``#!`` line):
        # say which, as for a map that cannot be read.
        errors = [r for r in reasons.values() if r and r.startswith(f"{spec.source}:")]
        if not who and errors:
            print(f"{printable(path.stem):<18} BROKEN: {errors[0]}")
            continue
        title = spec.title if len(spec.title) <= 30 else spec.title[:29] + "…"
        print(f"{spec.name:<18} {title:<30} {spec.goal.kind:<6} "
              f"{spec.width}x{spec.height:<3} {grids:<26} {len(spec.ships):>2} ships  "
              f"{who or 'no ruleset'}")
    return 0


def generate_map(args: argparse.Namespace) -> int:
    """``maps --generate SEED``: a generated sea's map text, printed or written to a file."""
    ruleset = find_ruleset(args.ruleset)
    text = mapgen.generate(ruleset, args.generate, GridKind(args.grid) if args.grid else None)
    if not args.out:
        sys.stdout.write(text)
        return 0
    out = Path(args.out)
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")
    print(f"wrote {out}: a sea for {ruleset.title} from seed {args.generate} "
          f"(play it with --map {out})")
    return 0


def saves(args: argparse.Namespace) -> int:
    folder = Path(args.dir) if args.dir else default_save_dir()
    found = list_saves(folder)
    if not found:
        print(f"no saves in {folder}")
    readable = [info for info in found if not isinstance(info, SaveError)]
    # Each column as wide as its longest entry (a ruleset id such as ``ships-and-sails``
    # is longer than a fixed column), so the columns stay in line.
    names = {info.path: one_line(info.path.name, 28) for info in readable}
    name_width = max((len(name) for name in names.values()), default=0)
    ruleset_width = max((len(info.ruleset) for info in readable), default=0)
    map_width = max((len(info.map_name) for info in readable), default=0)
    turn_width = max((len(str(info.turn)) for info in readable), default=0)
    for info in found:
        if isinstance(info, SaveError):
            print(f"UNREADABLE {info}")
        else:
            status = info.outcome or "in progress"
            print(f"{names[info.path]:<{name_width}}  {info.ruleset:<{ruleset_width}}  "
                  f"{info.map_name:<{map_width}}  turn {info.turn:<{turn_width}}  "
                  f"{info.saved}  {status}")
    return 0
