"""The ``v`` dialog: both fleets side by side, every ship's condition as the ruleset's
``describe`` rows give it (hull, rigging, crew, guns loaded, Strain... whatever the
ruleset has), read from the state the player may see.

::

    blue (you)                    red
    B1 Cutter                     R1 Frigate
    Heading  N, close-hauled      Heading  S, running
    Crew     100%  ████████       Crew     80%   ██████░░
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from tui_naval.core.ruleset import Row
from tui_naval.tui.screens.base import NavalModal
from tui_naval.tui.widgets.glyphs import ascii_text, glyphs

#: A side's name and its fleet: each vessel's title and rows.
Fleet = tuple[str, Sequence[tuple[str, Sequence[Row]]]]
#: Characters in a fraction bar.
BAR = 6
#: Most columns a row's label takes.
LABEL = 10


def fleet_text(side: str, fleet: Sequence[tuple[str, Sequence[Row]]], *, mine: bool,
               ascii_only: bool = False) -> Text:
    """One fleet's column: the side, then each ship's title and rows (a bar for a
    fraction).  Text from the ruleset goes in as plain text, never as markup."""
    out = Text()
    out.append(side, "bold reverse")
    if mine:
        out.append(" (you)", "bold")
    if not fleet:
        out.append("\nno vessels", "dim italic")
    g = glyphs(ascii_only)
    for title, rows in fleet:
        shown = [r for r in rows if not r.value.startswith(title)] if title else list(rows)
        head = next((r.value for r in rows if title and r.value.startswith(title)), title)
        out.append("\n\n")
        out.append(head, "bold")
        width = min(LABEL, max((cell_len(r.label) for r in shown), default=0))
        for row in shown:
            label = (row.label if cell_len(row.label) <= width
                     else row.label[:width - 1] + g.ellipsis)
            out.append("\n")
            out.append(label.ljust(width), "dim")
            out.append(" ")
            out.append(row.value)
            if row.fraction is not None:
                full, empty = g.bar(row.fraction, BAR)
                out.append(" ")
                out.append(full, "green")
                out.append(empty, "dim")
    return ascii_text(out) if ascii_only else out


class FleetsDialog(NavalModal[None]):
    """Every side's fleet in a column, scrolled together; Escape closes."""

    DEFAULT_CSS = """
    FleetsDialog #fleets-box {
        width: 96%;
        max-width: 160;
        height: 90%;
    }
    FleetsDialog #fleets-scroll {
        height: 1fr;
    }
    FleetsDialog #fleets-columns {
        height: auto;
    }
    FleetsDialog .fleet {
        width: 1fr;
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, fleets: Sequence[Fleet], mine: str | None = None,
                 ascii_only: bool = False) -> None:
        super().__init__()
        self.fleets = list(fleets)
        self.mine = mine
        self.ascii_only = ascii_only
        #: Each side's column.
        self.columns = [fleet_text(side, fleet, mine=side == mine, ascii_only=ascii_only)
                        for side, fleet in self.fleets]

    def compose(self) -> ComposeResult:
        with Vertical(id="fleets-box", classes="dialog"):
            yield Static("[b]Fleets[/b] [dim]arrows scroll; Escape closes[/dim]",
                         classes="dialog-title")
            with VerticalScroll(id="fleets-scroll"), Horizontal(id="fleets-columns"):
                for column in self.columns:
                    yield Static(column, classes="fleet", markup=False)

    def on_mount(self) -> None:
        self.query_one("#fleets-scroll", VerticalScroll).focus()

    @property
    def text(self) -> str:
        """Every column's plain text, one after the other (for tests)."""
        return "\n".join(column.plain for column in self.columns)
