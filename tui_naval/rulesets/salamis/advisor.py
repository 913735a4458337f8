"""The greedy admiral for Fast Play Salamis.

A galley's move is judged whole (helm, turn and inches together) by where it ends:
with an enemy at her bow she may ram (the more battered the enemy, the better); a
cell an enemy could ram next half (its bow brought within an inch of her by any of
its moves) counts against a move; otherwise she closes to about three inches of the
nearest enemy and turns her bow towards her.  Bows
always shoot, at the most battered target they can still hurt; every ram and
boarding chance is taken (a failed boarding costs nothing); a locked galley holds
on to grapple unless she is the more battered one.

``rank`` orders a helm, turn point or row's options by the best plan each leaves her,
for the search to widen by.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from functools import lru_cache

from tui_naval.core.grid import Cell
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import Board, Lock, Terrain
from tui_naval.rulesets.salamis.galleys import LOCKED_HELMS, fleet, helm_options, helm_turn
from tui_naval.rulesets.salamis.geometry import bow_cells, off_bow, route, turned
from tui_naval.rulesets.salamis.state import Galley, SalamisState

#: A plan: (helm, turn at, inches).
Plan = tuple[str, int, int]


def _ends(board: Board, ship: Galley, taken: frozenset[Cell], helm_given: str = "",
          at_given: int = -1) -> list[tuple[Plan, Cell, float, int]]:
    """Every plan of her move (those keeping to a helm and turn point already given) and
    where it takes her from where she lies, stopping short of obstacles: (plan, cell,
    course, steps rowed).  A shorter row is the start of the full one, so each helm and
    turn point is routed once."""
    grid, move = board.grid, fleet(ship).move
    out: list[tuple[Plan, Cell, float, int]] = []
    for helm in helm_options(ship, False):
        if helm_given and helm != helm_given:
            continue
        turn = helm_turn(helm)
        for at in range(move + 1) if turn else (0,):
            if at_given >= 0 and at != at_given:
                continue
            steps, final = route(grid, ship.cell, ship.course, move, board.scale, turn, at)
            free = 0  # the steps she can take before something stops her
            for step in steps:
                here = step.cell
                if not grid.in_bounds(here) or board.terrain_at(here) is Terrain.LAND \
                        or here in taken:
                    break
                free += 1
            short = turned(ship.course, turn)  # stopped short, she turns where she stops
            used = [step.inches for step in steps]  # rising
            for inches in range(at, move + 1):
                k = bisect_right(used, inches)  # the steps a row of ``inches`` takes
                if k > free:
                    cell = steps[free - 1].cell if free else ship.cell
                    out.append(((helm, at, inches), cell, short, free))
                else:
                    out.append(((helm, at, inches), steps[k - 1].cell if k else ship.cell,
                                final, k))
    return out


@lru_cache(maxsize=256)
def _threatened(board: Board, ship: Galley, taken: frozenset[Cell]) -> frozenset[Cell]:
    """The cells an enemy galley could ram next half: those at her bow after any move."""
    grid = board.grid
    ends = {(cell, course) for _, cell, course, rowed in _ends(board, ship, taken) if rowed}
    out: set[Cell] = set()
    for cell, course in ends:
        out |= bow_cells(grid, cell, course)
    return frozenset(c for c in out if grid.in_bounds(c))


@lru_cache(maxsize=256)
def _plan_book(board: Board, ships: tuple[Galley, ...], locks: tuple[Lock, ...],
               ship_id: str) -> dict[tuple[str, ...], tuple[float, Plan]]:
    """Her best plan and its score, for each beginning of a plan (none, a helm, a helm
    and turn point, a whole plan as its parts are plotted): the first of the highest
    scores in ``_ends``' order."""
    me = next(s for s in ships if s.id == ship_id)
    grid = board.grid
    foes = [s for s in ships if s.fighting and s.side != me.side]
    taken = frozenset(s.cell for s in ships if s.afloat and s.id != me.id)
    threat: set[Cell] = set()
    for foe in foes:
        threat |= _threatened(board, foe, frozenset(s.cell for s in ships
                                                    if s.afloat and s.id != foe.id))
    book: dict[tuple[str, ...], tuple[float, Plan]] = {}
    nearest_to: dict[Cell, tuple[int, str, Galley]] = {}
    judged: dict[tuple[Cell, float, bool], float] = {}  # many plans end alike
    for plan, cell, course, rowed in _ends(board, me, taken):
        end = (cell, course, rowed > 0)
        if end not in judged:
            score = 0.0
            bow = bow_cells(grid, cell, course) if rowed else frozenset()
            rams = [f for f in foes if f.cell in bow]
            if rams:
                score += 10 + max(f.damage / fleet(f).viability for f in rams)
            if cell in threat:
                score -= 2.5
            if foes and not rams:
                if cell not in nearest_to:
                    nearest_to[cell] = min((grid.distance(cell, f.cell), f.id, f)
                                           for f in foes)
                gap, _, nearest = nearest_to[cell]
                score -= 0.5 * abs(gap - 3) + (2 if gap == 1 else 0)
                score -= off_bow(grid, cell, course, nearest.cell) / 45
            judged[end] = score
        score = judged[end] - 0.01 * plan[1]  # of equal ends, the simpler plan
        parts = (plan[0], str(plan[1]), str(plan[2]))
        for key in ((), parts[:1], parts[:2], parts):
            if key not in book or score > book[key][0]:
                book[key] = (score, plan)
    return book


def _best_plan(state: SalamisState, ship_id: str, parts: list[str]) -> Plan:
    """Her best move, keeping to the parts of her plot already given."""
    book = _plan_book(state.board, state.ships, state.locks, ship_id)
    return book[tuple(parts[:2])][1]


#: Which part of a plan each plotted decision gives.
_PART = {"helm": 0, "turn-at": 1, "row": 2}


def _my_parts(state: SalamisState, ship_id: str) -> list[str]:
    return [o.arg for o in state.plotted if o.ship == ship_id]


def _pick(decision: Decision, arg: str) -> Order:
    for option in decision.options:
        if option.arg == arg:
            return option
    return decision.options[0]


def _helm_for_locked(state: SalamisState, ship: Galley) -> str:
    foes = [state.ship(o) for o in state.locked_with(ship.id)]
    mine = ship.damage / fleet(ship).viability
    theirs = max((f.damage / fleet(f).viability for f in foes), default=0.0)
    return "breakaway" if mine > theirs else "hold"


def _battered(state: SalamisState, order: Order) -> tuple[float, str]:
    target = state.ship(order.arg)
    left = fleet(target).viability - target.damage
    return (left, order.arg)


def choose(state: SalamisState, decision: Decision) -> Order:
    """The greedy choice (``state`` as the deciding side sees it)."""
    kind = decision.kind
    ship = state.ship(decision.ship)
    if kind in ("helm", "turn-at", "row"):
        if decision.options[0].arg in LOCKED_HELMS:
            return _pick(decision, _helm_for_locked(state, ship))
        plan = _best_plan(state, ship.id, _my_parts(state, ship.id))
        return _pick(decision, str(plan[_PART[kind]]))
    if kind == "bows":
        shots = [o for o in decision.options if o.verb == "shoot"
                 and state.ship(o.arg).damage < fleet(state.ship(o.arg)).viability]
        return min(shots, key=lambda o: _battered(state, o)) if shots else decision.options[-1]
    if kind in ("ram", "grapple"):
        hits = [o for o in decision.options if o.verb in ("ram", "grapple")]
        return min(hits, key=lambda o: _battered(state, o)) if hits else decision.options[-1]
    # "Stop!" whenever a bow can shoot; board whenever offered; else the first option.
    return decision.options[0]


def rank(state: SalamisState, decision: Decision) -> list[Order] | None:
    """A helm, turn point or row's options by the best plan each leaves her (the greedy
    choice first), for the search to widen by; None for the other decisions."""
    kind = decision.kind
    if kind not in _PART or decision.options[0].arg in LOCKED_HELMS:
        return None
    given = tuple(_my_parts(state, decision.ship)[:_PART[kind]])
    book = _plan_book(state.board, state.ships, state.locks, decision.ship)
    first = choose(state, decision)
    rest = (o for o in decision.options if o != first)
    return [first, *sorted(rest, key=lambda o: -book.get((*given, o.arg), (-math.inf,))[0])]
