"""Choose a saved game: the save folder's games, newest first, to load or to replay.
More than nine saves may be narrowed by typing (``/``: the name, ruleset or map).

A replay is opened by the dialog itself, over the screen it leaves (which is handed
None, as when the dialog is closed): back from the replay, that screen is there."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Static

from tui_naval.core.messages import file_name, one_line
from tui_naval.core.saves import SaveError, list_saves
from tui_naval.tui import keys
from tui_naval.tui.dialogs.save import shown_path
from tui_naval.tui.screens.base import NavalModal
from tui_naval.tui.widgets.option_list import LONG, matches

#: The widest a save's name and its state are shown: both fit in the dialog at 80 columns.
NAME_WIDTH = 32
STATE_WIDTH = 30


class LoadDialog(NavalModal[Path | None]):
    """Lists the saves in a folder; dismisses with the chosen one's path, or None (also
    when it opens a save's replay)."""

    COMMAND_SET = keys.LOAD
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.LOAD)

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self._doomed: Path | None = None
        #: Why each unreadable save listed cannot be loaded, by its row key.
        self._problems: dict[str, str] = {}
        #: Saves in the folder (listed or not).
        self._count = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box", classes="dialog"):
            yield Static(Text.assemble(("Load game", "bold"), ("  from ", "dim"),
                                       (shown_path(self.folder), "dim")), classes="dialog-title")
            yield DataTable(id="load-table", cursor_type="row", zebra_stripes=True)
            yield Input(placeholder="type to narrow the saves (Escape ends)", compact=True,
                        id="load-filter")
            yield Static("", id="load-note", classes="dialog-note")

    def on_mount(self) -> None:
        table = self.query_one("#load-table", DataTable)
        # The state second, after the name: what a save is (unreadable, in progress, won)
        # shows in a dialog 80 columns wide, where the later columns are scrolled to.
        table.add_columns("Save", "State", "Ruleset", "Map", "Turn", "Saved")
        self.query_one("#load-filter", Input).display = False
        self.fill()
        table.focus()

    @property
    def typed(self) -> str:
        """What the player typed to narrow the list ("" for none)."""
        field = self.query_one("#load-filter", Input)
        return field.value if field.display else ""

    def fill(self) -> None:
        table = self.query_one("#load-table", DataTable)
        table.clear()
        self._problems.clear()
        saves = list_saves(self.folder)  # never raises: an unreadable file is listed as such
        self._count = len(saves)
        typed = self.typed
        for info in saves:
            if isinstance(info, SaveError):
                # A dangling link, a file deleted meanwhile, a damaged save: listed, and
                # it can be deleted.
                path = info.path or Path(str(info).split(": ", 1)[0])
                if typed and not matches(typed, path.stem):
                    continue
                key = f"!{path}"
                self._problems[key] = str(info)
                table.add_row(Text(one_line(path.stem, NAME_WIDTH), style="dim"),
                              Text("unreadable", style="red"), "", "", "", "", key=key)
                continue
            if typed and not matches(typed, info.path.stem, info.ruleset, info.map_name):
                continue
            state = info.outcome or "in progress"
            # Text, not str: a DataTable reads a str as markup, and these come from files.
            table.add_row(*map(Text, (one_line(info.path.stem, NAME_WIDTH),
                                      one_line(state, STATE_WIDTH), info.ruleset,
                                      info.map_name, str(info.turn),
                                      info.saved.replace("T", " ")[:16])),
                          key=str(info.path))
        note = "Enter loads, p replays, Delete deletes, Escape closes" if saves else \
            f"No saves in {shown_path(self.folder)} yet: press s in a game to save one."
        if typed:
            note = f"{table.row_count} of {len(saves)} saves match; Enter loads, Escape ends"
        elif len(saves) > LONG:
            note += f"; {self.key_of('load.filter')} narrows the list"
        self.query_one("#load-note", Static).update(Text(note, style="dim"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``/`` is offered where the list is long enough to narrow."""
        if action == "filter":
            return self._count > LONG
        return True

    def action_filter(self) -> None:
        """Open the filter (a list of more than nine saves): what is typed is the filter's,
        never a key of the dialog."""
        field = self.query_one("#load-filter", Input)
        if self._count <= LONG or field.display:
            return
        field.display = True
        field.focus()

    @on(Input.Changed, "#load-filter")
    def _narrowed(self) -> None:
        self.fill()

    @on(Input.Submitted, "#load-filter")
    def _chosen(self) -> None:
        self.action_open()


    def _current(self) -> str | None:
        table = self.query_one("#load-table", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return key

    @on(DataTable.RowSelected, "#load-table")
    def _selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        key = self._current()
        if key is None:
            return
        if key.startswith("!"):
            self.notify(self._problems.get(key, key[1:]), title="Cannot load", severity="error",
                        markup=False)
            return
        self.dismiss(Path(key))

    def action_replay(self) -> None:
        """Watch the highlighted save again (a save that cannot be replayed says why)."""
        from tui_naval.core.replay import load_recording
        from tui_naval.rulesets import find_ruleset

        key = self._current()
        if key is None:
            return
        if key.startswith("!"):
            self.notify(self._problems.get(key, key[1:]), title="Cannot replay",
                        severity="error", markup=False)
            return
        try:
            recording = load_recording(Path(key), find_ruleset)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot replay", severity="error", markup=False)
            return
        naval = self.naval
        self.dismiss(None)
        naval.replay(recording)

    def action_back(self) -> None:
        field = self.query_one("#load-filter", Input)
        if field.display:  # Escape ends the filter first
            field.value = ""
            field.display = False
            self.fill()
            self.query_one("#load-table", DataTable).focus()
            return
        self.dismiss(None)

    def action_delete(self) -> None:
        key = self._current()
        if key is None:
            return
        path = Path(key.removeprefix("!"))
        if self._doomed != path:
            self._doomed = path
            self.notify(f"Press Delete again to delete {path.name}.", timeout=3)
            return
        self._doomed = None
        try:
            path.unlink()
        except FileNotFoundError:
            pass  # gone already: the listing is refreshed
        except OSError as exc:
            self.notify(one_line(f"{file_name(path)}: cannot delete: {exc.strerror or exc}"),
                        severity="error", markup=False)
        self.fill()
