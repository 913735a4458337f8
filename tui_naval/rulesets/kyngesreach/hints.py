"""Kyngesreach's hints: its gunnery's, the wind gauge's, and the holder's range and battery,
with the numbers of the game in play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui_naval.core.hints import Hint, Hints, hints, ships_named
from tui_naval.core.orders import Decision
from tui_naval.systems.gunnery.kyngesreach.gauge import CREWS
from tui_naval.systems.gunnery.kyngesreach.hints import GUNNERY, bands_text
from tui_naval.systems.initiative.hints import gauge_hint


def _intro(state: Any, side: str) -> Sequence[Hint]:
    own = ships_named(state, side)
    foes = ships_named(state, side, theirs=True)
    return (Hint("intro", "The battle",
                 f"You command {own} ({side}) against {foes}. There is no sailing: the "
                 "squadrons' position is their range. Each round the sides contest the wind "
                 "gauge; its holder may change the range and chooses the battery, then the "
                 "broadsides fly and the batteries reload. Sink, dismast or beat the enemy "
                 f"into striking within {state.goal.turns} rounds; at the limit the stronger "
                 "side wins."),)


def _weather(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    return (Hint("weather", "Reading the weather",
                 "Name the officer who reads the weather (Weather Sense): the better reading "
                 "takes the wind gauge for round 1, and each side keeps its reading's "
                 "modifier in every later contest for the gauge."),)


def _range(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    return (Hint("range-choice", "Close, open or hold",
                 "You hold the gauge: try to shift the range one band (a Seamanship roll), "
                 f"or hold it. {bands_text()}. Chain, bar and grape fire only at Close or "
                 "Standard range."),)


def _battery(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    return (Hint("battery", "Port or starboard",
                 "The lines fight on parallel courses: when you engage with one battery, "
                 "every enemy ship faces you with her other one. Wear round to bring your "
                 "loaded guns against her empty side; the prompt says which are loaded."),)


HINTS: Hints = GUNNERY.joined(hints(
    decisions={"weather": _weather, "range": _range, "battery": _battery},
    events={"gauge": gauge_hint(
        "From round 2 the flagships contest it by Seamanship (with Tactics, handling and "
        "damage).", "may try to change the range, chooses the battery", CREWS)},
    intro=_intro))
