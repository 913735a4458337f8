"""The greedy player's judgement for Kyngesreach battles.

Everything is scored in the units the battle is judged by at the turn limit: a
ship's strength is half its Hull Integrity Points and half its crew readiness
(0..1), so taking 10% of a crew is worth 0.05 and sinking or striking a ship is
worth all it has left, plus a bonus.  A broadside's value is the exact
expectation over the 3d6 Gunner roll of the hits it scores, each hit valued by
its aim (a broadside's hit by the hit-location table).

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

from fractions import Fraction
from functools import cache

from tui_naval.core.dice import DiceSpec, gurps_check
from tui_naval.core.orders import Decision, Order
from tui_naval.rulesets.kyngesreach import gunnery as gun
from tui_naval.rulesets.kyngesreach.gunnery import Aim, Battery, Gunnery, Guns
from tui_naval.rulesets.kyngesreach.rules import RULESET, shift_band
from tui_naval.rulesets.kyngesreach.state import KyngShip, KyngState
from tui_naval.rulesets.kyngesreach.tables import MASTS, Ammo, Band, Called, Mast, tables

#: Worth of putting a ship out of action, on top of the strength it had left.
KILL_BONUS = 0.3
#: Worth of one point of steering damage, of each full sail and of a gun destroyed
#: (in strength units): small, they only tell through the wind gauge and fire.
STEERING = 0.01
SAILS = 0.15
GUNS = 0.25
MAST_VALUE = {Mast.FORE: 0.15, Mast.MAIN: 0.25, Mast.MIZZEN: 0.08}


@cache
def hits_distribution(skill: int, guns: int, cap: int) -> tuple[tuple[int, float], ...]:
    """P(hits) of a broadside: (hits, probability) over the 3d6 Gunner roll."""
    best = tables().hit_rate[-1][1]
    out: dict[int, float] = {}
    for total, p in DiceSpec.parse("3d6").distribution().items():
        check = gurps_check(total, skill)
        if not check.success:
            hits = 0
        else:
            rate = min(cap, best if check.critical else gun.hit_rate(check.margin))
            hits = rate * guns // 100
        out[hits] = out.get(hits, 0.0) + float(p)
    return tuple(sorted(out.items()))


@cache
def damage_odds(calibre: int, dr: int) -> tuple[float, float]:
    """(P(penetrating), expected HIP loss given it penetrates) for a calibre against DR."""
    dist = DiceSpec.parse(tables().calibres[calibre].damage).distribution()
    pen = sum((p for d, p in dist.items() if d > dr), Fraction(0))
    if not pen:
        return 0.0, 0.0
    loss = sum((p * gun.hip_loss(d - dr) for d, p in dist.items() if d > dr), Fraction(0))
    return float(pen), float(loss / pen)


def _binomial_at_least(n: int, q: float, k: int) -> float:
    from math import comb

    return sum(comb(n, i) * q ** i * (1 - q) ** (n - i) for i in range(k, n + 1))


def hits_value(target: Gunnery, aim: Aim, calibre: int, n: int) -> float:
    """The worth of ``n`` hits of ``calibre`` with ``aim`` on ``target``."""
    if n <= 0 or not target.in_action:
        return 0.0
    t = tables()
    info = target.info
    left = gun.strength(target)
    if aim.called is Called.CREW:
        if target.readiness - t.crew_loss * n <= t.strike_at:
            return left + KILL_BONUS
        return t.crew_loss * n / 200
    if aim.called is Called.RUDDER:
        pen, _ = damage_odds(calibre, info.dr)
        room = t.steering_max - target.steering
        return min(room, n * pen) * STEERING
    if aim.called is Called.RIGGING:
        dr = t.called[Called.RIGGING].dr
        pen, _ = damage_odds(calibre, dr if isinstance(dr, int) else 0)
        lost = min(target.sail_hp, n * pen * t.calibres[calibre].sail)
        return lost / info.sail_hp * SAILS
    if aim.called is Called.MAST:
        assert aim.mast is not None
        pen, _ = damage_odds(calibre, info.mast_dr(aim.mast))
        need = t.falls_after - target.mast_hits[MASTS.index(aim.mast)]
        worth = MAST_VALUE[aim.mast]
        if len(target.masts_lost) == 1:
            worth += 0.2  # a second mast costs her the wind gauge
        return _binomial_at_least(n, pen, need) * worth + min(need, n * pen) / need * worth * 0.2
    # a broadside: the hit-location table
    pen, loss = damage_odds(calibre, info.dr)
    hull = (2 / 6 + 1 / 6) * pen * loss / info.hip / 2
    crew = 1 / 6 * t.crew_loss / 200
    cannons = 1 / 6 * 3.5 / max(1, 2 * info.guns) * GUNS
    sails = 1 / 6 * t.calibres[calibre].sail / info.sail_hp * SAILS
    value = n * (hull + crew + cannons + sails)
    hip_after = target.hip - n * (3 / 6) * pen * loss
    if hip_after * 10 < info.hip:
        value += left + KILL_BONUS
    return value


def volley_value(shooter: Gunnery, guns: Guns, target: Gunnery, band: Band, aim: Aim,
                 extra: gun.Mods) -> float:
    """Expected worth of one broadside of ``guns`` at ``target``."""
    if guns.guns <= 0 or not target.in_action:
        return 0.0
    mods = gun.gunner_modifiers(shooter, target, band, aim, extra)
    skill = shooter.skills.gunner + sum(v for _, v in mods)
    cap = tables().bands[band].cap
    return sum(p * hits_value(target, aim, shooter.info.calibre, n)
               for n, p in hits_distribution(skill, guns.guns, cap))


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
    return RULESET.gauge_mods(state, side)


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
    enemy = RULESET.enemy(state, side)

    def edge(order: Order) -> tuple[float, int]:
        steps = {"close": -1, "open": 1}.get(order.arg, 0)
        band = shift_band(state.band, steps)
        mine = squadron_value(state, side, band, True)
        theirs = squadron_value(state, enemy, band, False)
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
