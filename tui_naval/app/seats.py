"""Who answers a side's decisions: the player at this terminal, an AI (or a script), a
player elsewhere whose orders come over the line, or a recording.

A ``Seat`` is a value: its kind, its name (what a save keeps: ``human``, ``search``,
``alice``) and, for a seat that thinks, its ``Player``.  The match asks each kind its own
way: a seat here through a view's prompt, an AI in a thread of its own, a remote seat
from the orders delivered to the match, a recorded seat as a replay moves on.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from tui_naval.ai.players import make_player
from tui_naval.core.controller import Player
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.values import frozen

#: A seat at this terminal, as saves name it.
HUMAN = "human"


class SeatKind(Enum):
    """How a seat answers."""

    #: The player at this terminal, through a view's prompt.
    HERE = "here"
    #: A player that thinks (an AI, a script), off the views' thread.
    AI = "ai"
    #: Orders from outside: another player's terminal, a watched game.
    REMOTE = "remote"
    #: Orders from a recording, as its position moves on (a replay).
    RECORDED = "recorded"


@frozen
class Seat:
    """Who answers one side's decisions."""

    kind: SeatKind
    #: The seat's name: ``human``, an AI's name, a remote player's login, a recording's.
    name: str
    #: The thinking player (an ``AI`` seat's only).
    player: Player | None = None

    @classmethod
    def here(cls, name: str = HUMAN) -> Seat:
        return cls(SeatKind.HERE, name)

    @classmethod
    def ai(cls, player: Player) -> Seat:
        return cls(SeatKind.AI, player.name, player)

    @classmethod
    def remote(cls, name: str = "remote") -> Seat:
        return cls(SeatKind.REMOTE, name)

    @classmethod
    def recorded(cls, name: str = "") -> Seat:
        return cls(SeatKind.RECORDED, name)

    @property
    def is_here(self) -> bool:
        return self.kind is SeatKind.HERE


def seats_by_name(names: Mapping[str, str], ruleset: Ruleset[Any]) -> dict[str, Seat]:
    """Seats from a save's names: ``human`` at this terminal, any other name an AI of that
    name (``search``, ``greedy``...) playing ``ruleset``."""
    return {side: Seat.here(name) if name == HUMAN else Seat.ai(make_player(name, ruleset))
            for side, name in names.items()}
