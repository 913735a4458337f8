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
system's part for this turn) fires the missiles, reloads and judges who is
still fighting, and tells the sailing what its damage does (a ``Handicap``).
The initiative is an ``Initiative`` or none.  A ruleset that pairs them is a
``SaltCombat`` with its names, its ship classes and how to build its ships.
"""

from __future__ import annotations

import tomllib
from collections.abc import Container, Mapping
from functools import cached_property
from typing import Any, Generic, Protocol, TypeVar, cast

from attrs import evolve, frozen

from tui_naval.core.dice import Rng, Roller
from tui_naval.core.engine import Auto, Decide, Goto, Log, Turn
from tui_naval.core.maps import MapSpec
from tui_naval.core.orders import Decision, Order
from tui_naval.core.package_data import read_package_text
from tui_naval.core.ruleset import Row, RulesetBase, ShipClass
from tui_naval.core.scenario import Scenario
from tui_naval.core.state import GoalKind, Outcome, ShipBase, WindState, evolved
from tui_naval.systems.handicap import Handicap
from tui_naval.systems.sailing.salt_n_tar import steps
from tui_naval.systems.sailing.salt_n_tar.component import (
    Change,
    SaltSail,
    label,
    new_sail,
    with_handicap,
)
from tui_naval.systems.sailing.salt_n_tar.motion import bearing_of, motion, wind_speed_for
from tui_naval.systems.sailing.salt_n_tar.tables import tables as sailing_tables


@frozen(kw_only=True)
class CombatShip(ShipBase):
    """A ship that sails by Salt'n'Tar and fights by a combat system: ``gunnery`` is the
    combat system's component (each pairing's ship class narrows its type)."""

    sail: SaltSail
    gunnery: Any

    @property
    def at_sea(self) -> bool:
        return self.afloat


@frozen(kw_only=True)
class CombatState(WindState):
    """A battle fought by Salt'n'Tar's combat turn."""

    ships: tuple[CombatShip, ...]
    #: The side holding the initiative this turn; "" for a tie or no initiative.
    holder: str = ""
    #: Each side's Weather Sense modifier from turn 1 (the wind gauge): (side, modifier).
    weather: tuple[tuple[str, int], ...] = ()
    #: In a half move with initiative: 0 while the side without it moves, 1 the holder.
    group: int = 0

    def ship(self, ship_id: str) -> CombatShip:
        return cast(CombatShip, super().ship(ship_id))


S = TypeVar("S", bound=CombatState)


class Combat(Protocol):
    """What a combat system does in Salt'n'Tar's combat turn."""

    #: The setup's word on what the combat system does not play ("" for nothing).
    note: str
    #: How a ship leaves the action, for the judge ("sunk, sinking or struck").
    out_of_action: str

    def fighting(self, ship: CombatShip) -> bool:
        """Still in action (not sunk, sinking or struck)."""
        ...

    def handicap(self, ship: CombatShip) -> Handicap:
        """What her damage does to her sailing."""
        ...

    def crew_lost(self, ship: CombatShip, percent: int) -> CombatShip:
        """The ship after Salt'n'Tar took ``percent`` of her crew (deck's awash)."""
        ...

    def scuttled(self, ship: CombatShip) -> CombatShip:
        """The ship, foundered from Strain, as the combat system counts a sunk ship."""
        ...

    def fire_decision(self, state: CombatState, firing: list[CombatShip],
                      together: bool) -> Decision | None:
        """The next missile decision, the ships in ``firing`` order; ``together``: plotted."""
        ...

    def fire(self, state: S, order: Order, log: Log) -> S:
        """One missile order, its hits falling at once (the initiative's order)."""
        ...

    def fire_together(self, state: S, orders: tuple[Order, ...], log: Log) -> S:
        """Every plotted missile order at once (no initiative)."""
        ...

    def ammo_decision(self, state: CombatState) -> Decision | None:
        """The next reloading decision, if the combat system has any."""
        ...

    def reload(self, state: S, orders: tuple[Order, ...], log: Log) -> S:
        ...

    def end_of_turn(self, ship: CombatShip, roller: Roller, log: Log) -> CombatShip:
        """The combat system's upkeep for a ship afloat (reloading, fire, flooding...)."""
        ...

    def strength(self, ship: CombatShip) -> float:
        """What is left of a fighting ship (0..1), for judging at the turn limit."""
        ...

    def rows(self, state: CombatState, ship: CombatShip) -> list[Row]:
        """The combat system's rows of a ship's condition."""
        ...

    def status(self, ship: CombatShip) -> str:
        """Her combat status ("struck her colours"...), or ""."""
        ...

    def class_name(self, ship: CombatShip) -> str:
        """The name of the class she fights as."""
        ...


class Initiative(Protocol):
    """An initiative system: who moves last and fires first this turn."""

    def decision(self, state: CombatState) -> Decision | None:
        """A decision before the roll (the wind gauge's turn-1 weather reader), or None."""
        ...

    def resolve(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        """Roll for the initiative: the state with its ``holder`` set."""
        ...


class Simultaneous:
    """No initiative: every side moves together and fires together."""

    def decision(self, state: CombatState) -> Decision | None:
        return None

    def resolve(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        return state


@frozen
class Pairing:
    """A ship class of a composed ruleset: the Salt'n'Tar type she sails as and the
    combat system's class she fights as."""

    key: str
    name: str
    about: str
    sailing: str
    gunnery: str


def read_pairings(package: str, gunnery_classes: Container[str]) -> dict[str, Pairing]:
    """A pairing's ship classes from its package's ``tables.toml`` (``[classes.KEY]`` with
    name, about, sailing and gunnery); KeyError when either half is unknown."""
    raw = tomllib.loads(read_package_text(package, "tables.toml"))
    out = {key: Pairing(key, c["name"], c["about"], c["sailing"], c["gunnery"])
           for key, c in raw["classes"].items()}
    for pairing in out.values():
        sailing_tables().ships[pairing.sailing]  # both halves must exist
        if pairing.gunnery not in gunnery_classes:
            raise KeyError(f"class {pairing.key}: no gunnery class {pairing.gunnery!r}")
    return out


def enemy(state: CombatState, side: str) -> str:
    return state.sides[1] if side == state.sides[0] else state.sides[0]


def in_play(combat: Combat, ship: CombatShip) -> bool:
    """Afloat, fighting (not sinking, not struck) and not sinking from Strain."""
    return ship.afloat and combat.fighting(ship) and not ship.sail.sinking


def out_of_the_fight(combat: Combat, ship: CombatShip) -> str:
    """How a ship still afloat has left the fight ("struck her colours", "sinking"...), or
    "" while she is in play (or gone)."""
    if not ship.afloat or in_play(combat, ship):
        return ""
    if not combat.fighting(ship):
        return combat.status(ship) or "out of action"
    return "sinking"  # from Strain


class SaltCombat(RulesetBase[S], Generic[S]):
    """Salt'n'Tar's combat turn for a pairing: its combat system, its initiative."""

    goals = (GoalKind.BATTLE,)
    combat: Combat
    initiative: Initiative
    #: The ship classes by key.
    classes: Mapping[str, Pairing]

    # -- the pairing's own --------------------------------------------------------------
    def make_ships(self, scenario: Scenario) -> tuple[CombatShip, ...]:
        """The scenario's ships, fresh from the yard."""
        raise NotImplementedError

    def ship_classes(self) -> Mapping[str, ShipClass]:
        return {k: ShipClass(k, p.name, p.about) for k, p in self.classes.items()}

    def unplayable(self, spec: MapSpec) -> str | None:
        """The combat turn's initiative and judging are between two sides."""
        if len(spec.sides) != 2:
            return (f"{self.title} is fought between two sides; map {spec.name} "
                    f"has {len(spec.sides)} ({', '.join(spec.sides)})")
        return None

    # -- who fights ---------------------------------------------------------------------
    def in_play(self, ship: CombatShip) -> bool:
        return in_play(self.combat, ship)

    def sides_in_play(self, state: CombatState, side: str) -> list[CombatShip]:
        return [s for s in state.ships if s.side == side and self.in_play(s)]

    def synced(self, ship: CombatShip) -> CombatShip:
        """Her sailing brought in line with her damage (the same ship if it already is)."""
        handicap = self.combat.handicap(ship)
        sail = with_handicap(ship.sail, handicap)
        afloat = ship.afloat and not handicap.sunk
        if sail == ship.sail and afloat == ship.afloat:
            return ship
        return evolve(ship, sail=sail, afloat=afloat)

    def all_synced(self, state: S) -> S:
        """Every ship's sailing in line with her damage, after the combat system acted."""
        ships = tuple(self.synced(s) for s in state.ships)
        if all(a is b for a, b in zip(ships, state.ships, strict=True)):
            return state
        return evolved(state, ships=ships)

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
                           state, _by_ship(held), log)),
                Auto("strain", self._strain),
                Decide("initiative", self.initiative.decision, close=self.initiative.resolve),
                Decide("first-half", self._helm, close=self._half_move),
                Decide("missile", self._fire_decision, answer=self._fire,
                       close=self._fire_together),
                Decide("ammo", self.combat.ammo_decision, close=self._reload),
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
            for ship in sorted(state.ships, key=lambda s: state.sides.index(s.side)):
                if ship.id not in done and self.in_play(ship):
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
        movers = sorted((s for s in state.ships if s.side in group),
                        key=lambda s: state.sides.index(s.side))
        for ship in movers:
            if ship.id in done or not self.in_play(ship):
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

    def half_move(self, state: S, orders: Mapping[str, Order], half: int, log: Log) -> S:
        """The ships given ``orders`` sail half move ``half`` (1: first, 2: second)."""
        return steps.half_move(state, orders, half, log)

    def _half_move(self, state: S, held: tuple[Order, ...], log: Log) -> S | Goto[S]:
        half = 1 if state.phase == "first-half" else 2
        state = self.half_move(state, _by_ship(held), half, log)
        if state.group + 1 < len(self.move_groups(state)):
            return Goto(evolved(state, group=state.group + 1), state.phase)
        state = evolved(state, group=0)
        if half == 1:
            return state
        # a turn has passed for maneuvers under way (Salt'n'Tar ticks them after moving)
        return evolved(state, ships=tuple(steps.tick(s, log) for s in state.ships))

    def firing_order(self, state: CombatState) -> list[CombatShip]:
        """The initiative holder's ships first (map order), then the other side's."""
        if not state.holder:
            return list(state.ships)
        return sorted(state.ships, key=lambda s: s.side != state.holder)

    def _fire_decision(self, state: S) -> Decision | None:
        return self.combat.fire_decision(state, self.firing_order(state), not state.holder)

    def _fire(self, state: S, order: Order, log: Log) -> S:
        return self.all_synced(self.combat.fire(state, order, log))

    def _fire_together(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        if state.holder:
            return state
        return self.all_synced(self.combat.fire_together(state, held, log))

    def _reload(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        return self.all_synced(self.combat.reload(state, held, log))

    def _maneuvers(self, state: S, held: tuple[Order, ...], log: Log) -> S:
        return steps.maneuvers(state, _by_ship(held), log, self.crew_carried)

    def _end(self, state: S, log: Log) -> S:
        roller = Roller(state.rng)
        ships = []
        for ship in state.ships:
            if ship.afloat and ship.sail.sinking:
                ship = steps.founder(ship, log)
                if not ship.afloat:
                    ship = self.synced(self.combat.scuttled(ship))
            if ship.afloat:
                ship = self.synced(self.combat.end_of_turn(ship, roller, log))
            ships.append(evolve(ship, sail=steps.new_turn(ship.sail)))
        return evolved(state, ships=tuple(ships), rng=roller.rng)

    # -- judging ------------------------------------------------------------------------
    def judge(self, state: S) -> Outcome | None:
        fighting = [side for side in state.sides if self.sides_in_play(state, side)]
        if len(fighting) == 2:
            return None
        if fighting:
            loser = enemy(state, fighting[0])
            return Outcome(fighting[0], f"no ship of {loser} is left in action "
                           f"({self.combat.out_of_action}) on turn {state.turn}")
        return Outcome(None, "both sides are out of action")

    def side_strength(self, state: CombatState, side: str) -> float:
        """Its ships' strength left, averaged over the side (0: out of action)."""
        ships = [s for s in state.ships if s.side == side]
        return sum(self.combat.strength(s) if self.in_play(s) else 0.0
                   for s in ships) / len(ships)

    def judge_at_limit(self, state: S) -> Outcome:
        a, b = state.sides
        sa, sb = self.side_strength(state, a), self.side_strength(state, b)
        text = f"after {state.turn} turns {a} keeps {sa:.0%} of its strength, {b} {sb:.0%}"
        if round(sa, 9) == round(sb, 9):
            return Outcome(None, text)
        return Outcome(a if sa > sb else b, text)

    def standing(self, state: S, side: str) -> float:
        ours = self.side_strength(state, side)
        theirs = self.side_strength(state, enemy(state, side))
        return (ours - theirs) / max(ours + theirs, 1e-9)

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
            Row("Class", f"sails as a {stype.name}, fights as a {self.combat.class_name(ship)}"),
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

def _by_ship(held: tuple[Order, ...]) -> dict[str, Order]:
    return {order.ship: order for order in held}
