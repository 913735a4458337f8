"""Turns with nothing for the player to decide, summed up in a line each."""

from __future__ import annotations

from collections.abc import Sequence

from tui_naval.core.presenter import Presenter
from tui_naval.core.state import Event

#: Events of a quiet turn named in its summary (the rest are in the log).
SUMMARY_EVENTS = 3
#: Characters of an event's text a summary keeps.
SUMMARY_WIDTH = 60


def brief(text: str, width: int = SUMMARY_WIDTH) -> str:
    """An event's text cut to its first sentence or clause, at most ``width`` characters."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    for stop in (". ", "; "):
        first = first.split(stop, 1)[0]
    first = first.rstrip(".")
    return first if len(first) <= width else first[:width - 3].rstrip() + "..."


def turn_summary(turn: int, events: Sequence[Event], presenter: Presenter) -> str:
    """A quiet turn in a line, from its events as the ruleset styles them (the emphasised
    ones first): ``Turn 3: nothing to decide: port battery reloading; red fired: ...``."""
    told = [e for e in events if e.kind != "pos" and e.text.strip()]
    told.sort(key=lambda e: (not presenter.event_emphasised(e.kind),
                             not presenter.event_style(e.kind)))
    parts = [brief(e.text) for e in told[:SUMMARY_EVENTS]]
    if len(told) > SUMMARY_EVENTS:
        parts.append(f"{len(told) - SUMMARY_EVENTS} more in the log")
    return f"Turn {turn}: nothing to decide: {'; '.join(parts) or 'the turn passed'}"
