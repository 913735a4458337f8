"""The greedy player's judgement for Salt'n'Tar races and chases.

Helm: a two-turn look-ahead over the ship's own helm options (assuming the
wind holds), scored by a near-Euclidean distance to the goal round land, minus
a price for Strain.  Luck: rolled when its expected gain in way made good beats
the expected price of the Strain a six marks.  Sails: reef in a gale, shake the
reef out when it has passed, set sail and weigh whenever the ship is idle.
"""

from __future__ import annotations

from attrs import evolve, frozen

from tui_naval.ai import fields
from tui_naval.core.grid import Cell
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GoalKind
from tui_naval.rulesets.salt_n_tar.progress import rounds_next_mark
from tui_naval.rulesets.salt_n_tar.rules import HELM
from tui_naval.rulesets.salt_n_tar.sailing import Block, blocked, cells_for, motion
from tui_naval.rulesets.salt_n_tar.state import SaltShip, SaltState, Sails
from tui_naval.rulesets.salt_n_tar.tables import tables

#: Price of one Strain mark, in cells of progress per turn still to sail.
STRAIN_PRICE = 0.35
GOAL_BONUS = 1000.0


@frozen
class Projection:
    """Where a ship would be after one turn on its own (other ships held still)."""

    ship: SaltShip
    strain: int
    done: bool
    steps: int


def project(state: SaltState, ship: SaltShip, points: int) -> Projection:
    grid, board, goal = state.grid, state.board, state.goal
    stype = tables().ships[ship.kind]
    ship = evolve(ship, heading=grid.turn(ship.heading, points))
    move = motion(ship, stype, grid, state.wind)
    cells, carry = cells_for(ship.carry, move.inches, board.scale)
    strain = move.strain + (1 if abs(points) == 2 else 0)
    occupied = {s.cell for s in state.ships if s.racing and s.id != ship.id}
    cell, rounded = ship.cell, ship.rounded
    for step in range(1, cells + 1):
        nxt = grid.neighbour(cell, move.direction)
        why = blocked(board, nxt, stype.shallow, occupied)
        if why is Block.EDGE and goal.kind is GoalKind.CHASE and ship.side == goal.quarry \
                and grid.edge_of(nxt) == goal.escape:
            return Projection(evolve(ship, carry=carry), strain, True, step)
        if why is not None:
            strain += 1 if why in (Block.LAND, Block.SHOAL) else 0
            break
        cell = nxt
        if goal.kind is GoalKind.RACE and rounds_next_mark(state, rounded, cell):
            rounded += 1
            if rounded == len(goal.course):
                return Projection(evolve(ship, cell=cell, rounded=rounded), strain, True, step)
    return Projection(evolve(ship, cell=cell, rounded=rounded, carry=carry), strain, False, 0)


def distance_to_goal(state: SaltState, ship: SaltShip) -> float:
    """How far (in cells, round land) the ship is from what it wants."""
    board, goal = state.board, state.goal
    shallow = tables().ships[ship.kind].shallow
    if goal.kind is GoalKind.RACE:
        marks = [board.mark(label).cell for label in goal.course[ship.rounded:]]
        if not marks:
            return 0.0
        total = max(0.0, fields.to_cell(board, marks[0], shallow).get(ship.cell, fields.FAR)
                    - goal.rounding)
        for a, b in zip(marks, marks[1:], strict=False):
            total += fields.to_cell(board, b, shallow).get(a, fields.FAR)
        return total
    quarry = [s for s in state.ships if s.side == goal.quarry and s.racing]
    hunters = [s for s in state.ships if s.side != goal.quarry and s.racing]
    if ship.side == goal.quarry:
        edge = fields.to_edge(board, goal.escape, shallow).get(ship.cell, fields.FAR)
        near = min((state.grid.euclid(ship.cell, h.cell) for h in hunters), default=99.0)
        return edge + 2.0 * max(0.0, 6.0 - near)
    return min((_hunt_distance(state, ship, q.cell, shallow) for q in quarry), default=0.0)


def _hunt_distance(state: SaltState, ship: SaltShip, target: Cell, shallow: bool) -> float:
    d = fields.to_cell(state.board, target, shallow).get(ship.cell, fields.FAR)
    return max(0.0, d - state.goal.catch)


def value(state: SaltState, proj: Projection) -> float:
    if proj.done:
        return GOAL_BONUS - proj.steps
    return -distance_to_goal(state, proj.ship) - STRAIN_PRICE * proj.strain * 10


def choose_helm(state: SaltState, ship: SaltShip, options: tuple[Order, ...]) -> Order:
    if len(options) == 1:
        return options[0]
    best: tuple[float, float] | None = None
    choice = options[0]
    for order in options:
        first = project(state, ship, HELM[f"{order.verb} {order.arg}".strip()])
        v1 = value(state, first)
        if first.done:
            v2 = v1
        else:
            v2 = max(value(state, project(state, first.ship, p)) - STRAIN_PRICE * 10 * first.strain
                     for p in HELM.values())
        score = (v2, v1)
        if best is None or score > best:
            best, choice = score, order
    return choice


def choose_luck(state: SaltState, ship: SaltShip, decision: Decision) -> Order:
    """Roll when the expected gain in progress beats the expected price of Strain."""
    roll, keep = decision.options
    if decision.chance is None:
        return keep
    t = tables()
    base = max(value(state, project(state, ship, p)) for p in HELM.values())
    gains = {}
    for face, effect in enumerate(t.luck, start=1):
        lucky = evolve(ship, luck=effect.wind)
        best = max(value(state, project(state, lucky, p)) for p in HELM.values())
        gains[face] = best - base - STRAIN_PRICE * 10 * effect.strain
    return roll if decision.chance.expectation(gains) > 0.05 else keep


def choose_maneuver(state: SaltState, ship: SaltShip, options: tuple[Order, ...]) -> Order:
    verbs = {o.verb: o for o in options}
    gale = tables().limits.gale
    if state.wind.speed >= gale and "reef" in verbs:
        return verbs["reef"]
    if state.wind.speed < gale - 1 and ship.sails is Sails.REEFED and "unreef" in verbs:
        return verbs["unreef"]
    for verb in ("set-sail", "weigh"):
        if verb in verbs and ship.masts > 0:
            return verbs[verb]
    return verbs["keep"]


def choose(state: SaltState, decision: Decision) -> Order:
    ship = state.ship(decision.ship)
    if decision.kind == "luck":
        return choose_luck(state, ship, decision)
    if decision.kind == "move":
        return choose_helm(state, ship, decision.options)
    return choose_maneuver(state, ship, decision.options)
