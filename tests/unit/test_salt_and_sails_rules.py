"""Salt'n'Tar with Ships & Sails gunnery: the combat turn with no initiative, broadsides
aimed where the ships lie and fired all together, reloading, and what the damage does to
the sailing.

The ships are laid on hex grids (the ruleset plays no other); exact speeds are left to
the sailing system's own tests: here the ships mostly hold still (head to the wind they
back 2" a turn) so that what is measured is the pairing's."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from attrs import evolve

from tui_naval.core.dice import Rng
from tui_naval.core.grid import Cell, GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import parse_map
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.scenario import ScenarioError, Setup, unplayable_reason
from tui_naval.rulesets.salt_and_sails.rules import RULESET, classes
from tui_naval.rulesets.salt_and_sails.state import SalsShip, SalsState
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    PORT,
    SIDES,
    STARBOARD,
    aim_arg,
    ammo_range,
    arc,
    firing_value_of,
    pattern_cells,
    sails_worked,
)
from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo
from tui_naval.systems.gunnery.ships_and_sails.tables import tables as gunnery_tables
from tui_naval.systems.sailing.salt_n_tar.motion import Way, motion
from tui_naval.systems.sailing.salt_n_tar.steps import STEER, can_steer
from tui_naval.systems.sailing.salt_n_tar.tables import tables as sailing_tables

SOL = "ship-of-the-line"
#: Two ships of the line, R1 three hexes off B1's starboard beam, both head to the wind.
CLOSE = [f"B1 blue 10,8 N {SOL}", f"R1 red 13,8 N {SOL}"]
#: Out of each other's reach.
APART = [f"B1 blue 10,8 N {SOL}", f"R1 red 20,2 N {SOL}"]
OUT = "sunk, sinking, or a wreck that can neither sail nor fire"


def map_text(ships: list[str], *, wind: str = "N 2", grids: str = "hex-flat", width: int = 24,
             height: int = 16, turns: int = 30) -> str:
    return (f"title: Test\nabout: a test\ngrids: {grids}\ngame: battle\nturns: {turns}\n"
            f"wind: {wind}\n" + "".join(f"ship: {s}\n" for s in ships) + "map:\n"
            + ("~" * width + "\n") * height)


def sea(ships: list[str], *, grid: str = "hex-flat", seed: int = 1, wind: str = "N 2",
        turns: int = 30) -> Game:
    """A game on open sea with the given ``ship:`` lines."""
    text = map_text(ships, grids=grid, wind=wind, turns=turns)
    return Game(RULESET, Setup(RULESET.name, "test", text, GridKind(grid), seed))


def state_of(game: Game) -> SalsState:
    state = game.state
    assert isinstance(state, SalsState)
    return state


def quiet(decision: Decision) -> Order:
    """Pass, hold and keep: nothing that rolls a die, marks Strain or fires."""
    for text in ("luck pass", "hold", "keep"):
        for option in decision.options:
            if str(option).endswith(text):
                return option
    return decision.options[0]


def at_phase(state: SalsState, phase: str) -> SalsState:
    """The state run on to the first decision of ``phase`` (this turn)."""
    out = RULESET.advance(evolve(state, phase=phase, plotted=(), acted=(), group=0))
    assert out.phase == phase, out.phase
    return out


def play(state: SalsState, answer: Callable[[SalsState, Decision], Order],
         until: Callable[[SalsState], bool], events: list[str] | None = None) -> SalsState:
    """Answer decisions until ``until`` holds or the game ends (``events``: collects)."""
    while state.outcome is None and not until(state):
        decision = RULESET.decision(state)
        assert decision is not None
        state = RULESET.apply(state, answer(state, decision))
        if events is not None:
            events += texts(state)
    return state


def quietly(state: SalsState, decision: Decision) -> Order:
    return quiet(decision)


def hurt(ship: SalsShip, **changes: Any) -> SalsShip:
    """The ship with ``changes`` to her armament, her sailing brought in line."""
    synced = RULESET.synced(evolve(ship, gunnery=evolve(ship.gunnery, **changes)))
    assert isinstance(synced, SalsShip)
    return synced


def with_rng(state: SalsState, dice: list[tuple[int, Callable[[int], bool]]]) -> SalsState:
    """The state with an RNG whose next dice (sides, test) all pass their tests."""
    for seed in range(5000):
        rng = Rng.from_seed(seed)
        ok = True
        for sides, wanted in dice:
            face, rng = rng.die(sides)
            if not wanted(face):
                ok = False
                break
        if ok:
            return evolve(state, rng=Rng.from_seed(seed))
    raise AssertionError("no seed gives those dice")


def texts(state: SalsState, kind: str | None = None) -> list[str]:
    return [e.text for e in state.events if kind is None or e.kind == kind]


# -- classes, grids and sides ------------------------------------------------------------

def test_each_class_pairs_a_salt_n_tar_type_with_a_ships_and_sails_type() -> None:
    pairings = classes()
    assert set(pairings) == set(gunnery_tables().ships) == set(RULESET.ship_classes())
    for key, pairing in pairings.items():
        assert pairing.gunnery == key
        assert pairing.sailing in sailing_tables().ships


def test_ships_start_whole_with_all_their_masts() -> None:
    state = state_of(sea(["B1 blue 5,8 N brig", f"B2 blue 5,11 N {SOL}",
                          "R1 red 18,8 S man-at-war"]))
    for ship in state.ships:
        stype = sailing_tables().ships[classes()[ship.kind].sailing]
        assert ship.sail.type == stype.key
        assert ship.sail.masts == stype.masts and ship.sail.masts_shot == 0
        assert ship.sail.speed_loss == ship.sail.damage_loss == 0
        assert ship.sail.crew == 100 and ship.sail.helm == 2 and ship.sail.adrift == ""
        assert ship.gunnery.reload == 0 and ship.gunnery.ammo is Ammo.BALL
        assert ship.name == classes()[ship.kind].name


def test_hex_grids_only() -> None:
    assert RULESET.grids == (GridKind.HEX_FLAT, GridKind.HEX_POINTY)
    square_only = parse_map(map_text(CLOSE, grids="square"), "t.map", "t")
    reason = unplayable_reason(RULESET, square_only)
    assert reason == f"{RULESET.title} is not played on square"
    both = map_text(CLOSE, grids="square hex-flat")
    with pytest.raises(ScenarioError, match="not played on a square grid"):
        Game(RULESET, Setup(RULESET.name, "t", both, GridKind.SQUARE, 1))
    assert unplayable_reason(RULESET, parse_map(both, "t.map", "t")) is None
    for grid in ("hex-flat", "hex-pointy"):
        assert state_of(sea(CLOSE, grid=grid)).grid.kind is GridKind(grid)


def test_two_sides_only() -> None:
    three = [*CLOSE, "G1 green 5,3 S brig"]
    spec = parse_map(map_text(three), "t.map", "t")
    assert unplayable_reason(RULESET, spec) == (
        f"{RULESET.title} is fought between two sides; map t has 3 (blue, red, green)")
    with pytest.raises(ScenarioError, match="fought between two sides"):
        sea(three)


def test_the_setup_says_what_is_not_played() -> None:
    events = texts(state_of(sea(CLOSE)))
    assert any("ships do not collide" in t and "boarding is not played" in t for t in events)
    assert any(t.startswith("a battle of 30 turns: blue (B1 Ship of the Line) against red")
               for t in events)


# -- the turn --------------------------------------------------------------------------

def test_the_turns_steps() -> None:
    assert RULESET.turn.names == ("wind", "luck", "strain", "initiative", "first-half",
                                  "missile", "ammo", "second-half", "maneuver", "end")


def test_the_steps_run_in_order_with_the_wind_roll_from_turn_two() -> None:
    # Turn 1: B1 turns twice (1 Strain, so she rolls in turn 2's Strain step).
    state = at_phase(state_of(sea(CLOSE)), "first-half")
    state = RULESET.apply(state, Order("B1", "port", "1"))
    state = RULESET.apply(state, Order("R1", "hold"))
    state = play(state, quietly, lambda s: s.phase == "second-half")
    state = RULESET.apply(state, Order("B1", "starboard", "1"))
    state = RULESET.apply(state, Order("R1", "hold"))
    assert state.ship("B1").sail.strain == 1
    kinds: list[str] = []

    while state.turn < 2:
        decision = RULESET.decision(state)
        assert decision is not None
        state = RULESET.apply(state, quiet(decision))
        kinds += [e.kind for e in state.events if e.turn == 2]
    wanted = {"luck": "B1 luck roll", "aim": "B1 aim " + aim_arg(STARBOARD, Cell(13, 8)),
              "ammo": "B1 ammo chain", "maneuver": "B1 reef"}
    seen: list[str] = []

    def answer(s: SalsState, decision: Decision) -> Order:
        seen.append(s.phase)
        if decision.ship == "B1" and decision.kind in wanted:
            return decision.find(wanted[decision.kind])
        return quiet(decision)

    while state.turn < 3:
        decision = RULESET.decision(state)
        assert decision is not None
        state = RULESET.apply(state, answer(state, decision))
        kinds += [e.kind for e in state.events if e.turn == 2]
    assert seen == ["luck", "luck", "first-half", "first-half", "missile", "missile",
                    "ammo", "ammo", "second-half", "second-half", "maneuver", "maneuver"]
    steps = ["wind", "luck", "strain", "move", "fire", "ammo", "move", "sails"]
    at = 0
    for kind in kinds:
        if at < len(steps) and kind == steps[at]:
            at += 1
    assert at == len(steps), kinds
    assert kinds.count("wind") == 1 and kinds[0] == "wind"


def test_turn_one_has_no_wind_roll_and_every_later_turn_one() -> None:
    game = sea(APART, seed=4)
    rolls: dict[int, int] = {}
    while game.state.turn < 5:
        decision = game.decision()
        assert decision is not None
        game.play(quiet(decision))
        for event in game.state.events:
            if event.kind == "wind" and event.text.startswith("Wind Roll"):
                rolls[event.turn] = rolls.get(event.turn, 0) + 1
    assert rolls == {2: 1, 3: 1, 4: 1, 5: 1}


def test_there_is_no_initiative() -> None:
    game = sea(CLOSE, seed=2)
    state = state_of(game)
    assert RULESET.initiative.decision(state) is None
    while (decision := game.decision()) is not None and game.state.turn <= 3:
        now = state_of(game)
        assert now.holder == "" and now.phase != "initiative"
        assert decision.kind != "initiative" and decision.plotted
        game.play(quiet(decision))
    assert RULESET.initiative_text(state_of(game)) == "none: all move and fire together"
    initiative = next(r.value for r in RULESET.describe(state_of(game), "B1")
                      if r.label == "Initiative")
    assert initiative == "none: all move and fire together"


def test_both_sides_plot_the_helm_then_move_together() -> None:
    state = at_phase(state_of(sea([f"B1 blue 5,8 SE {SOL}", f"R1 red 18,8 SW {SOL}"])),
                     "first-half")
    decision = RULESET.decision(state)
    assert decision is not None and decision.ship == "B1" and decision.plotted
    assert [str(o) for o in decision.options] == ["B1 hold", "B1 port 1", "B1 starboard 1"]
    held = RULESET.apply(state, Order("B1", "hold"))
    assert held.ships == state.ships and held.plotted == (Order("B1", "hold"),)
    decision = RULESET.decision(held)
    assert decision is not None and decision.ship == "R1" and decision.side == "red"
    assert decision.plotted
    moved = RULESET.apply(held, Order("R1", "hold"))
    assert moved.ship("B1").cell != state.ship("B1").cell
    assert moved.ship("R1").cell != state.ship("R1").cell
    assert moved.phase != "first-half"


def test_a_second_change_of_direction_marks_strain() -> None:
    state = at_phase(state_of(sea(APART)), "first-half")
    state = RULESET.apply(RULESET.apply(state, Order("B1", "port", "1")), Order("R1", "hold"))
    state = play(state, quietly, lambda s: s.phase == "second-half")
    decision = RULESET.decision(state)
    assert decision is not None and "a second change of direction" in decision.prompt
    state = RULESET.apply(state, Order("B1", "starboard", "1"))
    state = RULESET.apply(state, Order("R1", "hold"))
    assert state.ship("B1").sail.strain == 1 and state.ship("B1").sail.turns_made == 2
    assert state.ship("R1").sail.strain == 0


# -- the missile phase -------------------------------------------------------------------

@pytest.mark.parametrize(("ammo", "count"), [(Ammo.BALL, 41), (Ammo.CHAIN, 19),
                                             (Ammo.GRAPE, 11)])
def test_a_loaded_ship_aims_at_any_hex_of_both_arcs_in_range(ammo: Ammo, count: int) -> None:
    state = state_of(sea(CLOSE))
    b1 = state.ship("B1")
    state = at_phase(state.with_ship(hurt(b1, ammo=ammo)), "missile")
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "aim" and decision.ship == "B1"
    assert decision.plotted
    reach = ammo_range(ammo)
    assert reach == {Ammo.BALL: 5, Ammo.CHAIN: 3, Ammo.GRAPE: 2}[ammo]
    wanted = {"B1 aim hold"} | {f"B1 aim {aim_arg(side, c)}" for side in SIDES
                                 for c in arc(state.grid, Cell(10, 8), 0, side, reach)}
    assert {str(o) for o in decision.options} == wanted
    assert len(decision.options) == count == 1 + 2 * sum(d + 1 for d in range(1, reach + 1))
    assert str(decision.options[0]) == "B1 aim hold"
    assert decision.prompt == (f"B1 Ship of the Line: aim the {ammo.value} broadside (range "
                               f"{reach}; firing value port 16, starboard 16), or hold")


def test_aims_are_from_where_she_lies_and_on_the_board() -> None:
    state = state_of(sea([f"B1 blue 0,8 N {SOL}", f"R1 red 3,8 N {SOL}"]))
    state = at_phase(state, "missile")
    decision = RULESET.decision(state)
    assert decision is not None and decision.ship == "B1"
    # Her port arc lies off the board: hold and the 20 hexes of her starboard arc.
    assert len(decision.options) == 21
    assert all(o.arg == "hold" or o.arg.startswith("starboard:") for o in decision.options)


def test_a_side_with_no_firing_value_offers_no_aim() -> None:
    state = state_of(sea(CLOSE))
    state = at_phase(state.with_ship(hurt(state.ship("B1"), port_guns=5)), "missile")
    decision = RULESET.decision(state)
    assert decision is not None and decision.ship == "B1"
    assert firing_value_of(state.ship("B1").gunnery, PORT) == 0
    assert len(decision.options) == 21
    assert all(not o.arg.startswith("port:") for o in decision.options)


def test_no_aim_for_a_ship_reloading_or_out_of_play() -> None:
    state = state_of(sea([*CLOSE, f"B2 blue 10,11 N {SOL}"]))
    state = state.with_ship(hurt(state.ship("B1"), reload=1))
    b2 = state.ship("B2")
    state = state.with_ship(evolve(b2, sail=evolve(b2.sail, sinking=3)))
    state = at_phase(state, "missile")
    asked: list[str] = []
    while state.phase == "missile":
        decision = RULESET.decision(state)
        assert decision is not None
        asked.append(decision.ship)
        state = RULESET.apply(state, decision.find(f"{decision.ship} aim hold"))
    assert asked == ["R1"]
    # B2 is out of play: no ammunition either.
    asked = []
    while state.phase == "ammo":
        decision = RULESET.decision(state)
        assert decision is not None
        asked.append(decision.ship)
        state = RULESET.apply(state, quiet(decision))
    assert asked == ["B1", "R1"]


def missile(ships: list[str] = CLOSE, **changes: dict[str, object]) -> SalsState:
    """Both ships loaded, waiting in turn 1's missile phase (``changes``: by ship id)."""
    state = state_of(sea(ships))
    for sid, what in changes.items():
        state = state.with_ship(hurt(state.ship(sid), **what))
    return at_phase(state, "missile")


def fire(state: SalsState, orders: dict[str, str]) -> SalsState:
    """Every ship's aim (hold if not given), then on to the next decision."""
    while state.phase == "missile":
        decision = RULESET.decision(state)
        assert decision is not None
        state = RULESET.apply(state, decision.find(
            f"{decision.ship} aim {orders.get(decision.ship, 'hold')}"))
    return state


def test_nothing_is_fired_until_every_aim_is_in() -> None:
    state = missile()
    first = RULESET.apply(state, Order("B1", "aim", aim_arg(STARBOARD, Cell(13, 8))))
    assert first.ships == state.ships and first.rng == state.rng
    assert first.plotted == (Order("B1", "aim", "starboard:13,8"),)


@pytest.mark.parametrize("face", range(1, 11))
def test_a_40_percent_hex_hits_on_1_to_4(face: int) -> None:
    state = missile()
    # A 1 rolls a d20 for a critical hit: 3 or more has no effect.
    state = with_rng(state, [(10, lambda f: f == face), (20, lambda f: f >= 3)])
    after = fire(state, {"B1": aim_arg(STARBOARD, Cell(13, 8))})
    r1 = after.ship("R1").gunnery
    lies = f"R1 Ship of the Line lies at 13,8 (40% hex): 1d10={face}"
    if face <= 4:
        hit = next(t for t in texts(after, "hit"))
        assert hit.startswith(f"{lies} <= 4, hit! 0.4 x 16 = 6.4 hull damage")
        assert ("CRITICAL HIT" in hit) == (face == 1)
        assert r1.hull == 600 - 64
        # The hit falls on her port side, facing B1: 6.4 x 16 / 60 guns dismounted.
        assert r1.port_guns == 160 - 64 * 16 // 60 and r1.starboard_guns == 160
    else:
        assert texts(after, "miss") == [f"{lies} > 4, missed"]
        assert r1.hull == 600 and not texts(after, "hit")
    assert after.ship("B1").gunnery.fired == "starboard ball at 13,8"


@pytest.mark.parametrize("face", [1, 2, 5])
def test_a_10_percent_hex_hits_on_1(face: int) -> None:
    state = missile()
    grid = state.grid
    pattern = dict(pattern_cells(grid, Cell(12, 8), 0, STARBOARD,
                                 state.ship("B1").gunnery.stype.pattern(Ammo.BALL)))
    assert pattern[Cell(13, 8)] == 10 and pattern[Cell(12, 8)] == 40
    state = with_rng(state, [(10, lambda f: f == face)])
    after = fire(state, {"B1": aim_arg(STARBOARD, Cell(12, 8))})
    r1 = after.ship("R1").gunnery
    lies = f"R1 Ship of the Line lies at 13,8 (10% hex): 1d10={face}"
    if face == 1:
        assert texts(after, "hit") == [f"{lies} <= 1, hit! 0.1 x 16 = 1.6 hull damage"]
        assert r1.hull == 600 - 16 and r1.port_guns == 160 - 16 * 16 // 60
    else:
        assert texts(after, "miss") == [f"{lies} > 1, missed"]
        assert r1.hull == 600


def test_a_ship_outside_the_pattern_is_not_rolled_for() -> None:
    state = missile()
    aim = Cell(11, 7)
    pattern = pattern_cells(state.grid, aim, 0, STARBOARD,
                            state.ship("B1").gunnery.stype.pattern(Ammo.BALL))
    assert Cell(13, 8) not in {c for c, _ in pattern}
    after = fire(state, {"B1": aim_arg(STARBOARD, aim)})
    assert not texts(after, "hit") and not texts(after, "miss")
    assert after.ship("R1").gunnery == state.ship("R1").gunnery
    assert after.rng == state.rng, "no die is rolled for an empty pattern"
    assert after.ship("B1").gunnery.reload == 2  # she fired all the same


@pytest.mark.parametrize(("ammo", "field", "damage"), [
    (Ammo.CHAIN, "rigging", 64), (Ammo.GRAPE, "sailors", 64)])
def test_chain_cuts_rigging_and_grape_kills_sailors(ammo: Ammo, field: str,
                                                    damage: int) -> None:
    # R1 two hexes off B1's starboard beam: in grape's reach.
    state = missile([f"B1 blue 10,8 N {SOL}", f"R1 red 12,8 N {SOL}"], B1={"ammo": ammo})
    state = with_rng(state, [(10, lambda f: 2 <= f <= 4)])
    after = fire(state, {"B1": aim_arg(STARBOARD, Cell(12, 8))})
    before, r1 = state.ship("R1").gunnery, after.ship("R1").gunnery
    assert getattr(r1, field) == getattr(before, field) - damage
    assert r1.hull == before.hull
    what = {Ammo.CHAIN: "rigging", Ammo.GRAPE: "sailors"}[ammo]
    assert any(f"0.4 x 16 = 6.4 {what} damage" in t for t in texts(after, "hit"))


def test_broadsides_fall_together_from_the_state_before() -> None:
    # Each has a point of hull left, and each lies in the other's aimed hex.
    state = missile(B1={"hull": 10}, R1={"hull": 10})
    state = with_rng(state, [(10, lambda f: 2 <= f <= 4), (10, lambda f: 2 <= f <= 4)])
    after = fire(state, {"B1": aim_arg(STARBOARD, Cell(13, 8)),
                         "R1": aim_arg(PORT, Cell(10, 8))})
    assert not after.ship("B1").afloat and not after.ship("R1").afloat
    assert after.ship("B1").gunnery.fate == after.ship("R1").gunnery.fate == "sunk by gunfire"
    hits = texts(after, "hit")
    assert len(hits) == 2 and all("0.4 x 16 = 6.4 hull damage" in t for t in hits)
    assert sorted(texts(after, "sinks")) == ["B1 Ship of the Line is sunk by gunfire!",
                                             "R1 Ship of the Line is sunk by gunfire!"]
    assert after.outcome is not None and after.outcome.winner is None
    assert after.outcome.reason == "both sides are out of action"
    with pytest.raises(IllegalOrder):
        RULESET.apply(after, Order("B1", "hold"))


def test_a_hit_that_sinks_her_does_not_stop_her_broadside() -> None:
    state = missile(R1={"hull": 10})
    state = with_rng(state, [(10, lambda f: 2 <= f <= 4), (10, lambda f: 2 <= f <= 4)])
    after = fire(state, {"B1": aim_arg(STARBOARD, Cell(13, 8)),
                         "R1": aim_arg(PORT, Cell(10, 8))})
    assert not after.ship("R1").afloat
    assert after.ship("B1").gunnery.hull == 600 - 64
    assert after.outcome is not None and after.outcome.winner == "blue"
    assert after.outcome.reason == f"no ship of red is left in action ({OUT}) on turn 1"


# -- reloading ---------------------------------------------------------------------------

def firing_turns(switches: dict[int, str], fire_on: Callable[[int], bool] = lambda t: True,
                 turns: int = 7) -> tuple[list[int], list[str], dict[int, str]]:
    """Turns B1 fires in (at an empty hex, when loaded and ``fire_on`` the turn), switching
    her load in the turns given; the ammunition log; her Reload row at each turn's start."""
    state = state_of(sea(APART, turns=20))
    fired: list[int] = []
    logged: list[str] = []
    rows: dict[int, str] = {}

    def answer(s: SalsState, decision: Decision) -> Order:
        if decision.ship == "B1" and decision.kind == "aim" and fire_on(s.turn):
            fired.append(s.turn)
            return decision.options[1]
        if decision.ship == "B1" and decision.kind == "ammo" and s.turn in switches:
            return decision.find(f"B1 ammo {switches[s.turn]}")
        if decision.kind == "luck" and decision.ship == "B1":
            rows[s.turn] = next(r.value for r in RULESET.describe(s, "B1")
                                if r.label == "Reload")
        return quiet(decision)

    while state.turn <= turns:
        decision = RULESET.decision(state)
        assert decision is not None
        state = RULESET.apply(state, answer(state, decision))
        logged += texts(state, "ammo")
    return fired, logged, rows


def test_a_broadside_fires_every_second_turn() -> None:
    fired, logged, _ = firing_turns({})
    assert fired == [1, 3, 5, 7] and logged == []


def test_the_reload_row_tells_the_turn_she_is_ready() -> None:
    _, _, rows = firing_turns({})
    assert rows[1] == "loaded: may fire this turn"
    assert rows[2] == "loading: ready on turn 3"
    assert rows[3] == "loaded: may fire this turn"
    _, _, rows = firing_turns({1: "chain"})
    assert rows[2] == "loading: ready on turn 4" and rows[3] == "loading: ready on turn 4"


def test_a_switch_of_ammunition_takes_a_round_more() -> None:
    fired, logged, _ = firing_turns({1: "chain"})
    assert fired == [1, 4, 6]
    assert logged == ["B1 Ship of the Line draws her ball and loads chain "
                      "(a round more: ready on turn 4)"]
    fired, logged, _ = firing_turns({2: "grape"})
    assert fired == [1, 4, 6] and logged[0].endswith("ready on turn 4)")
    fired, logged, _ = firing_turns({1: "chain", 4: "ball"})
    assert fired == [1, 4, 7] and logged[1].endswith("ready on turn 7)")


def test_a_loaded_ship_that_holds_and_switches_fires_the_turn_after_next() -> None:
    fired, logged, _ = firing_turns({1: "chain"}, fire_on=lambda t: t >= 2)
    assert fired == [3, 5, 7]
    assert logged == ["B1 Ship of the Line draws her ball and loads chain "
                      "(a round more: ready on turn 3)"]
    fired, _, _ = firing_turns({}, fire_on=lambda t: t >= 2)
    assert fired == [2, 4, 6]


def test_after_firing_she_counts_the_round_she_loads_in() -> None:
    state = fire(missile(), {"B1": aim_arg(STARBOARD, Cell(14, 8))})
    b1 = state.ship("B1")
    assert b1.gunnery.reload == 2 and b1.gunnery.fired
    row = next(r for r in RULESET.describe(state, "B1") if r.label == "Reload")
    assert row.value == "loading: ready on turn 3" and row.fraction == pytest.approx(1 / 3)
    r1 = next(r for r in RULESET.describe(state, "R1") if r.label == "Reload")
    assert r1.value == "loaded: may fire next turn"


# -- damage and sailing -------------------------------------------------------------------

def sol() -> SalsShip:
    return state_of(sea(CLOSE)).ship("B1")


@pytest.mark.parametrize(("rigging", "worked", "inches"), [
    (600, 10, 0), (421, 8, 0), (420, 7, 3), (301, 6, 3), (300, 5, 6), (121, 3, 6),
    (120, 2, 9), (1, 1, 9)])
def test_rigging_shot_away_costs_inches(rigging: int, worked: int, inches: int) -> None:
    ship = hurt(sol(), rigging=rigging)
    assert sails_worked(ship.gunnery) == worked
    assert ship.sail.damage_loss == ship.sail.speed_loss == inches
    assert ship.sail.adrift == "" and ship.sail.masts == 3


@pytest.mark.parametrize(("sailors", "worked", "inches", "crew"), [
    (1600, 10, 0, 100), (480, 8, 0, 30), (470, 7, 3, 29), (300, 5, 6, 18), (120, 2, 9, 7)])
def test_too_few_sailors_leave_sails_unworked(sailors: int, worked: int, inches: int,
                                              crew: int) -> None:
    ship = hurt(sol(), sailors=sailors)
    assert sails_worked(ship.gunnery) == worked
    assert ship.sail.damage_loss == inches and ship.sail.crew == crew


@pytest.mark.parametrize(("hull", "inches"), [(600, 0), (300, 0), (299, 3), (150, 3),
                                              (149, 6), (10, 6)])
def test_a_holed_hull_floods(hull: int, inches: int) -> None:
    assert hurt(sol(), hull=hull).sail.damage_loss == inches


def test_rigging_and_hull_losses_add_up_and_mend_with_strain_losses_kept() -> None:
    ship = evolve(sol(), sail=evolve(sol().sail, speed_loss=3))  # a leak from a Strain Roll
    both = hurt(ship, rigging=300, hull=149)
    assert both.sail.damage_loss == 12 and both.sail.speed_loss == 15
    mended = hurt(both, rigging=600, hull=600)
    assert mended.sail.damage_loss == 0 and mended.sail.speed_loss == 3


@pytest.mark.parametrize("changes", [{"rigging": 0}, {"sailors": 50}])
def test_with_no_sail_she_can_work_she_drifts_and_cannot_steer(changes: dict[str, int]
                                                               ) -> None:
    state = state_of(sea([f"B1 blue 10,8 SE {SOL}", f"R1 red 20,2 N {SOL}"]))
    ship = hurt(state.ship("B1"), **changes)
    assert sails_worked(ship.gunnery) == 0
    assert ship.sail.adrift == "no sail she can work" and ship.sail.damage_loss == 9
    move = motion(ship.sail, state.grid, state.wind, ship.heading)
    assert move.way is Way.DRIFT and move.direction == state.wind.downwind(state.grid)
    assert move.reason.startswith("no sail she can work")
    state = state.with_ship(ship)
    assert not can_steer(ship.sail, state.grid, state.wind, ship.heading, STEER.values())
    assert RULESET.helm_options(state, ship) == (Order("B1", "hold"),)
    assert RULESET.in_play(ship), "her guns still fire: she fights on"


def test_with_her_rudder_lost_she_only_holds_her_course() -> None:
    state = state_of(sea([f"B1 blue 10,8 SE {SOL}", f"R1 red 20,2 N {SOL}"]))
    ship = hurt(state.ship("B1"), rudder=False)
    assert ship.sail.helm == 0 and ship.sail.damage_loss == 0
    state = at_phase(state.with_ship(ship), "first-half")
    assert RULESET.helm_options(state, ship) == (Order("B1", "hold"),)
    decision = RULESET.decision(state)
    assert decision is not None and decision.ship == "R1", "B1's one order is given for her"
    assert state.plotted == (Order("B1", "hold"),)


def test_sailors_killed_lower_the_crew_and_the_firing_value() -> None:
    ship = hurt(sol(), sailors=300)  # 30 sailors: 10 gun crews
    assert ship.sail.crew == 18
    assert firing_value_of(ship.gunnery, PORT) == firing_value_of(ship.gunnery, STARBOARD) == 10


def test_a_deck_awash_kills_a_tenth_of_her_sailors() -> None:
    ship = sol()
    after = RULESET.crew_carried(ship, evolve(ship, sail=evolve(ship.sail, crew=90)))
    assert after.gunnery.sailors == 1600 - 160 and after.sail.crew == 90
    fewer = hurt(ship, sailors=500)  # 50 sailors: 31%, 16 gun crews
    after = RULESET.crew_carried(fewer, evolve(fewer, sail=evolve(fewer.sail, crew=21)))
    assert after.gunnery.sailors == 500 - 160 and after.sail.crew == 21
    assert firing_value_of(after.gunnery, PORT) == 11


def test_a_strain_roll_of_deck_awash_reaches_the_guns() -> None:
    state = state_of(sea(APART))
    b1 = state.ship("B1")
    state = state.with_ship(evolve(b1, sail=evolve(b1.sail, strain=8)))  # d6 + 8: 9 on a 1
    state = at_phase(evolve(state, phase="luck"), "luck")
    state = with_rng(state, [(6, lambda f: f == 1)])
    state = RULESET.apply(RULESET.apply(state, Order("B1", "luck", "pass")),
                          Order("R1", "luck", "pass"))
    assert any("deck's awash" in t for t in texts(state, "strain"))
    b1 = state.ship("B1")
    assert b1.gunnery.sailors == 1440 and b1.sail.crew == 90


def test_strain_foundering_sinks_her_for_the_guns_too() -> None:
    state = state_of(sea([*CLOSE, f"B2 blue 10,12 N {SOL}"]))
    b2 = state.ship("B2")
    state = state.with_ship(evolve(b2, sail=evolve(b2.sail, sinking=2)))
    assert not RULESET.in_play(state.ship("B2"))
    state = play(state, quietly, lambda s: s.turn == 2)
    assert state.ship("B2").afloat and state.ship("B2").sail.sinking == 1
    events: list[str] = []
    state = play(state, quietly, lambda s: s.turn == 3, events)
    b2 = state.ship("B2")
    assert not b2.afloat and b2.gunnery.fate == "foundered" and b2.gunnery.hull == 0
    assert RULESET.combat.strength(b2) == 0.0
    assert "B2 Ship of the Line founders and sinks!" in events
    assert state.outcome is None, "B1 fights on for blue"


def test_a_sinking_ship_gives_no_orders() -> None:
    state = state_of(sea([*CLOSE, f"B2 blue 10,12 N {SOL}"]))
    b2 = state.ship("B2")
    state = state.with_ship(evolve(b2, sail=evolve(b2.sail, sinking=5)))
    seen: set[str] = set()

    def answer(s: SalsState, decision: Decision) -> Order:
        seen.add(decision.ship)
        return quiet(decision)

    play(state, answer, lambda s: s.turn == 3)
    assert seen == {"B1", "R1"}


# -- out of action and the end -----------------------------------------------------------

def test_the_last_side_in_play_wins() -> None:
    state = at_phase(state_of(sea(CLOSE)), "first-half")
    over = RULESET.advance(state.with_ship(hurt(state.ship("R1"), hull=0, fate="sunk")))
    assert over.outcome is not None and over.outcome.winner == "blue"
    assert over.outcome.reason == f"no ship of red is left in action ({OUT}) on turn 1"
    assert RULESET.evaluate(over, "blue") == 1.0 and RULESET.evaluate(over, "red") == -1.0


def test_a_wreck_that_can_neither_sail_nor_fire_is_out_of_action() -> None:
    state = at_phase(state_of(sea(CLOSE)), "first-half")
    wreck = hurt(state.ship("B1"), sailors=20)  # two men: no sail worked, no gun crewed
    assert sails_worked(wreck.gunnery) == 0
    assert max(firing_value_of(wreck.gunnery, s) for s in SIDES) == 0
    assert not RULESET.in_play(wreck) and wreck.afloat
    assert RULESET.combat.status(wreck) == "a wreck: she can neither sail nor fire"
    over = RULESET.advance(state.with_ship(wreck))
    assert over.outcome is not None and over.outcome.winner == "red"
    assert over.outcome.reason == f"no ship of blue is left in action ({OUT}) on turn 1"


@pytest.mark.parametrize("changes", [
    {"rigging": 0},  # no sail, her guns fire
    {"port_guns": 0, "starboard_guns": 0, "rudder": False},  # no gun, no helm: she sails
])
def test_a_ship_that_can_sail_or_fire_fights_on(changes: dict[str, object]) -> None:
    ship = hurt(sol(), **changes)
    assert RULESET.in_play(ship)


def test_at_the_turn_limit_the_stronger_side_wins() -> None:
    state = state_of(sea(CLOSE, turns=2))
    state = state.with_ship(hurt(state.ship("R1"), hull=300))  # half her hull: 5/6 left
    assert RULESET.side_strength(state, "red") == pytest.approx(5 / 6)
    over = play(state, quietly, lambda s: False)
    assert over.outcome is not None and over.outcome.winner == "blue"
    assert over.outcome.reason == "after 2 turns blue keeps 100% of its strength, red 83%"
    assert over.turn == 2


def test_at_the_turn_limit_ships_out_of_action_count_nothing() -> None:
    state = state_of(sea([*CLOSE, f"B2 blue 10,12 N {SOL}"], turns=1))
    state = state.with_ship(hurt(state.ship("B2"), sailors=20))  # a wreck
    state = state.with_ship(hurt(state.ship("R1"), rigging=0))  # adrift, fights on
    assert RULESET.side_strength(state, "blue") == pytest.approx(0.5)
    assert RULESET.side_strength(state, "red") == pytest.approx(2 / 3)
    over = play(state, quietly, lambda s: False)
    assert over.outcome is not None and over.outcome.winner == "red"
    assert over.outcome.reason == "after 1 turns blue keeps 50% of its strength, red 67%"


def test_even_strength_at_the_limit_is_a_draw() -> None:
    over = play(state_of(sea(APART, turns=1)), quietly, lambda s: False)
    assert over.outcome is not None and over.outcome.winner is None
    assert over.outcome.reason == "after 1 turns blue keeps 100% of its strength, red 100%"


def test_standing_weighs_the_strength_left() -> None:
    state = state_of(sea(CLOSE))
    assert RULESET.standing(state, "blue") == 0.0
    state = state.with_ship(hurt(state.ship("R1"), hull=300))  # 5/6 of her strength
    assert RULESET.standing(state, "blue") == pytest.approx((1 - 5 / 6) / (1 + 5 / 6))
    assert RULESET.evaluate(state, "red") == pytest.approx(-1 / 11)


def test_rows_show_both_parts_with_bars_in_bounds() -> None:
    state = state_of(sea(CLOSE))
    ship = hurt(state.ship("B1"), hull=299, rigging=420, sailors=900, port_guns=120,
                rudder=False)
    state = state.with_ship(ship)
    rows = {(r.label, r.value): r.fraction for r in RULESET.describe(state, "B1")}
    values = {label: value for label, value in rows}
    assert values["Class"] == "sails as a Sailed Warship, fights as a Ship of the Line"
    assert values["Hull"] == "29.9/60" and values["Rigging"] == "42/60"
    assert values["Sailors"] == "90/160" and values["Guns port"] == "12/16 (firing value 12)"
    assert values["Rudder"] == "LOST: no turning"
    assert values["Speed loss"] == '6" (6" from damage)'
    assert ("Canvas", "7/10 worked (7 standing)") in rows
    assert all(f is None or 0.0 <= f <= 1.0 for f in rows.values())
    assert values["Status"] == "not maneuverable"


def test_rows_say_what_sank_her() -> None:
    state = state_of(sea(CLOSE))
    state = state.with_ship(hurt(state.ship("R1"), hull=0, fate="sunk by gunfire"))
    assert ("Status", "sunk") in {(r.label, r.value) for r in RULESET.describe(state, "R1")}


def test_rolls_are_always_told() -> None:
    import random

    game = sea(CLOSE, seed=4)
    rng = random.Random(4)
    while (decision := game.decision()) is not None:
        before = game.state.rng
        game.play(rng.choice(decision.options))
        if game.state.rng != before:
            assert game.state.events, f"dice rolled silently after {decision.kind}"
    assert game.state.outcome is not None
    assert re.search(r"\d", game.state.outcome.reason)
