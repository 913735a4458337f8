"""The game state: frozen values made of tuples, shared between undo steps.

Rulesets subclass ``ShipBase`` and ``GameState`` with the figures their rules
track; everything here is what the controller, the UI and the saves rely on.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import StrEnum
from functools import lru_cache
from typing import Any, Protocol, Self, TypeVar

from attrs import evolve, field

from tui_naval.core.dice import Rng
from tui_naval.core.grid import Cell, Grid
from tui_naval.core.messages import plural
from tui_naval.core.orders import Decision, Order
from tui_naval.core.values import frozen
from tui_naval.core.wind import Wind

T = TypeVar("T")


def evolved(value: T, **changes: Any) -> T:
    """``attrs.evolve`` for a value known by a protocol (a ship with a given component):
    mypy's attrs support only accepts a concrete attrs class."""
    new: T = evolve(value, **changes)  # type: ignore[misc]
    return new


def kept_or_evolved(value: T, **changes: Any) -> T:
    """``value`` itself where ``changes`` give every field the value it has already (the
    usual case of a step that brings a component in line), else ``evolved``: nothing is
    copied for a change that changes nothing."""
    for name, new in changes.items():
        old = getattr(value, name)
        if old is not new and old != new:
            return evolved(value, **changes)
    return value


class Terrain(StrEnum):
    """What a cell of the board is; the values are the map-file characters."""

    SEA = "."
    LAND = "#"
    SHOAL = ":"


_TERRAIN = {terrain.value: terrain for terrain in Terrain}


@frozen(cache_hash=True)
class Mark:
    """A labelled buoy or point of interest on a sea cell."""

    label: str
    cell: Cell


@frozen(cache_hash=True)
class Board:
    """The ocean: grid, terrain rows (one character per cell) and marks."""

    name: str
    grid: Grid
    terrain: tuple[str, ...]
    marks: tuple[Mark, ...] = ()
    #: Tabletop inches per cell (rules written in inches convert with this).
    scale: int = 4

    def terrain_at(self, cell: Cell) -> Terrain:
        """The terrain of an on-board cell; IndexError off the board.

        (Plain indexing would wrap a negative column or row round to the far side.)
        """
        if not self.grid.in_bounds(cell):
            raise IndexError(f"cell {cell} is off the {self.grid.width}x{self.grid.height} board")
        char = self.terrain[cell.row][cell.col]
        return _TERRAIN.get(char) or Terrain(char)  # (a dict: the search asks this often)

    def is_sea(self, cell: Cell) -> bool:
        return self.grid.in_bounds(cell) and self.terrain[cell.row][cell.col] == Terrain.SEA

    def mark(self, label: str) -> Mark:
        for mark in self.marks:
            if mark.label == label:
                return mark
        raise KeyError(label)

    def mark_at(self, cell: Cell) -> Mark | None:
        for mark in self.marks:
            if mark.cell == cell:
                return mark
        return None


@lru_cache(maxsize=1 << 16)
def line_clear(board: Board, a: Cell, b: Cell) -> bool:
    """No land between the two cells (ships and shoals do not block a shot).

    On a hex grid the line between two cells on the edge may graze a hex off the
    board: that is open sea.  Kept for the same board and cells (the rules, the helm
    and the search ask it of the same places again and again: a quarter of a
    Man-O-War search's time went to drawing these lines, ``bench/search_time.py``).
    """
    grid = board.grid
    return all(not grid.in_bounds(c) or board.terrain_at(c) is not Terrain.LAND
               for c in grid.line(a, b)[1:-1])


class GoalKind(StrEnum):
    """The game kinds every map knows; a ruleset may declare others (``core.maps``)."""

    RACE = "race"
    CHASE = "chase"
    BATTLE = "battle"


@frozen
class Goal:
    """How the game is won, from the scenario."""

    #: A ``GoalKind``, or a game kind a ruleset declares.
    kind: str
    #: Turn limit: the race or battle is judged then; the quarry of a chase has survived.
    turns: int = 60
    #: Race: the marks to round, in order; the last one is the finish.
    course: tuple[str, ...] = ()
    #: Race: how close (in cells) a ship must pass to round a mark.
    rounding: int = 1
    #: Chase: the side being chased, the edge (N, E, S, W) it escapes by,
    #: and the distance in cells at which a hunter catches it.
    quarry: str = ""
    escape: str = ""
    catch: int = 1

    def describe(self) -> str:
        if self.kind is GoalKind.RACE:
            return f"race round {' > '.join(self.course)} within {self.turns} turns"
        if self.kind is GoalKind.CHASE:
            return (f"chase: {self.quarry} escapes by the {self.escape} edge or survives "
                    f"{self.turns} turns; caught within {plural(self.catch, 'cell')}")
        return f"{self.kind} of {self.turns} turns"


@frozen
class Event:
    """One line of the game's story, for the log and the headless output."""

    turn: int
    kind: str
    text: str
    ship: str = ""

    def __str__(self) -> str:
        return f"T{self.turn:>3} {self.kind:<7} {self.text}"


class End(StrEnum):
    """How a game ended, as the rules judged it (``Outcome.end``)."""

    #: A ship reached the finish of the race (first, or several together: a dead heat).
    FINISHED = "finished"
    #: The chase's quarry got away over its edge.
    ESCAPED = "escaped"
    #: A hunter came up with the quarry.
    CAUGHT = "caught"
    #: Ships went down: the last side afloat won, or the quarry, the hunters or every
    #: ship was lost.
    SUNK = "sunk"
    #: No ship of a side (or of either) is left fighting: sunk, sinking, struck, taken,
    #: fled or a wreck.
    OUT_OF_ACTION = "out of action"
    #: The last side with a ship that can maneuver (Ships & Sails).
    DISABLED = "disabled"
    #: The turn limit came: judged by the course, the strength kept or the damage taken.
    TURN_LIMIT = "turn limit"


@frozen
class Outcome:
    """How the game ended: the winning side (None for a draw), why in the player's words,
    how (``end``), and the ships the words name (a race's winners, the quarry that
    escaped, a hunter and her catch)."""

    winner: str | None
    reason: str
    end: End
    ships: tuple[str, ...] = ()

    def __str__(self) -> str:
        head = f"{self.winner} wins" if self.winner else "draw"
        return f"{head}: {self.reason}"


class ShipLike(Protocol):
    """Any ruleset's ship, read-only: what a system's protocol for the ships it works on
    (a ship with a ``sail``, a ``gunnery``...) starts from."""

    @property
    def id(self) -> str: ...
    @property
    def side(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def cell(self) -> Cell: ...
    @property
    def heading(self) -> int: ...
    @property
    def afloat(self) -> bool: ...


@frozen(kw_only=True)
class ShipBase:
    """What every ruleset's ship has; a ruleset adds one component per system it uses.

    A ruleset's ship class and its components are declared ``cache_hash=True``: the
    search keys its advisor's answers on observed states and the helms their valuations
    on ships, so one ship (shared by many states) is hashed again and again."""

    id: str
    #: The side she fights for (a captured ship changes sides).
    side: str
    kind: str
    name: str = ""
    #: Her fleet within the side, where a side has several (fleet morale); "" for one.
    fleet: str = ""
    cell: Cell
    #: The grid facing she heads on (the nearest one, when ``course`` is finer).
    heading: int
    #: Her exact compass course in degrees, for rules that steer finer than the grid's
    #: facings (45 or 30 degree turns, eight winds on hexes); None: ``heading`` exactly.
    course: float | None = None
    afloat: bool = True


@frozen
class Pending:
    """The decision a state waits on (None: none, the game is over), once computed."""

    decision: Decision | None


@frozen
class Lock:
    """Two ships locked together (a ram, grappling) until released."""

    a: str
    b: str

    def holds(self, ship_id: str) -> bool:
        return ship_id in (self.a, self.b)

    def other(self, ship_id: str) -> str:
        return self.b if ship_id == self.a else self.a


@frozen(kw_only=True)
class GameState:
    """A whole game at one decision point."""

    ruleset: str
    board: Board
    goal: Goal
    sides: tuple[str, ...]
    turn: int = 1
    phase: str = ""
    #: The wind, where ships sail by it (None: a game without wind, oared galleys).
    wind: Wind | None = None
    rng: Rng
    ships: tuple[ShipBase, ...]
    #: Orders given in the current step and held until it resolves them together
    #: (plotted, simultaneous orders: hidden from the other side).
    plotted: tuple[Order, ...] = ()
    #: Orders given in the current step and applied at once (sequential orders).
    acted: tuple[Order, ...] = ()
    #: Ships locked together (rammed, grappled).
    locks: tuple[Lock, ...] = ()
    #: What the last transition did, for the log.
    events: tuple[Event, ...] = field(default=(), eq=False)
    outcome: Outcome | None = None
    #: The decision this state waits on, kept by the engine once computed: a cache, never
    #: copied by ``evolve`` (so an edited state asks again) and never saved.
    pending: Pending | None = field(default=None, init=False, eq=False, repr=False)

    @property
    def grid(self) -> Grid:
        return self.board.grid

    def ship(self, ship_id: str) -> ShipBase:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise KeyError(ship_id)

    def afloat(self) -> Iterator[ShipBase]:
        return (s for s in self.ships if s.afloat)

    def with_ship(self, ship: ShipBase) -> Self:
        """A copy with one ship (matched by id) replaced."""
        ships = tuple(ship if s.id == ship.id else s for s in self.ships)
        return evolve(self, ships=ships)

    def with_ships(self, ships: Mapping[str, ShipBase]) -> Self:
        """A copy with the ships ``ships`` holds by id in place of theirs, made once (the
        state itself where none of them changed)."""
        kept = tuple(ships.get(s.id, s) for s in self.ships)
        if all(a is b for a, b in zip(kept, self.ships, strict=True)):
            return self
        return evolve(self, ships=kept)

    def locked_with(self, ship_id: str) -> tuple[str, ...]:
        """The ships locked to ``ship_id``."""
        return tuple(lock.other(ship_id) for lock in self.locks if lock.holds(ship_id))

    def fleet_of(self, side: str, fleet: str = "") -> tuple[ShipBase, ...]:
        """A side's ships, or those of one of its fleets."""
        return tuple(s for s in self.ships if s.side == side and (not fleet or s.fleet == fleet))


@frozen(kw_only=True)
class WindState(GameState):
    """A game under sail: the wind always blows (its speed may fall to 0, a calm)."""

    wind: Wind
