"""``tui-naval scores``: the hall of fame, or a day's daily board, as a table."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from datetime import date
from typing import Any

from tui_naval.cli.options import fail
from tui_naval.core.messages import one_line
from tui_naval.voyage.hall import TOP, Entry, Hall, HallError, hall_path

#: The table's width: the cause of each voyage's end is cut to fit it.
WIDTH = 100
#: The longest captain's name shown.
NAME_WIDTH = 18
#: ``--daily`` with no date: today's board.
TODAY = "today"
EMPTY = "The hall of fame is empty."


def add(sub: Any, name: str = "scores") -> None:
    """Add ``scores`` to the command line's subcommands (``sub``: argparse's subparsers)."""
    scores = sub.add_parser(name, help="the hall of fame: the best voyages sailed")
    scores.add_argument("--daily", nargs="?", const=TODAY, default="", metavar="DATE",
                        help="a daily voyage's board: today's, or DATE's (YYYY-MM-DD)")
    scores.add_argument("--ruleset", default="",
                        help="only the voyages of this ruleset (name or alias)")
    scores.add_argument("--limit", type=positive, default=TOP, metavar="N",
                        help=f"show the best N (default {TOP})")
    scores.set_defaults(func=cmd_scores)


def positive(text: str) -> int:
    """``--limit``: a whole number from 1."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {one_line(text, 30)!r}") \
            from None
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def cmd_scores(args: argparse.Namespace) -> int:
    """Print the board the options ask for."""
    day = board_day(args.daily)
    ruleset = ""
    if args.ruleset:
        from tui_naval.rulesets import find_entry

        ruleset = find_entry(args.ruleset).id  # UnknownRuleset: one line, from main
    try:
        board = Hall(hall_path()).top(args.limit, daily=day, ruleset=ruleset)
    except HallError as exc:
        fail(str(exc))
    for line in scores_table(board, day, ruleset):
        print(line)
    return 0


def board_day(daily: str) -> str:
    """The ISO date ``--daily`` names ("" for all voyages; ``TODAY`` for today's)."""
    if not daily:
        return ""
    if daily == TODAY:
        from tui_naval.voyage.daily import today

        return today().isoformat()
    try:
        return date.fromisoformat(daily.strip()).isoformat()
    except ValueError:
        fail(f"--daily: expected a date as YYYY-MM-DD, not {one_line(daily, 30)!r}")


def scores_table(board: Sequence[tuple[int, Entry]], day: str = "",
                 ruleset: str = "") -> list[str]:
    """The lines ``scores`` prints: a heading and one aligned row per entry, none wider
    than ``WIDTH`` (the cause is cut to fit)."""
    title = f"Daily voyage of {day}" if day else "Hall of fame"
    if ruleset:
        title += f", {ruleset}"
    if not board:
        if day or ruleset:
            return [f"{title}: no voyage yet."]
        return [EMPTY]
    rows = [(str(rank), str(entry.score), one_line(entry.name or "a captain", NAME_WIDTH),
             one_line(entry.ruleset, 20), str(entry.legs), str(entry.prizes),
             one_line(entry.date, 10), entry.cause) for rank, entry in board]
    head = ("#", "Score", "Captain", "Ruleset", "Legs", "Prizes", "Date", "How it ended")
    widths = [max(len(row[i]) for row in (head, *rows)) for i in range(len(head) - 1)]
    right = {0, 1, 4, 5}  # the numbers
    lead = sum(widths) + 2 * len(widths)
    last = max(WIDTH - lead, 12)

    def line(cells: Sequence[str]) -> str:
        parts = [cell.rjust(width) if i in right else cell.ljust(width)
                 for i, (cell, width) in enumerate(zip(cells, widths, strict=False))]
        return "  ".join([*parts, one_line(cells[-1], last)]).rstrip()

    return [title, "", line(head), *(line(row) for row in rows)]
