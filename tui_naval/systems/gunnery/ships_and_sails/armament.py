"""Ships & Sails gunnery: the component a ship carries (``ship.gunnery``) and its figures.

Hull, rigging, sailors and guns are kept in *tenths* (integers), so the book's
fractional damage (0.4 x 33 = 13.2) is exact and the state stays plain JSON.
Directions are flat-top hex facings 0..5 = N, NE, SE, S, SW, NW, clockwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Protocol

from attrs import evolve

from tui_naval.core.grid import Cell, Grid
from tui_naval.core.messages import cut, plural
from tui_naval.core.ruleset import Part, Row
from tui_naval.core.state import ShipLike
from tui_naval.core.validate import limits_problem
from tui_naval.core.values import frozen
from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo, ShipType, tables

#: Figures are stored in tenths.
TENTHS = 10
PORT = "port"
STARBOARD = "starboard"
SIDES = (PORT, STARBOARD)
#: An aim order's argument when the guns hold their fire.
HOLD = "hold"


def tenths(value: int) -> str:
    """A tenths figure as a decimal: 132 -> '13.2', 250 -> '25'."""
    whole_part, part = divmod(value, TENTHS)
    return f"{whole_part}" if part == 0 else f"{whole_part}.{part}"


def whole(value: int) -> int:
    """Whole units of a tenths figure (a wounded man or a damaged gun does not count)."""
    return value // TENTHS


@frozen(kw_only=True, cache_hash=True)
class Armament:
    """A Ships & Sails ship's fighting state: what her guns have, and what they have taken."""

    #: Her ship type (``brig``, ``ship-of-the-line``, ``man-at-war``).
    type: str
    #: Tenths of hull points, 0..MAX Hull x 10.
    hull: int
    #: Tenths of rigging points ("MAX Sail"), 0..MAX Sail x 10.
    rigging: int
    #: Tenths of sailors, 0..MAX Sailors x 10 (whole men work the guns and sails).
    sailors: int
    #: Tenths of guns on each side, 0..broadside x 10.
    port_guns: int
    starboard_guns: int
    #: The ammunition loaded, or being loaded.
    ammo: Ammo = Ammo.BALL
    #: Rounds until the broadside is loaded again (0: loaded, may fire this turn).
    reload: int = 0
    rudder: bool = True
    #: All rigging lost by a critical hit: the ship breaks, 1 hull a turn.
    breaking: bool = False
    #: How the ship was lost ("" while afloat): sunk, exploded, off the N edge...
    fate: str = ""
    #: This turn's gunnery, for the UI: "port ball at 5,7" or "".
    fired: str = ""

    @property
    def stype(self) -> ShipType:
        return tables().ships[self.type]


class Armed(ShipLike, Protocol):
    """A ship with a Ships & Sails ``gunnery`` component."""

    @property
    def gunnery(self) -> Armament: ...


def new_armament(kind: str) -> Armament:
    """A ship of a type as she comes out of the dockyard: every figure at its MAX."""
    st = tables().ships[kind]
    return Armament(type=kind, hull=st.hull * TENTHS, rigging=st.rigging * TENTHS,
                    sailors=st.sailors * TENTHS, port_guns=st.broadside * TENTHS,
                    starboard_guns=st.broadside * TENTHS)


# -- sails and crew -------------------------------------------------------------------

def sails_standing(a: Armament) -> int:
    """Sails the rigging still carries: MAX # of Sails x rigging left, rounded up."""
    st = a.stype
    return -(-(st.sails * a.rigging) // (st.rigging * TENTHS))


def sails_worked(a: Armament) -> int:
    """Sails standing that there are sailors to work (6 a sail)."""
    return min(sails_standing(a), whole(a.sailors) // a.stype.sailors_per_sail)


def sails_at_most(a: Armament, percent: int) -> bool:
    """Whether the share of her sails she can work is at most ``percent``% of her full suit,
    taken exactly: the rigging left, or the sails her sailors can work (6 a sail), whichever
    is less.  (Counting standing sails rounded up, rigging shot to exactly 25% would still
    show 3 sails of 10, and keep the 50% row's speed.)"""
    st = a.stype
    crew_sails = whole(a.sailors) // st.sailors_per_sail
    return (a.rigging * 100 <= percent * st.rigging * TENTHS
            or crew_sails * 100 <= percent * st.sails)


def can_maneuver(a: Armament) -> bool:
    """With her rudder, and with sails she can work."""
    return a.rudder and sails_worked(a) > 0


#: What ``1 - damage_fraction`` counts, in the ship panel's words: the game-over summary
#: says it (Hull 24/60 with her rigging and sailors whole is 80% of her strength).
STRENGTH_MEASURE = "the mean of Hull, Rigging and Sailors; sails and guns do not count"


def damage_fraction(a: Armament, afloat: bool) -> float:
    """Share of the ship lost (0..1): the mean of hull, rigging and sailors lost; 1 if lost."""
    if not afloat:
        return 1.0
    st = a.stype
    kept = (a.hull / (st.hull * TENTHS) + a.rigging / (st.rigging * TENTHS)
            + a.sailors / (st.sailors * TENTHS)) / 3
    return 1.0 - kept


# -- wear -----------------------------------------------------------------------------

def armament_wear(a: Armament) -> tuple[Part, ...]:
    """Her lasting damage in whole points: hull and rigging (rounded up: any left counts),
    guns on both sides and sailors (rounded down: a damaged gun or a wounded man does not
    count).  Her rudder has no part: a new battle starts with it mended."""
    st = a.stype
    return (Part("hull", "Hull", -(-a.hull // TENTHS), st.hull),
            Part("rigging", "Rigging", -(-a.rigging // TENTHS), st.rigging),
            Part("guns", "Guns", whole(a.port_guns) + whole(a.starboard_guns),
                 2 * st.broadside),
            Part("crew", "Sailors", whole(a.sailors), st.sailors))


def armament_worn(a: Armament, have: Mapping[str, int]) -> Armament:
    """A fresh armament with the parts ``have`` names (``armament_wear``'s keys) set, each
    clamped to 0..full; the guns are shared between the sides, the odd one to port; no
    hull left and she is lost (her ``fate``)."""
    st = a.stype
    if "hull" in have:
        hull = max(0, min(st.hull, have["hull"])) * TENTHS
        a = evolve(a, hull=hull, fate=a.fate or ("" if hull else "sunk"))
    if "rigging" in have:
        a = evolve(a, rigging=max(0, min(st.rigging, have["rigging"])) * TENTHS)
    if "guns" in have:
        guns = max(0, min(2 * st.broadside, have["guns"]))
        a = evolve(a, port_guns=(guns - guns // 2) * TENTHS,
                   starboard_guns=guns // 2 * TENTHS)
    if "crew" in have:
        a = evolve(a, sailors=max(0, min(st.sailors, have["crew"])) * TENTHS)
    return a


# -- guns -----------------------------------------------------------------------------

def guns_on(a: Armament, side: str) -> int:
    """Tenths of guns on one side."""
    return a.port_guns if side == PORT else a.starboard_guns


def firing_value(guns: int, sailors: int, per_gun: int = 3) -> int:
    """Firing value = min(remaining broadside guns, sailors / 3), in whole guns and crews."""
    return max(0, min(guns, sailors // per_gun))


def firing_value_of(a: Armament, side: str) -> int:
    """A side's firing value now."""
    return firing_value(whole(guns_on(a, side)), whole(a.sailors), tables().sailors_per_gun)


def hit_damage(percent: int, fv: int) -> int:
    """Damage of a hit in tenths: percent x firing value (0.4 x 33 = 13.2 -> 132)."""
    return percent * fv * TENTHS // 100


def ammo_range(ammo: Ammo) -> int:
    return tables().range_of(ammo)


# -- arcs and aim ---------------------------------------------------------------------

def _axial_step(grid: Grid, facing: int) -> tuple[int, int]:
    q0, r0 = grid.to_axial(Cell(0, 0))
    q1, r1 = grid.to_axial(grid.neighbour(Cell(0, 0), facing))
    return q1 - q0, r1 - r0


def arc(grid: Grid, cell: Cell, heading: int, side: str, reach: int) -> list[Cell]:
    """Hexes a broadside bears on, out to ``reach``, nearest first (on the board or not).

    The starboard arc is the 60 degree wedge between the ahead-right (heading+1)
    and behind-right (heading+2) hex lines, both lines included; port mirrors it.
    """
    return list(_arc(grid, cell, heading % 6, side, reach))


@lru_cache(maxsize=4096)
def arc_cells(grid: Grid, cell: Cell, heading: int, side: str, reach: int) -> frozenset[Cell]:
    """``arc``'s hexes as a set, kept: a helm asks whether each enemy lies in them, of
    the same places again and again."""
    return frozenset(_arc(grid, cell, heading % 6, side, reach))


@cache
def _arc(grid: Grid, cell: Cell, heading: int, side: str, reach: int) -> tuple[Cell, ...]:
    a = heading + (1 if side == STARBOARD else 4)
    ua, ub = _axial_step(grid, a), _axial_step(grid, a + 1)
    q, r = grid.to_axial(cell)
    out = []
    for d in range(1, reach + 1):
        for i in range(d + 1):
            out.append(grid.from_axial(q + (d - i) * ua[0] + i * ub[0],
                                       r + (d - i) * ua[1] + i * ub[1]))
    return tuple(out)


def bears(grid: Grid, cell: Cell, heading: int, side: str, target: Cell, reach: int) -> bool:
    return target in _arc(grid, cell, heading % 6, side, reach)


def place_facing(heading: int, side: str, place: str) -> int:
    """The direction from the aimed hex to a place of the pattern."""
    out = 1 if side == STARBOARD else -1
    offsets = {"fore": 0, "aft": 3, "over-fore": out, "over-aft": 2 * out,
               "short-fore": -out, "short-aft": -2 * out}
    return (heading + offsets[place]) % 6


def pattern_cells(grid: Grid, aim: Cell, heading: int, side: str,
                  pattern: tuple[tuple[str, int], ...]) -> list[tuple[Cell, int]]:
    """The aim pattern laid on the sea round ``aim``: (hex, percent)."""
    out = []
    for place, percent in pattern:
        cell = aim if place == "aim" else grid.neighbour(aim, place_facing(heading, side, place))
        out.append((cell, percent))
    return out


def side_hit(grid: Grid, cell: Cell, heading: int, shooter: Cell) -> str:
    """Which side of a ship at ``cell`` heading ``heading`` faces a shooter: port,
    starboard, or "both" dead ahead or astern."""
    rel = (grid.direction(cell, shooter) - grid.facing_angle(heading)) % 360.0
    if min(rel, 360.0 - rel) < 1e-6 or abs(rel - 180.0) < 1e-6:
        return "both"
    return STARBOARD if rel < 180.0 else PORT


def aim_arg(side: str, cell: Cell) -> str:
    """The text of an aim order's argument: "port:5,7"."""
    return f"{side}:{cell.col},{cell.row}"


def parse_aim(arg: str) -> tuple[str, Cell] | None:
    """(side, hex) of an aim order's argument; None for "hold"."""
    if arg == HOLD:
        return None
    side, _, where = arg.partition(":")
    col, _, row = where.partition(",")
    return side, Cell(int(col), int(row))


def aim_cells(grid: Grid, a: Armament, cell: Cell, heading: int) -> list[tuple[str, Cell]]:
    """(side, hex) of every hex a loaded ship at ``cell`` heading ``heading`` may aim at."""
    reach = ammo_range(a.ammo)
    out = []
    for side in SIDES:
        if firing_value_of(a, side) <= 0:
            continue
        out += [(side, c) for c in arc(grid, cell, heading, side, reach) if grid.in_bounds(c)]
    return out


# -- the ship panel ---------------------------------------------------------------------

def condition_rows(a: Armament, sails_label: str = "Sails") -> list[Row]:
    """Her hull, rigging, sails worked, sailors, guns and ammunition, as panel rows."""
    st = a.stype
    worked = sails_worked(a)
    return [
        Row("Hull", f"{tenths(a.hull)}/{st.hull}", a.hull / (st.hull * TENTHS)),
        Row("Rigging", f"{tenths(a.rigging)}/{st.rigging}", a.rigging / (st.rigging * TENTHS)),
        Row(sails_label, f"{worked}/{st.sails} worked ({sails_standing(a)} standing)",
            worked / st.sails),
        Row("Sailors", f"{whole(a.sailors)}/{st.sailors}", a.sailors / (st.sailors * TENTHS)),
        Row("Guns port", f"{whole(a.port_guns)}/{st.broadside} "
            f"(firing value {firing_value_of(a, PORT)})", a.port_guns / (st.broadside * TENTHS)),
        Row("Guns stbd", f"{whole(a.starboard_guns)}/{st.broadside} "
            f"(firing value {firing_value_of(a, STARBOARD)})",
            a.starboard_guns / (st.broadside * TENTHS)),
        Row("Ammunition", f"{a.ammo.value} (range {ammo_range(a.ammo)})"),
    ]


def ammo_prompt(label: str, a: Armament) -> str:
    """The ammunition decision's prompt: what is loaded, or how many rounds it still takes."""
    loading = "loaded" if a.reload == 0 else f"loading, {plural(a.reload, 'round')} to go"
    return f"{label}: ammunition ({a.ammo.value} {loading}; a switch takes a round more)"


def reload_row(a: Armament, load: str) -> Row:
    """The reload row, with its bar (full when loaded)."""
    t = tables()
    return Row("Reload", load, 1.0 - a.reload / (t.reload_rounds + t.switch_rounds + 1))


def damage_rows(a: Armament) -> list[Row]:
    """Her rudder, her last broadside, and whether she is breaking up."""
    rows = [Row("Rudder", "working" if a.rudder else "LOST: no turning")]
    if a.fired:
        rows.append(Row("Last fire", a.fired))
    if a.breaking:
        rows.append(Row("BREAKING", f"-{tables().breaking_per_turn} hull a turn"))
    return rows


def armament_problem(ship_id: str, gunnery: Armament, kind: str) -> str | None:
    """Why a ship's Ships & Sails armament (of class ``kind``) is out of range, or None; for
    the rulesets' ``invalid``: every ruleset that fights by Ships & Sails checks its ships so."""
    where = f"ship {cut(ship_id)}"
    if gunnery.type != kind:
        return f"{where} fights as {cut(gunnery.type)}, not as her class does"
    t = tables()
    st = t.ships[kind]
    return limits_problem(gunnery, {
        "hull": (0, st.hull * TENTHS), "rigging": (0, st.rigging * TENTHS),
        "sailors": (0, st.sailors * TENTHS), "port_guns": (0, st.broadside * TENTHS),
        "starboard_guns": (0, st.broadside * TENTHS),
        "reload": (0, t.reload_rounds + 2 * t.switch_rounds)}, where)
