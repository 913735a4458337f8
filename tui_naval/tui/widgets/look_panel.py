"""The look panel: what is at the cursor.

::

    12,7 sea
    Mark 2 (next to round)
    B1 Cutter, blue
      heading N
    4 cells SE of R1

Terrain, a mark, each ship there (id, class, side, heading, whether she has sunk
or left the play, and a line on her condition: the ruleset's presenter says
these two), and the distance and bearing from the selected ship.  Works for any
ruleset: only ``ShipBase`` fields are read, and the presenter asked the rest.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text

from tui_naval.core.grid import Cell
from tui_naval.core.presenter import Presenter
from tui_naval.core.state import GameState, ShipBase, Terrain
from tui_naval.tui.widgets.glyphs import compass_name
from tui_naval.tui.widgets.text_panel import TextPanel

_TERRAIN_NAMES = {Terrain.SEA: "sea", Terrain.LAND: "land", Terrain.SHOAL: "shoal"}
#: Component classes for ship sides (side index modulo this many).
SIDE_STYLES = 4
#: The presenter of a state shown without one: no notes.
PLAIN = Presenter()


class LookPanel(TextPanel):
    """Describes one cell of a state; call ``show``."""

    DEFAULT_CSS = """
    LookPanel {
        height: auto;
        padding: 0 1;
    }
    LookPanel > .look-panel--where { text-style: bold; }
    LookPanel > .look-panel--note { color: $text-muted; }
    LookPanel > .look-panel--mark { color: ansi_bright_yellow; text-style: bold; }
    LookPanel > .look-panel--ship-0 { color: ansi_bright_cyan; text-style: bold; }
    LookPanel > .look-panel--ship-1 { color: ansi_bright_red; text-style: bold; }
    LookPanel > .look-panel--ship-2 { color: ansi_bright_green; text-style: bold; }
    LookPanel > .look-panel--ship-3 { color: ansi_bright_magenta; text-style: bold; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "look-panel--where", "look-panel--note", "look-panel--mark",
        *(f"look-panel--ship-{i}" for i in range(SIDE_STYLES)),
    }

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._state: GameState | None = None
        self._cell: Cell | None = None
        self._selected: str | None = None
        self._marks_next: str | None = None
        self._presenter = PLAIN

    @property
    def text(self) -> str:
        """What the panel says, as plain text (for tests and screen readers)."""
        return self.render().plain

    def show(self, state: GameState, cell: Cell, *, selected: str | None = None,
             marks_next: str | None = None, presenter: Presenter | None = None) -> None:
        """Describe ``cell`` of ``state``; with ``selected``, say how far that ship is; the
        ruleset's ``presenter`` gives the notes on a ship."""
        presenter = presenter or PLAIN
        shown = (state, Cell(*cell), selected, marks_next, presenter)
        if shown == (self._state, self._cell, self._selected, self._marks_next,
                     self._presenter):
            return
        (self._state, self._cell, self._selected, self._marks_next,
         self._presenter) = shown
        # (A cursor key over open sea repaints the panel; only a change of its height
        # lays the screen out anew.)
        self.content_changed()

    def content(self, width: int) -> Text:
        return self.render()

    def render(self) -> Text:
        state, cell = self._state, self._cell
        style = self.get_component_rich_style
        if state is None or cell is None:
            return Text("Nothing to look at", style=style("look-panel--note"))
        grid, board = state.grid, state.board
        out = Text()
        if not grid.in_bounds(cell):
            out.append(f"{cell} off the board", style("look-panel--where"))
            return out
        out.append(f"{cell} {_TERRAIN_NAMES[board.terrain_at(cell)]}", style("look-panel--where"))
        mark = board.mark_at(cell)
        if mark is not None:
            course = state.goal.course
            notes = []
            if mark.label == self._marks_next:
                notes.append("next to round")
            if course and mark.label == course[-1]:
                notes.append("finish")
            note = f" ({', '.join(notes)})" if notes else ""
            out.append(f"\nMark {mark.label}{note}", style("look-panel--mark"))
        for ship in state.ships:
            if ship.cell == cell:
                out.append("\n")
                out.append_text(self._ship_text(state, ship))
        selected = self._selected_ship(state)
        if selected is not None and selected.cell != cell:
            steps = grid.distance(selected.cell, cell)
            bearing = compass_name(grid.direction(selected.cell, cell))
            out.append(f"\n{steps} cell{'s' * (steps != 1)} {bearing} of {selected.id}",
                       style("look-panel--note"))
        return out

    def _ship_text(self, state: GameState, ship: ShipBase) -> Text:
        side = state.sides.index(ship.side) if ship.side in state.sides else 0
        what = ship.name or ship.kind
        if ship.name and ship.kind and ship.name.lower() != ship.kind.lower():
            what = f"{ship.name} ({ship.kind})"
        text = Text(f"{ship.id} {what}, {ship.side}",
                    self.get_component_rich_style(f"look-panel--ship-{side % SIDE_STYLES}"))
        status = "sunk" if not ship.afloat else self._presenter.ship_done(state, ship)
        detail = (f"\n  course {ship.course:.0f} degrees" if ship.course is not None
                  else f"\n  heading {state.grid.facing_name(ship.heading)}")
        if status:
            detail += f", {status}"
        note = self._presenter.ship_note(state, ship)
        if note:
            detail += f"\n  {note}"
        text.append(detail, self.get_component_rich_style("look-panel--note"))
        return text

    def _selected_ship(self, state: GameState) -> ShipBase | None:
        if self._selected is None:
            return None
        try:
            ship = state.ship(self._selected)
        except KeyError:
            return None
        return ship if ship.afloat and state.grid.in_bounds(ship.cell) else None
