"""The hint panel: the rules' hints of the moment, as the coach (``app.coach``) gives
them, each a bold title and a few plain lines."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text

from tui_naval.core.hints import Hint
from tui_naval.tui.widgets.text_panel import NotePanel


class HintPanel(NotePanel):
    """The hints of the moment: each a bold title and a few plain lines (never markup)."""

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.hints: tuple[Hint, ...] = ()
        #: A few words after the title on the panel's top edge (the key that hides it).
        self.label = ""
        self.border_title = "Hint"

    def show(self, hints: Sequence[Hint], footer: str = "") -> None:
        """Show ``hints`` (and a dim ``footer`` line, such as the key that hides them)."""
        self.hints = tuple(hints)
        self._footer = footer
        title = "Hints" if len(self.hints) > 1 else "Hint"
        self.border_title = f"{title} [dim]({escape(self.label)})[/]" if self.label else title
        self.content_changed()
        self.scroll_home(animate=False)

    _footer = ""

    def page_on(self) -> None:
        """Scroll a page on; at the end, back to the top."""
        if self.scroll_y >= self.max_scroll_y:
            self.scroll_home(animate=False)
        else:
            self.scroll_page_down(animate=False)

    def content(self, width: int) -> RenderableType:
        text = Text()
        for index, hint in enumerate(self.hints):
            if index:
                text.append("\n")
            text.append(hint.title, style="bold")
            text.append("\n")
            text.append(hint.text)
        if self._footer:
            text.append(("\n" if self.hints else "") + self._footer, style="dim")
        return text
