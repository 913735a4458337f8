"""The ``a`` dialog, "The admiral's thinking": what the AI made of its latest decisions,
the last one first (its best options with their values and rollouts, or why it has
none); Escape closes."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from tui_naval.app.deliberations import Deliberation
from tui_naval.tui.screens.base import NavalModal
from tui_naval.tui.widgets.glyphs import ascii_text
from tui_naval.tui.widgets.thinking import deliberation_text

#: The width the text is laid out at: the dialog's, less its border, padding and the
#: scroll bar's room.
TEXT_WIDTH = 66


def thinking_text(decisions: Sequence[Deliberation], note: str = "") -> Text:
    """The dialog's text: each decision, the last first, or ``note`` when there is none."""
    out = Text()
    if not decisions:
        out.append(note or "No AI has decided yet in this game.", "italic")
        return out
    for number, seen in enumerate(decisions):
        if number == 1:
            out.append("\n\nEarlier, the latest first:", "bold")
        if number:
            out.append("\n\n")
        out.append_text(deliberation_text(seen, TEXT_WIDTH))
    if note:
        out.append(f"\n\n{note}", "dim")
    return out


class ThinkingDialog(NavalModal[None]):
    """The AI's latest decisions and what its search made of them."""

    DEFAULT_CSS = """
    ThinkingDialog #thinking-box {
        width: 72;
    }
    ThinkingDialog #thinking-scroll {
        height: auto;
        max-height: 22;
    }
    """

    def __init__(self, decisions: Sequence[Deliberation], note: str = "",
                 ascii_only: bool = False) -> None:
        super().__init__()
        self.decisions = tuple(decisions)
        text = thinking_text(self.decisions, note)
        self.body = ascii_text(text) if ascii_only else text

    def compose(self) -> ComposeResult:
        with Vertical(id="thinking-box", classes="dialog"):
            yield Static("[b]The admiral's thinking[/b]  [dim]arrows scroll; Escape "
                         "closes[/dim]", classes="dialog-title")
            with VerticalScroll(id="thinking-scroll"):
                yield Static(self.body, markup=False)

    def on_mount(self) -> None:
        self.query_one("#thinking-scroll", VerticalScroll).focus()

    @property
    def text(self) -> str:
        """The dialog's plain text (for tests)."""
        return self.body.plain
