"""The message log's entries for what a match tells: each event in the style its ruleset
gives its kind, and each order given at this terminal (the other sides' stay unsaid)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from tui_naval.app.happened import Move
from tui_naval.core.presenter import Presenter
from tui_naval.core.state import Event
from tui_naval.tui.widgets.message_log import LogEntry


def event_entry(event: Event, presenter: Presenter) -> LogEntry:
    """The log line for an event, in the style its ruleset gives its kind."""
    style = presenter.event_style(event.kind)
    body = Text(event.text, style=style if presenter.event_emphasised(event.kind) else "")
    return LogEntry(event.turn, event.kind, style or "dim", body)


def order_entry(move: Move) -> LogEntry:
    """The log line for a decision the player made here."""
    body = Text.assemble((f"{move.order.ship} ", "bold"), move.label, (f"  ({move.side})", "dim"))
    return LogEntry(move.turn, "you", "bold green", body)


def move_entries(move: Move, presenter: Presenter) -> list[LogEntry]:
    """A move's lines: the order, if it was given here, then what it made happen."""
    entries = [order_entry(move)] if move.here else []
    entries.extend(event_entry(event, presenter) for event in move.events)
    return entries


def quiet_entry(turn: int, line: str) -> LogEntry:
    """The summary of a turn with nothing to decide."""
    return LogEntry(turn, "quiet", "bold yellow", Text(line, style="bold"))


def history_entries(opening: Iterable[Event], moves: Iterable[Move],
                    presenter: Presenter) -> list[LogEntry]:
    """The whole log of a game: its opening events, then every move's lines."""
    entries = [event_entry(event, presenter) for event in opening]
    for move in moves:
        entries.extend(move_entries(move, presenter))
    return entries
