"""Ships & Sails' tables: every figure of the book, and the figures this game defines."""

from __future__ import annotations

import pytest

from tui_naval.rulesets.ships_and_sails.rules import RULESET
from tui_naval.systems.gunnery.ships_and_sails.tables import (
    PLACES,
    Ammo,
    PointOfSail,
    parse_tables,
    tables,
)

T = tables()

# Figure 2 (guns and sails) and Figure 3 (hull, speed and sailors), as printed.
FIGURES = {
    # rows, guns/row, gun sailors, sails, sail sailors, sailors, hull, speed, change, rigging, turns
    "brig": (1, 8, 24, 4, 24, 60, 25, 2, 1, 30, 1),
    "ship-of-the-line": (2, 16, 48, 10, 60, 160, 60, 5, 2, 60, 2),
    "man-at-war": (3, 28, 84, 24, 144, 340, 140, 4, 1, 80, 1),
}


@pytest.mark.parametrize("kind", FIGURES)
def test_ship_figures_2_and_3(kind: str) -> None:
    st = T.ships[kind]
    assert (st.rows, st.guns_per_row, st.gun_sailors, st.sails, st.sail_sailors, st.sailors,
            st.hull, st.max_speed, st.speed_change, st.rigging, st.turns) == FIGURES[kind]
    assert st.guns == st.rows * st.guns_per_row
    assert st.broadside * 2 == st.guns  # "half of the number on each side of the ship"
    assert st.sail_sailors == st.sails * st.sailors_per_sail


def test_the_man_at_war_has_84_guns_42_a_broadside() -> None:
    st = T.ships["man-at-war"]
    assert st.guns == 84 == 28 * 3
    assert st.broadside == 42


@pytest.mark.parametrize(("kind", "speeds"), [
    # Figure 5: sail <= 50%, <= 25%, <= 10%, = 0%
    ("brig", (1, 1, 1, 0)),
    ("ship-of-the-line", (3, 2, 1, 0)),
    ("man-at-war", (3, 2, 1, 0)),
])
def test_sail_percentage_table_figure_5(kind: str, speeds: tuple[int, ...]) -> None:
    st = T.ships[kind]
    assert st.sailors_per_sail == 6
    assert dict(st.sail_speed) == {50: speeds[0], 25: speeds[1], 10: speeds[2], 0: speeds[3]}


def test_wind_direction_table() -> None:
    faces = dict(enumerate(T.direction_change, start=1))
    assert faces[1] == -2
    assert faces[2] == faces[3] == -1
    assert all(faces[f] == 0 for f in range(4, 10))
    assert faces[10] == faces[11] == 1
    assert faces[12] == 2


def test_wind_speed_table() -> None:
    faces = dict(enumerate(T.speed_change, start=1))
    assert faces[1] is None  # "= 0 (no wind)"
    assert faces[2] == -2
    assert faces[3] == faces[4] == -1
    assert all(faces[f] == 0 for f in range(5, 10))  # the faces the text skips
    assert faces[10] == faces[11] == 1
    assert faces[12] == 2
    assert (T.wind_min, T.wind_max) == (0, 8)


def test_hit_dice_and_critical_rule() -> None:
    assert T.hit_die == 10
    assert T.faces(10) == 1 and T.faces(40) == 4
    assert T.critical_die == 20 and T.critical_face == 1 and T.critical_min_faces == 2
    assert T.sailors_per_gun == 3


def test_critical_hit_table_figure_6() -> None:
    ball = {f: T.critical_of(Ammo.BALL, f) for f in range(1, 21)}
    chain = {f: T.critical_of(Ammo.CHAIN, f) for f in range(1, 21)}
    grape = {f: T.critical_of(Ammo.GRAPE, f) for f in range(1, 21)}
    assert ball[1] is not None and ball[1].effect == "explode"
    assert ball[2] is not None and ball[2].effect == "rudder"
    assert chain[1] is not None and (chain[1].effect, chain[1].percent) == ("rigging", 100)
    assert chain[2] is not None and (chain[2].effect, chain[2].percent) == ("rigging", 33)
    assert grape[1] is not None and (grape[1].effect, grape[1].percent) == ("sailors", 50)
    assert grape[2] is not None and (grape[2].effect, grape[2].percent) == ("sailors", 25)
    for table in (ball, chain, grape):
        assert all(table[f] is None for f in range(3, 21))


def test_reload_and_collision_figures() -> None:
    assert T.reload_rounds == 1  # fires every second round
    assert T.switch_rounds == 1  # a switch takes a round extra
    assert T.collision_divisor == 3
    assert T.breaking_per_turn == 1


# -- the figures this game defines ----------------------------------------------------

def test_ranges_defined_here() -> None:
    assert T.range_of(Ammo.BALL) == 5
    assert T.range_of(Ammo.CHAIN) == 3
    assert T.range_of(Ammo.GRAPE) == 2
    # "short to long", "average", "short"
    assert T.range_of(Ammo.GRAPE) < T.range_of(Ammo.CHAIN) < T.range_of(Ammo.BALL)


@pytest.mark.parametrize(("kind", "wind"), [
    ("brig", (0, 1, 2, 2)),
    ("ship-of-the-line", (0, 2, 5, 4)),
    ("man-at-war", (0, 1, 3, 4)),
])
def test_wind_direction_dependency_defined_here(kind: str, wind: tuple[int, ...]) -> None:
    st = T.ships[kind]
    assert tuple(st.point_speed(p) for p in PointOfSail) == wind
    assert st.point_speed(PointOfSail.HEAD) == 0
    assert max(st.wind) == st.max_speed


def test_hull_speed_and_towing_defined_here() -> None:
    assert dict(T.hull_speed) == {50: 1, 25: 2}
    assert T.hull_speed_floor == 1
    assert T.towing == 1
    assert T.initial_speed == "1d4+2"


@pytest.mark.parametrize("kind", FIGURES)
@pytest.mark.parametrize("ammo", list(Ammo))
def test_aim_patterns_defined_here(kind: str, ammo: Ammo) -> None:
    pattern = T.ships[kind].pattern(ammo)
    places = [place for place, _ in pattern]
    assert places[0] == "aim" and dict(pattern)["aim"] == 40
    assert len(set(places)) == len(places)
    assert set(places) <= set(PLACES)
    assert {percent for _, percent in pattern} <= {10, 40}


def test_bigger_ships_have_at_least_as_many_40_percent_hexes() -> None:
    for ammo in Ammo:
        counts = [sum(p == 40 for _, p in T.ships[k].pattern(ammo)) for k in FIGURES]
        assert counts == sorted(counts)


def test_a_pattern_must_name_known_places() -> None:
    from importlib import resources

    package = resources.files("tui_naval.systems.gunnery.ships_and_sails")
    text = (package / "tables.toml").read_text()
    bad = text.replace('ball = { 40 = ["aim"], 10 = ["over-fore", "over-aft"] }',
                       'ball = { 40 = ["aim"], 10 = ["abaft"] }')
    assert bad != text
    with pytest.raises(ValueError, match="unknown aim place"):
        parse_tables(bad)


def test_ship_classes_and_help() -> None:
    classes = RULESET.ship_classes()
    assert list(classes) == ["brig", "ship-of-the-line", "man-at-war"]
    assert classes["man-at-war"].name == "Man at War"
    help_text = RULESET.help_text()
    assert "How this game adapts the rulebook" in help_text
    for words in ("Wind direction dependency", "Aim patterns", "Ranges", "Rigging and sails",
                  "breaks 1/turn", "Turns a turn", "Speed and MAX speed change"):
        assert words in help_text
