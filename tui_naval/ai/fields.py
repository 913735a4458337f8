"""Distance fields for the AI: near-Euclidean geodesics round land.

Plain grid steps make a hex grid's "60 degrees off the line" look like no
progress at all, so a beating ship would never see the good of it.  These
fields step to every cell within two cells at its true straight-line length
(when the cells between are open water), which is close to Euclidean.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from functools import lru_cache

from tui_naval.core.grid import Cell, Grid
from tui_naval.core.state import Board, Terrain

FAR = 1e9


def open_water(board: Board, cell: Cell, shallow: bool) -> bool:
    if not board.grid.in_bounds(cell):
        return False
    terrain = board.terrain_at(cell)
    return terrain is Terrain.SEA or (terrain is Terrain.SHOAL and shallow)


@lru_cache(maxsize=8)
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
            if any(not open_water(board, grid.from_axial(q + vq, r + vr), shallow) for vq, vr in via):
                continue
            dist[nxt] = nd
            heapq.heappush(heap, (nd, nxt.col, nxt.row))
    return dist


@lru_cache(maxsize=512)
def to_cell(board: Board, target: Cell, shallow: bool) -> dict[Cell, float]:
    """Distance in cells from every reachable cell to ``target``."""
    return _field(board, [(target, 0.0)], shallow)


@lru_cache(maxsize=64)
def to_edge(board: Board, edge: str, shallow: bool) -> dict[Cell, float]:
    """Distance in cells from every reachable cell to leaving the board by ``edge``."""
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
