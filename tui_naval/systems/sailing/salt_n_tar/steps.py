"""Salt'n'Tar's turn steps, for any ruleset whose ships carry a ``SaltSail``.

The Wind Roll, the Luck Roll, the Strain Roll, helm orders and the moves (a full
move for racing and chasing, half moves round a combat turn's missile phase),
the stepping of all ships together cell by cell, maneuvers (reef, furl, anchor
and their reverse) and foundering.  Each step takes a state and returns it; the
ruleset's turn (``core.engine``) says when each one runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache
from typing import Any, Protocol, TypeVar, cast

from attrs import evolve

from tui_naval.core.dice import Chance, Roller
from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell, Grid
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState, WindState, evolved
from tui_naval.core.wind import Wind
from tui_naval.systems.sailing.salt_n_tar.component import (
    Change,
    Sailor,
    Sails,
    SaltSail,
    label,
)
from tui_naval.systems.sailing.salt_n_tar.motion import (
    Way,
    in_gale,
    motion,
    steps_for,
    wind_speed_for,
)
from tui_naval.systems.sailing.salt_n_tar.tables import tables
from tui_naval.systems.seaway import Block, blocked

T = TypeVar("T", bound=Sailor)
S = TypeVar("S", bound=WindState)

#: Helm orders of a full move: up to two points, a two-point turn marks Strain.
HELM = {"hold": 0, "port 1": -1, "port 2": -2, "starboard 1": 1, "starboard 2": 2}
#: Helm orders of a half move: one point at most.
STEER = {"hold": 0, "port 1": -1, "starboard 1": 1}
MANEUVERS = ("keep", "reef", "unreef", "furl", "set-sail", "anchor", "weigh")


def with_sail(ship: T, sail: SaltSail) -> T:
    return evolved(ship, sail=sail)


def sailors(state: GameState) -> tuple[Sailor, ...]:
    """A state's ships, as ships that sail by Salt'n'Tar (every ship of a ruleset that
    takes these steps carries a ``sail``)."""
    return cast(tuple[Sailor, ...], state.ships)


def with_ships(state: S, ships: Iterable[Sailor], **changes: Any) -> S:
    """``state`` with its ``ships`` (and any other ``changes``) replaced."""
    return evolved(state, ships=tuple(ships), **changes)


def helm_points(order: Order) -> int:
    """The points an order turns (one of ``HELM``)."""
    return HELM[f"{order.verb} {order.arg}".strip()]


# -- wind -----------------------------------------------------------------------------

def initial_wind(grid: Grid, fixed: tuple[str, int] | None, roller: Roller, log: Log) -> Wind:
    """The starting wind: the map's (``fixed``: direction name, speed), or Initial Wind rolls."""
    if fixed is not None:
        wind = Wind(grid.parse_facing(fixed[0]), fixed[1])
        log("wind", f"The wind blows from {grid.facing_name(wind.direction)} at speed "
            f"{wind.speed} (set by the map)")
        return wind
    t = tables()
    names = t.initial_wind_direction[grid.kind.value]
    d = roller.roll(f"1d{len(names)}")
    s = roller.roll("1d6")
    wind = Wind(grid.parse_facing(names[d.total - 1]), t.initial_wind_speed[s.total - 1])
    log("wind", f"Initial wind: direction {d} -> from {grid.facing_name(wind.direction)}; "
        f"speed {s} -> Wind Speed {wind.speed}")
    return wind


def wind_note(speed: int) -> str:
    """" (calm)" or " (gale)" for a Wind Speed that is one."""
    limits = tables().limits
    if speed <= limits.calm:
        return " (calm)"
    if speed >= limits.gale:
        return " (gale)"
    return ""


def wind_roll(state: S, log: Log) -> S:
    """The Wind Roll: the wind veers, backs, or takes a new speed."""
    roller = Roller(state.rng)
    roll = roller.roll("1d6")
    effect = tables().wind_roll[roll.total - 1]
    grid = state.grid
    wind = state.wind
    if effect == "veer":
        wind = evolve(wind, direction=grid.turn(wind.direction, 1))
        what = "the wind veers (clockwise)"
    elif effect == "back":
        wind = evolve(wind, direction=grid.turn(wind.direction, -1))
        what = "the wind backs (counter-clockwise)"
    else:
        wind = evolve(wind, speed=int(effect))
        what = f"Wind Speed = {effect}"
    if log.loud:
        log("wind", f"Wind Roll {roll}: {what}; wind from {grid.facing_name(wind.direction)}, "
            f"speed {wind.speed}{wind_note(wind.speed)}")
    return evolve(state, wind=wind, rng=roller.rng)


# -- luck -----------------------------------------------------------------------------

@cache
def luck_chance() -> Chance:
    """The Luck Roll as a chance node: each face with its odds and effect."""
    return Chance.table("1d6", {i + 1: e.text for i, e in enumerate(tables().luck)})


def luck_decision(ship: Sailor) -> Decision:
    return _luck_decision(ship.side, ship.id, label(ship))


@lru_cache(maxsize=1024)
def _luck_decision(side: str, ship_id: str, name: str) -> Decision:
    """A ship's luck decision, the same every turn (so made once)."""
    return Decision(side, "luck", ship_id, f"{name}: roll a luck die?",
                    (Order(ship_id, "luck", "roll"), Order(ship_id, "luck", "pass")),
                    chance=luck_chance(), plotted=True)


def resolve_luck(state: S, orders: Mapping[str, Order], log: Log) -> S:
    """Every luck die asked for is rolled together; the same face rolled by two or more
    sides changes the wind for everyone."""
    t = tables()
    roller = Roller(state.rng)
    ships: list[Sailor] = []
    #: The sides that rolled each face.
    faces: dict[int, set[str]] = {}
    changed = False
    for ship in sailors(state):
        sail = ship.sail
        order = orders.get(ship.id)
        if order is None or order.arg != "roll":
            if sail.luck or sail.luck_die:
                ship = with_sail(ship, evolve(sail, luck=0, luck_die=0))
                changed = True
            ships.append(ship)
            continue
        roll = roller.roll("1d6")
        effect = t.luck[roll.total - 1]
        ships.append(evolved(ship, sail=evolve(sail, luck_die=roll.total, luck=effect.wind,
                                                strain=sail.strain + effect.strain)))
        faces.setdefault(roll.total, set()).add(ship.side)
        changed = True
        if log.loud:
            log("luck", f"{ship.id} {ship.name} Luck Roll {roll}: {effect.text}", ship.id)
    if not changed:
        return state
    state = with_ships(state, ships, rng=roller.rng)
    for face, shared in sorted(t.shared_luck.items()):
        sides = faces.get(face, set())
        if len(sides) < 2:
            continue
        speed = max(0, state.wind.speed + shared.everyone)
        ships = [with_sail(s, evolve(s.sail, luck=shared.rollers)) if s.sail.luck_die == face
                 else s for s in sailors(state)]
        state = with_ships(state, ships, wind=evolve(state.wind, speed=speed))
        change = "drops" if shared.everyone < 0 else "rises"
        log("luck", f"{len(sides)} sides rolled {face}: the wind {change} by "
            f"{abs(shared.everyone)} for everyone (speed {speed}{wind_note(speed)})")
    return state


# -- strain ---------------------------------------------------------------------------

def strain_roll(ship: T, roller: Roller, log: Log) -> T:
    """Roll d6 + Strain and apply the Strain Roll table."""
    t = tables()
    sail = ship.sail
    roll = roller.roll("1d6")
    total = roll.total + sail.strain
    effect = t.strain_effect(total)
    head = f"{label(ship)} Strain Roll {roll} + Strain {sail.strain} = {total}" if log.loud \
        else ""
    if effect is None:
        if log.loud:
            log("strain", f"{head}: no effect ... not yet!", ship.id)
        return ship
    loss = t.limits.speed_loss
    text = effect.text
    if effect.effect == "strain":
        sail = evolve(sail, strain=sail.strain + 1)
    elif effect.effect == "slow":
        sail = evolve(sail, speed_loss=sail.speed_loss + loss)
    elif effect.effect == "crew":
        sail = evolve(sail, crew=max(0, sail.crew - t.limits.crew_loss))
    elif effect.effect == "mast":
        if sail.masts > 1:
            sail = evolve(sail, masts=sail.masts - 1, speed_loss=sail.speed_loss + loss)
            text += f"; {sail.masts} left"
        else:
            sail = evolve(sail, masts=0)
            text += "; no mast left, she drifts"
    elif sail.sinking == 0:
        turns = roller.roll("1d6")
        sail = evolve(sail, sinking=turns.total)
        text += f": {turns} -> sinks in {turns.total} turn{'s' * (turns.total > 1)}"
    else:
        text += f" (already sinking, {sail.sinking} turns left)"
    if log.loud:
        log("strain", f"{head}: {text}", ship.id)
    return with_sail(ship, sail)


#: A Strain Roll's results in a word, for the ship panel.
STRAIN_WORDS = {"strain": "+1 Strain", "slow": '-3"', "crew": "crew -10%", "mast": "a mast",
                "sink": "SINKING"}


def strain_outlook(strain: int) -> str:
    """The odds of each result of her next Strain Roll (d6 + Strain), equal ones merged:
    ``d6+4: nothing 1/6, +1 Strain 2/6, -3" 2/6, crew -10% 1/6``."""
    if strain <= 0:
        return "none: no Strain"
    t = tables()
    odds: dict[str, int] = {}
    for face in range(1, 7):
        effect = t.strain_effect(face + strain)
        word = "nothing" if effect is None else STRAIN_WORDS[effect.effect]
        odds[word] = odds.get(word, 0) + 1
    return f"d6+{strain}: " + ", ".join(f"{word} {n}/6" for word, n in odds.items())


def strain_rolls(state: S, log: Log, rolls: Callable[[T], bool],
                 then: Callable[[T, T], T] | None = None) -> S:
    """Every ship ``rolls`` picks with Strain marked rolls; ``then(before, after)`` may
    carry a result over to another system (the crew lost)."""
    roller = Roller(state.rng)
    ships: list[Sailor] = []
    rolled = False
    for ship in sailors(state):
        sailor = cast(T, ship)
        if rolls(sailor) and sailor.sail.strain > 0:
            after = strain_roll(sailor, roller, log)
            sailor = then(sailor, after) if then is not None else after
            rolled = True
        ships.append(sailor)
    if not rolled:
        return state
    return with_ships(state, ships, rng=roller.rng)


# -- the helm -------------------------------------------------------------------------

def can_steer(sail: SaltSail, grid: Grid, wind: Wind, heading: int,
              turns: Iterable[int] = HELM.values()) -> bool:
    """Only a ship that has way under sail can turn.

    A furled, dismasted, anchored or shot-adrift ship cannot; neither can a becalmed
    ship, nor one that would drift on every heading her helm could reach (``turns``
    points off her heading).  In a gale a ship with sails up is driven, and may
    always bear away to run.
    """
    if sail.adrift or sail.sails not in (Sails.SET, Sails.REEFED) or sail.masts <= 0:
        return False
    if wind_speed_for(sail, wind) <= tables().limits.calm:
        return False
    if in_gale(wind):
        return True
    return any(motion(sail, grid, wind, grid.turn(heading, points)).way
               in (Way.SAIL, Way.BACKWARDS) for points in turns)


def helm_options(state: WindState, ship: Sailor) -> tuple[Order, ...]:
    """A full move's helm orders: hold, or one or two points either way."""
    if not can_steer(ship.sail, state.grid, state.wind, ship.heading):
        return _helm_orders(ship.id, ("hold",))
    return _helm_orders(ship.id, tuple(HELM))


def half_helm_options(state: WindState, ship: Sailor) -> tuple[Order, ...]:
    """A half move's helm orders: hold, or one point either way while her helm allows
    another change of direction this turn."""
    sail = ship.sail
    if sail.turns_made >= sail.helm or not can_steer(sail, state.grid, state.wind,
                                                     ship.heading, STEER.values()):
        return _helm_orders(ship.id, ("hold",))
    return _helm_orders(ship.id, tuple(STEER))


@lru_cache(maxsize=4096)
def _helm_orders(ship_id: str, keys: tuple[str, ...]) -> tuple[Order, ...]:
    """A ship's orders for helm ``keys`` ("hold", "port 1"...): the same turn after turn,
    so each list is made once."""
    return tuple(Order(ship_id, *key.split()) for key in keys)


# -- moving ---------------------------------------------------------------------------

class Course(Protocol[T]):
    """What a goal does to ships as they step: rounding marks, escaping by an edge."""

    def off_board(self, state: GameState, ship: T, cell: Cell, log: Log) -> T | None:
        """The ship escaped, if stepping off the board into ``cell`` is her escape; else None."""
        ...

    def entered(self, state: GameState, ship: T, cell: Cell, step: int, log: Log) -> T:
        """The ship after she enters ``cell`` (marks rounded, the finish), all but her cell:
        ``ship`` is still at the cell she left (the caller moves her), and comes back as
        she is when entering changes nothing else."""
        ...

    def finished(self, ship: T) -> bool:
        """Whether she has finished (and stops)."""
        ...

    def escaped(self, ship: T) -> bool:
        """Whether she has escaped (and left the board)."""
        ...


def full_move(state: S, orders: Mapping[str, Order], log: Log,
              course: Course[Any] | None = None) -> S:
    """Racing and chasing: every ship turns by her helm order and makes her full move."""
    grid = state.grid
    ships: dict[str, Sailor] = {s.id: s for s in sailors(state)}
    plans: dict[str, tuple[int, int]] = {}
    for ship in list(ships.values()):
        if not ship.at_sea:
            continue
        order = orders.get(ship.id)
        points = 0 if order is None else helm_points(order)
        sail = ship.sail
        heading = ship.heading
        #: A two-point turn marks Strain.
        strain = sail.strain + (abs(points) == 2)
        if points:
            heading = grid.turn(ship.heading, points)
            if log.loud:
                side = "starboard" if points > 0 else "port"
                note = f"{label(ship)} turns {abs(points)} point{'s' * (abs(points) > 1)} " \
                       f"to {side}, now heading {grid.facing_name(heading)}"
                if abs(points) == 2:
                    note += ": a two-point turn, mark 1 Strain"
                log("helm", note, ship.id)
        move = motion(sail, grid, state.wind, heading)
        cells, carry, long = steps_for(sail, move.inches, grid, move.direction,
                                       state.board.scale)
        sail = evolve(sail, carry=carry, long_diagonal=long, strain=strain + move.strain,
                      last_speed=move.inches, last_motion=f"{move.way.value} ({move.reason})")
        ship = evolved(ship, heading=heading, sail=sail)
        plans[ship.id] = (move.direction, cells)
        if log.loud:
            text = f"{label(ship)} {move.way.value}: {move.reason}"
            if move.inches:
                text += f" -> {cells} cell{'s' * (cells != 1)}"
            if move.strain:
                text += "; sails set in a gale, mark 1 Strain"
            log("move", text, ship.id)
        ships[ship.id] = ship
    ships = step_ships(state, ships, plans, log, course)
    return with_ships(state, (tick(ships[s.id], log) for s in state.ships))


def half_move(state: S, orders: Mapping[str, Order], half: int, log: Log,
              **changes: Any) -> S:
    """Turn and move the ships given orders through half their move (1: first, 2: second);
    the state's other ``changes`` are made with it.

    The first half is half the turn's inches rounded down, the second the rest, each
    by the ship's speed on her heading at the time.  A second change of direction in
    a turn marks Strain.
    """
    grid, board = state.grid, state.board
    ships: dict[str, Sailor] = {s.id: s for s in sailors(state)}
    plans: dict[str, tuple[int, int]] = {}
    for sid in (s.id for s in state.ships if s.id in orders):
        ship = ships[sid]
        sail = ship.sail
        heading = ship.heading
        points = helm_points(orders[sid])
        turns_made = sail.turns_made
        #: A second change of direction in a turn marks Strain.
        marked = sail.strain
        if points:
            heading = grid.turn(ship.heading, points)
            turns_made += 1
            marked += turns_made >= 2
            if log.loud:
                note = (f"{label(ship)} turns one point to "
                        f"{'starboard' if points > 0 else 'port'}, now heading "
                        f"{grid.facing_name(heading)}")
                if turns_made >= 2:
                    note += ": a second change of direction this turn, mark 1 Strain"
                log("helm", note, sid)
        move = motion(sail, grid, state.wind, heading)
        inches = move.inches // 2 if half == 1 else move.inches - move.inches // 2
        cells, carry, long = steps_for(sail, inches, grid, move.direction, board.scale)
        strain = move.strain if half == 1 else 0
        sail = evolve(sail, carry=carry, long_diagonal=long, strain=marked + strain,
                      turns_made=turns_made,
                      last_speed=inches + (sail.last_speed if half == 2 else 0),
                      last_motion=f"{move.way.value} ({move.reason})")
        plans[sid] = (move.direction, cells)
        if log.loud:
            text = f"{label(ship)} {move.way.value}: {move.reason}"
            if move.inches:
                text += f'; {"first" if half == 1 else "second"} half {inches}" -> {cells} ' \
                        f"cell{'s' * (cells != 1)}"
            if strain:
                text += "; sails set in a gale, mark 1 Strain"
            log("move", text, sid)
        ships[sid] = evolved(ship, heading=heading, sail=sail)
    moved = step_ships(state, ships, plans, log)
    return with_ships(state, (moved[s.id] for s in state.ships), **changes)


def step_ships(state: GameState, ships: dict[str, T], plans: dict[str, tuple[int, int]],
               log: Log, course: Course[T] | None = None) -> dict[str, T]:
    """Move all ships together, one cell at a time, stopping at obstacles.

    In each step every ship with cells left moves one cell, in this turn's order.
    A ship whose next cell holds a ship that has yet to move this step waits for
    it (so ships in line ahead sail on together); a ship still blocked once no
    other ship can move is fouled and loses the rest of her move.
    """
    board, grid = state.board, state.grid
    order = [s.id for s in state.ships if s.id in plans]
    if state.turn % 2 == 0:
        order.reverse()
    left = {sid: plans[sid][1] for sid in order}
    start = {sid: ships[sid].cell for sid in order}
    #: Where each ship is as she steps (her ``cell`` is set once she has made her move).
    where = {sid: ship.cell for sid, ship in ships.items()}
    step = 0
    while any(left.values()):
        step += 1
        waiting = [sid for sid in order if left[sid] > 0]
        moved = True
        while waiting and moved:
            moved = False
            still: list[str] = []
            for sid in waiting:
                ship = ships[sid]
                occupied = {where[s.id] for s in ships.values() if s.at_sea and s.id != sid}
                nxt = grid.neighbour(where[sid], plans[sid][0])
                why = blocked(board, nxt, ship.sail.stype.shallow, occupied)
                if why is Block.SHIP:
                    still.append(sid)
                    continue
                moved = True
                if why is Block.EDGE and course is not None:
                    gone = course.off_board(state, ship, nxt, log)
                    if gone is not None:
                        ships[sid] = gone
                        left[sid] = 0
                        continue
                if why is not None:
                    left[sid] = 0
                    ships[sid] = stopped(ship, why, nxt, log)
                    continue
                where[sid] = nxt
                left[sid] -= 1
                if course is not None:
                    ship = course.entered(state, ship, nxt, step, log)
                    if course.finished(ship):
                        left[sid] = 0
                    ships[sid] = ship
            waiting = still
        for sid in waiting:
            left[sid] = 0
            ships[sid] = stopped(ships[sid], Block.SHIP,
                                 grid.neighbour(where[sid], plans[sid][0]), log)
    for sid in order:
        if where[sid] != ships[sid].cell:
            ships[sid] = evolved(ships[sid], cell=where[sid])
    if log.loud:
        for sid in order:
            ship = ships[sid]
            if ship.afloat and not (course is not None and course.escaped(ship)) \
                    and ship.cell != start[sid]:
                log("pos", f"{label(ship)} ends at {ship.cell}, heading "
                    f"{grid.facing_name(ship.heading)}", sid)
    return ships


def stopped(ship: T, why: Block, cell: Cell, log: Log) -> T:
    """A ship stopped short: fouled, at the edge, or aground (which marks Strain)."""
    if why is Block.SHIP:
        log("move", f"{label(ship)} is fouled by a ship at {cell} and stops", ship.id)
        return ship
    if why is Block.EDGE:
        log("move", f"{label(ship)} reaches the edge of the sea and stops", ship.id)
        return ship
    ground = "land" if why is Block.LAND else "a shoal"
    log("aground", f"{label(ship)} touches {ground} at {cell}: stops short, mark 1 Strain",
        ship.id)
    return with_sail(ship, evolve(ship.sail, strain=ship.sail.strain + 1, carry=0))


# -- maneuvers ------------------------------------------------------------------------

def maneuver_verbs(sail: SaltSail) -> tuple[str, ...]:
    """Keep, or the maneuvers her sails and anchor allow now."""
    if sail.change is not Change.NONE:
        return ("keep",)
    if sail.masts <= 0:
        return ("keep", "weigh") if sail.sails is Sails.ANCHORED else ("keep", "anchor")
    if sail.sails is Sails.SET:
        return ("keep", "reef", "furl", "anchor")
    if sail.sails is Sails.REEFED:
        return ("keep", "unreef", "furl", "anchor")
    if sail.sails is Sails.FURLED:
        return ("keep", "set-sail", "anchor")
    return ("keep", "weigh")


@lru_cache(maxsize=4096)
def _maneuver_orders(ship_id: str, verbs: tuple[str, ...]) -> tuple[Order, ...]:
    return tuple(Order(ship_id, v) for v in verbs)


def maneuver_decision(ship: Sailor) -> Decision:
    return _maneuver_decision(ship.side, ship.id, label(ship), maneuver_verbs(ship.sail))


@lru_cache(maxsize=4096)
def _maneuver_decision(side: str, ship_id: str, name: str, verbs: tuple[str, ...]) -> Decision:
    """A ship's maneuver decision for the ``verbs`` she may give (made once for each)."""
    return Decision(side, "maneuver", ship_id, f"{name}: sails and anchor",
                    _maneuver_orders(ship_id, verbs), plotted=True)


def maneuver(ship: T, verb: str, roller: Roller, log: Log) -> T:
    """Begin a maneuver (``keep``: none)."""
    limits = tables().limits
    name = label(ship)
    sail = ship.sail
    if verb == "reef":
        log("sails", f"{name} reefs: half speed from next turn", ship.id)
        return with_sail(ship, evolve(sail, sails=Sails.REEFED))
    if verb == "unreef":
        log("sails", f"{name} shakes out the reef ({limits.unreef_turns} turn)", ship.id)
        return with_sail(ship, evolve(sail, change=Change.UNREEF,
                                      change_turns=limits.unreef_turns))
    if verb == "furl":
        log("sails", f"{name} furls her sails and is adrift", ship.id)
        return with_sail(ship, evolve(sail, sails=Sails.FURLED))
    if verb == "set-sail":
        log("sails", f"{name} begins to set sail ({limits.furl_turns} turns)", ship.id)
        return with_sail(ship, evolve(sail, change=Change.SET_SAIL,
                                      change_turns=limits.furl_turns))
    if verb == "anchor":
        if sail.sails is not Sails.FURLED and sail.masts > 0:
            log("anchor", f"{name} lets go the anchor with sails set: an immediate Strain Roll",
                ship.id)
            ship = strain_roll(ship, roller, log)
        log("anchor", f"{name} anchors: the anchor bites in {limits.anchor_turns} turns",
            ship.id)
        return with_sail(ship, evolve(ship.sail, sails=Sails.ANCHORED, change=Change.ANCHOR,
                                      change_turns=limits.anchor_turns))
    if verb == "weigh":
        log("anchor", f"{name} weighs anchor, then sets sail ({limits.weigh_turns} turns)",
            ship.id)
        return with_sail(ship, evolve(sail, change=Change.WEIGH,
                                      change_turns=limits.weigh_turns - limits.furl_turns))
    return ship


def maneuvers(state: S, orders: Mapping[str, Order], log: Log,
              then: Callable[[T, T], T] | None = None) -> S:
    """Every ship's plotted maneuver begins; ``then(before, after)`` as for ``strain_rolls``."""
    roller = Roller(state.rng)
    ships: list[Sailor] = []
    changed = False
    for ship in sailors(state):
        sailor = cast(T, ship)
        order = orders.get(sailor.id)
        if order is not None and order.verb != "keep":
            after = maneuver(sailor, order.verb, roller, log)
            sailor = then(sailor, after) if then is not None else after
            changed = True
        ships.append(sailor)
    if not changed:
        return state
    return with_ships(state, ships, rng=roller.rng)


def tick(ship: T, log: Log) -> T:
    """A turn passes for a maneuver under way; finish it when its time is up."""
    sail = ship.sail
    if sail.change is Change.NONE or not ship.afloat:
        return ship
    left = sail.change_turns - 1
    if left > 0:
        return with_sail(ship, evolve(sail, change_turns=left))
    name = label(ship)
    if sail.change is Change.UNREEF:
        log("sails", f"{name} has full sail again", ship.id)
        return with_sail(ship, evolve(sail, sails=Sails.SET, change=Change.NONE, change_turns=0))
    if sail.change is Change.SET_SAIL:
        log("sails", f"{name} has her sails set", ship.id)
        return with_sail(ship, evolve(sail, sails=Sails.SET, change=Change.NONE, change_turns=0))
    if sail.change is Change.ANCHOR:
        log("anchor", f"{name}'s anchor holds: she is at a stop", ship.id)
        return with_sail(ship, evolve(sail, change=Change.NONE, change_turns=0))
    log("anchor", f"{name}'s anchor is up; setting sail", ship.id)
    return with_sail(ship, evolve(sail, sails=Sails.FURLED, change=Change.SET_SAIL,
                                  change_turns=tables().limits.furl_turns))


# -- the end of a turn ----------------------------------------------------------------

def founder(ship: T, log: Log) -> T:
    """A turn passes for a sinking ship: she sinks when her time is up."""
    sail = ship.sail
    if not (ship.afloat and sail.sinking):
        return ship
    if sail.sinking == 1:
        log("sinks", f"{label(ship)} founders and sinks!", ship.id)
        return evolved(ship, afloat=False, sail=evolve(sail, sinking=0))
    return with_sail(ship, evolve(sail, sinking=sail.sinking - 1))


def new_turn(sail: SaltSail) -> SaltSail:
    """What a new turn clears: this turn's luck and changes of direction."""
    if not (sail.luck or sail.luck_die or sail.turns_made):
        return sail
    return evolve(sail, luck=0, luck_die=0, turns_made=0)
