"""The greedy advisor for Salt'n'Tar with Kyngesreach gunnery, decision by decision."""

from __future__ import annotations

from attrs import evolve

from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell, GridKind
from tui_naval.core.history import Game
from tui_naval.core.orders import Decision, Order
from tui_naval.core.scenario import Setup
from tui_naval.rulesets.salt_and_shot import advisor
from tui_naval.rulesets.salt_and_shot.rules import RULESET
from tui_naval.rulesets.salt_and_shot.state import SasShip, SasState
from tui_naval.systems.gunnery.kyngesreach.gunnery import Battery, Gunnery, Guns
from tui_naval.systems.gunnery.kyngesreach.on_map import bearing_battery
from tui_naval.systems.gunnery.kyngesreach.tables import Ammo
from tui_naval.systems.sailing.salt_n_tar.combat_advisor import pinned


def sea(ships: list[str], wind: str = "N 2", width: int = 24, height: int = 16) -> SasState:
    text = (f"title: T\nabout: t\ngrids: square\ngame: battle\nturns: 30\nwind: {wind}\n"
            + "".join(f"ship: {s}\n" for s in ships) + "map:\n"
            + ("~" * width + "\n") * height)
    state = Game(RULESET, Setup(RULESET.name, "t", text, GridKind.SQUARE, 1)).state
    assert isinstance(state, SasState)
    return state


def with_gunnery(ship: SasShip, g: Gunnery) -> SasShip:
    """The ship with a new gunnery state, her sailing brought in line with its damage."""
    synced = RULESET.synced(evolve(ship, gunnery=g))
    assert isinstance(synced, SasShip)
    return synced


def at_phase(state: SasState, phase: str, holder: str = "blue") -> tuple[SasState, Decision]:
    state = RULESET.advance(evolve(state, phase=phase, holder=holder, plotted=(), acted=(),
                                   group=0))
    decision = RULESET.decision(state)
    assert decision is not None
    return state, decision


def test_it_never_rolls_for_luck() -> None:
    state = sea(["B1 blue 5,8 E frigate", "R1 red 18,8 W frigate"])
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "luck"
    assert advisor.choose(state, decision) == Order("B1", "luck", "pass")


def test_it_fires_a_broadside_at_standard_range() -> None:
    state, decision = at_phase(sea(["B1 blue 10,8 N frigate", "R1 red 14,8 N frigate"]),
                               "missile")
    assert decision.ship == "B1"
    assert advisor.choose(state, decision) == Order("B1", "starboard", "fire@R1")


def test_it_holds_its_fire_at_extreme_range() -> None:
    state, decision = at_phase(sea(["B1 blue 5,8 N frigate", "R1 red 17,8 N frigate"]),
                               "missile")
    assert decision.kind == "target"
    assert advisor.choose(state, decision).arg == "hold"


def test_it_picks_the_weaker_of_two_targets() -> None:
    state = sea(["B1 blue 10,8 N frigate", "R1 red 13,8 N frigate", "R2 red 7,8 N frigate"])
    r2 = state.ship("R2")
    state = state.with_ship(with_gunnery(r2, evolve(r2.gunnery, hip=60)))
    state, decision = at_phase(state, "missile")
    assert decision.ship == "B1" and decision.options[0].verb == "port"
    assert advisor.choose(state, decision) == Order("B1", "port", "fire@R2")


def test_it_keeps_a_loaded_battery_and_reloads_an_empty_one_with_round_shot() -> None:
    state = sea(["B1 blue 10,8 N frigate", "R1 red 17,8 N frigate"])
    state, decision = at_phase(state, "ammo")
    assert decision.kind == "ammo"
    assert advisor.choose(state, decision).arg == "keep"
    ship = state.ship("B1")
    fired = ship.gunnery.with_guns(Battery.PORT, Guns(12, Ammo.ROUND, 0, True))
    state = state.with_ship(evolve(ship, gunnery=fired))
    decision = RULESET.decision(evolve(state, plotted=()))
    assert decision is not None and decision.options[0].verb == "port"
    assert advisor.choose(state, decision).arg == "keep"


def test_it_grapes_a_crew_that_is_nearly_spent() -> None:
    state = sea(["B1 blue 10,8 N frigate", "R1 red 13,8 N frigate"])
    r1 = state.ship("R1")
    state = state.with_ship(with_gunnery(r1, evolve(r1.gunnery, readiness=20)))
    ship = state.ship("B1")
    state = state.with_ship(evolve(ship, gunnery=ship.gunnery.with_guns(
        Battery.PORT, Guns(12, Ammo.ROUND, 0, True))))
    state, decision = at_phase(state, "ammo")
    assert decision.options[0].verb == "port"
    assert advisor.choose(state, decision).arg == "grape"


def test_it_turns_to_bring_a_loaded_broadside_to_bear() -> None:
    # R1 lies dead ahead: no battery bears until B1 turns.
    state = sea(["B1 blue 10,12 N frigate", "R1 red 10,5 E frigate"], wind="W 1")
    state, decision = at_phase(state, "first-half", holder="blue")
    while decision.ship != "B1":
        state = RULESET.apply(state, Order(decision.ship, "hold"))
        decision = RULESET.decision(state)
        assert decision is not None
    order = advisor.choose(state, decision)
    assert order != Order("B1", "hold")
    moved = RULESET.half_move(state, {"B1": order}, 1, Log(state.turn))
    ship, target = moved.ship("B1"), moved.ship("R1")
    assert bearing_battery(moved.grid, ship, target.cell) is not None


def test_it_avoids_a_second_change_of_direction_for_nothing() -> None:
    state = sea(["B1 blue 5,8 E frigate", "R1 red 22,2 W frigate"])
    state, decision = at_phase(state, "second-half")
    assert decision.ship in ("B1", "R1")
    ship = state.ship(decision.ship)
    state = state.with_ship(evolve(ship, sail=evolve(ship.sail, turns_made=1)))
    decision = RULESET.decision(state)
    assert decision is not None and len(decision.options) == 3
    order = advisor.choose(state, decision)
    moved = RULESET.half_move(state, {ship.id: order}, 2, Log(state.turn))
    assert moved.ship(ship.id).sail.strain == 0


def test_it_reefs_in_a_gale() -> None:
    state = sea(["B1 blue 5,8 E frigate", "R1 red 18,8 W frigate"], wind="N 4")
    state, decision = at_phase(state, "maneuver")
    assert advisor.choose(state, decision) == Order(decision.ship, "reef")


def test_it_steers_off_the_edge_it_is_pinned_against() -> None:
    state = sea(["B1 blue 10,15 S frigate", "R1 red 20,2 W frigate"])
    assert pinned(state, state.ship("B1")) > 0
    free = state.with_ship(evolve(state.ship("B1"), cell=Cell(10, 8)))
    assert pinned(free, free.ship("B1")) == 0
