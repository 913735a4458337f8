"""Recordings to watch again that are not a save file: a voyage's leg from the hall of
fame."""

from __future__ import annotations

import json

from tui_naval.core.history import Game
from tui_naval.core.replay import Recording
from tui_naval.core.saves import SaveError
from tui_naval.voyage.chart import Place
from tui_naval.voyage.hall import Hall, HallError, hall_path
from tui_naval.voyage.store import from_record


def hall_recording(entry_id: int, leg: int | None = None) -> Recording:
    """A leg of a voyage in the hall of fame (its last fought by default), as a
    recording: its record replayed (SaveError in one line if it cannot be).  ``leg`` is
    the voyage's leg number, as its morgue numbers the legs (ports and storms count)."""
    where = f"hall of fame entry {entry_id}"
    try:
        entry = Hall(hall_path()).get(entry_id)
    except HallError as exc:
        raise SaveError(str(exc)) from None
    if entry is None:
        raise SaveError(f"the hall of fame has no entry {entry_id}")
    try:
        doc = json.loads(entry.record)
    except ValueError:
        raise SaveError(f"{where}: its record is not JSON") from None
    fought: list[tuple[Place, Game]] = []
    from_record(doc, where, fought)
    if not fought:
        raise SaveError(f"{where}: the voyage fought no leg (its storms and ports are in its "
                        "morgue file)")
    # A leg is numbered as the voyage numbers it (its morgue, its screen's "leg 3 of 7"):
    # by the chart's column, ports and storms counted, though they fought no game.
    by_leg = {place.column: (place, game) for place, game in fought}
    number = max(by_leg) if leg is None else leg
    if number not in by_leg:
        legs = ", ".join(str(n) for n in sorted(by_leg))
        raise SaveError(f"{where}: no leg {number} fought (legs fought: {legs}; the rest "
                        "were ports and storms, or not sailed)")
    place, game = by_leg[number]
    side = game.state.sides[0]
    seats = {s: (entry.name or "the captain") if s == side else "the enemy"
             for s in game.state.sides}
    return Recording.from_game(game, seats, title=place.name)
