"""The wind gauge's hint, for every ruleset that contests it (``core.hints``): what its
holder gains, with the numbers of the game in play; each ruleset says how the gauge is
contested and what else its holder does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui_naval.core.hints import EventRule, Hint
from tui_naval.core.state import Event
from tui_naval.systems.initiative.wind_gauge import GunnerModifiers


def gauge_hint(contest: str, holder: str, gunner: GunnerModifiers) -> EventRule:
    """The hint on the gauge's first award: ``contest`` (a sentence: how it is contested),
    ``holder`` (what its holder does besides firing first) and the ``gunner`` modifiers
    (the gunnery's)."""

    def rule(state: Any, event: Event, side: str) -> Sequence[Hint]:
        if event.ship:  # (a ship's own roll for it: the result follows)
            return ()
        return (Hint("gauge", "The wind gauge",
                     f"{event.text}. {contest} The holder {holder} and fires first, at "
                     f"{gunner.holder_gunner:+d} to the Gunner roll; on a tie both fire "
                     f"together at {gunner.tie_gunner:+d}."),)

    return rule
