"""The battle's side column: the wind, the selected ship's condition, the rules' hints,
whatever panels a way of playing adds, and what lies under the map's cursor."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget

from tui_naval.core.grid import Cell
from tui_naval.core.presenter import Presenter
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState
from tui_naval.tui.hints import HintPanel
from tui_naval.tui.widgets.look_panel import LookPanel
from tui_naval.tui.widgets.ship_panel import ShipPanel
from tui_naval.tui.widgets.wind_rose import WindRose


class SideColumn(Vertical):
    """The column beside the sea; the screen tells it what to show."""

    def __init__(self, hints: HintPanel, panels: Iterable[Widget] = (), *,
                 ascii_only: bool = False, id: str | None = None) -> None:
        """``hints``: the hint panel (the screen's: it shows and hides it); ``panels``:
        those a way of playing adds (the demo's thinking), above the look panel."""
        super().__init__(id=id)
        self.hints = hints
        self.panels = tuple(panels)
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        yield WindRose(ascii_only=self.ascii_only, id="wind")
        yield ShipPanel(ascii_only=self.ascii_only, id="ship")
        yield self.hints
        yield from self.panels
        yield LookPanel(id="look")

    def show(self, state: GameState, seen: GameState, ruleset: Ruleset[Any],
             selected: str | None) -> None:
        """The wind, and the ``selected`` ship's condition as the viewer may see it
        (``seen``: the other sides' plotted orders hidden)."""
        self.query_one(WindRose).show(state.grid, state.wind)
        panel = self.query_one(ShipPanel)
        if selected is None:
            panel.show("No ship", [])
            return
        ship = seen.ship(selected)
        panel.show(f"{ship.id} {ship.name}".strip(), ruleset.describe(seen, ship.id))

    def look(self, state: GameState, cell: Cell, selected: str | None,
             presenter: Presenter) -> None:
        """What lies at ``cell`` (the map's cursor)."""
        self.query_one(LookPanel).show(state, cell, selected=selected,
                                       marks_next=presenter.next_mark(state, selected),
                                       presenter=presenter)
