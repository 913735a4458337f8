"""The demo: the AI plays itself (or a script replays a game) at a watchable pace.

Where a searching AI plays, a panel in the side column shows what it made of each
decision (its best options and their values); ``a`` shows or hides it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from rich.text import Text
from textual.binding import BindingType
from textual.widget import Widget

from tui_naval.ai.players import DEFAULT_OPPONENT, make_player
from tui_naval.app.scripts import ScriptPlayer
from tui_naval.app.session import Session
from tui_naval.core.history import Game
from tui_naval.core.state import GameState
from tui_naval.tui import keys
from tui_naval.tui.screens.game import GameScreen
from tui_naval.tui.widgets.thinking import ThinkingPanel

#: Seconds per decision the demo can run at, slowest last.
PACES = (0.0, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.2, 2.0)


def demo_session(seed: int | None = None, ai: str = DEFAULT_OPPONENT) -> Session:
    """A new AI-against-AI game on the default map."""
    import random

    from tui_naval.app.setup import DEFAULT_MAP, new_game
    from tui_naval.rulesets import DEFAULT_RULESET

    game = new_game(DEFAULT_RULESET, DEFAULT_MAP,
                    seed if seed is not None else random.randrange(1, 1_000_000), None)
    return Session(game, dict.fromkeys(game.state.sides, ai))


class DemoScreen(GameScreen):
    """Watch a game: space pauses, + and - change the pace, q stops."""

    COMMAND_SET = keys.DEMO
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.DEMO)

    def __init__(self, session: Session, *, script: ScriptPlayer | None = None,
                 quit_app: bool = False, exit_when_done: bool = False,
                 delay: float | None = None, max_turns: int | None = None) -> None:
        super().__init__(session)
        self.max_turns = max_turns
        self.start_turn = session.game.state.turn
        self.script = script
        if script is not None:
            self.players = dict.fromkeys(self.game.state.sides, script)
        self.quit_app = quit_app
        self.exit_when_done = exit_when_done
        self.paused = False
        self._delay = delay
        #: The admiral's thinking, shown from the start where an AI searches.
        self.thinking_panel = ThinkingPanel(id="thinking")
        self.thinking_panel.display = any(hasattr(p, "last") for p in self.players.values())

    @property
    def delay(self) -> float:
        return self.naval.config.demo_delay if self._delay is None else self._delay

    def ai_delay(self) -> float:
        return self.delay

    def can_run(self) -> bool:
        return not self.paused

    # -- the admiral's thinking -------------------------------------------------------------
    def side_panels(self) -> Iterator[Widget]:
        key = self.key_of("game.admiral")
        self.thinking_panel.label = f"{key} hides"
        yield self.thinking_panel

    def ai_played(self, index: int) -> None:
        if self.thinking_panel.display:
            self.thinking_panel.show(self.deliberation(index))

    def action_admiral(self) -> None:
        """Show or hide the admiral's thinking (the last AI decision's, when shown)."""
        panel = self.thinking_panel
        panel.display = not panel.display
        if panel.display and self.game.orders:
            panel.show(self.deliberation(len(self.game.orders) - 1))

    def status_right(self) -> Text:
        what = "script" if self.script is not None and not self.script.done else "demo"
        text = Text.assemble((f"{what} ", "bold"), (f"{self.delay:.2f}s/move ", "dim"))
        if self.paused:
            text.append(" PAUSED ", style="bold reverse")
        return text

    # -- pace -----------------------------------------------------------------------------
    def action_toggle_pause(self) -> None:
        self.paused = not self.paused
        self.set_status()
        if not self.paused and not self.thinking:
            self.advance()

    def _pace(self, step: int) -> None:
        index = min(range(len(PACES)), key=lambda i: abs(PACES[i] - self.delay))
        self._delay = PACES[max(0, min(len(PACES) - 1, index + step))]
        if step < 0:
            self._skip.set()
        self.set_status()

    def action_faster(self) -> None:
        self._pace(-1)

    def action_slower(self) -> None:
        self._pace(1)

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "ai")
        if self.quit_app:
            self.app.exit(0)
        else:
            self.dismiss(None)

    # -- endings -----------------------------------------------------------------------------
    def played(self, before: GameState, after: GameState) -> None:
        if after.outcome is not None:
            return
        if self.exit_when_done and self.script is not None and self.script.done:
            self.app.exit(0)
        elif self.max_turns is not None and after.turn != before.turn \
                and after.turn - self.start_turn >= self.max_turns:
            if self.exit_when_done:
                self.app.exit(0)
            else:
                self.paused = True
                self.notify(f"{self.max_turns} turns played; press space to go on.")

    def script_stopped(self, problem: str) -> None:
        kind, _, message = problem.partition(":")
        if kind == "end":
            if self.exit_when_done:
                self.app.exit(0)
                return
            self.players = {side: make_player(self.naval.config.ai)
                            for side in self.game.state.sides}
            self.paused = True
            self.notify(f"The script has ended (turn {self.game.state.turn}). "
                        "Press space to let the AI play on.", title="Script done")
        else:
            if self.exit_when_done:
                self.app.exit(return_code=2, message=Text(f"tui-naval: error: {message}"))
                return
            self.paused = True
            self.notify(message, title="Script stopped", severity="error", timeout=10,
                        markup=False)
        self.advance()

    def game_over(self) -> None:
        if self.exit_when_done:
            self.app.exit(0)
            return
        if self._over_shown:
            return
        self._over_shown = True
        from tui_naval.tui.dialogs.game_over import GameOverDialog

        self.app.push_screen(GameOverDialog(self.game, demo=True), self._after_game)

    def _after_game(self, choice: str | None) -> None:
        if choice == "rematch":
            game = Game(self.game.ruleset, self.game.setup)
            seats = dict(self.session.seats)  # the players the demo was started with
            self.app.switch_screen(DemoScreen(Session(game, seats), quit_app=self.quit_app,
                                              delay=self._delay))
        elif choice == "new":
            from tui_naval.tui.screens.new_game import NewGameScreen

            self.app.switch_screen(NewGameScreen())
        elif choice == "quit":
            self.naval.action_quit()
