"""How Man-O-War's sailing presents its move orders: labels, odds and previews.

Each move option says where the wind falls on her new heading (the sail point and
the inches it gives), what a tack's recovery roll may bring (and its odds), that a
short move drifts the lower of 2d6 downwind and what an anchor does.  A preview
runs the rules' own move without dice (``steps.run``): the path she sails, and the
cells a drift of 1" to 6" could carry her to.  Moves are one ship at a time, so a
preview assumes nothing of the others.
"""

from __future__ import annotations

from tui_naval.core.engine import Log
from tui_naval.core.grid import Cell, Grid
from tui_naval.core.messages import plural
from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import HOLD_COURSE, OptionInfo, Presenter, Preview
from tui_naval.core.state import GameState
from tui_naval.systems.battle import CombatShip
from tui_naval.systems.sailing.man_o_war import steps
from tui_naval.systems.sailing.man_o_war.battle import MowState
from tui_naval.systems.sailing.man_o_war.compass import (
    Bearing,
    SailPoint,
    sail_inches,
    tack_bearings,
)
from tui_naval.systems.sailing.man_o_war.tables import tables
from tui_naval.systems.seaway import cells_for

STYLES = {"initiative": "bold", "tack": "magenta", "drift": "yellow", "move": ""}

#: The odds of the lower of 2d6 being each of 1..6 inches, in 36ths.
DRIFT_36 = (11, 9, 7, 5, 3, 1)

_DISTANCE_WORDS = {"full": "full move", "half": "half move", "stay": "no way"}


def tack_odds(state: MowState, ship: CombatShip) -> tuple[int, int]:
    """Her chances, in sixths, of a 5-or-better recovery and of a 6 (through the eye)."""
    t = tables()
    bonus = t.race_bonus if state.seamanship and steps.sail_of(ship).template.seaman else 0
    faces = range(1, 7)
    return (sum(f + bonus >= t.close_hauled for f in faces),
            sum(f + bonus >= t.through for f in faces))


def drift_words(state: MowState, ship: CombatShip) -> str:
    """What a drift would do: 1" to 6" downwind, the lower of 2d6."""
    sail = steps.sail_of(ship)
    reroll = (", 1s re-rolled (seamanship)" if state.seamanship and sail.template.seaman
              else "")
    return (f'drifts the lower of 2d6 downwind (from {state.wind.name(state.grid)}): '
            f'1" {DRIFT_36[0] * 100 // 36}%, 3" or more {sum(DRIFT_36[2:]) * 100 // 36}%'
            f"{reroll}")


def move_info(state: MowState, ship: CombatShip, order: Order) -> OptionInfo:
    """A move option's label, detail and warning."""
    grid, wind = state.grid, state.wind
    sail = steps.sail_of(ship)
    turn, distance, anchor = steps.parse_move(order.arg)
    if order.verb == "anchor":
        heading = grid.turn(ship.heading, steps.pivot_points(grid)[turn])
        label = ("Hold" if turn == "ahead" else f"Swing {turn.rstrip('2')} "
                 f"{'2 points' if turn.endswith('2') else '1 point'}")
        keep = "raise anchor" if distance == "raise" else "stay at anchor"
        return OptionInfo(f"{label}, {keep}",
                          f"at anchor heading {grid.facing_name(heading)}; no drift"
                          + ("; she sails next turn" if distance == "raise" else ""))
    if order.verb == "recover":
        close, through = tack_odds(state, ship)
        c = sail_inches(sail.template, SailPoint.C, state.seamanship) * sail.rig // 100
        left = max(0, c - tables().tack_cost)
        return OptionInfo(f"Recover ({close}/6), {order.arg} if through",
                          f"roll: {through}/6 through the eye to {order.arg}, "
                          f"{close - through}/6 back close-hauled; then {left}\" at close "
                          f"reach ({c}\" less the tack's 2\"); else In Irons and drift",
                          f"{6 - close}/6: stays In Irons and drifts")
    heading, course = steps.turned(grid, ship, turn)
    where = steps.bearing_words(grid, heading, course)
    if order.verb == "row":
        inches = sail.template.oars if distance == "full" else steps.half_of(sail.template.oars)
        return OptionInfo(f"Row {turn}, {_DISTANCE_WORDS[distance]}"
                          + (" + anchor" if anchor else ""),
                          f'{inches}" {where}, whatever the wind; no drift')
    start, before = steps.sail_available(sail, grid, wind, ship.heading, state.seamanship,
                                         ship.course)
    point, inches = steps.sail_available(sail, grid, wind, heading, state.seamanship, course)
    name = ("Stay" if turn == "ahead" and distance == "stay"
            else f"{turn.title()}, {_DISTANCE_WORDS[distance]}")
    name += " + anchor" if anchor else ""
    if steps.in_irons(ship, grid, wind):
        return OptionInfo(name, "In Irons: no way under sail",
                          "" if anchor else "she drifts: " + drift_words(state, ship))
    if point is SailPoint.D and start is not SailPoint.D:
        close, through = tack_odds(state, ship)
        if before < tables().tack_cost:
            return OptionInfo(name, f'into the wind with under {tables().tack_cost}" of way',
                              "In Irons: she drifts")
        near, far = tack_bearings(grid, wind, ship.heading)
        return OptionInfo(
            name, f"into the wind, a tack: {through}/6 through {_close_hauled(grid, far)}, "
            f"{close - through}/6 back close-hauled {_close_hauled(grid, near)}; the tack "
            f"uses {tables().tack_cost}\"",
            f"{6 - close}/6: In Irons and drifts")
    want = {"full": inches, "half": steps.half_of(inches), "stay": 0}[distance]
    detail = f'{want}" {where}, {point.words} ({point.value}, {inches}" available)'
    warning = ""
    if want * 2 < inches or inches == 0:
        if anchor:
            detail += "; anchored: no drift"
        else:
            warning = "under half her way: she drifts"
    return OptionInfo(name, detail, warning)


def _close_hauled(grid: Grid, bearing: Bearing) -> str:
    """Where a tack leaves her: "to NE", or "to course 135 degrees" between facings."""
    heading, course = bearing
    if course is None:
        return f"to {grid.facing_name(heading)}"
    return f"to course {course:.0f} degrees"


def move_preview(state: MowState, ship: CombatShip, order: Order) -> Preview:
    """Where a move takes her without dice, and where a drift could carry her."""
    grid, board, wind = state.grid, state.board, state.wind
    sail = steps.sail_of(ship)
    info = move_info(state, ship, order)
    taken = steps.taken(state.ships, ship)
    quiet = Log(state.turn, loud=False)
    moved = ship
    if order.verb in ("sail", "row"):
        turn, distance, _ = steps.parse_move(order.arg)
        heading, course = steps.turned(grid, ship, turn)
        if order.verb == "row":
            inches = sail.template.oars if distance == "full" \
                else steps.half_of(sail.template.oars)
        else:
            point, avail = steps.sail_available(sail, grid, wind, heading, state.seamanship,
                                                course)
            inches = 0 if point is SailPoint.D or steps.in_irons(ship, grid, wind) else \
                {"full": avail, "half": steps.half_of(avail), "stay": 0}[distance]
        moved = steps.run(board, ship, heading, inches, taken, quiet, "sails", course) \
            if inches else ship
    path = tuple(grid.line(ship.cell, moved.cell)[1:]) if moved.cell != ship.cell else ()
    text = f"{info.label}: {info.detail}"
    overlays: list[tuple[Cell, str]] = []
    if info.warning and "drift" in info.warning:
        angle = (wind.bearing(grid) + 180.0) % 360.0
        reach = cells_for(steps.sail_of(moved).carry, 6, board.scale)[0]
        for cell in steps.drift_path(grid, moved.cell, angle, reach):
            if grid.in_bounds(cell):
                overlays.append((cell, "arc"))
        text += f"\n{drift_words(state, ship)}: up to {plural(reach, 'cell')}"
    return Preview(path, moved.cell, grid.facing_name(moved.heading), text, info.warning,
                   tuple(overlays))


def status(state: MowState) -> list[tuple[str, str]]:
    """(text, style) pieces of the status line: the initiative's order, who moves now."""
    if not state.order:
        return []
    return [("Order ", "dim"), (" > ".join(state.order), ""), ("  Moving ", "dim"),
            (state.order[state.group], "bold")]


#: The move that holds her course: straight ahead, her full move.
HOLD = "ahead/full"


class HoldsCourse(Presenter):
    """A Man-O-War pairing's presenter part: "hold course" reads her moves (straight on at
    her full move), which name no ``hold``."""

    def standing_options(self, key: str, state: GameState,
                         decision: Decision) -> tuple[Order, ...] | str:
        if key == HOLD_COURSE.key and decision.kind == "move":
            return hold_course(decision)
        return super().standing_options(key, state, decision)


def hold_course(decision: Decision) -> tuple[Order, ...] | str:
    """The move a "hold course" standing order plays (straight on, her full move), or why
    there is none (in irons, at anchor)."""
    return tuple(o for o in decision.options if o.verb == "sail" and o.arg == HOLD) \
        or "she cannot sail straight on now"
