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
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any

from attrs import evolve

from tui_naval.core.dice import Rng, Roller
from tui_naval.core.engine import Auto, Decide, Goto, Log, Turn
from tui_naval.core.grid import Cell
from tui_naval.core.maps import MapSpec
from tui_naval.core.orders import Decision, IllegalOrder, Order, orders_for
from tui_naval.core.presenter import plural
from tui_naval.core.ruleset import Fate, Part, Row, RulesetBase, ShipClass
from tui_naval.core.scenario import Scenario, ScenarioError
from tui_naval.core.state import Board, GoalKind, Lock, Outcome, ShipBase, Terrain, line_clear
from tui_naval.core.wind import COMPASS
from tui_naval.rulesets.salamis import INFO
from tui_naval.rulesets.salamis.geometry import (
    Step,
    at_bow,
    compass_name,
    route,
    turned,
)
from tui_naval.rulesets.salamis.state import (
    CAPTURED,
    FLED,
    LED_OFF,
    SUNK,
    Galley,
    SalamisState,
)
from tui_naval.rulesets.salamis.tables import Fleet, fleet_of, tables

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
    other = _lying_at(state.ships if ships is None else ships, cell)
    return f"{other.id} lies at {cell}" if other is not None else ""


def _lying_at(ships: Iterable[Galley], cell: Cell) -> Galley | None:
    """The first of ``ships`` afloat at ``cell``, if any."""
    return next((s for s in ships if s.afloat and s.cell == cell), None)


def locked(state: SalamisState, ship_id: str) -> bool:
    return any(lock.holds(ship_id) for lock in state.locks)


def enemies(state: SalamisState, side: str) -> Iterator[Galley]:
    return (s for s in state.ships if s.fighting and s.side != side)


def in_range(state: SalamisState, shooter: Galley, target: Galley) -> bool:
    """``target`` lies within her bow range, with no land between (her archers shoot all
    round: the text gives bows a range and no arc)."""
    return _within(state.board, shooter.cell, fleet(shooter).range, target.cell)


def _within(board: Board, cell: Cell, reach: int, other: Cell) -> bool:
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
                Auto("launch", self._launch),
                Decide("move", self._move_ask, answer=self._move_answer,
                       close=self._move_close),
                Decide("ram", self._ram_ask, answer=self._ram_answer),
                Auto("melee", self._melee),
                Auto("half", self._half),
            ),
            judge=self.judge,
            at_limit=self.judge_at_limit,
        )

    def _launch(self, state: SalamisState, log: Log) -> SalamisState:
        """A half begins: the mover's prizes are led away; each move starts here.  On a
        map whose initiative is rolled, a turn begins with the roll for player 1."""
        if state.half == 0 and state.initiative == ROLLED:
            state = roll_initiative(state, log)
        changed = {}
        for ship in state.ships:
            if ship.fate == CAPTURED and ship.side == state.mover:
                log("prize", f"{label(ship)}, taken from {ship.taken_from}, is led away "
                    "from the battle", ship.id)
                ship = evolve(ship, afloat=False, fate=LED_OFF)
            changed[ship.id] = evolve(ship, start=ship.cell, start_course=ship.course,
                                      rowed=0, stopped=False, shot=False)
        state = with_ships(state, changed)
        log("turn", f"{state.mover} moves; {state.watcher} may call Stop! to shoot its bows")
        return evolve(state, tick=0, window="", passed=False, boarding=("", ""), boarder=0,
                      fights=())

    # -- moving: the plot, the steps, and "Stop!" ---------------------------------------
    def _move_ask(self, state: SalamisState) -> Decision | None:
        given: dict[str, int] = {}
        for order in state.plotted:
            given[order.ship] = given.get(order.ship, 0) + 1
        for ship in fighting(state, state.mover):
            part = given.get(ship.id, 0)
            if part < 3:
                return self._plot_decision(state, ship, part)
        if state.window == "stop":
            shooter = self._next_shooter(state)
            if shooter is not None:
                return self._bows_decision(state, shooter)
        if state.window == "" and not state.passed:
            shooters = self._shooters(state)
            if shooters:
                return self._stop_decision(state, shooters)
        if self._rowing(state):
            ship = fighting(state, state.mover)[0]
            return Decision(state.mover, "pull", ship.id, f"{state.mover}'s galleys row on",
                            (Order(ship.id, "pull", str(state.tick + 1)),))
        return None

    def _plot_decision(self, state: SalamisState, ship: Galley, part: int) -> Decision:
        mine = [o.arg for o in state.plotted if o.ship == ship.id]
        f = fleet(ship)
        where = f"{label(ship)} at {ship.cell}, course {ship.course:.0f}"
        if part == 0:
            is_locked = locked(state, ship.id)
            prompt = (f"{where}: locked to an enemy; break away (2d6 at most "
                      f"{f.ramming_speed}) or hold" if is_locked else
                      f"{where}: helm (turn up to {f.turn} degrees once in the move)")
            return Decision(state.mover, "helm", ship.id, prompt,
                            orders_for(ship.id, "helm", helm_options(ship, is_locked)),
                            plotted=True)
        helm = mine[0]
        if part == 1:
            args = ("0",) if helm_turn(helm) == 0 else tuple(map(str, range(f.move + 1)))
            return Decision(state.mover, "turn-at", ship.id,
                            f"{where}: after how many inches does she turn?",
                            orders_for(ship.id, "turn-at", args), plotted=True)
        turn_at = int(mine[1])
        args = ("0",) if helm in LOCKED_HELMS else tuple(map(str, range(turn_at, f.move + 1)))
        return Decision(state.mover, "row", ship.id,
                        f"{where}: row how many inches (up to {f.move})?",
                        orders_for(ship.id, "row", args), plotted=True)

    def _rowing(self, state: SalamisState) -> bool:
        """Steps of the move are still to be rowed (the first always is: it takes the
        turns made on the spot and the breakaways)."""
        if state.tick == 0:
            return True
        for sid, plan in plans(state).items():
            ship = state.ship(sid)
            if ship.fighting and not ship.stopped \
                    and ship.rowed < len(steps_of(state, ship, plan)[0]):
                return True
        return False

    def _shooters(self, state: SalamisState) -> list[Galley]:
        """The watcher's galleys whose bows have not shot this move and have a target."""
        board = state.board
        foes = [t.cell for t in enemies(state, state.watcher)]
        return [s for s in fighting(state, state.watcher)
                if not s.shot and (f := fleet(s)).bow
                and any(_within(board, s.cell, f.range, cell) for cell in foes)]

    def _since_stop(self, state: SalamisState) -> set[str]:
        """Galleys given their bows' order since the last "Stop!"."""
        done: set[str] = set()
        for order in state.acted:
            if order.verb == "stop":
                done = set()
            elif order.verb in ("shoot", "hold"):
                done.add(order.ship)
        return done

    def _next_shooter(self, state: SalamisState) -> Galley | None:
        done = self._since_stop(state)
        return next((s for s in self._shooters(state) if s.id not in done), None)

    def _stop_decision(self, state: SalamisState, shooters: list[Galley]) -> Decision:
        sid = shooters[0].id
        names = ", ".join(s.id for s in shooters)
        where = ("before its first step" if state.tick == 0 else
                 f"after step {state.tick}")
        return Decision(state.watcher, "stop", sid,
                        f"{state.mover}'s move, {where}: call Stop! to shoot the bows "
                        f"of {names}?",
                        (Order(sid, "stop"), Order(sid, "wait"), Order(sid, "pass")),
                        interrupt=True)

    def _bows_decision(self, state: SalamisState, shooter: Galley) -> Decision:
        f = fleet(shooter)
        return Decision(state.watcher, "bows", shooter.id,
                        f"{label(shooter)}: shoot her bows ({f.bow} "
                        f"{'die' if f.bow == 1 else 'dice'}, 6s hit) at whom?",
                        (*(Order(shooter.id, "shoot", t.id) for t in bow_targets(state, shooter)),
                         Order(shooter.id, "hold")))

    def _move_answer(self, state: SalamisState, order: Order, log: Log) -> SalamisState:
        verb = order.verb
        if verb == "pull":
            return self._pull(state, log)
        if verb == "stop":
            log("stop", f"{state.watcher} calls Stop! ({state.mover}'s move, "
                + ("before its first step)" if state.tick == 0 else
                   f"after step {state.tick})"))
            return evolve(state, window="stop")
        if verb in ("wait", "pass"):
            return evolve(state, window="done", passed=verb == "pass")
        if verb == "shoot":
            state = self._shoot(state, state.ship(order.ship), state.ship(order.arg), log)
        elif verb != "hold":
            raise IllegalOrder(f"{order} is no order of the move")
        if self._next_shooter(state) is None:
            state = evolve(state, window="done")
        return state

    def _shoot(self, state: SalamisState, shooter: Galley, target: Galley,
               log: Log) -> SalamisState:
        """Her bows shoot: Bow Attack dice, 6s hit; bows cannot finish a galley."""
        roller = Roller(state.rng)
        f, t = fleet(shooter), fleet(target)
        n, dice = hits(roller, f.bow, tables().rolls.bow_hit)
        damage = min(t.viability, target.damage + n)
        if log.loud:
            text = (f"{label(shooter)} shoots her bows at {label(target)}: {dice}, "
                    f"{n} hit{'s' * (n != 1)}")
            if n:
                text += f"; {target.id} has taken {damage} of {t.viability}"
                if damage == t.viability:
                    text += " (on the edge of defeat: bows alone cannot finish her)"
            log("bows", text, shooter.id)
        state = with_ships(state, {shooter.id: evolve(shooter, shot=True),
                                   target.id: evolve(target, damage=damage)})
        return evolve(state, rng=roller.rng)

    def _pull(self, state: SalamisState, log: Log) -> SalamisState:
        """One step of the move: every galley still rowing takes her next cell, all
        together: one whose cell a friend is rowing out of waits for her to go."""
        tick = state.tick + 1
        roller = Roller(state.rng)
        rowing: dict[str, tuple[Plan, tuple[Step, ...], float]] = {}
        for sid, plan in plans(state).items():
            ship = state.ship(sid)
            if not ship.fighting:
                continue
            if plan.helm == "breakaway":
                if tick == 1:
                    state = self._breakaway(state, ship, roller, log)
                continue
            steps, final = steps_of(state, ship, plan)
            if ship.stopped or ship.rowed >= len(steps):
                if tick == 1 and not steps and final != ship.course:
                    state = with_ships(state, {sid: self._set_course(state, ship, final)})
                continue
            rowing[sid] = (plan, steps, final)
        if rowing:
            state = self._row(state, rowing, log)
        return evolve(state, tick=tick, window="", rng=roller.rng)

    def _row(self, state: SalamisState,
             rowing: Mapping[str, tuple[Plan, tuple[Step, ...], float]],
             log: Log) -> SalamisState:
        """The rowing galleys each take their next step (the galleys kept where they lie
        as they move, and put in the state once)."""
        now = {s.id: s for s in state.ships}
        waiting = list(rowing)
        while waiting:
            later = []
            for sid in waiting:
                ship = now[sid]
                plan, steps, final = rowing[sid]
                step = steps[ship.rowed]
                there = _lying_at(now.values(), step.cell)
                if there is not None and there.id in waiting and there.id != sid:
                    later.append(sid)  # a friend rowing on out of her way
                    continue
                why = blocked(state, step.cell, now.values())
                if why:
                    now[sid] = self._stopped(state, ship, plan, why, log)
                    continue
                rowed = ship.rowed + 1
                course = final if rowed == len(steps) else step.course
                now[sid] = self._set_course(state, ship, course, cell=step.cell, rowed=rowed)
            if len(later) == len(waiting):  # they stand in each other's way
                for sid in later:
                    ship = now[sid]
                    cell = rowing[sid][1][ship.rowed].cell
                    now[sid] = self._stopped(state, ship, rowing[sid][0],
                                             blocked(state, cell, now.values())
                                             or f"the way at {cell} is fouled", log)
                break
            waiting = later
        return with_ships(state, {sid: now[sid] for sid in rowing})

    def _stopped(self, state: SalamisState, ship: Galley, plan: Plan, why: str,
                 log: Log) -> Galley:
        """She is stopped short where she lies; her one turn, if not yet made, she makes
        there (as a move that ends before its turn point does)."""
        log("move", f"{label(ship)} stops at {ship.cell}: {why}", ship.id)
        course = turned(ship.start_course, plan.turn) if plan.turn else ship.course
        return evolve(self._set_course(state, ship, course), stopped=True)

    def _set_course(self, state: SalamisState, ship: Galley, course: float,
                    **changes: Any) -> Galley:
        """She lies on ``course`` (her grid facing the nearest to it), with any other
        ``changes`` made in the same copy."""
        return evolve(ship, course=course, heading=state.grid.nearest_facing(course),
                      **changes)

    def _breakaway(self, state: SalamisState, ship: Galley, roller: Roller,
                   log: Log) -> SalamisState:
        """Roll her Ramming Speed Probability or under: free, an inch off the enemy and
        parallel to her (this is her whole move)."""
        partners = [state.ship(o) for o in state.locked_with(ship.id)]
        ok, text = two_dice(roller, fleet(ship).ramming_speed)
        if not ok:
            log("move", f"{label(ship)} tries to break away: {text}, she stays locked",
                ship.id)
            return state
        enemy = partners[0]
        log("move", f"{label(ship)} breaks away: {text}; she lies an inch off "
            f"{enemy.id}, parallel to her", ship.id)
        freed = self._set_course(state, ship, enemy.course)
        locks = tuple(lock for lock in state.locks
                      if not (lock.holds(ship.id) and lock.holds(enemy.id)))
        return evolve(with_ships(state, {ship.id: freed}), locks=locks)

    def _move_close(self, state: SalamisState, held: tuple[Order, ...],
                    log: Log) -> SalamisState:
        """The move is rowed: what each galley did, for the log."""
        if log.loud:
            for sid, plan in plans(state).items():
                ship = state.ship(sid)
                if not ship.fighting or plan.helm in LOCKED_HELMS:
                    continue
                course = f"course {ship.course:.0f} ({compass_name(ship.course)})"
                turned = ship.course != ship.start_course
                if ship.rowed:
                    text = (f"rows {ship.rowed} step{'s' * (ship.rowed != 1)} to {ship.cell}"
                            + (", turning" if turned else "") + f", {course}")
                else:
                    text = f"lies at {ship.cell}" + (f", turning to {course}" if turned else "")
                log("move", f"{label(ship)} {text}", sid)
        return state

    # -- rams and boarding --------------------------------------------------------------
    def _ram_ask(self, state: SalamisState) -> Decision | None:
        rammer_id, rammed_id = state.boarding
        if rammer_id:
            rammer, rammed = state.ship(rammer_id), state.ship(rammed_id)
            boarder = rammed if state.boarder == 0 else rammer
            target = rammer if state.boarder == 0 else rammed
            f = fleet(boarder)
            return Decision(boarder.side, "board", boarder.id,
                            f"{label(boarder)}: board {label(target)}? (Marine Boarding "
                            f"Skill {f.boarding}: 2d6 at most {f.boarding})",
                            (Order(boarder.id, "board", target.id),
                             Order(boarder.id, "stay")))
        asked = {o.ship for o in state.acted if o.verb in RAM_VERBS}
        for ship in fighting(state, state.mover):
            if ship.id in asked:
                continue
            if locked(state, ship.id):
                foes = [state.ship(o) for o in state.locked_with(ship.id)]
                foes = [s for s in foes if s.fighting and s.side != ship.side]
                if foes:
                    return Decision(state.mover, "grapple", ship.id,
                                    f"{label(ship)}: locked to {', '.join(s.id for s in foes)}"
                                    f"; try to board (2d6 at most {fleet(ship).boarding})?",
                                    (*(Order(ship.id, "grapple", s.id) for s in foes),
                                     Order(ship.id, "hold")))
                continue
            if ship.rowed == 0:
                continue
            targets = ram_targets(state, ship)
            if targets:
                f = fleet(ship)
                return Decision(state.mover, "ram", ship.id,
                                f"{label(ship)}: her bow is within an inch of "
                                f"{', '.join(t.id for t in targets)}; ram ({f.ram}d6, +2 at "
                                f"ramming speed: 2d6 at most {f.ramming_speed})?",
                                (*(Order(ship.id, "ram", t.id) for t in targets),
                                 Order(ship.id, "spare")))
        return None

    def _ram_answer(self, state: SalamisState, order: Order, log: Log) -> SalamisState:
        ship = state.ship(order.ship)
        roller = Roller(state.rng)
        if order.verb == "ram":
            state = self._ram(state, ship, state.ship(order.arg), roller, log)
        elif order.verb in ("board", "grapple"):
            target = state.ship(order.arg)
            ok, text = two_dice(roller, fleet(ship).boarding)
            log("board", f"{label(ship)}'s marines try to board {label(target)}: {text}, "
                + ("they are across!" if ok else "they fail"), ship.id)
            if ok:
                state = evolve(state, fights=(*state.fights, (ship.id, target.id)))
            if order.verb == "board":
                state = self._next_boarder(state, done=ok)
        elif order.verb == "stay":
            state = self._next_boarder(state, done=False)
        elif order.verb not in ("spare", "hold"):
            raise IllegalOrder(f"{order} is no order of the ram phase")
        return self._panic(evolve(state, rng=roller.rng), log)

    def _next_boarder(self, state: SalamisState, done: bool) -> SalamisState:
        """After a boarding try: the rammer's side tries next, unless the rammed side's
        marines are across or the rammer's side has had its try."""
        if done or state.boarder == 1:
            return evolve(state, boarding=("", ""), boarder=0)
        return evolve(state, boarder=1)

    def _ram(self, state: SalamisState, ship: Galley, target: Galley, roller: Roller,
             log: Log) -> SalamisState:
        """The ram: the ramming-speed roll, then Ram Attack dice (5s and 6s hit)."""
        f, t = fleet(ship), fleet(target)
        rolls = tables().rolls
        speed, speed_text = two_dice(roller, f.ramming_speed)
        dice = f.ram + (rolls.ramming_speed_bonus if speed else 0)
        n, rolled = hits(roller, dice, rolls.ram_hit)
        damage = min(t.viability, target.damage + n)
        sunk = n > 0 and damage >= t.viability
        if log.loud:
            log("ram", f"{label(ship)} rams {label(target)}: ramming speed {speed_text}, "
                + ("made: +2 dice" if speed else "not made")
                + f"; {dice}d6 {rolled}: {n} hit{'s' * (n != 1)}"
                + (f"; {target.id} is sunk!" if sunk
                   else f"; {target.id} has taken {damage} of {t.viability}"), ship.id)
        if sunk:
            return with_ships(state, {target.id: evolve(target, damage=damage, afloat=False,
                                                        fate=SUNK)})
        state = with_ships(state, {target.id: evolve(target, damage=damage)})
        locks = state.locks
        if not any(lock.holds(ship.id) and lock.holds(target.id) for lock in locks):
            locks = (*locks, Lock(ship.id, target.id))
        return evolve(state, locks=locks, boarding=(ship.id, target.id), boarder=0)

    # -- hand to hand, panic, the half's end ---------------------------------------------
    def _melee(self, state: SalamisState, log: Log) -> SalamisState:
        """Each boarding's fight: the attacker's 4-6s hit, each of the defender's 5-6s
        takes one away; a galley whose hits reach her viability is captured."""
        roller = Roller(state.rng)
        rolls = tables().rolls
        for attacker_id, defender_id in state.fights:
            attacker, defender = state.ship(attacker_id), state.ship(defender_id)
            if not (attacker.fighting and defender.fighting):
                continue
            a, d = fleet(attacker), fleet(defender)
            scored, a_dice = hits(roller, a.hand, rolls.attacker_hit)
            saved, d_dice = hits(roller, d.hand, rolls.defender_save)
            net = max(0, scored - saved)
            damage = min(d.viability, defender.damage + net)
            taken = net > 0 and damage >= d.viability
            if log.loud:
                log("melee", f"hand to hand on {label(defender)}: {attacker.id} {a.hand}d6 "
                    f"{a_dice} ({scored} at 4-6), {defender.id} {d.hand}d6 {d_dice} "
                    f"({saved} at 5-6): {net} hit{'s' * (net != 1)}"
                    + (f"; {defender.id} is captured by {attacker.side}!" if taken
                       else f"; {defender.id} has taken {damage} of {d.viability}"),
                    defender.id)
            if taken:
                defender = evolve(defender, damage=damage, side=attacker.side,
                                  taken_from=defender.side, fate=CAPTURED)
            else:
                defender = evolve(defender, damage=damage)
            state = self._panic(with_ships(state, {defender.id: defender}), log)
        return self._panic(evolve(state, fights=(), rng=roller.rng), log)

    def _panic(self, state: SalamisState, log: Log) -> SalamisState:
        """Every fleet that has lost its panic number of galleys flees the battle."""
        for side in state.sides:
            own = side_ships(state, side)
            for kind in dict.fromkeys(s.fleet for s in own):
                key = f"{side}/{kind}"
                if key in state.panicked:
                    continue
                group = [s for s in own if s.fleet == kind]
                lost = sum(1 for s in group if s.fate in (SUNK, CAPTURED, LED_OFF))
                if lost < fleet_of(kind).panic_number(len(group)):
                    continue
                running = {s.id: evolve(s, afloat=False, fate=FLED)
                           for s in group if s.fighting}
                log("panic", f"{side}'s {fleet_of(kind).name} fleet has lost {lost} of "
                    f"{len(group)} galleys and panics: "
                    + (f"{', '.join(running)} flee{'s' * (len(running) == 1)} the battle"
                       if running else "none is left to flee"))
                state = evolve(with_ships(state, running), panicked=(*state.panicked, key))
        return state

    def _half(self, state: SalamisState, log: Log) -> SalamisState | Goto[SalamisState]:
        if state.half == 0:
            return Goto(evolve(state, half=1), "launch")
        return evolve(state, half=0)

    # -- judging ------------------------------------------------------------------------
    def judge(self, state: SalamisState) -> Outcome | None:
        left = [side for side in state.sides if fighting(state, side)]
        if len(left) == 2:
            return None
        if not left:
            return Outcome(None, "neither side has a galley left fighting")
        loser = next(side for side in state.sides if side not in left)
        return Outcome(left[0], f"{loser} has no galley left fighting ("
                       f"{self._fates(state, loser)}) on turn {state.turn}")

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
            return Outcome(None, text)
        return Outcome(a if kept[a] > kept[b] else b, text)

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

    def fate(self, state: SalamisState, ship: ShipBase) -> Fate:
        """A galley that fled in a panic got away; one captured (or led off as a prize)
        is taken; one sunk is sunk."""
        if not isinstance(ship, Galley):
            return super().fate(state, ship)
        if ship.fate in (CAPTURED, LED_OFF):
            return Fate.TAKEN
        if ship.fate == FLED:
            return Fate.GONE
        return Fate.SUNK if ship.fate == SUNK or not ship.afloat else Fate.AFLOAT

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
