"""Ships & Sails' hints: its plotted move, its gunnery (aimed where the enemy will sail),
and how a battle is won."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui_naval.core.hints import Hint, Hints, hints, ships_named
from tui_naval.core.orders import Decision
from tui_naval.systems.gunnery.ships_and_sails.hints import GUNNERY_PLOTTED


def _intro(state: Any, side: str) -> Sequence[Hint]:
    own = ships_named(state, side)
    return (Hint("intro", "The battle",
                 f"You command {own} ({side}). Every turn each ship is given her orders in "
                 "secret: her move, her ammunition and, loaded, the hex she aims at; then "
                 "the wind is rolled, all ships move together and every broadside fires at "
                 "once. The last side afloat (or able to manoeuvre) wins; at "
                 f"{state.goal.turns} turns, the side with the least damage."),)


def _move(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    return (Hint("plot", "Plotting the move",
                 "A move is a letter a hex: F ahead, L and R into the hex ahead-left or "
                 "ahead-right (a hexside's turn). The letters are her speed, which changes "
                 "by at most her MAX change a turn; the turns are limited too. The wind, "
                 "her point of sail, sails and hull cap her speed, and the wind is rolled "
                 "after the orders: it may cut the move short. Ships that meet collide. "
                 "Type / and letters to narrow a long list."),)


HINTS: Hints = hints(decisions={"move": _move}, intro=_intro).joined(GUNNERY_PLOTTED)
