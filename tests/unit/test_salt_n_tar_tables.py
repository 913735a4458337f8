"""Salt'n'Tar's tables.toml checked against the rulebook (shared/rules/salt-n-tar.tex).

The expected figures below are transcribed from the rulebook's tables, not from
the code, so a typo in tables.toml (or a table read wrongly) fails here.
"""

from __future__ import annotations

import pytest

from tui_naval.core.dice import Rng, Roller
from tui_naval.core.grid import Grid, GridKind
from tui_naval.core.scenario import Setup, start_state
from tui_naval.rulesets.salt_n_tar.rules import RULESET
from tui_naval.rulesets.salt_n_tar.state import SaltState
from tui_naval.systems.sailing.salt_n_tar.tables import Bearing, tables

# "Initial Wind strength and direction": 1d6 -> Wind Speed.
RULEBOOK_INITIAL_SPEED = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}

# The wind directions by die face.  "On a playing surface without a grid, or a square
# grid, use 8 points"; on hexes "aligned vertically" (flat-topped: N and S neighbours)
# and "aligned horizontally" (pointy-topped: E and W neighbours) 6 points.
RULEBOOK_DIRECTIONS = {
    GridKind.SQUARE: ("N", "NE", "E", "SE", "S", "SW", "W", "NW"),
    GridKind.HEX_FLAT: ("N", "NE", "SE", "S", "SW", "NW"),
    GridKind.HEX_POINTY: ("NW", "NE", "E", "SE", "SW", "W"),
}

# "Ship types": name, Running, Broad Reaching, Quarter Reaching, Beating,
# head to wind (backwards) and what the head-to-wind row is called.
RULEBOOK_SHIPS = {
    "large-galley": ("Large Galley", 9, 10, 8, 3, 1, "Luffing"),
    "small-galley": ("Small Galley", 8, 9, 7, 2, 1, "Luffing"),
    "longship": ("Viking Longship", 11, 12, 9, 4, 2, "Backing"),
    "large-merchant": ("Large Merchant", 9, 10, 8, 3, 1, "Backing"),
    "small-merchant": ("Small Merchant", 8, 9, 7, 3, 1, "Backing"),
    "warship": ("Sailed Warship", 10, 11, 10, 4, 1, "Backing"),
    "cutter": ("Cutter", 6, 8, 7, 5, 1, "Luffing"),
    "schooner": ("Schooner", 10, 12, 11, 8, 1, "Luffing"),
}

# Masts as the ship descriptions give them: "a single lateen rigged mast", "one
# mast", "usually just one mast", "single masted" -> one; "more then one",
# "two to three", "three or four", "two or more" -> many.
ONE_MASTED = {"small-galley", "longship", "small-merchant", "cutter"}
# Adaptation 13: galleys, longships and cutters cross shoals (shallow draught).
SHALLOW = {"large-galley", "small-galley", "longship", "cutter"}


def test_the_eight_ship_types_and_their_bearing_numbers() -> None:
    ships = tables().ships
    assert set(ships) == set(RULEBOOK_SHIPS)
    for key, (name, running, broad, quarter, beating, head, head_name) in RULEBOOK_SHIPS.items():
        stype = ships[key]
        assert stype.name == name
        assert stype.bn(Bearing.RUNNING) == running, key
        assert stype.bn(Bearing.BROAD) == broad, key
        assert stype.bn(Bearing.QUARTER) == quarter, key
        assert stype.bn(Bearing.BEATING) == beating, key
        assert stype.bn(Bearing.HEAD) == head, key
        assert stype.bearing_name(Bearing.HEAD) == head_name, key


def test_masts_and_draught_follow_the_descriptions() -> None:
    for key, stype in tables().ships.items():
        if key in ONE_MASTED:
            assert stype.masts == 1, key
        else:
            assert stype.masts >= 2, key
        assert stype.shallow is (key in SHALLOW), key


def test_ruleset_offers_every_ship_type_by_key() -> None:
    classes = RULESET.ship_classes()
    assert {k: c.name for k, c in classes.items()} == {k: v[0] for k, v in RULEBOOK_SHIPS.items()}


def test_initial_wind_speed_table() -> None:
    assert dict(enumerate(tables().initial_wind_speed, start=1)) == RULEBOOK_INITIAL_SPEED


@pytest.mark.parametrize("kind", list(GridKind))
def test_initial_wind_direction_names(kind: GridKind) -> None:
    names = tables().initial_wind_direction[kind.value]
    assert names == RULEBOOK_DIRECTIONS[kind]
    # d8 on squares, d6 on hexes, and every name is a real facing of that grid
    grid = Grid(kind, 5, 5)
    assert len(names) == grid.points
    assert [grid.facing_name(grid.parse_facing(n)) for n in names] == list(names)


def test_wind_roll_table() -> None:
    # "1 Direction change clockwise, 2 WS=1, 3 WS=2, 4 WS=2, 5 WS=3, 6 counter clockwise"
    assert tables().wind_roll == ("veer", 1, 2, 2, 3, "back")


def test_luck_roll_table() -> None:
    luck = tables().luck
    # 1 sails luff -1; 2-4 no change; 5 gust +1; 6 +2 and mark 1 Strain
    assert [e.wind for e in luck] == [-1, 0, 0, 0, 1, 2]
    assert [e.strain for e in luck] == [0, 0, 0, 0, 0, 1]


def test_shared_luck_table() -> None:
    shared = tables().shared_luck
    assert set(shared) == {1, 6}
    # two or more 1s: "the wind reduces by 1 for everyone"; the rollers' own -1 is
    # that same luff, so their total change is -1 too
    assert shared[1].everyone == -1
    assert shared[1].everyone + shared[1].rollers == -1
    # two or more 6s: "increases the overall windspeed by 1 for everyone (thus, those
    # who rolled a six still have the advantage of Wind Speed +1)": total +2
    assert shared[6].everyone == 1
    assert shared[6].everyone + shared[6].rollers == 2


@pytest.mark.parametrize(("total", "effect"), [
    (-3, None), (1, None), (5, None),
    (6, "strain"),   # spars and stays creak: mark 1 extra strain
    (7, "slow"),     # ship makes water: all speed -3" ongoing
    (8, "strain"),   # stays snap, mark 1 extra strain
    (9, "crew"),     # deck's awash, active crew -10%
    (10, "slow"),    # sails tear, all speed -3" ongoing
    (11, "mast"),    # a mast breaks
    (12, "sink"),    # 12+: it's over
    (13, "sink"), (30, "sink"),
])
def test_strain_roll_table(total: int, effect: str | None) -> None:
    row = tables().strain_effect(total)
    assert (row.effect if row else None) == effect


def test_limits_from_the_text() -> None:
    limits = tables().limits
    assert limits.speed_loss == 3      # "reduce all speed by 3''"
    assert limits.crew_loss == 10      # "reduce active crew by 10%"
    assert limits.calm == 0            # "0 = Calm"
    assert limits.gale == 4            # "Wind Speed of four or more (4+)"
    assert limits.furl_turns == 2      # "It takes two game turns to set sails again"
    assert limits.anchor_turns == 2    # "two game turns to thus come to a full stop"
    assert limits.weigh_turns == 3     # "three game turns to light the anchor and set sail"
    assert limits.unreef_turns == 1    # "It takes another turn to unreef the sails"


# -- the initial wind as the setup rolls it -----------------------------------------

NO_WIND_MAP = """\
grids: hex-flat hex-pointy square
game: race
course: Z
ship: B1 blue 1,3 N cutter
ship: R1 red 3,3 N cutter
map:
.....
....Z
.....
.....
"""


def _setup(kind: GridKind, seed: int) -> SaltState:
    state = start_state(RULESET, Setup("salt-n-tar", "t", NO_WIND_MAP, kind, seed))
    assert isinstance(state, SaltState)
    return state


@pytest.mark.parametrize("kind", list(GridKind))
def test_initial_wind_is_rolled_on_the_tables(kind: GridKind) -> None:
    """Direction by d8 (square) or d6 (hex), then Wind Speed by 1d6, for each face."""
    grid = Grid(kind, 5, 4)
    seen_dir: set[int] = set()
    seen_speed: set[int] = set()
    for seed in range(200):
        roller = Roller(Rng.from_seed(seed))
        d_face = roller.die(grid.points)
        s_face = roller.die(6)
        state = _setup(kind, seed)
        assert grid.facing_name(state.wind.direction) == RULEBOOK_DIRECTIONS[kind][d_face - 1]
        assert state.wind.speed == RULEBOOK_INITIAL_SPEED[s_face]
        assert state.rng == roller.rng
        seen_dir.add(d_face)
        seen_speed.add(s_face)
    assert seen_dir == set(range(1, grid.points + 1))
    assert seen_speed == set(range(1, 7))


def test_a_map_wind_replaces_the_initial_roll() -> None:
    text = NO_WIND_MAP.replace("game: race", "game: race\nwind: SW 3")
    state = start_state(RULESET, Setup("salt-n-tar", "t", text, GridKind.SQUARE, 5))
    assert state.grid.facing_name(state.wind.direction) == "SW"
    assert state.wind.speed == 3
    assert state.rng == Rng.from_seed(5)  # no die was rolled
