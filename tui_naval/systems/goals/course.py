"""Races and chases: a ship's progress on the course, and how such a game is judged.

Ships in a race or chase carry a ``Progress`` (``ship.progress``): the marks
rounded, the turn she finished, whether she escaped.  ``SeaCourse`` is what the
goal does as ships step (rounding marks, escaping by an edge); ``judge`` and
``at_limit`` decide the game.
"""

from __future__ import annotations

import heapq
import itertools
from functools import lru_cache
from typing import Protocol, TypeVar

from attrs import evolve

from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell
from tui_naval.core.ruleset import Departure
from tui_naval.core.state import (
    Board,
    End,
    GameState,
    GoalKind,
    Outcome,
    ShipLike,
    Terrain,
    evolved,
)
from tui_naval.core.values import frozen

UNREACHABLE = 10_000


@frozen
class Progress:
    """A ship's progress in a race or chase."""

    #: Race: marks rounded so far; the turn the course was finished (0: not yet).
    rounded: int = 0
    finished: int = 0
    #: Chase: left the map by the escape edge.
    escaped: bool = False

    @property
    def done(self) -> bool:
        """Out of the race: finished or escaped."""
        return bool(self.finished) or self.escaped


class Racer(ShipLike, Protocol):
    """A ship with a ``progress`` component."""

    @property
    def progress(self) -> Progress: ...
    @property
    def shallow(self) -> bool:
        """She may cross shoals."""
        ...


R = TypeVar("R", bound=Racer)


def label(ship: Racer) -> str:
    return f"{ship.id} {ship.name}"


def in_race(ship: Racer) -> bool:
    """Afloat and neither finished nor escaped."""
    return ship.afloat and not ship.progress.done


def departure(ship: Racer) -> Departure | None:
    """How a ship has left the race or chase: sunk, escaped or finished (None: in it)."""
    if not ship.afloat:
        return Departure.SUNK
    if ship.progress.escaped:
        return Departure.ESCAPED
    return Departure.FINISHED if ship.progress.finished else None


# -- distances --------------------------------------------------------------------------

@lru_cache(maxsize=256)
def distance_field(board: Board, target: Cell, shallow: bool) -> dict[Cell, int]:
    """Half-cells from every reachable cell to ``target``, going round land (and shoals if
    deep): a step costs 2, a square grid's diagonal step 3 (``Grid.distance``'s count)."""
    grid = board.grid
    field = {target: 0}
    queue = [(0, target)]
    while queue:
        d, cell = heapq.heappop(queue)
        if d > field[cell]:
            continue
        for facing in range(grid.points):
            nxt = grid.neighbour(cell, facing)
            if not grid.in_bounds(nxt):
                continue
            terrain = board.terrain_at(nxt)
            if terrain is Terrain.LAND or (terrain is Terrain.SHOAL and not shallow):
                continue
            cost = d + (3 if grid.is_diagonal(facing) else 2)
            if cost < field.get(nxt, UNREACHABLE * 2):
                field[nxt] = cost
                heapq.heappush(queue, (cost, nxt))
    return field


@lru_cache(maxsize=256)
def rounding_zone(board: Board, mark: Cell, rounding: int) -> frozenset[Cell]:
    """The cells from which a mark counts as rounded: within ``rounding`` cells of it."""
    grid = board.grid
    return frozenset(c for c in grid.cells() if grid.distance(c, mark) <= rounding)


def next_zone(state: GameState, rounded: int) -> frozenset[Cell] | None:
    """The rounding zone of the next mark of a ship with ``rounded`` marks behind her
    (None when none is left)."""
    course = state.goal.course
    if rounded >= len(course):
        return None
    return rounding_zone(state.board, state.board.mark(course[rounded]).cell,
                         state.goal.rounding)


def rounds_next_mark(state: GameState, rounded: int, cell: Cell) -> bool:
    """Whether a ship with ``rounded`` marks behind it rounds the next one at ``cell`` (a
    cell of the next mark's ``rounding_zone``)."""
    course = state.goal.course
    if rounded >= len(course):
        return False
    grid = state.grid
    return grid.in_bounds(cell) and grid.distance(
        cell, state.board.mark(course[rounded]).cell) <= state.goal.rounding


def escapes(state: GameState, side: str, cell: Cell) -> bool:
    """Whether a ship of ``side`` stepping off the board into ``cell`` escapes (a chase's
    quarry, by the escape edge)."""
    goal = state.goal
    return goal.kind is GoalKind.CHASE and side == goal.quarry \
        and state.grid.edge_of(cell) == goal.escape


def course_left(state: GameState, ship: Racer) -> int:
    """Cells still to sail, round land: to the next mark, then mark to mark to the finish
    (rounded up)."""
    board, course = state.board, state.goal.course
    rounded = ship.progress.rounded
    if rounded >= len(course):
        return 0
    far = UNREACHABLE * 2
    cells = [board.mark(label).cell for label in course[rounded:]]
    total = distance_field(board, cells[0], ship.shallow).get(ship.cell, far)
    for a, b in itertools.pairwise(cells):
        total += distance_field(board, b, ship.shallow).get(a, far)
    return (total + 1) // 2


# -- as ships step ----------------------------------------------------------------------

class SeaCourse:
    """The goal's part in a move: rounding marks and the finish (race), escaping (chase).

    ``finishes`` collects (ship, step) of this move's finishers."""

    def __init__(self, finishes: list[tuple[str, int]]) -> None:
        self.finishes = finishes

    def off_board(self, state: GameState, ship: R, cell: Cell, log: Log) -> R | None:
        if not escapes(state, ship.side, cell):
            return None
        log("escape", f"{label(ship)} slips away over the {state.goal.escape} edge!", ship.id)
        return evolved(ship, progress=evolve(ship.progress, escaped=True))

    def entered(self, state: GameState, ship: R, cell: Cell, step: int, log: Log) -> R:
        """Round every mark, in course order, that ``cell`` is close enough to."""
        goal = state.goal
        if goal.kind is not GoalKind.RACE:
            return ship
        progress = ship.progress
        while rounds_next_mark(state, progress.rounded, cell):
            mark = state.board.mark(goal.course[progress.rounded])
            progress = evolve(progress, rounded=progress.rounded + 1)
            if progress.rounded == len(goal.course):
                self.finishes.append((ship.id, step))
                log("finish", f"{label(ship)} rounds the last mark {mark.label} and finishes!",
                    ship.id)
                return evolved(ship, progress=evolve(progress, finished=state.turn))
            log("mark", f"{label(ship)} rounds mark {mark.label} "
                f"({progress.rounded}/{len(goal.course)})", ship.id)
        if progress is ship.progress:
            return ship
        return evolved(ship, progress=progress)

    def finished(self, ship: R) -> bool:
        return bool(ship.progress.finished)

    def escaped(self, ship: R) -> bool:
        return ship.progress.escaped


# -- judging ----------------------------------------------------------------------------

def judge(state: GameState) -> Outcome | None:
    """The result if the game is decided now (finish, catch, escape, sinking)."""
    goal = state.goal
    ships: tuple[Racer, ...] = state.ships  # type: ignore[assignment]
    finish_step: tuple[tuple[str, int], ...] = state.finish_step  # type: ignore[attr-defined]
    if goal.kind is GoalKind.RACE and finish_step:
        first = min(step for _, step in finish_step)
        winners = [state.ship(sid) for sid, step in finish_step if step == first]
        sides = {s.side for s in winners}
        names = " and ".join(f"{s.id} {s.name}" for s in winners)
        named = tuple(s.id for s in winners)
        if len(sides) == 1:
            return Outcome(winners[0].side, f"{names} finished first, on turn {state.turn}",
                           End.FINISHED, named)
        return Outcome(None, f"dead heat: {names} finished together on turn {state.turn}",
                       End.FINISHED, named)
    if goal.kind is GoalKind.CHASE:
        escaped = [s for s in ships if s.progress.escaped]
        if escaped:
            return Outcome(goal.quarry, f"{escaped[0].id} {escaped[0].name} escaped over the "
                           f"{goal.escape} edge on turn {state.turn}", End.ESCAPED,
                           (escaped[0].id,))
        quarry = [s for s in ships if s.side == goal.quarry and in_race(s)]
        hunters = [s for s in ships if s.side != goal.quarry and in_race(s)]
        for q in quarry:
            for h in hunters:
                d = state.grid.distance(q.cell, h.cell)
                if d <= goal.catch:
                    return Outcome(h.side, f"{h.id} {h.name} caught {q.id} {q.name} "
                                   f"({d} cell{'s' * (d != 1)} apart) on turn {state.turn}",
                                   End.CAUGHT, (h.id, q.id))
        if not quarry:
            hunter_side = hunters[0].side if hunters else None
            if hunter_side:
                return Outcome(hunter_side, f"the quarry is lost at sea on turn {state.turn}",
                               End.SUNK)
            return Outcome(None, "every ship is lost", End.SUNK)
        if not hunters:
            return Outcome(goal.quarry, f"no hunter is left afloat on turn {state.turn}",
                           End.SUNK)
    afloat = {s.side for s in ships if s.afloat}
    if not afloat:
        return Outcome(None, "every ship is lost", End.SUNK)
    if len(afloat) == 1 and len(state.sides) > 1:
        (side,) = afloat
        return Outcome(side, f"the last side afloat, on turn {state.turn}", End.SUNK)
    return None


def at_limit(state: GameState) -> Outcome:
    """Judge the game when its turn limit is reached: the chase's quarry has survived;
    the race goes to the side furthest round the course."""
    goal = state.goal
    if goal.kind is GoalKind.CHASE:
        return Outcome(goal.quarry, f"the quarry survived {goal.turns} turns", End.TURN_LIMIT)
    best: dict[str, tuple[int, int]] = {}
    ships: tuple[Racer, ...] = state.ships  # type: ignore[assignment]
    for ship in ships:
        if not ship.afloat:
            continue
        score = (ship.progress.rounded, -course_left(state, ship))
        if ship.side not in best or score > best[ship.side]:
            best[ship.side] = score
    ranked = sorted(best.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return Outcome(None, f"turn limit {goal.turns}: level on the course", End.TURN_LIMIT)
    side, (rounded, left) = ranked[0]
    return Outcome(side, f"turn limit {goal.turns}: leads the race ({rounded} marks rounded, "
                   f"{-left} cells to go)", End.TURN_LIMIT)
