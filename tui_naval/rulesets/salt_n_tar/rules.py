"""Salt'n'Tar: the Racing and Chasing game turn.

Phases of a turn: wind (the Wind Roll), luck (each ship's side may roll),
strain (ships with Strain must roll), move (plot each ship's turn, then all move
together), maneuver (reef, furl, anchor and their reverse), end (sinking, the
turn limit).  Plotted phases collect one order per ship before resolving.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from attrs import evolve

from tui_naval.core.dice import Chance, Rng, Roller
from tui_naval.core.events import EventLog as Log
from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.orders import Decision, Order, check_answer
from tui_naval.core.package_data import read_package_text
from tui_naval.core.ruleset import Row, Ruleset, ShipClass
from tui_naval.core.scenario import Scenario
from tui_naval.core.state import GoalKind
from tui_naval.core.wind import Wind
from tui_naval.rulesets.salt_n_tar import progress
from tui_naval.rulesets.salt_n_tar.sailing import (
    Block,
    Way,
    blocked,
    cells_for,
    motion,
    wind_speed_for,
)
from tui_naval.rulesets.salt_n_tar.state import Change, Sails, SaltShip, SaltState
from tui_naval.rulesets.salt_n_tar.tables import ShipType, tables

PHASES = ("wind", "luck", "strain", "move", "maneuver", "end")
PLOTTED = ("luck", "move", "maneuver")

HELM = {"hold": 0, "port 1": -1, "port 2": -2, "starboard 1": 1, "starboard 2": 2}
MANEUVERS = ("keep", "reef", "unreef", "furl", "set-sail", "anchor", "weigh")


@cache
def luck_chance() -> Chance:
    """The Luck Roll as a chance node: each face with its odds and effect."""
    return Chance.table("1d6", {i + 1: e.text for i, e in enumerate(tables().luck)})


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


def label(ship: SaltShip) -> str:
    return f"{ship.id} {ship.name}"


class SaltNTar:
    """The Salt'n'Tar ruleset (races and chases)."""

    name: str = "salt-n-tar"
    title: str = "Salt'n'Tar"
    aliases: tuple[str, ...] = ("saltntar", "salt", "snt", "regatta")
    grids: tuple[GridKind, ...] = (GridKind.HEX_FLAT, GridKind.HEX_POINTY, GridKind.SQUARE)
    goals: tuple[GoalKind, ...] = (GoalKind.RACE, GoalKind.CHASE)
    phases: tuple[str, ...] = PHASES
    state_type: type[SaltState] = SaltState

    # -- catalogue -------------------------------------------------------------
    def ship_classes(self) -> Mapping[str, ShipClass]:
        return {k: ShipClass(k, t.name, t.about) for k, t in tables().ships.items()}

    def ship_type(self, ship: SaltShip) -> ShipType:
        return tables().ships[ship.kind]

    def help_text(self) -> str:
        return read_package_text(__package__, "help.md")

    # -- setup -----------------------------------------------------------------
    def setup(self, scenario: Scenario) -> SaltState:
        spec = scenario.map
        board = spec.board(scenario.grid)
        grid = board.grid
        roller = Roller(Rng.from_seed(scenario.seed))
        log = Log(1)
        t = tables()
        wind = initial_wind(grid, spec.wind, roller, log)
        ships = tuple(
            SaltShip(id=slot.id, side=slot.side, kind=slot.kind, name=t.ships[slot.kind].name,
                     cell=slot.cell, heading=grid.parse_facing(slot.facing),
                     masts=t.ships[slot.kind].masts)
            for slot in scenario.ships
        )
        log("game", spec.goal.describe())
        state = SaltState(ruleset=self.name, board=board, goal=spec.goal, sides=spec.sides,
                          turn=1, phase="luck", wind=wind, rng=roller.rng, ships=ships)
        return self._advance(state, log)

    # -- decisions -------------------------------------------------------------
    def decision(self, state: SaltState) -> Decision | None:
        if state.outcome is not None or state.phase not in PLOTTED:
            return None
        done = {Order.parse(text).ship for text in state.plotted}
        for ship in self._deciders(state):
            if ship.id not in done:
                return self._decision_for(state, ship)
        return None

    def _deciders(self, state: SaltState) -> list[SaltShip]:
        """Ships that answer this phase, by side then map order."""
        in_play = [s for s in state.ships if s.racing]
        return sorted(in_play, key=lambda s: state.sides.index(s.side))

    def _decision_for(self, state: SaltState, ship: SaltShip) -> Decision:
        phase = state.phase
        if phase == "luck":
            return Decision(ship.side, "luck", ship.id, f"{label(ship)}: roll a luck die?",
                            (Order(ship.id, "luck", "roll"), Order(ship.id, "luck", "pass")),
                            chance=luck_chance(), plotted=True)
        if phase == "move":
            return Decision(ship.side, "move", ship.id, f"{label(ship)}: helm orders",
                            self.helm_options(state, ship), plotted=True)
        return Decision(ship.side, "maneuver", ship.id, f"{label(ship)}: sails and anchor",
                        self.maneuver_options(ship), plotted=True)

    def can_steer(self, ship: SaltShip, state: SaltState | None = None) -> bool:
        """Only a ship that has way under sail can turn.

        A furled, dismasted or anchored ship cannot; given the state, neither can a
        becalmed ship, nor one that would drift on every heading her helm could reach
        (a ship drifting on her present heading may still turn onto one that gives way).
        In a gale a ship with sails up is driven, and may always bear away to run.
        """
        if ship.sails not in (Sails.SET, Sails.REEFED) or ship.masts <= 0:
            return False
        if state is None:
            return True
        stype, grid = self.ship_type(ship), state.grid
        ws = wind_speed_for(ship, state.wind)
        limits = tables().limits
        if ws <= limits.calm:
            return False
        if ws >= limits.gale:
            return True
        return any(
            motion(ship, stype, grid, state.wind, heading=grid.turn(ship.heading, points)).way
            in (Way.SAIL, Way.BACKWARDS)
            for points in HELM.values()
        )

    def helm_options(self, state: SaltState, ship: SaltShip) -> tuple[Order, ...]:
        if not self.can_steer(ship, state):
            return (Order(ship.id, "hold"),)
        return tuple(Order(ship.id, *key.split()) for key in HELM)

    def maneuver_options(self, ship: SaltShip) -> tuple[Order, ...]:
        verbs = ["keep"]
        if ship.change is Change.NONE:
            if ship.masts <= 0:
                verbs += ["weigh"] if ship.sails is Sails.ANCHORED else ["anchor"]
            elif ship.sails is Sails.SET:
                verbs += ["reef", "furl", "anchor"]
            elif ship.sails is Sails.REEFED:
                verbs += ["unreef", "furl", "anchor"]
            elif ship.sails is Sails.FURLED:
                verbs += ["set-sail", "anchor"]
            else:
                verbs += ["weigh"]
        return tuple(Order(ship.id, v) for v in verbs)

    # -- transitions -----------------------------------------------------------
    def apply(self, state: SaltState, order: Order) -> SaltState:
        check_answer(self.decision(state), order, state.outcome is not None)
        state = evolve(state, plotted=(*state.plotted, str(order)))
        return self._advance(state, Log(state.turn))

    def _advance(self, state: SaltState, log: Log) -> SaltState:
        """Run automatic steps and auto-answer forced decisions until a real choice or the end."""
        while state.outcome is None:
            if state.phase in PLOTTED:
                decision = self.decision(state)
                if decision is not None:
                    if len(decision.options) > 1:
                        break
                    state = evolve(state, plotted=(*state.plotted, str(decision.options[0])))
                    continue
                orders = {o.ship: o for o in map(Order.parse, state.plotted)}
                state = evolve(state, plotted=())
                if state.phase == "luck":
                    state = self._resolve_luck(state, orders, log)
                elif state.phase == "move":
                    state = self._resolve_move(state, orders, log)
                else:
                    state = self._resolve_maneuvers(state, orders, log)
            elif state.phase == "wind":
                state = self._wind_roll(state, log)
            elif state.phase == "strain":
                state = self._strain_rolls(state, log)
            else:
                state = self._end_turn(state, log)
                log.turn = state.turn
            if state.outcome is None:
                state = self._judge(state, log)
        return evolve(state, events=tuple(log.events))

    def _next_phase(self, state: SaltState) -> SaltState:
        return evolve(state, phase=PHASES[PHASES.index(state.phase) + 1])

    # wind ----------------------------------------------------------------------
    def _wind_roll(self, state: SaltState, log: Log) -> SaltState:
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
        log("wind", f"Wind Roll {roll}: {what}; wind from {grid.facing_name(wind.direction)}, "
            f"speed {wind.speed}{self._wind_note(wind.speed)}")
        return self._next_phase(evolve(state, wind=wind, rng=roller.rng))

    def _wind_note(self, speed: int) -> str:
        limits = tables().limits
        if speed <= limits.calm:
            return " (calm)"
        if speed >= limits.gale:
            return " (gale)"
        return ""

    # luck ----------------------------------------------------------------------
    def _resolve_luck(self, state: SaltState, orders: dict[str, Order], log: Log) -> SaltState:
        t = tables()
        roller = Roller(state.rng)
        ships = []
        for ship in state.ships:
            order = orders.get(ship.id)
            if order is None or order.arg != "roll":
                ships.append(evolve(ship, luck=0, luck_die=0))
                continue
            roll = roller.roll("1d6")
            effect = t.luck[roll.total - 1]
            ships.append(evolve(ship, luck_die=roll.total, luck=effect.wind,
                                strain=ship.strain + effect.strain))
            log("luck", f"{label(ship)} Luck Roll {roll}: {effect.text}", ship.id)
        state = evolve(state, ships=tuple(ships), rng=roller.rng)
        for face, shared in sorted(t.shared_luck.items()):
            sides = {s.side for s in state.ships if s.luck_die == face}
            if len(sides) < 2:
                continue
            speed = max(0, state.wind.speed + shared.everyone)
            ships = [evolve(s, luck=shared.rollers) if s.luck_die == face else s
                     for s in state.ships]
            state = evolve(state, ships=tuple(ships), wind=evolve(state.wind, speed=speed))
            change = "drops" if shared.everyone < 0 else "rises"
            log("luck", f"{len(sides)} sides rolled {face}: the wind {change} by "
                f"{abs(shared.everyone)} for everyone (speed {speed}{self._wind_note(speed)})")
        return self._next_phase(state)

    # strain --------------------------------------------------------------------
    def _strain_rolls(self, state: SaltState, log: Log) -> SaltState:
        roller = Roller(state.rng)
        ships = tuple(self.strain_roll(s, roller, log) if s.racing and s.strain > 0 else s
                      for s in state.ships)
        return self._next_phase(evolve(state, ships=ships, rng=roller.rng))

    def strain_roll(self, ship: SaltShip, roller: Roller, log: Log) -> SaltShip:
        """Roll d6 + Strain and apply the Strain Roll table."""
        t = tables()
        roll = roller.roll("1d6")
        total = roll.total + ship.strain
        effect = t.strain_effect(total)
        head = f"{label(ship)} Strain Roll {roll} + Strain {ship.strain} = {total}"
        if effect is None:
            log("strain", f"{head}: no effect ... not yet!", ship.id)
            return ship
        loss = t.limits.speed_loss
        text = effect.text
        if effect.effect == "strain":
            ship = evolve(ship, strain=ship.strain + 1)
        elif effect.effect == "slow":
            ship = evolve(ship, speed_loss=ship.speed_loss + loss)
        elif effect.effect == "crew":
            ship = evolve(ship, crew=max(0, ship.crew - t.limits.crew_loss))
        elif effect.effect == "mast":
            if ship.masts > 1:
                ship = evolve(ship, masts=ship.masts - 1, speed_loss=ship.speed_loss + loss)
                text += f"; {ship.masts} left"
            else:
                ship = evolve(ship, masts=0)
                text += "; no mast left, she drifts"
        elif ship.sinking == 0:
            turns = roller.roll("1d6")
            ship = evolve(ship, sinking=turns.total)
            text += f": {turns} -> sinks in {turns.total} turn{'s' * (turns.total > 1)}"
        else:
            text += f" (already sinking, {ship.sinking} turns left)"
        log("strain", f"{head}: {text}", ship.id)
        return ship

    # movement ------------------------------------------------------------------
    def _resolve_move(self, state: SaltState, orders: dict[str, Order], log: Log) -> SaltState:
        grid = state.grid
        board = state.board
        ships = {s.id: s for s in state.ships}
        plans: dict[str, tuple[int, int]] = {}  # ship -> (direction, cells)
        for ship in state.ships:
            if not ship.racing:
                continue
            order = orders.get(ship.id, Order(ship.id, "hold"))
            points = HELM[f"{order.verb} {order.arg}".strip()]
            if points:
                side = "starboard" if points > 0 else "port"
                ship = evolve(ship, heading=grid.turn(ship.heading, points))
                note = f"{label(ship)} turns {abs(points)} point{'s' * (abs(points) > 1)} to " \
                       f"{side}, now heading {grid.facing_name(ship.heading)}"
                if abs(points) == 2:
                    ship = evolve(ship, strain=ship.strain + 1)
                    note += ": a two-point turn, mark 1 Strain"
                log("helm", note, ship.id)
            move = motion(ship, self.ship_type(ship), grid, state.wind)
            cells, carry = cells_for(ship.carry, move.inches, board.scale)
            ship = evolve(ship, carry=carry, strain=ship.strain + move.strain,
                          last_speed=move.inches, last_motion=f"{move.way.value} ({move.reason})")
            plans[ship.id] = (move.direction, cells)
            text = f"{label(ship)} {move.way.value}: {move.reason}"
            if move.inches:
                text += f" -> {cells} cell{'s' * (cells != 1)}"
            if move.strain:
                text += "; sails set in a gale, mark 1 Strain"
            log("move", text, ship.id)
            ships[ship.id] = ship
        ships, finish = self._step_ships(state, ships, plans, log)
        ticked = tuple(self._tick(ships[s.id], log) for s in state.ships)
        return self._next_phase(evolve(state, ships=ticked, finish_step=finish))

    def _step_ships(self, state: SaltState, ships: dict[str, SaltShip],
                    plans: dict[str, tuple[int, int]], log: Log
                    ) -> tuple[dict[str, SaltShip], tuple[tuple[str, int], ...]]:
        """Move all ships together, one cell at a time, stopping at obstacles.

        In each step every ship with cells left moves one cell, in this turn's order.
        A ship whose next cell holds a ship that has yet to move this step waits for
        it (so ships in line ahead sail on together); a ship still blocked once no
        other ship can move is fouled and loses the rest of her move.
        """
        board, grid, goal = state.board, state.grid, state.goal
        order = [s.id for s in state.ships if s.id in plans]
        if state.turn % 2 == 0:
            order.reverse()
        left = {sid: plans[sid][1] for sid in order}
        start = {sid: ships[sid].cell for sid in order}
        finish: list[tuple[str, int]] = list(state.finish_step)
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
                    occupied = {s.cell for s in ships.values() if s.racing and s.id != sid}
                    nxt = grid.neighbour(ship.cell, plans[sid][0])
                    why = blocked(board, nxt, self.ship_type(ship).shallow, occupied)
                    if why is Block.SHIP:
                        still.append(sid)
                        continue
                    moved = True
                    if why is Block.EDGE and goal.kind is GoalKind.CHASE \
                            and ship.side == goal.quarry and grid.edge_of(nxt) == goal.escape:
                        ships[sid] = evolve(ship, escaped=True)
                        left[sid] = 0
                        log("escape", f"{label(ship)} slips away over the {goal.escape} edge!",
                            sid)
                        continue
                    if why is not None:
                        left[sid] = 0
                        ships[sid] = self._stopped(ship, why, nxt, log)
                        continue
                    ship = evolve(ship, cell=nxt)
                    left[sid] -= 1
                    if goal.kind is GoalKind.RACE:
                        ship = self._rounding(state, ship, step, finish, log)
                        if ship.finished:
                            left[sid] = 0
                    ships[sid] = ship
                waiting = still
            for sid in waiting:
                left[sid] = 0
                ship = ships[sid]
                ships[sid] = self._stopped(ship, Block.SHIP,
                                           grid.neighbour(ship.cell, plans[sid][0]), log)
        for sid in order:
            ship = ships[sid]
            if ship.afloat and not ship.escaped and ship.cell != start[sid]:
                log("pos", f"{label(ship)} ends at {ship.cell}, heading "
                    f"{grid.facing_name(ship.heading)}", sid)
        return ships, tuple(finish)

    def _stopped(self, ship: SaltShip, why: Block, cell: Cell, log: Log) -> SaltShip:
        if why is Block.SHIP:
            log("move", f"{label(ship)} is fouled by a ship at {cell} and stops", ship.id)
            return ship
        if why is Block.EDGE:
            log("move", f"{label(ship)} reaches the edge of the sea and stops", ship.id)
            return ship
        ground = "land" if why is Block.LAND else "a shoal"
        log("aground", f"{label(ship)} touches {ground} at {cell}: stops short, mark 1 Strain",
            ship.id)
        return evolve(ship, strain=ship.strain + 1, carry=0)

    def _rounding(self, state: SaltState, ship: SaltShip, step: int,
                  finish: list[tuple[str, int]], log: Log) -> SaltShip:
        """Round every mark, in course order, that the ship's cell is close enough to."""
        goal = state.goal
        while progress.rounds_next_mark(state, ship.rounded, ship.cell):
            mark = state.board.mark(goal.course[ship.rounded])
            ship = evolve(ship, rounded=ship.rounded + 1)
            if ship.rounded == len(goal.course):
                finish.append((ship.id, step))
                log("finish", f"{label(ship)} rounds the last mark {mark.label} and finishes!",
                    ship.id)
                return evolve(ship, finished=state.turn)
            log("mark", f"{label(ship)} rounds mark {mark.label} "
                f"({ship.rounded}/{len(goal.course)})", ship.id)
        return ship

    # maneuvers -----------------------------------------------------------------
    def _resolve_maneuvers(self, state: SaltState, orders: dict[str, Order],
                           log: Log) -> SaltState:
        roller = Roller(state.rng)
        ships = []
        for ship in state.ships:
            order = orders.get(ship.id)
            ships.append(self._maneuver(ship, order.verb if order else "keep", roller, log))
        return self._next_phase(evolve(state, ships=tuple(ships), rng=roller.rng))

    def _maneuver(self, ship: SaltShip, verb: str, roller: Roller, log: Log) -> SaltShip:
        limits = tables().limits
        name = label(ship)
        if verb == "reef":
            log("sails", f"{name} reefs: half speed from next turn", ship.id)
            return evolve(ship, sails=Sails.REEFED)
        if verb == "unreef":
            log("sails", f"{name} shakes out the reef ({limits.unreef_turns} turn)", ship.id)
            return evolve(ship, change=Change.UNREEF, change_turns=limits.unreef_turns)
        if verb == "furl":
            log("sails", f"{name} furls her sails and is adrift", ship.id)
            return evolve(ship, sails=Sails.FURLED)
        if verb == "set-sail":
            log("sails", f"{name} begins to set sail ({limits.furl_turns} turns)", ship.id)
            return evolve(ship, change=Change.SET_SAIL, change_turns=limits.furl_turns)
        if verb == "anchor":
            if ship.sails is not Sails.FURLED and ship.masts > 0:
                log("anchor", f"{name} lets go the anchor with sails set: an immediate Strain Roll",
                    ship.id)
                ship = self.strain_roll(ship, roller, log)
            log("anchor", f"{name} anchors: the anchor bites in {limits.anchor_turns} turns",
                ship.id)
            return evolve(ship, sails=Sails.ANCHORED, change=Change.ANCHOR,
                          change_turns=limits.anchor_turns)
        if verb == "weigh":
            log("anchor", f"{name} weighs anchor, then sets sail ({limits.weigh_turns} turns)",
                ship.id)
            return evolve(ship, change=Change.WEIGH,
                          change_turns=limits.weigh_turns - limits.furl_turns)
        return ship

    def _tick(self, ship: SaltShip, log: Log) -> SaltShip:
        """A turn passes for a maneuver under way; finish it when its time is up."""
        if ship.change is Change.NONE or not ship.afloat:
            return ship
        left = ship.change_turns - 1
        if left > 0:
            return evolve(ship, change_turns=left)
        name = label(ship)
        if ship.change is Change.UNREEF:
            log("sails", f"{name} has full sail again", ship.id)
            return evolve(ship, sails=Sails.SET, change=Change.NONE, change_turns=0)
        if ship.change is Change.SET_SAIL:
            log("sails", f"{name} has her sails set", ship.id)
            return evolve(ship, sails=Sails.SET, change=Change.NONE, change_turns=0)
        if ship.change is Change.ANCHOR:
            log("anchor", f"{name}'s anchor holds: she is at a stop", ship.id)
            return evolve(ship, change=Change.NONE, change_turns=0)
        log("anchor", f"{name}'s anchor is up; setting sail", ship.id)
        return evolve(ship, sails=Sails.FURLED, change=Change.SET_SAIL,
                      change_turns=tables().limits.furl_turns)

    # end of turn ---------------------------------------------------------------
    def _end_turn(self, state: SaltState, log: Log) -> SaltState:
        ships = []
        for ship in state.ships:
            if ship.afloat and ship.sinking:
                if ship.sinking == 1:
                    log("sinks", f"{label(ship)} founders and sinks!", ship.id)
                    ship = evolve(ship, afloat=False, sinking=0)
                else:
                    ship = evolve(ship, sinking=ship.sinking - 1)
            ships.append(evolve(ship, luck=0, luck_die=0))
        state = evolve(state, ships=tuple(ships))
        if state.outcome is None:
            state = self._judge(state, log)
        if state.outcome is not None:
            return state
        if state.turn >= state.goal.turns:
            return self._turn_limit(state, log)
        return evolve(state, turn=state.turn + 1, phase="wind", finish_step=())

    def _judge(self, state: SaltState, log: Log) -> SaltState:
        outcome = progress.outcome(state)
        if outcome is None:
            return state
        log("over", str(outcome))
        return evolve(state, outcome=outcome)

    def _turn_limit(self, state: SaltState, log: Log) -> SaltState:
        outcome = progress.at_turn_limit(state)
        log("over", str(outcome))
        return evolve(state, outcome=outcome)

    # -- for the UI ------------------------------------------------------------
    def describe(self, state: SaltState, ship_id: str) -> list[Row]:
        ship = state.ship(ship_id)
        stype = self.ship_type(ship)
        grid = state.grid
        from tui_naval.rulesets.salt_n_tar.sailing import bearing_of

        bearing = bearing_of(grid, state.wind, ship.heading)
        rows = [
            Row("Ship", f"{ship.id} {stype.name} ({ship.side})"),
            Row("Heading", f"{grid.facing_name(ship.heading)}, {stype.bearing_name(bearing)} "
                f"(BN {stype.bn(bearing)})"),
            Row("Wind", f"WS {wind_speed_for(ship, state.wind)}"
                + (f" (luck {ship.luck:+d})" if ship.luck_die else "")),
            Row("Last move", f'{ship.last_speed}" {ship.last_motion}' if ship.last_motion else "-"),
            Row("Strain", str(ship.strain), min(1.0, ship.strain / 6)),
            Row("Speed loss", f'{ship.speed_loss}"'),
            Row("Crew", f"{ship.crew}%", ship.crew / 100),
            Row("Masts", f"{ship.masts}/{stype.masts}", ship.masts / stype.masts),
            Row("Sails", ship.sails.value + (f", {ship.change.value} in {ship.change_turns}"
                                             if ship.change is not Change.NONE else "")),
        ]
        if ship.sinking:
            rows.append(Row("SINKING", f"in {ship.sinking} turn{'s' * (ship.sinking > 1)}"))
        if not ship.afloat:
            rows.append(Row("Status", "sunk"))
        elif ship.escaped:
            rows.append(Row("Status", "escaped"))
        if state.goal.kind is GoalKind.RACE:
            n = len(state.goal.course)
            rows.append(Row("Course", f"{ship.rounded}/{n} marks", ship.rounded / n))
        return rows


def way_of(state: SaltState, ship: SaltShip) -> Way:
    """How a ship would make way now (for the UI's look panel)."""
    return motion(ship, tables().ships[ship.kind], state.grid, state.wind).way


RULESET = SaltNTar()
_CHECK: Ruleset[SaltState] = RULESET  # mypy: SaltNTar implements the Ruleset protocol
