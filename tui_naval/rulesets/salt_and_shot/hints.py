"""Salt and Shot's hints: its sailing's and combat turn's, its gunnery's, the wind gauge's
and the battle's own."""

from __future__ import annotations

from collections.abc import Sequence

from tui_naval.core.hints import Hint, Hints, hints
from tui_naval.core.state import Event, GameState, GoalKind
from tui_naval.systems.gunnery.kyngesreach.hints import GUNNERY
from tui_naval.systems.gunnery.kyngesreach.tables import tables
from tui_naval.systems.sailing.salt_n_tar.hints import COMBAT_TURN, SAILING


def _intro(state: GameState, side: str) -> Sequence[Hint]:
    if state.goal.kind != GoalKind.BATTLE:
        return ()
    own = ", ".join(f"{s.id} {s.name}" for s in state.ships if s.side == side)
    foes = ", ".join(f"{s.id} {s.name}" for s in state.ships if s.side != side)
    return (Hint("intro", "The battle",
                 f"You command {own} ({side}) against {foes}. Sink, dismast or beat her into "
                 f"striking within {state.goal.turns} turns; at the limit the stronger side "
                 f"wins. A turn: luck, the wind gauge, the first half move, broadsides, "
                 f"reloading, the second half move, sails."),)


def _gauge(state: GameState, event: Event, side: str) -> Sequence[Hint]:
    if event.ship:  # (a ship's own roll for it: the result follows)
        return ()
    t = tables()
    return (Hint("gauge", "The wind gauge",
                 f"{event.text}. Each turn the sides contest the initiative: Weather Sense "
                 f"on the first turn, then Seamanship. The holder moves after the other side "
                 f"in each half move, seeing where she went, and fires first with "
                 f"{t.holder_gunner:+d} to the Gunner roll; on a tie both fire together at "
                 f"{t.tie_gunner:+d}."),)


HINTS: Hints = SAILING.joined(COMBAT_TURN, GUNNERY,
                              hints(events={"gauge": _gauge}, intro=_intro))
