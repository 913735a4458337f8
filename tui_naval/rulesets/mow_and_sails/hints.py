"""Man-O-War sailing with Ships & Sails gunnery: its sailing's hints and its gunnery's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui_naval.core.hints import Hint, Hints, hints
from tui_naval.systems.gunnery.ships_and_sails.hints import GUNNERY
from tui_naval.systems.sailing.man_o_war.hints import SAILING, battle_intro


def _intro(state: Any, side: str) -> Sequence[Hint]:
    return (battle_intro(state, side, "Ships & Sails': aimed at a hex, its pattern rolled "
                         "for every enemy lying in it"),)


HINTS: Hints = SAILING.joined(GUNNERY, hints(intro=_intro))
