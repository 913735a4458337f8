"""Fast Play Salamis: the text's table and rules, its turn sequence and "Stop!" window."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest
from attrs import evolve
from dice_support import Dice

from tui_naval.app.setup import new_game
from tui_naval.core.engine import HIDDEN
from tui_naval.core.grid import Cell, Grid, GridKind, angle_between
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import Lock
from tui_naval.rulesets import find_ruleset
from tui_naval.rulesets.salamis import advisor, contact, galleys, moving
from tui_naval.rulesets.salamis.geometry import at_bow, bow_cells, route
from tui_naval.rulesets.salamis.present import PRESENTER, at_least, melee_net, ram_odds
from tui_naval.rulesets.salamis.rules import RULESET
from tui_naval.rulesets.salamis.state import CAPTURED, FLED, LED_OFF, SUNK, SalamisState
from tui_naval.rulesets.salamis.tables import fleet_of, tables, two_dice_at_most

FLAT = Grid(GridKind.HEX_FLAT, 30, 20)
SQUARE = Grid(GridKind.SQUARE, 30, 20)

#: The text's table: Mv, Man, RamA, RSP, BowA, Rng, HHA, MBS, SV.
TEXT_TABLE = {
    "athenian": (5, 45, 5, 9, 1, 6, 4, 7, 4),
    "spartan": (6, 45, 5, 8, 1, 6, 5, 8, 4),
    "corinthian": (6, 45, 5, 8, 1, 6, 3, 6, 4),
    "phoenician": (8, 30, 4, 6, 2, 6, 3, 7, 3),
    "cyprian": (7, 30, 4, 5, 2, 6, 3, 6, 4),
    "traitor": (6, 45, 5, 7, 1, 6, 3, 6, 4),
}


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """``dice(1, 2, 3)``: the rules' next rolls."""
    def load(*faces: int) -> None:
        roller = Dice(faces)
        for module in (galleys, moving, contact):  # every module of the turn that rolls
            monkeypatch.setattr(module, "Roller", lambda rng: roller)
    return load


#: An Athenian against a Phoenician, player 1 the greek every turn, as the text has it.
ATHENIAN_DUEL = str(Path(__file__).parent / "data" / "salamis-athenian-duel.map")


def duel(seed: int = 1, grid: str = "hex-flat") -> SalamisState:
    state = new_game("salamis", ATHENIAN_DUEL, seed, grid).state
    assert isinstance(state, SalamisState)
    return state


def place(state: SalamisState, ship_id: str, cell: Cell, course: float,
          **fields: object) -> SalamisState:
    ship = state.ship(ship_id)
    moved = evolve(ship, cell=cell, course=course, start=cell, start_course=course,
                   heading=state.grid.nearest_facing(course), **fields)
    return evolve(state, ships=tuple(moved if s.id == ship_id else s for s in state.ships))


def at_phase(state: SalamisState, phase: str, **fields: object) -> SalamisState:
    return RULESET.advance(evolve(state, phase=phase, plotted=(), acted=(), **fields))


def ask(state: SalamisState) -> Decision:
    decision = RULESET.decision(state)
    assert decision is not None
    return decision


def play(state: SalamisState, *orders: str) -> SalamisState:
    for text in orders:
        state = RULESET.apply(state, ask(state).find(text))
    return state


# -- the table --------------------------------------------------------------------------

@pytest.mark.parametrize("key", sorted(TEXT_TABLE))
def test_the_six_fleets_stats_are_the_texts(key: str) -> None:
    f = fleet_of(key)
    assert (f.move, f.turn, f.ram, f.ramming_speed, f.bow, f.range, f.hand, f.boarding,
            f.viability) == TEXT_TABLE[key]


def test_the_dice_that_hit_are_the_texts() -> None:
    rolls = tables().rolls
    assert (rolls.ram_hit, rolls.bow_hit, rolls.attacker_hit, rolls.defender_save,
            rolls.ramming_speed_bonus) == (5, 6, 4, 5, 2)


@pytest.mark.parametrize(("key", "ships", "number"), [
    ("athenian", 3, 2), ("athenian", 1, 1), ("corinthian", 2, 1), ("phoenician", 3, 2),
    ("cyprian", 2, 1), ("cyprian", 6, 2), ("spartan", 6, 4)])
def test_fleet_panic_numbers_are_a_share_of_the_fleet_rounded_up(key: str, ships: int,
                                                                  number: int) -> None:
    assert fleet_of(key).panic_number(ships) == number


def test_rolls_at_or_under_on_2d6() -> None:
    assert [round(two_dice_at_most(n) * 36) for n in (2, 5, 6, 7, 9, 12)] == \
        [1, 10, 15, 21, 30, 36]


def test_every_fleet_is_a_ship_class_and_the_help_lists_it() -> None:
    text = RULESET.help_text()
    for key, f in tables().fleets.items():
        assert key in RULESET.ship_classes()
        assert f"| {f.name} | {f.move}\"" in text


# -- moving -----------------------------------------------------------------------------

def test_a_move_6_maneuverability_45_ship_turns_45_degrees_anywhere_in_her_move() -> None:
    # the text's example: "can move 6 inches and turn 45 degrees somewhere in that move"
    steps, final = route(SQUARE, Cell(5, 10), 90.0, 6, 1, turn=-45, turn_at=2)
    assert [s.cell for s in steps[:2]] == [Cell(6, 10), Cell(7, 10)]
    assert [s.course for s in steps] == [90.0, 90.0, 45.0, 45.0, 45.0][:len(steps)]
    assert final == 45.0
    assert steps[-1].inches <= 6


def test_a_phoenician_rows_8_inches_and_turns_once_up_to_30_degrees() -> None:
    state = duel()
    p1 = state.ship("P1")
    assert galleys.helm_options(p1, False) == (
        "ahead", "port15", "port30", "starboard15", "starboard30")
    steps, final = route(FLAT, Cell(18, 6), 270.0, 8, 1, turn=-30, turn_at=4)
    assert len(steps) == 8 and final == 240.0
    assert {s.course for s in steps[:4]} == {270.0} and {s.course for s in steps[4:]} == {240.0}


def test_a_hex_step_is_an_inch_and_a_square_diagonal_alternates_one_and_two() -> None:
    steps, _ = route(FLAT, Cell(5, 10), 0.0, 5, 1)
    assert len(steps) == 5 and steps[-1].cell == Cell(5, 5)
    steps, _ = route(SQUARE, Cell(5, 10), 45.0, 6, 1)
    cells = [Cell(5, 10), *(s.cell for s in steps)]
    costs = [b.inches - a.inches for a, b in zip([*steps[:1], *steps], steps, strict=False)]
    costs[0] = steps[0].inches
    diagonal = [c for a, b, c in zip(cells, cells[1:], costs, strict=False)
                if a.col != b.col and a.row != b.row]
    assert diagonal[:2] == [1, 2]  # the first diagonal step an inch, the next two
    assert steps[-1].inches <= 6 and SQUARE.distance(cells[0], cells[-1]) <= 6


def test_a_30_degree_course_on_hexes_keeps_to_its_line() -> None:
    # 30 degrees falls between the flat-hex facings N (0) and NE (60)
    steps, _ = route(FLAT, Cell(10, 15), 30.0, 8, 1)
    end = steps[-1].cell
    assert abs(FLAT.direction(Cell(10, 15), end) - 30.0) < 8
    assert len(steps) == 8


def test_a_turn_at_the_end_of_the_move_brings_her_bow_round() -> None:
    steps, final = route(FLAT, Cell(5, 10), 0.0, 5, 1, turn=45, turn_at=5)
    assert all(s.course == 0.0 for s in steps) and final == 45.0


def test_where_her_bow_lies() -> None:
    here = Cell(10, 10)
    ahead = FLAT.neighbour(here, 0)
    assert at_bow(FLAT, here, 0.0, ahead)
    assert not at_bow(FLAT, here, 0.0, FLAT.neighbour(here, 1))
    # a course between two facings has both at her bow
    assert at_bow(FLAT, here, 30.0, ahead) and at_bow(FLAT, here, 30.0, FLAT.neighbour(here, 1))


@pytest.mark.parametrize("grid", [FLAT, Grid(GridKind.HEX_POINTY, 20, 20),
                                  Grid(GridKind.SQUARE, 20, 20)], ids=lambda g: g.kind.value)
def test_her_bow_cells_are_the_neighbours_within_the_arc(grid: Grid) -> None:
    """The kept ``bow_cells`` is the arc's definition: one step away, within 30 degrees
    of her course; off the board too (at the edge, as in the middle)."""
    far = Cell(grid.width + 3, 2)
    for cell in (Cell(10, 10), Cell(11, 10), Cell(0, 0), Cell(grid.width - 1, 5)):
        for course in range(0, 360, 15):
            near = {c for c in (Cell(cell.col + dc, cell.row + dr)
                                for dc in (-1, 0, 1) for dr in (-1, 0, 1))
                    if grid.steps(cell, c) == 1}
            expected = {c for c in near
                        if angle_between(grid.direction(cell, c), course) <= 30.0 + 1e-6}
            assert bow_cells(grid, cell, float(course)) == expected
            assert 1 <= len(expected) <= 3
            assert not at_bow(grid, cell, float(course), far)


def test_the_move_is_plotted_hidden_and_rows_a_step_at_a_time() -> None:
    state = duel()
    decision = ask(state)
    assert (decision.kind, decision.side, decision.plotted) == ("helm", "greek", True)
    assert [o.arg for o in decision.options] == [
        "ahead", "port15", "port30", "port45", "starboard15", "starboard30", "starboard45"]
    state = play(state, "A1 helm port30")
    turn_at = ask(state)
    assert turn_at.kind == "turn-at" and len(turn_at.options) == 6  # at once .. after 5"
    state = play(state, "A1 turn-at 2")
    row = ask(state)
    assert [o.arg for o in row.options] == ["2", "3", "4", "5"]
    # the persian side sees that A1 has plotted, not what
    seen = RULESET.observe(state, "persian")
    assert {o.verb for o in seen.plotted} == {HIDDEN}
    before = state.ship("A1").cell
    state = play(state, "A1 row 5")
    a1 = state.ship("A1")
    assert a1.cell != before and a1.course == 60.0
    assert state.half == 1  # the greek half is over: the persian moves


def test_going_ahead_needs_no_turn_point() -> None:
    state = play(duel(), "A1 helm ahead")
    decision = ask(state)
    assert decision.kind == "row" and [o.arg for o in decision.options][-1] == "5"


def test_no_galley_rows_into_contact() -> None:
    state = duel()
    state = place(state, "P1", Cell(6, 6), 270.0)
    state = at_phase(state, "launch")
    state = play(state, "A1 helm ahead", "A1 row 5")
    decision = RULESET.decision(state)
    while decision is not None and decision.kind in ("stop", "bows"):
        state = RULESET.apply(state, decision.options[-1])
        decision = RULESET.decision(state)
    assert state.ship("A1").cell == Cell(5, 6)  # short of P1 at 6,6
    assert any("stops at" in e.text for e in state.events)


@pytest.mark.parametrize("leader_first", [True, False])
def test_galleys_in_line_astern_row_together(leader_first: bool) -> None:
    state = new_game("salamis", "salamis-open", 1, "square").state
    assert isinstance(state, SalamisState)
    state = place(state, "A1", Cell(3, 8), 90.0)
    state = place(state, "A2", Cell(4, 8), 90.0)
    ids = ["A2", "A1"] if leader_first else ["A1", "A2"]
    ships = {s.id: s for s in state.ships}
    state = evolve(state, ships=(*(ships[i] for i in ids),
                                 *(s for s in state.ships if s.id not in ids)))
    state = at_phase(state, "launch")
    for sid in [s.id for s in state.ships if s.side == "greek" and s.fighting]:
        state = play(state, f"{sid} helm ahead", f"{sid} row " + ("5" if sid in ids else "0"))
    while state.phase == "move" and state.half == 0:
        state = RULESET.apply(state, ask(state).options[-1])
    a1, a2 = state.ship("A1"), state.ship("A2")
    assert (a1.cell, a2.cell) == (Cell(8, 8), Cell(9, 8))


def test_a_galley_stopped_short_still_makes_her_turn() -> None:
    state = duel()
    state = place(state, "A1", Cell(5, 6), 90.0)
    state = place(state, "P1", Cell(7, 6), 270.0)
    state = at_phase(state, "launch")
    state = play(state, "A1 helm port45", "A1 turn-at 3", "A1 row 5")
    while state.phase == "move" and state.half == 0:
        state = RULESET.apply(state, ask(state).options[-1])
    a1 = state.ship("A1")
    assert a1.cell == Cell(6, 6) and a1.course == 45.0  # stopped by P1, turned where she lay


# -- "Stop!" and bow fire ---------------------------------------------------------------

def _closing(seed: int = 1) -> SalamisState:
    """The greek moves A1 east towards P1, who lies 8" off with her bows on A1."""
    state = duel(seed)
    state = place(state, "P1", Cell(12, 6), 270.0)
    return at_phase(state, "launch")


def test_the_watching_side_may_stop_the_move_before_and_after_each_step() -> None:
    state = play(_closing(), "A1 helm ahead", "A1 row 4")
    stops = []
    decision = ask(state)
    while decision.kind == "stop":
        assert decision.side == "persian"
        # an interrupt window, whose last option lets the move go on
        assert decision.interrupt and decision.options[-1].verb == "pass"
        stops.append(state.tick)
        state = RULESET.apply(state, decision.find("P1 wait"))
        decision = ask(state)
    # A1 starts 9" off P1: P1's 6" bow range reaches her after her third step
    assert stops == [3, 4]


def test_stop_shoots_the_bows_once_a_move_and_the_move_goes_on(dice) -> None:  # type: ignore[no-untyped-def]
    state = play(_closing(), "A1 helm ahead", "A1 row 4")
    state = play(state, "P1 stop")
    assert state.tick == 3
    bows = ask(state)
    assert bows.kind == "bows" and [str(o) for o in bows.options] == ["P1 shoot A1", "P1 hold"]
    dice(6, 3)
    state = play(state, "P1 shoot A1")
    assert state.ship("A1").damage == 1
    # the move went on to its end without asking P1 again, and the persian half began
    assert [e.kind for e in state.events].count("bows") == 1
    assert state.ship("A1").cell == Cell(7, 6) and state.half == 1


def test_bows_do_not_shoot_across_land() -> None:
    state = new_game("salamis", "salamis-strait", 1, "square").state
    assert isinstance(state, SalamisState)
    # Psyttaleia lies at 26-28,9-10: a galley west of it cannot shoot one east of it
    shooter = evolve(state.ship("A1"), cell=Cell(25, 10), course=90.0)
    target = evolve(state.ship("P1"), cell=Cell(29, 10), course=270.0)
    assert not galleys.in_range(state, shooter, target)
    open_water = evolve(target, cell=Cell(29, 12))
    assert galleys.in_range(state, evolve(shooter, cell=Cell(25, 12)), open_water)


@pytest.mark.parametrize("course", [0.0, 90.0, 180.0, 270.0])
def test_the_archers_shoot_all_round_within_their_range(course: float) -> None:
    state = duel(1, "square")
    shooter = evolve(state.ship("A1"), cell=Cell(10, 10), course=course)
    range_cells = galleys.fleet(shooter).range // state.board.scale
    for target_cell in (Cell(10 + range_cells, 10), Cell(10 - range_cells, 10),
                        Cell(10, 10 + range_cells), Cell(10, 10 - range_cells)):
        target = evolve(state.ship("P1"), cell=target_cell)
        assert galleys.in_range(state, shooter, target), (course, target_cell)
    beyond = evolve(state.ship("P1"), cell=Cell(10 - range_cells - 1, 10))
    assert not galleys.in_range(state, shooter, beyond)


@pytest.mark.parametrize(("grid", "shooter", "target", "course"), [
    ("hex-flat", Cell(1, 11), Cell(3, 11), 90.0),    # their line dips to 2,12, off the sea
    ("hex-pointy", Cell(21, 1), Cell(21, 3), 180.0),  # theirs to 22,2
])
def test_bow_range_along_the_edge_of_the_sea(grid: str, shooter: Cell, target: Cell,
                                             course: float) -> None:
    state = duel(1, grid)
    a1 = evolve(state.ship("A1"), cell=shooter, course=course)
    assert galleys.in_range(state, a1, evolve(state.ship("P1"), cell=target))


def test_bows_cannot_finish_a_galley(dice) -> None:  # type: ignore[no-untyped-def]
    state = _closing()
    state = evolve(state, ships=tuple(evolve(s, damage=3) if s.id == "A1" else s
                                      for s in state.ships))
    state = play(state, "A1 helm ahead", "A1 row 4")
    dice(6, 6)
    state = play(state, "P1 stop", "P1 shoot A1")
    a1 = state.ship("A1")
    assert a1.damage == 4 and a1.afloat and a1.fighting
    assert state.outcome is None


# -- rams, boarding, hand to hand -------------------------------------------------------

def _ram_ready() -> SalamisState:
    """A1 has rowed and has P1 dead ahead, within an inch of her bow."""
    state = duel()
    a1_cell = Cell(8, 6)
    p1_cell = FLAT.neighbour(a1_cell, 0)
    state = place(state, "A1", a1_cell, 0.0, rowed=3)
    state = place(state, "P1", p1_cell, 90.0)
    return at_phase(state, "ram")


def test_a_ram_with_ramming_speed_rolls_two_more_dice_and_5s_and_6s_hit(dice) -> None:  # type: ignore[no-untyped-def]
    state = _ram_ready()
    decision = ask(state)
    assert [str(o) for o in decision.options] == ["A1 ram P1", "A1 spare"]
    dice(4, 4, 5, 6, 1, 1, 1, 1, 2)  # 8 <= 9: ramming speed; 7 dice: 2 hits
    state = play(state, "A1 ram P1")
    assert state.ship("P1").damage == 2 and state.ship("P1").afloat
    assert Lock("A1", "P1") in state.locks


def test_a_ram_that_reaches_the_viability_sinks_her(dice) -> None:  # type: ignore[no-untyped-def]
    state = _ram_ready()
    state = evolve(state, ships=tuple(evolve(s, damage=2) if s.id == "P1" else s
                                      for s in state.ships))
    dice(6, 6, 5, 1, 1, 1, 1)  # 12 > 9: no ramming speed; 5 dice: 1 hit, 3 of 3
    state = play(state, "A1 ram P1")
    p1 = state.ship("P1")
    assert p1.fate == SUNK and not p1.afloat and not state.locks
    assert state.outcome is not None and state.outcome.winner == "greek"


def test_the_rammed_side_boards_first_then_the_rammer(dice) -> None:  # type: ignore[no-untyped-def]
    state = _ram_ready()
    dice(6, 6, 1, 1, 1, 1, 1)  # no speed, no hits
    state = play(state, "A1 ram P1")
    first = ask(state)
    assert (first.side, first.kind, str(first.options[0])) == ("persian", "board",
                                                              "P1 board A1")
    dice(6, 6)  # 12 > 7: P1's marines fail
    state = play(state, "P1 board A1")
    second = ask(state)
    assert (second.side, str(second.options[0])) == ("greek", "A1 board P1")
    dice(3, 3, 1, 1, 1, 1, 1, 1, 1)  # 6 <= 7: across; the fight: no hits
    state = play(state, "A1 board P1")
    melee = [e.text for e in state.events if e.kind == "melee"]
    assert len(melee) == 1 and melee[0].startswith("hand to hand on P1")


def test_hand_to_hand_attacker_4_to_6_less_defender_5_to_6_captures(dice) -> None:  # type: ignore[no-untyped-def]
    state = _ram_ready()
    dice(6, 6, 1, 1, 1, 1, 1)
    state = play(state, "A1 ram P1", "P1 stay")
    # A1 4d6: 4,5,6,6 = 4 hits; P1 3d6: 5,1,1 = 1 saved: 3 hits, P1's viability 3
    dice(2, 2, 4, 5, 6, 6, 5, 1, 1)
    state = play(state, "A1 board P1")
    p1 = state.ship("P1")
    assert (p1.fate, p1.side, p1.taken_from, p1.damage) == (CAPTURED, "greek", "persian", 3)
    assert not state.locks
    assert state.outcome is not None and state.outcome.winner == "greek"


def test_a_prize_is_led_away_when_her_captor_moves_next() -> None:
    state = new_game("salamis", "salamis-open", 1, "hex-flat").state
    assert isinstance(state, SalamisState)
    taken = evolve(state.ship("P1"), side="greek", taken_from="persian", fate=CAPTURED,
                   damage=3)
    state = evolve(state, ships=tuple(taken if s.id == "P1" else s for s in state.ships))
    state = at_phase(state, "launch", half=0)
    assert state.ship("P1").fate == LED_OFF and not state.ship("P1").afloat


def test_a_fleet_that_loses_its_panic_number_flees() -> None:
    state = new_game("salamis", "salamis-open", 1, "hex-flat").state
    assert isinstance(state, SalamisState)
    # two Phoenicians: 1/2 of them, one sunk, and the fleet panics
    sunk = evolve(state.ship("P1"), afloat=False, fate=SUNK)
    state = evolve(state, ships=tuple(sunk if s.id == "P1" else s for s in state.ships))
    state = at_phase(state, "melee")
    assert state.ship("P2").fate == FLED and not state.ship("P2").afloat
    assert "persian/phoenician" in state.panicked
    assert state.ship("E1").fighting  # the Cypriots hold
    assert any(e.kind == "panic" for e in state.events)


def test_breakaway_on_the_ramming_speed_roll(dice) -> None:  # type: ignore[no-untyped-def]
    state = _ram_ready()
    state = evolve(state, locks=(Lock("A1", "P1"),))
    state = at_phase(state, "launch", half=1)  # persian moves: P1 is locked
    decision = ask(state)
    assert [o.arg for o in decision.options] == ["breakaway", "hold"]
    dice(3, 3)  # 6 <= 6: free
    state = play(state, "P1 helm breakaway")
    while state.phase == "move" and ask(state).kind in ("stop", "bows"):
        state = RULESET.apply(state, ask(state).options[-1])
    assert not state.locks
    assert state.ship("P1").course == state.ship("A1").course


# -- presenting, advising ---------------------------------------------------------------

def test_odds_are_exact_binomials() -> None:
    assert at_least(2, 1 / 6, 1) == pytest.approx(11 / 36)
    state = _ram_ready()
    speed, expected, sink = ram_odds(state.ship("A1"), state.ship("P1"))
    assert speed == pytest.approx(30 / 36)
    assert expected == pytest.approx(30 / 36 * 7 / 3 + 6 / 36 * 5 / 3)
    assert sink == pytest.approx(30 / 36 * at_least(7, 1 / 3, 3) + 6 / 36 * at_least(5, 1 / 3, 3))
    # 4d6 at 4-6 against 3d6 at 5-6
    assert melee_net(state.ship("A1"), state.ship("P1")) > 1.0


def test_every_option_has_a_label_and_moves_a_preview() -> None:
    state = duel()
    for _ in range(40):
        decision = RULESET.decision(state)
        if decision is None:
            break
        for order in decision.options:
            info = PRESENTER.option_info(state, decision, order)
            assert info.label and info.label != str(order)
            if decision.kind in ("helm", "turn-at", "row") and order.arg not in ("hold",
                                                                                  "breakaway"):
                preview = PRESENTER.preview(state, order)
                assert preview is not None and preview.end is not None
        state = RULESET.apply(state, advisor.choose(RULESET.observe(state, decision.side),
                                                    decision))


def test_the_greedy_admiral_aims_at_the_most_battered() -> None:
    state = _ram_ready()
    decision = Decision("greek", "bows", "A1", "", (Order("A1", "shoot", "P1"),
                                                   Order("A1", "shoot", "X9"),
                                                   Order("A1", "hold")))
    other = evolve(state.ship("P1"), id="X9", cell=Cell(1, 1), damage=1)
    state = evolve(state, ships=(*state.ships, other))
    assert advisor.choose(state, decision) == Order("A1", "shoot", "X9")


def test_a_breakaway_frees_her_from_one_enemy_only(dice) -> None:  # type: ignore[no-untyped-def]
    state = _ram_ready()
    other = evolve(state.ship("A1"), id="A9", cell=Cell(11, 11))
    state = evolve(state, ships=(*state.ships, other),
                   locks=(Lock("A1", "P1"), Lock("A9", "P1")))
    state = at_phase(state, "launch", half=1)
    dice(1, 1)
    state = play(state, "P1 helm breakaway")
    while state.phase == "move" and ask(state).kind in ("stop", "bows"):
        state = RULESET.apply(state, ask(state).options[-1])
    assert state.locks == (Lock("A9", "P1"),)


def test_the_greedy_admiral_rams_when_it_can() -> None:
    state = _ram_ready()
    decision = ask(state)
    assert advisor.choose(state, decision) == Order("A1", "ram", "P1")


def test_the_ruleset_is_found_by_its_names() -> None:
    for name in ("salamis", "Fast Play Salamis", "triremes"):
        assert find_ruleset(name) is RULESET


# -- the duel's rolled initiative (an adaptation, see the help's "The turn") ---------------

def helm_asks(state: SalamisState, turns: int) -> list[SalamisState]:
    """The states where each half's first helm is asked, greedy on both sides, through
    ``turns`` turns."""
    asked = []
    while state.turn <= turns and state.outcome is None:
        decision = ask(state)
        if decision.kind == "helm" and not state.plotted:
            asked.append(state)
        state = RULESET.apply(state, advisor.choose(RULESET.observe(state, decision.side),
                                                    decision))
    return asked


def test_without_the_map_line_the_first_side_is_player_1_every_turn() -> None:
    asked = helm_asks(duel(), 4)
    for state in asked:
        assert state.first == 0 and state.mover == state.sides[state.half]
    assert [state.mover for state in asked[:6]] == ["greek", "persian"] * 3


@pytest.mark.parametrize(("faces", "first"), [((2, 5), "persian"), ((6, 1), "greek"),
                                             ((3, 3, 4, 4, 1, 2), "persian")])
def test_on_the_duel_a_die_each_decides_who_moves_first(dice, faces: tuple[int, ...],  # type: ignore[no-untyped-def]
                                                       first: str) -> None:
    dice(*faces)
    game = new_game("salamis", "salamis-duel", 1, None)
    state = game.state
    assert isinstance(state, SalamisState) and state.initiative == "rolled"
    assert state.mover == first and ask(state).side == first
    text = " ".join(event.text for event in state.events)
    assert f"{first} is player 1 and moves first" in text  # ties were rolled again


def test_the_roll_comes_again_each_turn_and_either_side_may_move_twice_running() -> None:
    """Over a few greedy duels: each side is player 1 on some turn, and some turn opens
    with the side that closed the turn before (a double move)."""
    halves: list[tuple[int, str]] = []
    for seed in range(1, 9):
        state = new_game("salamis", "salamis-duel", seed, None).state
        assert isinstance(state, SalamisState)
        halves += [(s.turn, s.mover) for s in helm_asks(state, 4)]
    firsts = {mover for (before, _), (turn, mover) in pairwise(halves) if turn != before}
    assert firsts == {"greek", "persian"}
    assert any(a[1] == b[1] and a[0] + 1 == b[0]
               for a, b in pairwise(halves))


def test_a_map_whose_initiative_is_neither_rolled_nor_left_out_is_refused(
        tmp_path: Path) -> None:
    from tui_naval.core.maps import load_map
    from tui_naval.core.scenario import unplayable_reason

    text = Path(ATHENIAN_DUEL).read_text()
    path = tmp_path / "odd.map"
    path.write_text(text.replace("turns: 10\n", "turns: 10\ninitiative: sometimes\n"))
    reason = unplayable_reason(RULESET, load_map(str(path)))
    assert reason is not None and "'sometimes'" in reason and "rolled" in reason


def test_player_1_other_than_the_first_side_is_invalid_where_it_is_not_rolled() -> None:
    assert RULESET.invalid(evolve(duel(), first=1)) is not None
    rolled = new_game("salamis", "salamis-duel", 1, None).state
    assert isinstance(rolled, SalamisState)
    assert RULESET.invalid(evolve(rolled, first=1 - rolled.first)) is None


@pytest.mark.parametrize("seed", [3, 4])
def test_the_helm_turn_point_and_row_are_ranked_by_the_plans_they_leave(seed: int) -> None:
    """The advisor's ranking (what the search widens by): every option once, its own
    choice first, then by the best plan each option leaves her, never rising."""
    state = new_game("salamis", None, seed, None).state
    assert isinstance(state, SalamisState)
    seen_kinds: dict[str, int] = {}
    for _ in range(300):
        decision = RULESET.decision(state)
        if decision is None:
            break
        seen = RULESET.observe(state, decision.side)
        ranked = advisor.rank(seen, decision)
        if decision.kind in ("helm", "turn-at", "row") \
                and decision.options[0].arg not in galleys.LOCKED_HELMS:
            assert ranked is not None and Counter(ranked) == Counter(decision.options)
            assert ranked[0] == advisor.choose(seen, decision)
            index = {"helm": 0, "turn-at": 1, "row": 2}[decision.kind]
            given = [o.arg for o in seen.plotted if o.ship == decision.ship]
            plans = [(score, plan) for score, plan in
                     advisor._plan_book(seen.board, seen.ships, seen.locks,
                                        decision.ship).values()]
            best = [max(score for score, plan in plans
                        if [str(p) for p in plan[:index]] == given[:index]
                        and str(plan[index]) == order.arg) for order in ranked]
            assert best[0] == max(best)
            assert best[1:] == sorted(best[1:], reverse=True)
            seen_kinds[decision.kind] = seen_kinds.get(decision.kind, 0) + 1
        else:
            assert ranked is None
        state = RULESET.apply(state, advisor.choose(seen, decision))
    assert min(seen_kinds.get(kind, 0) for kind in ("helm", "turn-at", "row")) >= 5


# -- the readings help.md states (issue 62) -----------------------------------------------

_COUNT = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _described(name: str) -> str:
    """A map's line in help.md's Maps, drawn from the map: its title, turns, and each
    side's galleys by fleet."""
    from tui_naval.core.maps import load_map

    spec = load_map(name)
    sides = []
    for side in spec.sides:
        kinds = Counter(s.kind for s in spec.ships if s.side == side)
        n = sum(kinds.values())
        fleets = ", ".join(f"{fleet_of(kind).name} {count}" for kind, count in kinds.items())
        sides.append(f"{_COUNT[n]} {side} galle{'y' if n == 1 else 'ys'} ({fleets})")
    return (f"- `{spec.name}` ({spec.title}, {spec.goal.turns} turns): "
            + " against ".join(sides) + ".")


@pytest.mark.parametrize("name", ["salamis-strait", "salamis-open", "salamis-duel"])
def test_the_help_describes_each_map_as_it_is(name: str) -> None:
    help_text = (Path(galleys.__file__).parent / "help.md").read_text()
    assert _described(name) in help_text.splitlines()


def test_boarding_fights_go_in_order_and_skip_a_galley_gone(dice) -> None:  # type: ignore[no-untyped-def]
    """help.md: "their fights are fought in the order the marines got across; a fight
    whose galley has left the battle by then ... is not fought"."""
    from tui_naval.core.engine import Log

    state = _ram_ready()
    other = evolve(state.ship("P1"), id="P9", cell=Cell(2, 2))
    gone = evolve(state.ship("A1"), id="A9", cell=Cell(3, 3), side="persian",
                  taken_from="greek", fate=CAPTURED)
    state = evolve(state, ships=(*state.ships, other, gone),
                   fights=(("P1", "A1"), ("A1", "P9"), ("A9", "P1")))
    dice(*([1] * 40))  # every die a 1: no hits, nobody taken
    log = Log(state.turn)
    after = contact.melee(state, log)
    fought = [e.text for e in log.events if e.kind == "melee"]
    assert [line.split(":")[0] for line in fought] == [
        f"hand to hand on {label}" for label in (
            contact.label(state.ship("A1")), contact.label(state.ship("P9")))]
    assert after.fights == ()


def test_a_galley_that_broke_away_lies_within_an_inch_unlocked(dice) -> None:  # type: ignore[no-untyped-def]
    """help.md: "she stays in her cell, turned parallel and no longer locked ... still
    'within an inch' of the enemy"."""
    state = _ram_ready()
    state = evolve(state, locks=(Lock("A1", "P1"),))
    state = at_phase(state, "launch", half=1)
    dice(3, 3)
    state = play(state, "P1 helm breakaway")
    while state.phase == "move" and ask(state).kind in ("stop", "bows"):
        state = RULESET.apply(state, ask(state).options[-1])
    a1, p1 = state.ship("A1"), state.ship("P1")
    assert not state.locks and state.grid.distance(a1.cell, p1.cell) == 1


def test_galleys_locked_together_still_shoot_their_bows() -> None:
    """help.md: "Galleys locked together still shoot: the text stops no locked ship's
    bows"."""
    state = evolve(_ram_ready(), locks=(Lock("A1", "P1"),))
    assert state.ship("P1") in galleys.bow_targets(state, state.ship("A1"))
    assert state.ship("A1") in galleys.bow_targets(state, state.ship("P1"))
