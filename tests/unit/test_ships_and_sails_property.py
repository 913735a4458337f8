"""Ships & Sails under random play: every state keeps its figures in bounds and its ships
on the board (or gone), undo returns the exact earlier state, and states survive a save."""

from __future__ import annotations

import json
import random

import pytest

from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import load_map
from tui_naval.core.orders import Order
from tui_naval.core.saves import converter
from tui_naval.core.scenario import Setup
from tui_naval.rulesets.ships_and_sails import movement as m
from tui_naval.rulesets.ships_and_sails.rules import RULESET
from tui_naval.rulesets.ships_and_sails.state import SailState
from tui_naval.systems.gunnery.ships_and_sails.tables import tables

MAPS = ("ss-duel", "ss-brigs", "ss-line-of-battle")


def new_game(name: str, seed: int) -> Game:
    spec = load_map(name)
    return Game(RULESET, Setup(RULESET.name, spec.name, spec.text, GridKind.HEX_FLAT, seed))


def random_game(name: str, seed: int, limit: int = 400) -> Game:
    game = new_game(name, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        decision = game.decision()
        if decision is None:
            break
        game.play(rng.choice(decision.options))
    return game


def check(state: SailState) -> None:
    t = tables()
    grid = state.grid
    # At rest a game waits on the turn's orders, or it is over and the turn's last step
    # (judged only at a turn's end) is where it ended.
    names = RULESET.turn.names
    assert state.phase == (names[0] if state.outcome is None else names[-1])
    assert state.orders == (), "the turn's orders are revealed only while it resolves"
    assert 0 <= state.wind.direction < 6
    assert t.wind_min <= state.wind.speed <= t.wind_max
    assert (state.outcome is None) == (RULESET.decision(state) is not None)
    cells = []
    for ship in state.ships:
        st = m.ship_type(ship)
        assert 0 <= ship.gunnery.hull <= st.hull * 10
        assert 0 <= ship.gunnery.rigging <= st.rigging * 10
        assert 0 <= ship.gunnery.sailors <= st.sailors * 10
        assert 0 <= ship.gunnery.port_guns <= st.broadside * 10
        assert 0 <= ship.gunnery.starboard_guns <= st.broadside * 10
        assert 0 <= ship.gunnery.reload <= t.reload_rounds + 2 * t.switch_rounds
        assert 0 <= ship.way.speed <= st.max_speed
        assert 0 <= ship.heading < 6
        assert grid.in_bounds(ship.cell)
        assert state.board.is_sea(ship.cell)
        if ship.afloat:
            assert ship.gunnery.hull > 0 and not ship.gunnery.fate
            cells.append(ship.cell)
            assert all(grid.in_bounds(c) for c in ship.way.wake)
        else:
            assert ship.gunnery.fate
    assert len(cells) == len(set(cells)), "two ships afloat share a hex"
    for order in state.plotted:
        assert isinstance(order, Order)
        assert Order.parse(str(order)) == order


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("seed", range(6))
def test_random_playouts_keep_the_invariants(name: str, seed: int) -> None:
    game = random_game(name, seed)
    for state in game.states():
        assert isinstance(state, SailState)
        check(state)


@pytest.mark.parametrize("seed", range(4))
def test_random_playouts_end(seed: int) -> None:
    game = random_game("ss-duel", seed, limit=5000)
    assert game.state.outcome is not None
    assert game.state.turn <= game.state.goal.turns


@pytest.mark.parametrize("seed", range(3))
def test_undo_returns_the_exact_earlier_state_and_redo_the_same_dice(seed: int) -> None:
    game = random_game("ss-brigs", seed, limit=120)
    states = game.states()
    for back in range(len(states) - 1, 0, -1):
        assert game.undo() == states[back - 1]
        assert game.state is states[back - 1]
    for forward in range(1, len(states)):
        assert game.redo() == states[forward]


@pytest.mark.parametrize("seed", range(3))
def test_replaying_the_orders_gives_the_same_states(seed: int) -> None:
    game = random_game("ss-line-of-battle", seed, limit=150)
    again = new_game("ss-line-of-battle", seed)
    for order in game.orders:
        again.play(order)
    assert again.states() == game.states()


@pytest.mark.parametrize("seed", range(3))
def test_states_round_trip_through_the_save_converter(seed: int) -> None:
    game = random_game("ss-brigs", seed, limit=200)
    for state in (*game.states()[::7], game.state):
        data = converter.unstructure(state, SailState)
        text = json.dumps(data)
        back = converter.structure(json.loads(text), SailState)
        assert back == state
        assert back.ships == state.ships
        assert RULESET.decision(back) == RULESET.decision(state)
