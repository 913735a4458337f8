"""The message log: every event of the game, one Line-API widget.

Small, the log gives each entry one line, cut with an ellipsis, so it never
opens on the tail of an earlier entry; enlarged (class ``-big``), entries wrap
in full.  Entries are drawn when a line is first shown, at the width of the
moment, so the log needs no size to be filled and is complete in the first
frame; it follows the newest entry unless the player has scrolled (or paged) back.
It keeps the whole game, so ``page`` goes back to the game's start (``to_start``).
"""

from __future__ import annotations

from collections import deque

from rich.cells import cell_len
from rich.console import Console
from rich.containers import Lines
from rich.segment import Segment
from rich.text import Text
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui_naval.core.values import frozen
from tui_naval.tui.widgets.glyphs import app_ascii_only, ascii_text, cut, glyphs, to_ascii
from tui_naval.tui.widgets.sized_view import SizedView


@frozen
class LogEntry:
    """One entry of the log: a turn, a kind (coloured) and the text."""

    turn: int
    kind: str
    kind_style: str
    body: Text

    #: The widths of the turn's and the kind's columns (each has a space after it).
    TURN_WIDTH = 4
    KIND_WIDTH = 7

    def render(self, console: Console, width: int, wrap: bool,
               ascii_only: bool = False) -> Text:
        """The entry as lines of ``width`` cells: the turn (dim), the kind, the text.
        Wrapped, the text hangs under itself, not under the turn and kind; unwrapped,
        it ends in an ellipsis where it is cut (``~`` in ASCII).  (As a Rich
        ``Table.grid(padding=(0, 1))`` of the three lays it out, but ten times faster.)"""
        mark = glyphs(ascii_only).ellipsis
        turn = cut(Text(f"T{self.turn}", style="dim"), self.TURN_WIDTH, mark, pad=True)
        turn.append(" ")
        kind = Text(to_ascii(self.kind) if ascii_only else self.kind, style=self.kind_style)
        kind = cut(kind, self.KIND_WIDTH, mark, pad=True)
        body = ascii_text(self.body) if ascii_only else self.body.copy()
        # The text's column is as wide as its longest line, if there is room.
        room = max(1, width - self.TURN_WIDTH - self.KIND_WIDTH - 2)
        longest = max((cell_len(line) for line in body.plain.splitlines()), default=0)
        column = min(room, longest) or 1
        if wrap:
            lines = body.wrap(console, column, justify="left", overflow="fold")
        else:
            lines = Lines(cut(line, column, mark) for line in body.split("\n"))
        indent = Text(" " * (self.TURN_WIDTH + 1), style="dim")
        out = Text(no_wrap=True, overflow="crop", end="")
        for index, line in enumerate(lines):
            if index:
                out.append("\n")
                out.append_text(indent)
                out.append(" " * (self.KIND_WIDTH + 1))
            else:
                out.append_text(turn)
                out.append_text(kind)
                out.append(" ")
            out.append_text(line)
        return out


class MessageLog(SizedView, can_focus=False):
    """A scrolling log of ``LogEntry`` lines (the newest at the bottom)."""

    DEFAULT_CSS = """
    MessageLog {
        overflow-x: hidden;
    }
    """

    #: More entries than a long game makes (a 20-ship race of 60 turns: about 4000).
    class Followed(Message):
        """The log has begun or stopped following the newest entry (paged back, or on to
        the end again)."""

        def __init__(self, log: MessageLog) -> None:
            super().__init__()
            self.log = log

        @property
        def control(self) -> MessageLog:
            return self.log

    MAX_ENTRIES = 20000
    #: The entries' drawn lines kept (as many as before the log kept the whole game).
    MAX_DRAWN = 20000
    #: Narrower than this, entries are drawn this wide and cut.
    MIN_WIDTH = 20

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: deque[LogEntry] = deque(maxlen=self.MAX_ENTRIES)
        #: Entries dropped off the front (so a line's entry is known after a drop).
        self._dropped = 0
        #: (entry number, width, wrap) -> the entry's lines.
        self._drawn: dict[tuple[int, int, bool], list[Strip]] = {}
        #: Wrapped (big) layout: the width it was made for, and each line's entry and row.
        self._wrapped_width = 0
        self._wrapped: list[tuple[int, int]] = []
        #: Keep the newest entry in view (off once the player scrolls back).
        self._follow = True

    # -- what the screen calls ---------------------------------------------------------
    @property
    def big(self) -> bool:
        return self.has_class("-big")

    def add(self, entry: LogEntry) -> None:
        """Add an entry at the bottom."""
        if len(self.entries) == self.entries.maxlen:
            self._dropped += 1
        self.entries.append(entry)
        if self.big and self._wrapped_width:
            self._wrap_entry(len(self.entries) - 1, self._wrapped_width)
        self._resize_content()

    def replace(self, entries: list[LogEntry]) -> None:
        """Show ``entries`` instead of what is shown (the newest in view)."""
        self.entries.clear()
        self.entries.extend(entries)
        self._dropped = 0
        self._drawn.clear()
        self._wrapped_width = 0
        self._set_follow(True)
        self._resize_content()

    def toggle_big(self) -> None:
        """Enlarge the log (entries wrap in full) or shrink it (one line each)."""
        self.toggle_class("-big")
        self._wrapped_width = 0
        self._set_follow(True)
        self._resize_content()

    @property
    def following(self) -> bool:
        """Whether the newest entry is kept in view (the player has not paged back)."""
        return self._follow

    @property
    def page_height(self) -> int:
        """The lines a page moves: the view's, less one kept from the page before (all of
        a log of three lines or fewer)."""
        height = self.scrollable_content_region.height
        return max(1, height - 1 if height > 3 else height)

    def page(self, pages: int) -> None:
        """Scroll ``pages`` pages on (back, for a negative number); on to the end, the
        newest entry is followed again."""
        self.scroll_lines(pages * self.page_height)

    def to_start(self) -> None:
        """Scroll back to the game's first entry."""
        self.scroll_lines(-int(self.scroll_y))

    def to_end(self) -> None:
        """Scroll on to the newest entry, and follow the new ones again."""
        self.scroll_lines(int(self.max_scroll_y - self.scroll_y) + 1)

    def scroll_lines(self, lines: int) -> None:
        """Scroll by ``lines`` (back, for a negative number), within the log, at once."""
        self._fit_content()  # (the content's height is the entries' now)
        target = max(0, min(self.max_scroll_y, int(self.scroll_y) + lines))
        self.scroll_to(y=target, animate=False, force=True, immediate=True)
        self._set_follow(target >= self.max_scroll_y)

    def _set_follow(self, follow: bool) -> None:
        if follow != self._follow:
            self._follow = follow
            self.post_message(self.Followed(self))

    @property
    def lines(self) -> list[Strip]:
        """Every line of the log at its present width."""
        width = self._width()
        if self.big:
            self._ensure_wrapped(width)
            return [self._line(number, row, width) for number, row in self._wrapped]
        first = self._dropped
        return [self._line(first + index, 0, width) for index in range(len(self.entries))]

    # -- sizes and scrolling ------------------------------------------------------------
    def _width(self) -> int:
        return max(self.MIN_WIDTH, self._content_width())

    def _line_count(self) -> int:
        """Lines of content: one an entry when small; when big, as wrapped at the
        present width (one an entry until the width is known)."""
        if not self.big or self._content_width() <= 0:
            return len(self.entries)
        self._ensure_wrapped(self._width())
        return len(self._wrapped)

    def _resize_content(self) -> None:
        """The content's new height, the scrollbar and the view; no new layout (the
        log's own size does not change)."""
        self._fit_content()
        self.refresh()

    def _fit_content(self) -> None:
        """The content's height at the present width, and the newest entry in view."""
        self._set_content_size(Size(max(0, self._content_width()), self._line_count()))
        self._keep_end()

    def _keep_end(self) -> None:
        if self._follow:
            end = self.max_scroll_y
            self.set_reactive(ScrollView.scroll_y, end)
            self.set_reactive(ScrollView.scroll_target_y, end)
            if self.show_vertical_scrollbar:
                self.vertical_scrollbar.position = end

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        # The player scrolled back: stay there; back at the end: follow again.
        self._set_follow(new_value >= self.max_scroll_y)

    # -- drawing ------------------------------------------------------------------------
    def _ensure_wrapped(self, width: int) -> None:
        if self._wrapped_width != width:
            self._wrapped_width = width
            self._wrapped = []
            for index in range(len(self.entries)):
                self._wrap_entry(index, width)

    def _wrap_entry(self, index: int, width: int) -> None:
        number = index + self._dropped
        rows = len(self._draw(number, width, wrap=True))
        self._wrapped.extend((number, row) for row in range(rows))
        while self._wrapped and self._wrapped[0][0] < self._dropped:
            self._wrapped.pop(0)

    def _draw(self, number: int, width: int, wrap: bool) -> list[Strip]:
        key = (number, width, wrap)
        strips = self._drawn.get(key)
        if strips is None:
            if len(self._drawn) > self.MAX_DRAWN:
                self._drawn.clear()
            entry = self.entries[number - self._dropped]
            console = self.app.console
            options = console.options.update_width(width)
            lines = console.render_lines(
                entry.render(console, width, wrap, app_ascii_only(self.app)), options, pad=True)
            strips = [Strip(Segment.simplify(line), width) for line in lines] or [
                Strip.blank(width)]
            self._drawn[key] = strips
        return strips

    def _line(self, number: int, row: int, width: int) -> Strip:
        strips = self._draw(number, width, wrap=self.big)
        return strips[row] if row < len(strips) else Strip.blank(width)

    def render_line(self, y: int) -> Strip:
        width = self._content_width()
        index = y + int(self.scroll_y)
        drawn_width = max(self.MIN_WIDTH, width)
        if self.big:
            self._ensure_wrapped(drawn_width)
            where = self._wrapped[index] if index < len(self._wrapped) else None
        else:
            where = (index + self._dropped, 0) if index < len(self.entries) else None
        if where is None:
            return Strip.blank(width, self.rich_style)
        strip = self._line(where[0], where[1], drawn_width)
        return strip.crop_extend(0, width, self.rich_style).apply_style(self.rich_style)
