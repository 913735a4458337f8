"""The greedy advisor for Salt'n'Tar with Ships & Sails gunnery: it beats random play, aims
only where an enemy lies, holds when nothing is in reach, brings a loaded broadside to
bear, and picks its loads.

Positions are laid on hex-flat grids with a light wind (no gale: the helm is measured, not
how a gale drives her)."""

from __future__ import annotations

from attrs import evolve
from sals_support import at_phase, sea

from tui_naval.ai.random_player import RandomPlayer
from tui_naval.core.controller import Player, play
from tui_naval.core.engine import Log
from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import load_map
from tui_naval.core.orders import Decision, Order
from tui_naval.core.scenario import Setup
from tui_naval.core.state import GameState
from tui_naval.rulesets.salt_and_sails import advisor
from tui_naval.rulesets.salt_and_sails.rules import RULESET
from tui_naval.rulesets.salt_and_sails.state import SalsState
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    SIDES,
    bears,
    firing_value_of,
    parse_aim,
    pattern_cells,
)
from tui_naval.systems.gunnery.ships_and_sails.salt_advisor import FIRE_THRESHOLD, hex_worth

SOL = "ship-of-the-line"



class Greedy:
    """The advisor as a Player."""

    name = "greedy"

    def choose(self, state: GameState, decision: Decision) -> Order:
        assert isinstance(state, SalsState)
        order = advisor.choose(state, decision)
        assert order in decision.options
        return order


def battle(seed: int, greedy_side: int) -> str:
    spec = load_map("sails-duel")
    game = Game(RULESET, Setup(RULESET.name, spec.name, spec.text, GridKind.HEX_FLAT, seed))
    players: dict[str, Player] = {side: Greedy() if i == greedy_side else RandomPlayer(seed)
                                  for i, side in enumerate(game.state.sides)}
    state = play(game, players)
    assert state.outcome is not None
    winner = state.outcome.winner
    return players[winner].name if winner else "draw"


def test_greedy_beats_random_in_18_of_20_duels() -> None:
    results = [battle(seed, seed % 2) for seed in range(20)]
    assert results.count("greedy") >= 18, results


def aim_worth(state: SalsState, decision: Decision, order: Order) -> float:
    """What an aim is worth: the chance of a hit times its worth, for each enemy lying in a
    hex of its pattern (0 for hold)."""
    aim = parse_aim(order.arg)
    if aim is None:
        return 0.0
    side, cell = aim
    ship = state.ship(decision.ship)
    a = ship.gunnery
    foes = [s for s in state.ships if s.side != ship.side and RULESET.in_play(s)]
    return sum(hex_worth(pct, firing_value_of(a, side), foe, a.ammo)
               for where, pct in pattern_cells(state.grid, cell, ship.heading, side,
                                               a.stype.pattern(a.ammo))
               for foe in foes if foe.cell == where)


def test_it_fires_at_the_hex_an_enemy_lies_in() -> None:
    state, decision = at_phase(sea([f"B1 blue 10,8 N {SOL}", f"R1 red 13,8 N {SOL}"]),
                               "missile")
    assert decision.ship == "B1" and len(decision.options) == 41
    assert advisor.choose(state, decision) == Order("B1", "aim", "starboard:13,8")


def test_it_holds_when_nothing_is_in_reach() -> None:
    state, decision = at_phase(sea([f"B1 blue 10,8 N {SOL}", f"R1 red 20,2 N {SOL}"]),
                               "missile")
    assert decision.kind == "aim" and len(decision.options) == 41
    assert advisor.choose(state, decision) == Order("B1", "aim", "hold")


def test_it_holds_when_an_enemy_lies_only_where_a_10_percent_hex_could_fall() -> None:
    # R1 lies just ahead of B1's starboard arc: only a 10% hex of an aim reaches her, not
    # worth the round the guns would then need to reload.
    state, decision = at_phase(sea([f"B1 blue 10,8 N {SOL}", f"R1 red 11,6 N {SOL}"]),
                               "missile")
    worths = {o: aim_worth(state, decision, o) for o in decision.options}
    assert 0 < max(worths.values()) < FIRE_THRESHOLD
    assert advisor.choose(state, decision) == Order("B1", "aim", "hold")


def test_it_aims_at_the_weaker_of_two_enemies() -> None:
    state = sea([f"B1 blue 10,8 N {SOL}", f"R1 red 13,8 N {SOL}", f"R2 red 7,8 N {SOL}"])
    r2 = state.ship("R2")
    state = state.with_ship(RULESET.synced(evolve(r2, gunnery=evolve(r2.gunnery, hull=60))))
    state, decision = at_phase(state, "missile")
    assert decision.ship == "B1"
    assert advisor.choose(state, decision) == Order("B1", "aim", "port:7,8")


def test_it_never_wastes_a_broadside_on_an_empty_pattern() -> None:
    seen = 0
    for map_name in ("sails-duel", "ss-brigs", "sails-squadron"):
        spec = load_map(map_name)
        game = Game(RULESET, Setup(RULESET.name, spec.name, spec.text, GridKind.HEX_FLAT, 2))
        while (decision := game.decision()) is not None:
            state = game.state
            assert isinstance(state, SalsState)
            order = advisor.choose(state, decision)
            if decision.kind == "aim":
                worths = {o: aim_worth(state, decision, o) for o in decision.options}
                best = max(worths.values())
                if parse_aim(order.arg) is not None:
                    seen += 1
                    assert worths[order] == best > 0, (order, best)
                elif best >= FIRE_THRESHOLD:
                    raise AssertionError(f"held with {best:.3f} to gain")
            game.play(order)
    assert seen >= 5


def test_it_never_rolls_for_luck() -> None:
    state = sea([f"B1 blue 10,8 N {SOL}", f"R1 red 20,2 N {SOL}"])
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "luck"
    assert advisor.choose(state, decision) == Order("B1", "luck", "pass")


def test_it_turns_to_bring_a_loaded_broadside_to_bear() -> None:
    # R1 lies dead ahead of B1: neither of her broadsides bears until she turns.
    state = sea([f"B1 blue 10,12 N {SOL}", f"R1 red 10,7 N {SOL}"], wind="N 2")
    state, decision = at_phase(state, "first-half")
    assert decision.ship == "B1" and len(decision.options) == 3
    ship, target = state.ship("B1"), state.ship("R1")
    assert not any(bears(state.grid, ship.cell, ship.heading, s, target.cell, 5)
                   for s in SIDES)
    order = advisor.choose(state, decision)
    assert order != Order("B1", "hold")
    moved = RULESET.half_move(state, {"B1": order}, 1, Log(state.turn))
    ship = moved.ship("B1")
    assert any(bears(moved.grid, ship.cell, ship.heading, s, target.cell, 5) for s in SIDES)


def test_the_helm_counts_a_broadside_ready_only_when_it_is() -> None:
    # B1 fires in turn 1: her broadside is loaded again on turn 3, not next turn.
    state, _ = at_phase(sea([f"B1 blue 10,8 N {SOL}", f"R1 red 13,8 N {SOL}"]),
                               "missile")
    state = RULESET.apply(state, Order("B1", "aim", "starboard:14,8"))
    state = RULESET.apply(state, Order("R1", "aim", "hold"))
    fire = advisor.FIRE
    assert not fire.ready(state.ship("B1"), now=False), "the second half looks to turn 2"
    assert fire.ready(state.ship("R1"), now=False)
    assert fire.threat(state, state.ship("R1"), now=False) == 0.0
    assert fire.broadsides(state, state.ship("B1"), fire.ready(state.ship("B1"), False)) == 0
    while state.turn == 1:
        now = RULESET.decision(state)
        assert now is not None
        state = RULESET.apply(state, next(o for o in now.options
                                          if o.arg in ("pass", "keep", "hold")
                                          or o.verb in ("hold", "keep")))
    b1 = state.ship("B1")
    assert not fire.ready(b1, now=True) and fire.ready(b1, now=False)


def test_it_switches_to_chain_against_a_man_at_wars_rigging_within_reach() -> None:
    state, decision = at_phase(sea([f"B1 blue 10,8 N {SOL}", "R1 red 13,8 N man-at-war"]),
                               "ammo")
    assert decision.ship == "B1"
    assert advisor.choose(state, decision) == Order("B1", "ammo", "chain")
    far, decision = at_phase(sea([f"B1 blue 10,8 N {SOL}", "R1 red 14,8 N man-at-war"]),
                             "ammo")
    assert decision.ship == "B1"
    assert advisor.choose(far, decision) == Order("B1", "ammo", "keep")


def test_it_keeps_ball_against_a_ship_like_her_own() -> None:
    state, decision = at_phase(sea([f"B1 blue 10,8 N {SOL}", f"R1 red 12,8 N {SOL}"]),
                               "ammo")
    assert advisor.choose(state, decision) == Order("B1", "ammo", "keep")


def test_greedy_answers_only_legal_options_on_every_map() -> None:
    for map_name, seed in (("sails-squadron", 3), ("ss-line-of-battle", 4)):
        spec = load_map(map_name)
        game = Game(RULESET, Setup(RULESET.name, spec.name, spec.text, GridKind.HEX_FLAT, seed))
        state = play(game, {side: Greedy() for side in game.state.sides})
        assert state.outcome is not None
