"""Advice for Ships & Sails gunnery in Salt'n'Tar's combat turn: firepower, aim, loads.

A hit is worth the share of the target's strength it takes (the mean of hull,
rigging and sailors: ball holes the hull, chain cuts the rigging, grape kills
sailors), and a ball that would sink her is worth all she has left.  A hex is
worth the chance of a hit there (its faces of the d10) times the hit's worth,
summed over the enemies lying in the pattern.

- aim: the hex of highest expected worth; hold when nothing is worth the round
  the guns then need to reload;
- ammunition: the load that hurts the nearest enemy most per hit within its reach,
  switched only when it clearly pays.
"""

from __future__ import annotations

from tui_naval.core.orders import Decision, Order
from tui_naval.systems.battle import CombatShip, CombatState
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    SIDES,
    TENTHS,
    Armament,
    ammo_range,
    arc_cells,
    damage_fraction,
    firing_value_of,
    hit_damage,
    parse_aim,
    pattern_cells,
)
from tui_naval.systems.gunnery.ships_and_sails.broadsides import KEEP
from tui_naval.systems.gunnery.ships_and_sails.salt_combat import SnsCombat, armament
from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo, tables

#: Fire only when the expected worth is at least this (in strength units).
FIRE_THRESHOLD = 0.004
#: A switch of ammunition must promise this much more per hit.
SWITCH_GAIN = 1.35
#: Worth of a hit out of the load's reach (she may close before she fires).
OUT_OF_REACH = 0.3
#: Worth of sinking a ship, on top of the strength she had left.
KILL_BONUS = 0.3


def hit_worth(target: CombatShip, ammo: Ammo, damage: int) -> float:
    """The share of the target's strength a hit of ``damage`` tenths takes."""
    a = armament(target)
    st = a.stype
    if ammo is Ammo.BALL:
        if damage >= a.hull:  # she sinks: all that is left of her, and more
            return 1.0 - damage_fraction(a, True) + KILL_BONUS
        return damage / (st.hull * TENTHS) / 3
    if ammo is Ammo.CHAIN:
        return min(damage, a.rigging) / (st.rigging * TENTHS) / 3
    return min(damage, a.sailors) / (st.sailors * TENTHS) / 3


def hex_worth(percent: int, fv: int, target: CombatShip, ammo: Ammo) -> float:
    """Expected worth of a pattern hex of ``percent`` on a target lying in it."""
    t = tables()
    return t.faces(percent) / t.hit_die * hit_worth(target, ammo, hit_damage(percent, fv))


class SnsFirepower:
    """Ships & Sails broadsides valued for the helm, the aim and the load."""

    fire_kind = "aim"

    def __init__(self, combat: SnsCombat) -> None:
        self.combat = combat

    def enemies(self, state: CombatState, ship: CombatShip) -> list[CombatShip]:
        return [s for s in state.ships if s.side != ship.side and self.combat.in_play(s)]

    def ready(self, ship: CombatShip, now: bool) -> bool:
        """Loaded for this turn's missile phase (``now``), or by the next turn's."""
        reload = armament(ship).reload
        return reload == 0 if now else reload <= 1

    def best_shot(self, state: CombatState, ship: CombatShip, a: Armament,
                  targets: list[CombatShip]) -> float:
        """The worth of her best broadside aimed at one of ``targets``' hexes from where
        she lies."""
        grid = state.grid
        reach = ammo_range(a.ammo)
        best = 0.0
        for side in SIDES:
            fv = firing_value_of(a, side)
            if fv <= 0:
                continue
            cells = arc_cells(grid, ship.cell, ship.heading, side, reach)
            for target in targets:
                if target.cell in cells:
                    best = max(best, hex_worth(40, fv, target, a.ammo))
        return best

    def broadsides(self, state: CombatState, ship: CombatShip, ready: bool) -> float:
        if not ready:
            return 0.0
        return self.best_shot(state, ship, armament(ship), self.enemies(state, ship))

    def threat(self, state: CombatState, ship: CombatShip, now: bool) -> float:
        return sum(self.best_shot(state, enemy, armament(enemy), [ship])
                   for enemy in self.enemies(state, ship) if self.ready(enemy, now))

    def fire_values(self, state: CombatState, decision: Decision) -> list[float]:
        """Each aim's worth (what its pattern's hits on the enemy are worth), the hold's
        ``FIRE_THRESHOLD`` (she holds when no aim is worth that much)."""
        ship = state.ship(decision.ship)
        a = armament(ship)
        foes = self.enemies(state, ship)
        pattern = a.stype.pattern(a.ammo)
        values: list[float] = []
        for order in decision.options:
            aim = parse_aim(order.arg)
            if aim is None:
                values.append(FIRE_THRESHOLD)
                continue
            side, cell = aim
            fv = firing_value_of(a, side)
            values.append(sum(hex_worth(percent, fv, foe, a.ammo)
                              for where, percent in pattern_cells(state.grid, cell,
                                                                  ship.heading, side, pattern)
                              for foe in foes if foe.cell == where))
        return values

    def choose_fire(self, state: CombatState, decision: Decision) -> Order:
        return self.rank_fire(state, decision)[0]

    def rank_fire(self, state: CombatState, decision: Decision) -> list[Order]:
        """The aims, the most worth first; the hold first where no aim beats it."""
        values = self.fire_values(state, decision)
        hold = next(i for i, o in enumerate(decision.options) if parse_aim(o.arg) is None)
        # an aim worth as much as the threshold is fired: it goes before the hold
        ranks = sorted(range(len(values)), key=lambda i: (-values[i], i == hold, i))
        return [decision.options[i] for i in ranks]

    def choose_ammo(self, state: CombatState, decision: Decision) -> Order:
        ship = state.ship(decision.ship)
        a = armament(ship)
        foes = self.enemies(state, ship)
        keep = next(o for o in decision.options if o.arg == KEEP)
        if not foes:
            return keep
        near = min(foes, key=lambda f: state.grid.distance(ship.cell, f.cell))
        distance = state.grid.distance(ship.cell, near.cell)
        fv = max(firing_value_of(a, side) for side in SIDES)

        def worth(ammo: Ammo) -> float:
            value = hit_worth(near, ammo, hit_damage(40, fv))
            return value if distance <= ammo_range(ammo) else value * OUT_OF_REACH

        current = worth(a.ammo)
        best = max(Ammo, key=lambda ammo: (worth(ammo), ammo is a.ammo))
        if best is not a.ammo and worth(best) > SWITCH_GAIN * current:
            return next(o for o in decision.options if o.arg == best.value)
        return keep
