"""The greedy helms' valuations that keep ships from lying apart to the turn limit: a
broadside counts only where the gunner would fire it, and a Man-O-War ship pinned against
land or the edge pays by the points she must turn to sail free."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from attrs import evolve

from tui_naval.ai.players import make_player
from tui_naval.app.setup import new_game
from tui_naval.core.grid import Cell
from tui_naval.core.history import Game
from tui_naval.core.wind import compass_wind
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.advisor import volley_value
from tui_naval.systems.gunnery.kyngesreach.on_map import bearing_on
from tui_naval.systems.gunnery.kyngesreach.salt_advisor import (
    WORTH_FIRING,
    KyngFirepower,
    fired_value,
)
from tui_naval.systems.gunnery.kyngesreach.tables import Band
from tui_naval.systems.sailing.man_o_war.advisor import PINNED, pinned


def duel() -> Game:
    """mow-and-shot's sails-duel: two ships of the line, each with a loaded broadside."""
    return new_game("mow-and-shot", "sails-duel", 1, None)


def test_fired_value_is_nothing_where_the_gunner_holds_her_fire() -> None:
    state = duel().state
    b1, r1 = state.ship("B1"), state.ship("R1")
    guns = b1.gunnery.guns(gun.Battery.PORT)
    aim = gun.ammo_aims(guns.ammo, r1.gunnery, Band.EXTREME)[0]
    extra: gun.Mods = []
    standard = volley_value(b1.gunnery, guns, r1.gunnery, Band.STANDARD, aim, extra)
    extreme = volley_value(b1.gunnery, guns, r1.gunnery, Band.EXTREME, aim, extra)
    assert 0 < extreme < WORTH_FIRING * standard
    assert fired_value(b1.gunnery, guns, r1.gunnery, Band.EXTREME, aim, extra) == 0.0
    for band in (Band.CLOSE, Band.STANDARD):
        assert fired_value(b1.gunnery, guns, r1.gunnery, band, aim, extra) == volley_value(
            b1.gunnery, guns, r1.gunnery, band, aim, extra)


def test_the_helm_counts_no_broadside_the_gunner_would_hold() -> None:
    """Two ships of the line 11 cells apart, R1's starboard battery bearing on B1 (the
    place where both lay to the turn limit): the broadside is worth nothing to her
    place, and her helm closes the range."""
    game = duel()
    state = game.state
    grid = state.grid
    b1 = evolve(state.ship("B1"), cell=Cell(5, 15), heading=grid.parse_facing("S"))
    r1 = evolve(state.ship("R1"), cell=Cell(16, 9), heading=grid.parse_facing("S"))
    state = evolve(state.with_ship(b1).with_ship(r1), wind=compass_wind(grid, 3))
    from tui_naval.rulesets.mow_and_shot.advisor import FIRE as fire

    assert isinstance(fire, KyngFirepower)
    ready = fire.ready(r1, True)
    assert any(ready.values())
    found = bearing_on(state.board, r1, b1)
    assert found is not None and found[1] in (Band.LONG, Band.EXTREME)
    assert fire.broadsides(state, r1, ready) == 0.0


def test_a_pinned_ship_pays_by_the_points_she_must_turn_never_through_the_wind() -> None:
    """By the islet of sails-duel (land to her N, NE and SE at 8,8) with the wind from the
    NW: heading N she must turn three points to starboard (NE and SE are blocked ahead,
    NW is head to wind), NE two, SE one; S is free, and so is open sea."""
    state = duel().state
    grid = state.grid
    state = evolve(state, wind=compass_wind(grid, 7))
    b1 = state.ship("B1")

    def cost(cell: Cell, facing: str) -> float:
        return pinned(state, evolve(b1, cell=cell, heading=grid.parse_facing(facing)))

    assert [cost(Cell(8, 8), f) for f in ("N", "NE", "SE", "S")] == [
        3 * PINNED, 2 * PINNED, PINNED, 0.0]
    assert cost(Cell(3, 3), "N") == 0.0


def test_the_man_o_war_helm_turns_away_from_the_islet_that_pins_her() -> None:
    """Heading N against the islet, every way she can sail blocked within a move: greedy
    turns to starboard (the way that frees her in two more) rather than sail into it."""
    # a seed whose first mover is blue (the navies' order is rolled each turn)
    games = (new_game("mow-and-shot", "sails-duel", seed, None) for seed in range(1, 20))
    game = next(g for g in games if getattr(g.ruleset.decision(g.state), "ship", "") == "B1")
    state = game.state
    grid = state.grid
    b1 = evolve(state.ship("B1"), cell=Cell(8, 8), heading=grid.parse_facing("N"))
    state = evolve(state.with_ship(b1), wind=compass_wind(grid, 7))
    decision = game.ruleset.decision(state)
    assert decision is not None and decision.ship == "B1" and decision.kind == "move"
    order = make_player("greedy", game.ruleset).choose(state, decision)
    assert order.arg.startswith("starboard"), order


def test_the_man_o_war_helm_ranks_every_move_by_its_value() -> None:
    """The helm's ranking (what the search widens by) holds every option once, its first
    is the helm's choice, and each option is valued no higher than the one before it."""
    from tui_naval.rulesets.mow_and_shot.advisor import FIRE, choose, rank
    from tui_naval.rulesets.mow_and_shot.rules import RULESET
    from tui_naval.systems.sailing.man_o_war import steps
    from tui_naval.systems.sailing.man_o_war.advisor import MowHelm

    helm = MowHelm(RULESET, FIRE)
    game = new_game("mow-and-shot", "mow-crossing", 3, None)
    greedy = make_player("greedy", game.ruleset)
    moves = 0
    while moves < 12 and (decision := game.decision()) is not None:
        seen = game.ruleset.observe(game.state, decision.side)
        if decision.kind == "move" and len(decision.options) > 1:
            moves += 1
            ranked = rank(seen, decision)
            assert ranked is not None
            assert Counter(ranked) == Counter(decision.options)
            assert ranked[0] == choose(seen, decision)
            ship = seen.ship(decision.ship)
            taken = steps.taken(seen.ships, ship)
            values = [sum(p * helm.value(seen, end)
                          for p, end in helm.sailed(seen, ship, order, taken) if p > 0)
                      for order in ranked]
            assert all(a >= b - 1e-9 for a, b in pairwise(values))
            assert len(set(values)) > 1
        elif (other := rank(seen, decision)) is not None:
            assert decision.kind == FIRE.fire_kind
            assert Counter(other) == Counter(decision.options)
            assert other[0] == choose(seen, decision)
        game.play(greedy.choose(seen, decision))
    assert moves == 12


@pytest.mark.parametrize("ruleset", ["salt-and-shot", "salt-and-sails", "mow-and-sails"])
def test_the_missile_options_are_ranked_by_their_worth(ruleset: str) -> None:
    """Each combat system ranks its missile decision's options (what the search widens
    by) by the worth it gives them, its own answer first: every option once, none worth
    more than the one before it, and the hold first where no fire is worth more."""
    import importlib

    advisor = importlib.import_module(f"tui_naval.rulesets.{ruleset.replace('-', '_')}.advisor")
    fire = advisor.FIRE
    ranked_seen = 0
    for seed in range(1, 4):
        game = new_game(ruleset, None, seed, None)
        greedy = make_player("greedy", game.ruleset)
        while ranked_seen < 6 * seed and (decision := game.decision()) is not None:
            seen = game.ruleset.observe(game.state, decision.side)
            if decision.kind == fire.fire_kind and len(decision.options) > 2:
                ranked = advisor.rank(seen, decision)
                assert ranked is not None and Counter(ranked) == Counter(decision.options)
                assert ranked[0] == advisor.choose(seen, decision)
                worth = dict(zip(decision.options, fire.fire_values(seen, decision),
                                 strict=True))
                values = [worth[o] for o in ranked]
                assert all(a >= b for a, b in pairwise(values))
                ranked_seen += 1
            game.play(greedy.choose(seen, decision))
    assert ranked_seen == 18
