"""Game over: the game in sentences, a chart of it turn by turn (the ruleset's, every row on
one scale), and what next: a rematch, a new game, back to the map, a replay, or quit.

A replay is opened by the dialog itself, over the screen it leaves (which takes
``replay`` as it takes ``review``): back from the replay, the game's map is there."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from tui_naval.app.session import Session
from tui_naval.core.replay import Recording
from tui_naval.core.summary import chart_note, chart_scale, figure, summarise
from tui_naval.tui import keys
from tui_naval.tui.screens.base import NavalModal
from tui_naval.tui.widgets.series_bars import SeriesBars

CHOICES = ("rematch", "new", "review", "replay", "quit", "undo")


class GameOverDialog(NavalModal[str | None]):
    """Dismisses with ``rematch``, ``new``, ``review``, ``replay`` (and opens the replay),
    ``quit``, or ``undo`` where the game can be undone (``undo``: a battle, whose footer
    and prompt behind the dialog offer u)."""

    COMMAND_SET = keys.GAME_OVER
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.GAME_OVER)
    #: Enter plays again (Textual focuses it as the dialog opens, and only if it is there).
    AUTO_FOCUS = "#rematch"

    def __init__(self, session: Session, demo: bool = False, undo: bool = False) -> None:
        super().__init__()
        self.session = session
        self.game = session.game
        self.demo = demo
        #: ``u`` dismisses with ``undo`` (the player's last decision can be undone).
        self.undo = undo

    def compose(self) -> ComposeResult:
        summary = summarise(self.game)
        chart = summary.chart
        top = chart_scale(chart)
        with Vertical(id="over-box", classes="dialog"):
            yield Static(Text(" Game over ", style="bold reverse"), id="over-head")
            yield Static(Text(" ".join(summary.sentences)), id="over-summary")
            yield Static(Text.assemble((chart.title, "dim"), ("; ", "dim"),
                                       (chart_note(chart), "dim")), id="over-chart-title")
            for index, (side, values) in enumerate(chart.values):
                with Horizontal(classes="over-row"):
                    yield Label(Text(side), classes=f"over-side side-{index % 4}")
                    yield SeriesBars(values, top, ascii_only=self.naval.config.ascii_only,
                                     classes=f"side-{index % 4}")
                    yield Label(Text(figure(values[-1]) if values else ""),
                                classes="over-range")
            yield Static(Text(summary.figures), id="over-figures")
            yield Static(Text(summary.record, style="dim"), id="over-stats")
            with Horizontal(id="over-buttons"):
                yield Button("Rematch (r)", id="rematch", compact=True, variant="primary")
                yield Button("New game (n)", id="new", compact=True)
                yield Button("Review (esc)", id="review", compact=True)
                yield Button("Replay (p)", id="replay", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id in CHOICES:
            self.action_choose(event.button.id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("undo",):
            return self.undo
        return True

    def action_choose(self, what: str) -> None:
        naval = self.naval
        self.dismiss(what)
        if what == "replay":
            # The game watched again from its start, over the screen the dialog leaves
            # (with its seats: who decided is known; and its thoughts).
            session = self.session
            naval.replay(Recording.from_game(session.game, session.seats,
                                             thoughts=session.thoughts))

    def action_close(self) -> None:
        self.dismiss("review")
