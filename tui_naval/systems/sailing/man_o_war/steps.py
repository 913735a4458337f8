"""Man-O-War Advanced Sailing's steps: the wind, the initiative, a ship's move and drift.

Orders of the move decision (``kind`` "move"), one ship at a time:

- ``sail TURN/DISTANCE[+anchor]``: turn ``port``, ``ahead`` or ``starboard`` (one point
  of the grid: 60 degrees on hexes, 45 on squares) at the start of the move, then sail
  ``full``, ``half`` (half her movement, rounded up: no drift) or ``stay``; ``+anchor``
  drops anchor at the end of the move.  Turning into the wind (sail point D) is a
  tack: the recovery roll is made at once.
- ``recover LINE``: a ship In Irons at the start of her turn rolls to recover; on a 6
  she takes the close reach line to ``port`` or ``starboard`` of the wind's eye (on a
  5 the nearer one), then sails at close reach less the 2" of the tack.
- ``row TURN/DISTANCE[+anchor]``: a ship with oars rows her template's oar inches,
  whatever the wind (a rowed move is no sail move: no tack, no drift).
- ``anchor PIVOT/keep|raise``: a ship at anchor turns up to 90 degrees where she lies
  and keeps her anchor or raises it at the end of her move.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from attrs import evolve

from tui_naval.core.dice import Roller
from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell, Grid
from tui_naval.core.maps import MapSpec
from tui_naval.core.orders import Order
from tui_naval.core.state import Board
from tui_naval.core.wind import COMPASS, Wind, compass_wind
from tui_naval.systems.battle import CombatShip, label
from tui_naval.systems.sailing.man_o_war.compass import (
    Bearing,
    SailPoint,
    close_hauled,
    point_of,
    sail_inches,
    tack_bearings,
)
from tui_naval.systems.sailing.man_o_war.component import MowSail
from tui_naval.systems.sailing.man_o_war.declared import WINDS
from tui_naval.systems.sailing.man_o_war.tables import tables
from tui_naval.systems.seaway import Block, blocked, cells_for, way

TURNS = {"port": -1, "ahead": 0, "starboard": 1}
DISTANCES = ("full", "half", "stay")
EDGES = ("N", "E", "S", "W")
_EDGE_ANGLE = {"N": 0.0, "E": 90.0, "S": 180.0, "W": 270.0}


def sail_of(ship: CombatShip) -> MowSail:
    sail: MowSail = ship.sail
    return sail


def taken(ships: Sequence[CombatShip], ship: CombatShip) -> frozenset[Cell]:
    """The cells of the other ships afloat: where her way stops short."""
    return frozenset(s.cell for s in ships if s.afloat and s.id != ship.id)


# -- the wind ---------------------------------------------------------------------------

def compass_point(grid: Grid, wind: Wind) -> int:
    """The wind's compass point, 0 (North) to 7 (Northwest)."""
    return round(wind.bearing(grid) / 45.0) % 8


def shifted(grid: Grid, wind: Wind, points: int) -> Wind:
    """The wind moved ``points`` compass points clockwise (negative: anti-clockwise)."""
    return compass_wind(grid, compass_point(grid, wind) + points)


def edge_of_fleet(spec: MapSpec, side: str) -> str:
    """The edge a fleet enters by: the map's ``enters`` line, or the edge nearest its
    ships' middle."""
    named = dict(zip(*[iter(spec.option("enters").split())] * 2, strict=False))
    if side in named:
        return str(named[side]).upper()
    ships = [s for s in spec.ships if s.side == side]
    col = sum(s.cell.col for s in ships) / len(ships)
    row = sum(s.cell.row for s in ships) / len(ships)
    gaps = {"N": row, "S": spec.height - 1 - row, "W": col, "E": spec.width - 1 - col}
    return min(EDGES, key=lambda edge: (gaps[edge], EDGES.index(edge)))


def enters_problem(spec: MapSpec) -> str | None:
    """What is wrong with a map's ``enters`` line (pairs of a side and N, E, S or W)."""
    words = spec.option("enters").split()
    if len(words) % 2:
        return "'enters' takes pairs of a side and an edge (e.g. 'blue W red E')"
    for side, edge in zip(words[::2], words[1::2], strict=True):
        if side not in spec.sides:
            return f"'enters' names {side!r}, which is no side of the map"
        if edge.upper() not in EDGES:
            return f"'enters' gives {side} the edge {edge!r} (use N, E, S or W)"
    return None


def indicator_problem(spec: MapSpec) -> str | None:
    """What is wrong with a map's ``wind-indicator`` line (one of the eight winds)."""
    named = spec.option("wind-indicator").strip()
    if named and named.upper() not in WINDS:
        return f"'wind-indicator' is {named!r} (use one of {', '.join(WINDS)})"
    return None


def indicator_start(spec: MapSpec, agreed: str = "map") -> str:
    """Where the wind indicator starts: the players' agreed direction, else the map's
    ``wind-indicator``, else North (the text's)."""
    if agreed.upper() in WINDS:
        return agreed.upper()
    return spec.option("wind-indicator").strip().upper() or "N"


def commanders(spec: MapSpec) -> tuple[str, str]:
    """The two navies whose tied initiative rolls shift the wind: the map's
    ``commanders`` line, or its first two sides."""
    named = tuple(spec.option("commanders").split())
    if len(named) == 2 and all(side in spec.sides for side in named) \
            and named[0] != named[1]:
        return named[0], named[1]
    return spec.sides[0], spec.sides[1]


def initial_wind(spec: MapSpec, grid: Grid, roller: Roller, log: Log,
                 agreed: str = "map") -> Wind:
    """The starting wind.

    A wind the map fixes blows from its direction.  Two fleets entering from opposite
    edges roll "as normal": the base game's roll is not in the text, so a d8 picks one
    of the eight winds (1 North, clockwise).  Otherwise the text's rule: the indicator
    starts at North, "or a direction agreed by all players" (``agreed``, else the map's
    ``wind-indicator``: ``indicator_start``), and turns clockwise one point for each pip
    of a d6, skipping any direction directly ahead of a fleet (every fleet here has
    sailing ships).
    """
    if spec.wind is not None:
        wind = compass_wind(grid, COMPASS.index(spec.wind[0].upper()))
        log("wind", f"The wind blows from {wind.name(grid)} (set by the map)")
        return wind
    edges = [edge_of_fleet(spec, side) for side in spec.sides]
    opposite = len(edges) == 2 and abs(_EDGE_ANGLE[edges[0]] - _EDGE_ANGLE[edges[1]]) == 180
    if opposite:
        roll = roller.roll("1d8")
        wind = compass_wind(grid, roll.total - 1)
        log("wind", f"Initial wind, two fleets from opposite edges: {roll} -> from "
            f"{wind.name(grid)}")
        return wind
    ahead = {round(((_EDGE_ANGLE[edge] + 180.0) % 360.0) / 45.0) for edge in edges}
    start = indicator_start(spec, agreed)
    roll = roller.roll("1d6")
    point, left = WINDS.index(start), roll.total
    while left:
        point = (point + 1) % 8
        if point not in ahead:
            left -= 1
    wind = compass_wind(grid, point)
    skipped = ", ".join(COMPASS[p] for p in sorted(ahead))
    log("wind", f"Initial wind: the indicator turns {roll} points clockwise from {start}, "
        f"skipping {skipped} (ahead of a fleet) -> from {wind.name(grid)}")
    return wind


def initiative(sides: Sequence[str], pair: tuple[str, str], grid: Grid, wind: Wind,
               roller: Roller, log: Log) -> tuple[tuple[str, ...], Wind]:
    """Each navy rolls a d6; the highest moves and fires first.  Navies that tie roll
    again among themselves for their order; each time the two counted commanders tie,
    the wind moves by the value they tied on (``tables().wind_shift``)."""
    shift = tables().wind_shift

    def order(group: list[str]) -> list[str]:
        nonlocal wind
        rolls = {side: roller.roll("1d6").total for side in group}
        log("initiative", "Initiative: " + ", ".join(f"{s} {r}" for s, r in rolls.items()))
        a, b = pair
        if a in rolls and b in rolls and rolls[a] == rolls[b]:
            value = rolls[a]
            points = shift[value - 1]
            wind = shifted(grid, wind, points)
            way_ = "clockwise" if points > 0 else "anti-clockwise"
            log("wind", f"{a} and {b} tie on {value}: the wind moves {abs(points)} "
                f"point{'s' * (abs(points) > 1)} {way_}, now from {wind.name(grid)}")
        out: list[str] = []
        for value in sorted(set(rolls.values()), reverse=True):
            tied = [s for s in group if rolls[s] == value]
            out += tied if len(tied) == 1 else order(tied)
        return out

    result = tuple(order(list(sides)))
    log("initiative", f"{result[0]} holds the initiative: the navies move and fire in the "
        f"order {', '.join(result)}")
    return result, wind


# -- a ship's way -----------------------------------------------------------------------

def sail_available(sail: MowSail, grid: Grid, wind: Wind, heading: int,
                   seamanship: bool, course: float | None = None) -> tuple[SailPoint, int]:
    """Her sail point on ``heading`` (on her exact ``course`` where she holds one) and the
    inches it gives her, after damage."""
    point = point_of(grid, wind, heading, course)
    if sail.adrift or (sail.no_upwind and point in (SailPoint.C, SailPoint.D)):
        return point, 0
    return point, sail_inches(sail.template, point, seamanship) * sail.rig // 100


def in_irons(ship: CombatShip, grid: Grid, wind: Wind) -> bool:
    """Head-to-wind under sail: no steerage, no sail movement."""
    sail = sail_of(ship)
    return not sail.anchored and point_of(grid, wind, ship.heading, ship.course) is SailPoint.D


def turned(grid: Grid, ship: CombatShip, turn: str) -> Bearing:
    """Where a move's turn (``port``, ``ahead``, ``starboard``) points her: ahead she keeps
    her heading and any course she holds; a turn puts her on the grid's next facing."""
    if turn == "ahead":
        return ship.heading, ship.course
    return grid.turn(ship.heading, TURNS[turn]), None


def bearing_words(grid: Grid, heading: int, course: float | None) -> str:
    """"heading NE", or "on course 135 degrees" where she holds one between facings."""
    if course is None:
        return f"heading {grid.facing_name(heading)}"
    return f"on course {course:.0f} degrees (between the grid's facings)"


def half_of(inches: int) -> int:
    """Half a move, rounded up (exactly half is not "less than half": no drift)."""
    return -(-inches // 2)


def parse_move(arg: str) -> tuple[str, str, bool]:
    """(turn, distance, anchor) of a ``sail``/``row``/``anchor`` argument."""
    body, _, anchor = arg.partition("+")
    turn, _, distance = body.partition("/")
    return turn, distance, anchor == "anchor"


def pivot_points(grid: Grid) -> dict[str, int]:
    """The turns a ship at anchor may make: up to 90 degrees either way."""
    if grid.points == 8:
        return {"port2": -2, "port": -1, "ahead": 0, "starboard": 1, "starboard2": 2}
    return dict(TURNS)


def move_options(ship: CombatShip, grid: Grid, wind: Wind, seamanship: bool
                 ) -> tuple[Order, ...]:
    """Every order her move may take (see the module's docstring)."""
    sail = sail_of(ship)
    sid = ship.id
    if sail.anchored:
        return tuple(Order(sid, "anchor", f"{pivot}/{keep}")
                     for pivot in pivot_points(grid) for keep in ("keep", "raise"))
    out: list[Order] = []
    turns = list(TURNS) if sail.steers else ["ahead"]
    if in_irons(ship, grid, wind):
        out += [Order(sid, "recover", "port"), Order(sid, "recover", "starboard"),
                Order(sid, "sail", "ahead/stay"), Order(sid, "sail", "ahead/stay+anchor")]
    else:
        for turn in turns:
            for distance in DISTANCES:
                for anchor in ("", "+anchor"):
                    out.append(Order(sid, "sail", f"{turn}/{distance}{anchor}"))
    if sail.template.oars:
        for turn in turns:
            for distance in ("full", "half"):
                for anchor in ("", "+anchor"):
                    out.append(Order(sid, "row", f"{turn}/{distance}{anchor}"))
    return tuple(out)


def tack_roll(sail: MowSail, roller: Roller, seamanship: bool) -> tuple[int, str]:
    """The recovery roll: (die with any bonus, text)."""
    die = roller.die(6)
    bonus = tables().race_bonus if seamanship and sail.template.seaman else 0
    text = f"1d6={die}" + (f" +{bonus} ({sail.template.race} seamanship)" if bonus else "")
    return die + bonus, text


def drift_roll(sail: MowSail, roller: Roller, seamanship: bool) -> tuple[int, str]:
    """The drift: the lower of 2d6 (the races re-roll 1s under the optional rules)."""
    dice = [roller.die(6) for _ in range(tables().drift_dice)]
    text = "2d6=" + "+".join(map(str, dice))
    if seamanship and sail.template.seaman and 1 in dice:
        dice = [roller.die(6) if d == 1 else d for d in dice]
        text += f", 1s re-rolled: {'+'.join(map(str, dice))}"
    return min(dice), text + f", the lower {min(dice)}\""


def _step_len(grid: Grid) -> float:
    a = Cell(2, 2)
    b = grid.neighbour(a, 0)
    ax, ay = grid.center(a)
    bx, by = grid.center(b)
    return math.hypot(ax - bx, ay - by)


def drift_path(grid: Grid, start: Cell, angle: float, cells: int) -> list[Cell]:
    """The cells a drift of ``cells`` steps crosses towards compass ``angle``, keeping
    to the exact line (between facings on hexes, a step to one side or the other)."""
    x0, y0 = grid.center(start)
    length = _step_len(grid)
    ux, uy = math.sin(math.radians(angle)), -math.cos(math.radians(angle))
    path, here = [], start
    for k in range(1, cells + 1):
        tx, ty = x0 + ux * length * k, y0 + uy * length * k

        def gap(cell: Cell, tx: float = tx, ty: float = ty) -> float:
            cx, cy = grid.center(cell)
            return (cx - tx) ** 2 + (cy - ty) ** 2

        here = min((grid.neighbour(here, f) for f in range(grid.points)),
                   key=lambda c: (round(gap(c), 9), c))
        path.append(here)
    return path


#: What a ship's cell would hold: the cells of the other ships at sea.
Occupied = Callable[[CombatShip], frozenset[Cell]]


def _walk(board: Board, ship: CombatShip, path: list[Cell], taken: frozenset[Cell],
          log: Log, what: str) -> Cell:
    """Follow ``path`` until something stops her; the cell she ends in."""
    here = ship.cell
    shallow = sail_of(ship).template.shallow
    for cell in path:
        why = blocked(board, cell, shallow, taken)
        if why is not None:
            log("move", f"{label(ship)} {what} {_stop_text(why, cell)}", ship.id)
            return here
        here = cell
    return here


def _stop_text(why: Block, cell: Cell) -> str:
    if why is Block.SHIP:
        return f"and stops short of the ship at {cell}"
    if why is Block.EDGE:
        return "to the edge of the sea and stops"
    return f"and stops short of the {'land' if why is Block.LAND else 'shoal'} at {cell}"


def run(board: Board, ship: CombatShip, heading: int, inches: int, taken: frozenset[Cell],
        log: Log, what: str, course: float | None = None) -> CombatShip:
    """She makes ``inches`` on ``heading`` (along her exact ``course`` where she holds one),
    with her carried inches, stopping at obstacles."""
    return advance(board, ship, heading, inches, taken, log, what, course)[0]


def advance(board: Board, ship: CombatShip, heading: int, inches: int, taken: frozenset[Cell],
            log: Log, what: str, course: float | None = None) -> tuple[CombatShip, int]:
    """``run``, and the inches she made: all of them, or where something stopped her, the
    share of her way she made before it (no inches carry on past a stop)."""
    grid = board.grid
    sail = sail_of(ship)
    if course is None:
        cells, carry, long = way(sail.carry, sail.long_diagonal, inches,
                                 grid.is_diagonal(heading), board.scale)
        path = grid.ray(ship.cell, heading, cells)
    else:
        (cells, carry), long = cells_for(sail.carry, inches, board.scale), False
        path = drift_path(grid, ship.cell, course, cells)
    end = _walk(board, ship, path, taken, log, what)
    made = inches
    if path and end != path[-1]:
        made = inches * (path.index(end) + 1 if end in path else 0) // len(path)
        carry, long = 0, False
    return evolve(ship, cell=end, heading=heading, course=course,
                  sail=evolve(sail, carry=carry, long_diagonal=long)), made


def drift(board: Board, wind: Wind, ship: CombatShip, taken: frozenset[Cell], roller: Roller,
          seamanship: bool, log: Log) -> CombatShip:
    """She drifts the lower of 2d6 inches downwind, along the wind's exact line."""
    grid = board.grid
    sail = sail_of(ship)
    inches, text = drift_roll(sail, roller, seamanship)
    cells, carry = cells_for(sail.carry, inches, board.scale)
    angle = (wind.bearing(grid) + 180.0) % 360.0
    path = drift_path(grid, ship.cell, angle, cells)
    log("drift", f"{label(ship)} drifts: {text} downwind -> {cells} "
        f"cell{'s' * (cells != 1)}", ship.id)
    end = _walk(board, ship, path, taken, log, "drifts")
    return evolve(ship, cell=end, sail=evolve(sail, carry=carry))


def move(board: Board, wind: Wind, ship: CombatShip, order: Order, taken: frozenset[Cell],
         roller: Roller, seamanship: bool, log: Log) -> CombatShip:
    """One ship's move by her order: turn, tack, sail or row, drift, anchor."""
    grid = board.grid
    sail = sail_of(ship)
    tb = tables()
    if order.verb == "anchor":
        pivot, keep, _ = parse_move(order.arg)
        points = pivot_points(grid)[pivot]
        heading = grid.turn(ship.heading, points)
        raised = keep == "raise"
        text = f"{label(ship)} rides at anchor"
        if heading != ship.heading:
            text += f", swings to {grid.facing_name(heading)}"
        log("move", text + ("; she raises her anchor" if raised else ""), ship.id)
        return evolve(ship, heading=heading, course=ship.course if points == 0 else None,
                      sail=evolve(sail, anchored=not raised,
                                  last_motion="at anchor" + (", anchor up" if raised else "")))
    if order.verb == "row":
        turn, distance, anchor = parse_move(order.arg)
        heading, course = turned(grid, ship, turn)
        inches = sail.template.oars if distance == "full" else half_of(sail.template.oars)
        log("move", f"{label(ship)} rows {inches}\" {bearing_words(grid, heading, course)}",
            ship.id)
        ship = run(board, ship, heading, inches, taken, log, "rows", course)
        return _anchor(ship, anchor, f'rowed {inches}"', log)
    start_point, start_inches = sail_available(sail, grid, wind, ship.heading, seamanship,
                                               ship.course)
    if order.verb == "recover":
        return _recover(board, wind, ship, order.arg, taken, roller, seamanship, log)
    turn, distance, anchor = parse_move(order.arg)
    heading, course = turned(grid, ship, turn)
    point, available = sail_available(sail, grid, wind, heading, seamanship, course)
    cost = 0
    if point is SailPoint.D and start_point is not SailPoint.D:
        # she turns into the wind: the recovery roll
        if start_inches < tb.tack_cost:
            log("tack", f"{label(ship)} turns into the wind with under {tb.tack_cost}\" of "
                "movement: In Irons", ship.id)
            return _ended(board, wind, evolve(ship, heading=heading, course=course), 0, 0,
                          anchor, taken, roller, seamanship, log)
        near, far = tack_bearings(grid, wind, ship.heading)
        die, text = tack_roll(sail, roller, seamanship)
        if die >= tb.through:
            (heading, course), what = far, "tacks through the eye of the wind"
        elif die == tb.close_hauled:
            (heading, course), what = near, "trims her sails: back close-hauled (a feint tack)"
        else:
            log("tack", f"{label(ship)} turns into the wind: {text}, she is In Irons",
                ship.id)
            return _ended(board, wind, evolve(ship, heading=heading, course=course), 0, 0,
                          anchor, taken, roller, seamanship, log)
        point, available = sail_available(sail, grid, wind, heading, seamanship, course)
        cost = tb.tack_cost
        log("tack", f"{label(ship)} turns into the wind: {text}, she {what}, now "
            f"{bearing_words(grid, heading, course)} ({point.words}); the tack uses "
            f"{cost}\"", ship.id)
    want = {"full": available, "half": half_of(available), "stay": 0}[distance]
    inches = max(0, want - cost)
    made = 0
    if inches:
        log("move", f"{label(ship)} sails {inches}\" {bearing_words(grid, heading, course)}, "
            f"{point.words} ({point.value})", ship.id)
        ship, made = advance(board, ship, heading, inches, taken, log, "sails", course)
    else:
        ship = evolve(ship, heading=heading, course=course)
    return _ended(board, wind, ship, min(available, made + cost), available, anchor, taken,
                  roller, seamanship, log)


def _recover(board: Board, wind: Wind, ship: CombatShip, line: str, taken: frozenset[Cell],
             roller: Roller, seamanship: bool, log: Log) -> CombatShip:
    """A ship In Irons at the start of her turn rolls to recover."""
    grid = board.grid
    sail = sail_of(ship)
    tb = tables()
    die, text = tack_roll(sail, roller, seamanship)
    if die < tb.close_hauled:
        log("tack", f"{label(ship)} is In Irons and tries to recover: {text}, she stays "
            "In Irons", ship.id)
        return _ended(board, wind, ship, 0, 0, False, taken, roller, seamanship, log)
    near, _ = tack_bearings(grid, wind, ship.heading)
    heading, course = close_hauled(grid, wind, line) if die >= tb.through else near
    close = sail_inches(sail.template, SailPoint.C, seamanship) * sail.rig // 100
    if sail.adrift:
        close = 0
    inches = max(0, close - tb.tack_cost)
    log("tack", f"{label(ship)} is In Irons and tries to recover: {text}, she comes off "
        f"the wind {bearing_words(grid, heading, course)} and sails at close reach, "
        f"{close}\" less the tack's {tb.tack_cost}\"", ship.id)
    made = 0
    if inches:
        ship, made = advance(board, ship, heading, inches, taken, log, "sails", course)
    else:
        ship = evolve(ship, heading=heading, course=course)
    return _ended(board, wind, ship, min(close, made + tb.tack_cost), close, False, taken,
                  roller, seamanship, log)


def _ended(board: Board, wind: Wind, ship: CombatShip, used: int, available: int,
           anchor: bool, taken: frozenset[Cell], roller: Roller, seamanship: bool,
           log: Log) -> CombatShip:
    """The end of a sail move: anchor, or drift if she used (made: a ship stopped short
    made less than she was ordered) less than half of it."""
    irons = point_of(board.grid, wind, ship.heading, ship.course) is SailPoint.D
    motion = f'sailed {used}" of {available}"' if available else "In Irons" \
        if irons else "no way"
    if anchor:
        return _anchor(ship, True, motion, log)
    if used * 2 < available or available == 0:
        ship = drift(board, wind, ship, taken, roller, seamanship, log)
        motion += ", drifted"
    return evolve(ship, sail=evolve(sail_of(ship), last_motion=motion))


def _anchor(ship: CombatShip, anchor: bool, motion: str, log: Log) -> CombatShip:
    sail = sail_of(ship)
    if anchor:
        log("move", f"{label(ship)} drops anchor at {ship.cell}", ship.id)
        motion += ", anchored"
    return evolve(ship, sail=evolve(sail, anchored=anchor, last_motion=motion))
