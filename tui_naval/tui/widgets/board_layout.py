"""Where each cell of a grid sits on the board's screen: ``BoardLayout``, and the zoom
levels.

Layout (virtual coordinates, ``x`` in characters, ``y`` in lines; see
``BoardLayout``).  Every cell is a block; the block's first line holds its
glyph, one character in from the left (the "centre" column):

* **square** - blocks 3 wide and 1 line tall, in plain rows::

       ·  ·  B↑ ·
       ·  ▓▓▓(1) ·

* **hex, flat-top (odd-q)** - blocks 4 wide and 2 lines tall; odd columns sit
  one line lower, so each block touches six others exactly as hexes do (a
  staggered "brick" tiling).  The first line holds the glyph, the second the
  terrain's fill (or, under a ship, its id)::

       ·       ·
           ·       ·
       B↑      ·
       B1  ·       ·

* **hex, pointy-top (odd-r)** - blocks 4 wide and 1 line tall; odd rows are
  shifted 2 characters right::

       ·   ·   ·
         ·   B↗  ·
       ·   ·   ·

4-character hex columns keep the drawing close to true hex proportions on a
terminal's tall characters, and leave a gap between vessels in adjacent hexes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from textual.geometry import Offset, Region, Size

from tui_naval.core.grid import Cell, Grid, GridKind

#: The zoom levels: today's detailed cells, compact cells (about twice as many in the same
#: room), and the whole map at once (each character a block of cells).
ZOOMS = ("detailed", "compact", "overview")


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where each cell of a grid sits on screen, in the widget's virtual coordinates.

    ``stagger`` (two-line flat-top hex blocks, odd columns a line lower) and ``shift``
    (pointy-top: odd rows shifted right) draw the hex tiling; a compact layout has
    neither on flat-top hexes (one line a row); an overview (``scale_x`` by ``scale_y``
    cells a character) draws each block of cells as one character."""

    kind: GridKind
    cols: int
    rows: int
    cell_width: int
    cell_height: int
    stagger: bool = False
    shift: int = 0
    scale_x: int = 1
    scale_y: int = 1

    @classmethod
    def for_grid(cls, grid: Grid, zoom: int = 0, fit: Size | None = None) -> BoardLayout:
        """The layout of a grid at a zoom level (an index of ``ZOOMS``); the overview
        fits the board into ``fit`` (the view's size)."""
        if zoom >= 2:
            width, height = fit if fit else Size(grid.width, grid.height)
            return cls(grid.kind, grid.width, grid.height, 1, 1,
                       scale_x=max(1, -(-grid.width // max(1, width))),
                       scale_y=max(1, -(-grid.height // max(1, height))))
        if zoom == 1:
            if grid.kind is GridKind.HEX_FLAT:
                return cls(grid.kind, grid.width, grid.height, 3, 1)
            if grid.kind is GridKind.HEX_POINTY:
                return cls(grid.kind, grid.width, grid.height, 2, 1, shift=1)
            return cls(grid.kind, grid.width, grid.height, 2, 1)
        if grid.kind is GridKind.SQUARE:
            return cls(grid.kind, grid.width, grid.height, 3, 1)
        if grid.kind is GridKind.HEX_FLAT:
            return cls(grid.kind, grid.width, grid.height, 4, 2, stagger=True)
        return cls(grid.kind, grid.width, grid.height, 4, 1, shift=2)

    @property
    def scaled(self) -> bool:
        """Whether a character stands for a block of cells (the overview)."""
        return self.scale_x > 1 or self.scale_y > 1

    @property
    def size(self) -> Size:
        """The whole board's size in characters."""
        if self.scaled:
            return Size(-(-self.cols // self.scale_x), -(-self.rows // self.scale_y))
        width = self.cols * self.cell_width
        height = self.rows * self.cell_height
        if self.stagger and self.cols > 1:
            height += 1
        elif self.shift and self.rows > 1:
            width += self.shift
        return Size(width, height)

    def offset_of(self, cell: Cell) -> Offset:
        """Top-left corner of a cell's block."""
        col, row = cell
        if self.scaled:
            return Offset(col // self.scale_x, row // self.scale_y)
        if self.stagger:
            return Offset(col * self.cell_width, row * 2 + (col & 1))
        return Offset(col * self.cell_width + self.shift * (row & 1), row)

    def region_of(self, cell: Cell) -> Region:
        """The block a cell occupies."""
        x, y = self.offset_of(cell)
        return Region(x, y, self.cell_width, self.cell_height)

    def glyph_offset(self, cell: Cell) -> Offset:
        """Where a cell's glyph (a ship's two-character token) starts."""
        x, y = self.offset_of(cell)
        return Offset(x + (self.cell_width > 2), y)

    def cell_at(self, offset: Offset) -> Cell | None:
        """The cell whose block covers a point, or None (off the board, or a gap); in
        the overview, the first cell of the block the character stands for."""
        x, y = offset
        if x < 0 or y < 0:
            return None
        w = self.cell_width
        if self.scaled:
            col, row = x * self.scale_x, y * self.scale_y
        elif self.stagger:
            col = x // w
            row = (y - (col & 1)) // 2
            if y - (col & 1) < 0:
                return None
        else:
            row = y
            shifted = x - self.shift * (row & 1)
            if shifted < 0:
                return None
            col = shifted // w
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return Cell(col, row)
        return None

    def blocks_on_line(self, y: int, x0: int, x1: int
                       ) -> Iterator[tuple[int, int, Cell | None, int]]:
        """Blocks crossing line ``y`` between ``x0`` and ``x1``, left to right and touching.

        Yields ``(x, width, cell, sub)``: the block's left edge and width, its cell
        (None for a gap; in the overview, the first cell of the block) and which of the
        block's lines this is.
        """
        w = self.cell_width
        if self.stagger:
            for col in range(max(0, x0 // w), min(self.cols, -(-x1 // w))):
                row, sub = divmod(y - (col & 1), 2)
                cell = Cell(col, row) if 0 <= row < self.rows else None
                yield col * w, w, cell, sub
            return
        if self.scaled:
            row = y * self.scale_y
            if not 0 <= row < self.rows:
                return
            for x in range(max(0, x0), min(self.size.width, x1)):
                yield x, 1, Cell(x * self.scale_x, row), 0
            return
        if not 0 <= y < self.rows:
            return
        shift = self.shift * (y & 1)
        if shift and x0 < shift:
            yield 0, shift, None, 0
        first = max(0, (x0 - shift) // w)
        for col in range(first, min(self.cols, -(-(x1 - shift) // w))):
            yield shift + col * w, w, Cell(col, y), 0
