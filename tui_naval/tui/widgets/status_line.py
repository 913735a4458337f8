"""The battle's status line: the ruleset, the sea, the turn, the ruleset's note, the phase
and the seed on the left, who plays on the right, fitted to the terminal's width."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from tui_naval.core.scenario import Setup
from tui_naval.core.state import GameState
from tui_naval.tui.widgets.glyphs import ascii_text, cut, glyphs


def status_left(state: GameState, setup: Setup, ruleset_title: str, sea: str,
                note: list[tuple[str, str]], width: int, ascii_only: bool = False) -> Text:
    """The left part in ``width`` cells.  When it does not fit, the grid's name goes
    first, then the "Phase" label, the ruleset's name and its note; the seed always
    stays (the sea's name is shortened last)."""

    def line(grid: bool, phase_label: bool, badge: bool, with_note: bool,
             map_name: str = sea) -> Text:
        parts: list[str | tuple[str, str]] = []
        if badge:
            parts += [(f" {ruleset_title} ", "bold reverse"), " "]
        else:
            parts.append(" ")
        parts.append((map_name, "bold"))
        if grid:
            parts.append((f" ({setup.grid.value})", "dim"))
        parts += ["  ", ("Turn ", "dim"), (f"{state.turn}/{state.goal.turns}", "bold"), "  "]
        if with_note and note:
            parts += [*note, "  "]
        if phase_label:
            parts.append(("Phase ", "dim"))
        parts += [(state.phase or "-", "bold"), "  ", ("Seed ", "dim"), (str(setup.seed), "bold")]
        return Text.assemble(*parts, no_wrap=True, overflow="ellipsis")

    text = Text()
    for grid, phase_label, badge, with_note in ((True, True, True, True),
                                                (False, True, True, True),
                                                (False, False, True, True),
                                                (False, False, False, True),
                                                (False, False, False, False)):
        text = line(grid, phase_label, badge, with_note)
        if text.cell_len <= width:
            return text
    # Still too long: shorten the sea's name, so the seed stays in sight.
    over = text.cell_len - width
    if over < len(sea):
        mark = glyphs(ascii_only).ellipsis
        return line(False, False, False, False, sea[:len(sea) - over - 1] + mark)
    return text


def status_text(left: Text, right: Text, width: int, ascii_only: bool = False) -> Text:
    """The whole line: ``left`` and ``right`` apart, in ``width`` cells."""
    gap = max(1, width - left.cell_len - right.cell_len)
    shown = Text.assemble(left, " " * gap, right, no_wrap=True, overflow="ellipsis")
    if ascii_only:
        shown = cut(ascii_text(shown), width, glyphs(True).ellipsis)
    return shown


class StatusLine(Static):
    """One line of status, redrawn only when its text changes (an update lays the screen
    out again)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._shown: Text | None = None

    def show(self, text: Text) -> None:
        if text != self._shown:
            self._shown = text
            self.update(text)
