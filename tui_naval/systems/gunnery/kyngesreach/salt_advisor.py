"""Advice for Kyngesreach gunnery in Salt'n'Tar's combat turn: firepower, targets, loads.

Values are the gunnery system's (``advisor.volley_value``: a broadside's exact
expectation over the 3d6 Gunner roll, in strength units).

- target: the option of highest expected worth; holds its fire at a range where
  the broadside is worth less than a third of what it would be at Standard
  (she can close before the guns are reloaded);
- the helm counts a battery's fire by the same rule: a broadside the gunner would
  hold is worth nothing to a place (else two ships lie at long range, each valuing
  the broadside it will never fire above closing, to the turn limit);
- ammo: a loaded battery keeps its charge; an empty one loads what is worth most
  per turn of reloading at Standard range.
"""

from __future__ import annotations

from tui_naval.core.orders import Decision, Order
from tui_naval.systems.battle import CombatShip, CombatState
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.advisor import volley_value
from tui_naval.systems.gunnery.kyngesreach.gunnery import Battery, Guns
from tui_naval.systems.gunnery.kyngesreach.on_map import band_between, bearing_on, bears
from tui_naval.systems.gunnery.kyngesreach.salt_combat import KyngCombat, parse_fire
from tui_naval.systems.gunnery.kyngesreach.tables import Ammo, Band

#: Fire at a band only when the broadside is worth this share of one at Standard.
WORTH_FIRING = 0.33


def fired_value(shooter: gun.Gunnery, guns: Guns, target: gun.Gunnery, band: Band, aim: gun.Aim,
                extra: gun.Mods) -> float:
    """A broadside's worth if the gunner fires it at ``band``: nothing where she holds her
    fire (worth less than ``WORTH_FIRING`` of one at Standard; nearer bands are always
    worth at least that, with a better modifier and the same cap)."""
    value = volley_value(shooter, guns, target, band, aim, extra)
    if band in (Band.LONG, Band.EXTREME) and value < WORTH_FIRING * volley_value(
            shooter, guns, target, Band.STANDARD, aim, extra):
        return 0.0
    return value


def ready_next(guns: Guns) -> bool:
    """Loaded by the next turn's missile phase (its counter drops at the turn's end)."""
    return guns.guns > 0 and not guns.empty and guns.reload <= 1


class KyngFirepower:
    """Kyngesreach broadsides valued for the helm."""

    fire_kind = "target"

    def __init__(self, combat: KyngCombat) -> None:
        self.combat = combat

    def enemies(self, state: CombatState, ship: CombatShip) -> list[CombatShip]:
        return [s for s in state.ships if s.side != ship.side and self.combat.in_play(s)]

    def ready(self, ship: CombatShip, now: bool) -> dict[Battery, bool]:
        g: gun.Gunnery = ship.gunnery
        if now:
            return {b: g.guns(b).ready for b in Battery}
        return {b: ready_next(g.guns(b)) for b in Battery}

    def broadsides(self, state: CombatState, ship: CombatShip,
                   ready: dict[Battery, bool]) -> float:
        """What the ship's batteries marked ready could fire from where she is."""
        g: gun.Gunnery = ship.gunnery
        extra = self.combat.gauge_mods(state, ship.side)
        arcs = [(target, bearing_on(state.board, ship, target))
                for target in self.enemies(state, ship)] if any(ready.values()) else []
        total = 0.0
        for battery, able in ready.items():
            if not able:
                continue
            guns = g.guns(battery)
            best = 0.0
            for target, arc in arcs:
                if arc is None or arc[0] is not battery:
                    continue
                band = arc[1]
                for aim in gun.ammo_aims(guns.ammo, target.gunnery, band):
                    best = max(best, fired_value(g, guns, target.gunnery, band, aim, extra))
            total += best
        return total

    def threat(self, state: CombatState, ship: CombatShip, now: bool) -> float:
        """What the enemy's batteries loaded now (or by next turn) could fire at her."""
        total = 0.0
        for enemy in self.enemies(state, ship):
            g: gun.Gunnery = enemy.gunnery
            loaded = [b for b in Battery
                      if (g.guns(b).ready if now else ready_next(g.guns(b)))]
            arc = bearing_on(state.board, enemy, ship) if loaded else None
            if arc is None or arc[0] not in loaded:
                continue
            extra = self.combat.gauge_mods(state, enemy.side)
            battery, band = arc
            guns = g.guns(battery)
            total += max([0.0, *(volley_value(g, guns, ship.gunnery, band, aim, extra)
                                 for aim in gun.ammo_aims(guns.ammo, ship.gunnery, band))])
        return total

    def fire_values(self, state: CombatState, decision: Decision) -> list[float]:
        """Each fire order's worth (the hits it is expected to score, nothing where the
        gunner would hold), the hold's nothing."""
        ship = state.ship(decision.ship)
        g: gun.Gunnery = ship.gunnery
        extra = self.combat.gauge_mods(state, ship.side)
        values: list[float] = []
        for order in decision.options:
            battery, aim, target_id = parse_fire(order)
            if aim is None:
                values.append(0.0)
                continue
            target = state.ship(target_id)
            band = bears(state.board, ship, battery, target)
            assert band is not None
            values.append(max(0.0, fired_value(g, g.guns(battery), target.gunnery, band,
                                               aim, extra)))
        return values

    def choose_fire(self, state: CombatState, decision: Decision) -> Order:
        return self.rank_fire(state, decision)[0]

    def rank_fire(self, state: CombatState, decision: Decision) -> list[Order]:
        """The fire orders, the most worth first; the hold first where none is worth
        anything."""
        values = self.fire_values(state, decision)
        hold = next(i for i, o in enumerate(decision.options) if o.arg == "hold")
        # the hold goes before every order worth nothing
        ranks = sorted(range(len(values)), key=lambda i: (-values[i], i != hold, i))
        return [decision.options[i] for i in ranks]

    def choose_ammo(self, state: CombatState, decision: Decision) -> Order:
        ship = state.ship(decision.ship)
        battery = Battery(decision.options[0].verb)
        g: gun.Gunnery = ship.gunnery
        guns = g.guns(battery)
        keep = next(o for o in decision.options if o.arg == "keep")
        if not guns.empty:
            return keep
        extra: gun.Mods = [("initiative", 1)]

        def per_turn(order: Order) -> float:
            ammo = guns.ammo if order.arg == "keep" else Ammo(order.arg)
            best = 0.0
            for target in self.enemies(state, ship):
                band = band_between(state.grid, ship.cell, target.cell)
                band = Band.STANDARD if band in (None, Band.LONG, Band.EXTREME) else band
                for aim in gun.ammo_aims(ammo, target.gunnery, band):
                    best = max(best, volley_value(g, Guns(guns.guns, ammo),
                                                  target.gunnery, band, aim, extra))
            return best / gun.reload_time(guns.ammo, ammo, False)

        return max(decision.options, key=per_turn)
