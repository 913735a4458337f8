"""Fast Play Salamis' half-turn start and move: the plot, the rowing a cell at a time,
and the watching side's "Stop!" and bow fire in the middle of it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import evolve

from tui_naval.core.dice import Roller
from tui_naval.core.engine import Log
from tui_naval.core.orders import Decision, IllegalOrder, Order, orders_for
from tui_naval.rulesets.salamis.galleys import (
    LOCKED_HELMS,
    ROLLED,
    Plan,
    blocked,
    bow_targets,
    enemies,
    fighting,
    fleet,
    helm_options,
    helm_turn,
    hits,
    label,
    locked,
    lying_at,
    plans,
    roll_initiative,
    steps_of,
    two_dice,
    with_ships,
    within,
)
from tui_naval.rulesets.salamis.geometry import Step, compass_name, turned
from tui_naval.rulesets.salamis.state import CAPTURED, LED_OFF, Galley, SalamisState
from tui_naval.rulesets.salamis.tables import tables


# -- a half begins ---------------------------------------------------------------------
def launch(state: SalamisState, log: Log) -> SalamisState:
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


# -- moving: the plot, the steps, and "Stop!" ------------------------------------------
def move_ask(state: SalamisState) -> Decision | None:
    given: dict[str, int] = {}
    for order in state.plotted:
        given[order.ship] = given.get(order.ship, 0) + 1
    for ship in fighting(state, state.mover):
        part = given.get(ship.id, 0)
        if part < 3:
            return _plot_decision(state, ship, part)
    if state.window == "stop":
        shooter = _next_shooter(state)
        if shooter is not None:
            return _bows_decision(state, shooter)
    if state.window == "" and not state.passed:
        shooters = _shooters(state)
        if shooters:
            return _stop_decision(state, shooters)
    if _rowing(state):
        ship = fighting(state, state.mover)[0]
        return Decision(state.mover, "pull", ship.id, f"{state.mover}'s galleys row on",
                        (Order(ship.id, "pull", str(state.tick + 1)),))
    return None


def _plot_decision(state: SalamisState, ship: Galley, part: int) -> Decision:
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


def _rowing(state: SalamisState) -> bool:
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


def _shooters(state: SalamisState) -> list[Galley]:
    """The watcher's galleys whose bows have not shot this move and have a target."""
    board = state.board
    foes = [t.cell for t in enemies(state, state.watcher)]
    return [s for s in fighting(state, state.watcher)
            if not s.shot and (f := fleet(s)).bow
            and any(within(board, s.cell, f.range, cell) for cell in foes)]


def _since_stop(state: SalamisState) -> set[str]:
    """Galleys given their bows' order since the last "Stop!"."""
    done: set[str] = set()
    for order in state.acted:
        if order.verb == "stop":
            done = set()
        elif order.verb in ("shoot", "hold"):
            done.add(order.ship)
    return done


def _next_shooter(state: SalamisState) -> Galley | None:
    done = _since_stop(state)
    return next((s for s in _shooters(state) if s.id not in done), None)


def _stop_decision(state: SalamisState, shooters: list[Galley]) -> Decision:
    sid = shooters[0].id
    names = ", ".join(s.id for s in shooters)
    where = ("before its first step" if state.tick == 0 else
             f"after step {state.tick}")
    return Decision(state.watcher, "stop", sid,
                    f"{state.mover}'s move, {where}: call Stop! to shoot the bows "
                    f"of {names}?",
                    (Order(sid, "stop"), Order(sid, "wait"), Order(sid, "pass")),
                    interrupt=True)


def _bows_decision(state: SalamisState, shooter: Galley) -> Decision:
    f = fleet(shooter)
    return Decision(state.watcher, "bows", shooter.id,
                    f"{label(shooter)}: shoot her bows ({f.bow} "
                    f"{'die' if f.bow == 1 else 'dice'}, 6s hit) at whom?",
                    (*(Order(shooter.id, "shoot", t.id) for t in bow_targets(state, shooter)),
                     Order(shooter.id, "hold")))


def move_answer(state: SalamisState, order: Order, log: Log) -> SalamisState:
    verb = order.verb
    if verb == "pull":
        return _pull(state, log)
    if verb == "stop":
        log("stop", f"{state.watcher} calls Stop! ({state.mover}'s move, "
            + ("before its first step)" if state.tick == 0 else
               f"after step {state.tick})"))
        return evolve(state, window="stop")
    if verb in ("wait", "pass"):
        return evolve(state, window="done", passed=verb == "pass")
    if verb == "shoot":
        state = _shoot(state, state.ship(order.ship), state.ship(order.arg), log)
    elif verb != "hold":
        raise IllegalOrder(f"{order} is no order of the move")
    if _next_shooter(state) is None:
        state = evolve(state, window="done")
    return state


def _shoot(state: SalamisState, shooter: Galley, target: Galley,
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


def _pull(state: SalamisState, log: Log) -> SalamisState:
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
                state = _breakaway(state, ship, roller, log)
            continue
        steps, final = steps_of(state, ship, plan)
        if ship.stopped or ship.rowed >= len(steps):
            if tick == 1 and not steps and final != ship.course:
                state = with_ships(state, {sid: _set_course(state, ship, final)})
            continue
        rowing[sid] = (plan, steps, final)
    if rowing:
        state = _row(state, rowing, log)
    return evolve(state, tick=tick, window="", rng=roller.rng)


def _row(state: SalamisState,
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
            there = lying_at(now.values(), step.cell)
            if there is not None and there.id in waiting and there.id != sid:
                later.append(sid)  # a friend rowing on out of her way
                continue
            why = blocked(state, step.cell, now.values())
            if why:
                now[sid] = _stopped(state, ship, plan, why, log)
                continue
            rowed = ship.rowed + 1
            course = final if rowed == len(steps) else step.course
            now[sid] = _set_course(state, ship, course, cell=step.cell, rowed=rowed)
        if len(later) == len(waiting):  # they stand in each other's way
            for sid in later:
                ship = now[sid]
                cell = rowing[sid][1][ship.rowed].cell
                now[sid] = _stopped(state, ship, rowing[sid][0],
                                         blocked(state, cell, now.values())
                                         or f"the way at {cell} is fouled", log)
            break
        waiting = later
    return with_ships(state, {sid: now[sid] for sid in rowing})


def _stopped(state: SalamisState, ship: Galley, plan: Plan, why: str,
             log: Log) -> Galley:
    """She is stopped short where she lies; her one turn, if not yet made, she makes
    there (as a move that ends before its turn point does)."""
    log("move", f"{label(ship)} stops at {ship.cell}: {why}", ship.id)
    course = turned(ship.start_course, plan.turn) if plan.turn else ship.course
    return evolve(_set_course(state, ship, course), stopped=True)


def _set_course(state: SalamisState, ship: Galley, course: float,
                **changes: Any) -> Galley:
    """She lies on ``course`` (her grid facing the nearest to it), with any other
    ``changes`` made in the same copy."""
    return evolve(ship, course=course, heading=state.grid.nearest_facing(course),
                  **changes)


def _breakaway(state: SalamisState, ship: Galley, roller: Roller,
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
    freed = _set_course(state, ship, enemy.course)
    locks = tuple(lock for lock in state.locks
                  if not (lock.holds(ship.id) and lock.holds(enemy.id)))
    return evolve(with_ships(state, {ship.id: freed}), locks=locks)


def move_close(state: SalamisState, held: tuple[Order, ...],
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
