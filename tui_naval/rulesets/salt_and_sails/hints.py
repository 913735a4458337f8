"""Salt and Sails' hints: its sailing's and its combat turn's, and Ships & Sails gunnery's."""

from __future__ import annotations

from collections.abc import Sequence

from tui_naval.core.hints import Hint, Hints, hints, ships_named
from tui_naval.core.state import GameState, GoalKind
from tui_naval.systems.gunnery.ships_and_sails.hints import GUNNERY
from tui_naval.systems.sailing.salt_n_tar.hints import COMBAT_TURN, SAILING


def _intro(state: GameState, side: str) -> Sequence[Hint]:
    if state.goal.kind != GoalKind.BATTLE:
        return ()
    own = ships_named(state, side)
    return (Hint("intro", "The battle",
                 f"You command {own} ({side}). A turn: luck, the first half move, the "
                 "broadsides aimed at hexes while every ship lies still, ammunition, the "
                 "second half move, sails. The last side with a ship in action wins; at "
                 f"{state.goal.turns} turns, the side with more of its strength left."),)


HINTS: Hints = SAILING.joined(COMBAT_TURN, GUNNERY, hints(intro=_intro))
