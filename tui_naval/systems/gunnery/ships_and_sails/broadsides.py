"""Ships & Sails gunnery in action: switching loads, aimed broadsides, simultaneous damage.

A broadside is aimed at a hex; the ship type's pattern for the ammunition lays
40% and 10% hexes round it, and every enemy that passed such a hex is rolled
for (a d10 under the hex's faces).  All the hits of a round are applied at once.
Which hexes a ship "passed" is the ruleset's to say (Ships & Sails: her whole
move; a ruleset whose fire falls between moves: where she lies).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import TypeVar

from attrs import evolve

from tui_naval.core.dice import Roller
from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell, Grid
from tui_naval.core.state import evolved
from tui_naval.core.values import frozen
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    PORT,
    STARBOARD,
    Armament,
    Armed,
    ammo_range,
    bears,
    firing_value_of,
    hit_damage,
    pattern_cells,
    side_hit,
    tenths,
    whole,
)
from tui_naval.systems.gunnery.ships_and_sails.tables import TARGET_OF, Ammo, Critical, tables

A = TypeVar("A", bound=Armed)

KEEP = "keep"


def label(ship: Armed) -> str:
    return f"{ship.id} {ship.name}"


def with_gunnery(ship: A, gunnery: Armament) -> A:
    return evolved(ship, gunnery=gunnery)


@frozen
class Hit:
    """One hit of a broadside, waiting to be applied with all the others."""

    target: str
    ammo: Ammo
    damage: int
    side: str
    critical: Critical | None


def switch(ship: A, choice: str, turn: int, log: Log) -> A:
    """Draw the load and ship another (``keep``: none): a round more to reload."""
    a = ship.gunnery
    if not ship.afloat or choice == KEEP:
        return ship
    ammo = Ammo(choice)
    rounds = tables().switch_rounds
    log("ammo", f"{label(ship)} draws her {a.ammo.value} and loads {ammo.value} "
        f"(a round more: ready on turn {turn + a.reload + rounds})", ship.id)
    return with_gunnery(ship, evolve(a, ammo=ammo, reload=a.reload + rounds))


def fire(grid: Grid, ship: A, side: str, aim: Cell, targets: Iterable[A],
         passed: Callable[[A], Iterable[Cell]], roller: Roller, log: Log,
         verb: str = "passes") -> tuple[A, list[Hit]]:
    """A ship fires her ``side`` broadside at ``aim`` if it still bears from where she is.

    The ship comes back marked as having fired, with the hits it scored on ``targets``
    in the hexes ``passed`` gives (``verb``: how the log says a target was there).
    """
    a = ship.gunnery
    if a.reload > 0:
        return ship, []
    reach = ammo_range(a.ammo)
    if not bears(grid, ship.cell, ship.heading, side, aim, reach):
        log("fire", f"{label(ship)} holds fire: {aim} no longer bears on her {side} "
            f"side within {reach} hexes (guns stay loaded)", ship.id)
        return ship, []
    fv = firing_value_of(a, side)
    if fv <= 0:
        log("fire", f"{label(ship)} cannot fire: no {side} gun has a crew", ship.id)
        return ship, []
    ship = with_gunnery(ship, evolve(a, fired=f"{side} {a.ammo.value} at {aim}"))
    return ship, broadside(grid, ship, side, aim, fv, targets, passed, roller, log, verb)


def broadside(grid: Grid, ship: A, side: str, aim: Cell, fv: int, targets: Iterable[A],
              passed: Callable[[A], Iterable[Cell]], roller: Roller, log: Log,
              verb: str = "passes") -> list[Hit]:
    """Roll for every enemy in every 40% or 10% hex of the pattern she passed."""
    t = tables()
    a = ship.gunnery
    cells = pattern_cells(grid, aim, ship.heading, side, a.stype.pattern(a.ammo))
    percent_at = dict(cells)
    log("fire", f"{label(ship)} fires her {side} broadside of {a.ammo.value} at {aim} "
        f"(firing value {fv}; 40% hexes "
        f"{' '.join(str(c) for c, p in cells if p == 40)}"
        + (f"; 10% hexes {' '.join(str(c) for c, p in cells if p == 10)}"
           if any(p == 10 for _, p in cells) else "") + ")", ship.id)
    hits = []
    for target in targets:
        if not target.afloat or target.side == ship.side:
            continue
        for cell in dict.fromkeys(passed(target)):
            percent = percent_at.get(cell)
            if percent is None:
                continue
            faces = t.faces(percent)
            roll = roller.roll(f"1d{t.hit_die}")
            if roll.total > faces:
                log("miss", f"{label(target)} {verb} {cell} ({percent}% hex): {roll} > "
                    f"{faces}, missed", target.id)
                continue
            damage = hit_damage(percent, fv)
            text = (f"{label(target)} {verb} {cell} ({percent}% hex): {roll} <= {faces}, hit! "
                    f"{percent / 100:g} x {fv} = {tenths(damage)} {TARGET_OF[a.ammo]} damage")
            critical = None
            if faces >= t.critical_min_faces and roll.total == t.critical_face:
                crit = roller.roll(f"1d{t.critical_die}")
                critical = t.critical_of(a.ammo, crit.total)
                text += (f"; a 1: CRITICAL HIT {crit}: "
                         f"{critical.text if critical else 'no effect'}")
            log("hit", text, target.id)
            hits.append(Hit(target.id, a.ammo, damage,
                            side_hit(grid, target.cell, target.heading, ship.cell), critical))
    return hits


def reloading(ship: A) -> A:
    """A ship that fired this round begins to reload."""
    a = ship.gunnery
    if not a.fired:
        return ship
    return with_gunnery(ship, evolve(a, reload=tables().reload_rounds))


def apply_damage(a: Armament, afloat: bool, hits: list[Hit]) -> tuple[Armament, bool]:
    """A ship after a round's hits: damage first, then the critical effects; kept in bounds.

    Returns the armament and whether she is still afloat."""
    st = a.stype
    hull, rigging, sailors = a.hull, a.rigging, a.sailors
    guns = {PORT: a.port_guns, STARBOARD: a.starboard_guns}
    for hit in hits:
        if hit.ammo is Ammo.BALL:
            hull -= hit.damage
            lost = hit.damage * st.broadside // st.hull  # tenths of guns dismounted
            if hit.side == "both":
                guns[PORT] -= lost // 2
                guns[STARBOARD] -= lost - lost // 2
            else:
                guns[hit.side] -= lost
        elif hit.ammo is Ammo.CHAIN:
            rigging -= hit.damage
        else:
            sailors -= hit.damage
    rudder, breaking, fate = a.rudder, a.breaking, a.fate
    for hit in hits:
        crit = hit.critical
        if crit is None:
            continue
        if crit.effect == "explode":
            afloat, fate = False, "exploded"
        elif crit.effect == "rudder":
            rudder = False
        elif crit.effect == "rigging":
            rigging -= max(0, rigging) * crit.percent // 100
            breaking = breaking or crit.percent >= 100
        elif crit.effect == "sailors":
            sailors -= max(0, sailors) * crit.percent // 100
    a = evolve(a, hull=max(0, hull), rigging=max(0, rigging), sailors=max(0, sailors),
               port_guns=max(0, guns[PORT]), starboard_guns=max(0, guns[STARBOARD]),
               rudder=rudder, breaking=breaking, fate=fate)
    if afloat and a.hull <= 0:
        a, afloat = evolve(a, fate="sunk by gunfire"), False
    return a, afloat


def apply_hits(ships: dict[str, A], hits: list[Hit], log: Log) -> dict[str, A]:
    """Apply every hit of the round at once (the book's simultaneous damage)."""
    by_target: dict[str, list[Hit]] = defaultdict(list)
    for hit in hits:
        by_target[hit.target].append(hit)
    for sid, its in by_target.items():
        ship = ships[sid]
        a, afloat = apply_damage(ship.gunnery, ship.afloat, its)
        ship = evolved(ship, gunnery=a, afloat=afloat)
        st = a.stype
        if ship.afloat:
            log("damage", f"{label(ship)}: hull {tenths(a.hull)}/{st.hull}, rigging "
                f"{tenths(a.rigging)}/{st.rigging}, sailors {whole(a.sailors)}/"
                f"{st.sailors}, guns {whole(a.port_guns)}/{whole(a.starboard_guns)}", sid)
        else:
            log("sinks", f"{label(ship)} is {a.fate}!", sid)
        ships[sid] = ship
    return ships


def end_of_turn(ship: A, log: Log) -> A:
    """A breaking ship loses hull; a battery that did not fire this round reloads a round."""
    t = tables()
    a = ship.gunnery
    if ship.afloat and a.breaking:
        hull = max(0, a.hull - t.breaking_per_turn * 10)
        a = evolve(a, hull=hull)
        log("breaks", f"{label(ship)} is breaking up: hull -{t.breaking_per_turn} -> "
            f"{tenths(hull)}", ship.id)
        if hull <= 0:
            a = evolve(a, fate="broken up")
            ship = evolved(ship, afloat=False, gunnery=a)
            log("sinks", f"{label(ship)} breaks up and sinks!", ship.id)
    if not a.fired and a.reload > 0:
        a = evolve(a, reload=a.reload - 1)
    return ship if a is ship.gunnery else with_gunnery(ship, a)
