"""A panel of text that scrolls itself.

What a subclass says (``content(width)``) is drawn as Textual draws any widget's
``render()``, into a ``ScrollView`` as tall as the text: the panel scrolls when it
says more than its room, with no scrolling container around it (each widget costs
a launch about a millisecond to mount, style and draw).  ``height: auto`` fits
the text.  The subclass calls ``content_changed`` when what it says has changed.
"""

from __future__ import annotations

from rich.console import RenderableType
from textual.geometry import Size
from textual.strip import Strip
from textual.visual import Visual, visualize

from tui_naval.tui.widgets.glyphs import AsciiLines
from tui_naval.tui.widgets.sized_view import SizedView


class TextPanel(AsciiLines, SizedView, can_focus=False):
    """Text from ``content()``, scrolled vertically when it is taller than the panel."""

    DEFAULT_CSS = """
    TextPanel {
        overflow-x: hidden;
    }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._version = 0
        #: The text drawn at one width: (width, version, style) and its lines.
        self._drawn_key: tuple[object, ...] | None = None
        self._drawn: list[Strip] = []

    #: The panel is at least this many lines tall when its height is ``auto`` (a prompt
    #: keeps its height while the highlight moves over details of different lengths:
    #: the screen is not laid out again, and the key's effect is drawn in one frame).
    min_lines = 0

    def least_lines(self, width: int) -> int:
        """The fewest lines the panel takes at ``width`` when its height is ``auto``."""
        return self.min_lines

    def content(self, width: int) -> RenderableType:
        """What the panel says, for a panel ``width`` cells wide (Textual wraps it)."""
        return ""

    def content_changed(self) -> None:
        """What ``content`` says has changed: draw it anew, and lay the panel out anew
        if it is now taller or shorter.

        Text that outgrows a panel with no scroll bar is fitted in the layout pass, at the
        panel's new height: fitted now, at the old one, it would show a scroll bar that
        the layout pass takes back, and Textual would lay the screen out and draw the
        panel again in a second frame."""
        width = self._content_width()
        least = self.least_lines(width)
        height = max(least, len(self._drawn))
        self._version += 1
        lines = len(self.strips(width)) if width > 0 else len(self._drawn)
        if lines <= self.container_size.height or self.show_vertical_scrollbar:
            self._fit_content()
        self.refresh(layout=max(least, lines) != height)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn_key = None

    def strips(self, width: int) -> list[Strip]:
        """The text's lines, ``width`` cells wide (drawn once a width and a change)."""
        width = max(1, width)
        key = (width, self._version, self.visual_style)
        if key != self._drawn_key:
            visual = visualize(self, self.content(width), markup=False)
            self._drawn = Visual.to_strips(self, visual, width, None, self.visual_style,
                                           pad=True)
            self._drawn_key = key
        return self._drawn

    # -- sizes --------------------------------------------------------------------------
    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # (``width`` includes the scroll bar's gutter; the text is drawn beside it)
        width = max(1, width - self.scrollbar_size_vertical)
        return max(self.least_lines(width), len(self.strips(width)))

    def _fit_content(self) -> None:
        width = self._content_width()
        if width > 0:
            self._set_content_size(Size(width, len(self.strips(width))))

    # -- drawing ------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self._content_width()
        lines = self.strips(width)
        index = y + int(self.scroll_y)
        if 0 <= index < len(lines):
            return lines[index]
        return Strip.blank(width, self.visual_style.rich_style)


class NotePanel(TextPanel):
    """Notes beside the game (the hints, the admiral's thinking): as tall as their text up
    to half the screen, under an accent rule, scrolled when longer."""

    DEFAULT_CSS = """
    NotePanel {
        height: auto;
        max-height: 50%;
        padding: 0 0 0 1;
        border-top: hkey $accent;
        border-title-color: $accent;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
        scrollbar-size-horizontal: 0;
    }
    """
