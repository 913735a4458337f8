"""The wind rose: the grid's compass points, where the wind blows from, and its speed.

::

          N
      NW     NE
          ↙              the arrow points downwind
      SW    [SE]         the point the wind blows *from* is bracketed
          S
    from SE, speed 2
    gale                     (or calm, when it is)

Only the grid's own points are drawn (six on a hex grid, eight on a square
one), unless the rules count eight winds on hexes (the wind has an ``angle``):
then the eight compass points are.  In a calm the arrow is a circle; a wind the
rules give no speed is never calm nor a gale.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.reactive import var
from textual.widget import Widget

from tui_naval.core.grid import Grid
from tui_naval.core.wind import COMPASS, Wind
from tui_naval.tui.widgets.glyphs import glyphs, octant

#: Rose size and where each eight-point octant's name is centred (line, column).
_WIDTH, _HEIGHT = 15, 5
_CENTRE = (2, 7)
_PLACES = ((0, 7), (1, 12), (2, 13), (3, 12), (4, 7), (3, 2), (2, 1), (1, 2))


class WindRose(Widget):
    """A compass showing the wind's direction and speed; call ``show``."""

    DEFAULT_CSS = """
    WindRose {
        height: auto;
        width: auto;
        min-width: 17;
        padding: 0 1;
    }
    WindRose > .wind-rose--point { color: $text-muted; }
    WindRose > .wind-rose--from { color: $text; text-style: bold reverse; }
    WindRose > .wind-rose--arrow { color: ansi_bright_cyan; text-style: bold; }
    WindRose > .wind-rose--calm { color: $text-muted; text-style: italic; }
    WindRose > .wind-rose--gale { color: ansi_bright_red; text-style: bold; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "wind-rose--point", "wind-rose--from", "wind-rose--arrow",
        "wind-rose--calm", "wind-rose--gale",
    }

    ascii_only: var[bool] = var(False)
    """Draw with ASCII only."""

    def __init__(self, *, ascii_only: bool = False, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._grid: Grid | None = None
        self._wind: Wind | None = None
        self._calm = 0
        self._gale: int | None = None
        self.set_reactive(WindRose.ascii_only, ascii_only)

    def show(self, grid: Grid, wind: Wind | None, *, calm: int = 0, gale: int | None = 4
             ) -> None:
        """Show ``wind`` on ``grid``'s compass (None: a game without wind, and the rose
        gives its place to the panels below it).

        A speed at or below ``calm`` is labelled calm, at or above ``gale`` a gale
        (by default calm at 0 and a gale from 4; None: never a gale).
        """
        self._grid, self._wind = grid, wind
        self._calm, self._gale = calm, gale
        self.display = wind is not None
        self.refresh(layout=True)

    def watch_ascii_only(self) -> None:
        self.refresh()

    @property
    def strength(self) -> str:
        """"calm", "gale" or "" for the wind on show."""
        if self._wind is None or not self._wind.measured:
            return ""
        if self._wind.speed <= self._calm:
            return "calm"
        if self._gale is not None and self._wind.speed >= self._gale:
            return "gale"
        return ""

    def render(self) -> Text:
        grid, wind = self._grid, self._wind
        if grid is None or wind is None:
            return Text("no wind yet", style=self.get_component_rich_style("wind-rose--calm"))
        g = glyphs(self.ascii_only)
        point = self.get_component_rich_style("wind-rose--point")
        lines = [Text(" " * _WIDTH) for _ in range(_HEIGHT)]
        points = ([(name, k * 45.0) for k, name in enumerate(COMPASS)] if wind.angle is not None
                  else [(grid.facing_name(f), grid.facing_angle(f)) for f in range(grid.points)])
        for name, angle in points:
            line, col = _PLACES[octant(angle)]
            is_from = name == wind.name(grid)
            label = f"[{name}]" if is_from else name
            start = max(0, min(_WIDTH - len(label), col - len(label) // 2))
            style = self.get_component_rich_style("wind-rose--from") if is_from else point
            _put(lines[line], start, label, style)
        strength = self.strength
        line, col = _CENTRE
        if strength == "calm":
            _put(lines[line], col, g.calm, self.get_component_rich_style("wind-rose--calm"))
        else:
            arrow = g.arrow(wind.bearing(grid) + 180.0)
            _put(lines[line], col, arrow, self.get_component_rich_style("wind-rose--arrow"))
        lines.append(Text(wind.describe(grid)))
        if strength:
            lines.append(Text(strength, self.get_component_rich_style(f"wind-rose--{strength}")))
        return Text("\n").join(lines)


def _put(line: Text, start: int, text: str, style: Style) -> None:
    """Overwrite part of a fixed-width line of spaces."""
    plain = line.plain
    line.plain = plain[:start] + text + plain[start + len(text):]
    line.stylize(style, start, start + len(text))
