"""The ship panel: a title and a ruleset's ``Row`` list, with bars for fractions.

::

    B1 Cutter (blue)
    Heading    N, close-hauled
    Strain     0         ░░░░░░░░
    Crew       100%      ████████
    Starboard  7/12 x 9-pounder
    (engaged)            █████░░░

Labels take at most ``LABEL_WIDTH`` columns (longer ones wrap); values wrap in
their own column.  Bars line up after the longest value they fit beside, and
shrink (down to ``MIN_BAR``) when the panel is narrow; a row whose value leaves
no room keeps its numbers and loses the bar, unless its label's second line
leaves a spare line for it.  A row whose value starts with the title (the
rulesets' "Ship" row) becomes the title.

The panel knows nothing of any ruleset: it draws whatever rows
``Ruleset.describe`` returns.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.reactive import var

from tui_naval.core.ruleset import Row
from tui_naval.tui.widgets.glyphs import ascii_text, glyphs
from tui_naval.tui.widgets.text_panel import TextPanel

#: Characters in a full fraction bar.
BAR_WIDTH = 8
#: The narrowest bar drawn; with less room the row has no bar.
MIN_BAR = 3
#: Most columns a label takes; longer labels wrap (a longer word is cut with "…").
LABEL_WIDTH = 11


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells (words kept whole when they fit)."""
    width = max(1, width)
    lines = textwrap.wrap(text, width, break_on_hyphens=False) or [""]
    return [line if cell_len(line) <= width else set_cell_size(line, width) for line in lines]


def wrap_label(label: str, width: int) -> list[str]:
    """A label in lines of at most ``width`` cells; a word too long is cut with "…"."""
    width = max(1, width)
    words = textwrap.wrap(label, width, break_long_words=False, break_on_hyphens=False)
    return [w if cell_len(w) <= width else set_cell_size(w, width - 1) + "…"
            for w in words] or [""]


class ShipPanel(TextPanel):
    """A ship's condition as labelled rows; call ``show``."""

    DEFAULT_CSS = """
    ShipPanel {
        height: auto;
        padding: 0 1;
    }
    ShipPanel > .ship-panel--title { text-style: bold; }
    ShipPanel > .ship-panel--label { color: $text-muted; }
    ShipPanel > .ship-panel--value { color: $text; }
    ShipPanel > .ship-panel--bar { color: ansi_bright_green; }
    ShipPanel > .ship-panel--bar-empty { color: $text-muted; }
    ShipPanel > .ship-panel--empty { color: $text-muted; text-style: italic; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "ship-panel--title", "ship-panel--label", "ship-panel--value",
        "ship-panel--bar", "ship-panel--bar-empty", "ship-panel--empty",
    }

    ascii_only: var[bool] = var(False)
    """Draw bars with ASCII only."""

    def __init__(self, *, ascii_only: bool = False, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._title = ""
        self._rows: tuple[Row, ...] = ()
        self.set_reactive(ShipPanel.ascii_only, ascii_only)

    @property
    def title(self) -> str:
        return self._title

    @property
    def rows(self) -> tuple[Row, ...]:
        return self._rows

    def show(self, title: str, rows: Sequence[Row]) -> None:
        """Show ``rows`` under ``title``; rows with a ``fraction`` get a bar."""
        self._title = title
        self._rows = tuple(rows)
        self.content_changed()

    def watch_ascii_only(self) -> None:
        self.content_changed()

    def content(self, width: int) -> Text:
        text = Text("\n", no_wrap=True).join(self.lines(width))
        # (Names and values come from maps and rulesets: any character may be in them.)
        return ascii_text(text) if self.ascii_only else text

    def heading(self) -> tuple[str, tuple[Row, ...]]:
        """The title and the rows under it: a row whose value starts with the title (the
        rulesets' "Ship" row) says more than the bare title, and takes its place."""
        title, rows = self._title, self._rows
        merged = next((r for r in rows if r.value.startswith(title)), None) if title else None
        if merged is not None:
            return merged.value, tuple(r for r in rows if r is not merged)
        return title, rows

    def label_width(self, width: int) -> int:
        """The label column's width for a panel ``width`` cells wide."""
        cap = max(1, min(LABEL_WIDTH, (width - 1) // 2))
        return max((cell_len(line) for row in self.heading()[1]
                    for line in wrap_label(row.label, cap)), default=0)

    def lines(self, width: int) -> list[Text]:
        """The panel's lines for a content ``width``: none is wider than ``width``."""
        width = max(1, width)
        style = self.get_component_rich_style
        title, rows = self.heading()
        if title:
            head = style("ship-panel--title")
        else:
            title, head = "No ship selected", style("ship-panel--empty")
        out = [Text(line, style=head) for line in wrap(title, width)]
        if not rows:
            return out
        label_width = self.label_width(width)
        value_width = max(1, width - label_width - 1)
        labels = [wrap_label(row.label, label_width) for row in rows]
        values = [wrap(row.value, value_width) for row in rows]
        # Bars line up after the longest (last line of a) value that leaves room for a
        # whole bar; a longer value gets a shorter bar right after it, if there is room.
        bar_column = max((cell_len(v[-1]) for row, v in zip(rows, values, strict=True)
                          if row.fraction is not None
                          and cell_len(v[-1]) + 1 + BAR_WIDTH <= value_width), default=-1)
        label_style, value_style = style("ship-panel--label"), style("ship-panel--value")
        bar_styles = style("ship-panel--bar"), style("ship-panel--bar-empty")
        for row, label_lines, value_lines in zip(rows, labels, values, strict=True):
            value_lines = list(value_lines)
            bar_line, bar_at, bar_width = -1, 0, 0
            if row.fraction is not None:
                last = cell_len(value_lines[-1])
                if last <= bar_column:
                    bar_line, bar_at, bar_width = len(value_lines) - 1, bar_column, BAR_WIDTH
                elif value_width - last - 1 >= MIN_BAR:
                    bar_line, bar_at = len(value_lines) - 1, last
                    bar_width = min(BAR_WIDTH, value_width - last - 1)
                elif len(label_lines) > len(value_lines):
                    # The label's second line leaves a line for the bar.
                    value_lines.append("")
                    bar_line = len(value_lines) - 1
                    bar_at = max(0, bar_column)
                    bar_width = min(BAR_WIDTH, value_width - bar_at - 1)
            for i in range(max(len(label_lines), len(value_lines))):
                line = Text(no_wrap=True, overflow="ellipsis")
                label = label_lines[i] if i < len(label_lines) else ""
                line.append(label + " " * (label_width - cell_len(label)), label_style)
                line.append(" ")
                value = value_lines[i] if i < len(value_lines) else ""
                line.append(value, value_style)
                if i == bar_line and row.fraction is not None and bar_width >= MIN_BAR:
                    line.append(" " * (bar_at - cell_len(value) + 1))
                    self._bar(line, row.fraction, bar_width, bar_styles)
                line.rstrip()
                out.append(line)
        return out

    def _bar(self, line: Text, fraction: float, width: int,
             styles: tuple[Style, Style]) -> None:
        full, empty = glyphs(self.ascii_only).bar(fraction, width)
        line.append(full, styles[0])
        line.append(empty, styles[1])
