"""How Kyngesreach gunnery presents itself: its orders' labels, a shot's odds, its events'
styles.

Shared by every ruleset that fights with these guns (Kyngesreach itself, and
Salt'n'Tar's combat turn fought with them): the weather reader's, target's and
ammunition's labels, what an ammunition serves at a band, the Gunner roll's odds
(the advisor's exact sums) and the line of fire drawn on the map.
"""

from __future__ import annotations

from collections.abc import Iterable

from tui_naval.core.grid import Cell, Grid
from tui_naval.core.messages import plural, word_list
from tui_naval.core.orders import Order
from tui_naval.core.presenter import OptionInfo
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.advisor import hits_distribution
from tui_naval.systems.gunnery.kyngesreach.gunnery import Aim, Battery, Gunned, Gunnery, Mods
from tui_naval.systems.gunnery.kyngesreach.tables import AMMO_NAMES, BANDS, Ammo, Band, tables

#: Event kind -> log style.
STYLES = {
    "gunnery": "yellow", "hit": "bold yellow", "crit": "bold red", "mast": "bold red",
    "reload": "green", "ammo": "green", "range": "cyan", "sinking": "bold red",
    "sinks": "bold red", "struck": "bold red", "burn": "red", "flood": "red", "rig": "green",
}

def band_name(band: Band) -> str:
    return tables().bands[band].name


def weather_info(ship: Gunned) -> OptionInfo:
    """A ship offered to read the weather for her side."""
    return OptionInfo(f"{ship.id} {ship.name}", f"Weather Sense {ship.gunnery.skills.weather}")


def aim_label(token: str, target_id: str) -> str:
    """``Broadside at R1``, ``Rudder at R1``, ``Mainmast at R1``."""
    aim = Aim.parse(token)
    if aim.called is None:
        what = "Broadside"
    elif aim.mast is not None:
        what = aim.mast.value.title()
    else:
        what = tables().called[aim.called].name
    return f"{what} at {target_id}"


def ammo_info(ships: Iterable[Gunned], ship: Gunned, order: Order,
              band: Band | None, unit: str = "round") -> OptionInfo:
    """A reload option (``<battery> <keep|ammo>``), what it serves at ``band`` (None: no
    enemy in range); ``unit`` names a reload step as the prompt does ("round", "turn")."""
    guns = ship.gunnery.guns(Battery(order.verb))
    rounds = dict(gun.reload_options(guns))[order.arg]
    ammo = guns.ammo if order.arg == "keep" else Ammo(order.arg)
    if order.arg == "keep":
        label = f"Keep {ammo.value}" if not rounds else f"Reload {ammo.value}"
    else:
        label = ammo.value.title()
    when = (f"{rounds} rnd" if unit == "round" else plural(rounds, unit)) if rounds \
        else "loaded"
    detail = f"{AMMO_NAMES[ammo]}: " + (f"loaded in {plural(rounds, unit)}" if rounds
                                        else "stays loaded")
    return OptionInfo(f"{label} ({when})", f"{detail}\n{serves(ships, ship, ammo, band)}")


def serves(ships: Iterable[Gunned], ship: Gunned, ammo: Ammo, band: Band | None) -> str:
    """What an ammunition can fire at ``band`` (from the gunnery's own aim rules), or at
    which bands it could (``band`` None: no enemy in range)."""
    enemies = [s for s in ships if s.side != ship.side and s.gunnery.in_action]
    if not enemies:
        return ""
    target = enemies[0].gunnery
    bands = [band_name(b) for b in BANDS if gun.ammo_aims(ammo, target, b)]
    if band is None:
        return (f"{AMMO_NAMES[ammo]} fires at " + (word_list(bands, "or") if bands else "no")
                + " range (no enemy in range now)")
    here = [a.describe().removeprefix("a ") for a in gun.ammo_aims(ammo, target, band)]
    if here:
        return f"{AMMO_NAMES[ammo]} at {band_name(band)} range: " + ", ".join(here)
    return (f"{AMMO_NAMES[ammo]} cannot fire at {band_name(band)} range"
            + (f" (only at {word_list(bands, 'or')})" if bands else ""))


def odds(g: Gunnery, battery: Battery, target: Gunnery, band: Band, token: str,
         extra: Mods) -> str:
    """The Gunner roll of a battery's broadside or called shot at ``band`` and its odds."""
    guns = g.guns(battery)
    mods = gun.gunner_modifiers(g, target, band, Aim.parse(token), extra)
    skill = g.skills.gunner + sum(v for _, v in mods)
    cap = tables().bands[band].cap
    dist = hits_distribution(skill, guns.guns, cap)
    score = sum(p for n, p in dist if n > 0)
    mean = sum(n * p for n, p in dist)
    return (f"Gunner {g.skills.gunner}{gun.mods_text(mods)} = {skill}: "
            f"{score:.0%}: at least one hit; {mean:.1f} hits expected of {guns.guns} guns "
            f"(hits = hit rate x guns, rounded down; the rate at most {cap}% at this range)")


def line_of_fire(grid: Grid, shooter: Cell, target: Cell) -> tuple[tuple[Cell, str], ...]:
    """The overlays of a shot: the cells between the ships, and the target."""
    line = [c for c in grid.line(shooter, target) if c not in (shooter, target)]
    return (*((c, "arc") for c in line), (target, "target"))


def ship_note(g: Gunnery) -> str:
    """A ship's hull, crew and engaged battery, in a line."""
    guns = g.guns(g.engaged)
    load = "ready" if guns.ready else "empty" if guns.empty else f"in {guns.reload}"
    return (f"HIP {g.hip}/{g.info.hip}, crew {g.readiness}%; {g.engaged.value} "
            f"{guns.guns} guns, {AMMO_NAMES[guns.ammo]} {load}")
