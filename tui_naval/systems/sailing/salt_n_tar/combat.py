"""Salt'n'Tar's Game Turn in Naval Combat, fought with any combat system.

The rulebook's combat turn: the Wind Roll (from turn 2), luck, Strain Rolls,
initiative ("if some kind of initiative system is being used"), the first half
move (the side without the initiative first, then the holder; on a tie or
without initiative all together), missile attacks (in the order of initiative),
the reloading the combat system asks for, the second half move (a second change
of direction in a turn marks Strain), "ramming, boarding and any kind of other
actions allowed by the combat system being used", and the optional maneuvers;
then the end of the turn (foundering, and the combat system's own upkeep).

Its combat is "by the combat system being used": a ``Combat`` (a gunnery
system's part, ``systems.battle``) fires the missiles, reloads and judges who
is still fighting, and tells the sailing what its damage does (a ``Handicap``).
The initiative is an ``Initiative`` or none.  A ruleset that pairs them is a
``SaltCombat`` with its names, its ship classes and how to build its ships.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from functools import cached_property
from typing import Any, Generic

from attrs import evolve

from tui_naval.core.dice import Rng, Roller
from tui_naval.core.engine import Auto, Decide, Goto, Log, Turn
from tui_naval.core.maps import MapSpec
from tui_naval.core.messages import a_or_an
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Part, Row
from tui_naval.core.scenario import Scenario
from tui_naval.core.state import evolved
from tui_naval.systems.battle import (
    Battle,
    CombatShip,
    CombatState,
    Initiative,
    Pairing,
    S,
    Simultaneous,
    by_ship,
    enemy,
    read_pairings,
)
from tui_naval.systems.handicap import Handicap
from tui_naval.systems.sailing.salt_n_tar import steps
from tui_naval.systems.sailing.salt_n_tar.component import (
    Change,
    SaltSail,
    label,
    new_sail,
    sailing_wear,
    sailing_worn,
    strain_cost,
    with_handicap,
)
from tui_naval.systems.sailing.salt_n_tar.motion import bearing_of, motion, wind_speed_for
from tui_naval.systems.sailing.salt_n_tar.tables import tables as sailing_tables


def salt_pairings(package: str, gunnery_classes: Container[str]) -> dict[str, Pairing]:
    """A Salt'n'Tar pairing's ship classes (``battle.read_pairings`` on its types)."""
    return read_pairings(package, sailing_tables().ships, gunnery_classes)


class SaltCombat(Battle[S], Generic[S]):
    """Salt'n'Tar's combat turn for a pairing: its combat system, its initiative."""

    initiative: Initiative

    def rigged(self, sail: SaltSail, handicap: Handicap) -> SaltSail:
        return with_handicap(sail, handicap)

    def sail_wear(self, sail: SaltSail) -> tuple[Part, ...]:
        """Salt'n'Tar's masts, crew and Strain.  The combat system holds the crew, and with
        Kyngesreach the masts; Ships & Sails brings down no mast, so with it the masts are
        these (broken by Strain Rolls)."""
        return sailing_wear(sail)

    def sail_worn(self, sail: SaltSail, have: Mapping[str, int]) -> SaltSail:
        return sailing_worn(sail, have)

    def standing_value(self, ship: CombatShip) -> float:
        """Her strength less the price of her Strain (the helm advisor's): a search that
        weighs orders by the standing then sees what a second change of direction puts at
        risk, as the strength alone shows only once a Strain Roll has struck."""
        worth = super().standing_value(ship)
        return max(0.0, worth - strain_cost(0, ship.sail.strain)) if worth else 0.0

    def unplayable(self, spec: MapSpec) -> str | None:
        """The combat turn's initiative and judging are between two sides."""
        if len(spec.sides) != 2:
            return (f"{self.title} is fought between two sides; map {spec.name} "
                    f"has {len(spec.sides)} ({', '.join(spec.sides)})")
        return None

    def crew_carried(self, before: CombatShip, after: CombatShip) -> CombatShip:
        """After a Salt'n'Tar step: crew it lost (deck's awash) comes off the fighting crew."""
        lost = before.sail.crew - after.sail.crew
        if lost <= 0:
            return after
        return self.synced(self.combat.crew_lost(after, lost))

    # -- setup --------------------------------------------------------------------------
    def setup(self, scenario: Scenario) -> S:
        spec = scenario.map
        reason = self.unplayable(spec)
        if reason:
            from tui_naval.core.scenario import ScenarioError

            raise ScenarioError(reason)
        board = spec.board(scenario.grid)
        roller = Roller(Rng.from_seed(scenario.seed))
        log = Log(1)
        wind = steps.initial_wind(board.grid, spec.wind, roller, log)
        ships = tuple(self.synced(ship) for ship in self.make_ships(scenario))
        state = self.state_type(ruleset=self.name, board=board, goal=spec.goal,
                                sides=spec.sides, wind=wind, rng=roller.rng, ships=ships)
        a, b = spec.sides
        note = f"; {self.combat.note}" if self.combat.note else ""
        log("game", f"a battle of {spec.goal.turns} turns: {self._fleet(state, a)} against "
            f"{self._fleet(state, b)}{note}")
        return self.begin(state, log)

    def new_sail(self, kind: str) -> SaltSail:
        return new_sail(self.classes[kind].sailing)

    def _fleet(self, state: CombatState, side: str) -> str:
        return f"{side} ({', '.join(label(s) for s in state.ships if s.side == side)})"

    # -- the turn -----------------------------------------------------------------------
    @cached_property
    def turn(self) -> Turn[S]:  # type: ignore[override]
        """The combat turn, built once from the pairing's parts."""
        return Turn(
            steps=(
                Auto("wind", steps.wind_roll, when=lambda s: s.turn > 1),
                Decide("luck", self._plotted(lambda state, ship: steps.luck_decision(ship)),
                       close=lambda state, held, log: steps.resolve_luck(
                           state, by_ship(held), log)),
                Auto("strain", self._strain),
                Decide("initiative", self.initiative.decision, close=self.initiative.resolve),
                Decide("first-half", self._helm, close=self._half_move),
                Decide("missile", self._fire_decision, answer=self.fire_one,
                       close=self._fire_together),
                Decide("ammo", self.combat.ammo_decision, close=self.reload_all),
                Decide("second-half", self._helm, close=self._half_move),
                Decide("maneuver",
                       self._plotted(lambda state, ship: steps.maneuver_decision(ship)),
                       close=self._maneuvers),
                Auto("end", self._end),
            ),
            judge=self.judge,
            at_limit=self.judge_at_limit,
        )

    def _plotted(self, make: Any) -> Any:
        """A plotted phase's ``ask`` over the ships in play, by side then map order."""

        def ask(state: S) -> Decision | None:
            done = {order.ship for order in state.plotted}
            for side in state.sides:
                for ship in state.ships:
                    if ship.side == side and ship.id not in done and self.in_play(ship):
                        decision: Decision = make(state, ship)
                        return decision
            return None

        return ask

    def _strain(self, state: S, log: Log) -> S:
        return steps.strain_rolls(state, log, self.in_play, self.crew_carried)

    def move_groups(self, state: CombatState) -> list[tuple[str, ...]]:
        """Who moves in turn in a half move: the side without the initiative, then the holder."""
        if not state.holder:
            return [state.sides]
        return [(enemy(state, state.holder),), (state.holder,)]

    def _helm(self, state: S) -> Decision | None:
        group = self.move_groups(state)[state.group]
        done = {order.ship for order in state.plotted}
        for side in state.sides:
            if side not in group:
                continue
            for ship in state.ships:
                if ship.side != side or ship.id in done or not self.in_play(ship):
                    continue
                return Decision(ship.side, "move", ship.id, self._helm_prompt(state, ship),
                                self.helm_options(state, ship), plotted=True)
        return None

    def helm_options(self, state: CombatState, ship: CombatShip) -> tuple[Order, ...]:
        if not self.in_play(ship):
            return (Order(ship.id, "hold"),)
        return steps.half_helm_options(state, ship)

    def _helm_prompt(self, state: CombatState, ship: CombatShip) -> str:
        half = "first" if state.phase == "first-half" else "second"
        text = f"{label(ship)}: helm for the {half} half move (one point at most)"
        if ship.sail.turns_made and ship.sail.helm > 1:
            text += "; a second change of direction this turn marks 1 Strain"
        return text

    def half_move(self, state: S, orders: Mapping[str, Order], half: int, log: Log,
                  **changes: Any) -> S:
        """The ships given ``orders`` sail half move ``half`` (1: first, 2: second); the
        state's other ``changes`` are made with it."""
        return steps.half_move(state, orders, half, log, **changes)

    def _half_move(self, state: S, held: tuple[Order, ...], log: Log) -> S | Goto[S]:
        half = 1 if state.phase == "first-half" else 2
        #: The group that moves next: the half move again for the next group, or done.
        group = state.group + 1 if state.group + 1 < len(self.move_groups(state)) else 0
        state = self.half_move(state, by_ship(held), half, log, group=group)
        if group:
            return Goto(state, state.phase)
        if half == 1:
            return state
        # a turn has passed for maneuvers under way (Salt'n'Tar ticks them after moving)
        ships = tuple(steps.tick(s, log) for s in state.ships)
        if all(a is b for a, b in zip(ships, state.ships, strict=True)):
            return state
        return evolved(state, ships=ships)

    def firing_order(self, state: CombatState) -> list[CombatShip]:
        """The initiative holder's ships first (map order), then the other side's."""
        if not state.holder:
            return list(state.ships)
        return sorted(state.ships, key=lambda s: s.side != state.holder)

    def _fire_decision(self, state: S) -> Decision | None:
        return self.combat.fire_decision(state, self.firing_order(state), not state.holder)

    def _fire_together(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        if state.holder:
            return state
        return self.fire_all(state, held, log)

    def _maneuvers(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        return steps.maneuvers(state, by_ship(held), log, self.crew_carried)

    def _end(self, state: S, log: Log) -> S:
        roller = Roller(state.rng)
        ships = []
        for ship in state.ships:
            if ship.afloat and ship.sail.sinking:
                ship = steps.founder(ship, log)
                if not ship.afloat:
                    ship = self.synced(self.combat.scuttled(ship))
            if ship.afloat:
                ship = self.upkeep(ship, roller, log)
            sail = steps.new_turn(ship.sail)
            ships.append(ship if sail is ship.sail else evolve(ship, sail=sail))
        return evolved(state, ships=tuple(ships), rng=roller.rng)

    # -- for the UI ---------------------------------------------------------------------
    def initiative_text(self, state: CombatState) -> str:
        if isinstance(self.initiative, Simultaneous):
            return "none: all move and fire together"
        if self.turn.index(state.phase) < self.turn.index("first-half"):
            return "to be contested this turn"
        if not state.holder:
            return "none (a tie): all move and fire together"
        return f"{state.holder}: moves last, fires first"

    def describe(self, state: S, ship_id: str) -> list[Row]:
        ship = state.ship(ship_id)
        pair = self.classes[ship.kind]
        sail = ship.sail
        stype = sail.stype
        grid = state.grid
        bearing = bearing_of(grid, state.wind, ship.heading)
        move = motion(sail, grid, state.wind, ship.heading)
        rows = [
            Row("Ship", f"{ship.id} {ship.name} ("
                + (f"{pair.name}, " if ship.name != pair.name else "") + f"{ship.side})"),
            Row("Class", f"sails as {a_or_an(stype.name)}, fights as "
                f"{a_or_an(self.combat.class_name(ship))}"),
            Row("Heading", f"{grid.facing_name(ship.heading)}, {stype.bearing_name(bearing)} "
                f"(BN {stype.bn(bearing)})"),
            Row("Wind", f"WS {wind_speed_for(sail, state.wind)}"
                + (f" (luck {sail.luck:+d})" if sail.luck_die else "")),
            Row("Speed", f'{move.inches}" a turn ({move.inches // 2}" + '
                f'{move.inches - move.inches // 2}"): {move.way.value}, {move.reason}'),
            Row("Last move", f'{sail.last_speed}" {sail.last_motion}' if sail.last_motion
                else "-"),
            Row("Strain", str(sail.strain), min(1.0, sail.strain / 6)),
            Row("Next roll", steps.strain_outlook(sail.strain)),
            Row("Speed loss", f'{sail.speed_loss}" ({sail.damage_loss}" from damage)'),
            Row("Sails", sail.sails.value + (f", {sail.change.value} in {sail.change_turns}"
                                             if sail.change is not Change.NONE else "")),
            Row("Helm", f"{sail.turns_made} change{'s' * (sail.turns_made != 1)} of direction "
                f"this turn, {sail.helm} allowed"),
            Row("Initiative", self.initiative_text(state)),
            *self.combat.rows(state, ship),
        ]
        status = self.combat.status(ship)
        if not ship.afloat:
            rows.append(Row("Status", "sunk"))
        elif sail.sinking:
            rows.append(Row("SINKING", f"in {sail.sinking} turn{'s' * (sail.sinking > 1)}"))
        elif status:
            rows.append(Row("Status", status))
        elif sail.sails.value != "set":
            rows.append(Row("Status", f"sails {sail.sails.value}"))
        return rows
