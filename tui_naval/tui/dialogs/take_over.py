"""Taking over a recording: which side to play from its position, against which AI."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import HorizontalGroup, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui_naval.ai.players import OPPONENTS
from tui_naval.tui.screens.base import NavalModal
from tui_naval.tui.widgets.option_list import PagedOptionList


class TakeOverDialog(NavalModal[tuple[str, str] | None]):
    """Which side to play from here, against which AI: the sides' list, then the
    opponents'; dismisses with (side, the AI's name)."""

    def __init__(self, sides: Sequence[str], where: str, note: str = "") -> None:
        super().__init__()
        self.sides = tuple(sides)
        self.where = where
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="takeover-box", classes="dialog"):
            yield Static(Text.assemble(("Take over ", "bold"), (self.where, "bold"),
                                       ("  Enter chooses, Escape goes back", "dim")),
                         classes="dialog-title")
            with HorizontalGroup(id="takeover-lists"):
                yield PagedOptionList(*(Option(Text.assemble(("Sail ", "dim"), (side, "bold")))
                                        for side in self.sides), id="takeover-side")
                yield PagedOptionList(*(Option(Text.assemble(("against ", "dim"), label))
                                        for _name, label in OPPONENTS), id="takeover-ai")
            note = ("A new game from this position: its own saves replay from the start. "
                    "The recording is not changed.")
            yield Static(Text(f"{note} {self.note}".strip()), classes="dialog-note")

    def on_mount(self) -> None:
        self.query_one("#takeover-side", OptionList).focus()

    @on(OptionList.OptionSelected, "#takeover-side")
    def _side_chosen(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#takeover-ai", OptionList).focus()

    @on(OptionList.OptionSelected, "#takeover-ai")
    def _opponent_chosen(self, event: OptionList.OptionSelected) -> None:
        side = self.query_one("#takeover-side", OptionList).highlighted or 0
        self.dismiss((self.sides[side], OPPONENTS[event.option_index][0]))
