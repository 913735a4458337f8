"""Ships' wear between battles (a voyage): ``Ruleset.wear`` reads a ship's lasting damage
as parts, ``Ruleset.worn`` sets it on a fresh ship, and ``Setup.condition`` brings a worn
ship into a new battle, for every ruleset and every ship class."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from attrs import evolve
from dice_support import Dice

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.core.controller import play
from tui_naval.core.engine import Log
from tui_naval.core.history import Game
from tui_naval.core.maps import MapSpec, load_map
from tui_naval.core.ruleset import PART_KEYS, Part, Ruleset
from tui_naval.core.scenario import ScenarioError, Setup, start_state
from tui_naval.core.state import GameState
from tui_naval.rulesets import load, registry
from tui_naval.systems.battle import Battle
from tui_naval.systems.gunnery.kyngesreach.tables import Mast
from tui_naval.systems.gunnery.kyngesreach.tables import tables as gunnery_tables
from tui_naval.systems.sailing.salt_n_tar import steps

RULESETS = {info.id: load(info) for info in registry()}


@cache
def default_map(name: str) -> MapSpec:
    return load_map(RULESETS[name].info.default_map)


def setup(name: str, kind: str = "", condition: Any = (), seed: int = 1) -> Setup:
    """A game on the ruleset's default map, its first ship of class ``kind`` (the map's
    if none), on the first grid both play."""
    ruleset, spec = RULESETS[name], default_map(name)
    grid = next(g for g in spec.grids if g in ruleset.grids)
    fleet = ((spec.ships[0].id, kind),) if kind else ()
    return Setup(name, spec.name, spec.text, grid, seed, fleet=fleet, condition=condition)


@cache
def fresh(name: str, kind: str = "") -> GameState:
    return start_state(RULESETS[name], setup(name, kind))


CASES = [(name, kind) for name, ruleset in RULESETS.items() for kind in ruleset.ship_classes()]


def parts(ruleset: Ruleset[Any], ship: Any) -> dict[str, Part]:
    return {part.key: part for part in ruleset.wear(ship)}


def test_every_ruleset_is_covered() -> None:
    assert len(RULESETS) == 8
    assert {name for name, _ in CASES} == set(RULESETS)


@pytest.mark.parametrize(("name", "kind"), CASES)
def test_a_fresh_ship_is_sound(name: str, kind: str) -> None:
    ruleset = RULESETS[name]
    state = fresh(name, kind)
    ship = state.ships[0]
    assert ship.kind == kind
    found = ruleset.wear(ship)
    keys = [part.key for part in found]
    assert keys, "a ship with no part that wears"
    assert len(set(keys)) == len(keys)
    assert set(keys) <= set(PART_KEYS)
    for part in found:
        assert part.full > 0, part
        assert part.have == part.full, part
        assert part.label


@pytest.mark.parametrize(("name", "kind"), CASES)
def test_worn_gives_each_part_back(name: str, kind: str) -> None:
    """Every value of every part comes back exactly (out of range ones clamped), the other
    parts stay as they were, and the state keeps the ruleset's invariants."""
    ruleset = RULESETS[name]
    state = fresh(name, kind)
    ship = state.ships[0]
    before = parts(ruleset, ship)
    for key, part in before.items():
        full = part.full
        values = sorted({0, 1, full // 3, full // 2, full - 1, full})
        for value, want in [(v, v) for v in values] + [(-3, 0), (full + 7, full)]:
            worn = ruleset.worn(ship, {key: value})
            after = parts(ruleset, worn)
            assert after[key].have == want, (key, value)
            assert after[key].full == full
            assert {k: p for k, p in after.items() if k != key} == \
                {k: p for k, p in before.items() if k != key}, (key, value)
            if key == "hull":
                assert worn.afloat == (want > 0), "a ship afloat with no hull left"
            problem = ruleset.invalid(state.with_ship(worn))
            assert problem is None, (key, value, problem)


@pytest.mark.parametrize("name", RULESETS)
def test_a_setup_brings_her_in_worn(name: str) -> None:
    """``Setup.condition`` sets the parts on the first state's ship, which is run on to its
    first decision and keeps the invariants."""
    ruleset = RULESETS[name]
    ship = fresh(name).ships[0]
    want = {key: part.full // 2 + 1 for key, part in parts(ruleset, ship).items()}
    state = start_state(ruleset, setup(name, condition=((ship.id, tuple(want.items())),)))
    got = {key: part.have for key, part in parts(ruleset, state.ship(ship.id)).items()}
    assert got == want
    assert ruleset.invalid(state) is None
    assert state.outcome is not None or ruleset.decision(state) is not None
    others = [s for s in state.ships if s.id != ship.id]
    assert all(p.have == p.full for s in others for p in ruleset.wear(s))


@pytest.mark.parametrize("name", [n for n in RULESETS if "hull" in parts(RULESETS[n],
                                                                        fresh(n).ships[0])])
def test_a_setup_sets_her_hull(name: str) -> None:
    ruleset = RULESETS[name]
    ship = fresh(name).ships[0]
    hull = parts(ruleset, ship)["hull"].full // 3
    state = start_state(ruleset, setup(name, condition=((ship.id, (("hull", hull),)),)))
    assert parts(ruleset, state.ship(ship.id))["hull"].have == hull


@pytest.mark.parametrize("name", RULESETS)
def test_a_condition_for_no_ship_or_no_part_is_refused(name: str) -> None:
    ruleset = RULESETS[name]
    ship = fresh(name).ships[0]
    held = set(parts(ruleset, ship))
    with pytest.raises(ScenarioError, match="not on the map"):
        start_state(ruleset, setup(name, condition=(("Z9", (("crew", 1),)),)))
    for key in ["sails", *(k for k in PART_KEYS if k not in held)]:
        with pytest.raises(ScenarioError, match="has no part"):
            start_state(ruleset, setup(name, condition=((ship.id, ((key, 1),)),)))


def worn_somewhere(ruleset: Ruleset[Any], state: GameState) -> bool:
    return any(p.have < p.full for ship in state.ships for p in ruleset.wear(ship))


@pytest.mark.parametrize("name", RULESETS)
def test_a_battle_wears_ships_and_worn_carries_it(name: str) -> None:
    """After some turns of greedy play (three past the first lasting damage) each ship's
    parts, set on a fresh ship of her class, read back exactly, and the worn state keeps
    the invariants."""
    ruleset = RULESETS[name]
    start = fresh(name)
    game = Game(ruleset, setup(name))
    players = {side: GreedyPlayer(game.ruleset) for side in start.sides}
    last, worn_on = game.state, 0
    while not (last.outcome or last.turn > 30 or (worn_on and last.turn >= worn_on + 3)):
        last = play(game, players, turns=1)
        worn_on = worn_on or (last.turn if worn_somewhere(ruleset, last) else 0)
    assert worn_somewhere(ruleset, last), "no ship took lasting damage"
    worn_state = start
    for ship in last.ships:
        have = {part.key: part.have for part in ruleset.wear(ship)}
        worn = ruleset.worn(start.ship(ship.id), have)
        assert ruleset.wear(worn) == ruleset.wear(ship), ship.id
        worn_state = worn_state.with_ship(worn)
    assert ruleset.invalid(worn_state) is None


def test_salt_n_tar_masts_cost_what_a_strain_roll_breaking_them_costs() -> None:
    ruleset = RULESETS["salt-n-tar"]
    ship: Any = fresh("salt-n-tar", "warship").ships[0]
    assert ship.sail.masts == 3
    broken = evolve(ship, sail=evolve(ship.sail, strain=5))
    for masts, inches in ((2, 3), (1, 6), (0, 6)):  # the last one costs no inches: adrift
        broken = steps.strain_roll(broken, Dice([6]), Log(1))  # 6 + Strain 5: a mast breaks
        worn = ruleset.worn(ship, {"masts": masts})
        assert (worn.sail.masts, worn.sail.speed_loss) == (masts, inches)
        assert (broken.sail.masts, broken.sail.speed_loss) == (masts, inches)


def test_strain_as_soundness_ends_at_the_tables_worst_row() -> None:
    ruleset = RULESETS["salt-n-tar"]
    ship = fresh("salt-n-tar").ships[0]
    worn = ruleset.worn(ship, {"strain": 0})
    rolled = steps.strain_roll(worn, Dice([1, 3]), Log(1))  # the lowest die still sinks her
    assert rolled.sail.sinking
    almost = steps.strain_roll(ruleset.worn(ship, {"strain": 1}), Dice([1]), Log(2))
    assert not almost.sail.sinking


@pytest.mark.parametrize("name", ["kyngesreach", "salt-and-shot", "mow-and-shot"])
def test_kyngesreach_masts_hull_and_crew_as_the_rules_leave_them(name: str) -> None:
    ruleset = RULESETS[name]
    ship = fresh(name).ships[0]
    one_down = ruleset.worn(ship, {"masts": 2}).gunnery
    assert one_down.masts_lost == (Mast.MIZZEN,)
    assert one_down.steering == gunnery_tables().dismasting[Mast.MIZZEN].steering
    assert ruleset.worn(ship, {"masts": 0}).gunnery.adrift
    assert ruleset.worn(ship, {"hull": 1}).gunnery.sinking
    assert ruleset.worn(ship, {"crew": 0}).gunnery.struck
    assert ruleset.worn(ship, {"hull": 0}).gunnery.sunk


@pytest.mark.parametrize("name", ["salt-and-shot", "salt-and-sails", "mow-and-shot",
                                  "mow-and-sails"])
def test_a_pairings_worn_ship_sails_as_her_damage_allows(name: str) -> None:
    """Her sailing is in line with her damage (``Battle.synced`` changes nothing), as it
    is after every hit in play; no masts or no rigging leaves her no sail to steer by."""
    ruleset = RULESETS[name]
    assert isinstance(ruleset, Battle)
    ship: Any = fresh(name).ships[0]
    for key, part in parts(ruleset, ship).items():
        for value in (0, part.full // 2, part.full):
            worn = ruleset.worn(ship, {key: value})
            assert ruleset.synced(worn) == worn, (key, value)
    for key in ("masts", "rigging"):
        if key in parts(ruleset, ship):
            sail = ruleset.worn(ship, {key: 0}).sail
            assert sail.adrift or sail.masts == 0, key
