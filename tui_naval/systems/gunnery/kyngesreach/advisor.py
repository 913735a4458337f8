"""Kyngesreach gunnery valued for an advisor, in the units a battle is judged by.

A ship's strength is half its Hull Integrity Points and half its crew readiness
(0..1), so taking 10% of a crew is worth 0.05 and sinking or striking a ship is
worth all it has left, plus a bonus.  A broadside's value is the exact
expectation over the 3d6 Gunner roll of the hits it scores, each hit valued by
its aim (a broadside's hit by the hit-location table).  Shared by the advisors
and presenters of every ruleset that fights with these guns.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache

from tui_naval.core.dice import DiceSpec, gurps_check
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.gunnery import Aim, Gunnery, Guns
from tui_naval.systems.gunnery.kyngesreach.tables import MASTS, Band, Called, Mast, tables

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
    return _volley_value(shooter, guns, target, band, aim, tuple(extra))


@lru_cache(maxsize=2048)
def _volley_value(shooter: Gunnery, guns: Guns, target: Gunnery, band: Band, aim: Aim,
                  extra: tuple[tuple[str, int], ...]) -> float:
    """``volley_value``, kept: it reads only its arguments, and a helm values the same
    broadsides from many of the places it weighs (a search's rollouts, more often)."""
    mods = gun.gunner_modifiers(shooter, target, band, aim, extra)
    skill = shooter.skills.gunner + sum(v for _, v in mods)
    cap = tables().bands[band].cap
    return sum(p * hits_value(target, aim, shooter.info.calibre, n)
               for n, p in hits_distribution(skill, guns.guns, cap))
