"""What the TUI shows about a decision's options: labels, previews, charts.

Everything ruleset-specific the screens need lives behind the few functions
here (``option_info``, ``helm_preview``, ``next_mark``, ``progress_series``);
a ruleset without an entry still plays, with plainer prompts.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from attrs import frozen

from tui_naval.core.dice import Chance
from tui_naval.core.grid import Cell
from tui_naval.core.history import Game
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState


@frozen
class OptionInfo:
    """How a prompt shows one option: a short label, a line of detail, a warning."""

    label: str
    detail: str = ""
    warning: str = ""


@frozen
class Preview:
    """Where a helm order would take the ship, ignoring the other ships."""

    path: tuple[Cell, ...]
    end: Cell
    heading: str
    text: str
    warning: str = ""


# -- option labels ---------------------------------------------------------------

_SALT_LABELS = {
    "luck roll": OptionInfo("Roll the luck die", "see the table: a 6 marks Strain"),
    "luck pass": OptionInfo("Pass", "sail by the overall Wind Speed"),
    "hold": OptionInfo("Hold course", "keep the present heading"),
    "port 1": OptionInfo("Port 1 point", "turn one point to port (left)"),
    "port 2": OptionInfo("Port 2 points", "turn two points to port", "two-point turn: +1 Strain"),
    "starboard 1": OptionInfo("Starboard 1 point", "turn one point to starboard (right)"),
    "starboard 2": OptionInfo("Starboard 2 points", "turn two points to starboard",
                              "two-point turn: +1 Strain"),
    "keep": OptionInfo("Keep as she is", "no change to sails or anchor"),
    "reef": OptionInfo("Reef", "half speed from next turn; no gale Strain"),
    "unreef": OptionInfo("Shake out the reef", "full sail again next turn"),
    "furl": OptionInfo("Furl sails", "she drifts downwind until sail is set"),
    "set-sail": OptionInfo("Set sail", "takes two turns"),
    "anchor": OptionInfo("Anchor", "bites in two turns",
                         "with sails set: an immediate Strain Roll"),
    "weigh": OptionInfo("Weigh anchor", "up anchor, then set sail (three turns)"),
}


def _order_key(order: Order) -> str:
    return f"{order.verb} {order.arg}".strip()


def option_info(state: GameState, decision: Decision, order: Order) -> OptionInfo:
    """The label, detail and any warning of one option of a decision."""
    if state.ruleset == "salt-n-tar":
        info = _SALT_LABELS.get(_order_key(order))
        if info is not None:
            if order.verb == "anchor" and not _sails_set(state, order.ship):
                return OptionInfo(info.label, info.detail)
            return info
    return OptionInfo(str(order))


def _sails_set(state: GameState, ship_id: str) -> bool:
    ship: Any = state.ship(ship_id)
    return str(getattr(ship, "sails", "set")) in ("set", "reefed")


# -- chance tables ---------------------------------------------------------------

def chance_rows(chance: Chance) -> list[tuple[str, str, str]]:
    """(faces, odds, effect) rows of a chance table, equal neighbours merged."""
    rows: list[tuple[list[int], Fraction, str]] = []
    for outcome in chance.outcomes:
        if rows and rows[-1][2] == outcome.effect and rows[-1][0][-1] == outcome.value - 1:
            faces, odds, effect = rows[-1]
            rows[-1] = ([*faces, outcome.value], odds + outcome.probability, effect)
        else:
            rows.append(([outcome.value], outcome.probability, outcome.effect))
    out = []
    for faces, odds, effect in rows:
        face = str(faces[0]) if len(faces) == 1 else f"{faces[0]}-{faces[-1]}"
        out.append((face, f"{odds.numerator}/{odds.denominator}", effect or "-"))
    return out


# -- helm previews ---------------------------------------------------------------

PreviewFn = Callable[[GameState, Order], Preview | None]


def _salt_preview(state: Any, order: Order) -> Preview | None:
    from tui_naval.ai.salt_n_tar import project
    from tui_naval.rulesets.salt_n_tar.rules import HELM
    from tui_naval.rulesets.salt_n_tar.sailing import Way, motion
    from tui_naval.rulesets.salt_n_tar.tables import tables

    points = HELM.get(_order_key(order))
    if points is None:
        return None
    ship = state.ship(order.ship)
    grid = state.grid
    proj = project(state, ship, points)
    end, facing = _projected(proj)
    move = motion(ship, tables().ships[ship.kind], grid, state.wind, heading=facing)
    path: list[Cell] = []
    for cell in grid.ray(ship.cell, move.direction, max(proj.steps, 40)):
        if not grid.in_bounds(cell):
            break
        path.append(cell)
        if cell == end:
            break
    if end not in path:
        path = []
    if proj.done and proj.steps:
        path = path[:proj.steps]
    heading = grid.facing_name(facing)
    moved = len(path)
    if move.way is Way.SAIL or move.way is Way.GALE or move.way is Way.BACKWARDS:
        how = f"{move.way.value}, {move.reason}"
    else:
        how = f"{move.way.value} ({move.reason})"
    text = f"ends at {end} heading {heading}, {moved} cell{'s' * (moved != 1)}; {how}"
    if proj.done:
        text += "; reaches the goal!"
    warning = ""
    if proj.strain:
        warning = f"+{proj.strain} Strain"
        if abs(points) == 2:
            warning += " (two-point turn)"
    return Preview(tuple(path), end, heading, text, warning)


def _projected(proj: Any) -> tuple[Cell, int]:
    """End cell and heading of a Salt'n'Tar projection (older ones carried a whole ship)."""
    if hasattr(proj, "cell"):
        return proj.cell, proj.heading
    return proj.ship.cell, proj.ship.heading


PREVIEWS: dict[str, PreviewFn] = {"salt-n-tar": _salt_preview}


def helm_preview(state: GameState, order: Order) -> Preview | None:
    """Where ``order`` would take its ship this turn, or None if it is no helm order."""
    fn = PREVIEWS.get(state.ruleset)
    if fn is None:
        return None
    try:
        return fn(state, order)
    except (KeyError, ValueError):
        return None


# -- map hints -------------------------------------------------------------------

def next_mark(state: GameState, ship_id: str | None) -> str | None:
    """The label of the next mark a ship must round in a race, if any."""
    if ship_id is None or not state.goal.course:
        return None
    try:
        ship: Any = state.ship(ship_id)
    except KeyError:
        return None
    rounded = getattr(ship, "rounded", None)
    if rounded is None or rounded >= len(state.goal.course):
        return None
    label: str = state.goal.course[rounded]
    return label


# -- charts ----------------------------------------------------------------------

def turn_states(game: Game) -> list[GameState]:
    """The state at the first decision of each turn, and the last state."""
    out: list[GameState] = []
    for state in game.states():
        if not out or state.turn != out[-1].turn:
            out.append(state)
    if game.state is not out[-1]:
        out.append(game.state)
    return out


def progress_series(game: Game) -> tuple[str, dict[str, list[float]]]:
    """A chart's title and, per side, one figure per turn (lower is better where it says)."""
    states = turn_states(game)
    if game.state.ruleset == "salt-n-tar":
        from tui_naval.ai.salt_n_tar import distance_to_goal

        series: dict[str, list[float]] = {side: [] for side in game.state.sides}
        state: Any
        for state in states:
            for side in state.sides:
                ships: list[Any] = [s for s in state.ships if s.side == side and s.afloat]
                done = [s for s in ships if getattr(s, "finished", 0) or getattr(s, "escaped", 0)]
                if done:
                    value = 0.0
                elif ships:
                    value = min(distance_to_goal(state, s, s.cell, s.rounded) for s in ships)
                else:
                    value = series[side][-1] if series[side] else 0.0
                series[side].append(round(min(value, 999.0), 1))
        return "distance to go (cells), turn by turn", series
    afloat = {side: [float(sum(1 for s in st.ships if s.side == side and s.afloat))
                     for st in states] for side in game.state.sides}
    return "ships afloat, turn by turn", afloat
