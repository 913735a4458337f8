"""Man-O-War Advanced Sailing: the text's rules and worked examples, and its pairings."""

from __future__ import annotations

from importlib import import_module

import pytest
from attrs import evolve
from dice_support import Dice

from tui_naval.app.setup import new_game, rule_options
from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell, Grid, GridKind, angle_between
from tui_naval.core.orders import Order
from tui_naval.core.wind import COMPASS, compass_wind
from tui_naval.rulesets import find_pairing, find_ruleset
from tui_naval.systems.handicap import Handicap
from tui_naval.systems.sailing.man_o_war import steps
from tui_naval.systems.sailing.man_o_war.advisor import MowHelm
from tui_naval.systems.sailing.man_o_war.battle import MowState
from tui_naval.systems.sailing.man_o_war.compass import (
    SailPoint,
    point_at,
    point_of,
    sail_inches,
    sail_point,
    tack_bearings,
)
from tui_naval.systems.sailing.man_o_war.component import new_sail, with_handicap
from tui_naval.systems.sailing.man_o_war.tables import tables

SQUARE = Grid(GridKind.SQUARE, 30, 20)
FLAT = Grid(GridKind.HEX_FLAT, 30, 20)
POINTY = Grid(GridKind.HEX_POINTY, 30, 20)
N, NE, E, SE, S, SW, W, NW = range(8)


def battle(ruleset: str = "mow-and-shot", map_name: str = "mow-crossing", seed: int = 1,
           grid: str | None = "square", options: tuple[tuple[str, str], ...] = ()) -> MowState:
    game = new_game(ruleset, map_name, seed, grid, options)
    state = game.state
    assert isinstance(state, MowState)
    return state


def test_the_norse_longboat_just_off_due_north_into_a_northwesterly_is_head_to_wind() -> None:
    # "just off due North" towards the wind: a few degrees west of north
    assert point_at(angle_between(355.0, 315.0)) is SailPoint.D
    # on pointy hexes her nearest heading, NW, is 15 degrees off the wind's eye
    wind = compass_wind(POINTY, NW)
    assert sail_point(POINTY, wind, POINTY.parse_facing("NW")) is SailPoint.D


@pytest.mark.parametrize(("angle", "point"), [
    (0, SailPoint.D), (44.9, SailPoint.D), (45, SailPoint.C), (89, SailPoint.C),
    (90, SailPoint.A), (134, SailPoint.A), (135, SailPoint.B), (180, SailPoint.B)])
def test_the_sail_point_compass_sectors(angle: float, point: SailPoint) -> None:
    assert point_at(angle) is point


def test_eight_winds_on_hexes_keep_their_angle() -> None:
    east = compass_wind(FLAT, E)
    assert east.angle == 90.0 and east.name(FLAT) == "E"
    # flat hexes head N (0) and NE (60): 90 and 30 degrees off an easterly
    assert sail_point(FLAT, east, 0) is SailPoint.A
    assert sail_point(FLAT, east, 1) is SailPoint.D
    assert compass_wind(SQUARE, E).angle is None


def test_sail_movement_table() -> None:
    ships = tables().ships
    frigate, brig = ships["frigate"], ships["brig"]
    assert [sail_inches(frigate, p, False) for p in SailPoint] == [9, 6, 3, 0]
    # the "wind abeam" figure when it beats two thirds
    assert sail_inches(brig, SailPoint.B, False) == 7


def test_a_bretonnian_under_the_optional_rules_moves_9_6_and_3() -> None:
    bret = tables().ships["bretonnian"]
    assert [sail_inches(bret, p, True) for p in (SailPoint.A, SailPoint.B, SailPoint.C)] \
        == [9, 6, 3]
    # under the advanced rules alone, A and B are both her full move
    assert [sail_inches(bret, p, False) for p in (SailPoint.A, SailPoint.B)] == [9, 9]


def test_wind_shift_table() -> None:
    assert tables().wind_shift == (1, -1, 2, -2, 3, -3)
    wind = compass_wind(SQUARE, N)
    assert steps.shifted(SQUARE, wind, -1).name(SQUARE) == "NW"
    assert steps.shifted(SQUARE, wind, 3).name(SQUARE) == "SE"


def test_a_commanders_tie_moves_the_wind_and_they_roll_again() -> None:
    log = Log(1)
    wind = compass_wind(SQUARE, N)
    # blue and red tie on 3 (2 points clockwise), then 5 against 2
    order, after = steps.initiative(("blue", "red"), ("blue", "red"), SQUARE, wind,
                                    Dice([3, 3, 5, 2]), log)
    assert order == ("blue", "red")
    assert after.name(SQUARE) == "E"
    # a third navy's tie with a commander moves nothing
    order, after = steps.initiative(("blue", "red", "green"), ("blue", "red"), SQUARE, wind,
                                    Dice([4, 2, 4, 1, 6]), log)
    assert order == ("green", "blue", "red") and after == wind


def test_initial_wind_from_adjacent_edges_skips_the_winds_ahead_of_each_fleet() -> None:
    state = battle(map_name="mow-corner-four")
    spec = find_ruleset("mow-and-shot")
    assert spec is not None
    from tui_naval.core.maps import load_map

    corner = load_map("mow-corner")
    assert steps.edge_of_fleet(corner, "blue") == "S"
    # blue heads N, red heads E: a 2 turns the indicator N -> NE -> (E skipped) SE
    wind = steps.initial_wind(corner, SQUARE, Dice([2]), Log(1))
    assert wind.name(SQUARE) == "SE"
    assert state.wind is not None


def test_tack_bearings_on_a_square_grid() -> None:
    wind = compass_wind(SQUARE, N)
    # from NE (close-hauled on the starboard tack) the near line is NE again, the far NW
    assert tack_bearings(SQUARE, wind, NE) == ((NE, None), (NW, None))
    assert tack_bearings(SQUARE, wind, NW) == ((NW, None), (NE, None))


def _at(state: MowState, ship_id: str, heading: int, cell: Cell, **sail: object) -> MowState:
    ship = state.ship(ship_id)
    return state.with_ship(evolve(ship, heading=heading, cell=cell,
                                  sail=evolve(ship.sail, **sail)))


def _move(state: MowState, ship_id: str, arg: str, dice: list[int], verb: str = "sail"):
    ship = state.ship(ship_id)
    taken = frozenset(s.cell for s in state.ships if s.id != ship_id)
    return steps.move(state.board, state.wind, ship, Order(ship_id, verb, arg), taken,
                      Dice(dice), state.seamanship, Log(1))


def test_a_completed_tack_uses_2_inches() -> None:
    state = evolve(battle(), wind=compass_wind(SQUARE, N))
    # B2 Frigate close-hauled heading NE (close reach, 3"), turns port into the wind
    state = _at(state, "B2", NE, Cell(10, 10))
    scale = state.board.scale
    moved = _move(state, "B2", "port/full", [6])
    assert moved.heading == NW  # through the eye of the wind
    assert moved.cell == SQUARE.ray(Cell(10, 10), NW, (3 - 2) // scale)[-1] \
        if (3 - 2) // scale else Cell(10, 10)
    assert moved.sail.carry == (3 - 2) % scale
    back = _move(state, "B2", "port/full", [5])
    assert back.heading == NE  # a feint tack: back on the line she came from
    irons = _move(state, "B2", "port/full", [4, 3, 5])  # then the drift's 2d6
    assert irons.heading == N and steps.in_irons(irons, SQUARE, state.wind)


def test_a_tacks_preview_gives_her_own_odds() -> None:
    """Into the wind: 1/6 through the eye, 1/6 back close-hauled, 4/6 In Irons; a
    Bretonnian under the optional rules adds 1 to the roll: 2/6, 1/6 and 3/6."""
    from tui_naval.systems.sailing.man_o_war.present import move_info

    for options, ship_id, odds in (((), "B2", ("1/6 through to NW", "1/6 back", "4/6")),
                                   ((("seamanship", "on"),), "B1",
                                    ("2/6 through to NW", "1/6 back", "3/6"))):
        state = evolve(battle(options=options), wind=compass_wind(SQUARE, N))
        state = _at(state, ship_id, NE, Cell(10, 10))
        info = move_info(state, state.ship(ship_id), Order(ship_id, "sail", "port/full"))
        through, back, irons = odds
        assert f"a tack: {through}, {back} close-hauled to NE; the tack uses 2\"" \
            in info.detail, info.detail
        assert info.warning == f"{irons}: In Irons and drifts"


def test_drift_is_the_lower_of_2d6_downwind() -> None:
    state = evolve(battle(), wind=compass_wind(SQUARE, N))
    state = _at(state, "B1", E, Cell(10, 5))
    sail = state.ship("B1").sail
    assert steps.drift_roll(sail, Dice([5, 2]), False)[0] == 2
    assert steps.drift_roll(sail, Dice([6, 6]), False)[0] == 6
    # a ship staying put drifts: the lower die is 4", 2 cells at 2" a cell, to the south
    moved = _move(state, "B1", "ahead/stay", [4, 6])
    assert moved.cell == Cell(10, 7)
    # at anchor she does not drift
    anchored = _move(state, "B1", "ahead/stay+anchor", [])
    assert anchored.cell == Cell(10, 5) and anchored.sail.anchored


def test_the_races_reroll_1s_when_drifting_under_the_optional_rules() -> None:
    state = battle(options=(("seamanship", "on"),))
    assert state.seamanship
    bret = state.ship("B1").sail
    assert bret.template.race == "bretonnian"
    assert steps.drift_roll(bret, Dice([1, 5, 3]), True)[0] == 3
    assert steps.drift_roll(bret, Dice([1, 5]), False)[0] == 1
    frigate = state.ship("B2").sail
    assert steps.drift_roll(frigate, Dice([1, 5]), True)[0] == 1
    # and add 1 to their tack rolls
    assert steps.tack_roll(bret, Dice([5]), True)[0] == 6


def test_an_anchored_ship_turns_up_to_90_degrees_and_fires() -> None:
    state = evolve(battle(), wind=compass_wind(SQUARE, N))
    state = _at(state, "B1", E, Cell(14, 8), anchored=True)
    options = steps.move_options(state.ship("B1"), SQUARE, state.wind, False)
    pivots = {steps.parse_move(o.arg)[0] for o in options}
    assert pivots == {"port2", "port", "ahead", "starboard", "starboard2"}
    swung = _move(state, "B1", "starboard2/keep", [], verb="anchor")
    assert swung.heading == S and swung.cell == Cell(14, 8) and swung.sail.anchored
    # on hexes one point (60 degrees) is all 90 allows
    assert set(steps.pivot_points(FLAT)) == {"port", "ahead", "starboard"}
    # she fires: an enemy in her starboard arc is offered to her battery
    enemy = state.ship("R1")
    state = state.with_ship(evolve(enemy, cell=Cell(11, 8)))
    state = state.with_ship(swung)
    rules = find_ruleset("mow-and-shot")
    firing = [s for s in state.ships if s.id == "B1"]
    decision = rules.combat.fire_decision(state, firing, False)  # type: ignore[attr-defined]
    assert decision is not None and decision.ship == "B1"
    assert any(o.arg.endswith("@R1") for o in decision.options)


def test_oars_row_whatever_the_wind_and_do_not_drift() -> None:
    state = evolve(battle(), wind=compass_wind(SQUARE, E))
    state = _at(state, "R3", E, Cell(20, 14))  # the longboat, head to wind
    assert steps.in_irons(state.ship("R3"), SQUARE, state.wind)
    rowed = _move(state, "R3", "ahead/full", [], verb="row")
    assert rowed.cell == Cell(22, 14)  # 4" at 2" a cell, no drift


def test_her_sailing_follows_the_damage_and_is_kept_when_in_line() -> None:
    sail = new_sail("frigate")
    assert with_handicap(sail, Handicap()) is sail  # nothing hit: the same component
    shot = with_handicap(sail, Handicap(sail_lost=(1, 4), masts_down=(1, 3), helm=0))
    # The lower of the sail left (75%) and the masts left (two of three: 66%).
    assert (shot.masts, shot.masts_shot, shot.rig, shot.steers) == (2, 1, 66, False)
    assert with_handicap(shot, Handicap(sail_lost=(1, 4), masts_down=(1, 3), helm=0)) is shot
    assert with_handicap(shot, Handicap()) == sail  # a report with no damage: all back


@pytest.mark.parametrize("ruleset", ["mow-and-shot", "mow-and-sails"])
def test_the_helm_values_a_place_by_the_ship_it_is_handed(ruleset: str) -> None:
    """The helm weighs each place a move may leave her in against the state as it is (she
    still where she was in it): each combat system's firepower takes her place from the
    ship, so the value is the one of the state with her moved there."""
    rules = find_ruleset(ruleset)
    advice = import_module(f"tui_naval.rulesets.{ruleset.replace('-', '_')}.advisor")
    helm = MowHelm(advice.RULESET, advice.FIRE)
    state = battle(ruleset, grid="hex-flat")
    fire = helm.firepower
    under_fire = 0  # places where guns bear, hers or the enemy's
    while state.outcome is None and under_fire < 40:
        decision = rules.decision(state)
        assert decision is not None
        if decision.kind == "move":
            ship = state.ship(decision.ship)
            taken = frozenset(s.cell for s in state.ships if s.afloat and s.id != ship.id)
            for order in decision.options:
                for _, end in helm.sailed(state, ship, order, taken):
                    placed = state.with_ship(end)
                    assert helm.value(state, end) == helm.value(placed, end)
                    if fire.threat(placed, end, False) or fire.broadsides(
                            placed, end, fire.ready(end, True)):
                        under_fire += 1
        state = rules.apply(state, rules.advisor(state, decision))
    assert under_fire >= 40


def test_pairings_by_configuration() -> None:
    assert find_pairing("man-o-war", "kyngesreach").id == "mow-and-shot"
    assert find_pairing("Man O War", "Ships and Sails").id == "mow-and-sails"
    ruleset = find_ruleset("mow-and-shot")
    assert rule_options(ruleset, ["seamanship=on"]) == (("seamanship", "on"),)


@pytest.mark.parametrize(("ruleset", "map_name"), [
    ("mow-and-shot", "mow-crossing"), ("mow-and-shot", "mow-corner-four"),
    ("mow-and-shot", "mow-three-navies"), ("mow-and-sails", "mow-crossing"),
    ("mow-and-sails", "mow-corner")])
def test_each_pairing_plays_each_map_to_the_end(ruleset: str, map_name: str) -> None:
    rules = find_ruleset(ruleset)
    state = battle(ruleset, map_name, grid="hex-flat")
    choose = rules.advisor
    while state.outcome is None:
        decision = rules.decision(state)
        assert decision is not None
        state = rules.apply(state, choose(state, decision))
        assert rules.invalid(state) is None
    assert state.turn <= state.goal.turns


def _moved_with_log(state: MowState, ship_id: str, arg: str, dice: list[int]):
    ship = state.ship(ship_id)
    taken = frozenset(s.cell for s in state.ships if s.id != ship_id)
    log = Log(1)
    moved = steps.move(state.board, state.wind, ship, Order(ship_id, "sail", arg), taken,
                       Dice(dice), state.seamanship, log)
    return moved, [event.text for event in log.events]


@pytest.mark.parametrize("grid", ["square", "hex-flat", "hex-pointy"])
@pytest.mark.parametrize("wind_point", range(8), ids=lambda p: COMPASS[p])
def test_a_tack_leaves_her_close_hauled_on_every_grid_and_wind(grid: str,
                                                               wind_point: int) -> None:
    """"On a roll of 5, the ship goes back to a 'close-hauled' point of sail (just at the
    closest edge of Sail Point 'C') ... Continue the move as normal"; on a 6 "she turns
    through the eye of the wind" to the other close reach line; "C Close reach: One third
    of the Broad Reach movement".  Where no facing lies in C (hexes with some winds), she
    holds the close-hauled course between facings: a frigate makes 3", less the tack's 2"."""
    base = battle(grid=grid)
    g = base.grid
    wind = compass_wind(g, wind_point)
    middle = Cell(g.width // 2, g.height // 2)
    state = evolve(base, wind=wind)
    frigate = state.ship("B2").sail.template
    tried = 0
    for heading in range(g.points):
        if steps.sail_available(state.ship("B2").sail, g, wind, heading, False)[0] \
                is SailPoint.D:
            continue
        for turn in ("port", "starboard"):
            if sail_point(g, wind, g.turn(heading, steps.TURNS[turn])) is not SailPoint.D:
                continue
            placed = _at(state, "B2", heading, middle, carry=0)
            for die in (5, 6):
                moved, said = _moved_with_log(placed, "B2", f"{turn}/full", [die, 6, 6])
                point = point_of(g, wind, moved.heading, moved.course)
                assert point is SailPoint.C, (heading, turn, die, said)
                angle = moved.course if moved.course is not None \
                    else g.facing_angle(moved.heading)
                off = angle_between(angle, wind.bearing(g))
                assert 45 <= round(off, 6) < 90, (heading, turn, die)
                assert any("(Close reach)" in line for line in said), said
                assert any(f'sails {frigate.full // 3 - 2}"' in line for line in said) \
                    or frigate.full // 3 - 2 <= 0, said
                assert not any("drifts" in line for line in said), said
                tried += 1
    assert tried >= 4


def test_a_course_between_facings_holds_ahead_and_a_turn_returns_to_the_grid() -> None:
    """Flat-top hexes, an easterly: no facing lies in C.  Back close-hauled she holds the
    line (45 or 135 degrees); ahead next turn keeps it, and sails along it at close reach;
    a turn puts her on a facing."""
    base = battle(grid="hex-flat")
    g = base.grid
    wind = compass_wind(g, E)
    assert all(sail_point(g, wind, f) is not SailPoint.C for f in range(g.points))
    state = evolve(base, wind=wind)
    middle = Cell(g.width // 2, g.height // 2)
    south = g.parse_facing("S")
    placed = _at(state, "B2", south, middle, carry=0)  # S: 90 degrees off, broad reach
    turn = next(t for t in ("port", "starboard")
                if sail_point(g, wind, g.turn(south, steps.TURNS[t])) is SailPoint.D)
    moved, said = _moved_with_log(placed, "B2", f"{turn}/full", [5])
    assert moved.course == 135.0
    assert any("on course 135 degrees" in line and "Close reach" in line for line in said)
    on = state.with_ship(moved)
    again, said = _moved_with_log(on, "B2", "ahead/full", [])
    assert again.course == 135.0 and any("Close reach (C)" in line for line in said), said
    away = next(t for t in ("port", "starboard")
                if sail_point(g, wind, g.turn(moved.heading, steps.TURNS[t])) is SailPoint.A)
    turned, _ = _moved_with_log(on, "B2", f"{away}/full", [6, 6])
    assert turned.course is None


def test_a_ship_stopped_short_drifts_by_the_inches_she_made() -> None:
    """"At the end of any sail move where a ship uses less than half of the movement
    available to it that turn ... roll two six-sided dice": the inches she made, not
    those ordered.  A frigate on a broad reach (9") stopped by the edge after one cell."""
    state = evolve(battle(), wind=compass_wind(SQUARE, N))
    g = state.grid
    edge = Cell(g.width - 2, 10)
    placed = _at(state, "B2", E, edge, carry=0)
    moved, said = _moved_with_log(placed, "B2", "ahead/full", [3, 5])
    scale = state.board.scale
    assert moved.sail.last_motion == f'sailed {scale}" of 9", drifted', said
    assert any("drifts" in line for line in said), said
    # Not stopped: no drift.
    free = _at(state, "B2", E, Cell(2, 10), carry=0)
    moved, said = _moved_with_log(free, "B2", "ahead/full", [])
    assert moved.sail.last_motion == 'sailed 9" of 9"'


def test_the_wind_indicator_starts_where_the_players_agree() -> None:
    """"Place the direction indicator pointing north (or a direction agreed by all
    players). Roll a D6 and turn the wind indicator clockwise ... skipping any direction
    that is directly ahead of a fleet": agreed at NE, a 2 goes NE -> (E skipped) SE -> S;
    a map's ``wind-indicator`` line agrees one, the players' choice overrides it."""
    from tui_naval.core.maps import load_map, parse_map

    corner = load_map("mow-corner")
    log = Log(1)
    wind = steps.initial_wind(corner, SQUARE, Dice([2]), log, "NE")
    assert wind.name(SQUARE) == "S"
    assert "clockwise from NE" in log.events[-1].text
    assert steps.initial_wind(corner, SQUARE, Dice([2]), Log(1), "map").name(SQUARE) == "SE"
    source = corner.text
    assert "map:\n" in source
    agreed = parse_map(source.replace("map:\n", "wind-indicator: W\nmap:\n", 1),
                       "agreed.map", "agreed")
    assert steps.indicator_problem(agreed) is None
    assert steps.initial_wind(agreed, SQUARE, Dice([1]), Log(1)).name(SQUARE) == "NW"
    assert steps.initial_wind(agreed, SQUARE, Dice([1]), Log(1), "S").name(SQUARE) == "SW"
    wrong = parse_map(source.replace("map:\n", "wind-indicator: Q\nmap:\n", 1),
                      "wrong.map", "wrong")
    assert "wind-indicator" in (steps.indicator_problem(wrong) or "")


def test_the_agreed_indicator_is_an_option_of_the_game() -> None:
    game = new_game("mow-and-sails", "mow-corner", 1, None, (("indicator", "SW"),))
    said = [e.text for e in game.state.events if e.kind == "wind"]
    assert any("clockwise from SW" in line for line in said), said
    option = next(o for o in find_ruleset("mow-and-sails").info.options
                  if o.key == "indicator")
    assert option.default == "map" and "NW" in option.choices


def test_the_readings_kept_for_tacking() -> None:
    """help.md's "Readings kept": (1) "you may roll a dice to recover" when she first turns
    into the wind: rolled for her, since declining could only leave her In Irons, as a
    failed roll does; a ship beginning her turn In Irons is asked (recover to either line,
    or wait). (2) "On a 6 ... either line": her order's turn takes her to the far line.
    (3) She turns at the start of her move, then sails."""
    state = evolve(battle(), wind=compass_wind(SQUARE, N))
    state = _at(state, "B2", NE, Cell(10, 10), carry=0)
    failed, said = _moved_with_log(state, "B2", "port/full", [4, 6, 6])
    assert steps.in_irons(failed, SQUARE, state.wind)  # = what declining would leave
    assert any("she is In Irons" in line for line in said)
    in_irons = state.with_ship(failed)
    asked = steps.move_options(in_irons.ship("B2"), SQUARE, state.wind, False)
    assert {str(o) for o in asked} == {"B2 recover port", "B2 recover starboard",
                                       "B2 sail ahead/stay", "B2 sail ahead/stay+anchor"}
    through, _ = _moved_with_log(state, "B2", "port/full", [6])
    assert through.heading == NW  # the far line, never the near one (NE) on a 6
    on, said = _moved_with_log(_at(state, "B2", E, Cell(10, 10), carry=0), "B2",
                               "starboard/full", [])
    assert on.heading == SE and on.cell in SQUARE.ray(Cell(10, 10), SE, 6)  # turned, then ran
    assert said[0].startswith("B2 Frigate sails") and "heading SE" in said[0]
