"""The hall of fame: the best voyages sailed, or a day's daily board, one ruleset's or all.

The board is a DataTable whose last column, how each voyage ended, takes the width the
others leave (cut to fit: the whole of it is shown under the table for the highlighted
voyage, with its seed and morgue file; on a tall screen, its legs and chart from the
morgue file too).  A hall that cannot be read is said in one line.
"""

from __future__ import annotations

from datetime import UTC
from typing import ClassVar

from rich.console import JustifyMethod
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import DataTable, Input, Static

from tui_naval.core.messages import one_line
from tui_naval.rulesets import UnknownRuleset, find_entry
from tui_naval.tui import keys
from tui_naval.tui.screens.base import NavalScreen
from tui_naval.tui.widgets.glyphs import glyphs, to_ascii
from tui_naval.tui.widgets.key_bar import KeyBar
from tui_naval.tui.widgets.option_list import LONG, matches
from tui_naval.voyage.hall import Entry, Hall, HallError

C = keys.Command
#: The screen's keys.
#: The most entries a board lists (the table scrolls).
LIMIT = 100
#: The columns before the last, with the widest each may be.
COLUMNS = (("#", 3), ("Score", 7), ("Captain", 18), ("Ruleset", 15), ("Legs", 4),
           ("Prizes", 6), ("Date", 10))
LAST = "How it ended"
#: The columns whose figures are set to the right.
NUMBERS = frozenset({"#", "Score", "Legs", "Prizes"})
#: The columns left out, in this order, until the last has ``MIN_LAST`` cells (the date
#: and the prizes: the date is under the table too).
OPTIONAL = (6, 5)
MIN_LAST = 20


class HallScreen(NavalScreen[None]):
    """The hall of fame's boards; Escape goes back."""

    COMMAND_SET = keys.HALL
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.HALL)
    STYLESHEET = "hall"
    AUTO_FOCUS = "#hall-table"

    def __init__(self, hall: Hall) -> None:
        super().__init__()
        self.hall = hall
        #: The daily board shown (an ISO date), or "" for all voyages.
        self.daily = ""
        #: The ruleset shown (an id), or "" for all.
        self.ruleset = ""
        self.board: list[tuple[int, Entry]] = []
        #: Why the hall could not be read, or "".
        self.problem = ""
        self._width = 0

    def compose(self) -> ComposeResult:
        yield Static(id="hall-head")
        yield DataTable(id="hall-table", cursor_type="row", zebra_stripes=True)
        yield Input(placeholder="type to narrow the board (Escape ends)", compact=True,
                    id="hall-filter")
        yield Static(id="hall-detail")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#hall-filter", Input).display = False
        self.read()

    @property
    def typed(self) -> str:
        """What the player typed to narrow the board ("" for none)."""
        field = self.query_one("#hall-filter", Input)
        return field.value if field.display else ""

    def on_resize(self) -> None:
        if self.app.size.width != self._width:
            self.fill()
        else:
            self.show_detail()  # taller or shorter: the morgue's legs and chart or not

    # -- the board ----------------------------------------------------------------------
    def read(self) -> None:
        """Read the board asked for from the hall, and show it."""
        try:
            self.board = self.hall.top(LIMIT, daily=self.daily, ruleset=self.ruleset)
            self.problem = ""
        except HallError as exc:
            self.board, self.problem = [], str(exc)
        self.fill()

    def fill(self) -> None:
        """Show the board read: the heading, the table at this width, the highlighted
        voyage's detail."""
        self._width = self.app.size.width
        dot = glyphs(self._ascii).dot
        what = f"Daily voyage of {self.daily}" if self.daily else "All voyages"
        head = f" Hall of fame {dot} {what} {dot} {self._ruleset_title()} "
        self.query_one("#hall-head", Static).update(Text(head, style="bold reverse"))
        table: DataTable[Text] = self.query_one("#hall-table", DataTable)
        table.clear(columns=True)
        rows = [self._cells(rank, entry) for rank, entry in self.board]
        shown = list(range(len(COLUMNS)))
        widths = {i: min(cap, max([len(name), *(len(row[i]) for row in rows)]))
                  for i, (name, cap) in enumerate(COLUMNS)}
        while True:
            # (Each column takes 2 cells of padding besides its width; the table its margins
            # and a scroll bar, 3 more.)
            last = self._width - sum(widths[i] + 2 for i in shown) - 2 - 3
            if last >= MIN_LAST or not any(i in shown for i in OPTIONAL):
                break
            shown.remove(next(i for i in OPTIONAL if i in shown))
        last = max(last, 8)
        for i in shown:
            name = COLUMNS[i][0]
            table.add_column(Text(name, justify=_justify(name)), width=widths[i])
        table.add_column(LAST, width=last)
        typed = self.typed
        for n, (row, (_, entry)) in enumerate(zip(rows, self.board, strict=True)):
            if typed and not matches(typed, entry.name or "a captain", entry.ruleset,
                                     entry.cause, entry.date):
                continue
            cells = [Text(one_line(row[i], widths[i]), justify=_justify(COLUMNS[i][0]))
                     for i in shown]
            cells.append(Text(one_line(self._plain(entry.cause), last)))
            table.add_row(*cells, key=str(n))
        self.show_detail()
        self.refresh_bindings()  # (/ is offered on a board long enough to narrow)

    def _cells(self, rank: int, entry: Entry) -> list[str]:
        return [str(rank), str(entry.score), self._plain(entry.name or "a captain"),
                self._plain(entry.ruleset), str(entry.legs), str(entry.prizes),
                self._plain(entry.date)]

    def show_detail(self) -> None:
        """Under the table: the highlighted voyage in full, or why there is none."""
        detail = self.query_one("#hall-detail", Static)
        if self.problem:
            line = self._plain(self.problem)
            detail.update(Text(line[:1].upper() + line[1:], style="bold red"))
            return
        entry = self.selected()
        if entry is None:
            if self.daily or self.ruleset:
                empty = "No voyage on this board yet: press a for all voyages."
            else:
                empty = "The hall of fame is empty: no voyage has ended yet."
            detail.update(Text(empty, style="dim"))
            return
        dot = glyphs(self._ascii).dot
        kind = f"daily voyage of {entry.daily}" if entry.daily else "voyage"
        out = Text()
        out.append(self._plain(entry.name or "a captain"), "bold")
        out.append(f": {self._plain(entry.cause).rstrip('.')}.\n")
        out.append(f"Seed {entry.seed} {dot} {kind} {dot} ended {self._plain(entry.date)} "
                   f"{dot} entry {entry.id}", "dim")
        out.append("\nMorgue: ", "dim")
        out.append(self._plain(entry.morgue) if entry.morgue else "none kept")
        if entry.morgue and self.has_class("-taller"):
            out.append_text(self._from_morgue(entry.morgue))
        detail.update(out)

    def _from_morgue(self, morgue: str) -> Text:
        """The voyage's legs and chart, read back from its morgue file (a tall screen has
        the room), or why they cannot be."""
        from pathlib import Path

        from tui_naval.voyage.morgue import morgue_sections

        try:
            sections = morgue_sections(Path(morgue))
        except OSError as exc:
            return Text(f"\n\nThe morgue file cannot be read ({exc.strerror or exc}).", "dim")
        out = Text()
        for heading, lines in sections.items():
            if heading == "The legs:" or heading.startswith("The chart"):
                out.append(f"\n\n{heading}", "bold")
                for line in lines:
                    out.append("\n" + self._plain(line))
        return out

    def selected(self) -> Entry | None:
        """The highlighted voyage, if any."""
        table: DataTable[Text] = self.query_one("#hall-table", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.board[int(key)][1] if key is not None else None

    @on(DataTable.RowHighlighted, "#hall-table")
    def _highlighted(self) -> None:
        self.show_detail()

    # -- the keys -----------------------------------------------------------------------
    def action_all(self) -> None:
        self.daily = ""
        self.read()

    def action_daily(self) -> None:
        self.daily = self.naval.config.clock().astimezone(UTC).date().isoformat()
        self.read()

    def action_ruleset(self) -> None:
        """The next ruleset with voyages in the hall, then all of them again."""
        try:
            shown = ["", *self.hall.rulesets()]
        except HallError as exc:
            self.board, self.problem = [], str(exc)
            self.fill()
            return
        at = shown.index(self.ruleset) if self.ruleset in shown else 0
        self.ruleset = shown[(at + 1) % len(shown)]
        self.read()

    def action_replay(self) -> None:
        """Watch the highlighted voyage's last leg again (the replay screen; its other legs:
        ``tui-naval replay --hall ENTRY --leg N``)."""
        from tui_naval.app.recordings import hall_recording
        from tui_naval.core.saves import SaveError
        entry = self.selected()
        if entry is None:
            self.notify("No voyage to replay on this board.", timeout=3)
            return
        try:
            recording = hall_recording(entry.id)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot replay", severity="error", markup=False)
            return
        self.naval.replay(recording)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``/`` is offered where the list is long enough to narrow."""
        if action == "filter":
            return len(self.board) > LONG
        return True

    def action_filter(self) -> None:
        """Open the filter on a board of more than nine voyages: what is typed is the
        filter's, never a key of the screen."""
        field = self.query_one("#hall-filter", Input)
        if len(self.board) <= LONG or field.display:
            return
        field.display = True
        field.focus()

    @on(Input.Changed, "#hall-filter")
    def _narrowed(self) -> None:
        self.fill()

    @on(Input.Submitted, "#hall-filter")
    def _chosen(self) -> None:
        self.query_one("#hall-table", DataTable).focus()

    def action_close(self) -> None:
        field = self.query_one("#hall-filter", Input)
        if field.display:  # Escape ends the filter first
            field.value = ""
            field.display = False
            self.fill()
            self.query_one("#hall-table", DataTable).focus()
            return
        self.dismiss(None)

    # -- text ---------------------------------------------------------------------------
    @property
    def _ascii(self) -> bool:
        return self.naval.config.ascii_only

    def _plain(self, text: str) -> str:
        """Text from the hall's file, as one line, in ASCII with ``--ascii``."""
        line = one_line(text, 500)
        return to_ascii(line) if self._ascii else line

    def _ruleset_title(self) -> str:
        if not self.ruleset:
            return "every ruleset"
        try:
            return self._plain(find_entry(self.ruleset).title)
        except UnknownRuleset:
            return self._plain(self.ruleset)


def _justify(column: str) -> JustifyMethod:
    return "right" if column in NUMBERS else "left"
