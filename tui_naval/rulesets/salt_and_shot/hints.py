"""Salt and Shot's hints: its sailing's and combat turn's, its gunnery's, the wind gauge's
and the battle's own."""

from __future__ import annotations

from collections.abc import Sequence

from tui_naval.core.hints import Hint, Hints, hints, ships_named
from tui_naval.core.state import GameState, GoalKind
from tui_naval.systems.gunnery.kyngesreach.gauge import CREWS
from tui_naval.systems.gunnery.kyngesreach.hints import GUNNERY
from tui_naval.systems.initiative.hints import gauge_hint
from tui_naval.systems.sailing.salt_n_tar.hints import COMBAT_TURN, SAILING


def _intro(state: GameState, side: str) -> Sequence[Hint]:
    if state.goal.kind != GoalKind.BATTLE:
        return ()
    own = ships_named(state, side)
    foes = ships_named(state, side, theirs=True)
    return (Hint("intro", "The battle",
                 f"You command {own} ({side}) against {foes}. Sink, dismast or beat her into "
                 f"striking within {state.goal.turns} turns; at the limit the stronger side "
                 f"wins. A turn: luck, the wind gauge, the first half move, broadsides, "
                 f"reloading, the second half move, sails."),)


HINTS: Hints = SAILING.joined(COMBAT_TURN, GUNNERY,
                              hints(events={"gauge": gauge_hint(
                                  "Each turn the sides contest the initiative: Weather Sense "
                                  "on the first turn, then Seamanship.",
                                  "moves after the other side in each half move, seeing "
                                  "where she went,", CREWS)}, intro=_intro))
