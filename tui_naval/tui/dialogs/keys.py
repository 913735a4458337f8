"""The ``?`` dialog: the keys of the screen underneath, as they are bound now."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tui_naval.tui.keys import KNOWN_IDS
from tui_naval.tui.screens.base import NavalModal

#: Keys the list adds by hand: the prompt's own and Textual's.
EXTRA = (
    ("\u2191 \u2193 \u23ce", "Move in a list (the prompt, the menu) and choose"),
    ("^p", "Command palette: every command of this screen by name"),
)


def keys_table(screen: Screen[object]) -> Table:
    """Key and what it does, for the app's commands bound on a screen (as remapped)."""
    table = Table(box=None, padding=(0, 2, 0, 0), show_header=True, header_style="bold")
    table.add_column("Key", style="bold cyan", no_wrap=True)
    table.add_column("Does")
    seen: dict[str, list[str]] = {}
    enabled: dict[str, bool] = {}
    order: list[str] = []
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if binding.id not in KNOWN_IDS:
            continue
        what = binding.tooltip or binding.description
        if what.startswith("Answer the prompt with option"):
            what = "Answer the prompt with that option"
        if what not in seen:
            seen[what] = []
            order.append(what)
        enabled[what] = enabled.get(what, False) or active.enabled
        label = screen.app.get_key_display(binding.with_key(key))
        if label not in seen[what]:
            seen[what].append(label)
    for what in order:
        labels = seen[what]
        if what.startswith("Answer the prompt") and len(labels) > 2:
            labels = [f"{labels[0]}-{labels[-1]}"]
        table.add_row(" ".join(labels), Text(what, style="" if enabled[what] else "dim"))
    for key, what in EXTRA:
        table.add_row(key, Text(what, style="dim"))
    return table


class KeysDialog(NavalModal[None]):
    """Lists the keys of the screen it was opened over."""

    def __init__(self, over: Screen[object]) -> None:
        super().__init__()
        self.over = over

    def compose(self) -> ComposeResult:
        with Vertical(id="keys-box", classes="dialog"):
            yield Static("[b]Keys[/b] [dim]Escape closes; ctrl+p finds any command[/dim]",
                         classes="dialog-title")
            with VerticalScroll():
                yield Static(keys_table(self.over), id="keys-table")
