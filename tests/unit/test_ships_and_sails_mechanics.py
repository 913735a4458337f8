"""Ships & Sails' mechanics: points of sail, speed limits, moves, arcs, patterns, formulas."""

from __future__ import annotations

from typing import Any

import pytest
from attrs import evolve, fields_dict

from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.wind import Wind
from tui_naval.rulesets.ships_and_sails import movement as m
from tui_naval.rulesets.ships_and_sails.state import HexWay, SailShip
from tui_naval.systems.gunnery.ships_and_sails import armament as arm
from tui_naval.systems.gunnery.ships_and_sails.armament import Armament, new_armament, tenths
from tui_naval.systems.gunnery.ships_and_sails.tables import PointOfSail, tables

GRID = Grid(GridKind.HEX_FLAT, 20, 20)
N, NE, SE, S, SW, NW = range(6)
CENTRE = Cell(10, 10)


WAY_FIELDS = frozenset(fields_dict(HexWay))
GUNNERY_FIELDS = frozenset(fields_dict(Armament))


def ship(kind: str = "ship-of-the-line", heading: int = N, **changes: Any) -> SailShip:
    """A ship fresh from the dockyard at the centre, with ``changes`` made to her way
    (``speed``), her armament (``hull``, ``rudder``...) or herself, wherever each lives."""
    way = {k: v for k, v in changes.items() if k in WAY_FIELDS}
    gunnery = {k: v for k, v in changes.items() if k in GUNNERY_FIELDS}
    own = {k: v for k, v in changes.items() if k not in WAY_FIELDS | GUNNERY_FIELDS}
    fresh = SailShip(id="B1", side="blue", kind=kind, name=tables().ships[kind].name,
                     cell=CENTRE, heading=heading, way=HexWay(wake=(CENTRE,)),
                     gunnery=new_armament(kind))
    return evolve(fresh, way=evolve(fresh.way, **way),
                  gunnery=evolve(fresh.gunnery, **gunnery), **own)


# -- wind and speed limits ------------------------------------------------------------

@pytest.mark.parametrize(("heading", "point"), [
    (N, PointOfSail.HEAD), (NE, PointOfSail.CLOSE), (NW, PointOfSail.CLOSE),
    (SE, PointOfSail.REACH), (SW, PointOfSail.REACH), (S, PointOfSail.RUNNING),
])
def test_point_of_sail_with_the_wind_from_the_north(heading: int, point: PointOfSail) -> None:
    assert m.point_of_sail(GRID, Wind(N, 4), heading) is point


def test_base_cap_is_the_smallest_of_type_wind_sails_and_hull() -> None:
    sol = ship()
    assert m.base_cap(sol, m.ship_type(sol), Wind(N, 8)) == 5
    assert m.base_cap(sol, m.ship_type(sol), Wind(N, 2)) == 3  # wind speed + 1 (towing)
    assert m.base_cap(sol, m.ship_type(sol), Wind(N, 0)) == 1  # boats tow her in no wind
    half_sails = ship(rigging=300)
    assert m.base_cap(half_sails, m.ship_type(sol), Wind(N, 8)) == 3
    half_hull = ship(hull=300)
    assert m.base_cap(half_hull, m.ship_type(sol), Wind(N, 8)) == 4


def test_sails_standing_follow_the_rigging_rounded_up() -> None:
    assert arm.sails_standing(ship().gunnery) == 10
    assert arm.sails_standing(ship(rigging=301).gunnery) == 6
    assert arm.sails_standing(ship(rigging=300).gunnery) == 5
    assert arm.sails_standing(ship(rigging=1).gunnery) == 1
    assert arm.sails_standing(ship(rigging=0).gunnery) == 0


def test_sails_worked_need_6_sailors_each() -> None:
    assert arm.sails_worked(ship(sailors=600).gunnery) == 10
    assert arm.sails_worked(ship(sailors=359).gunnery) == 5  # 35.9 men: 35 whole, 5 sails
    assert arm.sails_worked(ship(sailors=50).gunnery) == 0


@pytest.mark.parametrize(("kind", "worked", "speed"), [
    ("brig", 4, 2), ("brig", 3, 2), ("brig", 2, 1), ("brig", 1, 1), ("brig", 0, 0),
    ("ship-of-the-line", 6, 5), ("ship-of-the-line", 5, 3), ("ship-of-the-line", 3, 3),
    ("ship-of-the-line", 2, 2), ("ship-of-the-line", 1, 1), ("ship-of-the-line", 0, 0),
    ("man-at-war", 13, 4), ("man-at-war", 12, 3), ("man-at-war", 7, 3), ("man-at-war", 6, 2),
    ("man-at-war", 3, 2), ("man-at-war", 2, 1), ("man-at-war", 1, 1), ("man-at-war", 0, 0),
])
def test_sail_percentage_limits_speed(kind: str, worked: int, speed: int) -> None:
    st = tables().ships[kind]
    # Sailors enough for exactly ``worked`` sails, the rigging whole.
    s = ship(kind, sailors=worked * st.sailors_per_sail * 10 + 5)
    assert arm.sails_worked(s.gunnery) == worked
    assert m.sail_speed(s, st) == speed


@pytest.mark.parametrize(("kind", "hull", "speed"), [
    ("ship-of-the-line", 600, 5), ("ship-of-the-line", 301, 5), ("ship-of-the-line", 300, 4),
    ("ship-of-the-line", 150, 3), ("ship-of-the-line", 1, 3),
    ("man-at-war", 700, 3), ("man-at-war", 350, 2),
    ("brig", 125, 1), ("brig", 50, 1),
])
def test_hull_damage_limits_speed(kind: str, hull: int, speed: int) -> None:
    s = ship(kind, hull=hull)
    assert m.hull_speed(s, m.ship_type(s)) == speed


# -- moves ---------------------------------------------------------------------------

def test_move_options_from_rest_running_before_the_wind() -> None:
    options = m.move_options(GRID, Wind(S, 8), ship())
    assert options[:3] == ["0", "0L", "0R"]
    moves = options[3:]
    assert sorted(moves, key=lambda p: (len(p), p)) == sorted(
        [*m.sequences(1, 2), *m.sequences(2, 2)], key=lambda p: (len(p), p))
    assert len(options) == 3 + 3 + 9


def test_speed_changes_by_at_most_the_max_speed_change() -> None:
    options = m.move_options(GRID, Wind(S, 8), ship(speed=3))
    assert {len(p) for p in options} == {1, 2, 3, 4, 5}
    options = m.move_options(GRID, Wind(S, 8), ship("man-at-war", speed=2))
    assert {len(p) for p in options} == {1, 2, 3}


def test_turns_per_turn_limit_the_l_and_r_letters() -> None:
    sol = m.move_options(GRID, Wind(S, 8), ship(speed=3))
    assert max(len(p) - p.count("F") for p in sol) == 2
    mow = m.move_options(GRID, Wind(S, 8), ship("man-at-war", speed=3))
    assert max(len(p) - p.count("F") for p in mow) == 1
    assert "LF" in mow and "LR" not in mow


def test_no_rudder_no_turning() -> None:
    options = m.move_options(GRID, Wind(S, 8), ship(speed=2, rudder=False))
    assert options == ["0", "F", "FF", "FFF", "FFFF"]


def test_head_to_wind_she_must_fall_off() -> None:
    options = m.move_options(GRID, Wind(N, 8), ship())
    assert "F" not in options and "FF" not in options
    assert "L" in options and "R" in options and "LF" in options
    assert "FL" not in options  # the first hex is sailed head to wind


def test_the_worst_heading_of_a_move_limits_it() -> None:
    # Wind from SW: N is reaching (5) but NW is close-hauled (2) for a Ship of the Line.
    options = m.move_options(GRID, Wind(SW, 8), ship(speed=3))
    assert "FFFF" in options and "FFFFF" in options
    assert "FL" in options and "FFL" not in options and "LFF" not in options


def test_a_ship_above_her_limit_carries_her_way() -> None:
    options = m.move_options(GRID, Wind(S, 0), ship(speed=5))
    assert {len(p) for p in options} == {3}
    # Head to wind she still carries her way for the slowest speed.
    assert "FFF" in m.move_options(GRID, Wind(N, 8), ship(speed=5))


def test_cut_keeps_the_longest_start_the_wind_allows() -> None:
    caps = m.heading_caps(GRID, tables().ships["ship-of-the-line"], Wind(S, 8), N)
    assert m.cut("FFFF", 2, caps) == "FF"
    assert m.cut("FFFF", 2, caps, floor=3) == "FFF"
    assert m.cut("FF", 5, caps) == "FF"
    head = m.heading_caps(GRID, tables().ships["ship-of-the-line"], Wind(N, 8), N)
    assert m.cut("FF", 5, head) == ""


def test_one_move_is_into_one_of_the_three_hexes_ahead() -> None:
    for heading in range(6):
        ahead = {GRID.neighbour(CENTRE, GRID.turn(heading, d)) for d in (-1, 0, 1)}
        got = {m.trace(GRID, CENTRE, heading, p)[0][0] for p in "LFR"}
        assert got == ahead
        assert m.trace(GRID, CENTRE, heading, "L")[0][1] == GRID.turn(heading, -1)
        assert m.trace(GRID, CENTRE, heading, "R")[0][1] == GRID.turn(heading, 1)


def test_planned_end() -> None:
    s = ship()
    assert m.planned_end(GRID, s, "0") == (CENTRE, N)
    assert m.planned_end(GRID, s, "0L") == (CENTRE, NW)
    assert m.planned_end(GRID, s, "0R") == (CENTRE, NE)
    assert m.planned_end(GRID, s, "FF") == (Cell(10, 8), N)


# -- gunnery ---------------------------------------------------------------------------

@pytest.mark.parametrize("heading", range(6))
@pytest.mark.parametrize("side", arm.SIDES)
def test_broadside_arcs(heading: int, side: str) -> None:
    cells = arm.arc(GRID, CENTRE, heading, side, 5)
    assert len(cells) == len(set(cells)) == 2 + 3 + 4 + 5 + 6
    for d in range(1, 6):
        assert sum(GRID.distance(CENTRE, c) == d for c in cells) == d + 1
    beam = 90.0 if side == arm.STARBOARD else 270.0
    for c in cells:
        rel = (GRID.direction(CENTRE, c) - GRID.facing_angle(heading)) % 360.0
        assert abs(rel - beam) <= 30.0 + 1e-6
    first = {GRID.neighbour(CENTRE, GRID.turn(heading, d))
             for d in ((1, 2) if side == arm.STARBOARD else (-1, -2))}
    assert first == {c for c in cells if GRID.distance(CENTRE, c) == 1}
    other = arm.PORT if side == arm.STARBOARD else arm.STARBOARD
    assert not set(cells) & set(arm.arc(GRID, CENTRE, heading, other, 5))
    assert GRID.neighbour(CENTRE, heading) not in cells


def test_bears_uses_the_range() -> None:
    far = GRID.ray(CENTRE, NE, 4)[-1]
    assert arm.bears(GRID, CENTRE, N, arm.STARBOARD, far, 5)
    assert not arm.bears(GRID, CENTRE, N, arm.STARBOARD, far, 3)
    assert not arm.bears(GRID, CENTRE, N, arm.PORT, far, 5)


def test_pattern_places_relative_to_the_firing_ship() -> None:
    aim = Cell(13, 9)
    pattern = (("aim", 40), ("fore", 40), ("aft", 10), ("over-fore", 10), ("over-aft", 10),
               ("short-fore", 10), ("short-aft", 10))
    stbd = dict((p, c) for (c, _), (p, _) in
                zip(arm.pattern_cells(GRID, aim, N, arm.STARBOARD, pattern), pattern, strict=True))
    assert stbd["aim"] == aim
    assert stbd["fore"] == GRID.neighbour(aim, N) and stbd["aft"] == GRID.neighbour(aim, S)
    assert stbd["over-fore"] == GRID.neighbour(aim, NE)
    assert stbd["over-aft"] == GRID.neighbour(aim, SE)
    assert stbd["short-fore"] == GRID.neighbour(aim, NW)
    assert stbd["short-aft"] == GRID.neighbour(aim, SW)
    port = dict((p, c) for (c, _), (p, _) in
                zip(arm.pattern_cells(GRID, aim, N, arm.PORT, pattern), pattern, strict=True))
    assert port["over-fore"] == GRID.neighbour(aim, NW)
    assert port["short-aft"] == GRID.neighbour(aim, SE)
    # "over" is further from the firing ship, "short" nearer, wherever in her arc she aims.
    for side in arm.SIDES:
        for target in arm.arc(GRID, CENTRE, N, side, 4):
            cells = dict((p, c) for (c, _), (p, _) in zip(
                arm.pattern_cells(GRID, target, N, side, pattern), pattern, strict=True))
            far = max(GRID.euclid(CENTRE, cells["over-fore"]),
                      GRID.euclid(CENTRE, cells["over-aft"]))
            near = min(GRID.euclid(CENTRE, cells["short-fore"]),
                       GRID.euclid(CENTRE, cells["short-aft"]))
            assert far > GRID.euclid(CENTRE, target) > near
    assert arm.pattern_cells(GRID, aim, SE, arm.STARBOARD, (("fore", 40),)) == \
        [(GRID.neighbour(aim, SE), 40)]


def test_firing_value_worked_example() -> None:
    """84 guns = 28 x 3; broadside 42; 18 lost leaves 42 - 18/2 = 33; min(33, sailors/3)."""
    st = tables().ships["man-at-war"]
    lost = 18
    remaining = st.broadside - lost // 2
    assert remaining == 33
    assert arm.firing_value(remaining, 33 * 3) == 33
    assert arm.firing_value(remaining, 340) == 33
    assert arm.firing_value(remaining, 80) == 26  # too few sailors: 80 / 3 crews
    mow = ship("man-at-war", port_guns=330, starboard_guns=330).gunnery
    assert arm.firing_value_of(mow, arm.PORT) == arm.firing_value_of(mow, arm.STARBOARD) == 33
    assert arm.firing_value_of(evolve(mow, sailors=990), arm.PORT) == 33
    assert arm.firing_value_of(evolve(mow, sailors=989), arm.PORT) == 32
    assert arm.firing_value(5, 0) == 0


def test_damage_formula_worked_examples() -> None:
    assert arm.hit_damage(40, 33) == 132
    assert tenths(arm.hit_damage(40, 33)) == "13.2"
    assert arm.hit_damage(10, 25) == 25
    assert tenths(arm.hit_damage(10, 25)) == "2.5"
    assert tenths(arm.hit_damage(40, 16)) == "6.4"


def test_which_side_of_the_target_is_hit() -> None:
    target = ship(heading=N)

    def side_hit(shooter: Cell) -> str:
        return arm.side_hit(GRID, target.cell, target.heading, shooter)

    assert side_hit(GRID.ray(CENTRE, NE, 3)[-1]) == arm.STARBOARD
    assert side_hit(GRID.ray(CENTRE, SW, 2)[-1]) == arm.PORT
    assert side_hit(GRID.ray(CENTRE, N, 2)[-1]) == "both"
    assert side_hit(GRID.ray(CENTRE, S, 2)[-1]) == "both"


def test_aim_argument_text() -> None:
    assert arm.aim_arg(arm.PORT, Cell(5, 7)) == "port:5,7"
    assert arm.parse_aim("starboard:12,3") == (arm.STARBOARD, Cell(12, 3))
    assert arm.parse_aim("hold") is None


# -- condition ---------------------------------------------------------------------------

def test_maneuverable() -> None:
    assert m.maneuverable(ship())
    assert not m.maneuverable(ship(rudder=False))
    assert not m.maneuverable(ship(rigging=0))
    assert not m.maneuverable(ship(sailors=59))
    assert not m.maneuverable(ship(afloat=False))


def damage_fraction(s: SailShip) -> float:
    return arm.damage_fraction(s.gunnery, s.afloat)


def test_damage_fraction() -> None:
    assert damage_fraction(ship()) == 0.0
    assert damage_fraction(ship(afloat=False)) == 1.0
    assert damage_fraction(ship(hull=300)) == pytest.approx(1 / 6)
    assert damage_fraction(ship(hull=0, rigging=0, sailors=0)) == pytest.approx(1.0)


# -- the sail percentage taken exactly (rule reading) -----------------------------------

@pytest.mark.parametrize(("kind", "rigging_share", "speed"), [
    ("ship-of-the-line", 25, 2),   # 2.5 of 10 sails: the 25% row, though 3 stand
    ("ship-of-the-line", 26, 3),
    ("man-at-war", 10, 1),         # 2.4 of 24 sails: the 10% row, though 3 stand
    ("man-at-war", 11, 2),
    ("ship-of-the-line", 50, 3),
    ("ship-of-the-line", 51, 5),
])
def test_the_sail_percentage_is_taken_exactly(kind: str, rigging_share: int,
                                              speed: int) -> None:
    a = new_armament(kind)
    a = evolve(a, rigging=a.stype.rigging * 10 * rigging_share // 100)
    ship = SailShip(id="B1", side="blue", kind=kind, cell=Cell(0, 0), heading=0,
                    way=HexWay(), gunnery=a)
    assert m.sail_speed(ship, m.ship_type(ship)) == speed
    if rigging_share in (25, 10):
        assert arm.sails_standing(a) == 3


def test_too_few_sailors_also_lower_the_sail_percentage() -> None:
    a = new_armament("ship-of-the-line")      # 10 sails, 6 sailors a sail
    assert not arm.sails_at_most(evolve(a, sailors=18 * 10), 25)   # 3 of 10 sails worked
    assert arm.sails_at_most(evolve(a, sailors=17 * 10), 25)       # 2 of 10
