"""What each cell of the board shows, line by line: its text and style names.

``SeaLooks`` keeps the look of every cell that differs from plain terrain (a ship, a
mark, a planned path, an overlay) and one shared look per terrain, so building the
looks for a ``show`` costs in proportion to what the sea holds, not to the map.  It
draws nothing itself: ``OceanView`` turns the pieces into strips.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from textual.geometry import Offset

from tui_naval.core.grid import Cell
from tui_naval.core.state import GameState, ShipBase, Terrain
from tui_naval.tui.widgets.board_layout import BoardLayout
from tui_naval.tui.widgets.glyphs import Glyphs, glyphs, mark_token, side_letters

#: Component classes for ship sides (side index modulo this many).
SIDE_STYLES = 4

#: Overlay kinds ``OceanView.show`` draws: glyph attribute of ``Glyphs``, and the
#: text on the line under the glyph (in a block of two lines or more).
OVERLAYS: dict[str, tuple[str, str]] = {
    "arc": ("arc", ""),
    "hit-40": ("hit_40", "40%"),
    "hit-10": ("hit_10", "10%"),
    "target": ("hit_40", ""),
}
#: Overlays drawn under the planned path (the others are drawn over it).
_UNDER_PATH = frozenset({"arc"})

#: Style names: a base component, then overlays added on top (partial styles).
Names = tuple[str, ...]
#: What one line of a cell block shows: its text (exactly the block's width) and style.
Piece = tuple[str, Names]
#: A cell's look: one piece per line of its block.
Look = tuple[Piece, ...]


@dataclass(frozen=True, slots=True)
class Block:
    """A cell's block as its look fills it: ``width`` by ``height``, the glyph ``inset``
    (``BoardLayout.glyph_inset``) in from its left and down from its top."""

    width: int
    height: int
    inset: Offset

    @classmethod
    def of(cls, layout: BoardLayout) -> Block:
        return cls(layout.cell_width, layout.cell_height, layout.glyph_inset)

    def fit(self, text: str) -> str:
        """``text`` at the glyph's column, padded or cut to the block's width."""
        return fit(text, self.width, self.inset.x)

    def look(self, glyph: Piece, under: Piece | None, fill: Piece) -> Look:
        """A look: ``glyph`` on the glyph's line, ``under`` on the line below (if the
        block has one), ``fill`` on the others."""
        lines = [fill] * self.height
        lines[self.inset.y] = glyph
        if under is not None and self.inset.y + 1 < self.height:
            lines[self.inset.y + 1] = under
        return tuple(lines)


def fit(text: str, width: int, inset: int | None = None) -> str:
    """``text`` ``inset`` characters in from the left (by default one, in a block of
    three or more), padded or cut to ``width``."""
    if inset is None:
        inset = 1 if width > 2 else 0
    return (" " * inset + text)[:width].ljust(width)


def side_style(state: GameState, ship: ShipBase) -> str:
    """The component class of a ship's side."""
    side = state.sides.index(ship.side) if ship.side in state.sides else 0
    return f"ocean--ship-{side % SIDE_STYLES}"


def block_key(layout: BoardLayout, cell: Cell) -> Cell:
    """The cell whose look stands for ``cell``: itself, or in the overview the first
    cell of its block."""
    if not layout.scaled:
        return cell
    return Cell(cell.col - cell.col % layout.scale_x, cell.row - cell.row % layout.scale_y)


class SeaLooks:
    """The looks of a board's cells for one ``show``: ``build`` them, then ``look`` up
    any cell."""

    def __init__(self) -> None:
        #: The cells that differ from plain terrain (keyed by ``block_key``).
        self.looks: dict[Cell, Look] = {}
        self._terrain: dict[str, Look] = {}
        #: The overview: the terrain of each block of cells that is not all sea.
        self._groups: dict[Cell, str] = {}
        #: What the terrain looks were made for (layout, ASCII only, board).
        self._made_for: tuple[object, ...] | None = None
        self._state: GameState | None = None
        self._layout: BoardLayout | None = None

    def look(self, cell: Cell) -> Look:
        """What ``cell`` (a ``block_key`` in the overview) shows."""
        look = self.looks.get(cell)
        if look is None:
            assert self._state is not None and self._layout is not None, "build() first"
            if self._layout.scaled:
                look = self._terrain[self._groups.get(cell, Terrain.SEA)]
            else:
                look = self._terrain[self._state.board.terrain[cell.row][cell.col]]
        return look

    def build(self, state: GameState, layout: BoardLayout, ascii_only: bool, *,
              selected: str | None, preview: Sequence[Cell], marks_next: str | None,
              overlays: Mapping[Cell, str], done: Collection[str]) -> bool:
        """Make the looks of ``state`` as laid out; True when the terrain looks were made
        anew (the board, its layout or glyphs changed: every line must be drawn)."""
        self._state, self._layout = state, layout
        self.looks = {}
        g = glyphs(ascii_only)
        block = Block.of(layout)
        w = block.width
        made_for = (layout, ascii_only, id(state.board))
        full = made_for != self._made_for
        if full:
            self._made_for = made_for
            self._terrain = terrain_looks(g, block)
            self._groups = group_terrains(state, layout)
        blank: Piece = (" " * w, ("ocean--sea",))
        self._lay({c: k for c, k in overlays.items() if k in _UNDER_PATH}, g, block)
        for cell in preview:
            if state.grid.in_bounds(cell) and state.board.is_sea(cell):
                self.looks[block_key(layout, cell)] = block.look(
                    (block.fit(g.trail), ("ocean--sea", "ocean--preview")), None, blank)
        self._lay({c: k for c, k in overlays.items() if k not in _UNDER_PATH}, g, block)
        for mark in state.board.marks:
            is_next = mark.label == marks_next
            names: Names = ("ocean--mark-next",) if is_next else ("ocean--mark",)
            token = mark_token(mark.label, is_next) if w > 2 else mark.label
            # (a token of three, "(1)", from the block's left; nearer the middle of a large one)
            token = fit(token, w, max(0, block.inset.x - 1))
            self.looks[block_key(layout, mark.cell)] = block.look((token, names), None, blank)
        letters = side_letters(state.sides)
        by_cell: dict[Cell, list[ShipBase]] = {}
        for ship in state.ships:
            if ship.afloat and state.grid.in_bounds(ship.cell):
                by_cell.setdefault(block_key(layout, ship.cell), []).append(ship)
        # (in the overview, the block with the selected ship drawn last, over the others)
        for cell, here in sorted(by_cell.items(),
                                 key=lambda item: any(s.id == selected for s in item[1])):
            here.sort(key=lambda s: (s.id != selected, s.id in done))
            look = ship_look(here, letters, state, g, block, selected=selected, done=done)
            kind = overlays.get(cell)
            if kind is not None:
                look = tuple((text, (*names, f"ocean--{kind}-under")) for text, names in look)
            self.looks[cell] = look
        return full

    def _lay(self, overlays: Mapping[Cell, str], g: Glyphs, block: Block) -> None:
        """Draw overlays on the open sea (land, shoals and off-board cells are left)."""
        state, layout = self._state, self._layout
        assert state is not None and layout is not None
        blank: Piece = (" " * block.width, ("ocean--sea",))
        for cell, kind in overlays.items():
            if not (state.grid.in_bounds(cell) and state.board.is_sea(cell)):
                continue
            glyph, note = OVERLAYS[kind]
            names: Names = ("ocean--sea", f"ocean--{kind}")
            self.looks[block_key(layout, cell)] = block.look(
                (block.fit(getattr(g, glyph)), names),
                (block.fit(note), names) if note else None, blank)


def terrain_looks(g: Glyphs, block: Block) -> dict[str, Look]:
    """The look of an empty cell of each terrain."""
    w, h = block.width, block.height
    sea = block.look((block.fit(g.sea), ("ocean--sea",)), None, (" " * w, ("ocean--sea",)))
    land: Look = ((g.land * w, ("ocean--land",)),) * h
    shoal: Look = ((g.shoal * w, ("ocean--shoal",)),) * h
    return {Terrain.SEA: sea, Terrain.LAND: land, Terrain.SHOAL: shoal}


def group_terrains(state: GameState, layout: BoardLayout) -> dict[Cell, str]:
    """The overview: each block of cells that is not all sea, and the terrain most of
    its cells have (land before shoal before sea on a tie)."""
    if not layout.scaled:
        return {}
    out: dict[Cell, str] = {}
    terrain = state.board.terrain
    sx, sy = layout.scale_x, layout.scale_y
    rank: dict[str, int] = {Terrain.LAND: 0, Terrain.SHOAL: 1, Terrain.SEA: 2}
    for top in range(0, layout.rows, sy):
        for left in range(0, layout.cols, sx):
            counts: dict[str, int] = {}
            for row in terrain[top:top + sy]:
                for t in row[left:left + sx]:
                    counts[t] = counts.get(t, 0) + 1
            if set(counts) != {Terrain.SEA}:
                out[Cell(left, top)] = min(counts, key=lambda t: (-counts[t], rank.get(t, 3)))
    return out


def ship_look(here: list[ShipBase], letters: dict[str, str], state: GameState, g: Glyphs,
              block: Block, *, selected: str | None, done: Collection[str]) -> Look:
    """The look of a cell with a ship in it: the first of ``here`` drawn, her id under
    her (in a block of two lines or more), with a ``+`` when she has company."""
    ship = here[0]
    names: Names = (side_style(state, ship),)
    if ship.id in done:
        names += ("ocean--finished",)
    if ship.id == selected:
        names += ("ocean--selected",)
    letter = letters.get(ship.side, "?")
    angle = ship.course if ship.course is not None else state.grid.facing_angle(ship.heading)
    w = block.width
    token = letter if w < 2 else g.ship(letter, angle)
    room = w - block.inset.x
    label = ship.id[: room - 1] + "+" if len(here) > 1 else ship.id[:room]
    return block.look((block.fit(token), names), (block.fit(label), names),
                      (" " * w, ("ocean--sea",)))
