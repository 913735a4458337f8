"""The greedy judgement of Kyngesreach battles (the ruleset's advisor).

Broadsides are valued by the gunnery system's ``volley_value`` (the units the
battle is judged by at the turn limit).

- target: the option (target ship and aim) of highest expected value; holds
  its fire only when nothing it can fire is worth anything (a broadside that
  cannot score a hit);
- ammo: the ammunition of best value per round of reloading at the present
  band; a loaded battery is only drawn when its ammunition cannot fire here;
- battery: the loaded battery of higher value, else the one nearer loaded;
- range: the band (one closer, this one, one farther) where its squadron's best
  broadsides most outweigh the enemy's: a stronger squadron closes, an
  outgunned one opens;
- weather: the best Weather Sense.
"""

from __future__ import annotations

from tui_naval.core.orders import Decision, Order
from tui_naval.rulesets.kyngesreach.rules import enemy, gauge_mods, shift_band
from tui_naval.rulesets.kyngesreach.state import KyngShip, KyngState
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.advisor import volley_value
from tui_naval.systems.gunnery.kyngesreach.gunnery import Aim, Battery, Guns
from tui_naval.systems.gunnery.kyngesreach.tables import Ammo, Band, tables


def best_value(state: KyngState, ship: KyngShip, ammo: Ammo, guns: int, band: Band,
               extra: gun.Mods) -> float:
    """The best broadside ``guns`` of ``ammo`` can fire at any enemy at ``band``."""
    g = ship.gunnery
    battery = Guns(guns, ammo)
    best = 0.0
    for target in state.ships:
        if target.side == ship.side or not target.gunnery.in_action:
            continue
        for aim in gun.ammo_aims(ammo, target.gunnery, band):
            best = max(best, volley_value(g, battery, target.gunnery, band, aim, extra))
    return best


def _extra(state: KyngState, side: str) -> gun.Mods:
    return gauge_mods(state, side)


# -- decisions --------------------------------------------------------------------------

def choose_target(state: KyngState, decision: Decision) -> Order:
    ship = state.ship(decision.ship)
    g = ship.gunnery
    guns = g.guns(g.engaged)
    extra = _extra(state, ship.side)
    best, best_order = 0.0, None
    for order in decision.options:
        if order.verb == "hold":
            continue
        target = state.ship(order.arg).gunnery
        value = volley_value(g, guns, target, state.band, Aim.parse(order.verb), extra)
        if best_order is None or value > best:
            best, best_order = value, order
    hold = next(o for o in decision.options if o.verb == "hold")
    return best_order if best_order is not None and best > 0 else hold


def ammo_value(state: KyngState, ship: KyngShip, ammo: Ammo, guns: int) -> float:
    return best_value(state, ship, ammo, guns, state.band, [("wind gauge", 1)])


def choose_ammo(state: KyngState, decision: Decision) -> Order:
    ship = state.ship(decision.ship)
    battery = Battery(decision.options[0].verb)
    guns = ship.gunnery.guns(battery)
    keep = next(o for o in decision.options if o.arg == "keep")
    if not guns.empty:
        if ammo_value(state, ship, guns.ammo, guns.guns) > 0:
            return keep
        return max(decision.options,
                   key=lambda o: ammo_value(state, ship, Ammo(o.arg), guns.guns)
                   if o.arg != "keep" else 0.0)

    def per_round(order: Order) -> float:
        ammo = guns.ammo if order.arg == "keep" else Ammo(order.arg)
        rounds = gun.reload_time(guns.ammo, ammo, False)
        return ammo_value(state, ship, ammo, guns.guns) / rounds

    return max(decision.options, key=per_round)


def choose_battery(state: KyngState, decision: Decision) -> Order:
    ship = state.ship(decision.ship)
    g = ship.gunnery
    extra = _extra(state, ship.side)

    def score(order: Order) -> tuple[float, float]:
        guns = g.guns(Battery(order.arg))
        if guns.ready:
            return (1.0, best_value(state, ship, guns.ammo, guns.guns, state.band, extra))
        wait = guns.reload + (tables().reload_same if guns.empty else 0)
        return (0.0, -wait)

    return max(decision.options, key=score)


def squadron_value(state: KyngState, side: str, band: Band, holder: bool) -> float:
    """What a side's ships could fire at ``band`` with their best ammunition."""
    extra: gun.Mods = [("wind gauge", tables().holder_gunner)] if holder else []
    total = 0.0
    for ship in state.ships:
        if ship.side != side or not ship.gunnery.in_action:
            continue
        guns = max(ship.gunnery.port.guns, ship.gunnery.starboard.guns)
        total += max(best_value(state, ship, ammo, guns, band, extra) for ammo in Ammo)
    return total


def choose_range(state: KyngState, decision: Decision) -> Order:
    side = decision.side
    other = enemy(state, side)

    def edge(order: Order) -> tuple[float, int]:
        steps = {"close": -1, "open": 1}.get(order.arg, 0)
        band = shift_band(state.band, steps)
        mine = squadron_value(state, side, band, True)
        theirs = squadron_value(state, other, band, False)
        return (round(mine - theirs, 6), -steps)

    return max(decision.options, key=edge)


def choose(state: KyngState, decision: Decision) -> Order:
    """The greedy answer to any Kyngesreach decision."""
    if decision.kind == "target":
        return choose_target(state, decision)
    if decision.kind == "ammo":
        return choose_ammo(state, decision)
    if decision.kind == "battery":
        return choose_battery(state, decision)
    if decision.kind == "range":
        return choose_range(state, decision)
    return decision.options[0]
