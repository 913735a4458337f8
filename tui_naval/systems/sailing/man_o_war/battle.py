"""Man-O-War Advanced Sailing's battle turn, fought with any combat system.

The text is a sailing system only; the base game's turn is not in it.  The turn
here (an adaptation, in help.md): every navy rolls a d6 for the initiative (a tie
of the two counted commanders moves the wind, the text's "Changing Wind
Direction"); then, navy by navy in that order, each ship moves (sail, tack,
row, drift, anchor: ``steps``) and the navy's ships fire ("by the combat system
being used": a ``Combat``); then every ship may change her load, and the turn
ends with the combat system's upkeep.  Any number of navies may fight.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Generic, cast

from attrs import evolve

from tui_naval.core.dice import Rng, Roller
from tui_naval.core.engine import Auto, Decide, Goto, Log, Turn
from tui_naval.core.maps import MapSpec
from tui_naval.core.messages import a_or_an, cut
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Row
from tui_naval.core.scenario import Scenario, ScenarioError
from tui_naval.core.state import Terrain, evolved
from tui_naval.core.validate import limits_problem
from tui_naval.core.values import frozen
from tui_naval.systems.battle import Battle, CombatShip, CombatState, Pairing, S, read_pairings
from tui_naval.systems.handicap import Handicap
from tui_naval.systems.sailing.man_o_war import steps
from tui_naval.systems.sailing.man_o_war.compass import compass_end, point_of, side_of
from tui_naval.systems.sailing.man_o_war.component import MowSail, new_sail, with_handicap
from tui_naval.systems.sailing.man_o_war.declared import INDICATOR, SEAMANSHIP
from tui_naval.systems.sailing.man_o_war.tables import tables as sailing_tables

#: The optional seamanship rules (Elves and Bretonnians), chosen at setup.


@frozen(kw_only=True)
class MowShip(CombatShip):
    """A ship that sails by Man-O-War's Advanced Sailing rules."""

    sail: MowSail


@frozen(kw_only=True)
class MowState(CombatState):
    """A battle under Man-O-War's sailing; ``holder`` is the navy that moves first."""

    ships: tuple[MowShip, ...]
    #: The navies in the order they move and fire this turn.
    order: tuple[str, ...] = ()
    #: The two navies whose tied initiative rolls move the wind.
    commanders: tuple[str, str] = ("", "")
    #: The optional seamanship rules are in play.
    seamanship: bool = False

    def ship(self, ship_id: str) -> MowShip:
        return cast(MowShip, super().ship(ship_id))


def mow_pairings(package: str, gunnery_classes: Any) -> dict[str, Pairing]:
    """A Man-O-War pairing's ship classes (``battle.read_pairings`` on its templates)."""
    return read_pairings(package, sailing_tables().ships, gunnery_classes)


class MowBattle(Battle[S], Generic[S]):
    """Man-O-War Advanced Sailing's battle turn for a pairing with a combat system."""

    def rigged(self, sail: MowSail, handicap: Handicap) -> MowSail:
        return with_handicap(sail, handicap)

    def new_sail(self, kind: str) -> MowSail:
        return new_sail(self.classes[kind].sailing)

    def unplayable(self, spec: MapSpec) -> str | None:
        return steps.enters_problem(spec) or steps.indicator_problem(spec)

    # -- setup --------------------------------------------------------------------------
    def setup(self, scenario: Scenario) -> S:
        spec = scenario.map
        reason = self.unplayable(spec)
        if reason:
            raise ScenarioError(f"map {spec.name}: {reason}")
        board = spec.board(scenario.grid)
        roller = Roller(Rng.from_seed(scenario.seed))
        log = Log(1)
        wind = steps.initial_wind(spec, board.grid, roller, log,
                                  scenario.option(INDICATOR.key, INDICATOR.default))
        ships = tuple(self.synced(ship) for ship in self.make_ships(scenario))
        seamanship = scenario.option(SEAMANSHIP.key) == "on"
        make: Any = self.state_type
        state: S = make(ruleset=self.name, board=board, goal=spec.goal,
                        sides=spec.sides, wind=wind, rng=roller.rng, ships=ships,
                        commanders=steps.commanders(spec), seamanship=seamanship)
        fleets = "; ".join(
            f"{side} ({', '.join(f'{s.id} {s.name}' for s in ships if s.side == side)})"
            for side in spec.sides)
        rules = "; optional seamanship rules" if seamanship else ""
        note = f"; {self.combat.note}" if self.combat.note else ""
        log("game", f"a battle of {spec.goal.turns} turns: {fleets}{rules}{note}")
        return self.begin(state, log)

    # -- the turn -----------------------------------------------------------------------
    @cached_property
    def turn(self) -> Turn[S]:  # type: ignore[override]
        return Turn(
            steps=(
                Auto("initiative", self._initiative),
                Decide("move", self._mover, answer=self._move),
                Decide("fire", self._firer, answer=self.fire_one, close=self._next_navy),
                Decide("ammo", self.combat.ammo_decision, close=self.reload_all),
                Auto("end", self._end),
            ),
            judge=self.judge,
            at_limit=self.judge_at_limit,
        )

    def _initiative(self, state: S, log: Log) -> S:
        mow = cast(MowState, state)
        roller = Roller(state.rng)
        order, wind = steps.initiative(state.sides, mow.commanders, state.grid, state.wind,
                                       roller, log)
        return evolved(state, order=order, holder=order[0], group=0, wind=wind,
                       rng=roller.rng)

    def navy(self, state: S) -> str:
        """The navy moving and firing now."""
        return cast(MowState, state).order[state.group]

    def _mover(self, state: S) -> Decision | None:
        done = {order.ship for order in state.acted}
        side = self.navy(state)
        for ship in state.ships:
            if ship.side != side or ship.id in done or not self.in_play(ship):
                continue
            return Decision(side, "move", ship.id, self.move_prompt(state, ship),
                            self.move_options(state, ship))
        return None

    def move_options(self, state: S, ship: CombatShip) -> tuple[Order, ...]:
        return steps.move_options(ship, state.grid, state.wind,
                                  cast(MowState, state).seamanship)

    def move_prompt(self, state: S, ship: CombatShip) -> str:
        grid, wind = state.grid, state.wind
        point = point_of(grid, wind, ship.heading, ship.course)
        sail: MowSail = ship.sail
        if sail.anchored:
            return f"{ship.id} {ship.name}: at anchor; turn up to 90 degrees, keep or raise"
        if steps.in_irons(ship, grid, wind):
            return (f"{ship.id} {ship.name}: In Irons (head to wind); roll to recover, "
                    "wait, or drop anchor")
        where = steps.bearing_words(grid, ship.heading, ship.course)
        return (f"{ship.id} {ship.name}: move ({where}, {point.words}, wind from "
                f"{wind.name(grid)})")

    def _move(self, state: S, order: Order, log: Log) -> S:
        ship = state.ship(order.ship)  # the engine has checked the order is one offered
        taken = steps.taken(state.ships, ship)
        roller = Roller(state.rng)
        moved = steps.move(state.board, state.wind, ship, order, taken, roller,
                           cast(MowState, state).seamanship, log)
        return evolve(state.with_ship(moved), rng=roller.rng)

    def _firer(self, state: S) -> Decision | None:
        side = self.navy(state)
        firing = [s for s in state.ships if s.side == side]
        return self.combat.fire_decision(state, firing, False)

    def _next_navy(self, state: S, held: tuple[Order, ...], log: Log) -> S | Goto[S]:
        if state.group + 1 < len(cast(MowState, state).order):
            return Goto(evolved(state, group=state.group + 1), "move")
        return evolved(state, group=0)

    def _end(self, state: S, log: Log) -> S:
        roller = Roller(state.rng)
        ships = tuple(self.upkeep(s, roller, log) if s.afloat else s for s in state.ships)
        return evolved(state, ships=ships, rng=roller.rng)

    # -- for the UI ---------------------------------------------------------------------
    def initiative_text(self, state: S) -> str:
        order = cast(MowState, state).order
        if not order or state.phase == "initiative":
            return "to be rolled this turn"
        return f"{', '.join(order)} (moving: {self.navy(state)})"

    def describe(self, state: S, ship_id: str) -> list[Row]:
        ship = state.ship(ship_id)
        pair = self.classes[ship.kind]
        sail: MowSail = ship.sail
        t = sail.template
        grid, wind = state.grid, state.wind
        seamanship = cast(MowState, state).seamanship
        point, inches = steps.sail_available(sail, grid, wind, ship.heading, seamanship,
                                             ship.course)
        side = side_of(grid, wind, ship.heading)
        rows = [
            Row("Ship", f"{ship.id} {ship.name} ("
                + (f"{pair.name}, " if ship.name != pair.name else "") + f"{ship.side})"),
            Row("Class", f"sails as {a_or_an(t.name)}, fights as "
                f"{a_or_an(self.combat.class_name(ship))}"),
            Row("Heading", f"{grid.facing_name(ship.heading)}"
                + (f" (course {ship.course:.0f} degrees)" if ship.course is not None else "")
                + f"; wind from {wind.name(grid)}"
                + (f" over her {side} side" if side else "")),
            Row("Sail point", f"{point.value}, {point.words} (compass at the "
                f"{compass_end(grid, wind, ship.heading)})"),
            Row("Speed", f'{inches}" under sail (best {t.full}"'
                + (f', {sail.rig}% of her sail' if sail.rig < 100 else "") + ")"
                + (f'; oars {t.oars}"' if t.oars else "")),
            Row("Masts", f"{sail.masts}/{t.masts}", sail.masts / t.masts),
            Row("Last move", sail.last_motion or "-"),
            Row("Anchor", "anchored" if sail.anchored else "weighed"),
            Row("Initiative", self.initiative_text(state)),
            *self.combat.rows(state, ship),
        ]
        status = self.combat.status(ship)
        if not ship.afloat:
            rows.append(Row("Status", "sunk"))
        elif status:
            rows.append(Row("Status", status))
        elif sail.adrift:
            rows.append(Row("Status", f"adrift: {sail.adrift}"))
        return rows


def mow_problem(state: MowState, sails_as: Any) -> str | None:
    """Why a Man-O-War battle state is out of range (its initiative, each ship's sail,
    ships aground or sharing a cell), or None.  ``sails_as(kind)``: a class's template."""
    if state.order and sorted(state.order) != sorted(state.sides):
        return "its initiative order is not its sides"
    if not 0 <= state.group < max(1, len(state.order)):
        return "the navy moving is none of its sides"
    if state.commanders[0] not in state.sides or state.commanders[1] not in state.sides:
        return "its commanders are not its sides"
    board = state.board
    occupied: set[object] = set()
    for ship in state.ships:
        sail, where = ship.sail, f"ship {cut(ship.id)}"
        if sail.type != sails_as(ship.kind):
            return f"{where} sails as {cut(sail.type)}, not as her class does"
        t = sail.template
        problem = limits_problem(sail, {
            "masts": (0, t.masts), "masts_shot": (0, t.masts), "rig": (0, 100),
            "carry": (0, board.scale * 2 - 1)}, where)
        if problem:
            return problem
        if ship.afloat:
            terrain = board.terrain_at(ship.cell)
            if terrain is Terrain.LAND or (terrain is Terrain.SHOAL and not t.shallow):
                return f"{where} is aground at sea"
            if ship.cell in occupied:
                return f"{where} shares her cell with another ship"
            occupied.add(ship.cell)
    return None
