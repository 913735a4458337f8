"""Distance fields for the AI: near-Euclidean geodesics round land.

Plain grid steps make a hex grid's "60 degrees off the line" look like no
progress at all, so a beating ship would never see the good of it.  These
fields step to every cell within two cells at its true straight-line length
(when the cells between are open water), which is close to Euclidean.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from functools import cache

from tui_naval.core.grid import Cell, Grid
from tui_naval.core.state import Board, Terrain

FAR = 1e9


def open_water(board: Board, cell: Cell, shallow: bool) -> bool:
    if not board.grid.in_bounds(cell):
        return False
    terrain = board.terrain_at(cell)
    return terrain is Terrain.SEA or (terrain is Terrain.SHOAL and shallow)


@cache
def _steps(grid: Grid) -> tuple[tuple[int, int, float, tuple[tuple[int, int], ...]], ...]:
    """Offsets reachable in one hop from an even and an odd origin, as (axial dq, dr, cost, via)."""
    origin = Cell(2, 2)
    oq, orr = grid.to_axial(origin)
    out = []
    seen = set()
    ring = {origin}
    for _ in range(2):
        ring = {n for c in ring for f in range(grid.points) for n in [grid.neighbour(c, f)]} | ring
    for cell in ring:
        if cell == origin:
            continue
        q, r = grid.to_axial(cell)
        key = (q - oq, r - orr)
        if key in seen:
            continue
        seen.add(key)
        via = tuple((vq - oq, vr - orr) for vq, vr in
                    (grid.to_axial(c) for c in grid.line(origin, cell)[1:-1]))
        out.append((key[0], key[1], grid.euclid(origin, cell), via))
    return tuple(out)


def _field(board: Board, sources: Iterable[tuple[Cell, float]], shallow: bool) -> dict[Cell, float]:
    grid = board.grid
    steps = _steps(grid)
    dist: dict[Cell, float] = {}
    heap: list[tuple[float, int, int]] = []
    for cell, cost in sources:
        if open_water(board, cell, shallow) and cost < dist.get(cell, FAR):
            dist[cell] = cost
            heapq.heappush(heap, (cost, cell.col, cell.row))
    while heap:
        d, col, row = heapq.heappop(heap)
        cell = Cell(col, row)
        if d > dist.get(cell, FAR):
            continue
        q, r = grid.to_axial(cell)
        for dq, dr, cost, via in steps:
            nxt = grid.from_axial(q + dq, r + dr)
            nd = d + cost
            if nd >= dist.get(nxt, FAR) or not open_water(board, nxt, shallow):
                continue
            between = (grid.from_axial(q + vq, r + vr) for vq, vr in via)
            if not all(open_water(board, c, shallow) for c in between):
                continue
            dist[nxt] = nd
            heapq.heappush(heap, (nd, nxt.col, nxt.row))
    return dist


# Fields are cached by what they depend on (grid, terrain, target, draught), so
# every game on the same map shares them; a first look-up by the board's
# identity skips comparing the terrain row by row on every call.
_BY_CONTENT: dict[tuple[object, ...], dict[Cell, float]] = {}
_BY_ID: dict[tuple[int, object, bool], tuple[Board, dict[Cell, float]]] = {}
_CACHE_LIMIT = 1024


def _cached(board: Board, target: object, shallow: bool,
            make: Callable[[], dict[Cell, float]]) -> dict[Cell, float]:
    key = (id(board), target, shallow)
    hit = _BY_ID.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    if len(_BY_ID) >= _CACHE_LIMIT:
        _BY_ID.clear()
    if len(_BY_CONTENT) >= _CACHE_LIMIT:
        _BY_CONTENT.clear()
    content = (board.grid, board.terrain, target, shallow)
    field = _BY_CONTENT.get(content)
    if field is None:
        field = _BY_CONTENT[content] = make()
    _BY_ID[key] = (board, field)
    return field


def to_cell(board: Board, target: Cell, shallow: bool) -> dict[Cell, float]:
    """Distance in cells from every reachable cell to ``target``."""
    return _cached(board, target, shallow, lambda: _field(board, [(target, 0.0)], shallow))


def to_edge(board: Board, edge: str, shallow: bool) -> dict[Cell, float]:
    """Distance in cells from every reachable cell to leaving the board by ``edge``."""
    return _cached(board, edge, shallow, lambda: _edge_field(board, edge, shallow))


def _edge_field(board: Board, edge: str, shallow: bool) -> dict[Cell, float]:
    grid = board.grid
    if edge == "N":
        border = [Cell(c, 0) for c in range(grid.width)]
    elif edge == "S":
        border = [Cell(c, grid.height - 1) for c in range(grid.width)]
    elif edge == "W":
        border = [Cell(0, r) for r in range(grid.height)]
    else:
        border = [Cell(grid.width - 1, r) for r in range(grid.height)]
    return _field(board, [(c, 1.0) for c in border], shallow)
