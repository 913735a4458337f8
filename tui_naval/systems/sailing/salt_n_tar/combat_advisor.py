"""Helm advice for Salt'n'Tar's combat turn, whatever the combat system.

A look-ahead over the ship's own helm orders, run by the ruleset's own half move
(the enemy held still): in the first half, what her loaded weapons could fire in
the coming missile phase, then the best second half; in the second half, her
place for the next turn.  A place is worth what her weapons loaded by then could
fire from it, less what the enemy's could fire back, less a pull for every cell
beyond close range of the nearest enemy and a price where land or the edge pins
her; every Strain mark (a second change of direction, a gale, land) costs, the
more the more Strain she has.  The combat system's ``Firepower`` values the fire;
values are in its units (a ship's strength, 0..1).
"""

from __future__ import annotations

from typing import Any

from tui_naval.core.engine import Log
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Advisor
from tui_naval.systems.battle import CombatShip, CombatState, Firepower
from tui_naval.systems.sailing.salt_n_tar.advisor import choose_maneuver
from tui_naval.systems.sailing.salt_n_tar.combat import SaltCombat
from tui_naval.systems.sailing.salt_n_tar.component import strain_cost
from tui_naval.systems.sailing.salt_n_tar.motion import motion
from tui_naval.systems.seaway import Block, blocked

#: Pull towards the enemy: worth of each cell nearer, beyond Close range.
APPROACH = 0.01
#: Price of a place where the edge or land stops her way, per point she must turn.
PINNED = 0.03
#: Share of the enemy's fire at her counted against a place.
DANGER = 0.5
#: Share of a place's fire counted when it is a turn away.
LATER = 0.6


def approach(rules: SaltCombat[Any], state: CombatState, ship: CombatShip) -> float:
    enemies = [e for e in state.ships if e.side != ship.side and rules.in_play(e)]
    near = min((state.grid.distance(ship.cell, e.cell) for e in enemies), default=0)
    return -APPROACH * max(0, near - 2)


def pinned(state: CombatState, ship: CombatShip) -> float:
    """The price of a place where the edge or land stops her way: the more points she
    must turn to sail free, the more."""
    grid = state.grid
    shallow = ship.sail.stype.shallow
    for points in range(grid.points // 2 + 1):
        for side in (points, -points):
            move = motion(ship.sail, grid, state.wind, grid.turn(ship.heading, side))
            if not move.inches:
                return 0.0
            ahead = grid.neighbour(ship.cell, move.direction)
            if blocked(state.board, ahead, shallow, frozenset()) in (None, Block.SHIP):
                return PINNED * points
    return PINNED * grid.points


class HelmAdvisor:
    """The helm of a ruleset built on ``SaltCombat``, valuing fire by ``firepower``."""

    def __init__(self, rules: SaltCombat[Any], firepower: Firepower) -> None:
        self.rules = rules
        self.firepower = firepower

    def after(self, state: CombatState, ship_id: str, order: Order, half: int) -> CombatState:
        """The state after the ship alone sails this half move with ``order``."""
        after: CombatState = self.rules.half_move(state, {ship_id: order}, half,
                                                   Log(state.turn, loud=False))
        return after

    def place_value(self, state: CombatState, ship: CombatShip, ready: Any) -> float:
        """A place at the end of a turn: next turn's fire from it, the enemy's at her."""
        fire = self.firepower
        return (LATER * fire.broadsides(state, ship, ready)
                - DANGER * LATER * fire.threat(state, ship, False)
                + approach(self.rules, state, ship) - pinned(state, ship))

    def choose(self, state: CombatState, decision: Decision) -> Order:
        if len(decision.options) == 1:
            return decision.options[0]
        fire = self.firepower
        ship = state.ship(decision.ship)
        now, later = fire.ready(ship, True), fire.ready(ship, False)
        first = state.phase == "first-half"
        best: tuple[float, int] | None = None
        choice = decision.options[0]
        for rank, order in enumerate(decision.options):
            s1 = self.after(state, ship.id, order, 1 if first else 2)
            moved = s1.ship(ship.id)
            cost = strain_cost(ship.sail.strain, moved.sail.strain)
            if first:
                shots = fire.broadsides(s1, moved, now) - DANGER * fire.threat(s1, moved, True)
                follow = []
                for o2 in self.rules.helm_options(s1, moved):
                    s2 = self.after(s1, ship.id, o2, 2)
                    end = s2.ship(ship.id)
                    follow.append(self.place_value(s2, end, later)
                                  - strain_cost(moved.sail.strain, end.sail.strain))
                score = shots + max(follow) - cost
            else:
                score = self.place_value(s1, moved, later) - cost
            key = (round(score, 9), -rank)
            if best is None or key > best:
                best, choice = key, order
        return choice


def combat_advisor(rules: SaltCombat[Any], firepower: Firepower) -> Advisor:
    """The greedy judgement of a ruleset built on ``SaltCombat``: the helm by the look-ahead
    above, fire and ammunition by the combat system's advice, luck never rolled (a six
    marks Strain), sails and anchor as Salt'n'Tar's advice has them."""
    helm = HelmAdvisor(rules, firepower)

    def choose(state: CombatState, decision: Decision) -> Order:
        kind = decision.kind
        if kind == "move":
            return helm.choose(state, decision)
        if kind == firepower.fire_kind:
            return firepower.choose_fire(state, decision)
        if kind == "ammo":
            return firepower.choose_ammo(state, decision)
        if kind == "luck":
            return next(o for o in decision.options if o.arg == "pass")
        if kind == "maneuver":
            return choose_maneuver(state, state.ship(decision.ship), decision.options)
        return decision.options[0]

    return choose
