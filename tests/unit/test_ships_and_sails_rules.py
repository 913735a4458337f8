"""Ships & Sails' turn: setup, plotted decisions, weather, movement and collisions,
broadsides with simultaneous damage, reloading, and the three win conditions."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from attrs import evolve, fields_dict

from tui_naval.core.dice import Rng, Roll, Roller
from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.maps import available_maps, load_map
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.scenario import ScenarioError, Setup, start_state
from tui_naval.core.state import Board, Goal, GoalKind
from tui_naval.core.wind import Wind
from tui_naval.rulesets.ships_and_sails import movement as mv
from tui_naval.rulesets.ships_and_sails import rules
from tui_naval.rulesets.ships_and_sails.rules import RULESET
from tui_naval.rulesets.ships_and_sails.state import HexWay, SailShip, SailState
from tui_naval.systems.gunnery.ships_and_sails import armament as arm
from tui_naval.systems.gunnery.ships_and_sails.armament import Armament, new_armament
from tui_naval.systems.gunnery.ships_and_sails.broadsides import Hit, apply_damage
from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo, tables

N, NE, SE, S, SW, NW = range(6)
SOL, MOW, BRIG = "ship-of-the-line", "man-at-war", "brig"


WAY_FIELDS = frozenset(fields_dict(HexWay))
GUNNERY_FIELDS = frozenset(fields_dict(Armament))


def vessel(kind: str, ship_id: str, cell: Cell, heading: int = N, **changes: Any) -> SailShip:
    """A ship fresh from the dockyard, with ``changes`` made to her way (``speed``, ``wake``),
    her armament (``hull``, ``reload``...) or herself, wherever each figure lives."""
    side = "blue" if ship_id.startswith("B") else "red"
    ship = SailShip(id=ship_id, side=side, kind=kind, name=tables().ships[kind].name, cell=cell,
                    heading=heading, way=HexWay(wake=(cell,)), gunnery=new_armament(kind))
    return changed(ship, **changes)


def changed(ship: SailShip, **changes: Any) -> SailShip:
    way = {k: v for k, v in changes.items() if k in WAY_FIELDS}
    gunnery = {k: v for k, v in changes.items() if k in GUNNERY_FIELDS}
    own = {k: v for k, v in changes.items() if k not in WAY_FIELDS | GUNNERY_FIELDS}
    return evolve(ship, way=evolve(ship.way, **way), gunnery=evolve(ship.gunnery, **gunnery),
                  **own)


FAIR = Wind(S, 8)


def battle(*ships: SailShip, wind: Wind = FAIR, size: tuple[int, int] = (20, 20),
           turns: int = 30, terrain: tuple[str, ...] | None = None, seed: int = 1) -> SailState:
    width, height = size
    grid = Grid(GridKind.HEX_FLAT, width, height)
    board = Board("test", grid, terrain or tuple("." * width for _ in range(height)))
    return SailState(ruleset=RULESET.name, board=board, goal=Goal(GoalKind.BATTLE, turns),
                     sides=("blue", "red"), phase="orders", wind=wind, rng=Rng.from_seed(seed),
                     ships=tuple(ships))


def moves(**plans: str) -> tuple[Order, ...]:
    return tuple(Order(sid, "move", arg) for sid, arg in plans.items())


def movement(state: SailState, orders: tuple[Order, ...], log: Log) -> SailState:
    """The movement step, with ``orders`` the turn's revealed orders."""
    return rules.movement(evolve(state, orders=orders), log)


def attacks(state: SailState, orders: tuple[Order, ...], log: Log) -> SailState:
    """The attack step, with ``orders`` the turn's revealed orders."""
    return rules.attacks(evolve(state, orders=orders), log)


def end_turn(state: SailState) -> SailState:
    """The end of the turn (breaking up, reloading), then the game judged, the turn limit
    checked and the next turn begun: the engine run on from the turn's last step."""
    return RULESET.advance(evolve(state, phase="end"))


def damaged(ship: SailShip, hits: list[Hit]) -> SailShip:
    """A ship after a round's hits."""
    gunnery, afloat = apply_damage(ship.gunnery, ship.afloat, hits)
    return evolve(ship, gunnery=gunnery, afloat=afloat)


class FixedRoller(Roller):
    """Dice that come out as a test says."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(Rng(0))
        self.faces = list(faces)

    def roll(self, notation: str) -> Roll:
        face = self.faces.pop(0)
        return Roll(notation, (face,), face)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Callable[[list[int]], FixedRoller]:
    """``dice([4, 2, 1])``: the rules' next rolls."""

    def fix(faces: list[int]) -> FixedRoller:
        roller = FixedRoller(faces)
        monkeypatch.setattr(rules, "Roller", lambda rng: roller)
        return roller

    return fix


def step(grid: Grid, cell: Cell, *facings: int) -> Cell:
    for f in facings:
        cell = grid.neighbour(cell, f)
    return cell


# -- setup and maps ------------------------------------------------------------------------

def ss_maps() -> list[str]:
    return sorted(p.stem for p in available_maps() if p.stem.startswith("ss-"))


def new_state(name: str, seed: int = 1) -> SailState:
    spec = load_map(name)
    state = start_state(RULESET, Setup(RULESET.name, spec.name, spec.text, GridKind.HEX_FLAT,
                                       seed))
    assert isinstance(state, SailState)
    return state


def test_there_are_battle_maps() -> None:
    assert {"ss-duel", "ss-brigs", "ss-line-of-battle"} <= set(ss_maps())


@pytest.mark.parametrize("name", ss_maps())
def test_every_battle_map_sets_up(name: str) -> None:
    spec = load_map(name)
    assert spec.grids == (GridKind.HEX_FLAT,)
    assert spec.goal.kind is GoalKind.BATTLE
    state = new_state(name)
    assert state.phase == "orders" and state.turn == 1 and state.outcome is None
    for ship in state.ships:
        st = mv.ship_type(ship)
        assert ship.gunnery.hull == st.hull * 10 and ship.gunnery.sailors == st.sailors * 10
        assert ship.gunnery.port_guns == ship.gunnery.starboard_guns == st.broadside * 10
        assert ship.gunnery.ammo is Ammo.BALL and ship.gunnery.reload == 0
        assert ship.way.speed == 0
    assert state.goal.turns == spec.goal.turns
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "move" and decision.plotted


def test_setup_rolls_the_starting_wind_unless_the_map_sets_it() -> None:
    state = new_state("ss-duel", seed=3)
    assert 3 <= state.wind.speed <= 6
    assert any(e.kind == "wind" and "1d6" in e.text for e in state.events)
    brigs = new_state("ss-brigs")
    assert brigs.wind == Wind(NW, 3)


def test_only_battles_on_flat_top_hexes() -> None:
    spec = load_map("ss-duel")
    with pytest.raises(ScenarioError):
        start_state(RULESET, Setup(RULESET.name, spec.name, spec.text, GridKind.SQUARE, 1))
    race = load_map("channel-race")
    with pytest.raises(ScenarioError):
        start_state(RULESET, Setup(RULESET.name, race.name, race.text, GridKind.HEX_FLAT, 1))


# -- decisions -----------------------------------------------------------------------------

def test_each_ship_plots_move_ammo_and_aim() -> None:
    state = RULESET.advance(battle(vessel(SOL, "B1", Cell(5, 10)),
                                   vessel(SOL, "R1", Cell(12, 10))))
    kinds = []
    while (decision := RULESET.decision(state)) is not None and state.turn == 1:
        assert decision.plotted
        kinds.append((decision.ship, decision.kind))
        state = RULESET.apply(state, decision.options[0])
    assert kinds == [("B1", "move"), ("B1", "ammo"), ("B1", "aim"),
                     ("R1", "move"), ("R1", "ammo"), ("R1", "aim")]
    assert state.turn == 2 and state.plotted == ()


def test_order_texts_and_illegal_orders() -> None:
    state = RULESET.advance(battle(vessel(SOL, "B1", Cell(5, 10)),
                                   vessel(SOL, "R1", Cell(12, 10))))
    decision = RULESET.decision(state)
    assert decision is not None
    texts = [str(o) for o in decision.options]
    assert texts[:3] == ["B1 move 0", "B1 move 0L", "B1 move 0R"]
    assert "B1 move FL" in texts
    with pytest.raises(IllegalOrder):
        RULESET.apply(state, Order("B1", "move", "FFFFF"))
    with pytest.raises(IllegalOrder):
        RULESET.apply(state, Order("R1", "move", "F"))
    state = RULESET.apply(state, Order.parse("B1 move FL"))
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "ammo"
    assert [str(o) for o in decision.options] == ["B1 ammo keep", "B1 ammo chain",
                                                  "B1 ammo grape"]
    state = RULESET.apply(state, Order.parse("B1 ammo keep"))
    decision = RULESET.decision(state)
    assert decision is not None and decision.kind == "aim"
    texts = [str(o) for o in decision.options]
    assert texts[0] == "B1 aim hold"
    # Aim hexes are in a broadside's arc and the ball's range from where the move ends.
    end, heading = mv.planned_end(state.grid, state.ship("B1"), "FL")
    expected = {f"B1 aim {arm.aim_arg(side, c)}" for side in arm.SIDES
                for c in arm.arc(state.grid, end, heading, side, 5) if state.grid.in_bounds(c)}
    assert set(texts[1:]) == expected


def test_aim_options_for_chain_and_grape_use_their_range() -> None:
    state = battle(vessel(SOL, "B1", Cell(10, 10), ammo=Ammo.GRAPE),
                   vessel(SOL, "R1", Cell(2, 2)))
    grape = rules.aim_orders(state, state.ship("B1"), "0", "keep")
    assert len(grape) == 1 + 2 * (2 + 3)
    state = battle(vessel(SOL, "B1", Cell(10, 10), ammo=Ammo.CHAIN),
                   vessel(SOL, "R1", Cell(2, 2)))
    assert len(rules.aim_orders(state, state.ship("B1"), "0", "keep")) == 1 + 2 * 9
    # Reloading, or switching now: hold fire is the only aim.
    assert len(rules.aim_orders(state, state.ship("B1"), "0", "ball")) == 1
    reloading = changed(state.ship("B1"), reload=1)
    assert len(rules.aim_orders(state, reloading, "0", "keep")) == 1


# -- weather ------------------------------------------------------------------------------

@pytest.mark.parametrize(("faces", "wind"), [
    ((1, 1), Wind(N, 0)), ((2, 2), Wind(NE, 2)), ((3, 4), Wind(NE, 3)), ((7, 7), Wind(SE, 4)),
    ((10, 10), Wind(S, 5)), ((12, 12), Wind(SW, 6)),
])
def test_weather_rolls_both_d12_tables(dice: Callable[[list[int]], FixedRoller],
                                      faces: tuple[int, int], wind: Wind) -> None:
    dice(list(faces))
    log = Log(1)
    state = rules.weather(battle(wind=Wind(SE, 4)), log)
    assert state.wind == wind
    assert [e.kind for e in log.events] == ["wind", "wind"]
    assert "1d12" in log.events[0].text and "1d12" in log.events[1].text


def test_wind_speed_stays_within_0_and_8(dice: Callable[[list[int]], FixedRoller]) -> None:
    dice([5, 12])
    assert rules.weather(battle(wind=Wind(N, 7)), Log(1)).wind.speed == 8
    dice([5, 2])
    assert rules.weather(battle(wind=Wind(N, 1)), Log(1)).wind.speed == 0


# -- movement and collisions ------------------------------------------------------------------

def test_ships_move_along_their_plotted_hexes() -> None:
    state = battle(vessel(SOL, "B1", Cell(5, 10)), vessel(SOL, "R1", Cell(15, 10), speed=2))
    log = Log(1)
    out = movement(state, moves(B1="FL", R1="0"), log)
    b1 = out.ship("B1")
    assert (b1.cell, b1.heading) == mv.planned_end(state.grid, state.ship("B1"), "FL")
    assert b1.way.speed == 2
    assert b1.way.wake == tuple(c for c, _ in mv.trace(state.grid, Cell(5, 10), N, "FL"))
    r1 = out.ship("R1")
    assert r1.cell == Cell(15, 10) and r1.way.speed == 0 and r1.way.wake == (Cell(15, 10),)


def test_a_falling_wind_cuts_a_plotted_move_short() -> None:
    state = battle(vessel(SOL, "B1", Cell(5, 10), speed=3), wind=Wind(S, 0))
    log = Log(1)
    out = movement(state, moves(B1="FFF"), log)
    assert out.ship("B1").cell == Cell(5, 9)  # carries her way for 1 (3 - 2), no more
    assert any("allows only 1" in e.text for e in log.events)


def test_swinging_in_place() -> None:
    out = movement(battle(vessel(SOL, "B1", Cell(5, 10))), moves(B1="0R"), Log(1))
    assert out.ship("B1").heading == NE and out.ship("B1").cell == Cell(5, 10)


def test_sailing_off_the_edge_loses_the_ship() -> None:
    state = battle(vessel(SOL, "B1", Cell(0, 5), heading=NW), vessel(SOL, "R1", Cell(9, 9)))
    log = Log(1)
    out = movement(state, moves(B1="F", R1="0"), log)
    b1 = out.ship("B1")
    assert not b1.afloat and "edge" in b1.gunnery.fate
    assert state.grid.in_bounds(b1.cell)
    assert any(e.kind == "lost" for e in log.events)
    assert rules.judge(out) is not None and rules.judge(out).winner == "red"  # type: ignore[union-attr]


def test_land_stops_a_ship() -> None:
    terrain = tuple("." * 10 if r != 4 else "....#....." for r in range(10))
    state = battle(vessel(SOL, "B1", Cell(4, 6), speed=2), terrain=terrain, size=(10, 10))
    out = movement(state, moves(B1="FFF"), Log(1))
    assert out.ship("B1").cell == Cell(4, 5) and out.ship("B1").way.speed == 0


def test_two_ships_entering_one_hex_collide() -> None:
    grid = battle().grid
    hub = Cell(10, 10)
    a = vessel(SOL, "B1", grid.neighbour(hub, S), heading=N)
    b = vessel(SOL, "R1", grid.neighbour(hub, NE), heading=SW)
    log = Log(1)
    out = movement(battle(a, b), moves(B1="F", R1="F"), log)
    for ship, start in ((out.ship("B1"), a), (out.ship("R1"), b)):
        assert ship.cell == start.cell and ship.heading == start.heading  # back where they were
        assert ship.gunnery.hull == 600 - 200  # a third of the other's 60 hull
        assert ship.way.speed == 0
    assert [e.kind for e in log.events].count("collide") == 1


def test_collision_damage_is_a_third_of_the_others_actual_hull() -> None:
    grid = battle().grid
    hub = Cell(10, 10)
    mow = vessel(MOW, "B1", grid.neighbour(hub, S), heading=N, hull=900)
    brig = vessel(BRIG, "R1", grid.neighbour(hub, N), heading=S)
    log = Log(1)
    out = movement(battle(mow, brig, wind=Wind(NW, 8)), moves(B1="F", R1="F"), log)
    assert out.ship("B1").gunnery.hull == 900 - 250 // 3
    assert out.ship("R1").gunnery.hull == 0 and not out.ship("R1").afloat
    assert out.ship("R1").gunnery.fate == "sunk in a collision"


def test_running_into_a_ship_that_stands_still() -> None:
    grid = battle().grid
    a = vessel(SOL, "B1", Cell(10, 11), heading=N, speed=1)
    b = vessel(SOL, "R1", Cell(10, 10), heading=SE, speed=0)
    out = movement(battle(a, b), moves(B1="F", R1="0"), Log(1))
    assert out.ship("B1").cell == Cell(10, 11) and out.ship("R1").cell == Cell(10, 10)
    assert out.ship("B1").gunnery.hull == out.ship("R1").gunnery.hull == 400
    assert grid.distance(Cell(10, 11), Cell(10, 10)) == 1


def test_ships_sailing_through_each_other_collide_head_on() -> None:
    a = vessel(SOL, "B1", Cell(10, 11), heading=N)
    b = vessel(SOL, "R1", Cell(10, 10), heading=S)
    log = Log(1)
    out = movement(battle(a, b, wind=Wind(SE, 8)), moves(B1="F", R1="F"), log)
    assert not any("allows only" in e.text for e in log.events)
    assert out.ship("B1").cell == Cell(10, 11) and out.ship("R1").cell == Cell(10, 10)
    assert out.ship("B1").gunnery.hull == out.ship("R1").gunnery.hull == 400


def test_three_ships_each_take_damage_from_all_the_others() -> None:
    grid = battle().grid
    hub = Cell(10, 10)
    ships = (vessel(SOL, "B1", grid.neighbour(hub, S), heading=N),
             vessel(BRIG, "B2", grid.neighbour(hub, NE), heading=SW),
             vessel(MOW, "R1", grid.neighbour(hub, NW), heading=SE))
    out = movement(battle(*ships), moves(B1="F", B2="F", R1="F"), Log(1))
    assert out.ship("B1").gunnery.hull == 600 - 250 // 3 - 1400 // 3
    assert not out.ship("B2").afloat
    assert out.ship("R1").gunnery.hull == 1400 - 600 // 3 - 250 // 3


def test_a_chain_of_collisions() -> None:
    """B2 runs into R1 and falls back into the hex B1 has just entered: a second collision."""
    grid = battle().grid
    r1 = vessel(SOL, "R1", Cell(10, 8), heading=SE)           # stands still
    b2 = vessel(SOL, "B2", Cell(10, 9), heading=N)            # sails into R1
    b1 = vessel(SOL, "B1", Cell(10, 10), heading=N)           # follows B2 into 10,9
    log = Log(1)
    out = movement(battle(b1, b2, r1), moves(B1="F", B2="F", R1="0"), log)
    assert [e.kind for e in log.events].count("collide") == 2
    assert out.ship("R1").cell == Cell(10, 8) and out.ship("R1").gunnery.hull == 400
    assert out.ship("B2").cell == Cell(10, 9)
    assert out.ship("B2").gunnery.hull == 600 - 200 - 200  # R1's 60 / 3, then B1's 60 / 3
    assert out.ship("B1").cell == Cell(10, 10)
    assert out.ship("B1").gunnery.hull == 600 - 400 // 3  # B2's hull after the first collision
    cells = [s.cell for s in out.ships if s.afloat]
    assert len(cells) == len(set(cells))
    assert grid.in_bounds(Cell(10, 8))


def test_a_collision_later_in_a_move() -> None:
    a = vessel(SOL, "B1", Cell(10, 14), heading=N, speed=2)
    b = vessel(SOL, "R1", Cell(10, 10), heading=S, speed=2)
    out = movement(battle(a, b, wind=Wind(SE, 8)), moves(B1="FF", R1="FF"), Log(1))
    # Step 1: 10,13 and 10,11; step 2 both try 10,12.
    assert out.ship("B1").cell == Cell(10, 13) and out.ship("R1").cell == Cell(10, 11)
    assert out.ship("B1").way.wake == (Cell(10, 13),) and out.ship("B1").way.speed == 0


# -- attacks --------------------------------------------------------------------------------

def test_the_books_battle_example(dice: Callable[[list[int]], FixedRoller]) -> None:
    """Firing value 33: a miss in a 10% hex (0.33), a hit in a 40% hex (0.17) for 13.2; the
    enemy, firing value 25, hits us in a 10% hex for 2.5; both damages apply together."""
    grid = battle().grid
    ours = vessel(MOW, "B1", Cell(8, 10), heading=N, port_guns=330, starboard_guns=330)
    aim = next(c for c in arm.arc(grid, ours.cell, N, arm.STARBOARD, 5)
               if grid.distance(ours.cell, c) == 3)
    over_aft = grid.neighbour(aim, arm.place_facing(N, arm.STARBOARD, "over-aft"))
    assert grid.neighbour(over_aft, NW) == aim  # she sails from the 10% hex into the 40% one
    enemy = vessel(MOW, "R1", aim, heading=NW, port_guns=250, starboard_guns=250,
                   wake=(over_aft, aim))
    ours = changed(ours, wake=(ours.cell,))
    pattern = tables().ships[MOW].pattern(Ammo.BALL)
    theirs = next(
        (side, c) for side in arm.SIDES for c in arm.arc(grid, enemy.cell, enemy.heading, side, 5)
        if (ours.cell, 10) in arm.pattern_cells(grid, c, enemy.heading, side, pattern))
    orders = (Order("B1", "aim", arm.aim_arg(arm.STARBOARD, aim)),
              Order("R1", "aim", arm.aim_arg(*theirs)))
    assert arm.firing_value_of(ours.gunnery, arm.STARBOARD) == 33
    assert arm.firing_value_of(enemy.gunnery, theirs[0]) == 25
    dice([4, 2, 1])
    log = Log(1)
    out = attacks(battle(ours, enemy), orders, log)
    texts = [e.text for e in log.events]
    assert any("10% hex): 1d10=4 > 1, missed" in t for t in texts)
    assert any("0.4 x 33 = 13.2 hull damage" in t for t in texts)
    assert any("0.1 x 25 = 2.5 hull damage" in t for t in texts)
    assert out.ship("R1").gunnery.hull == 1400 - 132
    assert out.ship("B1").gunnery.hull == 1400 - 25
    assert out.ship("B1").gunnery.reload == out.ship("R1").gunnery.reload == 1
    assert out.ship("B1").gunnery.fired.startswith("starboard ball")


def test_damage_of_both_sides_applies_at_once(dice: Callable[[list[int]], FixedRoller]) -> None:
    grid = battle().grid
    a = vessel(BRIG, "B1", Cell(8, 10), heading=N, wake=(Cell(8, 10),))
    b_cell = grid.neighbour(a.cell, NE)
    b = vessel(BRIG, "R1", b_cell, heading=N, hull=10, wake=(b_cell,))
    orders = (Order("B1", "aim", arm.aim_arg(arm.STARBOARD, b_cell)),
              Order("R1", "aim", arm.aim_arg(arm.PORT, a.cell)))
    dice([2, 3])
    out = attacks(battle(a, b), orders, Log(1))
    assert not out.ship("R1").afloat and out.ship("R1").gunnery.fate == "sunk by gunfire"
    assert out.ship("B1").gunnery.hull == 250 - 16  # her broadside still went off: 0.4 x 4
    # the side of R1 facing B1 (port) lost guns: 1.6 x 4 / 25 tenths
    assert out.ship("R1").gunnery.port_guns == 40 - 16 * 4 // 25
    assert out.ship("B1").gunnery.starboard_guns == 40 - 16 * 4 // 25
    assert out.ship("B1").gunnery.port_guns == 40


def test_hits_need_the_hit_die(dice: Callable[[list[int]], FixedRoller]) -> None:
    grid = battle().grid
    a = vessel(SOL, "B1", Cell(8, 10), heading=N, wake=(Cell(8, 10),))
    b_cell = grid.ray(a.cell, NE, 2)[-1]
    b = vessel(SOL, "R1", b_cell, heading=N, wake=(b_cell,))
    order = (Order("B1", "aim", arm.aim_arg(arm.STARBOARD, b_cell)),)
    for face, hull in ((5, 600), (4, 600 - 64), (1, 600 - 64)):
        dice([face, 20])
        out = attacks(battle(a, b), order, Log(1))
        assert out.ship("R1").gunnery.hull == hull


def test_friends_are_not_hit_and_a_hex_that_no_longer_bears_holds_fire(
        dice: Callable[[list[int]], FixedRoller]) -> None:
    grid = battle().grid
    a = vessel(SOL, "B1", Cell(8, 10), heading=N, wake=(Cell(8, 10),))
    friend_cell = grid.neighbour(a.cell, NE)
    friend = vessel(SOL, "B2", friend_cell, heading=N, wake=(friend_cell,))
    dice([])
    order = (Order("B1", "aim", arm.aim_arg(arm.STARBOARD, friend_cell)),)
    out = attacks(battle(a, friend), order, Log(1))
    assert out.ship("B2").gunnery.hull == 600 and out.ship("B1").gunnery.reload == 1
    behind = (Order("B1", "aim", arm.aim_arg(arm.PORT, friend_cell)),)
    log = Log(1)
    out = attacks(battle(a, friend), behind, log)
    assert out.ship("B1").gunnery.reload == 0 and not out.ship("B1").gunnery.fired
    assert any("holds fire" in e.text for e in log.events)


def hit(ammo: Ammo, damage: int = 0, side: str = arm.STARBOARD, face: int = 0) -> Hit:
    return Hit("R1", ammo, damage, side, tables().critical_of(ammo, face) if face else None)


@pytest.mark.parametrize(("ammo", "face", "check"), [
    (Ammo.BALL, 1, lambda s: not s.afloat and s.gunnery.fate == "exploded"),
    (Ammo.BALL, 2, lambda s: s.afloat and not s.gunnery.rudder),
    (Ammo.CHAIN, 1, lambda s: s.gunnery.rigging == 0 and s.gunnery.breaking),
    (Ammo.CHAIN, 2, lambda s: s.gunnery.rigging == 600 - 64 - (600 - 64) * 33 // 100
     and not s.gunnery.breaking),
    (Ammo.GRAPE, 1, lambda s: s.gunnery.sailors == (1600 - 64) - (1600 - 64) // 2),
    (Ammo.GRAPE, 2, lambda s: s.gunnery.sailors == (1600 - 64) - (1600 - 64) * 25 // 100),
])
def test_critical_hits(ammo: Ammo, face: int, check: Callable[[SailShip], bool]) -> None:
    target = vessel(SOL, "R1", Cell(5, 5))
    assert check(damaged(target, [hit(ammo, 64, face=face)]))


def test_damage_goes_to_the_ammunitions_target_and_stays_in_bounds() -> None:
    target = vessel(BRIG, "R1", Cell(5, 5))
    assert damaged(target, [hit(Ammo.BALL, 64)]).gunnery.hull == 250 - 64
    assert damaged(target, [hit(Ammo.CHAIN, 64)]).gunnery.rigging == 300 - 64
    assert damaged(target, [hit(Ammo.GRAPE, 64)]).gunnery.sailors == 600 - 64
    wrecked = damaged(target, [hit(Ammo.BALL, 9999), hit(Ammo.CHAIN, 9999),
                                    hit(Ammo.GRAPE, 9999)])
    assert (wrecked.gunnery.hull, wrecked.gunnery.rigging, wrecked.gunnery.sailors) == (0, 0, 0)
    assert wrecked.gunnery.port_guns == 40 and wrecked.gunnery.starboard_guns == 0
    raked = damaged(target, [hit(Ammo.BALL, 100, side="both")])
    assert raked.gunnery.port_guns + raked.gunnery.starboard_guns == 80 - 100 * 4 // 25


# -- reloading, through whole turns -------------------------------------------------------------

def play_turns(state: SailState, turns: int,
               answer: Callable[[SailState, Decision], Order]) -> Iterator[tuple[int, SailState]]:
    """Yield (turn, state) at every decision for ``turns`` turns."""
    stop = state.turn + turns
    while state.outcome is None and state.turn < stop:
        decision = RULESET.decision(state)
        assert decision is not None
        yield state.turn, state
        state = RULESET.apply(state, answer(state, decision))


def firing_turns(switches: dict[int, str], turns: int = 7) -> list[int]:
    """Turns in which B1 fires, switching ammunition on the given turns."""
    state = RULESET.advance(battle(vessel(SOL, "B1", Cell(2, 10)),
                                   vessel(SOL, "R1", Cell(17, 10)), turns=50))
    fired: list[int] = []

    def answer(state: SailState, decision: Decision) -> Order:
        if decision.kind == "move":
            return decision.find(f"{decision.ship} move 0")
        if decision.kind == "ammo":
            if decision.ship == "B1" and state.turn in switches:
                return decision.find(f"B1 ammo {switches[state.turn]}")
            return decision.options[0]
        if decision.ship == "B1":
            fired.append(state.turn)
            return decision.options[-1]
        return decision.options[0]

    for _ in play_turns(state, turns, answer):
        pass
    return fired


def test_a_broadside_every_second_round() -> None:
    assert firing_turns({}) == [1, 3, 5, 7]


def test_switching_ammunition_takes_a_round_more() -> None:
    assert firing_turns({2: "chain"}) == [1, 4, 6]
    assert firing_turns({1: "grape"}) == [2, 4, 6]
    assert firing_turns({2: "chain", 3: "grape"}) == [1, 5, 7]


# -- winning ----------------------------------------------------------------------------------

def two(**red: object) -> SailState:
    return battle(vessel(SOL, "B1", Cell(2, 2)), vessel(SOL, "R1", Cell(9, 9), **red))


def test_last_side_afloat_wins() -> None:
    outcome = rules.judge(two(afloat=False, fate="sunk"))
    assert outcome is not None and outcome.winner == "blue" and "afloat" in outcome.reason


def test_every_ship_lost_is_a_draw() -> None:
    state = battle(vessel(SOL, "B1", Cell(2, 2), afloat=False),
                   vessel(SOL, "R1", Cell(9, 9), afloat=False))
    outcome = rules.judge(state)
    assert outcome is not None and outcome.winner is None


@pytest.mark.parametrize("crippled", [{"rudder": False}, {"rigging": 0}, {"sailors": 50}])
def test_last_side_with_a_maneuverable_ship_wins(crippled: dict[str, object]) -> None:
    outcome = rules.judge(two(**crippled))
    assert outcome is not None and outcome.winner == "blue" and "maneuverable" in outcome.reason


def test_no_side_maneuverable_fights_on() -> None:
    state = battle(vessel(SOL, "B1", Cell(2, 2), rudder=False),
                   vessel(SOL, "R1", Cell(9, 9), rigging=0))
    assert rules.judge(state) is None
    assert rules.judge(two()) is None


def test_least_damage_after_the_fixed_number_of_turns() -> None:
    state = evolve(two(hull=500), turn=30)
    out = end_turn(state)
    assert out.outcome is not None and out.outcome.winner == "blue"
    assert "least damage after 30 turns" in out.outcome.reason
    level = end_turn(evolve(two(), turn=30))
    assert level.outcome is not None and level.outcome.winner is None
    early = end_turn(evolve(two(hull=500), turn=29))
    assert early.outcome is None and early.turn == 30


def test_side_damage_weighs_ships_by_their_hull() -> None:
    state = battle(vessel(MOW, "B1", Cell(2, 2), hull=700), vessel(BRIG, "B2", Cell(4, 4)),
                   vessel(SOL, "R1", Cell(9, 9)))
    expected = (1 / 6 * 140) / (140 + 25)
    assert rules.side_damage(state, "blue") == pytest.approx(expected)
    assert rules.side_damage(state, "red") == 0.0


def test_a_breaking_ship_loses_a_hull_point_a_turn() -> None:
    state = two(breaking=True, hull=15)
    out = end_turn(state)
    assert out.ship("R1").gunnery.hull == 5 and out.ship("R1").afloat
    out = end_turn(evolve(out, outcome=None))
    assert not out.ship("R1").afloat and out.ship("R1").gunnery.fate == "broken up"
    assert out.outcome is not None and out.outcome.winner == "blue"


def test_a_whole_game_ends_at_its_turn_limit() -> None:
    state = RULESET.advance(battle(vessel(SOL, "B1", Cell(2, 2)),
                                   vessel(SOL, "R1", Cell(15, 15)), turns=3))

    def hold(state: SailState, decision: Decision) -> Order:
        return decision.options[0]

    seen = [s for _, s in play_turns(state, 10, hold)]
    last = seen[-1]
    final = RULESET.apply(last, hold(last, RULESET.decision(last)))  # type: ignore[arg-type]
    assert final.outcome is not None and final.turn == 3
    assert RULESET.decision(final) is None
    with pytest.raises(IllegalOrder):
        RULESET.apply(final, Order("B1", "move", "0"))


# -- the UI's rows ----------------------------------------------------------------------------

def test_describe_rows() -> None:
    state = two(hull=300, reload=1, rudder=False, breaking=True, port_guns=120)
    rows = {row.label: row for row in RULESET.describe(state, "R1")}
    assert rows["Hull"].value == "30/60" and rows["Hull"].fraction == 0.5
    assert rows["Guns port"].value.startswith("12/16")
    assert rows["Guns stbd"].fraction == 1.0
    assert rows["Sailors"].value == "160/160"
    assert rows["Ammunition"].value == "ball (range 5)"
    assert "loading" in rows["Reload"].value
    assert rows["Rudder"].value.startswith("LOST")
    assert "BREAKING" in rows and rows["Status"].value == "not maneuverable"
    for row in rows.values():
        assert row.fraction is None or 0.0 <= row.fraction <= 1.0
