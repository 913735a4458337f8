"""The turns of a recording in a line, where the fighting was: a capture, a sinking, many
hits, a few, a mark rounded, or nothing; the turn on show reversed, a click picks one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from tui_naval.tui.widgets.glyphs import app_ascii_only, glyphs

if TYPE_CHECKING:
    from tui_naval.core.replay import TurnMarks


def turn_rank(marks: TurnMarks) -> int:
    """How much happened in a turn, for the timeline: a capture, a sinking, many hits,
    a few hits, a mark rounded, nothing."""
    if marks.captures:
        return 5
    if marks.sinkings:
        return 4
    if marks.hits >= 5:
        return 3
    if marks.hits:
        return 2
    return 1 if marks.marks else 0


def rank_glyph(rank: int, ascii_only: bool) -> tuple[str, str]:
    """The timeline's character for a rank of ``turn_rank`` and its style."""
    return ((glyphs(ascii_only).sea, "dim"), ("o", "cyan"), ("x", "yellow"),
            ("X", "bold yellow"), ("+" if ascii_only else "†", "bold red"),
            ("C", "bold magenta"))[rank]


def timeline_columns(count: int, width: int) -> list[tuple[int, int]]:
    """The turns (indexes ``first``..``last - 1`` of ``count``) each of at most ``width``
    columns stands for: one turn a column when they fit, else several."""
    if count <= 0 or width <= 0:
        return []
    columns = min(count, width)
    return [(c * count // columns, max(c * count // columns + 1, (c + 1) * count // columns))
            for c in range(columns)]


LABEL = "Turns "


def timeline_text(turns: Sequence[TurnMarks], current: int, width: int,
                  ascii_only: bool = False) -> Text:
    """The timeline in ``width`` cells: each turn's (or group of turns') character, the
    column of turn ``current`` reversed, and what the characters mean if there is room."""
    legend_parts = [(rank_glyph(r, ascii_only), word) for r, word in
                    ((2, "hits"), (4, "sunk"), (5, "taken"), (1, "mark"))]
    legend = Text()
    for (char, style), word in legend_parts:
        legend.append("  ")
        legend.append(char, style=style)
        legend.append(f" {word}", style="dim")
    room = width - len(LABEL) - 1
    out = Text(LABEL, style="dim", no_wrap=True, overflow="crop", end="")
    out.append(" ")
    for first, last in timeline_columns(len(turns), max(0, room)):
        group = turns[first:last]
        char, style = rank_glyph(max(turn_rank(m) for m in group), ascii_only)
        if any(m.turn == current for m in group):
            style = f"{style} reverse"
        out.append(char, style=style)
    if out.cell_len + legend.cell_len <= width:
        out.append_text(legend)
    return out


class Timeline(Widget):
    """The turns of a recording in a line, where the fighting was; a click picks a turn."""

    DEFAULT_CSS = """
    Timeline {
        split: top;
        height: 1;
        background: $surface;
    }
    """

    class Picked(Message):
        """The player clicked turn ``turn``."""

        def __init__(self, turn: int) -> None:
            super().__init__()
            self.turn = turn

    def __init__(self, turns: Sequence[TurnMarks], current: int, *,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.turns = tuple(turns)
        self.current = current

    def show(self, turn: int) -> None:
        if turn != self.current:
            self.current = turn
            self.refresh()

    def render(self) -> Text:
        return timeline_text(self.turns, self.current, self.size.width,
                             app_ascii_only(self.app))

    def on_click(self, event: events.Click) -> None:
        column = event.x - len(LABEL) - 1
        spans = timeline_columns(len(self.turns), self.size.width - len(LABEL) - 1)
        if 0 <= column < len(spans):
            self.post_message(self.Picked(self.turns[spans[column][0]].turn))
