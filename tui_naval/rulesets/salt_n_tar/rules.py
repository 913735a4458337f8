"""Salt'n'Tar: the Racing and Chasing game turn.

A turn (the rulebook's "Game Turn when Racing and Chasing", with its optional
maneuvers): wind (the Wind Roll, from turn 2), luck (each ship may roll), strain
(ships with Strain must roll), move (each ship's helm, then all move together),
maneuver (reef, furl, anchor and their reverse), end (sinking ships founder).
The sailing is the Salt'n'Tar sailing system's; the goal is a race or a chase.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from attrs import evolve

from tui_naval.core.dice import Rng, Roller
from tui_naval.core.engine import Auto, Decide, Log, Turn
from tui_naval.core.grid import Cell
from tui_naval.core.messages import cut
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Departure, Part, Row, Ruleset, RulesetBase, ShipClass
from tui_naval.core.scenario import Scenario
from tui_naval.core.state import GoalKind, ShipBase
from tui_naval.rulesets.salt_n_tar import INFO
from tui_naval.rulesets.salt_n_tar.state import SaltShip, SaltState
from tui_naval.systems.goals import course
from tui_naval.systems.sailing.salt_n_tar import steps
from tui_naval.systems.sailing.salt_n_tar.component import (
    Change,
    label,
    new_sail,
    sailing_problem,
    sailing_wear,
    sailing_worn,
)
from tui_naval.systems.sailing.salt_n_tar.motion import bearing_of, wind_speed_for
from tui_naval.systems.sailing.salt_n_tar.tables import tables


def _plotted(make: Callable[[SaltState, SaltShip], Decision]
             ) -> Callable[[SaltState], Decision | None]:
    """A plotted phase's ``ask``: the next ship at sea still to answer (by side, then map
    order), by ``make``."""

    def ask(state: SaltState) -> Decision | None:
        done = {order.ship for order in state.plotted}
        for side in state.sides:
            for ship in state.ships:
                if ship.side == side and ship.id not in done and ship.at_sea:
                    return make(state, ship)
        return None

    return ask


def _by_ship(held: tuple[Order, ...]) -> dict[str, Order]:
    return {order.ship: order for order in held}


def _helm(state: SaltState, ship: SaltShip) -> Decision:
    return Decision(ship.side, "move", ship.id, f"{label(ship)}: helm orders",
                    steps.helm_options(state, ship), plotted=True)


def _move(state: SaltState, held: tuple[Order, ...], log: Log) -> SaltState:
    finishes: list[tuple[str, int]] = []
    moved = steps.full_move(state, _by_ship(held), log, course.SeaCourse(finishes))
    if not finishes and not moved.finish_step:
        return moved
    return evolve(moved, finish_step=tuple(finishes))


def _end(state: SaltState, log: Log) -> SaltState:
    ships = tuple(_new_turn(steps.founder(ship, log)) for ship in state.ships)
    if all(a is b for a, b in zip(ships, state.ships, strict=True)):
        return state
    return evolve(state, ships=ships)


def _new_turn(ship: SaltShip) -> SaltShip:
    sail = steps.new_turn(ship.sail)
    return ship if sail is ship.sail else evolve(ship, sail=sail)


TURN: Turn[SaltState] = Turn(
    steps=(
        Auto("wind", steps.wind_roll, when=lambda s: s.turn > 1),
        Decide("luck", _plotted(lambda state, ship: steps.luck_decision(ship)),
               close=lambda state, held, log: steps.resolve_luck(state, _by_ship(held), log)),
        Auto("strain", lambda state, log: steps.strain_rolls(state, log, lambda s: s.at_sea)),
        Decide("move", _plotted(_helm), close=_move),
        Decide("maneuver", _plotted(lambda state, ship: steps.maneuver_decision(ship)),
               close=lambda state, held, log: steps.maneuvers(state, _by_ship(held), log)),
        Auto("end", _end),
    ),
    judge=course.judge,
    at_limit=course.at_limit,
)


class SaltNTar(RulesetBase[SaltState]):
    """The Salt'n'Tar ruleset (races and chases)."""

    info = INFO
    goals = (GoalKind.RACE, GoalKind.CHASE)
    state_type = SaltState
    turn = TURN
    #: A turn into the wind or a luck roll pays turns later: the search plays two turns
    #: on (scored at the turn's end it won 97 of 200 races against greedy; docs/strength.md).
    search_horizon = 2

    def ship_classes(self) -> Mapping[str, ShipClass]:
        return {k: ShipClass(k, t.name, t.about) for k, t in tables().ships.items()}

    def invalid(self, state: SaltState) -> str | None:
        """The common checks, the sails and the ships at sea, and their progress."""
        problem = super().invalid(state) or sailing_problem(state, state.ships, lambda k: k)
        if problem:
            return problem
        goal = state.goal
        for ship in state.ships:
            progress = ship.progress
            if not (0 <= progress.rounded <= len(goal.course)
                    and 0 <= progress.finished <= goal.turns):
                return f"ship {cut(ship.id)}'s progress round the course is out of range"
            if progress.escaped and not (goal.kind == GoalKind.CHASE
                                         and ship.side == goal.quarry):
                return f"ship {cut(ship.id)} escaped, but is no quarry of a chase"
        ids = {ship.id for ship in state.ships}
        for ship_id, step in state.finish_step:
            if ship_id not in ids or not 0 <= step <= 999:
                return f"a finish names no ship or no step ({cut(ship_id)}, {cut(step)})"
        return None

    def setup(self, scenario: Scenario) -> SaltState:
        spec = scenario.map
        board = spec.board(scenario.grid)
        grid = board.grid
        roller = Roller(Rng.from_seed(scenario.seed))
        log = Log(1)
        wind = steps.initial_wind(grid, spec.wind, roller, log)
        ships = tuple(
            SaltShip(id=slot.id, side=slot.side, kind=slot.kind,
                     name=tables().ships[slot.kind].name, cell=slot.cell,
                     heading=grid.parse_facing(slot.facing), sail=new_sail(slot.kind))
            for slot in scenario.ships
        )
        log("game", spec.goal.describe())
        state = SaltState(ruleset=self.name, board=board, goal=spec.goal, sides=spec.sides,
                          wind=wind, rng=roller.rng, ships=ships)
        return self.begin(state, log)

    def standing(self, state: SaltState, side: str) -> float:
        """Race: how much nearer the finish the side's best ship is than the others' best
        (each mark of Strain counted as ``STRAIN_CELLS`` more to sail, a sinking ship as
        out of the race).
        Chase: the quarry's lead over the hunters against its distance to the escape edge."""
        if state.goal.kind is GoalKind.CHASE:
            lead = _chase_lead(state)
            return lead if side == state.goal.quarry else -lead
        left = {s: min((_race_left(state, ship) for ship in state.ships
                        if ship.side == s and course.in_race(ship)), default=course.UNREACHABLE)
                for s in state.sides}
        ours = left[side]
        theirs = min(v for s, v in left.items() if s != side)
        return (theirs - ours) / (theirs + ours + 1)

    def departure(self, state: SaltState, ship: ShipBase) -> Departure | None:
        """Sunk, escaped or finished (the course's reading of her progress)."""
        if not isinstance(ship, SaltShip):
            return super().departure(state, ship)
        return course.departure(ship)

    def wear(self, ship: SaltShip) -> tuple[Part, ...]:
        """Her masts, crew and Strain (the sailing system's)."""
        return sailing_wear(ship.sail)

    def worn(self, ship: SaltShip, have: Mapping[str, int]) -> SaltShip:
        return evolve(ship, sail=sailing_worn(ship.sail, have))

    def describe(self, state: SaltState, ship_id: str) -> list[Row]:
        ship = state.ship(ship_id)
        sail = ship.sail
        stype = sail.stype
        grid = state.grid
        bearing = bearing_of(grid, state.wind, ship.heading)
        rows = [
            Row("Ship", f"{ship.id} {stype.name} ({ship.side})"),
            Row("Heading", f"{grid.facing_name(ship.heading)}, {stype.bearing_name(bearing)} "
                f"(BN {stype.bn(bearing)})"),
            Row("Wind", f"WS {wind_speed_for(sail, state.wind)}"
                + (f" (luck {sail.luck:+d})" if sail.luck_die else "")),
            Row("Last move", f'{sail.last_speed}" {sail.last_motion}' if sail.last_motion
                else "-"),
            Row("Strain", str(sail.strain), min(1.0, sail.strain / 6)),
            Row("Next roll", steps.strain_outlook(sail.strain)),
            Row("Speed loss", f'{sail.speed_loss}"'),
            Row("Crew", f"{sail.crew}%", sail.crew / 100),
            Row("Masts", f"{sail.masts}/{stype.masts}", sail.masts / stype.masts),
            Row("Sails", sail.sails.value + (f", {sail.change.value} in {sail.change_turns}"
                                             if sail.change is not Change.NONE else "")),
        ]
        if sail.sinking:
            rows.append(Row("SINKING", f"in {sail.sinking} turn{'s' * (sail.sinking > 1)}"))
        if not ship.afloat:
            rows.append(Row("Status", "sunk"))
        elif ship.progress.escaped:
            rows.append(Row("Status", "escaped"))
        if state.goal.kind is GoalKind.RACE:
            n = len(state.goal.course)
            rounded = ship.progress.rounded
            rows.append(Row("Course", f"{rounded}/{n} marks", rounded / n))
        return rows


#: What one mark of Strain costs a racer, in cells still to sail (the advisor's price:
#: each mark raises every later Strain Roll's odds of slowing, crippling or sinking her).
STRAIN_CELLS = 10


def _race_left(state: SaltState, ship: SaltShip) -> int:
    """Cells still to sail, with her Strain's price; out of the race if she is sinking."""
    if ship.sail.sinking:
        return course.UNREACHABLE
    return course.course_left(state, ship) + STRAIN_CELLS * ship.sail.strain


def _chase_lead(state: SaltState) -> float:
    """The quarry's lead: how much further the nearest hunter is than the escape edge."""
    goal, grid = state.goal, state.grid
    quarry = [s for s in state.ships if s.side == goal.quarry and course.in_race(s)]
    hunters = [s for s in state.ships if s.side != goal.quarry and course.in_race(s)]
    if not quarry or not hunters:
        return 1.0 if quarry else -1.0

    def edge(cell: Cell) -> int:
        """Steps to the escape edge."""
        return {"N": cell.row + 1, "S": grid.height - cell.row, "W": cell.col + 1,
                "E": grid.width - cell.col}[goal.escape]

    ship = min(quarry, key=lambda s: edge(s.cell))
    gap = min(grid.distance(ship.cell, h.cell) for h in hunters) - goal.catch
    away = edge(ship.cell)
    return (gap - away) / (gap + away + 1)


RULESET = SaltNTar()
_CHECK: Ruleset[SaltState] = RULESET  # mypy: SaltNTar implements the Ruleset protocol
