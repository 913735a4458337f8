"""Ships & Sails: the battle turn.

Each turn every ship's orders are plotted in secret: her move (a string of hex
choices L/F/R), her ammunition (keep or switch) and, when her broadside is
loaded, the hex she aims at.  Then the turn resolves in the text's order:
weather (the d12 wind tables), movement (all ships together, hex by hex, with
collisions), attacks (every broadside at once, damage applied simultaneously),
and the end of the turn (ships breaking up, reloading, the win conditions).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from attrs import evolve

from tui_naval.core.dice import Rng, Roller
from tui_naval.core.events import EventLog as Log
from tui_naval.core.grid import Cell, GridKind
from tui_naval.core.orders import Decision, Order, check_answer
from tui_naval.core.package_data import read_package_text
from tui_naval.core.ruleset import Row, ShipClass
from tui_naval.core.scenario import Scenario
from tui_naval.core.state import GoalKind, Outcome, Terrain
from tui_naval.core.wind import Wind
from tui_naval.rulesets.ships_and_sails import mechanics as m
from tui_naval.rulesets.ships_and_sails.state import TENTHS, SailShip, SailState, tenths
from tui_naval.rulesets.ships_and_sails.tables import (
    POINT_NAMES,
    TARGET_OF,
    Ammo,
    Critical,
    tables,
)

PHASES = ("orders", "weather", "move", "attack", "end")
#: The orders each ship gives every turn, in the order they are asked.
VERBS = ("move", "ammo", "aim")
KEEP = "keep"


def label(ship: SailShip) -> str:
    return f"{ship.id} {ship.name}"


def plotted_orders(state: SailState) -> dict[tuple[str, str], Order]:
    """This turn's orders so far, by (ship, verb)."""
    out = {}
    for text in state.plotted:
        order = Order.parse(text)
        out[order.ship, order.verb] = order
    return out


class Hit:
    """One hit of a broadside, waiting to be applied with all the others."""

    __slots__ = ("ammo", "critical", "damage", "side", "target")

    def __init__(self, target: str, ammo: Ammo, damage: int, side: str,
                 critical: Critical | None) -> None:
        self.target = target
        self.ammo = ammo
        self.damage = damage
        self.side = side
        self.critical = critical


class ShipsAndSails:
    """The Ships & Sails ruleset (battles on a flat-top hex ocean)."""

    name = "ships-and-sails"
    title = "Ships & Sails"
    aliases = ("shipsandsails", "ships", "sns", "s&s")
    grids = (GridKind.HEX_FLAT,)
    goals = (GoalKind.BATTLE,)
    phases = PHASES
    state_type = SailState

    # -- catalogue -------------------------------------------------------------
    def ship_classes(self) -> Mapping[str, ShipClass]:
        return {k: ShipClass(k, t.name, t.about) for k, t in tables().ships.items()}

    def help_text(self) -> str:
        return read_package_text(__package__, "help.md")

    # -- setup -----------------------------------------------------------------
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
        ships = tuple(m.new_ship(slot.kind, slot.id, slot.side, slot.cell,
                                 grid.parse_facing(slot.facing)) for slot in scenario.ships)
        log("game", f"{spec.goal.describe()}: the last side afloat, or the last with a "
            f"maneuverable ship, wins; after {spec.goal.turns} turns the least damaged side")
        state = SailState(ruleset=self.name, board=board, goal=spec.goal, sides=spec.sides,
                          turn=1, phase="orders", wind=wind, rng=roller.rng, ships=ships)
        return self._advance(state, log)

    # -- decisions -------------------------------------------------------------
    def decision(self, state: SailState) -> Decision | None:
        if state.outcome is not None or state.phase != "orders":
            return None
        done = plotted_orders(state)
        for ship in self._deciders(state):
            for verb in VERBS:
                if (ship.id, verb) not in done:
                    return self._decision_for(state, ship, verb, done)
        return None

    def _deciders(self, state: SailState) -> list[SailShip]:
        """Ships afloat, by side then map order."""
        return sorted((s for s in state.ships if s.afloat),
                      key=lambda s: state.sides.index(s.side))

    def _decision_for(self, state: SailState, ship: SailShip, verb: str,
                      done: dict[tuple[str, str], Order]) -> Decision:
        st = m.ship_type(ship)
        if verb == "move":
            options = self.move_orders(state, ship)
            speeds = [m.move_length(o.arg) for o in options]
            point = POINT_NAMES[m.point_of_sail(state.grid, state.wind, ship.heading)]
            prompt = (f"{label(ship)}: move (speed {ship.speed}, may sail {min(speeds)}-"
                      f"{max(speeds)} hexes; {point}; L/F/R for each hex, up to "
                      f"{m.turns_allowed(ship, st)} turns)")
            return Decision(ship.side, "move", ship.id, prompt, options, plotted=True)
        if verb == "ammo":
            prompt = (f"{label(ship)}: ammunition ({ship.ammo.value} "
                      f"{'loaded' if ship.reload == 0 else f'loading, {ship.reload} round(s)'}; "
                      "a switch takes a round more)")
            return Decision(ship.side, "ammo", ship.id, prompt, self.ammo_orders(ship),
                            plotted=True)
        move = done[ship.id, "move"].arg
        ammo = done[ship.id, "ammo"].arg
        prompt = (f"{label(ship)}: aim the {ship.ammo.value} broadside "
                  f"(range {m.ammo_range(ship.ammo)}; firing value port "
                  f"{m.ship_firing_value(ship, m.PORT)}, starboard "
                  f"{m.ship_firing_value(ship, m.STARBOARD)})")
        return Decision(ship.side, "aim", ship.id, prompt,
                        self.aim_orders(state, ship, move, ammo), plotted=True)

    def move_orders(self, state: SailState, ship: SailShip) -> tuple[Order, ...]:
        return tuple(Order(ship.id, "move", p)
                     for p in m.move_options(state.grid, state.wind, ship))

    def ammo_orders(self, ship: SailShip) -> tuple[Order, ...]:
        out = [Order(ship.id, "ammo", KEEP)]
        if max(m.ship_firing_value(ship, side) for side in m.SIDES) > 0:
            out += [Order(ship.id, "ammo", a.value) for a in Ammo if a is not ship.ammo]
        return tuple(out)

    def aim_orders(self, state: SailState, ship: SailShip, move: str,
                   ammo: str) -> tuple[Order, ...]:
        """Hold fire, or a hex in a loaded broadside's arc and range from where the move ends."""
        out = [Order(ship.id, "aim", m.HOLD)]
        if ship.reload > 0 or ammo != KEEP:
            return tuple(out)
        grid = state.grid
        cell, heading = m.planned_end(grid, ship, move)
        if not grid.in_bounds(cell):
            return tuple(out)
        reach = m.ammo_range(ship.ammo)
        for side in m.SIDES:
            if m.ship_firing_value(ship, side) <= 0:
                continue
            out += [Order(ship.id, "aim", m.aim_arg(side, c))
                    for c in m.arc(grid, cell, heading, side, reach) if grid.in_bounds(c)]
        return tuple(out)

    # -- transitions -----------------------------------------------------------
    def apply(self, state: SailState, order: Order) -> SailState:
        check_answer(self.decision(state), order, state.outcome is not None)
        state = evolve(state, plotted=(*state.plotted, str(order)))
        return self._advance(state, Log(state.turn))

    def _advance(self, state: SailState, log: Log) -> SailState:
        """Auto-answer forced decisions and resolve full turns until a real choice or the end."""
        while state.outcome is None:
            decision = self.decision(state)
            if decision is not None:
                if len(decision.options) > 1:
                    break
                state = evolve(state, plotted=(*state.plotted, str(decision.options[0])))
                continue
            state = self.resolve(state, log)
            log.turn = state.turn
        return evolve(state, events=tuple(log.events))

    def resolve(self, state: SailState, log: Log) -> SailState:
        """Resolve a turn whose orders are all plotted: weather, movement, attacks, end."""
        orders = plotted_orders(state)
        state = evolve(state, plotted=(), phase="weather")
        state = self.weather(state, log)
        state = self.movement(evolve(state, phase="move"), orders, log)
        state = self.attacks(evolve(state, phase="attack"), orders, log)
        return self.end_turn(evolve(state, phase="end"), log)

    # weather -------------------------------------------------------------------
    def weather(self, state: SailState, log: Log) -> SailState:
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

    # movement ------------------------------------------------------------------
    def movement(self, state: SailState, orders: dict[tuple[str, str], Order],
                 log: Log) -> SailState:
        """Move every ship together, one hex a step; collisions, land and the edge stop them."""
        grid, board = state.grid, state.board
        ships = {s.id: s for s in state.ships}
        plans: dict[str, str] = {}
        for ship in state.ships:
            if not ship.afloat:
                continue
            arg = orders[ship.id, "move"].arg if (ship.id, "move") in orders else m.STAY
            st = m.ship_type(ship)
            if arg in m.SWINGS:
                ship = evolve(ship, heading=grid.turn(ship.heading, m.SWINGS[arg]))
                log("move", f"{label(ship)} swings in place to head "
                    f"{grid.facing_name(ship.heading)}", ship.id)
                plans[ship.id] = ""
            elif arg == m.STAY:
                plans[ship.id] = ""
            else:
                base = m.base_cap(ship, st, state.wind)
                caps = m.heading_caps(grid, st, state.wind, ship.heading)
                plan = m.cut(arg, base, caps, m.speed_range(ship, st)[0])
                if plan != arg:
                    log("move", f"{label(ship)}: the wind now allows only {len(plan)} of the "
                        f"{len(arg)} hexes plotted ({arg} -> {plan or 'stay'})", ship.id)
                plans[ship.id] = plan
            ships[ship.id] = ship
        entered: dict[str, list[Cell]] = {sid: [] for sid in plans}
        stopped: set[str] = set()
        for step in range(max((len(p) for p in plans.values()), default=0)):
            movers = [sid for sid, p in plans.items()
                      if step < len(p) and sid not in stopped and ships[sid].afloat]
            if not movers:
                break
            origin = {s.id: (s.cell, s.heading) for s in ships.values() if s.afloat}
            pos = {sid: cell for sid, (cell, _) in origin.items()}
            heading = {sid: h for sid, (_, h) in origin.items()}
            for sid in movers:
                ship = ships[sid]
                h = grid.turn(ship.heading, m.STEPS[plans[sid][step]])
                nxt = grid.neighbour(ship.cell, h)
                if not grid.in_bounds(nxt):
                    edge = grid.edge_of(nxt)
                    ships[sid] = evolve(ship, afloat=False, speed=0,
                                        fate=f"lost off the {edge} edge")
                    del pos[sid]
                    stopped.add(sid)
                    log("lost", f"{label(ship)} sails off the {edge} edge of the world and is "
                        "lost!", sid)
                    continue
                if board.terrain_at(nxt) is not Terrain.SEA:
                    stopped.add(sid)
                    ground = "land" if board.terrain_at(nxt) is Terrain.LAND else "a shoal"
                    log("move", f"{label(ship)} cannot enter {ground} at {nxt}: she stops at "
                        f"{ship.cell}", sid)
                    continue
                pos[sid] = nxt
                heading[sid] = h
            self._collisions(ships, pos, heading, origin, set(movers), stopped, log)
            for sid, cell in pos.items():
                ships[sid] = evolve(ships[sid], cell=cell, heading=heading[sid])
                if cell != origin[sid][0]:
                    entered[sid].append(cell)
        out = []
        for ship in state.ships:
            moved = ships[ship.id]
            if ship.id in plans:
                speed = 0 if ship.id in stopped else len(entered[ship.id])
                wake = tuple(entered[ship.id]) or (moved.cell,)
                moved = evolve(moved, speed=speed, wake=wake)
                if moved.afloat and entered[ship.id]:
                    log("pos", f"{label(moved)} ends at {moved.cell}, heading "
                        f"{grid.facing_name(moved.heading)}, speed {speed}", ship.id)
            out.append(moved)
        return evolve(state, ships=tuple(out))

    def _collisions(self, ships: dict[str, SailShip], pos: dict[str, Cell],
                    heading: dict[str, int], origin: dict[str, tuple[Cell, int]],
                    movers: set[str], stopped: set[str], log: Log) -> None:
        """Resolve this step's collisions, chains included, until every ship has a hex."""
        divisor = tables().collision_divisor
        while True:
            group = self._next_collision(pos, origin, movers)
            if not group:
                return
            where = pos[group[0]]
            before = {sid: ships[sid].hull for sid in group}
            parts = []
            for sid in group:
                damage = sum(before[o] // divisor for o in group if o != sid)
                ship = ships[sid]
                ship = evolve(ship, hull=max(0, ship.hull - damage), speed=0)
                parts.append(f"{label(ship)} takes {tenths(damage)} (hull {tenths(ship.hull)})")
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
                if ships[sid].hull <= 0:
                    ships[sid] = evolve(ships[sid], afloat=False, fate="sunk in a collision")
                    del pos[sid]
                    log("sinks", f"{label(ships[sid])} is stove in and sinks!", sid)

    @staticmethod
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

    # attacks -------------------------------------------------------------------
    def attacks(self, state: SailState, orders: dict[tuple[str, str], Order],
                log: Log) -> SailState:
        """Switch loads, fire every aimed broadside, then apply all the damage at once."""
        t = tables()
        grid = state.grid
        roller = Roller(state.rng)
        ships = {s.id: evolve(s, fired="") for s in state.ships}
        for sid, ship in ships.items():
            order = orders.get((sid, "ammo"))
            if ship.afloat and order is not None and order.arg != KEEP:
                ammo = Ammo(order.arg)
                ships[sid] = evolve(ship, ammo=ammo, reload=ship.reload + t.switch_rounds)
                log("ammo", f"{label(ship)} draws her {ship.ammo.value} and loads {ammo.value} "
                    f"(a round more: ready on turn {state.turn + ship.reload + t.switch_rounds})",
                    sid)
        hits: list[Hit] = []
        for sid in list(ships):
            ship = ships[sid]
            order = orders.get((sid, "aim"))
            if not ship.afloat or order is None:
                continue
            aim = m.parse_aim(order.arg)
            if aim is None:
                continue
            side, cell = aim
            if ship.reload > 0:  # cannot happen through decision(), kept as a guard
                continue
            reach = m.ammo_range(ship.ammo)
            if not m.bears(grid, ship.cell, ship.heading, side, cell, reach):
                log("fire", f"{label(ship)} holds fire: {cell} no longer bears on her {side} "
                    f"side within {reach} hexes (guns stay loaded)", sid)
                continue
            fv = m.ship_firing_value(ship, side)
            if fv <= 0:
                log("fire", f"{label(ship)} cannot fire: no {side} gun has a crew", sid)
                continue
            ships[sid] = evolve(ship, fired=f"{side} {ship.ammo.value} at {cell}")
            hits += self._broadside(state, ship, side, cell, fv, ships, roller, log)
        for sid in ships:
            if ships[sid].fired:
                ships[sid] = evolve(ships[sid], reload=t.reload_rounds)
        ships = self._apply_hits(ships, hits, log)
        return evolve(state, ships=tuple(ships[s.id] for s in state.ships), rng=roller.rng)

    def _broadside(self, state: SailState, ship: SailShip, side: str, aim: Cell, fv: int,
                   ships: dict[str, SailShip], roller: Roller, log: Log) -> list[Hit]:
        t = tables()
        grid = state.grid
        st = m.ship_type(ship)
        cells = m.pattern_cells(grid, aim, ship.heading, side, st.pattern(ship.ammo))
        percent_at = dict(cells)
        log("fire", f"{label(ship)} fires her {side} broadside of {ship.ammo.value} at {aim} "
            f"(firing value {fv}; 40% hexes "
            f"{' '.join(str(c) for c, p in cells if p == 40)}"
            + (f"; 10% hexes {' '.join(str(c) for c, p in cells if p == 10)}"
               if any(p == 10 for _, p in cells) else "") + ")", ship.id)
        hits = []
        for target in ships.values():
            if not target.afloat or target.side == ship.side:
                continue
            for cell in dict.fromkeys(target.wake):
                percent = percent_at.get(cell)
                if percent is None:
                    continue
                faces = t.faces(percent)
                roll = roller.roll(f"1d{t.hit_die}")
                if roll.total > faces:
                    log("miss", f"{label(target)} passes {cell} ({percent}% hex): {roll} > "
                        f"{faces}, missed", target.id)
                    continue
                damage = m.hit_damage(percent, fv)
                what = TARGET_OF[ship.ammo]
                text = (f"{label(target)} passes {cell} ({percent}% hex): {roll} <= {faces}, hit! "
                        f"{percent / 100:g} x {fv} = {tenths(damage)} {what} damage")
                critical = None
                if faces >= t.critical_min_faces and roll.total == t.critical_face:
                    crit = roller.roll(f"1d{t.critical_die}")
                    critical = t.critical_of(ship.ammo, crit.total)
                    text += (f"; a 1: CRITICAL HIT {crit}: "
                             f"{critical.text if critical else 'no effect'}")
                log("hit", text, target.id)
                hits.append(Hit(target.id, ship.ammo, damage,
                                m.side_hit(grid, target, ship.cell), critical))
        return hits

    def _apply_hits(self, ships: dict[str, SailShip], hits: list[Hit],
                    log: Log) -> dict[str, SailShip]:
        """Apply every hit of the round at once (the book's simultaneous damage)."""
        by_target: dict[str, list[Hit]] = defaultdict(list)
        for hit in hits:
            by_target[hit.target].append(hit)
        for sid, its in by_target.items():
            ship = apply_damage(ships[sid], its)
            if ship.afloat and ship.hull <= 0:
                ship = evolve(ship, afloat=False, fate="sunk by gunfire")
            st = m.ship_type(ship)
            if ship.afloat:
                log("damage", f"{label(ship)}: hull {tenths(ship.hull)}/{st.hull}, rigging "
                    f"{tenths(ship.rigging)}/{st.rigging}, sailors {m.whole(ship.sailors)}/"
                    f"{st.sailors}, guns {m.whole(ship.port_guns)}/"
                    f"{m.whole(ship.starboard_guns)}", sid)
            else:
                log("sinks", f"{label(ship)} is {ship.fate}!", sid)
            ships[sid] = ship
        return ships

    # end of turn ---------------------------------------------------------------
    def end_turn(self, state: SailState, log: Log) -> SailState:
        t = tables()
        ships = []
        for ship in state.ships:
            if ship.afloat and ship.breaking:
                hull = max(0, ship.hull - t.breaking_per_turn * TENTHS)
                ship = evolve(ship, hull=hull)
                log("breaks", f"{label(ship)} is breaking up: hull -{t.breaking_per_turn} -> "
                    f"{tenths(hull)}", ship.id)
                if hull <= 0:
                    ship = evolve(ship, afloat=False, fate="broken up")
                    log("sinks", f"{label(ship)} breaks up and sinks!", ship.id)
            if not ship.fired:
                ship = evolve(ship, reload=max(0, ship.reload - 1))
            ships.append(ship)
        state = evolve(state, ships=tuple(ships))
        outcome = judge(state)
        if outcome is None and state.turn >= state.goal.turns:
            outcome = least_damage(state)
        if outcome is not None:
            log("over", str(outcome))
            return evolve(state, outcome=outcome, phase="orders")
        return evolve(state, turn=state.turn + 1, phase="orders")

    # -- for the UI ------------------------------------------------------------
    def describe(self, state: SailState, ship_id: str) -> list[Row]:
        ship = state.ship(ship_id)
        st = m.ship_type(ship)
        grid = state.grid
        worked = m.sails_worked(ship, st)
        point = m.point_of_sail(grid, state.wind, ship.heading)
        cap = min(m.base_cap(ship, st, state.wind), st.point_speed(point))
        if ship.reload == 0:
            load = "loaded: may fire this turn"
        else:
            load = f"loading: ready on turn {state.turn + ship.reload}"
        rows = [
            Row("Ship", f"{ship.id} {st.name} ({ship.side})"),
            Row("Heading", f"{grid.facing_name(ship.heading)}, {POINT_NAMES[point]}"),
            Row("Hull", f"{tenths(ship.hull)}/{st.hull}", ship.hull / (st.hull * TENTHS)),
            Row("Rigging", f"{tenths(ship.rigging)}/{st.rigging}",
                ship.rigging / (st.rigging * TENTHS)),
            Row("Sails", f"{worked}/{st.sails} worked ({m.sails_standing(ship, st)} standing)",
                worked / st.sails),
            Row("Sailors", f"{m.whole(ship.sailors)}/{st.sailors}",
                ship.sailors / (st.sailors * TENTHS)),
            Row("Guns port", f"{m.whole(ship.port_guns)}/{st.broadside} "
                f"(firing value {m.ship_firing_value(ship, m.PORT)})",
                ship.port_guns / (st.broadside * TENTHS)),
            Row("Guns stbd", f"{m.whole(ship.starboard_guns)}/{st.broadside} "
                f"(firing value {m.ship_firing_value(ship, m.STARBOARD)})",
                ship.starboard_guns / (st.broadside * TENTHS)),
            Row("Ammunition", f"{ship.ammo.value} (range {m.ammo_range(ship.ammo)})"),
            Row("Reload", load,
                1.0 - ship.reload / (tables().reload_rounds + tables().switch_rounds + 1)),
            Row("Speed", f"{ship.speed} (max now {cap} of {st.max_speed})",
                ship.speed / st.max_speed),
            Row("Rudder", "working" if ship.rudder else "LOST: no turning"),
        ]
        if ship.fired:
            rows.append(Row("Last fire", ship.fired))
        if ship.breaking:
            rows.append(Row("BREAKING", f"-{tables().breaking_per_turn} hull a turn"))
        if not ship.afloat:
            rows.append(Row("Status", ship.fate or "lost"))
        elif not m.maneuverable(ship):
            rows.append(Row("Status", "not maneuverable"))
        return rows


def apply_damage(ship: SailShip, hits: list[Hit]) -> SailShip:
    """A ship after a round's hits: damage first, then the critical effects; kept in bounds."""
    st = m.ship_type(ship)
    hull, rigging, sailors = ship.hull, ship.rigging, ship.sailors
    guns = {m.PORT: ship.port_guns, m.STARBOARD: ship.starboard_guns}
    for hit in hits:
        if hit.ammo is Ammo.BALL:
            hull -= hit.damage
            lost = hit.damage * st.broadside // st.hull  # tenths of guns dismounted
            if hit.side == "both":
                guns[m.PORT] -= lost // 2
                guns[m.STARBOARD] -= lost - lost // 2
            else:
                guns[hit.side] -= lost
        elif hit.ammo is Ammo.CHAIN:
            rigging -= hit.damage
        else:
            sailors -= hit.damage
    afloat, rudder, breaking, fate = ship.afloat, ship.rudder, ship.breaking, ship.fate
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
    return evolve(ship, hull=max(0, hull), rigging=max(0, rigging), sailors=max(0, sailors),
                  port_guns=max(0, guns[m.PORT]), starboard_guns=max(0, guns[m.STARBOARD]),
                  afloat=afloat, rudder=rudder, breaking=breaking, fate=fate)


def judge(state: SailState) -> Outcome | None:
    """The last side afloat, or the last side with a maneuverable ship, wins."""
    afloat = {s.side for s in state.ships if s.afloat}
    if not afloat:
        return Outcome(None, f"every ship is lost (turn {state.turn})")
    if len(afloat) == 1:
        (side,) = afloat
        return Outcome(side, f"the last side with a ship afloat, on turn {state.turn}")
    handy = {s.side for s in state.ships if m.maneuverable(s)}
    if len(handy) == 1:
        (side,) = handy
        return Outcome(side, f"the last side with a maneuverable ship, on turn {state.turn}")
    return None


def side_damage(state: SailState, side: str) -> float:
    """A side's damage, 0..1: its ships' damage fractions weighted by their MAX Hull."""
    ships = [s for s in state.ships if s.side == side]
    weight = sum(m.ship_type(s).hull for s in ships)
    return sum(m.damage_fraction(s) * m.ship_type(s).hull for s in ships) / weight


def least_damage(state: SailState) -> Outcome:
    """After the fixed number of turns: the side with the least damage wins."""
    damage = {side: side_damage(state, side) for side in state.sides}
    best = min(damage.values())
    leaders = [side for side, d in damage.items() if abs(d - best) < 1e-9]
    figures = ", ".join(f"{side} {d:.1%}" for side, d in damage.items())
    if len(leaders) > 1:
        return Outcome(None, f"after {state.goal.turns} turns the damage is level ({figures})")
    return Outcome(leaders[0], f"least damage after {state.goal.turns} turns ({figures})")


RULESET = ShipsAndSails()
