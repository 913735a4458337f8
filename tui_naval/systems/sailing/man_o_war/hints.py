"""Man-O-War Advanced Sailing's hints: sail points, the move, tacking and In Irons, drift and
the anchor, the initiative and the wind's shifts, with the numbers of the game in play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui_naval.core.hints import Hint, Hints, hints, own_ships_only, ships_named
from tui_naval.core.orders import Decision
from tui_naval.core.state import Event
from tui_naval.systems.sailing.man_o_war.tables import tables


def battle_intro(state: Any, side: str, gunnery: str) -> Hint:
    """The opening hint of a battle under Man-O-War's sailing and ``gunnery`` (a few words
    on how its broadsides go)."""
    own = ships_named(state, side)
    return Hint("intro", "The battle",
                f"You command {own} ({side}). Each turn every navy rolls for the initiative "
                "and the highest moves and fires first: each of its ships moves in turn, "
                f"then its broadsides fly ({gunnery}). Then every ship may change her "
                "ammunition. The battle ends when one navy alone has ships in action, or at "
                f"{state.goal.turns} turns, when the navy keeping the most of its strength "
                "wins.")


def _move(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    t = tables()
    if any(o.verb == "recover" for o in decision.options):
        return (Hint("irons", "In Irons",
                     "Head to wind, she has no way. Roll to recover: on a "
                     f"{t.through} she falls off through the eye onto the line the order "
                     f"names, on a {t.close_hauled} back close-hauled, and sails at close "
                     f"reach less the tack's {t.tack_cost}\"; else she stays In Irons and "
                     "drifts (each option's line gives her own odds). Or wait, or drop "
                     "anchor so as not to drift."),)
    return (Hint("sail-points", "Sail points",
                 "Her speed is set by the wind's angle off her heading: head to wind (under "
                 "45 degrees) none, close reach a third of her best, broad reach her best, "
                 "running two thirds. She turns one point, then sails her full move, half or "
                 "none; using under half her way she drifts downwind, unless she drops "
                 f"anchor. Turning into the wind is a tack: a d6, {t.through} through the "
                 f"eye, {t.close_hauled} back close-hauled (either uses {t.tack_cost}\"), "
                 "else In Irons. The line beside each option gives her speed or her odds."),)


def _initiative(state: Any, event: Event, side: str) -> Sequence[Hint]:
    return (Hint("initiative", "The initiative",
                 f"{event.text}. Every navy rolls a d6 each turn: the highest moves and "
                 "fires first. When the two commanders tie, the wind shifts by the value "
                 "they tied on (the wind rose shows it), and they roll again."),)


@own_ships_only
def _drift(state: Any, event: Event, side: str) -> Sequence[Hint]:
    return (Hint("drift", "Drift",
                 f"{event.text}. A ship that used less than half her way drifts the lower "
                 "of 2d6 in inches, downwind; one at anchor or under oars does not."),)


SAILING: Hints = hints(decisions={"move": _move},
                       events={"initiative": _initiative, "drift": _drift})
