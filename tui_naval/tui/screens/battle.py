"""The battle screen: a game against the AI (or a friend), with undo, saves and autosave."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on, work
from textual.binding import BindingType
from textual.screen import Screen

from tui_naval.app.session import Session, load_session, save_path, save_session
from tui_naval.core.grid import Cell
from tui_naval.core.history import Game
from tui_naval.core.saves import SaveError, prepare_saving
from tui_naval.core.state import GameState
from tui_naval.tui import keys
from tui_naval.tui.screens.game import PACED_FLEET, GameScreen
from tui_naval.tui.widgets.ocean import OceanView


def session_screen(session: Session) -> Screen[None]:
    """The screen that plays a session: a battle if anyone is human, else a demo."""
    if session.human_sides():
        return BattleScreen(session)
    from tui_naval.tui.screens.demo import DemoScreen

    return DemoScreen(session)


class BattleScreen(GameScreen):
    """A game with a human at the helm of at least one side."""

    COMMAND_SET = keys.BATTLE
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.BATTLE)
    OVER_HINT = "u undoes your last decision, q goes back to the menu"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.fast = False

    def on_mount(self) -> None:
        self.naval.session = self.session
        # Once the screen is drawn, a thread does what the first autosave would do the
        # first time (imports, the save converter): the end of turn 1 does not stall.
        self.call_after_refresh(self.prepare_saving, self.game)

    @work(thread=True, group="saves", exit_on_error=False)
    def prepare_saving(self, game: Game) -> None:
        prepare_saving(game)

    def bindings_key(self) -> tuple[object, ...]:
        return (*super().bindings_key(), self.last_human_index() is None, self.game.can_redo())

    def ai_delay(self) -> float:
        """The AI's moves one by one at the set pace; a large fleet's faster (``PACED_FLEET``
        vessels' worth of moves a step), so a 20-ship turn takes a few seconds."""
        if self.fast:
            return 0.0
        state = self.game.state
        afloat = sum(1 for s in state.ships if s.afloat and not self.is_human(s.side))
        return self.naval.config.ai_delay * min(1.0, PACED_FLEET / max(1, afloat))

    def played(self, before: GameState, after: GameState) -> None:
        if after.turn != before.turn or after.outcome is not None:
            self.naval.autosave(quiet=False)

    # -- undo and redo: from one of the player's decisions to another -----------------
    def last_human_index(self) -> int | None:
        """How many orders stand before the player's latest decision (None: none made)."""
        states = self.game.states()
        ruleset = self.game.ruleset
        for index in range(len(self.game.orders) - 1, -1, -1):
            decision = ruleset.decision(states[index])
            if decision is not None and self.is_human(decision.side):
                return index
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return None if self.last_human_index() is None else True
        if action == "redo":
            return None if not self.game.can_redo() else True
        if action == "skip":
            return self.thinking
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        index = self.last_human_index()
        if index is None:
            self.notify("Nothing to undo: you have made no decision yet.", timeout=3)
            return
        self.game.undo_to(index)
        self._over_shown = False
        self.changed()

    def action_redo(self) -> None:
        if not self.game.can_redo():
            self.notify("Nothing to redo.", timeout=3)
            return
        self.game.redo()
        while self.game.can_redo():
            decision = self.game.decision()
            if decision is None or self.is_human(decision.side):
                break
            self.game.redo()
        self.changed()

    # -- aiming with the map's cursor ---------------------------------------------------
    def option_at(self, cell: Cell) -> int | None:
        """The index (in the prompt's list) of the option aimed at ``cell``, if any."""
        if self._asked is None or not self.prompt.asking:
            return None
        state = self.game.state
        for index, order in enumerate(self.prompt.shown):
            if self.presenter.option_cell(state, order) == cell:
                return index
        return None

    @on(OceanView.CursorMoved)
    def _aim_with_cursor(self, event: OceanView.CursorMoved) -> None:
        """Looking over the map during an aim, the prompt follows the cursor's hex."""
        if not self.looking:
            return
        index = self.option_at(event.cell)
        if index is not None and index != self.prompt.options.highlighted:
            self.prompt.options.highlighted = index

    @on(OceanView.CellChosen)
    def _aim_here(self, event: OceanView.CellChosen) -> None:
        """Enter on the map: fire at the hex under the cursor, if an option aims there."""
        index = self.option_at(event.cell)
        if index is None:
            if self.prompt.asking:
                self.notify("No option of this prompt aims at that hex.", timeout=2)
            return
        self.action_focus_prompt()
        self.prompt.choose(index + 1)

    # -- pace ---------------------------------------------------------------------------
    def action_toggle_fast(self) -> None:
        self.fast = not self.fast
        if self.fast:
            self._skip.set()
        self.notify("The AI's moves are fast-forwarded." if self.fast
                    else "The AI's moves are shown one by one.", timeout=2)

    def action_skip(self) -> None:
        self._skip.set()

    # -- saves --------------------------------------------------------------------------
    def action_save(self) -> None:
        from tui_naval.tui.dialogs.save import SaveDialog

        setup = self.game.setup
        default = f"{setup.map_name}-seed{setup.seed}-turn{self.game.state.turn}"
        self.app.push_screen(SaveDialog(default, self.naval.config.save_dir), self._save_as)

    def _save_as(self, name: str | None) -> None:
        if not name:
            return
        path = save_path(self.naval.config.save_dir, name)
        try:
            save_session(self.session, path, self.naval.config.clock())
        except SaveError as exc:
            self.notify(str(exc), title="Not saved", severity="error", markup=False)
            return
        self.notify(f"Saved to {path}", title="Saved", timeout=4, markup=False)

    def action_load(self) -> None:
        from tui_naval.tui.dialogs.load import LoadDialog

        self.app.push_screen(LoadDialog(self.naval.config.save_dir), self._load)

    def _load(self, path: Path | None) -> None:
        if path is None:
            return
        try:
            session = load_session(path, self.naval.config.ai)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot load", severity="error", markup=False)
            return
        self.naval.autosave()
        self.app.switch_screen(session_screen(session))

    def action_leave(self) -> None:
        """Autosave and go back to the title screen."""
        self.naval.autosave(quiet=False)
        self.naval.session = None
        self.dismiss(None)

    # -- the end ---------------------------------------------------------------------------
    def game_over(self) -> None:
        if self._over_shown:
            return
        self._over_shown = True
        from tui_naval.tui.dialogs.game_over import GameOverDialog

        self.app.push_screen(GameOverDialog(self.game), self._after_game)

    def _after_game(self, choice: str | None) -> None:
        if choice == "rematch":
            game = Game(self.game.ruleset, self.game.setup)
            self.app.switch_screen(BattleScreen(Session(game, self.session.seats)))
        elif choice == "new":
            from tui_naval.tui.screens.new_game import NewGameScreen

            self.naval.session = None
            self.app.switch_screen(NewGameScreen())
        elif choice == "quit":
            self.naval.action_quit()
