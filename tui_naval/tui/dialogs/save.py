"""Save the game under a name."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from tui_naval.app.session import save_path
from tui_naval.tui.screens.base import NavalModal


def shown_path(path: Path) -> str:
    """A path as the player is shown it: under the home folder as ``~/...``.  (A served
    game's home is the player's own folder there: the host's folders are never shown.)"""
    try:
        inside = path.relative_to(Path.home())
    except (ValueError, RuntimeError):  # (elsewhere; no home at all)
        return str(path)
    return "~" if inside == Path() else f"~/{inside}"


class SaveDialog(NavalModal[str | None]):
    """Asks for a save's name; dismisses with it, or None."""

    def __init__(self, default: str, folder: Path) -> None:
        super().__init__()
        self.default = default
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(id="save-box", classes="dialog"):
            yield Static("[b]Save game[/b] [dim]Enter saves, Escape cancels[/dim]",
                         classes="dialog-title")
            yield Input(self.default, id="save-name", placeholder="name")
            yield Static("", id="save-where", classes="dialog-note")

    def on_mount(self) -> None:
        self.query_one("#save-name", Input).focus()
        self._where(self.default)

    @on(Input.Changed, "#save-name")
    def _changed(self, event: Input.Changed) -> None:
        self._where(event.value)

    def _where(self, name: str) -> None:
        path = save_path(self.folder, name)
        note = Text.assemble(("to ", "dim"), shown_path(path))
        if path.exists():
            note.append("  (replaces a save)", style="bold yellow")
        self.query_one("#save-where", Static).update(note)

    @on(Input.Submitted, "#save-name")
    def _submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if name:
            self.dismiss(name)
