"""Kyngesreach gunnery's hints: range, arcs and broadsides, ammunition and reloading,
hits, with the numbers of the game in play (``core.hints``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tui_naval.core.hints import Hint, Hints, hints, of_side, own_ships_only
from tui_naval.core.orders import Decision
from tui_naval.core.state import Event
from tui_naval.systems.gunnery.kyngesreach.tables import AMMO_NAMES, BANDS, Ammo, tables


def bands_text() -> str:
    """``Close (2 cells, +1), Standard (5, +0), Long (9, -2, at most 50% hit)...``."""
    t = tables()
    out = []
    for band in BANDS:
        info = t.bands[band]
        cap = f", at most {info.cap}% of the guns hit" if info.cap < 100 else ""
        out.append(f"{info.name} up to {info.cells} cells ({info.modifier:+d}{cap})")
    return "; ".join(out)


def _target(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    arc_from, arc_to = tables().arc
    return (Hint("broadside", "Broadsides and range",
                 f"A battery fires to one side only: at a ship {arc_from} to {arc_to} degrees "
                 f"off her bow, on that beam (the map shades its reach). Range changes the "
                 f"Gunner roll: {bands_text()}. The line beside the list gives the odds: the "
                 f"chance of at least one hit, and the hits to expect. Hold fire to keep the "
                 f"guns loaded for a better shot."),)


def _ammo(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    t = tables()
    others = ", ".join(AMMO_NAMES[a] for a in Ammo if a is not Ammo.ROUND)
    return (Hint("ammo", "Ammunition",
                 f"Each battery is asked what it loads next. {AMMO_NAMES[Ammo.ROUND].capitalize()}"
                 f" holes the hull at any range; {others} fire only at Close or Standard "
                 f"range and aim at the rigging, masts or crew. Keep: a loaded battery stays "
                 f"loaded, an empty one reloads the same shot in {t.reload_same} turns; a new "
                 f"kind takes {t.reload_empty_new} turns ({t.reload_loaded_new} if it was "
                 f"loaded)."),)


def _aim(state: Any, decision: Decision, side: str) -> Sequence[Hint]:
    return (Hint("aim", "Aiming",
                 "Choose where the broadside goes: the odds beside each aim say how likely "
                 "it is to hit and what it damages. Hold keeps the guns loaded."),)


def _range(state: Any, event: Event, side: str) -> Sequence[Hint]:
    return (Hint("range", "In range", f"{event.text}. {bands_text()}."),)


def _hit(state: Any, event: Event, side: str) -> Sequence[Hint]:
    mine = of_side(state, event, side)
    whose = "your ship" if mine else "the enemy"
    return (Hint("hits", "Hits",
                 f"Hits on {whose}: each falls on a place (hull, rigging, crew, guns...). "
                 f"Select a ship, or look at her on the map, to read her condition."),)


@own_ships_only
def _reload(state: Any, event: Event, side: str) -> Sequence[Hint]:
    return (Hint("reload", "Reloading",
                 f"{event.text}. A battery that has fired is empty until it has reloaded; "
                 f"the ship panel counts the turns."),)


GUNNERY: Hints = hints(
    decisions={"target": _target, "ammo": _ammo, "aim": _aim},
    events={"range": _range, "hit": _hit, "ammo": _reload, "reload": _reload},
)
