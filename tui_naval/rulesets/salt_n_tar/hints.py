"""Salt'n'Tar's hints: its sailing system's, and the race's and the chase's own."""

from __future__ import annotations

from collections.abc import Sequence

from tui_naval.core.hints import Hint, Hints, hints, of_side, ships_named
from tui_naval.core.state import Event, GameState, GoalKind
from tui_naval.systems.sailing.salt_n_tar.hints import SAILING


def _intro(state: GameState, side: str) -> Sequence[Hint]:
    goal = state.goal
    others = " and ".join(s for s in state.sides if s != side)
    you = f"You sail {ships_named(state, side)} ({side}); {others} is the other captain."
    turn = "Each turn: a luck die if you want one, your helm order, then sails and anchor."
    if goal.kind == GoalKind.RACE:
        marks = " > ".join(goal.course)
        return (Hint("intro", "The race",
                     f"{you} Round the marks {marks} in order, passing within "
                     f"{goal.rounding} cell{'s' * (goal.rounding != 1)} of each; the last "
                     f"is the finish. {goal.turns} turns at most. {turn}"),)
    if goal.kind == GoalKind.CHASE:
        quarry = "You are the quarry" if goal.quarry == side else f"{goal.quarry} is the quarry"
        return (Hint("intro", "The chase",
                     f"{you} {quarry}: it escapes by the {goal.escape} edge or by lasting "
                     f"{goal.turns} turns, and is caught by a hunter within {goal.catch} "
                     f"cell{'s' * (goal.catch != 1)}. {turn}"),)
    return ()


def _mark(state: GameState, event: Event, side: str) -> Sequence[Hint]:
    mine = of_side(state, event, side)
    who = "Well done" if mine else "The other ship is ahead"
    return (Hint("mark", "A mark rounded",
                 f"{event.text}. {who}: the next mark is highlighted on the map; the status "
                 f"line and the ship panel name it."),)


def _finish(state: GameState, event: Event, side: str) -> Sequence[Hint]:
    return (Hint("finish", "The finish", f"{event.text}"),)


HINTS: Hints = SAILING.joined(hints(events={"mark": _mark, "finish": _finish}, intro=_intro))
