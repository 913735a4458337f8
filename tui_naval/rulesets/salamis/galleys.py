"""Fast Play Salamis' galleys: their helm orders and plans, what blocks and reaches them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from types import MappingProxyType

from attrs import evolve

from tui_naval.core.dice import Roller
from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell
from tui_naval.core.orders import Order
from tui_naval.core.state import Board, Terrain, line_clear
from tui_naval.rulesets.salamis.geometry import Step, at_bow, route
from tui_naval.rulesets.salamis.state import Galley, SalamisState
from tui_naval.rulesets.salamis.tables import Fleet, fleet_of

#: The helm orders of a locked galley.
LOCKED_HELMS = ("breakaway", "hold")
#: Turns are offered in steps of this many degrees, up to her Maneuverability.
TURN_STEP = 15
#: Verbs of the ram step's orders.
RAM_VERBS = frozenset({"ram", "spare", "grapple", "hold"})
#: A map's ``initiative``: "" (player 1 is its first side every turn, as the text has
#: it) or ``ROLLED`` (each turn a die decides: an adaptation for a duel, see the help).
ROLLED = "rolled"
INITIATIVES = ("", ROLLED)


def label(ship: Galley) -> str:
    return f"{ship.id} {ship.name}"


def fleet(ship: Galley) -> Fleet:
    return fleet_of(ship.kind)


def helm_turn(helm: str) -> int:
    """Degrees a helm order turns (``port30`` -30, ``starboard15`` 15, else 0)."""
    for side, sign in (("port", -1), ("starboard", 1)):
        if helm.startswith(side) and helm[len(side):].isdigit():
            return sign * int(helm[len(side):])
    return 0


def helm_options(ship: Galley, locked: bool) -> tuple[str, ...]:
    """Her helm's choices: ahead, or a turn to either side in steps of 15 degrees up to
    her Maneuverability; locked to an enemy: break away or hold."""
    if locked:
        return LOCKED_HELMS
    degrees = range(TURN_STEP, fleet(ship).turn + 1, TURN_STEP)
    return ("ahead", *(f"port{d}" for d in degrees), *(f"starboard{d}" for d in degrees))


def roll_initiative(state: SalamisState, log: Log) -> SalamisState:
    """Each side rolls a die, ties rolled again; the higher is player 1 this turn."""
    roller = Roller(state.rng)
    while True:
        a, b = roller.die(6), roller.die(6)
        if a != b:
            break
    first = 0 if a > b else 1
    if log.loud:
        log("turn", f"turn {state.turn}: {state.sides[0]} rolls {a}, {state.sides[1]} "
            f"rolls {b}: {state.sides[first]} is player 1 and moves first")
    return evolve(state, first=first, rng=roller.rng)


class Plan:
    """A galley's move as plotted: helm, where she turns, how far she rows."""

    __slots__ = ("helm", "inches", "turn_at")

    def __init__(self, helm: str, turn_at: int, inches: int) -> None:
        self.helm, self.turn_at, self.inches = helm, turn_at, inches

    @property
    def turn(self) -> int:
        return helm_turn(self.helm)


def plans(state: SalamisState) -> Mapping[str, Plan]:
    """The moving galleys' plotted moves, each complete (helm, turn-at and row)."""
    return _plans_of(state.plotted)


@lru_cache(maxsize=256)
def _plans_of(plotted: tuple[Order, ...]) -> Mapping[str, Plan]:
    """``plans``, read once per plot (each step of the move asks it again)."""
    parts: dict[str, list[str]] = {}
    for order in plotted:
        parts.setdefault(order.ship, []).append(order.arg)
    out = {}
    for sid, args in parts.items():
        if len(args) == 3 and args[1].isdigit() and args[2].isdigit():
            out[sid] = Plan(args[0], int(args[1]), int(args[2]))
    return MappingProxyType(out)


def steps_of(state: SalamisState, ship: Galley, plan: Plan
             ) -> tuple[tuple[Step, ...], float]:
    """The cells of her plotted move from where it began, and her course at its end."""
    if plan.helm in LOCKED_HELMS:
        return (), ship.start_course
    return route(state.grid, ship.start, ship.start_course, plan.inches, state.board.scale,
                 plan.turn, plan.turn_at)


def blocked(state: SalamisState, cell: Cell, ships: Iterable[Galley] | None = None) -> str:
    """Why a galley cannot row into ``cell`` ("" if she can): the sea's edge, land, or a
    galley there (no galley rows into contact in the move); ``ships`` where they lie
    now, if not ``state``'s."""
    if not state.grid.in_bounds(cell):
        return "the edge of the sea"
    if state.board.terrain_at(cell) is Terrain.LAND:
        return f"land at {cell}"
    other = lying_at(state.ships if ships is None else ships, cell)
    return f"{other.id} lies at {cell}" if other is not None else ""


def lying_at(ships: Iterable[Galley], cell: Cell) -> Galley | None:
    """The first of ``ships`` afloat at ``cell``, if any."""
    return next((s for s in ships if s.afloat and s.cell == cell), None)


def locked(state: SalamisState, ship_id: str) -> bool:
    return any(lock.holds(ship_id) for lock in state.locks)


def enemies(state: SalamisState, side: str) -> Iterator[Galley]:
    return (s for s in state.ships if s.fighting and s.side != side)


def in_range(state: SalamisState, shooter: Galley, target: Galley) -> bool:
    """``target`` lies within her bow range, with no land between (her archers shoot all
    round: the text gives bows a range and no arc)."""
    return within(state.board, shooter.cell, fleet(shooter).range, target.cell)


def within(board: Board, cell: Cell, reach: int, other: Cell) -> bool:
    """``other`` lies within ``reach`` inches of ``cell``, with no land between."""
    return (board.grid.distance(cell, other) * board.scale <= reach
            and line_clear(board, cell, other))


def bow_targets(state: SalamisState, shooter: Galley) -> list[Galley]:
    """The enemies her bows may shoot now, nearest first."""
    grid = state.grid
    found = [t for t in enemies(state, shooter.side) if in_range(state, shooter, t)]
    return sorted(found, key=lambda t: (grid.distance(shooter.cell, t.cell), t.id))


def ram_targets(state: SalamisState, ship: Galley) -> list[Galley]:
    """The enemies within an inch of her bow."""
    return [t for t in enemies(state, ship.side)
            if at_bow(state.grid, ship.cell, ship.course, t.cell)]


def side_ships(state: SalamisState, side: str) -> list[Galley]:
    """A side's own galleys (taken ones included), as the map gave them."""
    return [s for s in state.ships if s.home_side == side]


def fighting(state: SalamisState, side: str) -> list[Galley]:
    return [s for s in state.ships if s.fighting and s.side == side]


def with_ships(state: SalamisState, changed: Mapping[str, Galley]) -> SalamisState:
    """``state`` with some galleys replaced; locks of galleys out of the fight released."""
    ships = tuple(changed.get(s.id, s) for s in state.ships)
    out = {s.id for s in ships if not s.fighting}
    locks = tuple(lock for lock in state.locks if lock.a not in out and lock.b not in out)
    return evolve(state, ships=ships, locks=locks)


def hits(roller: Roller, dice: int, face: int) -> tuple[int, str]:
    """The dice of ``dice`` at ``face`` or better, and the roll as the log shows it."""
    rolled = [roller.die(6) for _ in range(dice)]
    return sum(1 for d in rolled if d >= face), "+".join(map(str, rolled)) or "none"


def two_dice(roller: Roller, target: int) -> tuple[bool, str]:
    """2d6 at or under ``target``, and the roll as the log shows it."""
    a, b = roller.die(6), roller.die(6)
    return a + b <= target, f"2d6={a}+{b}={a + b} against {target}"
