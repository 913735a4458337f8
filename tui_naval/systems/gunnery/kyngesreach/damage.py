"""Kyngesreach gunnery's damage: a broadside fired, and what each of its hits does.

``fire`` rolls a battery's volley at a target, empties the battery and resolves the
hits; ``fire_at_once`` fires two ships at each other from where both stood, for
simultaneous fire; ``apply_hits`` / ``apply_hit`` resolve hits one at a time (hit
location, damage against DR, penetration strength and HIP loss, sail damage, crew,
cannons, criticals, called shots, masts falling).
"""

from __future__ import annotations

from attrs import evolve

from tui_naval.core.dice import Roller
from tui_naval.systems.gunnery.kyngesreach.gunnery import (
    SKILL_NAMES,
    Aim,
    Battery,
    Gunnery,
    Logger,
    Mods,
    Volley,
    after_firing,
    hip_loss,
    hip_text,
    lose_hip,
    roll_volley,
    sail_damage,
    sail_text,
    settle,
    steer,
)
from tui_naval.systems.gunnery.kyngesreach.tables import (
    AMMO_NAMES,
    MASTS,
    Band,
    Called,
    Mast,
    tables,
)


def _penetration(roller: Roller, calibre: int, dr: int) -> tuple[int, str]:
    """Roll the calibre's damage against ``dr``: (penetration strength, text)."""
    roll = roller.roll(tables().calibres[calibre].damage)
    ps = roll.total - dr
    if ps > 0:
        return ps, f"damage {roll} vs DR {dr}: penetrates, PS {ps}"
    return 0, f"damage {roll} vs DR {dr}: does not penetrate"


def _mast_hit(roller: Roller, g: Gunnery, mast: Mast, calibre: int, log: Logger,
              ship: str, head: str) -> Gunnery:
    t = tables()
    if g.mast_down(mast):
        log("hit", f"{head}: the {mast.value} is already gone", ship)
        return g
    ps, text = _penetration(roller, calibre, g.info.mast_dr(mast))
    if not ps:
        log("hit", f"{head}: {mast.value} {text}", ship)
        return g
    i = MASTS.index(mast)
    hits = list(g.mast_hits)
    hits[i] += 1
    g = evolve(g, mast_hits=(hits[0], hits[1], hits[2]))
    if not g.mast_down(mast):
        log("hit", f"{head}: {mast.value} {text} ({hits[i]}/{t.falls_after} to bring it "
            "down)", ship)
        return g
    effect = t.dismasting[mast]
    log("mast", f"{head}: {mast.value} {text}: the {mast.value} goes by the board! "
        f"({effect.text}; enemy +{effect.to_hit} to hit)", ship)
    return dismast(g, mast, log, ship)


def dismast(g: Gunnery, mast: Mast, log: Logger, ship: str) -> Gunnery:
    """Apply a fallen mast's lasting effects (its hits are already counted)."""
    t = tables()
    effect = t.dismasting[mast]
    info = g.info
    if effect.sail_loss:
        keep = info.sail_hp - info.sail_hp * effect.sail_loss // 100
        if g.sail_hp > keep:
            g = evolve(g, sail_hp=keep)
            log("mast", f"major sail loss: {sail_text(g)}", ship)
    if effect.steering:
        g = steer(g, effect.steering)
        log("mast", f"steering loss: steering damage {g.steering}", ship)
    lost = g.masts_lost
    if len(lost) == len(MASTS):
        log("mast", "total dismasting: the ship is adrift", ship)
    elif len(lost) == 2:
        log("mast", f"two masts lost: she cannot contest the wind gauge; enemy "
            f"+{t.two_masts_to_hit} to hit", ship)
    return g


def _critical(roller: Roller, g: Gunnery, calibre: int, log: Logger, ship: str,
              head: str) -> Gunnery:
    t = tables()
    die = roller.roll("1d6")
    effect = t.critical[die.total - 1]
    if effect == "fire":
        g = evolve(g, on_fire=True)
        text = f"fire on deck! ({t.fire_hip} HIP a round until put out)"
    elif effect == "steering":
        g = steer(g)
        text = f"steering damaged (steering damage {g.steering})"
    elif effect == "magazine":
        delay = t.magazine_delay
        g = evolve(g, port=evolve(g.port, reload=g.port.reload + delay),
                   starboard=evolve(g.starboard, reload=g.starboard.reload + delay))
        text = f"magazine disruption: both batteries +{delay} rounds to reload"
    elif effect == "injury":
        which = roller.roll("1d6")
        skill = ("gunner", "gunner", "seamanship", "seamanship", "tactics", "weather")[
            which.total - 1]
        value = max(t.skill_floor, getattr(g.skills, skill) + t.injury)
        g = evolve(g, skills=evolve(g.skills, **{skill: value}))
        text = f"an officer is injured ({which}): {SKILL_NAMES[skill]} now {value}"
    elif effect == "rigging":
        sail = t.calibres[calibre].sail
        g = sail_damage(evolve(g, rigging_hits=g.rigging_hits + 1), sail)
        text = (f"rigging collapse: a rigging hit ({g.rigging_hits}, {t.rigging_hit:+d} each "
                f"to the wind gauge) and {sail} sail HP ({sail_text(g)})")
    else:
        g = lose_hip(g, t.major_hip)
        text = f"a major hit: a further {t.major_hip} HIP ({hip_text(g)})"
    log("crit", f"{head}: critical {die}: {text}", ship)
    return g


def apply_hit(roller: Roller, g: Gunnery, calibre: int, aim: Aim, target_battery: Battery,
              log: Logger, ship: str, head: str, *, delay: bool = True) -> Gunnery:
    """Resolve one hit of ``calibre`` on ``g``.

    ``delay``: whether a cannons hit also delays the battery's reload (once a broadside).
    """
    t = tables()
    info = g.info
    called = aim.called
    if called is Called.RUDDER:
        ps, text = _penetration(roller, calibre, info.dr)
        if ps:
            g = steer(g)
            text += f": rudder damaged (steering damage {g.steering})"
        log("hit", f"{head}: rudder {text}", ship)
        return g
    if called is Called.RIGGING:
        dr = t.called[Called.RIGGING].dr
        assert isinstance(dr, int)
        ps, text = _penetration(roller, calibre, dr)
        if ps:
            g = sail_damage(g, t.calibres[calibre].sail)
            text += f": {t.calibres[calibre].sail} sail HP ({sail_text(g)})"
        log("hit", f"{head}: rigging {text}", ship)
        return g
    if called is Called.MAST:
        assert aim.mast is not None
        return _mast_hit(roller, g, aim.mast, calibre, log, ship, head)
    if called is Called.CREW:
        g = evolve(g, readiness=max(0, g.readiness - t.crew_loss))
        log("hit", f"{head}: deck crew -{t.crew_loss}% readiness ({g.readiness}%)", ship)
        return g
    die = roller.roll("1d6")
    where = t.location[die.total - 1]
    head = f"{head}: location {die}"
    if where == "hull" or where == "critical":
        ps, text = _penetration(roller, calibre, info.dr)
        if ps:
            loss = hip_loss(ps)
            g = lose_hip(g, loss)
            text += f", HIP -{loss} ({hip_text(g)})"
        log("hit", f"{head} {where}: {text}", ship)
        if where == "critical" and ps:
            g = _critical(roller, g, calibre, log, ship, head)
        return g
    if where == "rigging":
        sail = t.calibres[calibre].sail
        g = sail_damage(g, sail)
        log("hit", f"{head} rigging/sails: {sail} sail HP ({sail_text(g)})", ship)
        return g
    if where == "crew":
        g = evolve(g, readiness=max(0, g.readiness - t.crew_loss))
        log("hit", f"{head} deck crew: -{t.crew_loss}% readiness ({g.readiness}%)", ship)
        return g
    lost = roller.roll(t.cannons)
    guns = g.guns(target_battery)
    gone = min(guns.guns, lost.total)
    wait = t.cannon_delay if delay else 0
    g = g.with_guns(target_battery, evolve(guns, guns=guns.guns - gone,
                                           reload=guns.reload + wait))
    log("hit", f"{head} cannons: {lost} {'gun' if lost.total == 1 else 'guns'} destroyed "
        f"in the {target_battery.value} battery "
        f"({gone} lost, {guns.guns - gone} left)" + (f", reload +{wait}" if wait else ""), ship)
    return g


def apply_hits(roller: Roller, g: Gunnery, calibre: int, aim: Aim, hits: int,
               target_battery: Battery, log: Logger, ship: str, label: str) -> Gunnery:
    """Resolve ``hits`` hits in turn, stopping once the ship is out of action.

    The cannons' reload delay falls once a broadside, however many guns are hit.
    """
    delayed = False
    for n in range(1, hits + 1):
        if not g.in_action:
            break
        before = g.guns(target_battery).guns
        g = apply_hit(roller, g, calibre, aim, target_battery, log, ship,
                      f"{label} hit {n}/{hits}", delay=not delayed)
        delayed = delayed or g.guns(target_battery).guns < before
        g = settle(g, log, ship, label)
        if g.sunk:
            log("sinks", f"{label} founders and sinks!", ship)
    return g


def fire(roller: Roller, shooter: Gunnery, battery: Battery, target: Gunnery,
         target_battery: Battery, band: Band, aim: Aim, log: Logger, *,
         extra: Mods = (), names: tuple[str, str, str, str] = ("", "", "", "")
         ) -> tuple[Gunnery, Gunnery, Volley]:
    """One broadside: roll, empty the battery, resolve the hits.

    ``names`` are (shooter id, shooter label, target id, target label) for the log.
    """
    return _broadside(roller, (shooter, target), (shooter, target), battery, target_battery,
                      band, aim, log, extra, names, True)


def fire_at_once(roller: Roller, before: tuple[Gunnery, Gunnery], now: tuple[Gunnery, Gunnery],
                 battery: Battery, target_battery: Battery, band: Band, aim: Aim, log: Logger,
                 *, extra: Mods = (), names: tuple[str, str, str, str] = ("", "", "", ""),
                 count_burst: bool = True) -> tuple[Gunnery, Gunnery]:
    """One broadside of a volley all fire at once: rolled as shooter and target were
    ``before`` the volley, its effects on them as they are ``now``; (shooter, target).

    ``count_burst``: a burst gun's line tells how many guns the battery has left.
    """
    shooter, target, _ = _broadside(roller, before, now, battery, target_battery, band, aim,
                                    log, extra, names, count_burst)
    return shooter, target


def _broadside(roller: Roller, before: tuple[Gunnery, Gunnery], now: tuple[Gunnery, Gunnery],
               battery: Battery, target_battery: Battery, band: Band, aim: Aim, log: Logger,
               extra: Mods, names: tuple[str, str, str, str], count_burst: bool
               ) -> tuple[Gunnery, Gunnery, Volley]:
    """``fire`` and ``fire_at_once``: rolled ``before``, applied ``now``."""
    (shooter0, target0), (shooter, target) = before, now
    sid, slabel, tid, tlabel = names
    volley = roll_volley(roller, shooter0, battery, target0, band, aim, extra)
    ammo = AMMO_NAMES[shooter0.guns(battery).ammo]
    log("gunnery", f"{slabel} fires {aim.describe()} of {ammo} from her {battery.value} "
        f"battery at {tlabel}: {volley.text}", sid)
    shooter = after_firing(shooter, battery, volley)
    if volley.check.critical and not volley.check.success:
        left = (f" ({shooter.guns(battery).guns} left in the {battery.value} battery)"
                if count_burst else "")
        log("gunnery", f"{slabel}: a gun bursts{left}", sid)
    target = apply_hits(roller, target, shooter0.info.calibre, aim, volley.hits, target_battery,
                        log, tid, tlabel)
    return shooter, target, volley
