"""Salt'n'Tar's movement rules: bearings, speeds, reefing, losses, drift, calm and gale.

Expected speeds are worked out from the rulebook's formula (Wind Speed x Bearing
Number in inches) and its Bearing Number tables, and from its worked examples.
"""

from __future__ import annotations

from typing import Any

import pytest
from attrs import evolve

from tui_naval.core.grid import Grid, GridKind
from tui_naval.core.wind import Wind
from tui_naval.systems.sailing.salt_n_tar.component import Change, Sails, SaltSail, new_sail
from tui_naval.systems.sailing.salt_n_tar.motion import (
    Motion,
    Way,
    bearing_of,
    motion,
)
from tui_naval.systems.sailing.salt_n_tar.tables import Bearing, tables
from tui_naval.systems.seaway import cells_for

SQUARE = Grid(GridKind.SQUARE, 20, 20)
FLAT = Grid(GridKind.HEX_FLAT, 20, 20)
POINTY = Grid(GridKind.HEX_POINTY, 20, 20)


def sail(kind: str, **changes: Any) -> SaltSail:
    """A ship of ``kind``'s sailing figures, fresh from the yard but for ``changes``."""
    return evolve(new_sail(kind), **changes)


def wind(grid: Grid, source: str, speed: int) -> Wind:
    return Wind(grid.parse_facing(source), speed)


def move(kind: str, grid: Grid, heading: str, source: str, speed: int,
         **changes: Any) -> Motion:
    return motion(sail(kind, **changes), grid, wind(grid, source, speed),
                  grid.parse_facing(heading))


# -- bearings ----------------------------------------------------------------------

@pytest.mark.parametrize(("heading", "bearing"), [
    ("N", Bearing.HEAD),                              # 0 deg: head to wind
    ("NE", Bearing.BEATING), ("NW", Bearing.BEATING),  # 45
    ("E", Bearing.QUARTER), ("W", Bearing.QUARTER),    # 90: wind abeam
    ("SE", Bearing.BROAD), ("SW", Bearing.BROAD),      # 135
    ("S", Bearing.RUNNING),                           # 180: wind astern
])
def test_eight_point_bearings(heading: str, bearing: Bearing) -> None:
    assert bearing_of(SQUARE, wind(SQUARE, "N", 2), SQUARE.parse_facing(heading)) is bearing


def test_bearings_turn_with_the_wind_on_the_square_grid() -> None:
    # wind from the east: heading E is head to wind, W runs, N and S are abeam
    w = wind(SQUARE, "E", 2)
    assert bearing_of(SQUARE, w, SQUARE.parse_facing("E")) is Bearing.HEAD
    assert bearing_of(SQUARE, w, SQUARE.parse_facing("W")) is Bearing.RUNNING
    assert bearing_of(SQUARE, w, SQUARE.parse_facing("N")) is Bearing.QUARTER
    assert bearing_of(SQUARE, w, SQUARE.parse_facing("SE")) is Bearing.BEATING
    assert bearing_of(SQUARE, w, SQUARE.parse_facing("NW")) is Bearing.BROAD


@pytest.mark.parametrize(("grid", "source", "expected"), [
    # flat-topped hexes, wind from N: N head, NE/NW (60) beating, SE/SW (120) broad, S runs
    (FLAT, "N", {"N": Bearing.HEAD, "NE": Bearing.BEATING, "NW": Bearing.BEATING,
                 "SE": Bearing.BROAD, "SW": Bearing.BROAD, "S": Bearing.RUNNING}),
    # pointy-topped hexes, wind from E: E head, NE/SE beating, NW/SW broad, W runs
    (POINTY, "E", {"E": Bearing.HEAD, "NE": Bearing.BEATING, "SE": Bearing.BEATING,
                   "NW": Bearing.BROAD, "SW": Bearing.BROAD, "W": Bearing.RUNNING}),
])
def test_six_point_bearings(grid: Grid, source: str, expected: dict[str, Bearing]) -> None:
    w = wind(grid, source, 2)
    assert {name: bearing_of(grid, w, grid.parse_facing(name)) for name in expected} == expected


@pytest.mark.parametrize("grid", [FLAT, POINTY])
def test_no_heading_is_abeam_on_a_hex_grid(grid: Grid) -> None:
    found = {bearing_of(grid, Wind(d, 2), h) for d in range(6) for h in range(6)}
    assert found == {Bearing.HEAD, Bearing.BEATING, Bearing.BROAD, Bearing.RUNNING}


# -- speed = Wind Speed x Bearing Number ------------------------------------------------

def test_rulebook_examples() -> None:
    """The rulebook's worked examples (quarter reaching exists on the 8-point grid)."""
    # WS 2: a quarter reaching small galley makes 14", a viking longship 18"
    assert move("small-galley", SQUARE, "E", "N", 2).inches == 14
    assert move("longship", SQUARE, "E", "N", 2).inches == 18
    # WS 3: a galleon beating makes no more than 12", the schooner 24"
    assert move("warship", SQUARE, "NE", "N", 3).inches == 12
    assert move("schooner", SQUARE, "NW", "N", 3).inches == 24
    # and the schooner beats on hexes too
    assert move("schooner", FLAT, "NE", "N", 3).inches == 24


@pytest.mark.parametrize("kind", sorted(tables().ships))
@pytest.mark.parametrize("ws", [1, 2, 3])
def test_speed_is_wind_speed_times_bearing_number(kind: str, ws: int) -> None:
    stype = tables().ships[kind]
    # wind from N; the heading picks the bearing
    for heading, bearing in [("NE", Bearing.BEATING), ("E", Bearing.QUARTER),
                             ("SE", Bearing.BROAD), ("S", Bearing.RUNNING)]:
        m = move(kind, SQUARE, heading, "N", ws)
        assert m.way is Way.SAIL
        assert m.inches == ws * stype.bn(bearing)
        assert m.direction == SQUARE.parse_facing(heading)


def test_head_to_wind_moves_backwards() -> None:
    # a longship head to wind "backs" at 2 x WS, stern first (downwind)
    m = move("longship", SQUARE, "N", "N", 3)
    assert m.way is Way.BACKWARDS
    assert m.inches == 6
    assert m.direction == SQUARE.parse_facing("S")
    # a cutter luffing on a hex grid: BN 1
    m = move("cutter", POINTY, "W", "W", 2)
    assert (m.way, m.inches, m.direction) == (Way.BACKWARDS, 2, POINTY.parse_facing("E"))


def test_reefing_halves_speed() -> None:
    full = move("warship", SQUARE, "S", "N", 3)
    reefed = move("warship", SQUARE, "S", "N", 3, sails=Sails.REEFED)
    assert (full.inches, reefed.inches) == (30, 15)
    # an odd speed is rounded down: a small merchant broad reaching at WS 3 makes 27
    assert move("small-merchant", SQUARE, "SE", "N", 3, sails=Sails.REEFED).inches == 13


def test_speed_losses_of_three_inches() -> None:
    assert move("warship", SQUARE, "NE", "N", 3, speed_loss=3).inches == 9
    assert move("warship", SQUARE, "NE", "N", 3, speed_loss=6).inches == 6
    # losses come off first, then a reef halves what is left
    assert move("warship", SQUARE, "S", "N", 3, speed_loss=3, sails=Sails.REEFED).inches == 13


@pytest.mark.parametrize(("kind", "heading", "ws", "loss"), [
    ("small-galley", "NE", 1, 3),   # 1 x 2 - 3 = -1
    ("cutter", "N", 3, 3),          # luffing 3 x 1 - 3 = 0: "0 or less"
    ("warship", "NE", 1, 6),        # 4 - 6
])
def test_speed_zero_or_less_drifts_downwind_at_wind_speed(kind: str, heading: str, ws: int,
                                                         loss: int) -> None:
    m = move(kind, SQUARE, heading, "N", ws, speed_loss=loss)
    assert m.way is Way.DRIFT
    assert m.inches == ws
    assert m.direction == SQUARE.parse_facing("S")


def test_furled_and_dismasted_ships_drift_downwind() -> None:
    for changes in ({"sails": Sails.FURLED}, {"masts": 0}):
        m = move("schooner", FLAT, "NE", "SW", 2, **changes)
        assert (m.way, m.inches, m.direction) == (Way.DRIFT, 2, FLAT.parse_facing("NE"))


def test_anchor_drags_then_holds() -> None:
    dragging = move("cutter", SQUARE, "E", "W", 3, sails=Sails.ANCHORED, change=Change.ANCHOR,
                    change_turns=2)
    assert (dragging.way, dragging.inches, dragging.direction) == (Way.DRIFT, 3, 2)
    holding = move("cutter", SQUARE, "E", "W", 3, sails=Sails.ANCHORED)
    assert (holding.way, holding.inches) == (Way.ANCHORED, 0)


# -- luck changes one ship's Wind Speed ------------------------------------------------

def test_luck_changes_the_ships_own_wind_speed() -> None:
    assert move("cutter", SQUARE, "NE", "N", 2, luck=1).inches == 15      # WS 3 x 5
    assert move("cutter", SQUARE, "NE", "N", 2, luck=-1).inches == 5      # WS 1 x 5
    assert move("cutter", SQUARE, "NE", "N", 2, luck=2).wind_speed == 4


# -- calm ---------------------------------------------------------------------------

@pytest.mark.parametrize("changes", [{}, {"sails": Sails.FURLED}, {"masts": 0},
                                     {"sails": Sails.REEFED}, {"luck": -1, "speed_loss": 3}])
def test_calm_no_sailing_and_no_drift(changes: dict[str, Any]) -> None:
    ws = 1 if "luck" in changes else 0   # a luffing die at WS 1 makes it calm for her
    m = move("schooner", SQUARE, "E", "N", ws, **changes)
    assert m.way is Way.BECALMED
    assert m.inches == 0


# -- gale ----------------------------------------------------------------------------

def test_gale_running_with_sails_set() -> None:
    # WS + Running BN (not times), and 1 Strain every round
    m = move("warship", SQUARE, "S", "N", 4)
    assert (m.way, m.inches, m.strain) == (Way.GALE, 14, 1)
    m = move("cutter", FLAT, "S", "N", 5, speed_loss=3)
    assert (m.way, m.inches, m.strain) == (Way.GALE, 5 + 6 - 3, 1)


def test_gale_on_any_other_bearing_drives_her_downwind() -> None:
    for heading in ("N", "NE", "E", "SE"):
        m = move("warship", SQUARE, heading, "N", 4)
        assert (m.way, m.inches, m.direction, m.strain) == (Way.DRIFT, 4, 4, 1), heading


def test_gale_reefed_half_speed_and_no_strain() -> None:
    m = move("warship", SQUARE, "S", "N", 4, sails=Sails.REEFED)
    assert (m.way, m.inches, m.strain) == (Way.GALE, 7, 0)
    m = move("warship", SQUARE, "E", "N", 4, sails=Sails.REEFED)
    assert (m.way, m.inches, m.strain) == (Way.DRIFT, 4, 0)


def test_gale_furled_or_dismasted_drifts_without_strain() -> None:
    for changes in ({"sails": Sails.FURLED}, {"masts": 0}):
        m = move("warship", SQUARE, "S", "N", 5, **changes)
        assert (m.way, m.inches, m.strain) == (Way.DRIFT, 5, 0)


def test_her_own_luck_never_raises_a_gale_for_her_alone() -> None:
    m = move("cutter", SQUARE, "S", "N", 3, luck=2)   # WS 5 for her; the wind is 3
    assert (m.way, m.inches, m.strain) == (Way.SAIL, 5 * 6, 0)


# -- crew -----------------------------------------------------------------------------

def test_crew_does_not_change_sailing() -> None:
    assert move("cutter", SQUARE, "E", "N", 2, crew=10) == move("cutter", SQUARE, "E", "N", 2)


# -- inches to cells ----------------------------------------------------------------

@pytest.mark.parametrize(("carry", "inches", "scale", "expected"), [
    (0, 14, 4, (3, 2)),   # 14" at 4" a cell: 3 cells, 2" carried
    (2, 14, 4, (4, 0)),   # the carried 2" complete a fourth cell
    (3, 2, 4, (1, 1)),
    (0, 3, 4, (0, 3)),
    (0, 7, 1, (7, 0)),
])
def test_fractions_of_a_cell_carry_over(carry: int, inches: int, scale: int,
                                        expected: tuple[int, int]) -> None:
    assert cells_for(carry, inches, scale) == expected
