"""The greedy judgement of Salt'n'Tar races and chases (the ruleset's advisor).

Helm: a two-turn look-ahead over the ship's own helm options (assuming the
wind holds), scored by a near-Euclidean distance to the goal round land, minus
a price for Strain and one for every turn she ends head to wind (``in_irons``).
Luck: rolled when its expected gain in way made good beats the expected price of
the Strain a six marks.  Sails: reef in a gale, shake the reef out when it has
passed, set sail and weigh whenever the ship is idle.
"""

from __future__ import annotations

from itertools import pairwise

from tui_naval.core.grid import Cell
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import Board, GoalKind
from tui_naval.rulesets.salt_n_tar.projection import Projection, project
from tui_naval.rulesets.salt_n_tar.state import SaltShip, SaltState
from tui_naval.systems import fields
from tui_naval.systems.goals.course import in_race
from tui_naval.systems.sailing.salt_n_tar.advisor import choose_maneuver
from tui_naval.systems.sailing.salt_n_tar.motion import Way, motion, wind_speed_for
from tui_naval.systems.sailing.salt_n_tar.steps import helm_points
from tui_naval.systems.sailing.salt_n_tar.tables import Bearing, tables

#: Price of one Strain mark, in cells of progress per turn still to sail.
STRAIN_PRICE = 1.0
GOAL_BONUS = 1000.0
#: Helm options looked at for the turn after next (a second two-point turn is
#: rarely worth its Strain, and leaving it out halves the look-ahead).
FOLLOW_UP = (-1, 0, 1)


def distance_to_goal(state: SaltState, ship: SaltShip, cell: Cell, rounded: int) -> float:
    """How far (in cells, round land) a ship at ``cell`` is from what it wants."""
    board, goal = state.board, state.goal
    shallow = ship.shallow
    if goal.kind is GoalKind.RACE:
        legs = _legs(state, rounded, shallow)
        if legs is None:
            return 0.0
        field, tail = legs
        return max(0.0, field.get(cell, fields.FAR) - goal.rounding) + tail
    quarry = [s for s in state.ships if s.side == goal.quarry and in_race(s)]
    hunters = [s for s in state.ships if s.side != goal.quarry and in_race(s)]
    if ship.side == goal.quarry:
        edge = fields.to_edge(board, goal.escape, shallow).get(cell, fields.FAR)
        near = min((state.grid.euclid(cell, h.cell) for h in hunters), default=99.0)
        return edge + 2.0 * max(0.0, 6.0 - near)
    return min((max(0.0, fields.to_cell(board, q.cell, shallow).get(cell, fields.FAR) - goal.catch)
                for q in quarry), default=0.0)


_LEGS: dict[tuple[int, int, bool], tuple[Board, tuple[dict[Cell, float], float] | None]] = {}


def _legs(state: SaltState, rounded: int, shallow: bool
          ) -> tuple[dict[Cell, float], float] | None:
    """The field to the next mark and the length of the course after it (cached per board)."""
    board = state.board
    key = (id(board), rounded, shallow)
    hit = _LEGS.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    marks = [board.mark(label).cell for label in state.goal.course[rounded:]]
    legs = None
    if marks:
        tail = sum(fields.to_cell(board, b, shallow).get(a, fields.FAR)
                   for a, b in pairwise(marks))
        legs = (fields.to_cell(board, marks[0], shallow), tail)
    if len(_LEGS) > 512:
        _LEGS.clear()
    _LEGS[key] = (board, legs)
    return legs


def value(state: SaltState, ship: SaltShip, proj: Projection) -> float:
    if proj.done:
        return GOAL_BONUS - proj.steps
    return -distance_to_goal(state, ship, proj.cell, proj.rounded) - cost(state, ship, proj)


def cost(state: SaltState, ship: SaltShip, proj: Projection) -> float:
    """The price of a turn of the look-ahead beyond the way it makes: its Strain, and what
    ending it head to wind costs (``in_irons``)."""
    return STRAIN_PRICE * 10 * proj.strain + in_irons(state, ship, proj.heading)


def in_irons(state: SaltState, ship: SaltShip, heading: int) -> float:
    """The price of a turn ended head to wind: a turn's way lost, the cells she would make
    beating (the next turn goes astern, or turns out of it).  A turn astern may be a
    tack's price, but one that costs nothing looks as good as any way short of the goal:
    against an edge, a shoal or the goal dead to windward the look-ahead kept ships
    in irons for turns on end (issue 61; ``bench/irons.py`` counts it)."""
    if motion(ship.sail, state.grid, state.wind, heading).way is not Way.BACKWARDS:
        return 0.0
    beating = ship.sail.stype.bn(Bearing.BEATING)
    return wind_speed_for(ship.sail, state.wind) * beating / state.board.scale


def best_value(state: SaltState, ship: SaltShip, luck: int | None = None) -> float:
    """The best value among this turn's one-point helm options (what luck is judged by)."""
    return max(value(state, ship, project(state, ship, p, luck=luck)) for p in FOLLOW_UP)


def choose_helm(state: SaltState, ship: SaltShip, options: tuple[Order, ...]) -> Order:
    if len(options) == 1:
        return options[0]
    best: tuple[float, float] | None = None
    choice = options[0]
    for order in options:
        first = project(state, ship, helm_points(order))
        v1 = value(state, ship, first)
        if first.done:
            v2 = v1
        else:
            v2 = max(value(state, ship, project(state, ship, p, start=first))
                     for p in FOLLOW_UP) - cost(state, ship, first)
        # Level to a millionth of a cell is level (the same sums in another order differ
        # in their last bits): the better first turn decides.
        score = (round(v2, 6), v1)
        if best is None or score > best:
            best, choice = score, order
    return choice


def choose_luck(state: SaltState, ship: SaltShip, decision: Decision) -> Order:
    """Roll when the expected gain in progress beats the expected price of Strain."""
    roll, keep = decision.options
    if decision.chance is None:
        return keep
    best = {luck: best_value(state, ship, luck=luck)
            for luck in {0, *(effect.wind for effect in tables().luck)}}
    gains = {face: best[effect.wind] - best[0] - STRAIN_PRICE * 10 * effect.strain
             for face, effect in enumerate(tables().luck, start=1)}
    return roll if decision.chance.expectation(gains) > 0.05 else keep


def choose(state: SaltState, decision: Decision) -> Order:
    ship = state.ship(decision.ship)
    if decision.kind == "luck":
        return choose_luck(state, ship, decision)
    if decision.kind == "move":
        return choose_helm(state, ship, decision.options)
    return choose_maneuver(state, ship, decision.options)
