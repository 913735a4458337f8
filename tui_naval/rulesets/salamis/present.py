"""How Fast Play Salamis presents itself: moves drawn on the sea, the odds of every roll.

A move's options (helm, where to turn, how far) are previewed by the rules' own
route from where the galley lies, stopping short of what would stop her; the
galleys of her side plot one after another and row together, so the preview
assumes the others stay where they are, and says so.  Bows, rams and boarding
give their odds exactly (binomials of the text's dice).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import comb
from typing import ClassVar

from tui_naval.core.grid import Cell
from tui_naval.core.messages import plural
from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import (
    FIRE,
    HOLD_COURSE,
    OptionInfo,
    Presenter,
    Preview,
    Series,
    StandingOffer,
    strength_series,
)
from tui_naval.core.state import GameState, ShipBase
from tui_naval.rulesets.salamis.galleys import LOCKED_HELMS, blocked, fleet, helm_turn, in_range
from tui_naval.rulesets.salamis.geometry import at_bow, compass_name, route, turned
from tui_naval.rulesets.salamis.rules import RULESET
from tui_naval.rulesets.salamis.state import CAPTURED, LED_OFF, SUNK, Galley, SalamisState
from tui_naval.rulesets.salamis.tables import (
    faces_at_least,
    fleet_of,
    tables,
    two_dice_at_most,
)

STYLES = {"turn": "dim", "move": "", "stop": "bold yellow", "bows": "yellow",
          "ram": "bold red", "board": "magenta", "melee": "bold magenta", "panic": "bold",
          "prize": "cyan"}


def at_least(n: int, p: float, k: int) -> float:
    """The chance of ``k`` or more successes in ``n`` dice of chance ``p`` each."""
    return sum(comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))


def pct(p: float) -> str:
    return f"{round(100 * p)}%"


def ram_odds(ship: Galley, target: Galley) -> tuple[float, float, float]:
    """(ramming speed chance, hits expected, chance to sink her) of a ram."""
    f, t = fleet(ship), fleet(target)
    rolls = tables().rolls
    speed = two_dice_at_most(f.ramming_speed)
    p = faces_at_least(rolls.ram_hit)
    need = max(1, t.viability - target.damage)
    bonus = rolls.ramming_speed_bonus
    expected = speed * (f.ram + bonus) * p + (1 - speed) * f.ram * p
    sink = speed * at_least(f.ram + bonus, p, need) + (1 - speed) * at_least(f.ram, p, need)
    return speed, expected, sink


def melee_net(attacker: Galley, defender: Galley) -> float:
    """Hits a hand-to-hand fight is expected to leave on the defender's galley."""
    rolls = tables().rolls
    a, d = fleet(attacker), fleet(defender)
    total = 0.0
    pa, pd = faces_at_least(rolls.attacker_hit), faces_at_least(rolls.defender_save)
    for i in range(a.hand + 1):
        for j in range(d.hand + 1):
            chance = (comb(a.hand, i) * pa ** i * (1 - pa) ** (a.hand - i)
                      * comb(d.hand, j) * pd ** j * (1 - pd) ** (d.hand - j))
            total += chance * max(0, i - j)
    return total


def _shots_in_range(state: SalamisState) -> str:
    """Each watching galley's bows and what they may shoot now, with the odds."""
    p = faces_at_least(tables().rolls.bow_hit)
    parts = []
    for s in state.ships:
        if not (s.fighting and s.side == state.watcher and not s.shot and fleet(s).bow):
            continue
        targets = [t for t in state.ships
                   if t.fighting and t.side == state.mover and in_range(state, s, t)]
        if targets:
            dice = fleet(s).bow
            parts.append(f"{s.id} {dice}d6 ({pct(at_least(dice, p, 1))} a hit) at "
                         + ", ".join(f'{t.id} ({_inches(state, s, t)}")' for t in targets))
    return "; ".join(parts)


def _inches(state: SalamisState, a: Galley, b: Galley) -> int:
    return state.grid.distance(a.cell, b.cell) * state.board.scale


def rowed_so_far(state: SalamisState) -> tuple[Cell, ...]:
    """The cells the moving galleys have rowed through in the move under way."""
    out: list[Cell] = []
    for ship in state.ships:
        if ship.side == state.mover and ship.afloat and ship.cell != ship.start:
            out += state.grid.line(ship.start, ship.cell)[:-1]
    return tuple(out)


def _left(ship: Galley) -> str:
    f = fleet(ship)
    return f"{ship.id} has {f.viability - ship.damage} of {f.viability} left"


def planned(state: SalamisState, order: Order) -> tuple[str, int, int]:
    """The move an option of her plot would make: (helm, turn at, inches); an option of
    an earlier part takes the widest rest (a full move, turning at once)."""
    ship = state.ship(order.ship)
    mine = [o.arg for o in state.plotted if o.ship == ship.id]
    move = fleet(ship).move
    if order.verb == "helm":
        return order.arg, 0, move
    if order.verb == "turn-at":
        return mine[0], int(order.arg), move
    return mine[0], int(mine[1]), int(order.arg)


def walk(state: SalamisState, ship: Galley, plan: tuple[str, int, int]
         ) -> tuple[list[Cell], float, str]:
    """The cells she would row, her course at the end, and what stops her ("")."""
    helm, turn_at, inches = plan
    grid = state.grid
    steps, final = route(grid, ship.cell, ship.course, inches, state.board.scale,
                         helm_turn(helm), turn_at)
    path: list[Cell] = []
    short = turned(ship.course, helm_turn(helm))  # stopped short, she turns where she stops
    for step in steps:
        why = blocked(state, step.cell)
        if why:
            return path, short, why
        path.append(step.cell)
    return path, final, ""


def _move_words(state: SalamisState, ship: Galley, plan: tuple[str, int, int]
                ) -> tuple[str, str, list[Cell], float, list[Galley]]:
    """(detail, warning, path, course, enemies at her bow) of a plan."""
    grid = state.grid
    path, course, why = walk(state, ship, plan)
    end = path[-1] if path else ship.cell
    rams = [s for s in state.ships if s.fighting and s.side != ship.side and path
            and at_bow(grid, end, course, s.cell)]
    detail = (f"ends at {end}, course {course:.0f} ({compass_name(course)}), "
              f"{plural(len(path), 'step')}")
    if rams:
        detail += f"; {', '.join(s.id for s in rams)} at her bow: she may ram"
    warning = f"stops short: {why}" if why else ""
    return detail, warning, path, course, rams


def ram_plan(state: SalamisState, ship: Galley, helm: str, turn_at: int | None
             ) -> tuple[int, int, list[Galley]] | None:
    """The shortest way this helm (and turn point, if given) brings an enemy within an
    inch of her bow: (turn at, inches, enemies there), or None."""
    move = fleet(ship).move
    turns = [turn_at] if turn_at is not None else \
        ([0] if helm_turn(helm) == 0 else list(range(move + 1)))
    for inches in range(1, move + 1):
        for at in turns:
            if at > inches and helm_turn(helm):
                continue
            *_, rams = _move_words(state, ship, (helm, at, inches))
            if rams:
                return at, inches, rams
    return None


def _ram_words(state: SalamisState, ship: Galley, helm: str, turn_at: int | None) -> str:
    found = ram_plan(state, ship, helm, turn_at)
    if found is None:
        return ""
    at, inches, rams = found
    how = f'row {inches}"' if not helm_turn(helm) or turn_at is not None else \
        f'turn after {at}", row {inches}"'
    return f"; {how} to have {', '.join(r.id for r in rams)} at her bow (a ram)"


def fleet_losses(state: SalamisState) -> str:
    """Each fleet that has lost galleys: its losses against its panic number."""
    parts = []
    for side in state.sides:
        own = [s for s in state.ships if s.home_side == side]
        for kind in dict.fromkeys(s.fleet for s in own):
            group = [s for s in own if s.fleet == kind]
            lost = sum(1 for s in group if s.fate in (SUNK, CAPTURED, LED_OFF))
            if lost:
                f = fleet_of(kind)
                fled = " fled" if f"{side}/{kind}" in state.panicked else ""
                parts.append(f"{side} {f.name} {lost}/{f.panic_number(len(group))}{fled}")
    return ", ".join(parts)


class SalamisPresenter(Presenter):
    """Fast Play Salamis on the screen."""

    standing: ClassVar[Mapping[str, tuple[StandingOffer, ...]]] = {
        "helm": (HOLD_COURSE,),
        "bows": (FIRE,),
    }
    styles: ClassVar[Mapping[str, str]] = STYLES
    emphasised = frozenset({"ram", "panic"})

    def progress(self, states: Sequence[GameState]) -> Series:
        return strength_series(states, RULESET.side_strength,
                               "the mean Viability left of the side's galleys; one out of the "
                               "fight counts none")

    def standing_watch(self, state: GameState, ship_id: str) -> tuple[tuple[str, str], ...]:
        """The enemies within her bow range: a standing order asks the player first when
        one comes within it (or leaves it)."""
        if not isinstance(state, SalamisState):
            return ()
        ship = next((s for s in state.ships if s.id == ship_id), None)
        if not isinstance(ship, Galley):
            return ()
        near = sorted(enemy.id for enemy in state.ships
                      if isinstance(enemy, Galley) and enemy.side != ship.side
                      and enemy.fighting and in_range(state, ship, enemy))
        return (("enemies within bow range", ", ".join(near) or "none"),)

    def ship_done(self, state: GameState, ship: ShipBase) -> str:
        """Her departure's words ("captured by greek") while she is afloat."""
        if not isinstance(state, SalamisState) or not ship.afloat:
            return ""
        left = RULESET.departure(state, ship)
        return left.words(ship) if left is not None else ""

    def ship_note(self, state: GameState, ship: ShipBase) -> str:
        if not isinstance(ship, Galley) or not isinstance(state, SalamisState):
            return ""
        f = fleet(ship)
        note = f"{f.name}: {f.viability - ship.damage}/{f.viability} viability"
        partners = state.locked_with(ship.id)
        if partners:
            note += f"; locked to {', '.join(partners)}"
        return note

    def status(self, state: GameState) -> list[tuple[str, str]]:
        if not isinstance(state, SalamisState):
            return []
        out = [("Moving ", "dim"), (state.mover, "bold")]
        if state.initiative:  # rolled each turn: 1st, the other side moves next; 2nd,
            # the roll for the next turn may give this side two moves running.  In its
            # place the step goes (the Stop! prompt names it), so the note still fits
            # an 80-column status line beside a six-figure seed.
            out += [(" 1st" if state.half == 0 else " 2nd", "dim")]
        elif state.phase == "move" and state.tick:
            out += [("  step ", "dim"), (str(state.tick), "")]
        if state.locks:
            out += [("  locked ", "dim"),
                    (" ".join(f"{lock.a}+{lock.b}" for lock in state.locks), "")]
        losses = fleet_losses(state)
        if losses:
            out += [("  lost ", "dim"), (losses, "")]
        return out

    def option_order(self, state: GameState, decision: Decision) -> list[Order]:
        if decision.kind == "row":  # the full move first
            return list(reversed(decision.options))
        return list(decision.options)

    def option_cell(self, state: GameState, order: Order) -> Cell | None:
        if isinstance(state, SalamisState) and order.verb in ("shoot", "ram", "grapple",
                                                               "board"):
            return state.ship(order.arg).cell
        return None

    def option_info(self, state: GameState, decision: Decision, order: Order) -> OptionInfo:
        if not isinstance(state, SalamisState):
            return OptionInfo(str(order))
        return self._info(state, order)

    def _info(self, state: SalamisState, order: Order) -> OptionInfo:
        ship = state.ship(order.ship)
        f = fleet(ship)
        verb, arg = order.verb, order.arg
        if verb == "helm" and arg in LOCKED_HELMS:
            if arg == "hold":
                return OptionInfo("Hold: stay locked",
                                  "she stays in contact (her marines may grapple after the "
                                  "move)")
            return OptionInfo(
                "Break away", f"2d6 at most {f.ramming_speed}: "
                f"{pct(two_dice_at_most(f.ramming_speed))}; free, she lies an inch off the "
                "enemy, parallel to her; that is her whole move",
                "the enemy's bows may shoot her as she pulls away")
        if verb in ("helm", "turn-at", "row"):
            plan = planned(state, order)
            detail, warning, *_ = _move_words(state, ship, plan)
            if verb == "helm":
                turn = helm_turn(arg)
                name = "Ahead" if not turn else \
                    f"{'Port' if turn < 0 else 'Starboard'} {abs(turn)} degrees"
                detail = ("full move: " if not turn else "full move, turning at once: ") \
                    + detail + _ram_words(state, ship, arg, None)
            elif verb == "turn-at":
                at = int(arg)
                name = ("Turn at once" if at == 0 else f'Turn at the end ({at}")'
                        if at == f.move else f'Turn after {at}"')
                detail = "full move: " + detail + _ram_words(state, ship, plan[0], at)
            elif arg == "0":
                name = "Turn on the spot" if helm_turn(plan[0]) else "Stay"
            else:
                name = f'Row {arg}"' + (" (full)" if int(arg) == f.move else "")
            return OptionInfo(name, detail, warning)
        if verb in ("stop", "wait", "pass"):
            if verb == "stop":
                return OptionInfo("Stop! Shoot the bows now", _shots_in_range(state))
            if verb == "wait":
                return OptionInfo("Not yet: let them row a step",
                                  "ask again after the next step")
            return OptionInfo("Let them row", "no more Stop! in this move")
        if verb == "shoot":
            target = state.ship(arg)
            p = faces_at_least(tables().rolls.bow_hit)
            left = fleet(target).viability - target.damage
            counted = sum(at_least(f.bow, p, k) for k in range(1, left + 1))
            return OptionInfo(f'Shoot {arg} ({_inches(state, ship, target)}")',
                              f"{f.bow}d6, 6s hit: {pct(at_least(f.bow, p, 1))} at least one "
                              f"hit, {counted:.1f} expected to count (bows cannot finish "
                              f"her); {_left(target)}")
        if verb == "hold" and order.ship in {s.id for s in state.ships} \
                and state.phase == "move":
            return OptionInfo("Hold fire", "her bows may shoot at a later Stop! of this move")
        if verb == "ram":
            target = state.ship(arg)
            speed, expected, sink = ram_odds(ship, target)
            return OptionInfo(f"Ram {arg}",
                              f"ramming speed {pct(speed)} (+2 dice); {f.ram}d6, 5-6 hit: "
                              f"{expected:.1f} hits expected, {pct(sink)} to sink her; "
                              f"{_left(target)}")
        if verb in ("board", "grapple"):
            target = state.ship(arg)
            chance = two_dice_at_most(f.boarding)
            return OptionInfo(f"Board {arg}",
                              f"the fight on {arg}; 2d6 at most {f.boarding}: {pct(chance)}; "
                              f"then hand to hand "
                              f"{f.hand}d6 at 4-6 against {fleet(target).hand}d6 at 5-6: "
                              f"{melee_net(ship, target):.1f} hits expected; {_left(target)}")
        if verb == "stay":
            return OptionInfo("Stay aboard", "no boarding try")
        if verb == "spare":
            return OptionInfo("Do not ram", "she lies where she is")
        if verb == "hold":
            return OptionInfo("Hold", "no boarding try this half")
        return OptionInfo(str(order))

    def preview(self, state: GameState, order: Order) -> Preview | None:
        if not isinstance(state, SalamisState):
            return None
        ship = state.ship(order.ship)
        if order.verb in ("helm", "turn-at", "row") and order.arg not in LOCKED_HELMS:
            plan = planned(state, order)
            _, warning, path, course, rams = _move_words(state, ship, plan)
            grid = state.grid
            text = (f"{self._info(state, order).detail}\nher side's galleys row "
                    "together: this assumes the others stay where they are")
            return Preview(tuple(path), path[-1] if path else ship.cell,
                           grid.facing_name(grid.nearest_facing(course)), text, warning,
                           tuple((s.cell, "target") for s in rams))
        cell = self.option_cell(state, order)
        trail = rowed_so_far(state) if state.phase == "move" else ()
        if cell is not None:
            info = self._info(state, order)
            return Preview(trail, text=info.detail, overlays=((cell, "target"),))
        if order.verb in ("stop", "wait", "pass"):
            info = self._info(state, order)
            return Preview(trail, text=info.detail)
        return None


PRESENTER = SalamisPresenter()
