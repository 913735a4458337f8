"""Salt'n'Tar rule readings the game settles (the rules page's adaptations), tested."""

from __future__ import annotations

from attrs import evolve

from tui_naval.core.grid import Grid, GridKind
from tui_naval.core.wind import Wind
from tui_naval.systems.sailing.salt_n_tar.component import new_sail
from tui_naval.systems.sailing.salt_n_tar.motion import Way, motion
from tui_naval.systems.sailing.salt_n_tar.steps import can_steer

SQUARE = Grid(GridKind.SQUARE, 20, 20)
NORTH = SQUARE.parse_facing("N")
SOUTH = SQUARE.parse_facing("S")


def test_her_own_gust_speeds_her_up_instead_of_putting_her_in_a_gale() -> None:
    warship = evolve(new_sail("warship"), luck=1)
    move = motion(warship, SQUARE, Wind(NORTH, 3), SOUTH)
    assert move.way is Way.SAIL
    assert move.inches == 4 * 10  # her Wind Speed 4 x Running BN 10
    assert move.strain == 0


def test_without_luck_the_same_run_is_thirty_inches() -> None:
    assert motion(new_sail("warship"), SQUARE, Wind(NORTH, 3), SOUTH).inches == 30


def test_an_overall_gale_is_a_gale_for_everyone_and_her_luck_counts_in_it() -> None:
    lucky = evolve(new_sail("warship"), luck=1)
    move = motion(lucky, SQUARE, Wind(NORTH, 4), SOUTH)
    assert move.way is Way.GALE
    assert move.inches == 5 + 10  # (overall 4 + her 1) + Running BN
    assert move.strain == 1
    unlucky = evolve(new_sail("warship"), luck=-1)
    assert motion(unlucky, SQUARE, Wind(NORTH, 4), SOUTH).way is Way.GALE


def test_only_an_overall_gale_lets_a_ship_always_bear_away() -> None:
    # Head to wind with the sails set: in a gale she may always bear away to run;
    # her own +2 at Wind Speed 3 is no gale, so she is judged by the headings she can reach.
    lucky = evolve(new_sail("warship"), luck=2)
    assert can_steer(lucky, SQUARE, Wind(NORTH, 4), NORTH)
    assert can_steer(lucky, SQUARE, Wind(NORTH, 3), NORTH)
    adrift = evolve(lucky, masts=0)
    assert not can_steer(adrift, SQUARE, Wind(NORTH, 4), NORTH)


def test_a_ship_that_has_lost_a_mast_sails_downwind_only() -> None:
    warship = new_sail("warship")
    wind = Wind(NORTH, 3)
    one_lost = evolve(warship, masts=warship.stype.masts - 1, speed_loss=3)
    running = motion(one_lost, SQUARE, wind, SOUTH)
    assert (running.way, running.inches) == (Way.SAIL, 3 * 10 - 3)
    broad = motion(one_lost, SQUARE, wind, SQUARE.parse_facing("SE"))
    assert (broad.way, broad.inches) == (Way.SAIL, 3 * 11 - 3)
    for heading in ("E", "NE", "N"):   # Quarter Reaching, Beating, head to wind
        move = motion(one_lost, SQUARE, wind, SQUARE.parse_facing(heading))
        assert move.way is Way.DRIFT
        assert move.inches == 3 and move.direction == SOUTH
        assert "downwind only" in move.reason
    # With every mast she still sails every bearing.
    assert motion(warship, SQUARE, wind, SQUARE.parse_facing("NE")).way is Way.SAIL


def test_a_one_masted_ship_without_her_mast_drifts_on_every_bearing() -> None:
    cutter = evolve(new_sail("cutter"), masts=0)
    for heading in ("N", "E", "S"):
        assert motion(cutter, SQUARE, Wind(NORTH, 2), SQUARE.parse_facing(heading)).way \
            is Way.DRIFT


def test_masts_shot_follow_the_combat_systems_count() -> None:
    from tui_naval.systems.sailing.salt_n_tar.component import masts_shot

    # Kyngesreach counts three masts: a three-master loses one with each...
    assert [masts_shot(3, (n, 3)) for n in range(4)] == [0, 1, 2, 3]
    # ...a one-master only when all three are down.
    assert [masts_shot(1, (n, 3)) for n in range(4)] == [0, 0, 0, 1]
    # A combat system that counts one mast (or none down) takes none she did not lose.
    assert [masts_shot(3, (n, 1)) for n in range(2)] == [0, 1]
    assert masts_shot(2, (0, 0)) == 0


def test_the_panel_shows_the_odds_of_the_next_strain_roll() -> None:
    from tui_naval.systems.sailing.salt_n_tar.steps import strain_outlook

    assert strain_outlook(0) == "none: no Strain"
    # d6 + 3: 4 and 5 nothing; 6 creak (+1); 7 a leak (-3"); 8 stays snap (+1); 9 crew
    assert strain_outlook(3) == 'd6+3: nothing 2/6, +1 Strain 2/6, -3" 1/6, crew -10% 1/6'
    # d6 + 7: 8 +1; 9 crew; 10 -3"; 11 a mast; 12 and 13 sinking
    assert strain_outlook(7) == ('d6+7: +1 Strain 1/6, crew -10% 1/6, -3" 1/6, a mast 1/6, '
                                 "SINKING 2/6")


def test_every_salt_n_tar_sailing_ruleset_shows_it_in_the_ship_panel() -> None:
    from tui_naval.app.setup import new_game

    for name, map_name in (("salt-n-tar", "channel-race"), ("salt-and-shot", "sas-duel"),
                           ("salt-and-sails", "sails-duel")):
        game = new_game(name, map_name, 1, None)
        ship = game.state.ships[0]
        rows = {row.label: row.value for row in game.ruleset.describe(game.state, ship.id)}
        assert rows["Next roll"] == "none: no Strain"


# -- a square grid's diagonal counts one and a half ------------------------------------

def test_diagonal_steps_cost_alternately_one_and_two_cells_and_the_count_runs_on() -> None:
    from tui_naval.systems.sailing.salt_n_tar.motion import steps_for

    ne, east = SQUARE.parse_facing("NE"), SQUARE.parse_facing("E")
    sail = new_sail("cutter")
    # 10" at 4" a cell: a straight move makes 2 cells and carries 2"...
    assert steps_for(sail, 10, SQUARE, east, 4) == (2, 2, False)
    # ...a diagonal one costs 4" then 8": 1 cell, 6" carried, the next diagonal is long.
    assert steps_for(sail, 10, SQUARE, ne, 4) == (1, 6, True)
    cells, carry, long = steps_for(evolve(sail, carry=6, long_diagonal=True), 10, SQUARE, ne, 4)
    assert (cells, carry, long) == (2, 4, True)   # 16": 8 + 4, and 4" over
    # Over many moves a diagonal averages one and a half cells a step.
    sail, made = new_sail("cutter"), 0
    for _ in range(30):
        cells, carry, long = steps_for(sail, 12, SQUARE, ne, 4)
        sail, made = evolve(sail, carry=carry, long_diagonal=long), made + cells
    assert made == 30 * 12 // 6
    # Hexes have no diagonals.
    hexes = Grid(GridKind.HEX_FLAT, 20, 20)
    assert steps_for(new_sail("cutter"), 10, hexes, 1, 4) == (2, 2, False)


def test_ranges_on_squares_count_the_diagonal() -> None:
    from tui_naval.core.grid import Cell
    from tui_naval.systems.gunnery.kyngesreach.on_map import band_between
    from tui_naval.systems.gunnery.kyngesreach.tables import Band

    # Nine cells along a diagonal is 13 by the 1-2-1-2 count: Extreme, not Long.
    assert band_between(SQUARE, Cell(0, 0), Cell(9, 0)) is Band.LONG
    assert band_between(SQUARE, Cell(0, 0), Cell(9, 9)) is Band.EXTREME
    assert band_between(SQUARE, Cell(0, 0), Cell(10, 10)) is None   # 15: out of range


def test_a_mark_is_rounded_within_the_rounding_distance_counted_the_same_way() -> None:
    from tui_naval.core.grid import Cell
    from tui_naval.core.state import Board, Mark
    from tui_naval.systems.goals.course import rounding_zone

    board = Board("test", Grid(GridKind.SQUARE, 9, 9), ("." * 9,) * 9,
                  (Mark("1", Cell(4, 4)),))
    zone = rounding_zone(board, Cell(4, 4), 2)
    assert Cell(6, 5) in zone and Cell(5, 5) in zone
    assert Cell(6, 6) not in zone        # two diagonals count 3
