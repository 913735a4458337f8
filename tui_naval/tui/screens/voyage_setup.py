"""Setting out on a voyage: the ruleset, the flagship, the captain's name, the seed or
today's daily voyage."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from tui_naval.rulesets import DEFAULT_RULESET, find_entry, load, registry
from tui_naval.tui import keys
from tui_naval.tui.screens.base import NavalScreen
from tui_naval.tui.screens.new_game import Choice, SetupForm, Tick, _row
from tui_naval.tui.widgets.key_bar import KeyBar
from tui_naval.voyage.daily import daily_seed, today
from tui_naval.voyage.fleet import classes_of
from tui_naval.voyage.keeper import VoyageKeeper
from tui_naval.voyage.store import voyage_path
from tui_naval.voyage.voyage import VoyageError, begin, default_flagship

ABOUT = ("One ship, one life: sail from your home port across a chart of races, chases, "
         "battles, storms and ports to a final fleet action. Her damage stays with her; ports "
         "mend it for gold. Lose her and the voyage ends in the hall of fame.")


class VoyageSetupScreen(NavalScreen[None]):
    """Choose a voyage and set sail."""

    COMMAND_SET = keys.VOYAGE_SETUP
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.VOYAGE_SETUP)
    STYLESHEET = "new_game"

    def rules_ruleset(self) -> str:
        return str(self.query_one("#vs-ruleset", Choice).value)

    def compose(self) -> ComposeResult:
        ruleset = load(find_entry(DEFAULT_RULESET))
        with Vertical(id="newgame-box"):
            yield Static("[b]A new voyage[/b]   [dim]Tab moves between fields; Set sail "
                         "(or ctrl+g) sets sail once you have a name[/dim]",
                         id="newgame-title")
            with SetupForm(id="newgame-form"):
                yield Static(Text(ABOUT, style="dim"), classes="form-note")
                yield _row("Ruleset", Choice([(e.title, e.id) for e in registry()],
                                             value=ruleset.name, allow_blank=False,
                                             compact=True, id="vs-ruleset"))
                yield _row("Flagship", Choice(self._classes_for(ruleset.name), allow_blank=False,
                                              value=default_flagship(ruleset), compact=True,
                                              id="vs-ship"))
                yield _row("Captain", Input(self.naval.config.player,
                                            placeholder="your name, for the hall of fame",
                                            max_length=24, compact=True, id="vs-name"))
                yield _row("Seed", Input(str(self.naval.config.new_seed()), type="integer",
                                         compact=True, id="vs-seed"))
                yield _row("Daily", Tick("today's daily voyage (the seed from the date)",
                                             compact=True, id="vs-daily"))
            with Horizontal(id="newgame-buttons"):
                yield Button("Set sail", variant="primary", id="vs-start", compact=True)
                yield Button("Back", id="vs-back", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#vs-start", Button).focus()

    @staticmethod
    def _classes_for(ruleset: str) -> list[tuple[str, str]]:
        rules = load(find_entry(ruleset))
        classes = rules.ship_classes()
        ours = classes_of(rules).ours
        return [(classes[k].name, k) for k in reversed(ours)]

    @on(Choice.Changed, "#vs-ruleset")
    def _ruleset_changed(self, event: Choice.Changed) -> None:
        ship = self.query_one("#vs-ship", Choice)
        ship.set_options(self._classes_for(str(event.value)))
        ship.value = default_flagship(load(find_entry(str(event.value))))

    @on(Button.Pressed, "#vs-start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Input.Submitted, "#vs-name")
    def _name_submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#vs-back")
    def _back_pressed(self) -> None:
        self.action_back()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_start(self) -> None:
        from tui_naval.tui.screens.voyage import VoyageScreen

        name = self.query_one("#vs-name", Input)
        if not name.value.strip():
            # The hall of fame keeps a name: none sets sail as "a captain" (issue 61).
            self.notify("Your name first, for the hall of fame: write it in Captain.",
                        severity="warning")
            name.focus()
            return
        daily = self.query_one("#vs-daily", Tick).value
        seed_text = self.query_one("#vs-seed", Input).value.strip()
        if daily:
            seed = daily_seed(today())
        else:
            try:
                seed = int(seed_text)
            except ValueError:
                self.notify("The seed must be a whole number.", severity="error")
                return
        ruleset = load(find_entry(str(self.query_one("#vs-ruleset", Choice).value)))
        try:
            voyage = begin(ruleset, seed, None, name.value.strip(),
                           today().isoformat() if daily else "",
                           str(self.query_one("#vs-ship", Choice).value))
        except VoyageError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        keeper = VoyageKeeper(voyage, voyage.flagship.kind, voyage_path(self.naval.config.save_dir))
        keeper.save()
        self.app.switch_screen(VoyageScreen(keeper))
