"""How Salt'n'Tar presents itself: option labels, the helm's preview, the next mark,
a chart of the distance to go."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from tui_naval.core.engine import HIDDEN, Decide, Goto, Log
from tui_naval.core.grid import Cell
from tui_naval.core.messages import plural
from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import (
    HOLD_COURSE,
    OptionInfo,
    Presenter,
    Preview,
    Series,
    StandingOffer,
)
from tui_naval.core.state import GameState, ShipBase
from tui_naval.rulesets.salt_n_tar.advisor import distance_to_goal
from tui_naval.rulesets.salt_n_tar.projection import project
from tui_naval.rulesets.salt_n_tar.rules import RULESET, TURN
from tui_naval.rulesets.salt_n_tar.state import SaltShip, SaltState
from tui_naval.systems.fields import FAR
from tui_naval.systems.sailing.salt_n_tar import present as sailing
from tui_naval.systems.sailing.salt_n_tar.motion import Way, motion
from tui_naval.systems.sailing.salt_n_tar.steps import HELM

#: The rules' own move: every ship's helm, then all move together.
_MOVE = next(step for step in TURN.steps if isinstance(step, Decide) and step.name == "move").close


class SaltPresenter(Presenter):
    """Salt'n'Tar's races and chases."""

    standing: ClassVar[Mapping[str, tuple[StandingOffer, ...]]] = {"move": (HOLD_COURSE,)}
    styles: ClassVar[Mapping[str, str]] = {**sailing.STYLES, "mark": "bold yellow",
                                           "finish": "bold yellow", "escape": "bold yellow"}
    emphasised: ClassVar[frozenset[str]] = frozenset({"finish"})

    def option_info(self, state: GameState, decision: Decision, order: Order) -> OptionInfo:
        ship: SaltShip = state.ship(order.ship)  # type: ignore[assignment]
        return sailing.sailing_info(ship, order, state.wind) or OptionInfo(str(order))

    def preview(self, state: GameState, order: Order) -> Preview | None:
        """Where a helm order takes the ship this turn: every ship moves at once (the
        rules' own move), those whose orders are not known holding course; the text says
        so, and where a ship alone would have gone when the others change her move."""
        points = HELM.get(f"{order.verb} {order.arg}".strip())
        if points is None or not isinstance(state, SaltState):
            return None
        ship = state.ship(order.ship)
        grid = state.grid
        proj = project(state, ship, points)
        facing = proj.heading
        move = motion(ship.sail, grid, state.wind, facing)
        known = {o.ship: o for o in state.plotted if o.verb != HIDDEN}
        guessed = {s.id for s in state.ships
                   if s.at_sea and s.id != ship.id and s.id not in known}
        orders = tuple(known.get(s.id, Order(s.id, "hold")) for s in state.ships
                       if s.at_sea and s.id != ship.id)
        after = _MOVE(state, (*orders, order), Log(state.turn, loud=False))
        if isinstance(after, Goto):
            after = after.state
        moved = after.ship(ship.id)
        done = proj.done if moved.cell == proj.cell else moved.progress.done
        end = moved.cell
        path: list[Cell] = []
        for cell in grid.ray(ship.cell, move.direction, max(proj.steps, 40)):
            if not grid.in_bounds(cell):
                break
            path.append(cell)
            if cell == end:
                break
        if end not in path:
            path = []
        if done and proj.steps and moved.cell == proj.cell:
            path = path[:proj.steps]
        heading = grid.facing_name(facing)
        if move.way in (Way.SAIL, Way.GALE, Way.BACKWARDS):
            how = f"{move.way.value}, {move.reason}"
        else:
            how = f"{move.way.value} ({move.reason})"
        text = f"ends at {end} heading {heading}, {plural(len(path), 'cell')}; {how}"
        if done:
            text += "; reaches the goal!"
        if proj.cell != end:
            text += f" (if the others stood still: {proj.cell})"
        text += "\n" + sailing.assumed(state, after, ship.id, guessed)
        words = sailing.legend(text, state.board.scale)
        if words:
            text += "\n" + words
        warnings = []
        strain = moved.sail.strain - ship.sail.strain
        if strain > 0:
            warnings.append(sailing.strain_warning(strain, int(abs(points) == 2), move.strain,
                                                   "two-point turn"))
        return Preview(tuple(path), end, heading, text, "; ".join(warnings))

    def ship_done(self, state: GameState, ship: ShipBase) -> str:
        """Her departure's words ("finished", "escaped") while she is afloat."""
        if not isinstance(state, SaltState) or not ship.afloat:
            return ""
        left = RULESET.departure(state, ship)
        return left.words(ship) if left is not None else ""

    def next_mark(self, state: GameState, ship_id: str | None) -> str | None:
        if ship_id is None or not state.goal.course or not isinstance(state, SaltState):
            return None
        rounded = state.ship(ship_id).progress.rounded
        if rounded >= len(state.goal.course):
            return None
        return state.goal.course[rounded]

    def progress(self, states: Sequence[GameState]) -> Series:
        """Each side's nearest ship's distance to its goal, turn by turn."""
        sides = states[-1].sides
        series: dict[str, list[float]] = {side: [] for side in sides}
        for state in states:
            assert isinstance(state, SaltState)
            for side in sides:
                ships = [s for s in state.ships if s.side == side and s.afloat]
                if any(s.progress.done for s in ships):
                    value = 0.0
                elif ships:
                    value = min(distance_to_goal(state, s, s.cell, s.progress.rounded)
                                for s in ships)
                    if value >= FAR / 2 and series[side]:
                        # No way there by sea this turn (the quarry where the hunter cannot
                        # sail): keep the last figure rather than flatten the chart.
                        value = series[side][-1]
                else:
                    value = series[side][-1] if series[side] else 0.0
                series[side].append(round(min(value, 999.0), 1))
        return Series("distance to go (cells), turn by turn",
                      tuple((side, tuple(v)) for side, v in series.items()))


PRESENTER = SaltPresenter()
