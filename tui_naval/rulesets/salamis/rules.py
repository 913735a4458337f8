"""Fast Play Salamis: oared galleys, "Stop!" and bow fire, rams, boarding, capture, panic.

Each turn has two halves, one for each side (the map's first side is the text's
player 1, or on a map whose ``initiative`` is rolled the side that wins a die roll at
the start of the turn).  In a half, as the text's turn sequence has it:

- ``launch``: the mover's prizes taken the half before are led away from the battle,
  and each galley's move starts from where she lies.
- ``move``: the mover gives each galley her move, held from the other side until it
  is rowed: her helm (``ahead``, ``port15``... up to her Maneuverability, or
  ``breakaway``/``hold`` when she is locked to an enemy), the inches after which she
  turns (``turn-at``) and the inches she rows (``row``).  Then the galleys row
  together, a step of a cell at a time (``pull``: the engine answers it, as it has
  no other option).  Before the first step and after each, the watching side may
  call "Stop!" (``stop``; ``wait``: not now; ``pass``: no more this move) and shoot
  the bows of each of its galleys with a target in range, once a move (``shoot
  SHIP`` or ``hold``).  The move then goes on: this is the engine's interrupt
  window, the move's progress kept in the state (``tick``, each galley's ``rowed``).
- ``ram``: each moving galley whose bow came within an inch of an enemy may ram
  (``ram SHIP`` or ``spare``); after a ram the rammed galley's side may try to board
  the rammer, then the rammer's side the rammed (``board`` or ``stay``).  A galley
  already locked to an enemy may try to board her (``grapple SHIP`` or ``hold``).
- ``melee``: the hand-to-hand fights the boarding began are fought.

Fleets that have lost their Fleet Panic Number of galleys flee at once.  The battle
ends when a side has no galley left fighting, or at the turn limit.

The steps are in ``moving`` (launch and move) and ``contact`` (ram, melee and the
half's end); ``galleys`` holds what they and the advisor share.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from attrs import evolve

from tui_naval.core.dice import Rng
from tui_naval.core.engine import Auto, Decide, Log, Turn
from tui_naval.core.maps import MapSpec
from tui_naval.core.messages import plural
from tui_naval.core.ruleset import Departure, Part, Row, RulesetBase, ShipClass
from tui_naval.core.scenario import Scenario, ScenarioError
from tui_naval.core.state import End, GoalKind, Outcome, ShipBase, Terrain
from tui_naval.core.wind import COMPASS
from tui_naval.rulesets.salamis import INFO, contact, moving
from tui_naval.rulesets.salamis.galleys import (
    INITIATIVES,
    ROLLED,
    fighting,
    fleet,
    label,
    side_ships,
)
from tui_naval.rulesets.salamis.geometry import compass_name
from tui_naval.rulesets.salamis.state import CAPTURED, FLED, LED_OFF, SUNK, Galley, SalamisState
from tui_naval.rulesets.salamis.tables import fleet_of, tables

#: How a galley's ``fate`` has her leave the play.
DEPARTURES = {SUNK: Departure.SUNK, CAPTURED: Departure.CAPTURED, LED_OFF: Departure.LED_OFF,
              FLED: Departure.FLED}


class Salamis(RulesetBase[SalamisState]):
    """Fast Play Salamis, played by the engine."""

    info = INFO
    state_type = SalamisState
    goals = (GoalKind.BATTLE,)

    def ship_classes(self) -> Mapping[str, ShipClass]:
        return {key: ShipClass(key, f"{f.name} trireme", f.about)
                for key, f in tables().fleets.items()}

    def unplayable(self, spec: MapSpec) -> str | None:
        if len(spec.sides) != 2:
            return (f"{self.title} is fought by two players (the map has "
                    f"{len(spec.sides)} sides)")
        if spec.option("initiative") not in INITIATIVES:
            return (f"its 'initiative' is {spec.option('initiative')[:20]!r} (leave it out "
                    "for the text's turn order, or 'rolled')")
        return None

    # -- setup --------------------------------------------------------------------------
    def setup(self, scenario: Scenario) -> SalamisState:
        spec = scenario.map
        board = spec.board(scenario.grid)
        grid = board.grid
        ships = []
        for slot in scenario.ships:
            course = COMPASS.index(slot.facing) * 45.0
            heading = grid.nearest_facing(course)
            ships.append(Galley(id=slot.id, side=slot.side, kind=slot.kind, fleet=slot.kind,
                                name=f"{fleet_of(slot.kind).name} trireme", cell=slot.cell,
                                heading=heading, course=course, start=slot.cell,
                                start_course=course))
        reason = self.unplayable(spec)
        if reason:
            raise ScenarioError(f"map {spec.name}: {reason}")
        initiative = spec.option("initiative")
        state = SalamisState(ruleset=self.name, board=board, goal=spec.goal,
                             sides=spec.sides, rng=Rng.from_seed(scenario.seed),
                             ships=tuple(ships), initiative=initiative)
        log = Log(1)
        fleets = "; ".join(
            f"{side}: " + ", ".join(
                f"{len(group)} {fleet_of(kind).name} (panics at "
                f"{fleet_of(kind).panic_number(len(group))} lost)"
                for kind in dict.fromkeys(s.kind for s in ships if s.side == side)
                for group in [[s for s in ships if s.side == side and s.kind == kind]])
            for side in spec.sides)
        order = ("a die roll deciding who moves first each turn" if initiative == ROLLED
                 else f"{spec.sides[0]} moving first each turn")
        log("game", f"a galley battle of {spec.goal.turns} turns, {order}: {fleets}")
        return self.begin(state, log)

    # -- the turn -----------------------------------------------------------------------
    @cached_property
    def turn(self) -> Turn[SalamisState]:  # type: ignore[override]
        return Turn(
            steps=(
                Auto("launch", moving.launch),
                Decide("move", moving.move_ask, answer=moving.move_answer,
                       close=moving.move_close),
                Decide("ram", contact.ram_ask, answer=contact.ram_answer),
                Auto("melee", contact.melee),
                Auto("half", contact.half),
            ),
            judge=self.judge,
            at_limit=self.judge_at_limit,
        )


    # -- judging ------------------------------------------------------------------------
    def judge(self, state: SalamisState) -> Outcome | None:
        left = [side for side in state.sides if fighting(state, side)]
        if len(left) == 2:
            return None
        if not left:
            return Outcome(None, "neither side has a galley left fighting", End.OUT_OF_ACTION)
        loser = next(side for side in state.sides if side not in left)
        return Outcome(left[0], f"{loser} has no galley left fighting ("
                       f"{self._fates(state, loser)}) on turn {state.turn}", End.OUT_OF_ACTION)

    def _fates(self, state: SalamisState, side: str) -> str:
        counts: dict[str, int] = {}
        for ship in side_ships(state, side):
            fate = "taken" if ship.fate in (CAPTURED, LED_OFF) else ship.fate
            counts[fate] = counts.get(fate, 0) + 1
        return ", ".join(f"{n} {fate}" for fate, n in counts.items() if fate)

    def side_strength(self, state: SalamisState, side: str) -> float:
        """Its galleys' viability left, over the side's galleys at the start (0..1)."""
        own = side_ships(state, side)
        return sum((fleet(s).viability - s.damage) / fleet(s).viability
                   for s in own if s.fighting) / len(own)

    def judge_at_limit(self, state: SalamisState) -> Outcome:
        a, b = state.sides
        kept = {side: self.side_strength(state, side) for side in state.sides}
        text = (f"after {state.turn} turns {a} keeps {kept[a]:.0%} of its strength, "
                f"{b} {kept[b]:.0%}")
        if round(kept[a], 9) == round(kept[b], 9):
            return Outcome(None, text, End.TURN_LIMIT)
        return Outcome(a if kept[a] > kept[b] else b, text, End.TURN_LIMIT)

    def standing(self, state: SalamisState, side: str) -> float:
        other = state.sides[1] if side == state.sides[0] else state.sides[0]
        ours, theirs = self.side_strength(state, side), self.side_strength(state, other)
        return (ours - theirs) / max(ours + theirs, 1e-9)

    # -- wear between battles -----------------------------------------------------------
    def wear(self, ship: Galley) -> tuple[Part, ...]:
        """Her Ship Viability left: the one figure the text keeps (ram, bow and boarding
        hits all count against it)."""
        f = fleet(ship)
        return (Part("hull", "Viability", f.viability - ship.damage, f.viability),)

    def worn(self, ship: Galley, have: Mapping[str, int]) -> Galley:
        """Hits taken to leave her the viability asked for; none left and she is sunk."""
        if "hull" not in have:
            return ship
        full = fleet(ship).viability
        left = max(0, min(full, have["hull"]))
        if left == 0:
            return evolve(ship, damage=full, afloat=False, fate=SUNK)
        return evolve(ship, damage=full - left)

    def departure(self, state: SalamisState, ship: ShipBase) -> Departure | None:
        """A galley's fate: captured (still on the sea), led off as a prize, fled in a
        panic (she got away) or sunk."""
        if not isinstance(ship, Galley):
            return super().departure(state, ship)
        found = DEPARTURES.get(ship.fate)
        return found if found or ship.afloat else Departure.SUNK

    # -- checks and the UI --------------------------------------------------------------
    def invalid(self, state: SalamisState) -> str | None:
        problem = super().invalid(state)
        if problem:
            return problem
        if len(state.sides) != 2 or state.half not in (0, 1):
            return "a galley battle has two sides, moving in two halves"
        if state.initiative not in INITIATIVES:
            return f"its initiative is neither the text's nor {ROLLED!r}"
        if state.first not in (0, 1):
            return "its player 1 is neither side"
        if state.first and state.initiative != ROLLED:
            return "its player 1 is not the map's first side, and no roll made her so"
        if state.window not in ("", "stop", "done"):
            return "its bow-fire window is none of '', 'stop' or 'done'"
        seen: set[object] = set()
        for ship in state.ships:
            f = fleet(ship)
            if not 0 <= ship.damage <= f.viability:
                return f"galley {ship.id} has taken {ship.damage} hits of {f.viability}"
            if ship.fate not in ("", SUNK, CAPTURED, LED_OFF, FLED):
                return f"galley {ship.id} has an unknown fate"
            if ship.afloat != (ship.fate in ("", CAPTURED)):
                return f"galley {ship.id} is {'on' if ship.afloat else 'off'} the sea " \
                       f"while {ship.fate or 'fighting'}"
            if ship.fleet != ship.kind or ship.side not in state.sides \
                    or (ship.taken_from and ship.taken_from not in state.sides):
                return f"galley {ship.id} fights for no fleet of the battle"
            if ship.afloat:
                if state.board.terrain_at(ship.cell) is Terrain.LAND:
                    return f"galley {ship.id} is on land"
                if ship.cell in seen:
                    return f"galley {ship.id} shares her cell with another"
                seen.add(ship.cell)
        ids = {s.id for s in state.ships}
        if any(lock.a not in ids or lock.b not in ids for lock in state.locks):
            return "a lock holds a galley that is not in the battle"
        return None

    def _fleet_text(self, state: SalamisState, ship: Galley) -> str:
        """Her fleet: its galleys, those lost, and its panic number."""
        f = fleet(ship)
        group = [s for s in side_ships(state, ship.home_side) if s.fleet == ship.fleet]
        lost = sum(1 for s in group if s.fate in (SUNK, CAPTURED, LED_OFF))
        if f"{ship.home_side}/{ship.fleet}" in state.panicked:
            return f"{f.name}: panicked, {lost} of {len(group)} lost"
        return (f"{f.name}: {plural(len(group), 'galley')}, {lost} lost (panics at "
                f"{f.panic_number(len(group))})")

    def describe(self, state: SalamisState, ship_id: str) -> list[Row]:
        ship = state.ship(ship_id)
        f = fleet(ship)
        left = f.viability - ship.damage
        rows = [
            Row("Galley", f"{label(ship)} ({ship.side})"),
            Row("Fleet", self._fleet_text(state, ship)),
            Row("Viability", f"{left} of {f.viability} hits left", left / f.viability),
            Row("Course", f"{ship.course:.0f} degrees ({compass_name(ship.course)})"),
            Row("Oars", f'{f.move}" a move, one turn of up to {f.turn} degrees'),
            Row("Ram", f"{f.ram}d6, 5-6 hit; ramming speed on 2d6 <= {f.ramming_speed} "
                "(+2 dice)"),
            Row("Bows", f'{f.bow}d6, 6s hit, {f.range}" range'
                + ("; shot this move" if ship.shot else "")),
            Row("Marines", f"{f.hand}d6 hand to hand; boarding on 2d6 <= {f.boarding}"),
            Row("Moving", f"{state.mover} (turn {state.turn}, half {state.half + 1}"
                + (f"; {state.sides[state.first]} won the roll to move first)"
                   if state.initiative == ROLLED else ")")),
        ]
        partners = state.locked_with(ship.id)
        if partners:
            rows.append(Row("Locked", f"in contact with {', '.join(partners)}"))
        if ship.fate:
            rows.append(Row("Status", ship.fate + (f" (from {ship.taken_from})"
                                                   if ship.taken_from else "")))
        return rows


RULESET = Salamis()
