"""Random legal play on every shipped map and grid keeps the game's invariants.

After every order: ships sit on cells they may occupy and never share one, their
figures stay in range, the wind is sane, the turn limit holds, the game asks for
a decision exactly while it is undecided, undo and redo are exact, and the state
survives its save format.  Whole games also go through a save file and back.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.core import saves
from tui_naval.core.engine import HIDDEN
from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import MapError, available_maps, load_map
from tui_naval.core.saves import converter, save_game, unstructure_state
from tui_naval.core.scenario import Setup, unplayable_reason
from tui_naval.core.state import Terrain
from tui_naval.rulesets import find_ruleset, load, registry
from tui_naval.rulesets.salt_n_tar.state import SaltState
from tui_naval.systems.sailing.salt_n_tar.tables import tables

RULESET = find_ruleset("salt-n-tar")
MAX_ORDERS = 150
#: Examples shared out over all (map, grid) cases, fewer where many ships make each
#: order dear, so that more maps do not make a slower suite.
TOTAL_EXAMPLES = 210


def _cases() -> list[tuple[str, GridKind, int]]:
    """(map, grid, ships) for every shipped map and grid Salt'n'Tar can play."""
    cases = []
    for path in available_maps():
        try:
            spec = load_map(str(path))
        except MapError:
            continue  # test_every_shipped_map_loads reports it
        if spec.goal.kind not in RULESET.goals or any(
                s.kind and s.kind not in RULESET.ship_classes() for s in spec.ships):
            continue  # a map for another ruleset
        cases += [(path.stem, grid, len(spec.ships)) for grid in spec.grids
                  if grid in RULESET.grids]
    return cases


CASES = _cases()


def examples_for(ships: int) -> int:
    per_case = TOTAL_EXAMPLES // max(1, len(CASES))
    return max(5, per_case * 2 // max(2, ships))


def test_every_shipped_map_loads():
    paths = list(available_maps())
    assert paths, "no maps found"
    for path in paths:
        load_map(str(path))
    assert CASES


def check_state(state: SaltState, start: SaltState) -> None:
    grid, board = state.grid, state.board
    ship_types = tables().ships
    assert board == start.board
    assert state.sides == start.sides
    assert [s.id for s in state.ships] == [s.id for s in start.ships]
    assert state.wind.speed >= 0
    assert 0 <= state.wind.direction < grid.points
    assert start.turn <= state.turn <= state.goal.turns
    occupied: dict[Any, str] = {}
    for ship in state.ships:
        stype = ship_types[ship.kind]
        sail = ship.sail
        where = f"{ship.id} at {ship.cell} on turn {state.turn}"
        assert sail.stype == stype, where
        assert 0 <= ship.heading < grid.points, where
        assert sail.strain >= 0, where
        assert 0 <= sail.crew <= 100, where
        assert 0 <= sail.masts <= stype.masts, where
        assert sail.speed_loss >= 0 and sail.speed_loss % 3 == 0, where
        assert 0 <= sail.sinking <= 6, where
        assert 0 <= ship.progress.rounded <= len(state.goal.course), where
        # a square grid's long diagonal step costs two cells' inches
        assert 0 <= sail.carry < board.scale * (2 if board.grid.points == 8 else 1), where
        if ship.afloat and not ship.progress.escaped:
            assert grid.in_bounds(ship.cell), f"{where}: off the board"
            terrain = board.terrain_at(ship.cell)
            assert terrain is not Terrain.LAND, f"{where}: on land"
            assert terrain is Terrain.SEA or stype.shallow, f"{where}: a deep keel on a shoal"
        if ship.at_sea:
            assert ship.cell not in occupied, f"{where}: shares it with {occupied[ship.cell]}"
            occupied[ship.cell] = ship.id


def check_decision(game: Game) -> None:
    decision = game.decision()
    if game.state.outcome is not None:
        assert decision is None, "a decision was asked after the game was decided"
    else:
        assert decision is not None, f"the game stalls in phase {game.state.phase}"
        assert decision.options
        assert decision.side in game.state.sides
        assert len(set(decision.options)) == len(decision.options)
        check_observed(game, decision.side)


def check_observed(game: Game, side: str) -> None:
    """What ``side`` is shown: its own plotted orders, the others' hidden but for the ship."""
    state = game.state
    seen = game.ruleset.observe(state, side)
    assert len(seen.plotted) == len(state.plotted)
    for real, shown in zip(state.plotted, seen.plotted, strict=True):
        ours = state.ship(real.ship).side == side
        assert shown == (real if ours else type(real)(real.ship, HIDDEN))
    assert evolve(seen, plotted=state.plotted) == state


def check_codec(state: SaltState) -> None:
    again = converter.structure(json.loads(json.dumps(unstructure_state(state))), SaltState)
    assert again == state


@pytest.mark.parametrize(("map_name", "grid", "ships"), CASES,
                         ids=[f"{m}-{g.value}" for m, g, _ in CASES])
def test_random_play_keeps_the_invariants(map_name: str, grid: GridKind, ships: int,
                                          tmp_path: Path):
    @settings(max_examples=examples_for(ships), deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**31 - 1), data=st.data())
    def playout(seed: int, data: st.DataObject) -> None:
        random_playout(map_name, grid, seed, data, tmp_path)

    playout()


def random_playout(map_name: str, grid: GridKind, seed: int, data: st.DataObject,
                   tmp_path: Path) -> None:
    spec = load_map(map_name)
    text = spec.text
    if data.draw(st.booleans(), label="short game"):  # so the turn limit is reached too
        text = with_turn_limit(text, data.draw(st.integers(1, 6), label="turn limit"))
    game = Game(RULESET, Setup(RULESET.name, spec.name, text, grid, seed))
    start = game.state
    check_state(start, start)
    check_decision(game)
    save_at = data.draw(st.integers(0, MAX_ORDERS), label="save after order")
    # Purely random play mostly sinks its ships under Strain within a few turns; a
    # helmsman who mostly follows the greedy AI also rounds marks, escapes and catches.
    steady = data.draw(st.booleans(), label="mostly greedy")
    greedy = GreedyPlayer(game.ruleset)
    for n in range(1, MAX_ORDERS + 1):
        decision = game.decision()
        if decision is None:
            break
        if steady and data.draw(st.integers(0, 7), label="follow the AI") > 0:
            # a player is handed the state as its side may know it (the controller's way)
            seen = game.ruleset.observe(game.state, decision.side)
            order = greedy.choose(seen, decision)
        else:
            choice = data.draw(st.integers(0, len(decision.options) - 1), label=decision.prompt)
            order = decision.options[choice]
        before = game.state
        game.play(order)
        after = game.state
        check_state(after, start)
        check_decision(game)
        assert game.undo() == before
        assert game.redo() == after
        check_codec(after)
        if n == save_at:
            check_save(game, tmp_path / "mid.json")
    check_save(game, tmp_path / "end.json")


def with_turn_limit(text: str, turns: int) -> str:
    """A map's text with its turn limit replaced."""
    line = f"turns: {turns}"
    if re.search(r"^turns:", text, flags=re.M):
        return re.sub(r"^turns:.*$", line, text, count=1, flags=re.M)
    return f"{line}\n{text}"


def check_save(game: Game, path: Path) -> None:
    save_game(game, path)
    loaded = saves.load_game(path, find_ruleset)
    assert loaded.state == game.state
    assert loaded.orders == game.orders
    assert loaded.decision() == game.decision()


# -- the engine's contract, for every registered ruleset ------------------------------

CONTRACT_EXAMPLES = 40


def _contract_cases() -> list[tuple[str, str, GridKind]]:
    """(ruleset, map, grid) for every registered ruleset and every map it can play."""
    cases = []
    specs = []
    for path in available_maps():
        try:
            specs.append((path.stem, load_map(str(path))))
        except MapError:
            continue
    for info in registry():
        ruleset = load(info)
        for name, spec in specs:
            if unplayable_reason(ruleset, spec) is None:
                cases += [(info.id, name, g) for g in spec.grids if g in ruleset.grids]
    return cases


CONTRACT_CASES = _contract_cases()


@pytest.mark.parametrize(("ruleset_name", "map_name", "grid"), CONTRACT_CASES,
                         ids=[f"{r}-{m}-{g.value}" for r, m, g in CONTRACT_CASES])
def test_random_play_keeps_the_engine_contract(ruleset_name: str, map_name: str,
                                               grid: GridKind, tmp_path: Path):
    """Any ruleset: decisions exactly until the outcome, exact undo/redo, saves round trip."""
    ruleset = find_ruleset(ruleset_name)

    @settings(max_examples=max(2, CONTRACT_EXAMPLES // max(1, len(CONTRACT_CASES))),
              deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**31 - 1), data=st.data())
    def playout(seed: int, data: st.DataObject) -> None:
        spec = load_map(map_name)
        game = Game(ruleset, Setup(ruleset.name, spec.name, spec.text, grid, seed))
        check_decision(game)
        for _ in range(100):
            decision = game.decision()
            if decision is None:
                break
            choice = data.draw(st.integers(0, len(decision.options) - 1), label=decision.prompt)
            before = game.state
            game.play(decision.options[choice])
            after = game.state
            check_decision(game)
            assert after.turn <= after.goal.turns
            if after.wind is not None:  # galleys row in a game without wind
                assert 0 <= after.wind.direction < after.grid.points
            assert game.undo() == before
            assert game.redo() == after
            data_again = json.loads(json.dumps(unstructure_state(after)))
            assert converter.structure(data_again, ruleset.state_type) == after
        check_save(game, tmp_path / "game.json")

    playout()
