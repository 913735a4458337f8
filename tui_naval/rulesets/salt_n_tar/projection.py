"""Where a ship would be after a turn of her own, the other ships held still.

The advisor's look-ahead and the helm preview both ask this.  It steps by the
sailing system's ``motion``, ``steps_for`` and ``blocked`` and judges the
course by the goal's ``next_zone`` and ``escapes``: the same functions the
rules move ships by, for one ship alone.
"""

from __future__ import annotations

from attrs import evolve

from tui_naval.core.grid import Cell
from tui_naval.core.state import GoalKind
from tui_naval.core.values import frozen
from tui_naval.rulesets.salt_n_tar.state import SaltShip, SaltState
from tui_naval.systems.goals.course import escapes, next_zone
from tui_naval.systems.sailing.salt_n_tar.motion import motion, steps_for
from tui_naval.systems.seaway import Block, blocked


@frozen
class Projection:
    """Where a ship would be after one turn on her own (other ships held still)."""

    cell: Cell
    heading: int
    rounded: int
    carry: int
    strain: int
    done: bool
    steps: int


def project(state: SaltState, ship: SaltShip, points: int, start: Projection | None = None,
            luck: int | None = None) -> Projection:
    """Sail ``ship`` one turn with a helm of ``points`` (from ``start`` if given)."""
    grid, board, goal = state.grid, state.board, state.goal
    cell = start.cell if start else ship.cell
    heading = grid.turn(start.heading if start else ship.heading, points)
    rounded = start.rounded if start else ship.progress.rounded
    carry = start.carry if start else ship.sail.carry
    move = motion(ship.sail, grid, state.wind, heading, luck=luck)
    cells, carry, _ = steps_for(evolve(ship.sail, carry=carry), move.inches, grid,
                                move.direction, board.scale)
    strain = move.strain + (1 if abs(points) == 2 else 0)
    occupied = occupied_by_others(state, ship.id)
    race = goal.kind is GoalKind.RACE
    target = next_zone(state, rounded) if race else None
    shallow = ship.shallow
    for step in range(1, cells + 1):
        nxt = grid.neighbour(cell, move.direction)
        why = blocked(board, nxt, shallow, occupied)
        if why is Block.EDGE and escapes(state, ship.side, nxt):
            return Projection(cell, heading, rounded, carry, strain, True, step)
        if why is not None:
            strain += 1 if why in (Block.LAND, Block.SHOAL) else 0
            break
        cell = nxt
        if target is not None and cell in target:
            rounded += 1
            if rounded == len(goal.course):
                return Projection(cell, heading, rounded, carry, strain, True, step)
            target = next_zone(state, rounded)
    return Projection(cell, heading, rounded, carry, strain, False, 0)


class _OccupiedMemo:
    """The other ships' cells for the state and ship last asked about."""

    state: SaltState | None = None
    ship_id = ""
    cells: frozenset[Cell] = frozenset()


def occupied_by_others(state: SaltState, ship_id: str) -> frozenset[Cell]:
    """Cells of the other ships in play (the look-ahead asks many times per decision)."""
    memo = _OccupiedMemo
    if memo.state is not state or memo.ship_id != ship_id:
        memo.state, memo.ship_id = state, ship_id
        memo.cells = frozenset(s.cell for s in state.ships if s.at_sea and s.id != ship_id)
    return memo.cells
