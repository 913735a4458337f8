"""Salt'n'Tar with Kyngesreach gunnery: the combat turn, arcs and bands, and how
gunnery damage changes sailing."""

from __future__ import annotations

import random

import pytest
from attrs import evolve

from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.history import Game
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.scenario import ScenarioError, Setup
from tui_naval.core.wind import Wind
from tui_naval.rulesets.salt_and_shot.rules import COMBAT, RULESET
from tui_naval.rulesets.salt_and_shot.state import SasShip, SasState
from tui_naval.rulesets.salt_and_shot.tables import classes
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach import on_map
from tui_naval.systems.gunnery.kyngesreach.gunnery import Battery, Gunnery, Guns
from tui_naval.systems.gunnery.kyngesreach.tables import Ammo, Band
from tui_naval.systems.gunnery.kyngesreach.tables import tables as gunnery_tables
from tui_naval.systems.sailing.salt_n_tar.component import Sails, masts_shot
from tui_naval.systems.sailing.salt_n_tar.motion import Motion, Way, motion
from tui_naval.systems.sailing.salt_n_tar.steps import STEER, can_steer
from tui_naval.systems.sailing.salt_n_tar.tables import tables as sailing_tables


def sea(ships: list[str], *, wind: str = "N 2", grid: str = "square", width: int = 24,
        height: int = 16, land: tuple[Cell, ...] = (), header: str = "", turns: int = 30,
        seed: int = 1) -> Game:
    """A game on open sea (with ``land`` cells) and the given ``ship:`` lines."""
    rows = [["~"] * width for _ in range(height)]
    for cell in land:
        rows[cell.row][cell.col] = "#"
    text = (f"title: Test\nabout: a test\ngrids: {grid}\ngame: battle\nturns: {turns}\n"
            f"wind: {wind}\n{header}" + "".join(f"ship: {s}\n" for s in ships) + "map:\n"
            + "\n".join("".join(r) for r in rows) + "\n")
    return Game(RULESET, Setup(RULESET.name, "test", text, GridKind(grid), seed))


DUEL = ["B1 blue 5,8 E frigate", "R1 red 18,8 W frigate"]
PHASES = RULESET.turn.names


def with_gunnery(ship: SasShip, g: Gunnery) -> SasShip:
    """The ship with a new gunnery state, her sailing brought in line with its damage."""
    synced = RULESET.synced(evolve(ship, gunnery=g))
    assert isinstance(synced, SasShip)
    return synced


def with_sail(ship: SasShip, **changes: object) -> SasShip:
    """The ship with ``changes`` to her sailing figures."""
    return evolve(ship, sail=evolve(ship.sail, **changes))


def sail_motion(ship: SasShip, grid: Grid, wind: Wind, heading: int | None = None) -> Motion:
    """How the ship sails this turn (on ``heading``, or her own), her damage counted."""
    return motion(ship.sail, grid, wind, ship.heading if heading is None else heading)


def state_of(game: Game) -> SasState:
    state = game.state
    assert isinstance(state, SasState)
    return state


def answer(game: Game, kind: str, pick: str | None = None) -> None:
    """Answer decisions until one of ``kind`` has been answered (``pick``: its order text)."""
    while (decision := game.decision()) is not None:
        if decision.kind == kind:
            game.play(decision.find(pick) if pick else decision.options[0])
            return
        game.play(_quiet(decision))
    raise AssertionError(f"no {kind} decision")


def _quiet(decision: Decision) -> Order:
    """Pass, hold and keep: nothing that rolls a die or marks Strain."""
    for text in ("luck pass", "hold", "keep"):
        for option in decision.options:
            if str(option).endswith(text):
                return option
    return decision.options[0]


def run_to(game: Game, phase: str, turn: int | None = None,
           events: list[str] | None = None) -> SasState:
    """Play quietly until the state waits in ``phase`` (of ``turn``); ``events`` collects."""
    while True:
        state = state_of(game)
        if state.phase == phase and (turn is None or state.turn == turn):
            return state
        decision = game.decision()
        assert decision is not None, f"the game ended before {phase}"
        game.play(_quiet(decision))
        if events is not None:
            events += [e.text for e in game.state.events]


# -- classes and setup ---------------------------------------------------------------

def test_every_class_pairs_a_sailing_type_with_a_gunnery_class() -> None:
    pairings = classes()
    assert set(RULESET.ship_classes()) == set(pairings)
    assert {p.gunnery for p in pairings.values()} == set(gunnery_tables().classes)
    for pairing in pairings.values():
        assert pairing.sailing in sailing_tables().ships
        assert sailing_tables().ships[pairing.sailing].masts >= 1
        assert gunnery_tables().classes[pairing.gunnery].guns > 0


def test_a_battle_has_two_sides() -> None:
    with pytest.raises(ScenarioError, match="two sides"):
        sea([*DUEL, "G1 green 10,2 S brig"])


def test_the_magical_wind_is_refused() -> None:
    with pytest.raises(ScenarioError, match="magical wind"):
        sea(DUEL, header="#! magic: blue 2 14 Biele\n")


def test_crews_and_names_come_from_the_map() -> None:
    state = state_of(sea(DUEL, header="#! name: B1 Sojourner\n#! crew: R1 gunner=15\n"))
    assert state.ship("B1").name == "Sojourner"
    assert state.ship("R1").name == "Frigate"
    assert state.ship("R1").gunnery.skills.gunner == 15
    assert state.ship("B1").sail.masts == 3 and state.ship("B1").sail.crew == 100


def test_the_setup_says_boarding_is_not_played() -> None:
    events = sea(DUEL).state.events
    assert any("ramming and boarding are not played" in e.text for e in events)


# -- the turn ------------------------------------------------------------------------

def test_the_turn_runs_the_combat_sequence() -> None:
    game = sea(DUEL, seed=3)
    seen: list[tuple[int, str]] = []
    while (decision := game.decision()) is not None and game.state.turn <= 4:
        seen.append((game.state.turn, game.state.phase))
        game.play(_quiet(decision))
    for turn in range(1, 4):
        phases = [p for t, p in seen if t == turn]
        assert phases == sorted(phases, key=PHASES.index), turn
        assert "first-half" in phases and "second-half" in phases and "maneuver" in phases


def test_events_come_in_turn_order() -> None:
    game = sea(DUEL, seed=5)
    kinds: list[str] = []
    while game.state.turn < 3:
        decision = game.decision()
        assert decision is not None
        game.play(_quiet(decision))
        kinds += [e.kind for e in game.state.events if e.turn == 2]
    order = [k for k in kinds if k in ("wind", "tactics", "gauge", "move")]
    assert order[0] == "wind" and order.index("gauge") < order.index("move")


def test_a_half_move_sails_half_the_turns_inches() -> None:
    game = sea(DUEL)
    before = run_to(game, "first-half", 1)
    ship = before.ship("B1")
    move = sail_motion(ship, before.grid, before.wind)
    assert move.inches == 20 and move.way is Way.SAIL  # Quarter Reaching, WS 2 x BN 10
    mid = run_to(game, "ammo", 1)  # nothing bears: the missile phase passes
    assert mid.ship("B1").cell == Cell(7, 8)  # 10": 2 cells, 2" carried
    assert mid.ship("B1").sail.carry == 2
    end = run_to(game, "maneuver", 1)
    assert end.ship("B1").cell == Cell(10, 8)  # 12": 3 cells
    assert end.ship("B1").sail.last_speed == 20 and end.ship("B1").sail.carry == 0


def test_the_helm_turns_one_point_a_half_and_a_second_change_marks_strain() -> None:
    game = sea(DUEL)
    run_to(game, "first-half", 1)
    decision = game.decision()
    assert decision is not None and decision.kind == "move"
    assert [str(o) for o in decision.options] == ["B1 hold", "B1 port 1", "B1 starboard 1"]
    game.play(decision.find("B1 port 1"))
    run_to(game, "second-half", 1)
    answer(game, "move", "B1 starboard 1")
    events = [e.text for e in game.state.events]
    state = run_to(game, "maneuver", 1, events)
    ship = state.ship("B1")
    assert ship.sail.turns_made == 2 and ship.sail.strain == 1
    assert state.ship("R1").sail.strain == 0
    assert any("second change of direction" in t for t in events)


def test_one_change_of_direction_marks_no_strain() -> None:
    game = sea(DUEL)
    run_to(game, "first-half", 1)
    answer(game, "move", "B1 starboard 1")
    state = run_to(game, "maneuver", 1)
    assert state.ship("B1").sail.strain == 0 and state.ship("B1").sail.turns_made == 1


def with_holder(game: Game, holder: str, phase: str) -> SasState:
    state = run_to(game, phase, 2)
    return evolve(state, holder=holder, plotted=(), acted=(), group=0)


def test_the_side_without_the_initiative_moves_first() -> None:
    game = sea(DUEL)
    state = with_holder(game, "red", "first-half")
    decision = RULESET.decision(state)
    assert decision is not None and decision.side == "blue" and decision.plotted
    after = RULESET.apply(state, Order("B1", "hold"))
    assert after.ship("B1").cell != state.ship("B1").cell, "blue has moved"
    assert after.ship("R1").cell == state.ship("R1").cell, "red has not"
    decision = RULESET.decision(after)
    assert decision is not None and decision.side == "red"


def test_with_no_initiative_both_sides_plot_then_move_together() -> None:
    game = sea(DUEL)
    state = with_holder(game, "", "first-half")
    after = RULESET.apply(state, Order("B1", "hold"))
    assert after.ship("B1") == state.ship("B1")
    decision = RULESET.decision(after)
    assert decision is not None and decision.side == "red"
    moved = RULESET.apply(after, Order("R1", "hold"))
    assert moved.ship("B1").cell != state.ship("B1").cell
    assert moved.ship("R1").cell != state.ship("R1").cell


def test_the_first_turns_initiative_is_read_from_the_weather() -> None:
    game = sea([*DUEL, "B2 blue 5,11 E brig"], header="#! crew: B2 weather=15\n")
    decision = game.decision()
    while decision is not None and decision.kind != "weather":
        game.play(_quiet(decision))
        decision = game.decision()
    assert decision is not None and str(decision.options[0]) == "B2 weather"
    game.play(decision.options[0])
    events = [e.text for e in game.state.events]
    assert any("reads the weather" in t for t in events)
    assert any("has the initiative" in t or "no initiative" in t for t in events)


# -- arcs, bands and the missile phase -------------------------------------------------

def ship_at(state: SasState, ship_id: str, cell: Cell, heading: str) -> SasState:
    ship = state.ship(ship_id)
    return state.with_ship(evolve(ship, cell=cell, heading=state.grid.parse_facing(heading)))


@pytest.mark.parametrize(("cell", "battery"), [
    (Cell(13, 10), Battery.STARBOARD), (Cell(7, 10), Battery.PORT),
    (Cell(10, 6), None), (Cell(10, 14), None),
    (Cell(13, 7), Battery.STARBOARD), (Cell(13, 13), Battery.STARBOARD),
    (Cell(7, 13), Battery.PORT), (Cell(11, 5), None), (Cell(9, 15), None),
])
def test_square_arcs_are_45_to_135_degrees_off_the_bow(cell: Cell, battery: Battery | None
                                                       ) -> None:
    state = ship_at(state_of(sea(DUEL)), "B1", Cell(10, 10), "N")
    assert on_map.bearing_battery(state.grid, state.ship("B1"), cell) is battery


@pytest.mark.parametrize("grid", ["hex-flat", "hex-pointy"])
def test_hex_arcs_hold_the_four_side_neighbours(grid: str) -> None:
    state = state_of(sea(DUEL, grid=grid))
    g = state.grid
    for heading in range(g.points):
        state = state.with_ship(evolve(state.ship("B1"), cell=Cell(10, 8), heading=heading))
        ship = state.ship("B1")
        found = {f: on_map.bearing_battery(g, ship, g.neighbour(ship.cell, f))
                 for f in range(g.points)}
        assert found[heading] is None and found[g.opposite(heading)] is None
        assert found[g.turn(heading, 1)] is found[g.turn(heading, 2)] is Battery.STARBOARD
        assert found[g.turn(heading, -1)] is found[g.turn(heading, -2)] is Battery.PORT


def test_bands_follow_the_map_distance() -> None:
    grid = state_of(sea(DUEL)).grid
    bands = [on_map.band_between(grid, Cell(0, 0), Cell(d, 0)) for d in range(1, 16)]
    assert bands == [Band.CLOSE] * 2 + [Band.STANDARD] * 3 + [Band.LONG] * 4 \
        + [Band.EXTREME] * 5 + [None]


def test_land_between_the_ships_blocks_the_shot() -> None:
    land = (Cell(12, 10),)
    state = state_of(sea(["B1 blue 10,10 N frigate", "R1 red 14,10 N frigate"], land=land))
    assert on_map.bears(state.board, state.ship("B1"), Battery.STARBOARD,
                         state.ship("R1")) is None
    clear = state_of(sea(["B1 blue 10,10 N frigate", "R1 red 14,10 N frigate"]))
    assert on_map.bears(clear.board, clear.ship("B1"), Battery.STARBOARD,
                         clear.ship("R1")) is Band.STANDARD


def test_fire_options_need_a_loaded_battery_bearing_in_range() -> None:
    state = state_of(sea(["B1 blue 10,10 N frigate", "R1 red 14,10 N frigate"]))
    ship = state.ship("B1")
    options = {str(o) for o in COMBAT.fire_options(state, ship, Battery.STARBOARD)}
    assert options == {"B1 starboard fire@R1", "B1 starboard rudder@R1", "B1 starboard hold"}
    assert COMBAT.fire_options(state, ship, Battery.PORT) == ()
    chain = state.with_ship(evolve(ship, gunnery=ship.gunnery.with_guns(
        Battery.STARBOARD, Guns(12, Ammo.CHAIN))))
    assert {str(o) for o in COMBAT.fire_options(chain, chain.ship("B1"), Battery.STARBOARD)} \
        == {"B1 starboard rigging@R1", "B1 starboard hold"}
    far = ship_at(chain, "R1", Cell(19, 10), "N")  # 9 cells: Long, no called shots
    assert COMBAT.fire_options(far, far.ship("B1"), Battery.STARBOARD) == ()
    reloading = state.with_ship(evolve(ship, gunnery=ship.gunnery.with_guns(
        Battery.STARBOARD, Guns(12, Ammo.ROUND, 2, False))))
    assert COMBAT.fire_options(reloading, reloading.ship("B1"), Battery.STARBOARD) == ()


def missile_state(holder: str) -> SasState:
    game = sea(["B1 blue 10,8 N frigate", "R1 red 14,8 N frigate"])
    state = run_to(game, "luck", 1)
    return RULESET.advance(evolve(state, phase="missile", holder=holder, plotted=(), acted=()))


def test_the_holder_fires_first_and_its_hits_fall_at_once() -> None:
    state = missile_state("red")
    decision = RULESET.decision(state)
    assert decision is not None and decision.ship == "R1" and not decision.plotted
    after = RULESET.apply(state, decision.find("R1 port fire@B1"))
    assert after.ship("R1").gunnery.port.empty
    texts = [e.text for e in after.events]
    assert any("+1 initiative" in t for t in texts)
    assert any("Standard range" in t for t in texts if "bears" in t)
    decision = RULESET.decision(after)
    assert decision is not None
    assert decision.ship == "B1" or not after.ship("B1").gunnery.starboard.ready


def test_with_no_initiative_all_fire_together_at_minus_one() -> None:
    state = missile_state("")
    decision = RULESET.decision(state)
    assert decision is not None and decision.plotted
    first = RULESET.apply(state, decision.find(f"{decision.ship} "
                                               f"{decision.options[0].verb} "
                                               f"{decision.options[0].arg}"))
    assert first.ships == state.ships, "nothing happens before every order is in"
    decision = RULESET.decision(first)
    assert decision is not None and decision.plotted
    after = RULESET.apply(first, decision.options[0])
    assert after.ship("B1").gunnery.starboard.empty and after.ship("R1").gunnery.port.empty
    assert sum("-1 no initiative" in e.text for e in after.events) == 2


def test_cannon_hits_fall_on_the_battery_facing_the_shooter() -> None:
    state = state_of(sea(["B1 blue 10,10 N frigate", "R1 red 14,10 N frigate"]))
    grid = state.grid
    assert on_map.facing_battery(grid, state.ship("R1"), Cell(10, 10)) is Battery.PORT
    assert on_map.facing_battery(grid, state.ship("B1"), Cell(14, 10)) is Battery.STARBOARD


def test_a_battery_that_fires_is_ready_again_three_turns_later() -> None:
    state = missile_state("blue")
    fired = RULESET.apply(state, Order("B1", "starboard", "fire@R1"))
    game_state = fired
    turn = game_state.turn
    while game_state.turn < turn + 3 and game_state.outcome is None:
        decision = RULESET.decision(game_state)
        assert decision is not None
        if decision.kind == "target":
            order = next(o for o in decision.options if o.arg == "hold")
        else:
            order = _quiet(decision)
        game_state = RULESET.apply(game_state, order)
        guns = game_state.ship("B1").gunnery.starboard
        if game_state.turn < turn + 3:
            assert not guns.ready
    assert game_state.ship("B1").gunnery.starboard.ready


# -- damage and sailing ----------------------------------------------------------------

def frigate() -> SasShip:
    return state_of(sea(DUEL)).ship("B1")


@pytest.mark.parametrize(("sail_hp", "inches"), [(200, 0), (151, 0), (150, 3), (100, 6),
                                                   (51, 6), (50, 9), (1, 9)])
def test_sail_damage_takes_inches_off_all_speed(sail_hp: int, inches: int) -> None:
    ship = frigate()
    hurt = with_gunnery(ship, evolve(ship.gunnery, sail_hp=sail_hp))
    assert hurt.sail.damage_loss == inches and hurt.sail.speed_loss == inches


def test_jury_rigging_gives_the_speed_back_and_strain_losses_stay() -> None:
    ship = with_sail(frigate(), speed_loss=3)  # a leak from a Strain Roll
    hurt = with_gunnery(ship, evolve(ship.gunnery, sail_hp=60))
    assert hurt.sail.speed_loss == 3 + 6
    mended = with_gunnery(hurt, evolve(hurt.gunnery, sail_hp=200))
    assert mended.sail.speed_loss == 3 and mended.sail.damage_loss == 0


@pytest.mark.parametrize(("hip", "inches"), [(500, 0), (250, 0), (249, 3), (125, 3), (124, 6)])
def test_a_flooding_hull_slows_her(hip: int, inches: int) -> None:
    ship = frigate()
    assert with_gunnery(ship, evolve(ship.gunnery, hip=hip)).sail.damage_loss == inches


def test_with_her_sails_shot_away_she_drifts_and_cannot_steer() -> None:
    state = state_of(sea(DUEL))
    ship = state.ship("B1")
    shot = with_gunnery(ship, evolve(ship.gunnery, sail_hp=0))
    move = sail_motion(shot, state.grid, state.wind)
    assert move.way is Way.DRIFT and move.direction == state.wind.downwind(state.grid)
    assert "sails shot away" in move.reason
    state = state.with_ship(shot)
    assert not can_steer(shot.sail, state.grid, state.wind, shot.heading, STEER.values())
    assert RULESET.helm_options(state, shot) == (Order("B1", "hold"),)


def test_without_a_foremast_she_cannot_sail_upwind() -> None:
    # A brig sails as a two-masted schooner: her first fallen mast costs her no sailing
    # mast, so the foremast's own effect shows alone.
    state = state_of(sea(["B1 blue 5,8 E brig", "R1 red 18,8 W brig"]))
    ship = state.ship("B1")
    g = evolve(ship.gunnery, mast_hits=(3, 0, 0))
    lost = with_gunnery(ship, g)
    assert lost.sail.masts == 2
    grid, wind = state.grid, state.wind
    beating = sail_motion(lost, grid, wind, heading=grid.parse_facing("NE"))
    assert beating.way is Way.DRIFT and "cannot sail upwind" in beating.reason
    reaching = sail_motion(lost, grid, wind, heading=grid.parse_facing("E"))
    assert reaching.way is Way.SAIL


def test_a_sailing_mast_shot_away_leaves_her_downwind_only() -> None:
    # A frigate sails as a three-masted warship: her first fallen mast is a sailing mast.
    state = state_of(sea(DUEL))
    ship = state.ship("B1")
    lost = with_gunnery(ship, evolve(ship.gunnery, mast_hits=(0, 0, 3)))
    assert lost.sail.masts == 2
    grid, wind = state.grid, state.wind
    reaching = sail_motion(lost, grid, wind, heading=grid.parse_facing("E"))
    assert reaching.way is Way.DRIFT and "downwind only" in reaching.reason
    running = sail_motion(lost, grid, wind, heading=grid.parse_facing("S"))
    assert running.way is Way.SAIL


@pytest.mark.parametrize(("base", "lost", "shot"), [
    (3, 0, 0), (3, 1, 1), (3, 2, 2), (3, 3, 3), (2, 1, 0), (2, 2, 1), (2, 3, 2),
    (1, 1, 0), (1, 2, 0), (1, 3, 1)])
def test_fallen_masts_take_sailing_masts_only_when_none_are_spare(base: int, lost: int,
                                                                  shot: int) -> None:
    assert masts_shot(base, (lost, 3)) == shot


def test_all_three_masts_down_leave_her_adrift() -> None:
    state = state_of(sea(["B1 blue 5,8 E sloop", "R1 red 18,8 W frigate"]))
    sloop = state.ship("B1")
    assert sloop.sail.masts == 1
    two = with_gunnery(sloop, evolve(sloop.gunnery, mast_hits=(3, 3, 0)))
    assert two.sail.masts == 1
    three = with_gunnery(two, evolve(two.gunnery, mast_hits=(3, 3, 3)))
    assert three.sail.masts == 0
    assert sail_motion(three, state.grid, state.wind).way is Way.DRIFT


def test_a_mast_broken_by_strain_is_not_counted_twice() -> None:
    ship = with_sail(frigate(), masts=2)  # one lost to a Strain Roll
    shot = with_gunnery(ship, evolve(ship.gunnery, mast_hits=(3, 0, 0)))
    assert shot.sail.masts == 1 and shot.sail.masts_shot == 1
    again = RULESET.synced(shot)
    assert again == shot


@pytest.mark.parametrize(("steering", "allowed"), [(0, 2), (1, 1), (2, 1), (3, 0)])
def test_steering_damage_limits_the_helm(steering: int, allowed: int) -> None:
    ship = frigate()
    hurt = with_gunnery(ship, evolve(ship.gunnery, steering=steering))
    assert gun.handicap(hurt.gunnery).helm == allowed
    assert hurt.sail.helm == allowed


def test_with_the_rudder_damaged_she_turns_once_a_turn() -> None:
    game = sea(DUEL)
    state = run_to(game, "first-half", 1)
    ship = state.ship("B1")
    state = state.with_ship(with_gunnery(ship, evolve(ship.gunnery, steering=1)))
    decision = RULESET.decision(state)
    assert decision is not None and len(decision.options) == 3
    turned = with_sail(state.ship("B1"), turns_made=1)
    assert RULESET.helm_options(state.with_ship(turned), turned) == (Order("B1", "hold"),)


def test_a_deck_awash_costs_crew_readiness() -> None:
    ship = frigate()
    after = RULESET.crew_carried(ship, with_sail(ship, crew=90))
    assert after.gunnery.readiness == 90 and after.sail.crew == 90


def test_strain_rolls_lose_crew_readiness() -> None:
    game = sea(DUEL, seed=2)
    state = run_to(game, "luck", 2)
    ship = with_sail(state.ship("B1"), strain=8)  # d6 + 8: 9 on a one: deck's awash at least
    state = state.with_ship(ship)
    for seed in range(40):
        trial = RULESET.apply(evolve(state, rng=evolve(state.rng, state=seed)),
                              Order("B1", "luck", "pass"))
        trial = RULESET.apply(trial, Order("R1", "luck", "pass")) \
            if trial.phase == "luck" else trial
        b1 = trial.ship("B1")
        assert b1.sail.crew == b1.gunnery.readiness
        if any("deck's awash" in e.text for e in trial.events):
            assert b1.gunnery.readiness == 90
            return
    raise AssertionError("no deck awash in 40 tries")


# -- out of action and the end ---------------------------------------------------------

def test_ships_out_of_action_give_no_orders() -> None:
    game = sea([*DUEL, "B2 blue 5,11 E brig"])
    state = run_to(game, "first-half", 1)
    b2 = state.ship("B2")
    state = state.with_ship(evolve(b2, gunnery=evolve(b2.gunnery, struck=True)))
    seen = set()
    while state.turn == 1 and state.outcome is None:
        decision = RULESET.decision(state)
        assert decision is not None
        seen.add(decision.ship)
        state = RULESET.apply(state, _quiet(decision))
    assert "B2" not in seen


def test_the_last_side_in_action_wins() -> None:
    game = sea(DUEL)
    state = run_to(game, "first-half", 1)
    r1 = state.ship("R1")
    state = state.with_ship(evolve(r1, gunnery=evolve(r1.gunnery, struck=True)))
    # R1 struck gives no more orders; B1's helm closes the half move, and the game is judged.
    decision = RULESET.decision(state)
    assert decision is not None and decision.ship == "B1"
    over = RULESET.apply(state, Order("B1", "hold"))
    assert over.outcome is not None and over.outcome.winner == "blue"
    with pytest.raises(IllegalOrder):
        RULESET.apply(over, Order("B1", "hold"))


def test_advancing_a_state_already_decided_ends_the_game() -> None:
    game = sea(DUEL)
    state = run_to(game, "first-half", 1)
    r1 = state.ship("R1")
    state = state.with_ship(evolve(r1, gunnery=evolve(r1.gunnery, struck=True)))
    over = RULESET.advance(state)
    assert over.outcome is not None and over.outcome.winner == "blue"


def test_strain_sinking_takes_her_out_of_action_and_sinks_her() -> None:
    game = sea([*DUEL, "B2 blue 5,11 E brig"])
    state = run_to(game, "maneuver", 1)
    state = state.with_ship(with_sail(state.ship("B2"), sinking=1))
    assert not RULESET.in_play(state.ship("B2"))
    while state.turn == 1:
        decision = RULESET.decision(state)
        assert decision is not None
        state = RULESET.apply(state, _quiet(decision))
    b2 = state.ship("B2")
    assert not b2.afloat and b2.gunnery.hip == 0


def test_the_turn_limit_is_judged_by_strength() -> None:
    game = sea(DUEL, turns=1)
    state = run_to(game, "maneuver", 1)
    r1 = state.ship("R1")
    state = state.with_ship(evolve(r1, gunnery=evolve(r1.gunnery, hip=400)))
    while state.outcome is None:
        decision = RULESET.decision(state)
        assert decision is not None
        state = RULESET.apply(state, _quiet(decision))
    assert state.outcome.winner == "blue"
    assert "keeps 100% of its strength" in state.outcome.reason
    assert RULESET.side_strength(state, "red") == pytest.approx(0.9)


def test_rolls_are_always_told() -> None:
    game = sea(["B1 blue 10,8 N frigate", "R1 red 14,8 N frigate"], seed=4)
    rng = random.Random(4)
    while (decision := game.decision()) is not None:
        before = game.state.rng
        game.play(rng.choice(decision.options))
        if game.state.rng != before:
            assert game.state.events, f"dice rolled silently after {decision.kind}"


# -- for the UI ------------------------------------------------------------------------

def test_describe_shows_sailing_and_gunnery_with_bars() -> None:
    state = state_of(sea(DUEL))
    rows = RULESET.describe(state, "B1")
    labels = [r.label for r in rows]
    for wanted in ("Ship", "Class", "Heading", "Speed", "Strain", "Sails", "Initiative", "HIP",
                   "Sail HP", "Masts", "Crew", "Port", "Starboard", "Reload", "Ammo"):
        assert wanted in labels
    bars = {r.label: r.fraction for r in rows if r.fraction is not None}
    assert bars["HIP"] == 1.0 and bars["Strain"] == 0.0 and bars["Masts"] == 1.0
    assert all(0.0 <= f <= 1.0 for f in bars.values())
    heading = next(r.value for r in rows if r.label == "Heading")
    assert heading.startswith("E, Quarter Reaching")
    hurt = state.with_ship(evolve(state.ship("B1"), afloat=False))
    assert any(r.value == "sunk" for r in RULESET.describe(hurt, "B1"))


def test_the_half_move_preview_is_pure() -> None:
    state = run_to(sea(DUEL), "first-half", 1)
    log = Log(state.turn)
    moved = RULESET.half_move(state, {"B1": Order("B1", "hold")}, 1, log)
    assert moved.ship("B1").cell == Cell(7, 8)
    assert moved.rng == state.rng and state.ship("B1").cell == Cell(5, 8)
    assert gun.band_for_cells(state.grid.distance(moved.ship("B1").cell,
                                                  moved.ship("R1").cell)) is Band.EXTREME
    assert moved.ship("B1").sail.sails is Sails.SET
