"""Collecting a transition's events."""

from __future__ import annotations

from tui_naval.core.state import Event


class EventLog:
    """Gathers the events of one transition; ``turn`` follows the game as it advances."""

    def __init__(self, turn: int) -> None:
        self.turn = turn
        self.events: list[Event] = []

    def __call__(self, kind: str, text: str, ship: str = "") -> None:
        self.events.append(Event(self.turn, kind, text, ship))
