"""Helm advice for Man-O-War's battle turn, whatever the combat system.

Each move option is sailed by the rules' own ``steps.move`` without its dice (a
tack is valued by its odds: the far or near close reach line, or In Irons where
she turned; a drift by where the middle drift of 2" would carry her).  A place is
worth what her loaded weapons could fire from it now (her navy fires right after
it moves), less a share of what the enemy's could fire back, less a pull for every
cell beyond close range of the nearest enemy; ending In Irons, at anchor without
cause, or pinned against land or the edge (by the points she must turn to sail free)
costs.  The combat system's ``Firepower`` values fire.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from attrs import evolve

from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Advisor, Ranker
from tui_naval.core.state import Board, kept_or_evolved
from tui_naval.core.wind import Wind
from tui_naval.systems.battle import Battle, CombatShip, CombatState, Firepower, fire_ranker
from tui_naval.systems.sailing.man_o_war import steps
from tui_naval.systems.sailing.man_o_war.battle import MowState
from tui_naval.systems.sailing.man_o_war.compass import SailPoint, point_of, tack_bearings
from tui_naval.systems.sailing.man_o_war.component import MowSail
from tui_naval.systems.sailing.man_o_war.present import tack_odds
from tui_naval.systems.seaway import Block, blocked, cells_for

#: Share of the enemy's fire at her counted against a place.
DANGER = 0.5
#: Pull towards the enemy: worth of each cell nearer, beyond close range.
APPROACH = 0.01
#: The price of ending a move In Irons (no way next turn but by a tack roll).
IRONS = 0.05
#: The price of an anchor dropped for nothing (a turn lost raising it).
ANCHOR = 0.02
#: The drift a preview counts (the lower of 2d6 is 2" or less half the time).
DRIFT = 2
#: Price of a place where land, shoal or the edge stops her way, per point she must turn
#: to a heading she can sail (or row) with open water ahead.
PINNED = 0.03


def pinned(state: MowState, ship: CombatShip) -> float:
    """The price of a place where her way is stopped: the more points she must turn to a
    heading she can sail (or row) with open water ahead, the more.  She turns one way or
    the other, never through the wind (that is a tack, with its roll), so each way is
    walked until a heading she cannot sail.  A helm that looks one move ahead cannot see
    that turning away from an islet this move frees her later; without the price she
    sails into it every turn."""
    return _pinned(state.board, state.wind, state.seamanship, ship.cell, ship.heading,
                   steps.sail_of(ship))


@lru_cache(maxsize=2048)
def _pinned(board: Board, wind: Wind, seamanship: bool, cell: Cell, heading: int,
            sail: MowSail) -> float:
    """``pinned`` of a ship at ``cell`` on ``heading`` with ``sail``: it reads nothing else,
    and a search's rollouts ask it of the same places again and again."""
    grid = board.grid
    best = grid.points
    for side in (1, -1):
        for points in range(grid.points // 2 + 1):
            heading_now = grid.turn(heading, side * points)
            _, inches = steps.sail_available(sail, grid, wind, heading_now, seamanship)
            if not inches and not sail.template.oars:
                if points:
                    break
                continue
            ahead = grid.neighbour(cell, heading_now)
            if blocked(board, ahead, sail.template.shallow, frozenset()) in (None, Block.SHIP):
                best = min(best, points)
                break
    return PINNED * best


def anchored(ship: CombatShip, anchor: bool) -> CombatShip:
    """She with her anchor down or up (the same ship where it already is)."""
    return kept_or_evolved(ship, sail=kept_or_evolved(steps.sail_of(ship), anchored=anchor))


class MowHelm:
    """The helm of a Man-O-War pairing, valuing fire by ``firepower``."""

    def __init__(self, rules: Battle[Any], firepower: Firepower) -> None:
        self.rules = rules
        self.firepower = firepower

    def sailed(self, state: MowState, ship: CombatShip, order: Order,
               taken: frozenset[Cell]) -> list[tuple[float, CombatShip]]:
        """Where an order may leave her, with its chances (no dice rolled; ``taken``: the
        cells of the other ships afloat)."""
        grid, wind, board = state.grid, state.wind, state.board
        sail = steps.sail_of(ship)
        quiet = Log(state.turn, loud=False)
        if order.verb == "anchor":
            turn, keep, _ = steps.parse_move(order.arg)
            points = steps.pivot_points(grid)[turn]
            return [(1.0, evolve(ship, heading=grid.turn(ship.heading, points),
                                 course=ship.course if points == 0 else None,
                                 sail=evolve(sail, anchored=keep != "raise")))]
        turn, distance, anchor = steps.parse_move(order.arg)
        if order.verb == "recover":
            back = tack_bearings(grid, wind, ship.heading)[0]
            close, _six = tack_odds(state, ship)
            return [(close / 6, evolve(ship, heading=back[0], course=back[1])),
                    (1 - close / 6, ship)]
        heading, course = steps.turned(grid, ship, turn)
        if order.verb == "row":
            inches = sail.template.oars if distance == "full" \
                else steps.half_of(sail.template.oars)
            moved = steps.run(board, ship, heading, inches, taken, quiet, "rows", course)
            return [(1.0, anchored(moved, anchor))]
        point, avail = steps.sail_available(sail, grid, wind, heading, state.seamanship,
                                            course)
        if point is SailPoint.D and \
                point_of(grid, wind, ship.heading, ship.course) is not SailPoint.D:
            close, through = tack_odds(state, ship)
            near, far = tack_bearings(grid, wind, ship.heading)
            return [(through / 6, evolve(ship, heading=far[0], course=far[1])),
                    ((close - through) / 6, evolve(ship, heading=near[0], course=near[1])),
                    (1 - close / 6, evolve(ship, heading=heading, course=course))]
        want = {"full": avail, "half": steps.half_of(avail), "stay": 0}[distance]
        moved = steps.run(board, ship, heading, want, taken, quiet, "sails", course) if want \
            else evolve(ship, heading=heading, course=course)
        moved = anchored(moved, anchor)
        if not anchor and (want * 2 < avail or avail == 0):
            angle = (wind.bearing(grid) + 180.0) % 360.0
            cells = cells_for(0, DRIFT, board.scale)[0]
            end = moved.cell
            for cell in steps.drift_path(grid, moved.cell, angle, cells):
                if blocked(board, cell, sail.template.shallow, taken) is not None:
                    break
                end = cell
            if end != moved.cell:
                moved = evolve(moved, cell=end)
        return [(1.0, moved)]

    def value(self, state: MowState, ship: CombatShip) -> float:
        fire = self.firepower
        enemies = [e for e in state.ships if e.side != ship.side and self.rules.in_play(e)]
        near = min((state.grid.distance(ship.cell, e.cell) for e in enemies), default=0)
        score = (fire.broadsides(state, ship, fire.ready(ship, True))
                 - DANGER * fire.threat(state, ship, False) - APPROACH * max(0, near - 2))
        if steps.in_irons(ship, state.grid, state.wind):
            score -= IRONS
        if steps.sail_of(ship).anchored:
            score -= ANCHOR
        return score - pinned(state, ship)

    def choose(self, state: MowState, decision: Decision) -> Order:
        if len(decision.options) == 1:
            return decision.options[0]
        return self.rank(state, decision)[0]

    def rank(self, state: MowState, decision: Decision) -> list[Order]:
        """The move's options, the best valued first (ties in the decision's order)."""
        ship = state.ship(decision.ship)
        #: Options often end alike (a stay with or without the anchor's heading kept,
        #: a full run cut short where a half one stops): each end is valued once.
        values: dict[CombatShip, float] = {}

        def value(end: CombatShip) -> float:
            found = values.get(end)
            if found is None:
                found = values[end] = self.value(state, end)
            return found

        taken = steps.taken(state.ships, ship)
        scores = [round(sum(p * value(end) for p, end in self.sailed(state, ship, order, taken)
                            if p > 0), 9)
                  for order in decision.options]
        ranks = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        return [decision.options[i] for i in ranks]


def mow_advisor(rules: Battle[Any], firepower: Firepower) -> tuple[Advisor, Ranker]:
    """The greedy judgement of a Man-O-War pairing (the helm above, fire and ammunition by
    the combat system's advice), and its ranking of a move's options (by the helm's
    values) and of the missile phase's (by the combat system's)."""
    helm = MowHelm(rules, firepower)

    def choose(state: CombatState, decision: Decision) -> Order:
        kind = decision.kind
        if kind == "move" and isinstance(state, MowState):
            return helm.choose(state, decision)
        if kind == firepower.fire_kind:
            return firepower.choose_fire(state, decision)
        if kind == "ammo":
            return firepower.choose_ammo(state, decision)
        return decision.options[0]

    fire = fire_ranker(firepower)

    def rank(state: CombatState, decision: Decision) -> Sequence[Order] | None:
        if decision.kind == "move" and isinstance(state, MowState) \
                and len(decision.options) > 1:
            return helm.rank(state, decision)
        return fire(state, decision)

    return choose, rank
