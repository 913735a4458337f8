"""The phase engine (``core.engine``) on a toy game declared in this file.

The toy is no rulebook: two or three ships on a strip of sea that bid, shoot, roll
dice and sail, each step written only to show one thing the engine does: plotted
steps (answers held, hidden from the other side, resolved together), answers
applied at once, forced answers, ``Goto`` (a step repeated, a jump), ``when``,
judging after every step or only at a turn's end, the turn limit, quiet
transitions, ``observe``, ``redraw``, and an interrupt window (a move stopped
cell by cell for the other side's "Stop!", then resumed).  Real rulesets are used
only to check that ``controller.play`` never shows a player an enemy's plotted order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from attrs import evolve, frozen

from tui_naval.core import engine
from tui_naval.core.controller import play
from tui_naval.core.dice import Rng, Roller
from tui_naval.core.engine import HIDDEN, Auto, Decide, Goto, Log, Turn
from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.history import Game
from tui_naval.core.maps import load_map
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.scenario import Setup
from tui_naval.core.state import Board, End, GameState, Goal, GoalKind, Outcome, ShipBase
from tui_naval.core.wind import Wind
from tui_naval.rulesets import find_ruleset

# -- the toy -----------------------------------------------------------------------------


@frozen(kw_only=True)
class ToyShip(ShipBase):
    points: int = 0
    #: A spent ship has one option left in every step (the engine answers for her).
    spent: bool = False


@frozen(kw_only=True)
class ToyState(GameState):
    ships: tuple[ToyShip, ...]
    #: The steps taken and what they resolved, in order: what the tests read.
    trace: tuple[str, ...] = ()
    #: Volleys still to fire (a step that repeats itself).
    volleys: int = 0
    #: The interrupt window's move in progress: the cells of her course, how many
    #: she has sailed, and where the other side shot at her.
    course: tuple[Cell, ...] = ()
    sailed: int = 0
    shots: tuple[Cell, ...] = ()

    def ship(self, ship_id: str) -> ToyShip:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise KeyError(ship_id)


SHIPS = (("B1", "blue", Cell(0, 1)), ("R1", "red", Cell(7, 1)))


def toy(turns: int = 5, ships: tuple[tuple[str, str, Cell], ...] = SHIPS,
        **changes: Any) -> ToyState:
    """A toy state before its first step (``phase`` empty: ``engine.start`` picks it)."""
    grid = Grid(GridKind.SQUARE, 8, 3)
    board = Board("strip", grid, ("." * 8,) * 3)
    state = ToyState(ruleset="toy", board=board, goal=Goal(GoalKind.BATTLE, turns),
                     sides=("blue", "red"), wind=Wind(0, 2), rng=Rng.from_seed(1),
                     ships=tuple(ToyShip(id=i, side=s, kind="boat", cell=c, heading=2)
                                 for i, s, c in ships))
    return evolve(state, **changes)


def traced(state: ToyState, text: str) -> ToyState:
    return evolve(state, trace=(*state.trace, text))


def mark(name: str) -> Callable[[ToyState, Log], ToyState]:
    """An automatic step that only notes it was taken (and logs it)."""

    def run(state: ToyState, log: Log) -> ToyState:
        log("step", f"{name} on turn {state.turn}")
        return traced(state, name)

    return run


def scored(state: ToyState, ship_id: str, points: int) -> ToyState:
    ship = state.ship(ship_id)
    return state.with_ship(evolve(ship, points=ship.points + points))


def never(state: ToyState) -> Outcome | None:
    return None


def level(state: ToyState) -> Outcome:
    return Outcome(None, f"turn limit {state.goal.turns}", End.TURN_LIMIT)


def first_to(points: int) -> Callable[[ToyState], Outcome | None]:
    """A judge: the first ship to ``points`` wins."""

    def judge(state: ToyState) -> Outcome | None:
        for ship in state.ships:
            if ship.points >= points:
                return Outcome(ship.side, f"{ship.id} has {ship.points} points", End.FINISHED)
        return None

    return judge


def begin(turn: Turn[ToyState], state: ToyState) -> ToyState:
    return engine.start(turn, state, Log(state.turn))


def decision_of(turn: Turn[ToyState], state: ToyState) -> Decision:
    decision = engine.ask(turn, state)
    assert decision is not None
    return decision


def answer(turn: Turn[ToyState], state: ToyState, text: str, loud: bool = True) -> ToyState:
    return engine.apply(turn, state, Order.parse(text), loud)


# -- plotted steps: answers held, hidden, resolved together ------------------------------

def bid_ask(state: ToyState) -> Decision | None:
    """Each ship in turn plots a bid of 1 to 3 (a spent ship can only bid 0)."""
    done = {order.ship for order in state.plotted}
    for ship in state.ships:
        if ship.id not in done:
            bids = ("0",) if ship.spent else ("1", "2", "3")
            return Decision(ship.side, "bid", ship.id, f"{ship.id}: your bid?",
                            tuple(Order(ship.id, "bid", b) for b in bids), plotted=True)
    return None


def bid_close(state: ToyState, held: tuple[Order, ...], log: Log) -> ToyState:
    """Every bid counts at once: each ship scores her bid."""
    for order in held:
        state = scored(state, order.ship, int(order.arg))
        log("bid", f"{order.ship} bids {order.arg}", order.ship)
    return traced(state, "bids: " + ", ".join(str(o) for o in held))


BIDDING = Turn(steps=(Decide("bid", bid_ask, close=bid_close), Auto("end", mark("end"))),
               judge=never, at_limit=level)


def test_a_plotted_answer_is_held_until_every_answer_is_in() -> None:
    state = begin(BIDDING, toy())
    assert (state.turn, state.phase) == (1, "bid")
    first = decision_of(BIDDING, state)
    assert (first.ship, first.plotted) == ("B1", True)
    held = answer(BIDDING, state, "B1 bid 3")
    # Held: nothing is resolved, nothing rolled; the step waits on the other side.
    assert held.plotted == (Order("B1", "bid", "3"),)
    assert held.phase == "bid" and held.ships == state.ships and held.rng == state.rng
    assert held.trace == ()
    assert decision_of(BIDDING, held).ship == "R1"
    done = answer(BIDDING, held, "R1 bid 1")
    # Resolved together, in the order given; the step's held answers are cleared.
    assert done.trace == ("bids: B1 bid 3, R1 bid 1", "end")
    assert (done.ship("B1").points, done.ship("R1").points) == (3, 1)
    assert done.plotted == () and done.acted == ()
    assert (done.turn, done.phase) == (2, "bid")
    assert [e.text for e in done.events if e.kind == "bid"] == ["B1 bids 3", "R1 bids 1"]


def test_observe_hides_the_other_sides_plotted_orders() -> None:
    held = answer(BIDDING, begin(BIDDING, toy()), "B1 bid 3")
    seen = engine.observe(held, "red")
    # Red may know that B1 has answered, not what she answered.
    assert seen.plotted == (Order("B1", HIDDEN),)
    assert str(seen.plotted[0]) == f"B1 {HIDDEN}"
    assert evolve(seen, plotted=held.plotted) == held  # nothing else is hidden
    assert engine.observe(held, "blue") is held  # her own orders she sees
    assert engine.observe(begin(BIDDING, toy()), "red").plotted == ()
    # What red is asked does not depend on what blue plotted.
    assert decision_of(BIDDING, seen) == decision_of(BIDDING, held)


# -- answers applied at once -------------------------------------------------------------

def shoot_ask(state: ToyState) -> Decision | None:
    """Each ship in turn shoots or holds; a spent ship can only hold."""
    done = {order.ship for order in state.acted}
    for ship in state.ships:
        if ship.id in done:
            continue
        options = [Order(ship.id, "hold")]
        if not ship.spent:
            options += [Order(ship.id, "shoot", t.id) for t in state.ships if t.side != ship.side]
        return Decision(ship.side, "shoot", ship.id, f"{ship.id} ({ship.points} points): shoot?",
                        tuple(options))
    return None


def shoot_answer(state: ToyState, order: Order, log: Log) -> ToyState:
    if order.verb == "hold":
        return traced(state, f"{order.ship} holds")
    log("shot", f"{order.ship} hits {order.arg}", order.ship)
    return traced(scored(scored(state, order.arg, -1), order.ship, 1), f"{order} hits")


SHOOTING = Turn(steps=(Decide("shoot", shoot_ask, answer=shoot_answer),
                       Auto("end", mark("end"))),
                judge=never, at_limit=level)


def test_an_answer_that_is_not_plotted_is_applied_at_once() -> None:
    state = begin(SHOOTING, toy())
    assert not decision_of(SHOOTING, state).plotted
    after = answer(SHOOTING, state, "B1 shoot R1")
    # Applied at once, in the same step: the next ship is asked in the changed state.
    assert after.phase == "shoot" and after.acted == (Order("B1", "shoot", "R1"),)
    assert after.plotted == ()
    assert after.ship("R1").points == -1 and after.ship("B1").points == 1
    assert [e.text for e in after.events] == ["B1 hits R1"]
    asked = decision_of(SHOOTING, after)
    assert asked.ship == "R1" and "(-1 points)" in asked.prompt
    last = answer(SHOOTING, after, "R1 hold")
    assert last.trace == ("B1 shoot R1 hits", "R1 holds", "end")
    assert last.acted == () and (last.turn, last.phase) == (2, "shoot")


def test_illegal_orders_are_refused_and_change_nothing() -> None:
    state = begin(SHOOTING, toy())
    with pytest.raises(IllegalOrder, match="legal: B1 hold, B1 shoot R1"):
        answer(SHOOTING, state, "B1 shoot B1")
    with pytest.raises(IllegalOrder):
        answer(SHOOTING, state, "R1 hold")  # not R1's turn
    assert decision_of(SHOOTING, state).ship == "B1"


# -- forced answers ----------------------------------------------------------------------

THREE = (("B1", "blue", Cell(0, 1)), ("B2", "blue", Cell(0, 2)), ("R1", "red", Cell(7, 1)))


def test_a_decision_with_one_option_is_answered_by_the_engine() -> None:
    state = toy(ships=THREE)
    state = state.with_ship(evolve(state.ship("B2"), spent=True))
    started = begin(SHOOTING, state)
    after = answer(SHOOTING, started, "B1 hold")
    # B2 could only hold: she is never asked, her answer is applied for her.
    assert decision_of(SHOOTING, after).ship == "R1"
    assert after.acted == (Order("B1", "hold"), Order("B2", "hold"))
    assert after.trace == ("B1 holds", "B2 holds")
    # The same for a plotted answer: held for her like any other.
    bidding = answer(BIDDING, begin(BIDDING, state), "B1 bid 2")
    assert bidding.plotted == (Order("B1", "bid", "2"), Order("B2", "bid", "0"))
    assert decision_of(BIDDING, bidding).ship == "R1"


def test_forced_answers_run_on_until_a_real_choice_or_the_end() -> None:
    both = Turn(steps=(Decide("shoot", shoot_ask, answer=shoot_answer),
                       Decide("bid", bid_ask, close=bid_close)), judge=never, at_limit=level)
    state = toy(turns=3)
    spent = evolve(state, ships=tuple(evolve(s, spent=True) for s in state.ships))
    # R1 alone has a choice: B1's hold is given for her, and the game waits on R1.
    started = begin(both, spent.with_ship(evolve(spent.ship("R1"), spent=False)))
    assert started.trace == ("B1 holds",) and started.acted == (Order("B1", "hold"),)
    assert (started.phase, decision_of(both, started).ship) == ("shoot", "R1")
    # After R1's shot, B1's forced bid is held and R1 is asked again.
    started = answer(both, started, "R1 shoot B1")
    assert started.plotted == (Order("B1", "bid", "0"),)
    assert (started.phase, decision_of(both, started).ship) == ("bid", "R1")
    # Nobody has a choice: the game runs on by itself to its end.
    over = begin(both, spent)
    turn = ("B1 holds", "R1 holds", "bids: B1 bid 0, R1 bid 0")
    assert over.trace == turn * 3
    assert over.outcome == Outcome(None, "turn limit 3", End.TURN_LIMIT) and over.turn == 3


# -- Goto: a step repeated, a jump ---------------------------------------------------------

def volley(state: ToyState, log: Log) -> ToyState | Goto[ToyState]:
    """Fire while volleys are left: the step comes round again."""
    if state.volleys == 0:
        return traced(state, "volleys done")
    state = traced(evolve(state, volleys=state.volleys - 1), f"volley {state.volleys}")
    return Goto(state, "volley")


def test_goto_its_own_name_repeats_a_step() -> None:
    turn = Turn(steps=(Auto("volley", volley), Decide("bid", bid_ask, close=bid_close)),
                judge=never, at_limit=level)
    state = begin(turn, toy(volleys=3))
    assert state.trace == ("volley 3", "volley 2", "volley 1", "volleys done")
    assert state.phase == "bid" and state.turn == 1


def test_goto_jumps_to_a_step_by_name_and_clears_the_held_answers() -> None:
    def close_and_jump(state: ToyState, held: tuple[Order, ...],
                       log: Log) -> ToyState | Goto[ToyState]:
        return Goto(bid_close(state, held, log), "last")

    turn = Turn(steps=(Decide("bid", bid_ask, close=close_and_jump), Auto("skipped", mark("no")),
                       Auto("last", mark("last"))), judge=never, at_limit=level)
    state = answer(turn, answer(turn, begin(turn, toy()), "B1 bid 1"), "R1 bid 2")
    assert state.trace == ("bids: B1 bid 1, R1 bid 2", "last")
    assert (state.turn, state.phase, state.plotted) == (2, "bid", ())


def test_a_decision_step_repeated_by_goto_asks_afresh() -> None:
    rounds: list[int] = []

    def twice(state: ToyState, held: tuple[Order, ...], log: Log) -> ToyState | Goto[ToyState]:
        rounds.append(len(held))
        state = bid_close(state, held, log)
        return Goto(state, "bid") if len(rounds) % 2 else state

    turn = Turn(steps=(Decide("bid", bid_ask, close=twice),), judge=never, at_limit=level)
    state = begin(turn, toy())
    for text in ("B1 bid 1", "R1 bid 1"):
        state = answer(turn, state, text)
    assert (state.turn, state.phase, state.plotted) == (1, "bid", ())  # the same step again
    assert decision_of(turn, state).ship == "B1"
    for text in ("B1 bid 2", "R1 bid 3"):
        state = answer(turn, state, text)
    assert rounds == [2, 2] and state.turn == 2
    assert (state.ship("B1").points, state.ship("R1").points) == (3, 4)


def test_a_turn_names_its_steps() -> None:
    assert BIDDING.names == ("bid", "end")
    assert BIDDING.index("end") == 1 and BIDDING.step("bid").name == "bid"
    with pytest.raises(KeyError):
        BIDDING.step("nowhere")
    with pytest.raises(KeyError):
        BIDDING.index("nowhere")


# -- when ------------------------------------------------------------------------------------

def test_a_step_is_taken_only_when_its_condition_holds() -> None:
    turn = Turn(steps=(Auto("wind", mark("wind"), when=lambda s: s.turn > 1),
                       Decide("bid", bid_ask, close=bid_close),
                       Decide("shoot", shoot_ask, answer=shoot_answer,
                              when=lambda s: s.turn % 2 == 0),
                       Auto("end", mark("end"))),
                judge=never, at_limit=level)
    state = begin(turn, toy())
    assert engine.first_step(turn, toy()) == "bid"  # no wind on turn 1
    assert state.phase == "bid" and state.trace == ()
    state = answer(turn, answer(turn, state, "B1 bid 1"), "R1 bid 1")
    # No shooting on turn 1; turn 2 begins with the wind.
    assert state.trace == ("bids: B1 bid 1, R1 bid 1", "end", "wind")
    assert (state.turn, state.phase) == (2, "bid")
    state = answer(turn, answer(turn, state, "B1 bid 1"), "R1 bid 1")
    assert state.phase == "shoot"
    with pytest.raises(ValueError, match="no step"):
        engine.first_step(Turn(steps=(Auto("never", mark("x"), when=lambda s: False),),
                               judge=never, at_limit=level), toy())


# -- judging ---------------------------------------------------------------------------------

def score_three(state: ToyState, log: Log) -> ToyState:
    return traced(scored(state, "B1", 3), "score")


def judged_turn(every_step: bool) -> Turn[ToyState]:
    return Turn(steps=(Auto("score", score_three), Auto("after", mark("after")),
                       Decide("bid", bid_ask, close=bid_close)),
                judge=first_to(3), at_limit=level, judge_every_step=every_step)


def test_judged_after_every_step_the_game_ends_at_once() -> None:
    state = begin(judged_turn(True), toy())
    assert state.outcome == Outcome("blue", "B1 has 3 points", End.FINISHED)
    assert state.trace == ("score",)  # the step after it is never taken
    assert (state.turn, state.phase) == (1, "after")  # (where the turn would have gone on)
    assert [e.text for e in state.events if e.kind == "over"] == ["blue wins: B1 has 3 points"]
    assert engine.ask(judged_turn(True), state) is None


def test_judged_only_at_a_turns_end_the_turn_is_played_out() -> None:
    turn = judged_turn(False)
    state = begin(turn, toy())
    # Decided after "score", but judged only once the turn is over: "after" and the
    # bidding still happen.
    assert state.outcome is None and state.trace == ("score", "after")
    state = answer(turn, answer(turn, state, "B1 bid 1"), "R1 bid 1")
    assert state.outcome == Outcome("blue", "B1 has 4 points", End.FINISHED)
    assert state.turn == 1 and state.trace[-1].startswith("bids")


def test_an_answer_applied_at_once_is_judged_at_once() -> None:
    turn = Turn(steps=(Decide("shoot", shoot_ask, answer=shoot_answer),),
                judge=first_to(1), at_limit=level)
    state = answer(turn, begin(turn, toy()), "B1 shoot R1")
    assert state.outcome is not None and state.outcome.winner == "blue"
    assert state.trace == ("B1 shoot R1 hits",)  # R1 is not asked
    with pytest.raises(IllegalOrder, match="over"):
        answer(turn, state, "R1 hold")


# -- the turn limit --------------------------------------------------------------------------

def test_the_turn_limit_ends_the_game_after_the_last_turn() -> None:
    turn = Turn(steps=(Auto("tick", mark("tick")),), judge=never, at_limit=level)
    state = begin(turn, toy(turns=3))
    assert state.trace == ("tick", "tick", "tick")
    assert state.turn == 3 and state.outcome == Outcome(None, "turn limit 3", End.TURN_LIMIT)
    assert [e.turn for e in state.events if e.kind == "step"] == [1, 2, 3]
    assert [e.text for e in state.events if e.kind == "over"] == ["draw: turn limit 3"]


def test_a_game_decided_on_its_last_turn_is_judged_not_timed_out() -> None:
    turn = Turn(steps=(Decide("bid", bid_ask, close=bid_close),), judge=first_to(5),
                at_limit=level, judge_every_step=False)
    state = begin(turn, toy(turns=2))
    for text in ("B1 bid 3", "R1 bid 1", "B1 bid 3", "R1 bid 1"):
        state = answer(turn, state, text)
    assert state.outcome == Outcome("blue", "B1 has 6 points", End.FINISHED) and state.turn == 2


# -- quiet transitions, the kept decision -------------------------------------------------------

def test_a_quiet_apply_keeps_no_events_and_plays_the_same() -> None:
    state = begin(SHOOTING, toy())
    loud = answer(SHOOTING, state, "B1 shoot R1")
    quiet = answer(SHOOTING, state, "B1 shoot R1", loud=False)
    assert loud.events and quiet.events == ()
    assert quiet == loud and quiet.trace == loud.trace
    log = Log(1, loud=False)
    log("shot", "nobody hears this")
    assert log.events == []


def test_the_decision_a_state_waits_on_is_kept_with_it() -> None:
    state = begin(SHOOTING, toy())
    assert state.pending is not None
    assert engine.ask(SHOOTING, state) is state.pending.decision
    # An edited state asks again: the cache is not copied.
    edited = state.with_ship(evolve(state.ship("B1"), spent=True))
    assert edited.pending is None
    assert [str(o) for o in decision_of(SHOOTING, edited).options] == ["B1 hold"]


# -- redraw: other dice, the same rules ---------------------------------------------------------

def roll_close(state: ToyState, held: tuple[Order, ...], log: Log) -> ToyState:
    roller = Roller(state.rng)
    for order in held:
        if order.arg == "roll":
            roll = roller.roll("1d6")
            state = scored(state, order.ship, roll.total)
            log("roll", f"{order.ship} rolls {roll}", order.ship)
    return evolve(state, rng=roller.rng)


def roll_ask(state: ToyState) -> Decision | None:
    done = {order.ship for order in state.plotted}
    for ship in state.ships:
        if ship.id not in done:
            return Decision(ship.side, "roll", ship.id, "roll?",
                            (Order(ship.id, "dice", "roll"), Order(ship.id, "dice", "pass")),
                            plotted=True)
    return None


ROLLING = Turn(steps=(Decide("roll", roll_ask, close=roll_close),), judge=never, at_limit=level)


def test_redraw_changes_the_future_dice_not_the_present_rules() -> None:
    state = answer(ROLLING, begin(ROLLING, toy()), "B1 dice roll")
    redrawn = engine.redraw(state, 7)
    assert redrawn.rng != state.rng
    assert evolve(redrawn, rng=state.rng) == state  # nothing else changes
    assert engine.redraw(state, 7) == redrawn  # the same salt, the same dice
    assert engine.redraw(state, 8).rng != redrawn.rng
    assert decision_of(ROLLING, redrawn) == decision_of(ROLLING, state)
    # The state's own dice are fixed: the same order gives the same roll every time...
    real = [answer(ROLLING, state, "R1 dice pass").ship("B1").points for _ in range(3)]
    assert len(set(real)) == 1
    # ...while redrawn futures roll anything the die can.
    sampled = {answer(ROLLING, engine.redraw(state, salt), "R1 dice pass").ship("B1").points
               for salt in range(60)}
    assert sampled == {1, 2, 3, 4, 5, 6}


# -- an interrupt window: a move stopped part-way and resumed ----------------------------------

def sail_ask(state: ToyState) -> Decision | None:
    """B1 orders her move; then after each cell she sails, red is asked: "Stop!" (and shoot)
    or let her go on.  The move in progress is the state's ``course`` and ``sailed``."""
    if not state.course:
        return Decision("blue", "move", "B1", "B1: how far east?",
                        (Order("B1", "sail", "2"), Order("B1", "sail", "3")))
    windows = len(state.acted) - 1  # answers given after her move order
    if windows < state.sailed:
        where = state.ship("B1").cell
        return Decision("red", "window", "R1",
                        f"B1 is at {where} ({state.sailed}/{len(state.course)} cells): stop her?",
                        (Order("R1", "stop"), Order("R1", "go")))
    return None


def step_on(state: ToyState, log: Log) -> ToyState:
    """She sails the next cell of her course."""
    b1 = state.ship("B1")
    cell = state.course[state.sailed]
    log("move", f"B1 sails into {cell}", "B1")
    return evolve(state.with_ship(evolve(b1, cell=cell)), sailed=state.sailed + 1)


def sail_answer(state: ToyState, order: Order, log: Log) -> ToyState:
    if order.verb == "sail":
        b1 = state.ship("B1")
        course = tuple(Cell(b1.cell.col + n, b1.cell.row) for n in range(1, int(order.arg) + 1))
        return step_on(evolve(state, course=course, sailed=0), log)
    if order.verb == "stop":
        where = state.ship("B1").cell
        log("shot", f"Stop! R1 shoots at B1 in {where}", "R1")
        state = scored(evolve(state, shots=(*state.shots, where)), "B1", -1)
    if state.sailed < len(state.course):
        state = step_on(state, log)  # the move resumes
    return state


def arrive(state: ToyState, held: tuple[Order, ...], log: Log) -> ToyState:
    return traced(evolve(state, course=(), sailed=0), f"B1 arrives at {state.ship('B1').cell}")


SAILING = Turn(steps=(Decide("sail", sail_ask, answer=sail_answer, close=arrive),
                      Auto("end", mark("end"))), judge=never, at_limit=level)


def test_an_interrupt_window_stops_a_move_part_way_and_resumes_it() -> None:
    state = answer(SAILING, begin(SAILING, toy()), "B1 sail 3")
    # One cell sailed, two to go: the move waits, in the state, on red's answer.
    window = decision_of(SAILING, state)
    assert (window.side, window.kind, window.plotted) == ("red", "window", False)
    assert state.phase == "sail" and state.sailed == 1
    assert state.ship("B1").cell == Cell(1, 1) and "B1 is at 1,1 (1/3" in window.prompt
    # "Stop!": red shoots at her where she is; then she sails on, and red is asked again.
    state = answer(SAILING, state, "R1 stop")
    assert state.shots == (Cell(1, 1),) and state.ship("B1").points == -1
    assert [e.text for e in state.events] == ["Stop! R1 shoots at B1 in 1,1",
                                              "B1 sails into 2,1"]
    assert state.phase == "sail" and state.sailed == 2 and state.ship("B1").cell == Cell(2, 1)
    assert decision_of(SAILING, state).kind == "window"
    state = answer(SAILING, state, "R1 go")
    assert state.sailed == 3 and state.ship("B1").cell == Cell(3, 1) and state.shots == (
        Cell(1, 1),)
    # After her last cell the window is offered once more; then the move is over.
    state = answer(SAILING, state, "R1 stop")
    assert state.shots == (Cell(1, 1), Cell(3, 1)) and state.ship("B1").points == -2
    assert state.ship("B1").cell == Cell(3, 1)
    assert state.trace == ("B1 arrives at 3,1", "end")
    assert (state.turn, state.phase, state.course, state.acted) == (2, "sail", (), ())


def test_a_move_stopped_part_way_is_a_state_like_any_other() -> None:
    """Stopped mid-move, the state can be observed, undone to and replayed exactly."""
    start = answer(SAILING, begin(SAILING, toy()), "B1 sail 2")
    stopped = answer(SAILING, start, "R1 stop")
    assert stopped.sailed == 2 and stopped.phase == "sail"
    assert engine.observe(stopped, "red") is stopped  # nothing plotted: nothing to hide
    again = answer(SAILING, start, "R1 stop")
    assert again == stopped and again.events == stopped.events
    assert answer(SAILING, again, "R1 go") == answer(SAILING, stopped, "R1 go")


# -- players are only ever handed what their side may know ----------------------------------

class Spy:
    """A player that plays at random and keeps every state it is handed."""

    name = "spy"

    def __init__(self, side: str, log: list[tuple[str, GameState]]) -> None:
        self.side = side
        self.log = log

    def choose(self, state: GameState, decision: Decision) -> Order:
        assert decision.side == self.side
        self.log.append((self.side, state))
        key = (state.rng.state + len(state.plotted) + len(state.acted)) % len(decision.options)
        return decision.options[key]


@pytest.mark.parametrize(("ruleset_name", "map_name", "grid", "turns"), [
    ("ships-and-sails", "ss-duel", GridKind.HEX_FLAT, 4),
    ("salt-n-tar", "square-regatta", GridKind.SQUARE, 4),
    ("salt-and-shot", "sas-islands", GridKind.SQUARE, 3),
])
def test_play_never_shows_a_player_an_enemys_plotted_order(ruleset_name: str, map_name: str,
                                                           grid: GridKind, turns: int) -> None:
    ruleset = find_ruleset(ruleset_name)
    spec = load_map(map_name)
    game = Game(ruleset, Setup(ruleset.name, spec.name, spec.text, grid, 3))
    seen: list[tuple[str, GameState]] = []
    play(game, {side: Spy(side, seen) for side in game.state.sides}, turns=turns)
    hidden = own = 0
    for side, state in seen:
        for order in state.plotted:
            if state.ship(order.ship).side == side:
                assert order.verb != HIDDEN
                own += 1
            else:
                assert (order.verb, order.arg) == (HIDDEN, ""), (side, order)
                hidden += 1
    # The check is not empty: each side answered while the other's orders were held.
    assert hidden and own
    assert {side for side, _ in seen} == set(game.state.sides)


# -- a game without wind ---------------------------------------------------------------------

def test_a_game_without_wind_runs_and_saves_like_any_other() -> None:
    """Oared galleys: a ruleset's state may have no wind (``GameState.wind`` None), and the
    engine and the saves' converter take it as it is."""
    from tui_naval.core.saves import get_converter

    start = toy(wind=None)
    stopped = answer(SAILING, answer(SAILING, begin(SAILING, start), "B1 sail 2"), "R1 stop")
    assert stopped.wind is None and stopped.sailed == 2
    converter = get_converter()
    again = converter.structure(converter.unstructure(stopped), ToyState)
    assert again == stopped and again.wind is None


def test_a_state_takes_several_ships_in_one_copy_and_is_kept_when_none_changed() -> None:
    state = toy(ships=(*SHIPS, ("B2", "blue", Cell(1, 2))))
    assert state.with_ships({}) is state
    assert state.with_ships({s.id: s for s in state.ships}) is state
    first, last = state.ships[0], state.ships[-1]
    turned = evolve(first, heading=state.grid.turn(first.heading, 1))
    sunk = evolve(last, afloat=False)
    both = state.with_ships({first.id: turned, last.id: sunk})
    assert both.ships == (turned, *state.ships[1:-1], sunk)
    assert both == state.with_ship(turned).with_ship(sunk)
