"""The message log's entries for what a match tells: each event in the style its ruleset
gives its kind, and each order given at this terminal (the other sides' stay unsaid)."""

from __future__ import annotations

from rich.text import Text

from tui_naval.app.happened import Move
from tui_naval.app.match import Match
from tui_naval.core.presenter import Presenter
from tui_naval.core.state import Event, GameState
from tui_naval.tui.widgets.message_log import LogEntry


def event_entry(event: Event, presenter: Presenter) -> LogEntry:
    """The log line for an event, in the style its ruleset gives its kind."""
    style = presenter.event_style(event.kind)
    body = Text(event.text, style=style if presenter.event_emphasised(event.kind) else "")
    return LogEntry(event.turn, event.kind, style or "dim", body)


def order_entry(move: Move) -> LogEntry:
    """The log line for a decision the player made here (or a standing order of theirs
    made for them: "standing" in the log, the order's name beside it)."""
    if move.standing:
        body = Text.assemble((f"{move.order.ship} ", "bold"), move.label,
                             (f"  (standing order: {move.standing})", "dim"))
        return LogEntry(move.turn, "orders", "green", body)
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


class LogHistory:
    """The whole log of a match's game, each move's lines made once: a replay steps back and
    forth through the same states, an undo goes back through them, and only the moves not
    seen before are worked out again (an entry list is kept with the state it follows)."""

    def __init__(self, presenter: Presenter) -> None:
        self.presenter = presenter
        self._made: dict[int, tuple[GameState, list[LogEntry]]] = {}

    def entries(self, match: Match) -> list[LogEntry]:
        """The game's opening events, then every move's lines."""
        states = match.game.states()
        out = [event_entry(event, self.presenter) for event in states[0].events]
        for index, after in enumerate(states[1:]):
            made = self._made.get(id(after))
            if made is None or made[0] is not after:
                made = self._made[id(after)] = (after, move_entries(match.move(index),
                                                                    self.presenter))
            out.extend(made[1])
        return out
