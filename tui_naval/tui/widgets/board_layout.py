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

The large zoom draws the same tilings with bigger blocks (squares 6x2, pointy-top
hexes 6x2 shifted 3, flat-top hexes 6x3 with odd columns a line lower), the glyph
nearer the block's middle; any layout given the view's size puts a board smaller than
the view in its middle (``origin``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from textual.geometry import Offset, Region, Size

from tui_naval.core.grid import Cell, Grid, GridKind

#: The zoom levels: today's detailed cells, compact cells (about twice as many in the same
#: room), the whole map at once (each character a block of cells), and large cells (half as
#: big again as the detailed ones each way, or twice: a small map on a big terminal).
ZOOMS = ("detailed", "compact", "overview", "large")
#: The index of the overview in ``ZOOMS`` (its layout fits the view).
OVERVIEW = 2
#: The index of the large cells in ``ZOOMS``.
LARGE = 3
#: The origin of a board that fills its view (or more).
TOP_LEFT = Offset(0, 0)


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where each cell of a grid sits on screen, in the widget's virtual coordinates.

    ``stagger`` (flat-top hex blocks, odd columns half a block lower) and ``shift``
    (pointy-top: odd rows shifted right) draw the hex tiling; a compact layout has
    neither on flat-top hexes (one line a row); an overview (``scale_x`` by ``scale_y``
    cells a character) draws each block of cells as one character.  ``origin`` is where
    the board starts: a board smaller than the view is centred in it (the room round it
    is part of ``size``)."""

    kind: GridKind
    cols: int
    rows: int
    cell_width: int
    cell_height: int
    stagger: bool = False
    shift: int = 0
    scale_x: int = 1
    scale_y: int = 1
    origin: Offset = TOP_LEFT

    @classmethod
    def for_grid(cls, grid: Grid, zoom: int = 0, fit: Size | None = None) -> BoardLayout:
        """The layout of a grid at a zoom level (an index of ``ZOOMS``); the overview
        fits the board into ``fit`` (the view's size), and any board smaller than ``fit``
        is centred in it."""
        layout = cls._blocks(grid, zoom % len(ZOOMS), fit)
        if fit is None:
            return layout
        board = layout.board_size
        origin = Offset(max(0, (fit.width - board.width) // 2),
                        max(0, (fit.height - board.height) // 2))
        return layout if not origin else replace(layout, origin=origin)

    @classmethod
    def _blocks(cls, grid: Grid, zoom: int, fit: Size | None) -> BoardLayout:
        kind, cols, rows = grid.kind, grid.width, grid.height
        if zoom == OVERVIEW:
            width, height = fit if fit else Size(cols, rows)
            return cls(kind, cols, rows, 1, 1,
                       scale_x=max(1, -(-cols // max(1, width))),
                       scale_y=max(1, -(-rows // max(1, height))))
        if zoom == 1:
            if kind is GridKind.HEX_FLAT:
                return cls(kind, cols, rows, 3, 1)
            if kind is GridKind.HEX_POINTY:
                return cls(kind, cols, rows, 2, 1, shift=1)
            return cls(kind, cols, rows, 2, 1)
        if zoom == LARGE:  # (as the detailed blocks' proportions, half as wide again or more)
            if kind is GridKind.SQUARE:
                return cls(kind, cols, rows, 6, 2)
            if kind is GridKind.HEX_FLAT:
                return cls(kind, cols, rows, 6, 3, stagger=True)
            return cls(kind, cols, rows, 6, 2, shift=3)
        if kind is GridKind.SQUARE:
            return cls(kind, cols, rows, 3, 1)
        if kind is GridKind.HEX_FLAT:
            return cls(kind, cols, rows, 4, 2, stagger=True)
        return cls(kind, cols, rows, 4, 1, shift=2)

    @property
    def scaled(self) -> bool:
        """Whether a character stands for a block of cells (the overview)."""
        return self.scale_x > 1 or self.scale_y > 1

    @property
    def drop(self) -> int:
        """How much lower an odd column's blocks are (staggered flat-top hexes)."""
        return self.cell_height // 2 if self.stagger else 0

    @property
    def board_size(self) -> Size:
        """The board's own size in characters (without the room round it)."""
        if self.scaled:
            return Size(-(-self.cols // self.scale_x), -(-self.rows // self.scale_y))
        width = self.cols * self.cell_width
        height = self.rows * self.cell_height
        if self.stagger and self.cols > 1:
            height += self.drop
        elif self.shift and self.rows > 1:
            width += self.shift
        return Size(width, height)

    @property
    def size(self) -> Size:
        """The whole board's size in characters, the room round a centred one with it."""
        width, height = self.board_size
        return Size(width + 2 * self.origin.x, height + 2 * self.origin.y)

    @property
    def glyph_inset(self) -> Offset:
        """Where a block's glyph starts in it: one character in from the left (in a block
        of three or more; nearer the middle of a large one), on its first line (on the
        line above the middle of a block of three or more lines)."""
        w = self.cell_width
        x = 0 if w <= 2 else 1 if w < 6 else (w - 2) // 2
        return Offset(x, (self.cell_height - 1) // 2 if self.cell_height > 2 else 0)

    def offset_of(self, cell: Cell) -> Offset:
        """Top-left corner of a cell's block."""
        col, row = cell
        ox, oy = self.origin
        if self.scaled:
            return Offset(ox + col // self.scale_x, oy + row // self.scale_y)
        if self.stagger:
            return Offset(ox + col * self.cell_width,
                          oy + row * self.cell_height + (col & 1) * self.drop)
        return Offset(ox + col * self.cell_width + self.shift * (row & 1),
                      oy + row * self.cell_height)

    def region_of(self, cell: Cell) -> Region:
        """The block a cell occupies."""
        x, y = self.offset_of(cell)
        return Region(x, y, self.cell_width, self.cell_height)

    def glyph_offset(self, cell: Cell) -> Offset:
        """Where a cell's glyph (a ship's two-character token) starts."""
        return self.offset_of(cell) + self.glyph_inset

    def cell_at(self, offset: Offset) -> Cell | None:
        """The cell whose block covers a point, or None (off the board, or a gap); in
        the overview, the first cell of the block the character stands for."""
        x, y = offset - self.origin
        if x < 0 or y < 0:
            return None
        w, h = self.cell_width, self.cell_height
        if self.scaled:
            col, row = x * self.scale_x, y * self.scale_y
        elif self.stagger:
            col = x // w
            lowered = y - (col & 1) * self.drop
            if lowered < 0:
                return None
            row = lowered // h
        else:
            row = y // h
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
        (None for a gap, and for the room left of a centred board; in the overview, the
        first cell of the block) and which of the block's lines this is.
        """
        ox, oy = self.origin
        y -= oy
        if y < 0 or y >= self.board_size.height:
            return
        if ox and x0 < ox:
            yield 0, ox, None, 0
        for x, width, cell, sub in self._blocks_on_line(y, x0 - ox, x1 - ox):
            yield x + ox, width, cell, sub

    def _blocks_on_line(self, y: int, x0: int, x1: int
                        ) -> Iterator[tuple[int, int, Cell | None, int]]:
        """``blocks_on_line`` with the board at the origin."""
        w, h = self.cell_width, self.cell_height
        if self.stagger:
            for col in range(max(0, x0 // w), min(self.cols, -(-x1 // w))):
                row, sub = divmod(y - (col & 1) * self.drop, h)
                cell = Cell(col, row) if 0 <= row < self.rows else None
                yield col * w, w, cell, sub
            return
        if self.scaled:
            row = y * self.scale_y
            if not 0 <= row < self.rows:
                return
            for x in range(max(0, x0), min(self.board_size.width, x1)):
                yield x, 1, Cell(x * self.scale_x, row), 0
            return
        row, sub = divmod(y, h)
        if not 0 <= row < self.rows:
            return
        shift = self.shift * (row & 1)
        if shift and x0 < shift:
            yield 0, shift, None, 0
        first = max(0, (x0 - shift) // w)
        for col in range(first, min(self.cols, -(-(x1 - shift) // w))):
            yield shift + col * w, w, Cell(col, row), sub
