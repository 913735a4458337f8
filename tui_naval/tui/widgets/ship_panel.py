"""The ship panel: a title and a ruleset's ``Row`` list, with bars for fractions.

::

    B1 Cutter (blue)
    Heading N, close-hauled
    Strain  0    ░░░░░░░░
    Crew    100% ████████

Bars line up after the longest value that has one; long values wrap.

The panel knows nothing of any ruleset: it draws whatever rows
``Ruleset.describe`` returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.reactive import var
from textual.widget import Widget

from tui_naval.core.ruleset import Row
from tui_naval.tui.widgets.glyphs import glyphs

#: Characters in a fraction bar.
BAR_WIDTH = 8


class ShipPanel(Widget):
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
        self.refresh(layout=True)

    def watch_ascii_only(self) -> None:
        self.refresh()

    def render(self) -> Text:
        style = self.get_component_rich_style
        out = Text(self._title or "No ship selected",
                   style=style("ship-panel--title" if self._title else "ship-panel--empty"))
        if not self._rows:
            return out
        g = glyphs(self.ascii_only)
        label_width = max(len(row.label) for row in self._rows)
        # Bars line up after the longest value that has one.
        bar_column = max((len(row.value) for row in self._rows if row.fraction is not None),
                         default=0)
        label_style, value_style = style("ship-panel--label"), style("ship-panel--value")
        full_style, empty_style = style("ship-panel--bar"), style("ship-panel--bar-empty")
        for row in self._rows:
            out.append("\n")
            out.append(row.label.ljust(label_width), label_style)
            out.append(" ")
            if row.fraction is None:
                out.append(row.value, value_style)
                continue
            out.append(row.value.ljust(bar_column), value_style)
            full, empty = g.bar(row.fraction, BAR_WIDTH)
            out.append(" ")
            out.append(full, full_style)
            out.append(empty, empty_style)
        return out
