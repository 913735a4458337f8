"""Ships & Sails' movement as pure functions: speed limits, legal moves, their paths.

Shared by the rules, the advisor's look-ahead, the previews and the tests.  A
ship's speed is limited by her type, the wind, the sails her rigging and sailors
can work and her hull (``ship.gunnery``, the Ships & Sails gunnery's component).
Directions are the flat-top hex facings 0..5 = N, NE, SE, S, SW, NW, clockwise.
"""

from __future__ import annotations

import itertools
from functools import cache

from tui_naval.core.grid import Cell, Grid
from tui_naval.core.wind import Wind
from tui_naval.rulesets.ships_and_sails.state import SailShip
from tui_naval.systems.gunnery.ships_and_sails.armament import TENTHS, can_maneuver, sails_at_most
from tui_naval.systems.gunnery.ships_and_sails.tables import (
    POINTS,
    PointOfSail,
    ShipType,
    Tables,
    tables,
)

#: A move's hex choices: ahead-left, straight ahead, ahead-right (the heading change).
STEPS = {"L": -1, "F": 0, "R": 1}
#: The move order of a ship that stays put; "0L"/"0R" swing her one hexside in place.
STAY = "0"
SWINGS = {"0L": -1, "0R": 1}


def ship_type(ship: SailShip) -> ShipType:
    return tables().ships[ship.kind]


def sail_speed(ship: SailShip, st: ShipType) -> int:
    """MAX speed the sails allow (Figure 5): full over 50%, then the table's steps, by the
    exact share of her sails she can work."""
    for percent, speed in st.sail_speed:  # lowest percent first; 0 means "= 0%"
        if sails_at_most(ship.gunnery, percent):
            return speed
    return st.max_speed


def hull_speed(ship: SailShip, st: ShipType, t: Tables | None = None) -> int:
    """MAX speed a damaged hull allows (defined here: -1 at half, -2 at a quarter)."""
    t = t or tables()
    for percent, loss in t.hull_speed:  # lowest percent first
        if ship.gunnery.hull * 100 <= percent * st.hull * TENTHS:
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
    return dict(_heading_caps(grid, st, wind.direction, heading))


@cache
def _heading_caps(grid: Grid, st: ShipType, wind: int, heading: int
                  ) -> tuple[tuple[int, int], ...]:
    return tuple((d, st.point_speed(POINTS[grid.points_between(grid.turn(heading, d), wind)]))
                 for d in range(-3, 4))


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
    return st.turns if ship.gunnery.rudder else 0


def speed_range(ship: SailShip, st: ShipType) -> tuple[int, int]:
    """Speeds the MAX Speed Change allows from last turn's speed."""
    speed = ship.way.speed
    return max(0, speed - st.speed_change), min(st.max_speed, speed + st.speed_change)


def move_options(grid: Grid, wind: Wind, ship: SailShip) -> list[str]:
    """Legal move orders: "0", "0L"/"0R" (swing in place) and L/F/R strings.

    The speed may change by at most the MAX Speed Change either way.  Speeding
    up is limited by the cap on every heading the move sails (wind, sails,
    hull); a ship already faster than the cap carries her way and slows by her
    MAX Speed Change a turn, so the slowest speed she may sail is always legal.
    """
    return list(move_args(grid, wind, ship))


def move_args(grid: Grid, wind: Wind, ship: SailShip) -> tuple[str, ...]:
    """``move_options`` as the tuple that is made once for each set of figures."""
    st = ship_type(ship)
    caps = _heading_caps(grid, st, wind.direction, ship.heading)
    lo, hi = speed_range(ship, st)
    return _moves(base_cap(ship, st, wind), caps, turns_allowed(ship, st), lo, hi)


@cache
def speed_span(args: tuple[str, ...]) -> tuple[int, int]:
    """The fewest and the most hexes among move orders ``args`` (each list is one of few)."""
    speeds = [move_length(arg) for arg in args]
    return min(speeds), max(speeds)


@cache
def _moves(base: int, caps: tuple[tuple[int, int], ...], turns: int, lo: int, hi: int
           ) -> tuple[str, ...]:
    """``move_options`` from the figures they depend on (few, so each list is made once)."""
    by_turn = dict(caps)
    out = [p for n in range(max(1, lo), hi + 1) for p in sequences(n, turns)
           if fits(p, base, by_turn, lo)]
    if lo == 0:
        out[:0] = [STAY, *(SWINGS if turns else ())]
    return tuple(out)


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


def maneuverable(ship: SailShip) -> bool:
    """Afloat, with her rudder, and with sails she can work."""
    return ship.afloat and can_maneuver(ship.gunnery)
