"""Arrows on the board view's edge towards what is out of sight.

The next mark and the nearest enemies beyond the view get a label where the line from
the view's middle to them crosses its edge, with their distance in cells: ``↗R3 12``.
"""

from __future__ import annotations

import math
from collections.abc import Collection

from textual.geometry import Offset, Region, Size

from tui_naval.core.grid import Cell
from tui_naval.core.state import GameState, ShipBase
from tui_naval.tui.widgets.board_layout import BoardLayout
from tui_naval.tui.widgets.glyphs import glyphs, mark_token
from tui_naval.tui.widgets.sea_looks import Names, side_style

#: A label on the view's edge: its column, text and style names.
EdgeLabel = tuple[int, str, Names]


def edge_labels(state: GameState, layout: BoardLayout, view: Size, scroll: Offset, *,
                selected: str | None, marks_next: str | None, done: Collection[str],
                ascii_only: bool, enemies: int) -> dict[int, tuple[EdgeLabel, ...]]:
    """The labels, by line of the view: to the mark ``marks_next`` and the ``enemies``
    nearest vessels of other sides than the ``selected`` one's, those out of view, each
    with its distance from the selected ship (from the view's middle when none is)."""
    if not view or view.width < 8 or view.height < 3:
        return {}
    grid = state.grid
    sx, sy = scroll
    visible = Region(sx, sy, view.width, view.height)
    own: ShipBase | None = None
    if selected is not None:
        own = next((s for s in state.ships if s.id == selected), None)
    centre_cell = layout.cell_at(Offset(sx + view.width // 2, sy + view.height // 2))
    origin = own.cell if own is not None and grid.in_bounds(own.cell) else centre_cell
    targets: list[tuple[Cell, str, Names]] = []
    mark = next((m for m in state.board.marks if m.label == marks_next), None)
    if mark is not None and not visible.contains_region(layout.region_of(mark.cell)):
        targets.append((mark.cell, mark_token(mark.label, True), ("ocean--mark-next",)))
    if own is not None:
        away = [s for s in state.ships
                if s.side != own.side and s.afloat and s.id not in done
                and grid.in_bounds(s.cell)
                and not visible.contains_region(layout.region_of(s.cell))]
        away.sort(key=lambda s: grid.distance(own.cell, s.cell))
        for ship in away[:enemies]:
            targets.append((ship.cell, ship.id, (side_style(state, ship), "ocean--edge")))
    if not targets:
        return {}
    g = glyphs(ascii_only)
    cx, cy = sx + view.width / 2, sy + view.height / 2
    placed: dict[int, list[EdgeLabel]] = {}
    for cell, name, names in targets:
        block = layout.region_of(cell)
        dx = block.x + block.width / 2 - cx
        dy = block.y + block.height / 2 - cy
        # Where the line from the middle to the target crosses the edge (characters
        # are about twice as tall as wide: the arrow's angle counts that).
        reach = min((view.width / 2 - 1) / abs(dx) if dx else math.inf,
                    (view.height / 2 - 0.5) / abs(dy) if dy else math.inf)
        ex = int(min(view.width - 1, max(0, view.width / 2 + dx * reach)))
        ey = int(min(view.height - 1, max(0, view.height / 2 + dy * reach)))
        arrow = g.arrow(math.degrees(math.atan2(dx, -2 * dy)))
        text = f"{arrow}{name}"
        if origin is not None:
            text += f" {grid.distance(origin, cell)}"
        text = f" {text} "[:view.width]  # (a space each side: apart from the board)
        if ex >= view.width - 1:
            x = view.width - len(text)
        elif ex <= 0:
            x = 0
        else:
            x = min(max(0, ex - len(text) // 2), view.width - len(text))
        for line in (ey, ey - 1, ey + 1, ey - 2, ey + 2):
            if not 0 <= line < view.height:
                continue
            spans = placed.setdefault(line, [])
            if all(x + len(text) <= a or a + len(t) <= x for a, t, _ in spans):
                spans.append((x, text, names))
                break
    return {line: tuple(sorted(spans)) for line, spans in placed.items() if spans}
