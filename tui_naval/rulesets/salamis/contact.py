"""Fast Play Salamis' rams, boarding and hand-to-hand fights, fleet panic, and the
half-turn's end."""

from __future__ import annotations

from attrs import evolve

from tui_naval.core.dice import Roller
from tui_naval.core.engine import Goto, Log
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.state import Lock
from tui_naval.rulesets.salamis.galleys import (
    RAM_VERBS,
    fighting,
    fleet,
    hits,
    label,
    locked,
    ram_targets,
    side_ships,
    two_dice,
    with_ships,
)
from tui_naval.rulesets.salamis.state import CAPTURED, FLED, LED_OFF, SUNK, Galley, SalamisState
from tui_naval.rulesets.salamis.tables import fleet_of, tables


# -- rams and boarding -----------------------------------------------------------------
def ram_ask(state: SalamisState) -> Decision | None:
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


def ram_answer(state: SalamisState, order: Order, log: Log) -> SalamisState:
    ship = state.ship(order.ship)
    roller = Roller(state.rng)
    if order.verb == "ram":
        state = _ram(state, ship, state.ship(order.arg), roller, log)
    elif order.verb in ("board", "grapple"):
        target = state.ship(order.arg)
        ok, text = two_dice(roller, fleet(ship).boarding)
        log("board", f"{label(ship)}'s marines try to board {label(target)}: {text}, "
            + ("they are across!" if ok else "they fail"), ship.id)
        if ok:
            state = evolve(state, fights=(*state.fights, (ship.id, target.id)))
        if order.verb == "board":
            state = _next_boarder(state, done=ok)
    elif order.verb == "stay":
        state = _next_boarder(state, done=False)
    elif order.verb not in ("spare", "hold"):
        raise IllegalOrder(f"{order} is no order of the ram phase")
    return _panic(evolve(state, rng=roller.rng), log)


def _next_boarder(state: SalamisState, done: bool) -> SalamisState:
    """After a boarding try: the rammer's side tries next, unless the rammed side's
    marines are across or the rammer's side has had its try."""
    if done or state.boarder == 1:
        return evolve(state, boarding=("", ""), boarder=0)
    return evolve(state, boarder=1)


def _ram(state: SalamisState, ship: Galley, target: Galley, roller: Roller,
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


# -- hand to hand, panic, the half's end -----------------------------------------------
def melee(state: SalamisState, log: Log) -> SalamisState:
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
        state = _panic(with_ships(state, {defender.id: defender}), log)
    return _panic(evolve(state, fights=(), rng=roller.rng), log)


def _panic(state: SalamisState, log: Log) -> SalamisState:
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


def half(state: SalamisState, log: Log) -> SalamisState | Goto[SalamisState]:
    if state.half == 0:
        return Goto(evolve(state, half=1), "launch")
    return evolve(state, half=0)
