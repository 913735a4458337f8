"""Game over: the outcome, a chart of the game turn by turn (the ruleset's), and what next."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from tui_naval.core.history import Game
from tui_naval.core.state import GameState
from tui_naval.tui import keys
from tui_naval.tui.screens.base import NavalModal
from tui_naval.tui.widgets.series_bars import SeriesBars

CHOICES = ("rematch", "new", "review", "quit")


def turn_states(game: Game) -> list[GameState]:
    """The state at the first decision of each turn, and the last state."""
    out: list[GameState] = []
    for state in game.states():
        if not out or state.turn != out[-1].turn:
            out.append(state)
    if game.state is not out[-1]:
        out.append(game.state)
    return out


class GameOverDialog(NavalModal[str | None]):
    """Dismisses with ``rematch``, ``new``, ``review`` or ``quit``."""

    COMMAND_SET = keys.GAME_OVER
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.GAME_OVER)

    def __init__(self, game: Game, demo: bool = False) -> None:
        super().__init__()
        self.game = game
        self.demo = demo

    def compose(self) -> ComposeResult:
        state = self.game.state
        outcome = state.outcome
        headline = "Draw" if outcome is None or outcome.winner is None \
            else f"{outcome.winner.capitalize()} wins"
        chart = self.game.ruleset.presenter.progress(turn_states(self.game))
        with Vertical(id="over-box", classes="dialog"):
            yield Static(Text(f" {headline} ", style="bold reverse"), id="over-head")
            yield Static(Text(str(outcome.reason if outcome else "")), id="over-reason")
            yield Static(Text.assemble(
                ("Turns ", "dim"), (str(state.turn), "bold"),
                ("   Orders ", "dim"), (str(len(self.game.orders)), "bold"),
                ("   Seed ", "dim"), (str(self.game.setup.seed), "bold"),
                ("   Map ", "dim"), (self.game.setup.map_name, "bold")), id="over-stats")
            yield Static(Text(chart.title, style="dim"), id="over-chart-title")
            top = max((v for _, values in chart.values for v in values), default=0.0)
            for index, (side, values) in enumerate(chart.values):
                first, last = (values[0], values[-1]) if values else (0.0, 0.0)
                with Horizontal(classes="over-row"):
                    yield Label(side, classes=f"over-side side-{index % 4}")
                    yield SeriesBars(values, top, ascii_only=self.naval.config.ascii_only,
                                     classes=f"side-{index % 4}")
                    yield Label(f"{first:g} -> {last:g}", classes="over-range")
            with Horizontal(id="over-buttons"):
                yield Button("Rematch (r)", id="rematch", compact=True, variant="primary")
                yield Button("New game (n)", id="new", compact=True)
                yield Button("Review (esc)", id="review", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)

    def on_mount(self) -> None:
        self.query_one("#rematch", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id in CHOICES:
            self.dismiss(event.button.id)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def action_close(self) -> None:
        self.dismiss("review")
