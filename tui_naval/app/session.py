"""A game as it is played and saved: the Game, who sits at each side, and its save files.

Saves are the core's JSON documents with extra keys: ``"seats"`` (side -> ``human`` or
an AI name), so a resumed game puts the player back on their side; ``"thoughts"``, what a
searching AI made of its decisions (``core.thoughts``), so a replay can show them; and
``"standing"``, the player's standing orders (``app.standing``).  Other readers ignore
the keys.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from attrs import field

from tui_naval.ai.players import DEFAULT_OPPONENT, check_player
from tui_naval.app.seats import HUMAN
from tui_naval.app.standing import Standing
from tui_naval.core.history import Game
from tui_naval.core.saves import SUFFIX, game_from_document, read_document, save_game
from tui_naval.core.thoughts import Thought, thoughts_from_json, thoughts_to_json
from tui_naval.core.values import frozen
from tui_naval.rulesets import find_ruleset

AUTOSAVE = "autosave"
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


@frozen
class Session:
    """A game and its seats: side -> ``human`` or an AI player's name; and what the AI
    made of the decisions it searched, by the index of their answers in the orders."""

    game: Game
    seats: Mapping[str, str]
    thoughts: dict[int, Thought] = field(factory=dict, eq=False)
    #: The player's standing orders (``app.standing``).
    standing: Standing = field(factory=Standing)

    def human_sides(self) -> tuple[str, ...]:
        return tuple(side for side, who in self.seats.items() if who == HUMAN)


def default_seats(game: Game, human: str | None = None,
                  ai: str = DEFAULT_OPPONENT) -> dict[str, str]:
    """The human on ``human`` (default: the first side), the AI on the others."""
    sides = game.state.sides
    human = human if human in sides else sides[0]
    return {side: HUMAN if side == human else ai for side in sides}


def save_session(session: Session, path: Path, now: datetime | None = None) -> None:
    """Write a save with its seats and the AI's thoughts; SaveError (previous file intact)
    if it cannot be."""
    extra: dict[str, Any] = {"seats": dict(session.seats)}
    thoughts = thoughts_to_json(session.thoughts, session.game.orders)
    if thoughts:
        extra["thoughts"] = thoughts
    if session.standing.orders:
        extra["standing"] = session.standing.to_json()
    save_game(session.game, path, now, extra)


def load_session(path: Path, ai: str = DEFAULT_OPPONENT) -> Session:
    """Read a save (SaveError on any problem); seats default to the human on the first side,
    and thoughts that do not fit the game are left out.

    The file is read once: the game and its seats come from the same document, even if
    another process replaces or deletes the file meanwhile."""
    doc = read_document(path)
    game = game_from_document(doc, path, find_ruleset)
    thoughts = thoughts_from_json(doc.get("thoughts"), game.orders, game.state.sides)
    standing = Standing.from_json(doc.get("standing"), game.state.sides)
    return Session(game, stored_seats(doc.get("seats"), game, ai), thoughts, standing)


def stored_seats(stored: object, game: Game, ai: str) -> dict[str, str]:
    """A save's seats if they seat every side with a human or a known AI; else the default."""
    if not (isinstance(stored, dict) and set(stored) == set(game.state.sides)
            and all(isinstance(who, str) for who in stored.values())):
        return default_seats(game, ai=ai)
    for who in stored.values():
        if who != HUMAN:
            try:
                check_player(who)
            except LookupError:
                return default_seats(game, ai=ai)
    return dict(stored)


def save_path(folder: Path, name: str) -> Path:
    """The file a save called ``name`` goes to (unsafe characters replaced)."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", name.strip()).strip(".-") or "save"
    return folder / f"{stem[:60]}{SUFFIX}"


def autosave_path(folder: Path) -> Path:
    return folder / f"{AUTOSAVE}{SUFFIX}"
