"""One row of the game-over chart: a side's figures turn by turn, as bars.

Every row of a chart shares one scale, from 0 to the chart's highest figure, so
two sides can be compared at a glance (Textual's ``Sparkline`` scales each row
to its own extremes: a side that never lost a gun drew as empty as one that lost
everything).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from tui_naval.tui.widgets.glyphs import glyphs


def bars(values: Sequence[float], top: float, width: int, levels: str) -> str:
    """``values`` as ``width`` bars of ``levels`` (lowest first), 0 to ``top`` high; each
    bar is the highest figure of the turns it covers (or repeats one, when there are
    fewer turns than bars)."""
    if not values or width <= 0:
        return ""
    n = len(values)
    scale = (len(levels) - 1) / top if top > 0 else 0.0
    out = []
    for column in range(width):
        first = column * n // width
        last = max(first + 1, (column + 1) * n // width)
        height = max(0.0, min(max(values[first:last]), top))
        out.append(levels[round(height * scale)])
    return "".join(out)


class SeriesBars(Widget):
    """A side's figures as a row of bars on the chart's scale (0 to ``top``)."""

    DEFAULT_CSS = """
    SeriesBars {
        width: 1fr;
        height: 1;
    }
    """

    def __init__(self, values: Sequence[float], top: float, *, ascii_only: bool = False,
                 classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.values = tuple(values)
        self.top = top
        self.ascii_only = ascii_only

    def render(self) -> Text:
        return Text(bars(self.values, self.top, self.size.width,
                         glyphs(self.ascii_only).levels))
