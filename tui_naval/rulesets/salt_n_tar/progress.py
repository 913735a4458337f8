"""Who is winning a race or chase: course distances, and the outcome rules."""

from __future__ import annotations

import itertools
from collections import deque
from functools import lru_cache

from tui_naval.core.grid import Cell
from tui_naval.core.state import Board, GoalKind, Outcome, Terrain
from tui_naval.rulesets.salt_n_tar.state import SaltShip, SaltState

UNREACHABLE = 10_000


@lru_cache(maxsize=256)
def distance_field(board: Board, target: Cell, shallow: bool) -> dict[Cell, int]:
    """Steps from every reachable cell to ``target``, going round land (and shoals if deep)."""
    grid = board.grid
    field = {target: 0}
    queue = deque([target])
    while queue:
        cell = queue.popleft()
        d = field[cell] + 1
        for nxt in grid.neighbours(cell):
            if nxt in field:
                continue
            terrain = board.terrain_at(nxt)
            if terrain is Terrain.LAND or (terrain is Terrain.SHOAL and not shallow):
                continue
            field[nxt] = d
            queue.append(nxt)
    return field


def rounds_next_mark(state: SaltState, rounded: int, cell: Cell) -> bool:
    """Whether a ship with ``rounded`` marks behind it rounds the next one at ``cell``."""
    course = state.goal.course
    if rounded >= len(course):
        return False
    mark = state.board.mark(course[rounded])
    return state.grid.distance(cell, mark.cell) <= state.goal.rounding


def course_left(state: SaltState, ship: SaltShip, shallow: bool) -> int:
    """Steps still to sail: to the next mark, then mark to mark to the finish."""
    board, course = state.board, state.goal.course
    if ship.rounded >= len(course):
        return 0
    cells = [board.mark(label).cell for label in course[ship.rounded:]]
    total = distance_field(board, cells[0], shallow).get(ship.cell, UNREACHABLE)
    for a, b in itertools.pairwise(cells):
        total += distance_field(board, b, shallow).get(a, UNREACHABLE)
    return total


def outcome(state: SaltState) -> Outcome | None:
    """The result if the game is decided now (finish, catch, escape, sinking)."""
    goal = state.goal
    ships = state.ships
    if goal.kind is GoalKind.RACE and state.finish_step:
        first = min(step for _, step in state.finish_step)
        winners = [state.ship(sid) for sid, step in state.finish_step if step == first]
        sides = {s.side for s in winners}
        names = " and ".join(f"{s.id} {s.name}" for s in winners)
        if len(sides) == 1:
            return Outcome(winners[0].side, f"{names} finished first, on turn {state.turn}")
        return Outcome(None, f"dead heat: {names} finished together on turn {state.turn}")
    if goal.kind is GoalKind.CHASE:
        escaped = [s for s in ships if s.escaped]
        if escaped:
            return Outcome(goal.quarry, f"{escaped[0].id} {escaped[0].name} escaped over the "
                           f"{goal.escape} edge on turn {state.turn}")
        quarry = [s for s in ships if s.side == goal.quarry and s.racing]
        hunters = [s for s in ships if s.side != goal.quarry and s.racing]
        for q in quarry:
            for h in hunters:
                d = state.grid.distance(q.cell, h.cell)
                if d <= goal.catch:
                    return Outcome(h.side, f"{h.id} {h.name} caught {q.id} {q.name} "
                                   f"({d} cell{'s' * (d != 1)} apart) on turn {state.turn}")
        if not quarry:
            hunter_side = hunters[0].side if hunters else None
            if hunter_side:
                return Outcome(hunter_side, f"the quarry is lost at sea on turn {state.turn}")
            return Outcome(None, "every ship is lost")
        if not hunters:
            return Outcome(goal.quarry, f"no hunter is left afloat on turn {state.turn}")
    afloat = {s.side for s in ships if s.afloat}
    if not afloat:
        return Outcome(None, "every ship is lost")
    if len(afloat) == 1 and len(state.sides) > 1:
        (side,) = afloat
        return Outcome(side, f"the last side afloat, on turn {state.turn}")
    return None


def at_turn_limit(state: SaltState) -> Outcome:
    """Judge the game when its turn limit is reached."""
    goal = state.goal
    if goal.kind is GoalKind.CHASE:
        return Outcome(goal.quarry, f"the quarry survived {goal.turns} turns")
    from tui_naval.rulesets.salt_n_tar.tables import tables

    best: dict[str, tuple[int, int]] = {}
    for ship in state.ships:
        if not ship.afloat:
            continue
        shallow = tables().ships[ship.kind].shallow
        score = (ship.rounded, -course_left(state, ship, shallow))
        if ship.side not in best or score > best[ship.side]:
            best[ship.side] = score
    ranked = sorted(best.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return Outcome(None, f"turn limit {goal.turns}: level on the course")
    side, (rounded, left) = ranked[0]
    return Outcome(side, f"turn limit {goal.turns}: leads the race ({rounded} marks rounded, "
                   f"{-left} cells to go)")
