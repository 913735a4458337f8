"""The greedy Ships & Sails advisor: legal answers, sound judgement, and its strength."""

from __future__ import annotations

from typing import Any

import pytest
from attrs import evolve, fields_dict

from tui_naval.ai.random_player import RandomPlayer
from tui_naval.core.controller import Player, play
from tui_naval.core.dice import Rng
from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import load_map
from tui_naval.core.orders import Decision, Order
from tui_naval.core.scenario import Setup
from tui_naval.core.state import Board, GameState, Goal, GoalKind
from tui_naval.core.wind import Wind
from tui_naval.rulesets.ships_and_sails import advisor
from tui_naval.rulesets.ships_and_sails import movement as m
from tui_naval.rulesets.ships_and_sails.rules import RULESET
from tui_naval.rulesets.ships_and_sails.state import HexWay, SailShip, SailState
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    HOLD,
    Armament,
    new_armament,
    parse_aim,
)
from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo, tables

N, NE, SE, S, SW, NW = range(6)


class Greedy:
    """The advisor as a Player."""

    name = "greedy"

    def choose(self, state: GameState, decision: Decision) -> Order:
        assert isinstance(state, SailState)
        return advisor.choose(state, decision)


def new_game(name: str, seed: int) -> Game:
    spec = load_map(name)
    return Game(RULESET, Setup(RULESET.name, spec.name, spec.text, GridKind.HEX_FLAT, seed))


def duel(seed: int) -> str:
    """One duel, the advisor on alternating sides; the winner's player name or 'draw'."""
    game = new_game("ss-duel", seed)
    players: dict[str, Player] = {
        side: Greedy() if i == seed % 2 else RandomPlayer(seed)
        for i, side in enumerate(game.state.sides)
    }
    state = play(game, players)
    assert state.outcome is not None
    winner = state.outcome.winner
    return players[winner].name if winner else "draw"


def test_greedy_beats_random_in_90_percent_of_200_battles() -> None:
    results = [duel(seed) for seed in range(200)]
    assert results.count("greedy") >= 180, (results.count("greedy"), results.count("draw"))


@pytest.mark.parametrize("name", ["ss-brigs", "ss-line-of-battle"])
def test_greedy_answers_only_legal_options(name: str) -> None:
    game = new_game(name, 3)
    player = Greedy()
    for _ in range(150):
        decision = game.decision()
        if decision is None:
            break
        order = player.choose(game.state, decision)
        assert order in decision.options
        game.play(order)


WAY_FIELDS = frozenset(fields_dict(HexWay))
GUNNERY_FIELDS = frozenset(fields_dict(Armament))


def ship(kind: str, ship_id: str, cell: Cell, heading: int, **changes: Any) -> SailShip:
    """A ship fresh from the dockyard, with ``changes`` made to her way (``speed``) or her
    armament (``reload``...)."""
    side = "blue" if ship_id.startswith("B") else "red"
    way = {k: v for k, v in changes.items() if k in WAY_FIELDS}
    gunnery = {k: v for k, v in changes.items() if k in GUNNERY_FIELDS}
    assert set(way) | set(gunnery) == set(changes)
    return SailShip(id=ship_id, side=side, kind=kind, name=tables().ships[kind].name, cell=cell,
                    heading=heading, way=HexWay(wake=(cell,), **way),
                    gunnery=evolve(new_armament(kind), **gunnery))


BREEZE = Wind(SE, 6)


def battle(*ships: SailShip, wind: Wind = BREEZE, size: int = 16) -> SailState:
    grid = Grid(GridKind.HEX_FLAT, size, size)
    board = Board("test", grid, tuple("." * size for _ in range(size)))
    state = SailState(ruleset=RULESET.name, board=board, goal=Goal(GoalKind.BATTLE, 30),
                      sides=("blue", "red"), phase="orders", wind=wind, rng=Rng.from_seed(1),
                      ships=ships)
    return RULESET.advance(state)


def test_greedy_never_sails_off_the_edge_when_it_can_help_it() -> None:
    state = battle(ship("ship-of-the-line", "B1", Cell(1, 8), NW, speed=3),
                   ship("ship-of-the-line", "R1", Cell(12, 8), N))
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "move"
    assert any(not all(state.grid.in_bounds(c) for c, _ in
                       m.trace(state.grid, Cell(1, 8), NW, o.arg)) for o in decision.options)
    order = advisor.choose(state, decision)
    cells = m.trace(state.grid, Cell(1, 8), NW, order.arg)
    assert all(state.grid.in_bounds(c) for c, _ in cells)


def test_greedy_aims_where_a_becalmed_enemy_lies() -> None:
    target = Cell(8, 5)
    state = battle(ship("ship-of-the-line", "B1", Cell(5, 6), N),
                   ship("ship-of-the-line", "R1", target, N), wind=Wind(S, 0))
    state = RULESET.apply(state, Order("B1", "move", "0"))
    state = RULESET.apply(state, Order("B1", "ammo", "keep"))
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "aim"
    order = advisor.choose(state, decision)
    aim = parse_aim(order.arg)
    assert aim is not None and aim[1] == target


def test_greedy_holds_fire_with_nobody_in_reach() -> None:
    state = battle(ship("brig", "B1", Cell(1, 14), N), ship("brig", "R1", Cell(14, 1), S))
    state = RULESET.apply(state, Order("B1", "move", "0"))
    state = RULESET.apply(state, Order("B1", "ammo", "keep"))
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "aim"
    assert advisor.choose(state, decision).arg == HOLD


def test_greedy_loads_chain_against_a_man_at_war_while_reloading() -> None:
    state = battle(ship("ship-of-the-line", "B1", Cell(5, 8), N, reload=1),
                   ship("man-at-war", "R1", Cell(8, 7), N))
    state = RULESET.apply(state, Order("B1", "move", "0"))
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "ammo"
    assert advisor.choose(state, decision).arg == Ammo.CHAIN.value
    # With a broadside ready and the enemy in reach, it fires what it has.
    loaded = battle(ship("ship-of-the-line", "B1", Cell(5, 8), N),
                    ship("man-at-war", "R1", Cell(8, 7), N), wind=Wind(S, 0))
    loaded = RULESET.apply(loaded, Order("B1", "move", "0"))
    decision = RULESET.decision(loaded)
    assert decision is not None
    assert advisor.choose(loaded, decision).arg == "keep"


def test_greedy_keeps_clear_of_its_own_ships() -> None:
    state = battle(ship("brig", "B1", Cell(6, 10), N, speed=1),
                   ship("brig", "B2", Cell(6, 8), S, speed=1),
                   ship("brig", "R1", Cell(14, 2), S), wind=Wind(SE, 6))
    state = RULESET.apply(state, Order("B1", "move", "F"))
    state = RULESET.apply(state, Order("B1", "ammo", "keep"))
    while (decision := RULESET.decision(state)) is not None and decision.ship == "B1":
        state = RULESET.apply(state, decision.options[0])
    decision = RULESET.decision(state)
    assert decision is not None and decision.ship == "B2" and decision.kind == "move"
    assert Order("B2", "move", "F") in decision.options
    order = advisor.choose(state, decision)
    assert order.arg != "F"  # straight on meets B1 in 6,9
