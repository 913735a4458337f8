"""Kyngesreach played out: random playouts keep the invariants, undo is exact, saves
round-trip, and the greedy advisor beats a random player."""

from __future__ import annotations

import random

import pytest
from attrs import evolve

from tui_naval.ai.random_player import RandomPlayer
from tui_naval.core.controller import Player, play
from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import load_map
from tui_naval.core.orders import Decision, Order
from tui_naval.core.saves import converter, state_digest
from tui_naval.core.scenario import Setup
from tui_naval.core.state import GameState
from tui_naval.rulesets.kyngesreach import advisor, rules
from tui_naval.rulesets.kyngesreach.rules import RULESET
from tui_naval.rulesets.kyngesreach.state import KyngState
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.gunnery import Guns
from tui_naval.systems.gunnery.kyngesreach.options import Mage
from tui_naval.systems.gunnery.kyngesreach.tables import Ammo, Band, tables

MAPS = (("kr-duel", "square"), ("kr-duel", "hex-pointy"), ("kr-squadron", "square"),
        ("kr-line", "hex-flat"))


def new_game(map_name: str = "kr-duel", grid: str = "square", seed: int = 1) -> Game:
    spec = load_map(map_name)
    return Game(RULESET, Setup(RULESET.name, spec.name, spec.text, GridKind(grid), seed))


class Greedy:
    """The Kyngesreach advisor as a Player."""

    name = "greedy"

    def choose(self, state: GameState, decision: Decision) -> Order:
        assert isinstance(state, KyngState)
        return advisor.choose(state, decision)


def check_invariants(state: KyngState) -> None:
    t = tables()
    assert state.band in Band
    assert state.holder in ("", *state.sides)
    cells = [s.cell for s in state.ships if s.afloat]
    assert len(cells) == len(set(cells))
    for ship in state.ships:
        g, info = ship.gunnery, ship.gunnery.info
        assert 0 <= g.hip <= info.hip
        assert ship.afloat == (g.hip > 0)
        assert 0 <= g.sail_hp <= info.sail_hp
        assert 0 <= g.readiness <= 100 and g.readiness % 10 == 0
        assert 0 <= g.steering <= t.steering_max
        assert all(h >= 0 for h in g.mast_hits)
        for guns in (g.port, g.starboard):
            assert 0 <= guns.guns <= info.guns
            assert guns.reload >= 0
        for skill in (g.skills.weather, g.skills.seamanship, g.skills.tactics, g.skills.gunner):
            assert t.skill_floor <= skill <= 20
        if g.sinking:
            assert g.hip * 10 < info.hip
        if ship.afloat:
            assert state.board.is_sea(ship.cell)
    if state.outcome is None:
        decision = RULESET.decision(state)
        assert decision is not None and len(decision.options) > 1
        assert len(set(decision.options)) == len(decision.options)
        if state.phase != "ammo":
            assert state.phase in ("weather", "range", "battery", "fire")
        fighting = {s.side for s in state.ships if s.gunnery.in_action}
        assert fighting == set(state.sides)


@pytest.mark.parametrize(("map_name", "grid"), MAPS)
def test_random_playouts_keep_the_invariants(map_name: str, grid: str) -> None:
    for seed in range(4):
        game = new_game(map_name, grid, seed)
        rng = random.Random(seed)
        check_invariants(game.state)  # type: ignore[arg-type]
        while (decision := game.decision()) is not None:
            game.play(rng.choice(decision.options))
            check_invariants(game.state)  # type: ignore[arg-type]
        assert game.state.outcome is not None


def test_the_band_on_the_map_follows_every_change() -> None:
    game = new_game("kr-duel", "square", 3)
    rng = random.Random(3)
    while (decision := game.decision()) is not None:
        game.play(rng.choice(decision.options))
        state = game.state
        assert isinstance(state, KyngState)
        a, b = (s for s in state.ships)
        if a.gunnery.in_action and b.gunnery.in_action:
            assert state.grid.distance(a.cell, b.cell) == tables().bands[state.band].cells


def test_undo_is_exact_and_redo_replays_the_same_dice() -> None:
    game = new_game("kr-squadron", "square", 11)
    rng = random.Random(11)
    states = [game.state]
    for _ in range(60):
        decision = game.decision()
        if decision is None:
            break
        game.play(rng.choice(decision.options))
        states.append(game.state)
    n = len(game.orders)
    for i in range(n, 0, -1):
        assert game.undo() == states[i - 1]
    for i in range(1, n + 1):
        redone = game.redo()
        assert redone == states[i]
        assert redone.events == states[i].events


def test_the_same_seed_and_orders_replay_the_same_game() -> None:
    first = new_game("kr-line", "hex-flat", 5)
    play(first, {s: RandomPlayer(3) for s in first.state.sides})
    again = new_game("kr-line", "hex-flat", 5)
    for order in first.orders:
        again.play(order)
    assert again.state == first.state


@pytest.mark.parametrize(("map_name", "grid"), MAPS)
def test_save_round_trip_of_states(map_name: str, grid: str) -> None:
    game = new_game(map_name, grid, 2)
    rng = random.Random(2)
    for step in range(80):
        decision = game.decision()
        if decision is None:
            break
        game.play(rng.choice(decision.options))
        if step % 9 == 0:
            data = converter.unstructure(game.state, RULESET.state_type)
            back = converter.structure(data, RULESET.state_type)
            assert back == game.state
            assert state_digest(back) == state_digest(game.state)


def test_save_round_trip_with_magic_and_damage() -> None:
    state = new_game().state
    assert isinstance(state, KyngState)
    ship = state.ships[0]
    damaged = evolve(ship.gunnery, hip=123, mast_hits=(3, 1, 0), on_fire=True, steering=2,
                     port=Guns(7, Ammo.BAR, 2, False))
    state = evolve(state.with_ship(evolve(ship, gunnery=damaged)),
                   magic=(Mage("blue", 2, 14, "Biele"),), holder="red", band=Band.CLOSE)
    back = converter.structure(converter.unstructure(state, KyngState), KyngState)
    assert back == state


def test_save_files_round_trip(tmp_path) -> None:
    from tui_naval.core import saves

    game = new_game("kr-duel", "square", 4)
    rng = random.Random(4)
    for _ in range(30):
        decision = game.decision()
        assert decision is not None
        game.play(rng.choice(decision.options))
    doc = saves.to_document(game)
    snapshot = converter.structure(doc["snapshot"], RULESET.state_type)
    assert snapshot == game.state
    replay = new_game("kr-duel", "square", 4)
    for text in doc["orders"]:
        replay.play(Order.parse(text))
    assert saves.state_digest(replay.state) == doc["digest"]


# -- the greedy advisor ----------------------------------------------------------------

def battle(seed: int, greedy_side: int) -> str:
    game = new_game("kr-duel", "square", seed)
    players: dict[str, Player] = {
        side: Greedy() if i == greedy_side else RandomPlayer()
        for i, side in enumerate(game.state.sides)}
    state = play(game, players)
    assert state.outcome is not None
    winner = state.outcome.winner
    return players[winner].name if winner else "draw"


def test_greedy_beats_random_in_90_percent_of_200_battles() -> None:
    results = [battle(seed, seed % 2) for seed in range(200)]
    assert results.count("greedy") >= 180, results.count("greedy")


def test_greedy_answers_only_legal_options() -> None:
    for map_name, grid in MAPS:
        game = new_game(map_name, grid, 8)
        player = Greedy()
        while (decision := game.decision()) is not None:
            order = player.choose(game.state, decision)
            assert order in decision.options
            game.play(order)


def state_at(kind: str, seed: int = 0, map_name: str = "kr-duel") -> tuple[KyngState, Decision]:
    """The first decision of ``kind`` in a random game."""
    for s in range(seed, seed + 50):
        game = new_game(map_name, "square", s)
        rng = random.Random(s)
        while (decision := game.decision()) is not None:
            if decision.kind == kind:
                assert isinstance(game.state, KyngState)
                return game.state, decision
            game.play(rng.choice(decision.options))
    raise AssertionError(f"no {kind} decision")


def test_greedy_closes_when_it_outguns_the_enemy_and_opens_when_outgunned() -> None:
    state, decision = state_at("range")
    holder = decision.side
    enemy = rules.enemy(state, holder)
    state = evolve(state, band=Band.STANDARD)
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "range"
    crippled = state
    for ship in state.ships:
        if ship.side == enemy:
            crippled = crippled.with_ship(evolve(ship, gunnery=evolve(
                ship.gunnery, port=Guns(2), starboard=Guns(2))))
    assert advisor.choose(crippled, decision).arg == "close"
    outgunned = state
    for ship in state.ships:
        if ship.side == holder:
            outgunned = outgunned.with_ship(evolve(ship, gunnery=evolve(
                ship.gunnery, port=Guns(2), starboard=Guns(2))))
    assert advisor.choose(outgunned, decision).arg == "open"


def test_greedy_fires_a_broadside_at_long_range() -> None:
    state, decision = state_at("target")
    state = evolve(state, band=Band.LONG)
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "target"
    order = advisor.choose(state, decision)
    assert order.verb in ("fire", "hold")


def test_greedy_grapes_a_crew_that_is_nearly_spent() -> None:
    state, decision = state_at("ammo")
    ship = state.ship(decision.ship)
    battery = decision.options[0].verb
    target = next(s for s in state.ships if s.side != ship.side)
    state = evolve(state, band=Band.CLOSE)
    state = state.with_ship(evolve(target, gunnery=evolve(target.gunnery, readiness=20)))
    guns = ship.gunnery.guns(gun.Battery(battery))
    empty = evolve(guns, empty=True, reload=0, ammo=Ammo.ROUND)
    state = state.with_ship(evolve(ship, gunnery=ship.gunnery.with_guns(gun.Battery(battery),
                                                                       empty)))
    decision = RULESET.decision(evolve(state, plotted=()))
    assert decision is not None and decision.kind == "ammo"
    assert advisor.choose(state, decision).arg == "grape"


def test_greedy_draws_ammunition_that_cannot_fire_at_this_range() -> None:
    state, decision = state_at("ammo")
    ship = state.ship(decision.ship)
    battery = gun.Battery(decision.options[0].verb)
    state = evolve(state, band=Band.EXTREME, plotted=())
    state = state.with_ship(evolve(ship, gunnery=ship.gunnery.with_guns(
        battery, Guns(12, Ammo.CHAIN))))
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "ammo"
    assert advisor.choose(state, decision).arg == "round"


def test_greedy_engages_with_its_loaded_battery() -> None:
    state, decision = state_at("battery")
    holder = decision.side
    ships = []
    for ship in state.ships:
        g = ship.gunnery
        if ship.side == holder:
            g = evolve(g, port=Guns(12), starboard=Guns(12, Ammo.ROUND, 2, False))
        ships.append(evolve(ship, gunnery=g))
    state = evolve(state, ships=tuple(ships))
    assert advisor.choose(state, decision).arg == "port"


def test_greedy_reads_the_weather_with_its_best_officer() -> None:
    spec = load_map("kr-squadron")
    text = spec.text.replace("#! name: B1 Sojourner", "#! crew: B3 weather=16")
    game = Game(RULESET, Setup(RULESET.name, spec.name, text, GridKind.SQUARE, 1))
    decision = game.decision()
    assert decision is not None and decision.kind == "weather"
    assert str(advisor.choose(game.state, decision)) == "B3 weather"  # type: ignore[arg-type]


def test_greedy_calls_its_shot_at_the_mast_nearest_to_falling() -> None:
    state, decision = state_at("target")
    ship = state.ship(decision.ship)
    target = next(s for s in state.ships if s.side != ship.side)
    g = ship.gunnery
    state = evolve(state, band=Band.CLOSE)
    state = state.with_ship(evolve(ship, gunnery=g.with_guns(g.engaged, Guns(12, Ammo.BAR))))
    state = state.with_ship(evolve(target, gunnery=evolve(target.gunnery, mast_hits=(0, 2, 0))))
    decision = RULESET.decision(state)
    assert decision is not None and decision.ship == ship.id
    assert str(advisor.choose(state, decision)) == f"{ship.id} mainmast {target.id}"


def test_greedy_fires_grape_rather_than_hold() -> None:
    state, decision = state_at("target")
    ship = state.ship(decision.ship)
    g = ship.gunnery
    state = evolve(state, band=Band.STANDARD)
    state = state.with_ship(evolve(ship, gunnery=g.with_guns(g.engaged, Guns(12, Ammo.GRAPE))))
    decision = RULESET.decision(state)
    assert decision is not None
    assert advisor.choose(state, decision).verb == "crew"
