"""Ships & Sails: the battle turn.

Each turn every ship's orders are plotted in secret: her move (a string of hex
choices L/F/R), her ammunition (keep or switch) and, when her broadside is
loaded, the hex she aims at.  Then the turn resolves in the text's order:
weather (the d12 wind tables), movement (all ships together, hex by hex, with
collisions), attacks (every broadside at once, damage applied simultaneously),
and the end of the turn (ships breaking up, reloading, the win conditions).
The movement is this ruleset's own (``movement``); the gunnery is the Ships &
Sails gunnery system.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from attrs import evolve

from tui_naval.core.dice import Rng, Roller
from tui_naval.core.engine import Auto, Decide, Log, Turn
from tui_naval.core.grid import Cell, GridKind
from tui_naval.core.messages import cut, plural
from tui_naval.core.orders import Decision, Order, orders_for
from tui_naval.core.ruleset import Part, Row, Ruleset, RulesetBase, ShipClass
from tui_naval.core.scenario import Scenario
from tui_naval.core.state import End, GoalKind, Outcome, Terrain
from tui_naval.core.wind import Wind
from tui_naval.rulesets.ships_and_sails import INFO
from tui_naval.rulesets.ships_and_sails import movement as mv
from tui_naval.rulesets.ships_and_sails.state import HexWay, SailShip, SailState
from tui_naval.systems.gunnery.ships_and_sails import broadsides as fire
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    HOLD,
    PORT,
    SIDES,
    STARBOARD,
    aim_arg,
    aim_cells,
    ammo_prompt,
    ammo_range,
    armament_problem,
    armament_wear,
    armament_worn,
    condition_rows,
    damage_fraction,
    damage_rows,
    firing_value_of,
    new_armament,
    parse_aim,
    reload_row,
    tenths,
)
from tui_naval.systems.gunnery.ships_and_sails.broadsides import KEEP, Hit
from tui_naval.systems.gunnery.ships_and_sails.tables import POINT_NAMES, Ammo, tables

#: The orders each ship gives every turn, in the order they are asked.
VERBS = ("move", "ammo", "aim")


def label(ship: SailShip) -> str:
    return f"{ship.id} {ship.name}"


def plotted_orders(orders: tuple[Order, ...]) -> dict[tuple[str, str], Order]:
    """Orders by (ship, verb)."""
    return {(order.ship, order.verb): order for order in orders}


# -- the orders -----------------------------------------------------------------------

def deciders(state: SailState) -> list[SailShip]:
    """Ships afloat, by side then map order."""
    return [s for side in state.sides for s in state.ships if s.side == side and s.afloat]


def ask(state: SailState) -> Decision | None:
    done = plotted_orders(state.plotted)
    for ship in deciders(state):
        for verb in VERBS:
            if (ship.id, verb) not in done:
                return decision_for(state, ship, verb, done)
    return None


def decision_for(state: SailState, ship: SailShip, verb: str,
                 done: dict[tuple[str, str], Order]) -> Decision:
    st = mv.ship_type(ship)
    a = ship.gunnery
    if verb == "move":
        args = mv.move_args(state.grid, state.wind, ship)
        options = orders_for(ship.id, "move", args)
        slowest, fastest = mv.speed_span(args)
        point = POINT_NAMES[mv.point_of_sail(state.grid, state.wind, ship.heading)]
        prompt = (f"{label(ship)}: move (speed {ship.way.speed}, may sail {slowest}-"
                  f"{fastest} hexes; {point}; L/F/R for each hex, up to "
                  f"{mv.turns_allowed(ship, st)} turns)")
        return Decision(ship.side, "move", ship.id, prompt, options, plotted=True)
    if verb == "ammo":
        return Decision(ship.side, "ammo", ship.id, ammo_prompt(label(ship), a),
                        ammo_orders(ship), plotted=True)
    move = done[ship.id, "move"].arg
    ammo = done[ship.id, "ammo"].arg
    prompt = (f"{label(ship)}: aim the {a.ammo.value} broadside "
              f"(range {ammo_range(a.ammo)}; firing value port "
              f"{firing_value_of(a, PORT)}, starboard "
              f"{firing_value_of(a, STARBOARD)})")
    return Decision(ship.side, "aim", ship.id, prompt, aim_orders(state, ship, move, ammo),
                    plotted=True)


def ammo_orders(ship: SailShip) -> tuple[Order, ...]:
    a = ship.gunnery
    if max(firing_value_of(a, side) for side in SIDES) > 0:
        return orders_for(ship.id, "ammo", (KEEP, *(ammo.value for ammo in Ammo
                                                    if ammo is not a.ammo)))
    return orders_for(ship.id, "ammo", (KEEP,))


def aim_orders(state: SailState, ship: SailShip, move: str, ammo: str) -> tuple[Order, ...]:
    """Hold fire, or a hex in a loaded broadside's arc and range from where the move ends."""
    out = [Order(ship.id, "aim", HOLD)]
    if ship.gunnery.reload > 0 or ammo != KEEP:
        return tuple(out)
    grid = state.grid
    cell, heading = mv.planned_end(grid, ship, move)
    if not grid.in_bounds(cell):
        return tuple(out)
    out += [Order(ship.id, "aim", aim_arg(side, c))
            for side, c in aim_cells(grid, ship.gunnery, cell, heading)]
    return tuple(out)


def reveal(state: SailState, held: tuple[Order, ...], log: Log) -> SailState:
    """Every order is in: the turn resolves them, openly."""
    return evolve(state, orders=held)


# -- weather --------------------------------------------------------------------------

def weather(state: SailState, log: Log) -> SailState:
    """Roll the d12 Wind Direction and Wind Speed tables."""
    t = tables()
    grid = state.grid
    roller = Roller(state.rng)
    d = roller.roll("1d12")
    change = t.direction_change[d.total - 1]
    direction = grid.turn(state.wind.direction, change)
    turn = {0: "no change", -1: "backs 1 (left)", -2: "backs 2 (left)",
            1: "veers 1 (right)", 2: "veers 2 (right)"}[change]
    log("wind", f"Wind Direction {d}: {turn} -> from {grid.facing_name(direction)}")
    s = roller.roll("1d12")
    delta = t.speed_change[s.total - 1]
    if delta is None:
        speed, what = 0, "no wind"
    else:
        speed = max(t.wind_min, min(t.wind_max, state.wind.speed + delta))
        what = "no change" if delta == 0 else f"{delta:+d}"
    log("wind", f"Wind Speed {s}: {what} -> speed {speed}")
    return evolve(state, wind=Wind(direction, speed), rng=roller.rng)


# -- movement -------------------------------------------------------------------------

def movement(state: SailState, log: Log) -> SailState:
    """Move every ship together, one hex a step; collisions, land and the edge stop them."""
    orders = plotted_orders(state.orders)
    grid, board = state.grid, state.board
    ships = {s.id: s for s in state.ships}
    #: Each ship's cell and heading as she moves (set on her once the move is over).
    at = {s.id: (s.cell, s.heading) for s in state.ships}
    plans: dict[str, str] = {}
    for ship in state.ships:
        if not ship.afloat:
            continue
        arg = orders[ship.id, "move"].arg if (ship.id, "move") in orders else mv.STAY
        st = mv.ship_type(ship)
        if arg in mv.SWINGS:
            swung = grid.turn(ship.heading, mv.SWINGS[arg])
            at[ship.id] = (ship.cell, swung)
            log("move", f"{label(ship)} swings in place to head {grid.facing_name(swung)}",
                ship.id)
            plans[ship.id] = ""
        elif arg == mv.STAY:
            plans[ship.id] = ""
        else:
            base = mv.base_cap(ship, st, state.wind)
            caps = mv.heading_caps(grid, st, state.wind, ship.heading)
            plan = mv.cut(arg, base, caps, mv.speed_range(ship, st)[0])
            if plan != arg:
                log("move", f"{label(ship)}: the wind now allows only {len(plan)} of the "
                    f"{plural(len(arg), 'hex', 'hexes')} plotted ({arg} -> {plan or 'stay'})",
                    ship.id)
            plans[ship.id] = plan
    entered: dict[str, list[Cell]] = {sid: [] for sid in plans}
    stopped: set[str] = set()
    for step in range(max((len(p) for p in plans.values()), default=0)):
        movers = [sid for sid, p in plans.items()
                  if step < len(p) and sid not in stopped and ships[sid].afloat]
        if not movers:
            break
        origin = {sid: at[sid] for sid, s in ships.items() if s.afloat}
        pos = {sid: cell for sid, (cell, _) in origin.items()}
        heading = {sid: h for sid, (_, h) in origin.items()}
        for sid in movers:
            ship = ships[sid]
            here, h = at[sid]
            h = grid.turn(h, mv.STEPS[plans[sid][step]])
            nxt = grid.neighbour(here, h)
            if not grid.in_bounds(nxt):
                edge = grid.edge_of(nxt)
                ships[sid] = evolve(ship, afloat=False, way=evolve(ship.way, speed=0),
                                    gunnery=evolve(ship.gunnery,
                                                   fate=f"lost off the {edge} edge"))
                del pos[sid]
                stopped.add(sid)
                log("lost", f"{label(ship)} sails off the {edge} edge of the world and is "
                    "lost!", sid)
                continue
            if board.terrain_at(nxt) is not Terrain.SEA:
                stopped.add(sid)
                ground = "land" if board.terrain_at(nxt) is Terrain.LAND else "a shoal"
                log("move", f"{label(ship)} cannot enter {ground} at {nxt}: she stops at "
                    f"{here}", sid)
                continue
            pos[sid] = nxt
            heading[sid] = h
        _collisions(ships, pos, heading, origin, set(movers), stopped, log)
        for sid, cell in pos.items():
            at[sid] = (cell, heading[sid])
            if cell != origin[sid][0]:
                entered[sid].append(cell)
    out = []
    for ship in state.ships:
        moved = ships[ship.id]
        if ship.id in plans:
            speed = 0 if ship.id in stopped else len(entered[ship.id])
            cell, facing = at[ship.id]
            wake = tuple(entered[ship.id]) or (cell,)
            moved = evolve(moved, cell=cell, heading=facing, way=HexWay(speed, wake))
            if moved.afloat and entered[ship.id]:
                log("pos", f"{label(moved)} ends at {moved.cell}, heading "
                    f"{grid.facing_name(moved.heading)}, speed {speed}", ship.id)
        out.append(moved)
    return evolve(state, ships=tuple(out))


def _collisions(ships: dict[str, SailShip], pos: dict[str, Cell], heading: dict[str, int],
                origin: dict[str, tuple[Cell, int]], movers: set[str], stopped: set[str],
                log: Log) -> None:
    """Resolve this step's collisions, chains included, until every ship has a hex."""
    divisor = tables().collision_divisor
    while True:
        group = _next_collision(pos, origin, movers)
        if not group:
            return
        where = pos[group[0]]
        before = {sid: ships[sid].gunnery.hull for sid in group}
        parts = []
        for sid in group:
            damage = sum(before[o] // divisor for o in group if o != sid)
            ship = ships[sid]
            hull = max(0, ship.gunnery.hull - damage)
            ship = evolve(ship, gunnery=evolve(ship.gunnery, hull=hull),
                          way=evolve(ship.way, speed=0))
            parts.append(f"{label(ship)} takes {tenths(damage)} (hull {tenths(hull)})")
            stopped.add(sid)
            if pos[sid] != origin[sid][0]:
                pos[sid], heading[sid] = origin[sid]
                ship = evolve(ship, cell=pos[sid], heading=heading[sid])
            ships[sid] = ship
        names = " and ".join(label(ships[sid]) for sid in group)
        log("collide", f"Collision at {where}: {names}; each takes 1/{divisor} of the "
            f"others' hull: {'; '.join(parts)}; the movers fall back to the hex they came "
            "from", group[0])
        for sid in group:
            if ships[sid].gunnery.hull <= 0:
                ship = ships[sid]
                ships[sid] = evolve(ship, afloat=False,
                                    gunnery=evolve(ship.gunnery, fate="sunk in a collision"))
                del pos[sid]
                log("sinks", f"{label(ships[sid])} is stove in and sinks!", sid)


def _next_collision(pos: dict[str, Cell], origin: dict[str, tuple[Cell, int]],
                    movers: set[str]) -> list[str]:
    by_cell: dict[Cell, list[str]] = defaultdict(list)
    for sid, cell in pos.items():
        by_cell[cell].append(sid)
    for cell in sorted(by_cell):
        if len(by_cell[cell]) > 1:
            return by_cell[cell]
    # Two ships that would swap hexes meet head-on between them.
    moved = sorted(sid for sid in movers if sid in pos and pos[sid] != origin[sid][0])
    for i, a in enumerate(moved):
        for b in moved[i + 1:]:
            if pos[a] == origin[b][0] and pos[b] == origin[a][0]:
                return [a, b]
    return []


# -- attacks --------------------------------------------------------------------------

def attacks(state: SailState, log: Log) -> SailState:
    """Switch loads, fire every aimed broadside, then apply all the damage at once."""
    orders = plotted_orders(state.orders)
    roller = Roller(state.rng)
    ships = {s.id: evolve(s, gunnery=evolve(s.gunnery, fired="")) if s.gunnery.fired else s
             for s in state.ships}
    for sid, ship in ships.items():
        order = orders.get((sid, "ammo"))
        if order is not None:
            ships[sid] = fire.switch(ship, order.arg, state.turn, log)
    hits: list[Hit] = []
    for sid in list(ships):
        ship = ships[sid]
        order = orders.get((sid, "aim"))
        if not ship.afloat or order is None:
            continue
        aim = parse_aim(order.arg)
        if aim is None:
            continue
        ships[sid], scored = fire.fire(state.grid, ship, *aim, ships.values(),
                                       lambda target: target.way.wake, roller, log)
        hits += scored
    ships = {sid: fire.reloading(ship) for sid, ship in ships.items()}
    ships = fire.apply_hits(ships, hits, log)
    return evolve(state, ships=tuple(ships[s.id] for s in state.ships), rng=roller.rng)


def end_turn(state: SailState, log: Log) -> SailState:
    ships = tuple(fire.end_of_turn(ship, log) for ship in state.ships)
    return evolve(state, ships=ships, orders=())


# -- judging --------------------------------------------------------------------------

def judge(state: SailState) -> Outcome | None:
    """The last side afloat, or the last side with a maneuverable ship, wins."""
    afloat = {s.side for s in state.ships if s.afloat}
    if not afloat:
        return Outcome(None, f"every ship is lost (turn {state.turn})", End.SUNK)
    if len(afloat) == 1:
        (side,) = afloat
        return Outcome(side, f"the last side with a ship afloat, on turn {state.turn}",
                       End.SUNK)
    handy = {s.side for s in state.ships if mv.maneuverable(s)}
    if len(handy) == 1:
        (side,) = handy
        return Outcome(side, f"the last side with a maneuverable ship, on turn {state.turn}",
                       End.DISABLED)
    return None


def side_damage(state: SailState, side: str) -> float:
    """A side's damage, 0..1: its ships' damage fractions weighted by their MAX Hull."""
    ships = [s for s in state.ships if s.side == side]
    weight = sum(mv.ship_type(s).hull for s in ships)
    return sum(damage_fraction(s.gunnery, s.afloat) * mv.ship_type(s).hull
               for s in ships) / weight


def least_damage(state: SailState) -> Outcome:
    """After the fixed number of turns: the side with the least damage wins."""
    damage = {side: side_damage(state, side) for side in state.sides}
    best = min(damage.values())
    leaders = [side for side, d in damage.items() if abs(d - best) < 1e-9]
    figures = ", ".join(f"{side} {d:.1%}" for side, d in damage.items())
    if len(leaders) > 1:
        return Outcome(None, f"after {state.goal.turns} turns the damage is level ({figures})",
                       End.TURN_LIMIT)
    return Outcome(leaders[0], f"least damage after {state.goal.turns} turns ({figures})",
                   End.TURN_LIMIT)


TURN: Turn[SailState] = Turn(
    steps=(
        Decide("orders", ask, close=reveal),
        Auto("weather", weather),
        Auto("move", movement),
        Auto("attack", attacks),
        Auto("end", end_turn),
    ),
    judge=judge,
    at_limit=least_damage,
    judge_every_step=False,
)


class ShipsAndSails(RulesetBase[SailState]):
    """The Ships & Sails ruleset (battles on a flat-top hex ocean)."""

    info = INFO
    grids = (GridKind.HEX_FLAT,)
    goals = (GoalKind.BATTLE,)
    state_type = SailState
    turn = TURN

    def ship_classes(self) -> Mapping[str, ShipClass]:
        return {k: ShipClass(k, t.name, t.about) for k, t in tables().ships.items()}

    def invalid(self, state: SailState) -> str | None:
        """The common checks; at rest a game waits on the turn's first step, the wind within
        the tables, each ship's armament and way in range, on the sea, afloat ones alone."""
        problem = super().invalid(state)
        if problem:
            return problem
        t = tables()
        if state.outcome is None and (state.phase != self.turn.names[0] or state.orders):
            return "it does not wait on the turn's orders"
        if not t.wind_min <= state.wind.speed <= t.wind_max:
            return f"its wind speed {cut(state.wind.speed)} is out of range"
        afloat: set[Cell] = set()
        for ship in state.ships:
            where = f"ship {cut(ship.id)}"
            problem = armament_problem(ship.id, ship.gunnery, ship.kind)
            if problem:
                return problem
            if not 0 <= ship.way.speed <= mv.ship_type(ship).max_speed:
                return f"{where}'s speed {cut(ship.way.speed)} is out of range"
            if not state.board.is_sea(ship.cell):
                return f"{where} is aground"
            if ship.afloat != (ship.gunnery.hull > 0 and not ship.gunnery.fate):
                return f"{where} is afloat with no hull left, or lost yet afloat"
            if ship.afloat:
                if ship.cell in afloat:
                    return f"{where} shares her hex with another ship"
                afloat.add(ship.cell)
        return None

    def setup(self, scenario: Scenario) -> SailState:
        spec = scenario.map
        board = spec.board(scenario.grid)
        grid = board.grid
        roller = Roller(Rng.from_seed(scenario.seed))
        log = Log(1)
        t = tables()
        if spec.wind is not None:
            wind = Wind(grid.parse_facing(spec.wind[0]), min(t.wind_max, spec.wind[1]))
            log("wind", f"The wind blows from {grid.facing_name(wind.direction)} at speed "
                f"{wind.speed} (set by the map)")
        else:
            d = roller.roll("1d6")
            s = roller.roll(t.initial_speed)
            wind = Wind(d.total - 1, max(t.wind_min, min(t.wind_max, s.total)))
            log("wind", f"Starting wind: direction {d} -> from {grid.facing_name(wind.direction)}; "
                f"speed {s} -> {wind.speed}")
        ships = tuple(
            SailShip(id=slot.id, side=slot.side, kind=slot.kind, name=t.ships[slot.kind].name,
                     cell=slot.cell, heading=grid.parse_facing(slot.facing),
                     way=HexWay(wake=(slot.cell,)), gunnery=new_armament(slot.kind))
            for slot in scenario.ships)
        log("game", f"{spec.goal.describe()}: the last side afloat, or the last with a "
            f"maneuverable ship, wins; after {spec.goal.turns} turns the least damaged side")
        state = SailState(ruleset=self.name, board=board, goal=spec.goal, sides=spec.sides,
                          wind=wind, rng=roller.rng, ships=ships)
        return self.begin(state, log)

    def standing(self, state: SailState, side: str) -> float:
        """The other sides' damage against this side's (what the limit judges by)."""
        ours = side_damage(state, side)
        theirs = min(side_damage(state, s) for s in state.sides if s != side)
        return theirs - ours

    def wear(self, ship: SailShip) -> tuple[Part, ...]:
        """Her hull, rigging, guns and sailors (the gunnery system's)."""
        return armament_wear(ship.gunnery)

    def worn(self, ship: SailShip, have: Mapping[str, int]) -> SailShip:
        a = armament_worn(ship.gunnery, have)
        return evolve(ship, gunnery=a, afloat=ship.afloat and not a.fate)

    def describe(self, state: SailState, ship_id: str) -> list[Row]:
        ship = state.ship(ship_id)
        a = ship.gunnery
        st = mv.ship_type(ship)
        grid = state.grid
        point = mv.point_of_sail(grid, state.wind, ship.heading)
        cap = min(mv.base_cap(ship, st, state.wind), st.point_speed(point))
        if a.reload == 0:
            load = "loaded: may fire this turn"
        else:
            load = f"loading: ready on turn {state.turn + a.reload}"
        rows = [
            Row("Ship", f"{ship.id} {st.name} ({ship.side})"),
            Row("Heading", f"{grid.facing_name(ship.heading)}, {POINT_NAMES[point]}"),
            *condition_rows(a),
            reload_row(a, load),
            Row("Speed", f"{ship.way.speed} (max now {cap} of {st.max_speed})",
                ship.way.speed / st.max_speed),
            *damage_rows(a),
        ]
        if not ship.afloat:
            rows.append(Row("Status", a.fate or "lost"))
        elif not mv.maneuverable(ship):
            rows.append(Row("Status", "not maneuverable"))
        return rows


RULESET = ShipsAndSails()
_CHECK: Ruleset[SailState] = RULESET  # mypy: ShipsAndSails implements the Ruleset protocol
