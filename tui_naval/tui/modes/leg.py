"""A leg of a voyage: a battle whose every decision is saved into the voyage's one save;
no undo, no named saves (a voyage has one life); at its end, a word on how it went, and
on to the chart."""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Static

from tui_naval.app.happened import Happening, Played
from tui_naval.app.match import Match
from tui_naval.core.summary import summarise
from tui_naval.tui.modes.battle import BattleMode
from tui_naval.tui.screens.base import NavalModal
from tui_naval.voyage.keeper import VoyageKeeper


class LegMode(BattleMode):
    """A leg: the battle's keys but undo and saving, the voyage saved after each order."""

    over_hint = "the leg is over: press enter to sail on"
    saves = False

    def __init__(self, match: Match, keeper: VoyageKeeper, place: str,
                 watch: bool = False) -> None:
        """``place``: the chart's name for where the leg is fought; ``watch``: the AI
        sails both sides (its end goes on by itself)."""
        super().__init__(match)
        self.keeper = keeper
        self.place = place
        self.watching = watch
        #: The player left the voyage (to the title) rather than ended the leg.
        self.leaving = False

    def title(self) -> str:
        return self.place

    def autosaved(self) -> None:
        """The voyage's save, not the skirmish autosave, keeps this game."""
        naval = self.screen.naval
        naval.keeper = self.keeper
        if naval.match is self.match:
            naval.match = None

    def happened(self, happening: Happening) -> None:
        if isinstance(happening, Played):
            failed = self.keeper.save()
            if failed:
                self.screen.notify(failed, title="Voyage not saved", severity="error",
                                   markup=False)
        super().happened(happening)

    def turn_ended(self) -> None:
        """(Saved after every order already.)"""

    def leave(self) -> None:
        self.keeper.save()
        self.leaving = True
        self.screen.dismiss(None)

    def over(self) -> None:
        summary = summarise(self.match.game)
        dialog = LegOverDialog(" ".join(summary.sentences))
        self.screen.app.push_screen(dialog, self.sail_on)
        if self.watching:
            delay = max(0.05, self.screen.naval.config.demo_delay * 4)
            self.screen.set_timer(delay, lambda: dialog.dismiss("on")
                                  if dialog.is_current else None)

    def sail_on(self, _: str | None = None) -> None:
        self.screen.dismiss(None)  # (a no-op unless the leg is the top screen)

    def key(self, event: events.Key) -> None:
        """The prompt says "press enter to sail on" once the leg is over: so it does, with
        its dialog closed too."""
        if event.key == "enter" and self._over_shown and self.match.state.outcome is not None:
            event.stop()
            self.sail_on()


class LegOverDialog(NavalModal[str]):
    """The leg's result; any key sails on."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="leg-box", classes="dialog"):
            yield Static(Text(" The leg is over ", style="bold reverse"))
            yield Static(Text(self.text))
            yield Button("Sail on (enter)", id="sail-on", compact=True, variant="primary")

    def on_mount(self) -> None:
        self.query_one("#sail-on", Button).focus()

    @on(Button.Pressed)
    def _pressed(self) -> None:
        self.dismiss("on")

    def action_close(self) -> None:
        self.dismiss("on")
