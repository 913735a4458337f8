"""What every game state must satisfy: a state from outside (a save's snapshot) is
checked before it is used, so one the rules cannot have made is refused, never played.

``state_problem`` holds for any state of any ruleset (sides, board, goal, turn, ships,
orders, locks, numbers); ``start_problem`` compares a state with its game's first state
(the same board, goal, sides and ships as the setup's map); a ruleset adds its own
invariants in ``Ruleset.invalid``; ``rules_problem`` finally asks the rules for the
decision the state waits on and plays each of its options quietly.  ``check_state``
runs them all.  Each problem is one short line.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

import attrs
from attrs import evolve

from tui_naval.core.dice import Rng
from tui_naval.core.grid import Cell
from tui_naval.core.maps import LIMITS, MAX_SIZE
from tui_naval.core.messages import cut
from tui_naval.core.orders import NO_SHIP, IllegalOrder, Order
from tui_naval.core.state import GameState, Terrain

if TYPE_CHECKING:
    from tui_naval.core.ruleset import Ruleset

#: The largest size of a number anywhere in a state (the RNG's 64-bit state apart): far
#: above any figure the rules reach (a ship's crew of 3,400 is the largest), far below
#: what would make a loop over it hang.
MAX_NUMBER = 1_000_000
#: The largest board side and the longest turn limit: what a map may declare.
MAX_SIDE = MAX_SIZE
MAX_TURNS = LIMITS["turns"][1]
_TERRAIN = frozenset(t.value for t in Terrain)


class InvalidState(ValueError):
    """A state that breaks an invariant; the message says which, in one line."""


def check_state(state: GameState, ruleset: Ruleset[Any], start: GameState | None = None) -> None:
    """Raise InvalidState unless ``state`` keeps every invariant: its own, its first state's
    (``start``, when given), its ruleset's, and the rules can play on from it."""
    problem = (state_problem(state) or (start_problem(state, start) if start else None)
               or ruleset_problem(state, ruleset) or rules_problem(state, ruleset))
    if problem:
        raise InvalidState(problem)


def state_problem(state: GameState) -> str | None:
    """What breaks an invariant every state of every ruleset keeps, or None."""
    return (_sides_problem(state) or _board_problem(state) or _goal_problem(state)
            or _turn_problem(state) or _ships_problem(state) or _orders_problem(state)
            or _values_problem(state))


def start_problem(state: GameState, start: GameState) -> str | None:
    """What differs from the game's first state that no play can change, or None."""
    for name in ("ruleset", "board", "goal", "sides"):
        if getattr(state, name) != getattr(start, name):
            return f"its {name} is not the one its setup gives"
    if type(state) is not type(start):
        return f"it is a {type(state).__name__}, not a {type(start).__name__}"
    ours = [(s.id, s.kind, s.name, s.fleet) for s in state.ships]
    if ours != [(s.id, s.kind, s.name, s.fleet) for s in start.ships]:
        return "its ships are not the ones its setup gives"
    return None


def ruleset_problem(state: GameState, ruleset: Ruleset[Any]) -> str | None:
    """What breaks the ruleset's own invariants (its type, name, ``invalid``), or None."""
    if type(state) is not ruleset.state_type:
        return f"it is a {type(state).__name__}, not a state of {ruleset.name}"
    if state.ruleset != ruleset.name:
        return f"it is a state of {cut(state.ruleset)}, not of {ruleset.name}"
    return ruleset.invalid(state)


def rules_problem(state: GameState, ruleset: Ruleset[Any]) -> str | None:
    """Whether the rules can play on from ``state``: the decision it waits on is a real one,
    each of its options plays (quietly), and the state reads for every side and ship.

    The rules are run on a state from outside here, so any error they raise means the
    state is not one of theirs (it is reported, not raised)."""
    try:
        return _plotted_problem(state, ruleset) or _decision_problem(state, ruleset)
    except Exception as exc:  # whatever the rules trip on is the state's fault
        text = str(exc).splitlines()[0][:60] if str(exc) else ""
        return f"the rules cannot play it ({type(exc).__name__}{': ' if text else ''}{text})"


def _decision_problem(state: GameState, ruleset: Ruleset[Any]) -> str | None:
    decision = ruleset.decision(state)
    if decision is None:
        return None if state.outcome is not None else "the game is not over but waits on nothing"
    if decision.side not in state.sides or not decision.options:
        return "it waits on a decision no side can make"
    for side in state.sides:
        ruleset.observe(state, side)
        ruleset.evaluate(state, side)
    for ship in state.ships:
        ruleset.describe(state, ship.id)
    for option in decision.options:
        ruleset.apply(state, option, loud=False)
    return None


def _plotted_problem(state: GameState, ruleset: Ruleset[Any]) -> str | None:
    """The held orders must be answers the rules took, one after another, in this step:
    given again from the step's start (the state without them), they lead to the state."""
    if not state.plotted or state.outcome is not None:
        return None
    held = state.plotted
    replayed = evolve(state, plotted=())
    while len(replayed.plotted) < len(held):
        if replayed.plotted != held[:len(replayed.plotted)] or replayed.outcome is not None:
            return "its held orders are not answers the rules took"
        try:
            replayed = ruleset.apply(replayed, held[len(replayed.plotted)], loud=False)
        except IllegalOrder:
            return f"its held order {cut(str(held[len(replayed.plotted)]), 30)} is not legal"
    if replayed != state:
        return "its held orders are not answers the rules took"
    return None


def _sides_problem(state: GameState) -> str | None:
    sides = state.sides
    if len(sides) < 2:
        return f"it has {len(sides)} side{'' if len(sides) == 1 else 's'} (at least two play)"
    if len(set(sides)) != len(sides) or not all(sides):
        return "its sides are not distinct names"
    return None


def _board_problem(state: GameState) -> str | None:
    board = state.board
    grid = board.grid
    if not (1 <= grid.width <= MAX_SIDE and 1 <= grid.height <= MAX_SIDE):
        return f"its board is not 1 to {MAX_SIDE} cells a side"
    if len(board.terrain) != grid.height:
        return f"its board has {len(board.terrain)} terrain rows for {grid.height} rows"
    for row, line in enumerate(board.terrain):
        if len(line) != grid.width:
            return f"terrain row {row} has {cut(len(line))} cells, not {grid.width}"
        if not set(line) <= _TERRAIN:
            return f"terrain row {row} holds an unknown terrain"
    labels = [mark.label for mark in board.marks]
    if len(set(labels)) != len(labels):
        return "two marks share a label"
    if board.scale < 1:
        return "its board scale is below 1"
    return None


def _goal_problem(state: GameState) -> str | None:
    goal = state.goal
    labels = {mark.label for mark in state.board.marks}
    if not 1 <= goal.turns <= MAX_TURNS:
        return f"its turn limit {cut(goal.turns)} is not 1 to {MAX_TURNS}"
    for label in goal.course:
        if label not in labels:
            return f"its course names mark {cut(label)}, which the board lacks"
    if goal.quarry and goal.quarry not in state.sides:
        return f"its quarry {cut(goal.quarry)} is no side"
    if goal.rounding < 0 or goal.catch < 0:
        return "its goal has a negative distance"
    return None


def _turn_problem(state: GameState) -> str | None:
    if not 1 <= state.turn <= state.goal.turns:
        return f"turn {cut(state.turn)} is not within the limit of {state.goal.turns}"
    outcome = state.outcome
    if outcome is not None and outcome.winner is not None and outcome.winner not in state.sides:
        return f"its winner {cut(outcome.winner)} is no side"
    ids = {ship.id for ship in state.ships}
    for ship_id in outcome.ships if outcome is not None else ():
        if ship_id not in ids:
            return f"its outcome names no ship of its own ({cut(ship_id)})"
    if not 0 <= state.rng.state < 2**64:
        return "its dice are not a 64-bit state"
    wind = state.wind
    if wind is not None and not (0 <= wind.direction < state.grid.points and wind.speed >= 0):
        return f"its wind {cut(wind.direction)}/{cut(wind.speed)} is not one of the grid"
    if wind is not None and wind.angle is not None and not (
            wind.angle in {45.0 * k for k in range(8)}
            and state.grid.nearest_facing(wind.angle) == wind.direction):
        return f"its wind's angle {cut(wind.angle)} is not one of the eight compass points"
    return None


def _ships_problem(state: GameState) -> str | None:
    ids = [ship.id for ship in state.ships]
    if not ids:
        return "it has no ships"
    if len(set(ids)) != len(ids) or not all(ids) or NO_SHIP in ids:
        return "its ships' ids are not distinct names"
    for ship in state.ships:
        if ship.side not in state.sides:
            return f"ship {cut(ship.id)} is of no side ({cut(ship.side)})"
        if not 0 <= ship.heading < state.grid.points:
            return f"ship {cut(ship.id)} heads on no facing of the grid ({cut(ship.heading)})"
        if ship.course is not None and not 0 <= ship.course < 360:
            return f"ship {cut(ship.id)} steers no compass course ({cut(ship.course)})"
    for lock in state.locks:
        if lock.a == lock.b or lock.a not in ids or lock.b not in ids:
            return f"a lock holds unknown ships ({cut(lock.a)}, {cut(lock.b)})"
    return None


def _orders_problem(state: GameState) -> str | None:
    ids = {ship.id for ship in state.ships} | {NO_SHIP}
    for kind, orders in (("held", state.plotted), ("given", state.acted)):
        for order in orders:
            if order.ship not in ids or not _is_word(order.verb) or " " in order.arg:
                return f"its {kind} order {cut(str(order), 30)} names no ship or no verb"
    return None


def _is_word(text: str) -> bool:
    return bool(text) and not any(c.isspace() for c in text)


def _values_problem(state: GameState) -> str | None:
    """Every cell anywhere in the state is on the board, every number within MAX_NUMBER."""
    grid = state.grid
    for where, value in _leaves(state, "state"):
        if isinstance(value, Cell):
            if not grid.in_bounds(value):
                return f"{where} is off the {grid.width}x{grid.height} board ({_cell(value)})"
        elif isinstance(value, float):
            if not math.isfinite(value) or abs(value) > MAX_NUMBER:
                return f"{where} is out of range"
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            return f"{where} is out of range ({cut(value)})"
    return None


def _cell(cell: Cell) -> str:
    return f"{cut(cell.col, 9)},{cut(cell.row, 9)}"


def _leaves(value: Any, where: str) -> Iterator[tuple[str, Any]]:
    """Every cell, number and other plain value in a state, with where it is (the event
    list and the dice left out)."""
    if isinstance(value, Cell):
        yield where, value
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from _leaves(item, f"{where}[{i}]")
    elif attrs.has(type(value)) and not isinstance(value, (Rng, Order)):
        for f in attrs.fields(type(value)):
            if f.init and f.name != "events":
                yield from _leaves(getattr(value, f.name), f"{where}.{f.name}")
    else:
        yield where, value


def limits_problem(value: Any, limits: Mapping[str, tuple[int, int]], what: str) -> str | None:
    """Whether each named number field of ``value`` lies in its (low, high) range; for a
    ruleset's ``invalid`` (``what`` names the value in the message)."""
    for name, (low, high) in limits.items():
        number = getattr(value, name)
        if not low <= number <= high:
            return f"{what}: {name} {cut(number)} is not {low} to {high}"
    return None
