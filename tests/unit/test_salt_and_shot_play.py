"""Salt'n'Tar with Kyngesreach gunnery played out: random playouts keep the invariants,
undo is exact, replays and saves round-trip, and the greedy advisor beats random play."""

from __future__ import annotations

import random

import pytest
from attrs import evolve

from tui_naval.ai.random_player import RandomPlayer
from tui_naval.core.controller import Player, play
from tui_naval.core.engine import Decide
from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import load_map
from tui_naval.core.orders import Decision, Order
from tui_naval.core.saves import converter, state_digest
from tui_naval.core.scenario import Setup
from tui_naval.core.state import GameState
from tui_naval.rulesets.salt_and_shot import advisor
from tui_naval.rulesets.salt_and_shot.rules import RULESET
from tui_naval.rulesets.salt_and_shot.state import SasShip, SasState
from tui_naval.rulesets.salt_and_shot.tables import classes
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.gunnery import Guns
from tui_naval.systems.gunnery.kyngesreach.tables import MASTS, Ammo
from tui_naval.systems.gunnery.kyngesreach.tables import tables as gunnery_tables
from tui_naval.systems.sailing.salt_n_tar.component import (
    Change,
    Sails,
    damage_inches,
    masts_shot,
)
from tui_naval.systems.sailing.salt_n_tar.tables import tables as sailing_tables

#: The steps of the turn that wait on decisions.
DECIDING = tuple(step.name for step in RULESET.turn.steps if isinstance(step, Decide))
MAPS = (("sas-duel", "square"), ("sas-duel", "hex-flat"), ("sas-duel", "hex-pointy"),
        ("sas-squadron", "square"), ("sas-squadron", "hex-flat"),
        ("sas-islands", "square"), ("sas-islands", "hex-flat"))


def new_game(map_name: str = "sas-duel", grid: str = "square", seed: int = 1) -> Game:
    spec = load_map(map_name)
    return Game(RULESET, Setup(RULESET.name, spec.name, spec.text, GridKind(grid), seed))


class Greedy:
    """The advisor as a Player."""

    name = "greedy"

    def choose(self, state: GameState, decision: Decision) -> Order:
        assert isinstance(state, SasState)
        return advisor.choose(state, decision)


def check_invariants(state: GameState) -> None:
    assert isinstance(state, SasState)
    t = gunnery_tables()
    cells = [s.cell for s in state.ships if s.afloat]
    assert len(cells) == len(set(cells)), "two ships in one cell"
    assert state.holder in ("", *state.sides)
    for ship in state.ships:
        g, info = ship.gunnery, ship.gunnery.info
        stype = sailing_tables().ships[classes()[ship.kind].sailing]
        sail = ship.sail
        assert sail.stype == stype
        assert ship.afloat == (g.hip > 0)
        assert 0 <= g.hip <= info.hip and 0 <= g.sail_hp <= info.sail_hp
        assert sail.crew == g.readiness and 0 <= g.readiness <= 100
        assert 0 <= g.steering <= t.steering_max
        assert 0 <= sail.masts <= stype.masts
        assert sail.masts_shot == masts_shot(stype.masts, (len(g.masts_lost), len(MASTS)))
        assert sail.damage_loss == damage_inches(gun.handicap(g))
        assert sail.speed_loss >= sail.damage_loss >= 0
        assert sail.strain >= 0
        # a square grid's long diagonal step costs two cells' inches
        assert 0 <= sail.carry < state.board.scale * (2 if state.grid.points == 8 else 1)
        assert 0 <= sail.turns_made <= 2
        assert sail.sails in Sails and (sail.change is Change.NONE) == (sail.change_turns == 0)
        for guns in (g.port, g.starboard):
            assert 0 <= guns.guns <= info.guns and guns.reload >= 0
        if ship.afloat:
            assert state.board.is_sea(ship.cell) or (
                state.board.terrain_at(ship.cell).value == ":" and stype.shallow)
    if state.outcome is None:
        decision = RULESET.decision(state)
        assert decision is not None and len(decision.options) > 1
        assert len(set(decision.options)) == len(decision.options)
        assert state.phase in DECIDING
        assert RULESET.in_play(state.ship(decision.ship))
        fighting = {s.side for s in state.ships if RULESET.in_play(s)}
        assert fighting == set(state.sides)
    else:
        assert RULESET.decision(state) is None


@pytest.mark.parametrize(("map_name", "grid"), MAPS)
def test_random_playouts_keep_the_invariants(map_name: str, grid: str) -> None:
    for seed in range(3):
        game = new_game(map_name, grid, seed)
        rng = random.Random(seed)
        check_invariants(game.state)
        while (decision := game.decision()) is not None:
            game.play(rng.choice(decision.options))
            check_invariants(game.state)
        assert game.state.outcome is not None


def test_undo_is_exact_and_redo_replays_the_same_dice() -> None:
    game = new_game("sas-squadron", "square", 11)
    rng = random.Random(11)
    states = [game.state]
    for _ in range(120):
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
    first = new_game("sas-islands", "hex-flat", 5)
    play(first, {s: RandomPlayer(3) for s in first.state.sides})
    again = new_game("sas-islands", "hex-flat", 5)
    for order in first.orders:
        again.play(Order.parse(str(order)))
    assert again.state == first.state


@pytest.mark.parametrize(("map_name", "grid"), MAPS[:4])
def test_save_round_trip_of_states(map_name: str, grid: str) -> None:
    game = new_game(map_name, grid, 2)
    rng = random.Random(2)
    for step in range(150):
        decision = game.decision()
        if decision is None:
            break
        game.play(rng.choice(decision.options))
        if step % 7 == 0:
            data = converter.unstructure(game.state, RULESET.state_type)
            back = converter.structure(data, RULESET.state_type)
            assert back == game.state
            assert state_digest(back) == state_digest(game.state)


def test_save_round_trip_with_damage_and_initiative() -> None:
    state = new_game().state
    assert isinstance(state, SasState)
    ship = state.ships[0]
    hurt = RULESET.synced(evolve(ship, gunnery=evolve(ship.gunnery, hip=123,
                                                      mast_hits=(3, 1, 0), on_fire=True,
                                                      steering=2, sail_hp=40,
                                                      port=Guns(7, Ammo.BAR, 2, False))))
    assert isinstance(hurt, SasShip) and hurt.sail.damage_loss > 0
    sail = evolve(hurt.sail, strain=3, turns_made=1, sails=Sails.REEFED)
    state = evolve(state.with_ship(evolve(hurt, sail=sail)),
                   holder="red", weather=(("blue", 1), ("red", -1)), group=1,
                   acted=(Order("B1", "port", "hold"),), plotted=(Order("R1", "hold"),))
    back = converter.structure(converter.unstructure(state, SasState), SasState)
    assert back == state


def test_save_files_round_trip() -> None:
    from tui_naval.core import saves

    game = new_game("sas-duel", "hex-flat", 4)
    rng = random.Random(4)
    for _ in range(40):
        decision = game.decision()
        assert decision is not None
        game.play(rng.choice(decision.options))
    doc = saves.to_document(game)
    snapshot = converter.structure(doc["snapshot"], RULESET.state_type)
    assert snapshot == game.state
    replay = new_game("sas-duel", "hex-flat", 4)
    for text in doc["orders"]:
        replay.play(Order.parse(text))
    assert saves.state_digest(replay.state) == doc["digest"]


# -- the greedy advisor ----------------------------------------------------------------

def battle(seed: int, greedy_side: int) -> str:
    game = new_game("sas-duel", "square", seed)
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


@pytest.mark.parametrize(("map_name", "grid"), MAPS[2:])
def test_greedy_answers_only_legal_options(map_name: str, grid: str) -> None:
    game = new_game(map_name, grid, 8)
    player = Greedy()
    while (decision := game.decision()) is not None:
        order = player.choose(game.state, decision)
        assert order in decision.options
        game.play(order)
        check_invariants(game.state)


def test_the_standing_prices_strain_and_the_judge_does_not() -> None:
    """A search weighs orders by the standing: Strain must cost there (a second change of
    direction puts masts and hull at risk), though the judge at the limit counts strength."""
    state = new_game().state
    assert isinstance(state, SasState)
    blue = next(s for s in state.ships if s.side == "blue")
    assert RULESET.evaluate(state, "blue") == pytest.approx(0.0)
    strained = state.with_ship(evolve(blue, sail=evolve(blue.sail, strain=2)))
    assert RULESET.evaluate(strained, "blue") < 0 < RULESET.evaluate(strained, "red")
    # 0.1 for the first mark and 0.2 for the second, off her strength of 1
    assert RULESET.standing_value(strained.ship(blue.id)) == pytest.approx(0.7)
    assert RULESET.judge_at_limit(strained) == RULESET.judge_at_limit(state)
