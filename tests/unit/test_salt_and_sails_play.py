"""Salt'n'Tar with Ships & Sails gunnery played out: seeded random playouts on every map
and grid it plays keep the invariants and end by the turn limit, saves resume to the same
end, and undo and redo are exact."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tui_naval.ai.random_player import RandomPlayer
from tui_naval.core.controller import Player, play
from tui_naval.core.engine import Decide
from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import available_maps, load_map
from tui_naval.core.orders import Decision, Order
from tui_naval.core.saves import load_game, save_game, state_digest
from tui_naval.core.scenario import Setup, unplayable_reason
from tui_naval.core.state import GameState
from tui_naval.rulesets import find_ruleset
from tui_naval.rulesets.salt_and_sails import advisor
from tui_naval.rulesets.salt_and_sails.rules import RULESET, classes
from tui_naval.rulesets.salt_and_sails.state import SalsState
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    SIDES,
    TENTHS,
    firing_value_of,
    sails_worked,
)
from tui_naval.systems.gunnery.ships_and_sails.tables import tables as gunnery_tables
from tui_naval.systems.sailing.salt_n_tar.component import Change, Sails, damage_inches
from tui_naval.systems.sailing.salt_n_tar.tables import tables as sailing_tables

#: The steps of the turn that wait on decisions.
DECIDING = tuple(step.name for step in RULESET.turn.steps if isinstance(step, Decide))
#: Every map the ruleset plays, on every grid each is drawn for (all hex).
MAPS = (("sails-duel", "hex-flat"), ("sails-duel", "hex-pointy"),
        ("sails-squadron", "hex-flat"), ("sails-squadron", "hex-pointy"),
        ("ss-duel", "hex-flat"), ("ss-brigs", "hex-flat"), ("ss-line-of-battle", "hex-flat"))
#: The fates a ship's guns may record.
FATES = {"", "sunk by gunfire", "exploded", "broken up", "foundered"}


def new_game(map_name: str = "sails-duel", grid: str = "hex-flat", seed: int = 1) -> Game:
    spec = load_map(map_name)
    return Game(RULESET, Setup(RULESET.name, spec.name, spec.text, GridKind(grid), seed))


def state_of(game: Game) -> SalsState:
    state = game.state
    assert isinstance(state, SalsState)
    return state


def test_the_maps_listed_are_the_maps_it_plays() -> None:
    specs = [load_map(str(path)) for path in available_maps()]
    playable = {(spec.name, g.value) for spec in specs
                if unplayable_reason(RULESET, spec) is None
                for g in spec.grids if g in RULESET.grids}
    assert playable == set(MAPS)
    assert RULESET.info.default_map == "sails-duel"


def check_invariants(state: GameState) -> None:
    assert isinstance(state, SalsState)
    assert state.holder == "" and state.group == 0
    board, grid = state.board, state.grid
    cells = [s.cell for s in state.ships if s.afloat]
    assert len(cells) == len(set(cells)), "two ships in one cell"
    for ship in state.ships:
        a, sail = ship.gunnery, ship.sail
        st = a.stype
        stype = sailing_tables().ships[classes()[ship.kind].sailing]
        assert sail.stype == stype and a.type == classes()[ship.kind].gunnery
        assert 0 <= a.hull <= st.hull * TENTHS and 0 <= a.rigging <= st.rigging * TENTHS
        assert 0 <= a.sailors <= st.sailors * TENTHS
        assert 0 <= a.port_guns <= st.broadside * TENTHS
        assert 0 <= a.starboard_guns <= st.broadside * TENTHS
        t = gunnery_tables()
        assert 0 <= a.reload <= t.reload_rounds + 1 + t.switch_rounds
        assert a.fate in FATES and (a.fate == "") == ship.afloat
        # the sailing follows the guns' damage
        handicap = RULESET.combat.handicap(ship)
        assert sail.crew == a.sailors * 100 // (st.sailors * TENTHS)
        assert sail.damage_loss == damage_inches(handicap)
        assert sail.speed_loss >= sail.damage_loss >= 0
        assert sail.helm == (2 if a.rudder else 0)
        assert (sail.adrift != "") == (sails_worked(a) == 0)
        assert sail.masts_shot == 0 and 0 <= sail.masts <= stype.masts
        assert sail.strain >= 0 and 0 <= sail.carry < board.scale and sail.sinking >= 0
        assert 0 <= sail.turns_made <= 2
        assert sail.sails in Sails and (sail.change is Change.NONE) == (sail.change_turns == 0)
        if ship.afloat:
            assert grid.in_bounds(ship.cell) and board.is_sea(ship.cell), ship
    if state.outcome is None:
        decision = RULESET.decision(state)
        assert decision is not None and len(decision.options) > 1
        assert len(set(decision.options)) == len(decision.options)
        assert state.phase in DECIDING and decision.plotted
        assert RULESET.in_play(state.ship(decision.ship))
        assert {s.side for s in state.ships if RULESET.in_play(s)} == set(state.sides)
        assert state.turn <= state.goal.turns
    else:
        assert RULESET.decision(state) is None


def fighting(rng: random.Random, state: GameState, decision: Decision) -> Order:
    """Random play that fights: the greedy helm and aim (ships are hit, wrecked and sunk by
    gunfire), a random choice now and then, luck seldom rolled."""
    assert isinstance(state, SalsState)
    if decision.kind == "luck" and rng.random() < 0.9:
        return decision.options[-1]
    if rng.random() < 0.15:
        return rng.choice(decision.options)
    return advisor.choose(state, decision)


@pytest.mark.parametrize(("map_name", "grid"), MAPS)
def test_random_playouts_keep_the_invariants(map_name: str, grid: str) -> None:
    hits = 0
    for seed in range(4):
        game = new_game(map_name, grid, seed)
        rng = random.Random(seed)
        gone: set[str] = set()
        check_invariants(game.state)
        while (decision := game.decision()) is not None:
            assert decision.ship not in gone, f"{decision.ship} acts out of play"
            if decision.kind == "aim":
                ship = state_of(game).ship(decision.ship)
                assert ship.gunnery.reload == 0
                assert max(firing_value_of(ship.gunnery, s) for s in SIDES) > 0
            if seed % 2:
                game.play(fighting(rng, game.state, decision))
            else:
                game.play(rng.choice(decision.options))
            state = state_of(game)
            check_invariants(state)
            hits += sum(e.kind == "hit" for e in state.events)
            acts = [e for e in state.events if e.kind in ("helm", "fire", "ammo", "luck")]
            assert not any(e.ship in gone for e in acts), "a ship acts out of play"
            gone |= {s.id for s in state.ships if not RULESET.in_play(s)}
        state = state_of(game)
        assert state.outcome is not None and state.turn <= state.goal.turns
        if state.outcome.winner is not None and state.turn < state.goal.turns:
            loser = next(s for s in state.sides if s != state.outcome.winner)
            assert all(not RULESET.in_play(s) for s in state.ships if s.side == loser)
    assert hits, "the fighting games hit nothing"


def test_a_game_of_holding_still_ends_at_the_turn_limit() -> None:
    game = new_game("ss-duel", "hex-flat", 3)
    while (decision := game.decision()) is not None:
        quiet = next((o for o in decision.options if o.arg in ("hold", "pass", "keep")
                      or o.verb in ("hold", "keep")), decision.options[0])
        game.play(quiet)
    state = game.state
    assert state.outcome is not None and state.turn == state.goal.turns == 30
    assert state.outcome.reason.startswith("after 30 turns blue keeps")


@pytest.mark.parametrize("seed", [5, 6])
def test_a_saved_game_resumes_to_the_same_end(tmp_path: Path, seed: int) -> None:
    players: dict[str, Player] = {"blue": RandomPlayer(seed), "red": RandomPlayer(seed + 1)}
    whole = new_game("sails-squadron", "hex-pointy", seed)
    play(whole, players)
    assert whole.state.outcome is not None and whole.state.turn > 9
    for turn in (2, 5, 9):
        game = new_game("sails-squadron", "hex-pointy", seed)
        play(game, players, turns=turn - 1)
        path = tmp_path / f"t{turn}.json"
        save_game(game, path)
        loaded = load_game(path, find_ruleset)
        assert loaded.ruleset is RULESET
        assert loaded.state == game.state and loaded.orders == game.orders
        assert state_digest(loaded.state) == state_digest(game.state)
        assert loaded.decision() == game.decision()
        play(loaded, players)
        assert loaded.state == whole.state and loaded.orders == whole.orders
        assert loaded.state.outcome == whole.state.outcome


def test_a_save_mid_phase_keeps_the_orders_held(tmp_path: Path) -> None:
    game = new_game("sails-duel", "hex-flat", 7)
    while (decision := game.decision()) is not None and not (
            decision.kind == "aim" and game.state.plotted):
        game.play(decision.options[-1])
    assert game.state.plotted, "an aim held while the other side decides"
    path = tmp_path / "mid.json"
    save_game(game, path)
    loaded = load_game(path, find_ruleset)
    assert loaded.state == game.state and loaded.state.plotted == game.state.plotted


def test_undo_is_exact_and_redo_replays_the_same_dice() -> None:
    game = new_game("ss-line-of-battle", "hex-flat", 11)
    rng = random.Random(11)
    states = [game.state]
    for _ in range(150):
        decision = game.decision()
        if decision is None:
            break
        game.play(rng.choice(decision.options))
        states.append(game.state)
    n = len(game.orders)
    assert n == 150
    for i in range(n, 0, -1):
        assert game.undo() == states[i - 1]
    assert not game.can_undo()
    for i in range(1, n + 1):
        redone = game.redo()
        assert redone == states[i] and redone.events == states[i].events
    assert not game.can_redo()


def test_the_same_seed_and_orders_replay_the_same_game() -> None:
    first = new_game("ss-brigs", "hex-flat", 5)
    play(first, {s: RandomPlayer(3) for s in first.state.sides})
    again = new_game("ss-brigs", "hex-flat", 5)
    for order in first.orders:
        again.play(Order.parse(str(order)))
    assert again.state == first.state
