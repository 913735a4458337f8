"""How Ships & Sails gunnery presents itself: its ammunition and aim orders' labels, the
firing arcs and aimed hexes laid on the sea, and its events' styles.

Shared by every ruleset that fights with these guns: a ruleset says where the
ship would be when she fires (where her move ends, or where she lies) and these
draw her broadsides' reach and the 40% and 10% hexes of an aim from there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tui_naval.core.grid import Cell, Grid
from tui_naval.core.orders import Order
from tui_naval.core.presenter import OptionInfo
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    HOLD,
    PORT,
    SIDES,
    Armament,
    Armed,
    ammo_range,
    arc,
    firing_value_of,
    hit_damage,
    parse_aim,
    pattern_cells,
    tenths,
)
from tui_naval.systems.gunnery.ships_and_sails.broadsides import KEEP
from tui_naval.systems.gunnery.ships_and_sails.tables import TARGET_OF, Ammo, tables

#: Event kind -> log style.
STYLES = {
    "fire": "yellow", "hit": "bold yellow", "miss": "dim", "damage": "", "ammo": "green",
    "breaks": "red", "sinks": "bold red",
}

#: An overlay: a cell and its kind.
Overlays = dict[Cell, str]


def ammo_info(a: Armament, order: Order) -> OptionInfo:
    """Keep the load, or draw it and load another."""
    if order.arg == KEEP:
        return OptionInfo(f"Keep {a.ammo.value}")
    ammo = Ammo(order.arg)
    return OptionInfo(f"Load {ammo.value}",
                      f"range {ammo_range(ammo)}, damages {TARGET_OF[ammo]}",
                      "no broadside this turn")


def aim_info(ships: Iterable[Armed], ship: Armed, order: Order) -> OptionInfo:
    """Hold fire, or a side's broadside at a hex (and the enemies in it now)."""
    aim = parse_aim(order.arg)
    if aim is None:
        return OptionInfo("Hold fire", "the broadside stays loaded")
    side, cell = aim
    there = [s.id for s in ships if s.afloat and s.cell == cell and s.side != ship.side]
    label = f"{'Port' if side == PORT else 'Stbd'} at {cell}"
    return OptionInfo(label + (f" {','.join(there)}" if there else ""))


def aimed_cell(order: Order) -> Cell | None:
    """The hex an aim order aims at (None: any other order, or hold)."""
    if order.verb != "aim":
        return None
    aim = parse_aim(order.arg)
    return aim[1] if aim is not None else None


def aims_first(ships: Iterable[Armed], side: str, options: Sequence[Order]) -> list[Order]:
    """Aim options with the hexes where an enemy is now first, then hold, then the rest."""
    enemies = {s.cell for s in ships if s.afloat and s.side != side}

    def at_enemy(order: Order) -> bool:
        aim = parse_aim(order.arg)
        return aim is not None and aim[1] in enemies

    return sorted(options, key=lambda o: (not at_enemy(o), o.arg != HOLD))


def arcs(grid: Grid, a: Armament, cell: Cell, heading: int,
         sides: Sequence[str] = SIDES) -> Overlays:
    """The reach of the broadsides on ``sides`` that can fire, from ``cell`` and ``heading``."""
    reach = ammo_range(a.ammo)
    out: Overlays = {}
    for side in sides:
        if firing_value_of(a, side) > 0:
            out.update((c, "arc") for c in arc(grid, cell, heading, side, reach))
    return out


def reach_note(turn: int, grid: Grid, a: Armament, cell: Cell,
               heading: int) -> tuple[str, Overlays]:
    """What a move's preview adds: when she is loaded, or her broadsides' reach from there."""
    if a.reload:
        return f"; {a.ammo.value} loading, ready on turn {turn + a.reload}", {}
    return (f"; + her broadsides' reach ({a.ammo.value}, {ammo_range(a.ammo)})",
            arcs(grid, a, cell, heading))


def ammo_preview(turn: int, grid: Grid, a: Armament, cell: Cell, heading: int, order: Order,
                 *, switched: str, loaded: str) -> tuple[str, Overlays]:
    """What keeping or switching the load means; ``switched`` says when a new load is
    ready, ``loaded`` when a kept one fires (and the reach is drawn from ``cell``)."""
    ammo = a.ammo
    if order.arg != KEEP:
        new = Ammo(order.arg)
        return (f"draw the {ammo.value}, load {new.value} (range {ammo_range(new)}, "
                f"damages {TARGET_OF[new]}): {switched}"), {}
    if a.reload:
        return f"keep loading {ammo.value}: ready on turn {turn + a.reload}", {}
    return (f"keep {ammo.value} (range {ammo_range(ammo)}, damages {TARGET_OF[ammo]}): "
            f"{loaded}"), arcs(grid, a, cell, heading)


def ship_note(a: Armament, how: str) -> str:
    """Her hull, ``how`` she is (speed, Strain), her load: a line for the look panel."""
    load = "loaded" if a.reload == 0 else f"loading {a.reload}"
    return f"hull {tenths(a.hull)}/{a.stype.hull}, {how}, {a.ammo.value} {load}"


def aim_preview(grid: Grid, a: Armament, cell: Cell, heading: int,
                order: Order, found: str = "passes") -> tuple[str, Overlays]:
    """An aim's 40% and 10% hexes (over its side's arc), and what a hit in each does;
    ``found`` says how an enemy is in a hex to be rolled for (``passes``, ``lies in``)."""
    aim = parse_aim(order.arg)
    if aim is None:
        return "hold fire: the broadside stays loaded", arcs(grid, a, cell, heading)
    side, at = aim
    t = tables()
    fv = firing_value_of(a, side)
    pattern = pattern_cells(grid, at, heading, side, a.stype.pattern(a.ammo))
    overlays = arcs(grid, a, cell, heading, (side,))
    for where, percent in pattern:
        overlays[where] = "hit-40" if percent >= 40 else "hit-10"
    parts = [f"{pct}% hexes hit on {_faces(t.faces(pct))} of d{t.hit_die} for "
             f"{tenths(hit_damage(pct, fv))} {TARGET_OF[a.ammo]}"
             for pct in sorted({p for _, p in pattern}, reverse=True)]
    return (f"{side} {a.ammo.value} at {at}, firing value {fv}: " + "; ".join(parts)
            + f" (rolled for each such hex an enemy {found})"), overlays


def _faces(faces: int) -> str:
    return "a 1" if faces == 1 else f"1-{faces}"
