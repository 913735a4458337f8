"""Ships & Sails' mechanics as pure functions: speed limits, moves, arcs, aim patterns, damage.

Shared by the rules, the AI's look-ahead and the tests.  Directions are the
flat-top hex facings 0..5 = N, NE, SE, S, SW, NW, counted clockwise.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from functools import cache

from tui_naval.core.grid import Cell, Grid
from tui_naval.core.wind import Wind
from tui_naval.rulesets.ships_and_sails.state import TENTHS, SailShip
from tui_naval.rulesets.ships_and_sails.tables import (
    POINTS,
    Ammo,
    PointOfSail,
    ShipType,
    Tables,
    tables,
)

PORT = "port"
STARBOARD = "starboard"
SIDES = (PORT, STARBOARD)
#: A move's hex choices: ahead-left, straight ahead, ahead-right (the heading change).
STEPS = {"L": -1, "F": 0, "R": 1}
#: The move order of a ship that stays put; "0L"/"0R" swing her one hexside in place.
STAY = "0"
SWINGS = {"0L": -1, "0R": 1}


def ship_type(ship: SailShip) -> ShipType:
    return tables().ships[ship.kind]


def new_ship(kind: str, ship_id: str, side: str, cell: Cell, heading: int) -> SailShip:
    """A ship of a type as she comes out of the dockyard: every figure at its MAX."""
    st = tables().ships[kind]
    return SailShip(id=ship_id, side=side, kind=kind, name=st.name, cell=cell, heading=heading,
                    hull=st.hull * TENTHS, rigging=st.rigging * TENTHS,
                    sailors=st.sailors * TENTHS, port_guns=st.broadside * TENTHS,
                    starboard_guns=st.broadside * TENTHS, wake=(cell,))


def whole(value: int) -> int:
    """Whole units of a tenths figure (a wounded man or a damaged gun does not count)."""
    return value // TENTHS


# -- sails and speed ---------------------------------------------------------------

def sails_standing(ship: SailShip, st: ShipType) -> int:
    """Sails the rigging still carries: MAX # of Sails x rigging left, rounded up."""
    return -(-(st.sails * ship.rigging) // (st.rigging * TENTHS))


def sails_worked(ship: SailShip, st: ShipType) -> int:
    """Sails standing that there are sailors to work (6 a sail)."""
    return min(sails_standing(ship, st), whole(ship.sailors) // st.sailors_per_sail)


def sail_speed(ship: SailShip, st: ShipType) -> int:
    """MAX speed the sails allow (Figure 5): full over 50%, then the table's steps."""
    worked = sails_worked(ship, st)
    for percent, speed in st.sail_speed:  # lowest percent first; 0 means "= 0%"
        if worked * 100 <= percent * st.sails:
            return speed
    return st.max_speed


def hull_speed(ship: SailShip, st: ShipType, t: Tables | None = None) -> int:
    """MAX speed a damaged hull allows (defined here: -1 at half, -2 at a quarter)."""
    t = t or tables()
    for percent, loss in t.hull_speed:  # lowest percent first
        if ship.hull * 100 <= percent * st.hull * TENTHS:
            return max(min(st.max_speed, t.hull_speed_floor), st.max_speed - loss)
    return st.max_speed


def point_of_sail(grid: Grid, wind: Wind, heading: int) -> PointOfSail:
    """Head to wind, close-hauled (60 deg off), reaching (120) or running (180)."""
    return POINTS[grid.points_between(heading, wind.direction)]


def base_cap(ship: SailShip, st: ShipType, wind: Wind) -> int:
    """The most hexes this turn, before the point of sail: type, wind speed, sails, hull.

    A ship makes at most the wind's speed plus one hex (her boats tow her in no wind).
    """
    return max(0, min(st.max_speed, wind.speed + tables().towing, sail_speed(ship, st),
                      hull_speed(ship, st)))


def heading_caps(grid: Grid, st: ShipType, wind: Wind, heading: int) -> dict[int, int]:
    """MAX speed by the point of sail, for each turn (-3..+3 hexsides) off ``heading``."""
    return {d: st.point_speed(point_of_sail(grid, wind, grid.turn(heading, d)))
            for d in range(-3, 4)}


def path_headings(path: str) -> list[int]:
    """Turns off the starting heading after each step of a move."""
    out, d = [], 0
    for ch in path:
        d += STEPS[ch]
        out.append(d)
    return out


def path_cap(path: str, base: int, caps: dict[int, int]) -> int:
    """The speed limit a move meets: the base cap and the worst point of sail it sails."""
    return min([base, *(caps[d] for d in path_headings(path))])


def fits(path: str, base: int, caps: dict[int, int], floor: int = 0) -> bool:
    """Whether a move keeps to the speed limit; up to ``floor`` hexes she carries her way."""
    return len(path) <= max(floor, path_cap(path, base, caps))


def cut(path: str, base: int, caps: dict[int, int], floor: int = 0) -> str:
    """The longest start of a move that the wind now allows (a changed wind cuts it short)."""
    for n in range(len(path), 0, -1):
        if fits(path[:n], base, caps, floor):
            return path[:n]
    return ""


@cache
def sequences(length: int, turns: int) -> tuple[str, ...]:
    """Every string of L/F/R of ``length`` with at most ``turns`` L or R in it."""
    out = ("".join(p) for p in itertools.product("LFR", repeat=length))
    return tuple(p for p in out if len(p) - p.count("F") <= turns)


def turns_allowed(ship: SailShip, st: ShipType) -> int:
    """Turns (hexsides) a turn: the table's "# of turns/turn", none without a rudder."""
    return st.turns if ship.rudder else 0


def speed_range(ship: SailShip, st: ShipType) -> tuple[int, int]:
    """Speeds the MAX Speed Change allows from last turn's speed."""
    return max(0, ship.speed - st.speed_change), min(st.max_speed, ship.speed + st.speed_change)


def move_options(grid: Grid, wind: Wind, ship: SailShip) -> list[str]:
    """Legal move orders: "0", "0L"/"0R" (swing in place) and L/F/R strings.

    The speed may change by at most the MAX Speed Change either way.  Speeding
    up is limited by the cap on every heading the move sails (wind, sails,
    hull); a ship already faster than the cap carries her way and slows by her
    MAX Speed Change a turn, so the slowest speed she may sail is always legal.
    """
    st = ship_type(ship)
    base = base_cap(ship, st, wind)
    caps = heading_caps(grid, st, wind, ship.heading)
    turns = turns_allowed(ship, st)
    lo, hi = speed_range(ship, st)
    out = [p for n in range(max(1, lo), hi + 1) for p in sequences(n, turns)
           if fits(p, base, caps, lo)]
    if lo == 0:
        out[:0] = [STAY, *(SWINGS if turns else ())]
    return out


def move_length(order_arg: str) -> int:
    return 0 if order_arg.startswith(STAY) else len(order_arg)


def trace(grid: Grid, cell: Cell, heading: int, path: str) -> list[tuple[Cell, int]]:
    """(cell, heading) after each step of a move; cells may fall off the board."""
    out = []
    for ch in path:
        heading = grid.turn(heading, STEPS[ch])
        cell = grid.neighbour(cell, heading)
        out.append((cell, heading))
    return out


def planned_end(grid: Grid, ship: SailShip, arg: str) -> tuple[Cell, int]:
    """Where a move order would leave the ship if nothing stops her."""
    if arg in SWINGS:
        return ship.cell, grid.turn(ship.heading, SWINGS[arg])
    if arg == STAY or not arg:
        return ship.cell, ship.heading
    return trace(grid, ship.cell, ship.heading, arg)[-1]


# -- gunnery -----------------------------------------------------------------------

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
                  pattern: Iterable[tuple[str, int]]) -> list[tuple[Cell, int]]:
    """The aim pattern laid on the sea round ``aim``: (hex, percent)."""
    out = []
    for place, percent in pattern:
        cell = aim if place == "aim" else grid.neighbour(aim, place_facing(heading, side, place))
        out.append((cell, percent))
    return out


def guns_on(ship: SailShip, side: str) -> int:
    """Tenths of guns on one side."""
    return ship.port_guns if side == PORT else ship.starboard_guns


def firing_value(guns: int, sailors: int, per_gun: int = 3) -> int:
    """Firing value = min(remaining broadside guns, sailors / 3), in whole guns and crews."""
    return max(0, min(guns, sailors // per_gun))


def ship_firing_value(ship: SailShip, side: str) -> int:
    return firing_value(whole(guns_on(ship, side)), whole(ship.sailors), tables().sailors_per_gun)


def hit_damage(percent: int, fv: int) -> int:
    """Damage of a hit in tenths: percent x firing value (0.4 x 33 = 13.2 -> 132)."""
    return percent * fv * TENTHS // 100


def side_hit(grid: Grid, target: SailShip, shooter: Cell) -> str:
    """Which side of ``target`` faces a shooter: port, starboard, or "both" dead ahead/astern."""
    rel = (grid.direction(target.cell, shooter) - grid.facing_angle(target.heading)) % 360.0
    if min(rel, 360.0 - rel) < 1e-6 or abs(rel - 180.0) < 1e-6:
        return "both"
    return STARBOARD if rel < 180.0 else PORT


def ammo_range(ammo: Ammo) -> int:
    return tables().range_of(ammo)


# -- condition -----------------------------------------------------------------------

def maneuverable(ship: SailShip) -> bool:
    """Afloat, with her rudder, and with sails she can work."""
    return ship.afloat and ship.rudder and sails_worked(ship, ship_type(ship)) > 0


def damage_fraction(ship: SailShip) -> float:
    """Share of the ship lost (0..1): the mean of hull, rigging and sailors lost; 1 if lost."""
    if not ship.afloat:
        return 1.0
    st = ship_type(ship)
    kept = (ship.hull / (st.hull * TENTHS) + ship.rigging / (st.rigging * TENTHS)
            + ship.sailors / (st.sailors * TENTHS)) / 3
    return 1.0 - kept


HOLD = "hold"


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
