"""The prompt's chance table: laid out by hand as a Rich table would lay it out, and
shown as odds per outcome where its effects would be too narrow."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.segment import Segment
from rich.table import Table

from tui_naval.tui.screens.prompt import ChanceTable, compact_chance

ROWS = [("1", "1/6", "sails luff: Wind Speed -1"), ("2-4", "1/2", "no change"),
        ("5", "1/6", "a fortuitous gust: Wind Speed +1"),
        ("6", "1/6", "Wind Speed +2, mark 1 Strain, and a long effect that has to wrap")]
CRITICAL = [("01-05", "1/20", "critical success: the range changes"),
            ("06-84", "79/100", "the range changes"), ("85-00", "4/25", "no change")]


def rich_table(notation: str, rows: list[tuple[str, str, str]]) -> Table:
    table = Table(box=None, show_header=True, padding=(0, 1), header_style="bold")
    table.add_column(notation, justify="right")
    table.add_column("odds", justify="right", style="dim")
    table.add_column("effect")
    for row in rows:
        table.add_row(*row)
    return table


def cells(renderable: object, width: int) -> list[list[tuple[str, str]]]:
    """Each line as (character, style) cells, trailing plain blanks dropped."""
    console = Console(width=width, color_system="truecolor", highlight=False)
    out = []
    for line in console.render_lines(renderable, console.options, pad=False):
        row = [(char, str(seg.style or "")) for seg in Segment.simplify(line)
               for char in seg.text]
        while row and row[-1] == (" ", ""):
            row.pop()
        out.append(row)
    while out and not out[-1]:
        out.pop()
    return out


@pytest.mark.parametrize("width", [36, 40, 48, 60, 80, 120])
@pytest.mark.parametrize("notation,rows", [("1d6", ROWS), ("1d100", CRITICAL)])
def test_it_draws_what_a_rich_table_draws(width: int, notation: str,
                                          rows: list[tuple[str, str, str]]) -> None:
    table = ChanceTable(notation, rows, min_effect=20)
    assert table.effect_width(width) >= 20
    assert cells(table, width) == cells(rich_table(notation, rows), width)


def test_a_narrow_table_shows_the_odds_of_each_outcome() -> None:
    table = ChanceTable("1d100", CRITICAL, min_effect=24)
    assert table.effect_width(30) < 24
    shown = ["".join(c for c, _ in line) for line in cells(table, 30)]
    assert shown == ["1d100:", "84% the range changes", "16% no change"]
    assert cells(table, 30) == cells(compact_chance("1d100", CRITICAL), 30)
