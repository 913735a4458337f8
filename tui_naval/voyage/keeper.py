"""A voyage being sailed: the voyage, the leg being fought, and its one save, written
after every decision and on quit, hang-up or crash (the TUI's app asks ``save``); at the
end its morgue, its hall-of-fame entry and the save's removal."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from tui_naval.core.history import Game
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.saves import SaveError
from tui_naval.rulesets import find_entry, load
from tui_naval.voyage.store import record, remove_voyage, save_voyage
from tui_naval.voyage.voyage import OVER, Voyage, conclude


class VoyageKeeper:
    """A voyage in play and where it is saved."""

    def __init__(self, voyage: Voyage, ship: str, path: Path | None,
                 game: Game | None = None) -> None:
        self.voyage = voyage
        self.ship = ship
        #: Where it is saved; None for a voyage only watched (the AI captains it: it is
        #: neither saved nor scored).
        self.path = path
        self.game = game
        self.ruleset: Ruleset[Any] = load(find_entry(voyage.ruleset))
        #: Once over: the hall-of-fame rank and the morgue file (or why it failed).
        self.rank: int | None = None
        self.morgue: str = ""
        self.ended_note: str = ""

    def save(self) -> str:
        """Write the save ("" or the one-line reason it failed; the last save stays)."""
        if self.voyage.stage == OVER or self.path is None:
            return ""
        try:
            save_voyage(self.voyage, self.ship, self.game, self.path)
        except SaveError as exc:
            return str(exc)
        return ""

    def leg_over(self) -> None:
        """The leg's game has ended: read its end into the voyage."""
        if self.game is None or self.game.state.outcome is None:
            return
        self.voyage = conclude(self.voyage, self.ruleset, self.game.state, self.game.orders)
        if self.voyage.stage != OVER:
            self.game = None

    def finish(self, hall_path: Path | None, morgue_folder: Path | None, today: date) -> None:
        """The voyage is over: its morgue written, its entry in the hall of fame, its save
        removed (permadeath); nothing for a voyage only watched.  Failures are kept as a
        line for the player."""
        import json

        from tui_naval.voyage.hall import Entry, Hall, HallError
        from tui_naval.voyage.hall import hall_path as default_hall
        from tui_naval.voyage.morgue import last_turns, write_morgue

        if self.path is None:  # only watched: no morgue, no entry, no save to remove
            self.game = None
            return
        notes = []
        try:
            self.morgue = str(write_morgue(self.voyage, self.ruleset, last_turns(self.game),
                                           today, morgue_folder))
        except OSError as exc:
            notes.append(f"the morgue file could not be written ({exc.strerror or exc})")
        doc = record(self.voyage, self.ship, None)  # (its last leg is among its battles)
        entry = Entry(name=self.voyage.name or "a captain", seed=self.voyage.seed,
                      ruleset=self.voyage.ruleset, legs=self.voyage.sailed,
                      prizes=self.voyage.prizes_taken, score=self.voyage.score,
                      cause=self.voyage.ended, date=today.isoformat(), daily=self.voyage.daily,
                      won=self.voyage.won, record=json.dumps(doc), morgue=self.morgue)
        try:
            self.rank = Hall(hall_path or default_hall()).add(entry)
        except HallError as exc:
            notes.append(str(exc))
        remove_voyage(self.path)
        self.game = None
        self.ended_note = "; ".join(notes)
