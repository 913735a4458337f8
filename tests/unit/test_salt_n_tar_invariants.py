"""Salt'n'Tar under random play: what must hold after every order, on every grid.

Random (seeded) answers to every decision, with ships given random Strain, luck
and damage now and then so that gales, dismasting and sinking all happen.
"""

from __future__ import annotations

import random

import pytest
from attrs import evolve

from tui_naval.core.grid import GridKind
from tui_naval.core.maps import available_maps, load_map
from tui_naval.core.scenario import Setup, start_state
from tui_naval.core.state import Terrain
from tui_naval.rulesets.salt_n_tar.rules import RULESET
from tui_naval.rulesets.salt_n_tar.state import SaltShip, SaltState
from tui_naval.systems.sailing.salt_n_tar.tables import tables

#: Every race or chase map found, on each of its grids.
GAMES = [(path.stem, kind) for path in available_maps()
         if (spec := load_map(str(path))).goal.kind in RULESET.goals
         for kind in spec.grids if kind in RULESET.grids]


def test_the_shipped_maps_are_played() -> None:
    assert {"channel-race", "coast-chase", "open-sea"} <= {name for name, _ in GAMES}


def check(before: SaltState, after: SaltState) -> None:
    board, grid = after.board, after.grid
    racing = [s for s in after.ships if s.at_sea]
    cells = [s.cell for s in racing]
    assert len(cells) == len(set(cells)), "two ships in one cell"
    for ship in after.ships:
        old: SaltShip = before.ship(ship.id)
        sail, was = ship.sail, old.sail
        stype = tables().ships[ship.kind]
        assert sail.stype == stype
        if ship.afloat and not ship.progress.escaped:
            assert grid.in_bounds(ship.cell)
            terrain = board.terrain_at(ship.cell)
            assert terrain is not Terrain.LAND
            assert terrain is Terrain.SEA or stype.shallow, f"{ship.id} on a shoal"
        assert sail.strain >= was.strain, "Strain never clears"
        assert sail.speed_loss >= was.speed_loss
        assert sail.masts <= was.masts
        assert 0 <= sail.masts <= stype.masts
        assert 0 <= sail.crew <= was.crew
        assert ship.progress.rounded >= old.progress.rounded
        assert not (old.afloat is False and ship.afloat)
        # a square grid's long diagonal step costs two cells' inches
        assert 0 <= sail.carry < board.scale * (2 if board.grid.points == 8 else 1)
        if after.turn == before.turn and ship.heading != old.heading:
            assert grid.points_between(ship.heading, old.heading) <= 2
    if after.outcome is None:
        decision = RULESET.decision(after)
        assert decision is not None, "a game at rest waits on a decision"
        assert len(decision.options) > 1, "forced decisions are answered by the rules"
        assert after.phase in ("luck", "move", "maneuver")
    else:
        assert RULESET.decision(after) is None


@pytest.mark.parametrize("wild", [True, False], ids=["wild", "mild"])
@pytest.mark.parametrize(("name", "kind"), GAMES)
def test_random_play_keeps_the_rules(name: str, kind: GridKind, wild: bool) -> None:
    """Wild: any order, plus Strain and gales stirred in; mild: no anchoring with
    sails set and no two-point turns, so games run long."""
    spec = load_map(name)
    for seed in range(4):
        rnd = random.Random(f"{name}-{kind}-{seed}-{wild}")
        state = start_state(RULESET, Setup("salt-n-tar", name, spec.text, kind, seed))
        assert isinstance(state, SaltState)
        for _ in range(400 if wild else 600):
            if state.outcome is not None:
                break
            decision = RULESET.decision(state)
            assert decision is not None
            options = decision.options
            if wild and decision.kind == "luck" and rnd.random() < 0.05:
                # stir things up: Strain, damage, a shared gale
                ship = state.ship(decision.ship)
                sail = evolve(ship.sail, strain=ship.sail.strain + rnd.randint(0, 4))
                state = state.with_ship(evolve(ship, sail=sail))
                if rnd.random() < 0.3:
                    state = evolve(state, wind=evolve(state.wind, speed=rnd.choice([0, 4, 5])))
            if not wild:
                options = tuple(o for o in options if o.arg != "2" and o.verb != "anchor")
            order = rnd.choice(options)
            after = RULESET.apply(state, order)
            check(state, after)
            state = after
