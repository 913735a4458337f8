"""A game as the TUI plays it: the Game, who sits at each side, and its save files.

Saves are the core's JSON documents with one extra key, ``"seats"`` (side ->
``human`` or an AI name), so a resumed game puts the player back on their side.
Other readers ignore the key.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from attrs import frozen

from tui_naval.ai.players import check_player, make_player
from tui_naval.core.controller import Player
from tui_naval.core.history import Game
from tui_naval.core.saves import (
    SUFFIX,
    SaveError,
    load_game,
    read_document,
    to_document,
    write_atomic,
)
from tui_naval.rulesets import find_ruleset
from tui_naval.tui.players import HumanPlayer

HUMAN = "human"
AUTOSAVE = "autosave"
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


@frozen
class Session:
    """A game and its seats: side -> ``human`` or an AI player's name."""

    game: Game
    seats: Mapping[str, str]

    def players(self) -> dict[str, Player]:
        """A Player for each side."""
        return {side: HumanPlayer() if who == HUMAN else make_player(who)
                for side, who in self.seats.items()}

    def human_sides(self) -> tuple[str, ...]:
        return tuple(side for side, who in self.seats.items() if who == HUMAN)


def default_seats(game: Game, human: str | None = None, ai: str = "greedy") -> dict[str, str]:
    """The human on ``human`` (default: the first side), the AI on the others."""
    sides = game.state.sides
    human = human if human in sides else sides[0]
    return {side: HUMAN if side == human else ai for side in sides}


def save_session(session: Session, path: Path, now: datetime | None = None) -> None:
    """Write a save with its seats; SaveError (previous file intact) if it cannot be."""
    import json  # only once a game is saved: keeps launch quick

    doc: dict[str, Any] = to_document(session.game, now)
    doc["seats"] = dict(session.seats)
    try:
        write_atomic(path, json.dumps(doc, indent=1) + "\n")
    except OSError as exc:
        raise SaveError(f"{path}: cannot save: {exc.strerror or exc}") from None


def load_session(path: Path, ai: str = "greedy") -> Session:
    """Read a save (SaveError on any problem); seats default to the human on the first side."""
    game = load_game(path, find_ruleset)
    seats = default_seats(game, ai=ai)
    stored = read_document(path).get("seats")
    if isinstance(stored, dict) and set(stored) == set(game.state.sides):
        seats = {str(k): str(v) for k, v in stored.items()}
        for who in seats.values():
            if who != HUMAN:
                try:
                    check_player(who)
                except LookupError:
                    seats = default_seats(game, ai=ai)
                    break
    return Session(game, seats)


def save_path(folder: Path, name: str) -> Path:
    """The file a save called ``name`` goes to (unsafe characters replaced)."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", name.strip()).strip(".-") or "save"
    return folder / f"{stem[:60]}{SUFFIX}"


def autosave_path(folder: Path) -> Path:
    return folder / f"{AUTOSAVE}{SUFFIX}"
