"""A player's record: how many games she has played to their end, and won.

Kept beside her saves (``games.record``, JSON: over SSH each player's saves folder is
her own), so a player who has finished no game yet meets the easy admiral unless she
chooses another (``opponent``).  The record is a convenience: one that cannot be read
counts as no games, and one that cannot be written is left as it was.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from attrs import evolve

from tui_naval.ai.players import DEFAULT_OPPONENT
from tui_naval.core.saves import write_atomic
from tui_naval.core.values import frozen

FILE_NAME = "games.record"

#: The admiral a player meets until she has finished a game.
FIRST_OPPONENT = "easy"


@frozen
class Record:
    """Games played to their end (a result: won, lost or drawn), and how many were won."""

    finished: int = 0
    won: int = 0

    @property
    def newcomer(self) -> bool:
        return self.finished == 0


def record_path(folder: Path) -> Path:
    return folder / FILE_NAME


def read_record(folder: Path) -> Record:
    """The record kept in ``folder`` (an empty one when there is none, or it is unreadable)."""
    try:
        data = json.loads(record_path(folder).read_text(encoding="utf-8"))
        finished, won = data["finished"], data["won"]
    except (OSError, ValueError, TypeError, KeyError):
        return Record()
    if not (isinstance(finished, int) and isinstance(won, int) and 0 <= won <= finished):
        return Record()
    return Record(finished, won)


def note_finished(folder: Path, won: bool) -> Record:
    """Count a game played to its end (``won`` by the player); the record as it now is.
    A record that cannot be written stays as it was (never an error for the player)."""
    record = read_record(folder)
    record = evolve(record, finished=record.finished + 1, won=record.won + int(won))
    with contextlib.suppress(OSError):
        write_atomic(record_path(folder),
                     json.dumps({"finished": record.finished, "won": record.won}) + "\n")
    return record


def opponent(chosen: str, folder: Path) -> str:
    """The admiral of a new game: the one chosen (``--ai``, the new-game screen), else the
    easy one for a player who has finished no game, else the normal one."""
    if chosen:
        return chosen
    return FIRST_OPPONENT if read_record(folder).newcomer else DEFAULT_OPPONENT
