"""Grids: neighbours, distance, coordinates, facings, lines and edges on all three geometries."""

from __future__ import annotations

import itertools
import math
from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui_naval.core.grid import Cell, Grid, GridKind, angle_between

FLAT = Grid(GridKind.HEX_FLAT, 9, 9)
POINTY = Grid(GridKind.HEX_POINTY, 9, 9)
SQUARE = Grid(GridKind.SQUARE, 9, 9)
GRIDS = [FLAT, POINTY, SQUARE]
IDS = [g.kind.value for g in GRIDS]

cells = st.builds(Cell, st.integers(-12, 20), st.integers(-12, 20))


# -- neighbours ----------------------------------------------------------------

# (grid, cell, {facing name: neighbour}); even and odd columns (flat) or rows (pointy).
NEIGHBOURS = [
    (FLAT, Cell(2, 2), {"N": (2, 1), "NE": (3, 1), "SE": (3, 2),
                        "S": (2, 3), "SW": (1, 2), "NW": (1, 1)}),
    (FLAT, Cell(3, 2), {"N": (3, 1), "NE": (4, 2), "SE": (4, 3),
                        "S": (3, 3), "SW": (2, 3), "NW": (2, 2)}),
    (POINTY, Cell(2, 2), {"NE": (2, 1), "E": (3, 2), "SE": (2, 3),
                          "SW": (1, 3), "W": (1, 2), "NW": (1, 1)}),
    (POINTY, Cell(2, 3), {"NE": (3, 2), "E": (3, 3), "SE": (3, 4),
                          "SW": (2, 4), "W": (1, 3), "NW": (2, 2)}),
    (SQUARE, Cell(2, 2), {"N": (2, 1), "NE": (3, 1), "E": (3, 2), "SE": (3, 3),
                          "S": (2, 3), "SW": (1, 3), "W": (1, 2), "NW": (1, 1)}),
    (SQUARE, Cell(3, 3), {"N": (3, 2), "NE": (4, 2), "E": (4, 3), "SE": (4, 4),
                          "S": (3, 4), "SW": (2, 4), "W": (2, 3), "NW": (2, 2)}),
]


@pytest.mark.parametrize(("grid", "cell", "expected"), NEIGHBOURS,
                         ids=[f"{g.kind.value}-{c}" for g, c, _ in NEIGHBOURS])
def test_neighbour_in_each_facing(grid: Grid, cell: Cell, expected: dict[str, tuple[int, int]]):
    assert set(expected) == set(grid.facing_names())
    for name, want in expected.items():
        assert grid.neighbour(cell, grid.parse_facing(name)) == Cell(*want), name
    assert grid.neighbours(cell) == [Cell(*expected[n]) for n in grid.facing_names()]


@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
@given(cell=cells)
def test_neighbour_and_back(grid: Grid, cell: Cell):
    for facing in range(grid.points):
        there = grid.neighbour(cell, facing)
        assert grid.distance(cell, there) == 1
        assert grid.neighbour(there, grid.opposite(facing)) == cell


@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
def test_neighbours_leave_out_cells_off_the_board(grid: Grid):
    corner = grid.neighbours(Cell(0, 0))
    assert corner and all(grid.in_bounds(c) for c in corner)
    assert len(grid.neighbours(Cell(4, 4))) == grid.points
    if grid.is_hex:  # flat: SE and S; pointy: E and SE
        assert corner == [Cell(1, 0), Cell(0, 1)]
    else:
        assert corner == [Cell(1, 0), Cell(1, 1), Cell(0, 1)]


# -- distance ------------------------------------------------------------------

@pytest.mark.parametrize(("grid", "a", "b", "steps"), [
    (FLAT, (0, 0), (0, 3), 3),
    (FLAT, (0, 0), (3, 0), 3),
    (FLAT, (0, 0), (2, 0), 2),
    (FLAT, (0, 0), (1, 1), 2),
    (FLAT, (1, 0), (1, 1), 1),
    (FLAT, (0, 0), (4, 2), 4),
    (FLAT, (0, 0), (4, 5), 7),
    (FLAT, (0, 0), (4, -2), 4),
    (POINTY, (0, 0), (3, 0), 3),
    (POINTY, (0, 0), (0, 2), 2),
    (POINTY, (0, 0), (1, 2), 2),
    (POINTY, (0, 0), (2, 4), 4),
    (POINTY, (0, 1), (0, 2), 1),
    (SQUARE, (0, 0), (3, 4), 5),    # 3 diagonals (1 + 2 + 1) and 1 straight
    (SQUARE, (5, 5), (1, 2), 5),    # 3 diagonals and 1 straight
    (SQUARE, (0, 0), (1, 1), 1),    # the first diagonal counts 1...
    (SQUARE, (0, 0), (2, 2), 3),    # ...the second 2
    (SQUARE, (0, 0), (4, 4), 6),
    (SQUARE, (0, 0), (5, 2), 6),
    (SQUARE, (2, 2), (2, 2), 0),
], ids=lambda v: str(v) if not isinstance(v, Grid) else v.kind.value)
def test_distance_known_values(grid: Grid, a: tuple[int, int], b: tuple[int, int], steps: int):
    assert grid.distance(Cell(*a), Cell(*b)) == steps
    assert grid.distance(Cell(*b), Cell(*a)) == steps


@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
def test_steps_are_the_number_of_moves(grid: Grid):
    """Breadth-first search over neighbours agrees with steps() from every origin, and
    with distance() on hexes."""
    board = Grid(grid.kind, 8, 7)
    for origin in [Cell(0, 0), Cell(3, 3), Cell(4, 2), Cell(7, 6)]:
        seen = {origin: 0}
        queue = deque([origin])
        while queue:
            cell = queue.popleft()
            for nxt in board.neighbours(cell):
                if nxt not in seen:
                    seen[nxt] = seen[cell] + 1
                    queue.append(nxt)
        assert len(seen) == board.width * board.height
        for cell, steps in seen.items():
            assert board.steps(origin, cell) == steps, (origin, cell)
            if board.is_hex:
                assert board.distance(origin, cell) == steps, (origin, cell)


def test_square_distance_counts_a_diagonal_as_one_and_a_half():
    """Every square distance is the cheapest path with straight steps 1 and diagonal 1.5,
    rounded down: the 1-2-1-2 count, within half a cell of the true length."""
    board = Grid(GridKind.SQUARE, 9, 9)
    origin = Cell(4, 4)
    for cell in board.cells():
        dx, dy = abs(cell.col - origin.col), abs(cell.row - origin.row)
        cheapest = abs(dx - dy) + 1.5 * min(dx, dy)
        assert board.distance(origin, cell) == int(cheapest)
        assert abs(board.distance(origin, cell) - board.euclid(origin, cell)) <= 0.6


@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
@given(a=cells, b=cells, c=cells)
def test_distance_is_a_metric(grid: Grid, a: Cell, b: Cell, c: Cell):
    assert grid.distance(a, a) == 0
    assert grid.distance(a, b) == grid.distance(b, a)
    assert (grid.distance(a, b) == 0) == (a == b)
    # On squares the 1-2-1-2 count rounds half a cell down on the way, so two legs may
    # come to one cell less than the whole way; steps() is an exact metric everywhere.
    slack = 1 if grid.kind is GridKind.SQUARE else 0
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c) + slack
    assert grid.steps(a, c) <= grid.steps(a, b) + grid.steps(b, c)


@pytest.mark.parametrize("grid", [FLAT, POINTY], ids=["hex-flat", "hex-pointy"])
@given(a=cells, b=cells)
def test_hex_distance_is_the_axial_count(grid: Grid, a: Cell, b: Cell):
    """``distance`` writes ``to_axial`` out for speed: it must agree with it."""
    (aq, ar), (bq, br) = grid.to_axial(a), grid.to_axial(b)
    dq, dr = aq - bq, ar - br
    assert grid.distance(a, b) == (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# -- coordinates ---------------------------------------------------------------

@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
@given(cell=cells)
def test_axial_round_trip(grid: Grid, cell: Cell):
    assert grid.from_axial(*grid.to_axial(cell)) == cell


@given(q=st.integers(-30, 30), r=st.integers(-30, 30))
def test_cell_round_trip_from_axial(q: int, r: int):
    for grid in GRIDS:
        assert grid.to_axial(grid.from_axial(q, r)) == (q, r)


def test_axial_known_values():
    assert FLAT.to_axial(Cell(3, 2)) == (3, 1)
    assert FLAT.to_axial(Cell(-1, 0)) == (-1, 1)
    assert POINTY.to_axial(Cell(2, 3)) == (1, 3)
    assert SQUARE.to_axial(Cell(2, 3)) == (2, 3)


def test_in_bounds_and_cells():
    grid = Grid(GridKind.SQUARE, 3, 2)
    assert list(grid.cells()) == [Cell(0, 0), Cell(1, 0), Cell(2, 0),
                                  Cell(0, 1), Cell(1, 1), Cell(2, 1)]
    assert grid.in_bounds(Cell(2, 1))
    assert not grid.in_bounds(Cell(3, 1))
    assert not grid.in_bounds(Cell(0, -1))
    assert str(Cell(4, 5)) == "4,5"


# -- facings -------------------------------------------------------------------

@pytest.mark.parametrize(("grid", "names", "angles"), [
    (FLAT, ("N", "NE", "SE", "S", "SW", "NW"), (0, 60, 120, 180, 240, 300)),
    (POINTY, ("NE", "E", "SE", "SW", "W", "NW"), (30, 90, 150, 210, 270, 330)),
    (SQUARE, ("N", "NE", "E", "SE", "S", "SW", "W", "NW"), (0, 45, 90, 135, 180, 225, 270, 315)),
], ids=IDS)
def test_facing_names_and_angles(grid: Grid, names: tuple[str, ...], angles: tuple[int, ...]):
    assert grid.points == len(names)
    assert grid.is_hex == (grid.points == 6)
    assert grid.facing_names() == names
    for facing, (name, angle) in enumerate(zip(names, angles, strict=True)):
        assert grid.facing_name(facing) == name
        assert grid.facing_name(facing + grid.points) == name
        assert grid.facing_angle(facing) == angle
        assert grid.parse_facing(name) == facing
        assert grid.parse_facing(f"  {name.lower()} ") == facing
        assert grid.nearest_facing(angle) == facing
        assert grid.nearest_facing(angle + 10) == facing


@pytest.mark.parametrize(("grid", "name", "nearest"), [
    # Names a grid lacks take the nearest facing; ties go to the lower index.
    (FLAT, "E", "NE"),
    (FLAT, "W", "SW"),
    (POINTY, "N", "NE"),
    (POINTY, "S", "SE"),
], ids=lambda v: v if isinstance(v, str) else v.kind.value)
def test_parse_facing_takes_the_nearest_for_missing_names(grid: Grid, name: str, nearest: str):
    assert name not in grid.facing_names()
    assert grid.facing_name(grid.parse_facing(name)) == nearest


@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
@pytest.mark.parametrize("bad", ["", "X", "north", "NNE", "0"])
def test_parse_facing_rejects_non_directions(grid: Grid, bad: str):
    with pytest.raises(ValueError, match="unknown direction"):
        grid.parse_facing(bad)


@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
def test_every_compass_name_parses_to_a_facing_within_45_degrees(grid: Grid):
    compass = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}
    for name, angle in compass.items():
        facing = grid.parse_facing(name)
        assert 0 <= facing < grid.points
        assert angle_between(grid.facing_angle(facing), angle) <= 45


def test_turn_opposite_and_points_between():
    assert FLAT.turn(0, -1) == 5
    assert FLAT.turn(5, 1) == 0
    assert FLAT.turn(0, 7) == 1
    assert SQUARE.turn(1, -3) == 6
    assert FLAT.opposite(0) == 3
    assert POINTY.opposite(4) == 1
    assert SQUARE.opposite(0) == 4
    assert SQUARE.opposite(7) == 3
    assert FLAT.points_between(0, 5) == 1
    assert FLAT.points_between(0, 3) == 3
    assert FLAT.points_between(2, 2) == 0
    assert SQUARE.points_between(1, 6) == 3
    assert SQUARE.points_between(0, 4) == 4


@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
@given(facing=st.integers(0, 7), points=st.integers(-20, 20))
def test_turn_properties(grid: Grid, facing: int, points: int):
    facing %= grid.points
    turned = grid.turn(facing, points)
    assert 0 <= turned < grid.points
    assert grid.turn(turned, -points) == facing
    assert grid.points_between(facing, turned) == min(points % grid.points,
                                                      -points % grid.points)
    assert grid.points_between(facing, grid.opposite(facing)) == grid.points // 2
    assert grid.opposite(grid.opposite(facing)) == facing


def test_angle_between():
    assert angle_between(10, 350) == 20
    assert angle_between(0, 180) == 180
    assert angle_between(90, 90) == 0
    assert angle_between(-30, 30) == 60


# -- geometry: directions and lines ---------------------------------------------

@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
@pytest.mark.parametrize("cell", [Cell(2, 2), Cell(3, 3), Cell(2, 3), Cell(3, 2)])
def test_direction_to_each_neighbour_is_its_facing_angle(grid: Grid, cell: Cell):
    for facing in range(grid.points):
        there = grid.neighbour(cell, facing)
        assert grid.direction(cell, there) == pytest.approx(grid.facing_angle(facing), abs=1e-9)
        straight = math.sqrt(2) if grid.kind is GridKind.SQUARE and facing % 2 else 1.0
        assert grid.euclid(cell, there) == pytest.approx(straight)


def test_direction_far_away():
    assert SQUARE.direction(Cell(0, 0), Cell(5, 0)) == pytest.approx(90)
    assert SQUARE.direction(Cell(0, 5), Cell(0, 0)) == pytest.approx(0)
    assert FLAT.direction(Cell(4, 4), Cell(4, 0)) == pytest.approx(0)
    assert POINTY.direction(Cell(4, 4), Cell(0, 4)) == pytest.approx(270)


@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
def test_lines_have_their_endpoints_and_are_contiguous(grid: Grid):
    board = Grid(grid.kind, 7, 7)
    for a, b in itertools.product(board.cells(), repeat=2):
        line = board.line(a, b)
        assert line[0] == a and line[-1] == b
        assert len(line) == board.steps(a, b) + 1
        for x, y in itertools.pairwise(line):
            assert board.steps(x, y) == 1, (a, b, line)


@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
def test_a_line_along_a_facing_is_the_ray(grid: Grid):
    start = Cell(4, 4)
    for facing in range(grid.points):
        ray = grid.ray(start, facing, 3)
        assert len(ray) == 3
        assert grid.line(start, ray[-1]) == [start, *ray]


@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
def test_lines_are_symmetric(grid: Grid):
    """A sees B along the cells B sees A by: line of fire is fair both ways."""
    board = Grid(grid.kind, 7, 7)
    for a, b in itertools.product(board.cells(), repeat=2):
        assert board.line(a, b) == board.line(b, a)[::-1], (a, b)


def test_line_of_one_cell():
    assert FLAT.line(Cell(2, 2), Cell(2, 2)) == [Cell(2, 2)]


# -- edges ---------------------------------------------------------------------

@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
def test_edge_of(grid: Grid):
    assert grid.edge_of(Cell(4, -1)) == "N"
    assert grid.edge_of(Cell(4, grid.height)) == "S"
    assert grid.edge_of(Cell(-1, 4)) == "W"
    assert grid.edge_of(Cell(grid.width, 4)) == "E"
    for cell in grid.cells():
        assert grid.edge_of(cell) is None


@pytest.mark.parametrize("grid", GRIDS, ids=IDS)
def test_stepping_off_the_board_names_the_edge_crossed(grid: Grid):
    """From the middle of each side, a step out lands beyond that side's edge."""
    middle = {"N": Cell(4, 0), "S": Cell(4, grid.height - 1),
              "W": Cell(0, 4), "E": Cell(grid.width - 1, 4)}
    for edge, cell in middle.items():
        for facing in range(grid.points):
            out = grid.neighbour(cell, facing)
            if not grid.in_bounds(out):
                assert grid.edge_of(out) == edge, (cell, grid.facing_name(facing))


# -- the board's terrain -------------------------------------------------------

def test_board_terrain_lookup_refuses_cells_off_the_board():
    from tui_naval.core.state import Board, Terrain

    board = Board("t", Grid(GridKind.SQUARE, 3, 2), ("..#", ":.."))
    assert board.terrain_at(Cell(2, 0)) is Terrain.LAND
    assert board.terrain_at(Cell(0, 1)) is Terrain.SHOAL
    assert board.is_sea(Cell(1, 1))
    assert board.terrain_at(Cell(1, 1)) is Terrain.SEA
    with pytest.raises(ValueError, match="'x'"):
        Board("t", Grid(GridKind.SQUARE, 1, 1), ("x",)).terrain_at(Cell(0, 0))
    for off in (Cell(-1, 0), Cell(0, -1), Cell(3, 0), Cell(0, 2)):
        assert not board.is_sea(off)
        with pytest.raises(IndexError):
            board.terrain_at(off)  # never wraps round to the far side
