"""The demo: the AI plays itself (or a script replays a game) at a watchable pace.

Where a searching AI plays, a panel in the side column shows what it made of each
decision (its best options and their values); ``a`` shows or hides it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import ClassVar

from rich.text import Text
from textual.widget import Widget

from tui_naval.ai.players import DEFAULT_OPPONENT, make_player
from tui_naval.app.deliberations import deliberation
from tui_naval.app.happened import Happening, Over, Played, Stop, Stopped
from tui_naval.app.match import Match
from tui_naval.app.scripts import ScriptPlayer
from tui_naval.app.seats import Seat, seats_by_name
from tui_naval.app.session import Session
from tui_naval.app.setup import DEFAULT_MAP, new_game
from tui_naval.core.history import Game
from tui_naval.rulesets import DEFAULT_RULESET
from tui_naval.tui import keys
from tui_naval.tui.modes.base import Mode
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.widgets.thinking import ThinkingPanel

#: Seconds per decision the demo can run at, slowest last.
PACES = (0.0, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.2, 2.0)


def nearest_pace(delay: float, step: int) -> float:
    """The pace ``step`` places faster (-) or slower (+) than the nearest to ``delay``."""
    index = min(range(len(PACES)), key=lambda i: abs(PACES[i] - delay))
    return PACES[max(0, min(len(PACES) - 1, index + step))]


class DemoMode(Mode):
    """Watch a game: space pauses, + and - change the pace, q stops."""

    COMMANDS: ClassVar[tuple[keys.Command, ...]] = keys.DEMO
    TAG = "demo"

    def __init__(self, match: Match, *, script: ScriptPlayer | None = None,
                 quit_app: bool = False, exit_when_done: bool = False,
                 delay: float | None = None, max_turns: int | None = None) -> None:
        super().__init__(match)
        self.script = script
        self.quit_app = quit_app
        self.exit_when_done = exit_when_done
        self._delay = delay
        self.max_turns = max_turns
        self.start_turn = match.state.turn
        self._over_shown = False
        #: The admiral's thinking, shown from the start where an AI searches.
        self.thinking_panel = ThinkingPanel(id="thinking")
        self.thinking_panel.display = any(
            hasattr(seat.player, "last") for seat in match.seats.values())
        match.pace = lambda: self.delay

    @property
    def delay(self) -> float:
        """Seconds each decision is shown for."""
        return self.screen.naval.config.demo_delay if self._delay is None else self._delay

    # -- what it shows ---------------------------------------------------------------------
    def panels(self) -> Iterator[Widget]:
        self.thinking_panel.label = f"{self.screen.key_of('game.admiral')} hides"
        yield self.thinking_panel

    def admiral(self) -> bool:
        """Show or hide the admiral's thinking (the last AI decision's, when shown)."""
        panel = self.thinking_panel
        panel.display = not panel.display
        if panel.display and self.match.game.orders:
            panel.show(deliberation(self.match, len(self.match.game.orders) - 1))
        return True

    def status(self) -> Text:
        what = "script" if self.script is not None and not self.script.done else "demo"
        text = Text.assemble((f"{what} ", "bold"), (f"{self.delay:.2f}s/move ", "dim"))
        if self.match.paused:
            text.append(" PAUSED ", style="bold reverse")
        return text

    # -- keys ------------------------------------------------------------------------------
    def do_toggle_pause(self) -> None:
        if self.match.paused:
            self.match.resume()
        else:
            self.match.pause()
        self.screen.set_status()

    def _pace(self, step: int) -> None:
        self._delay = nearest_pace(self.delay, step)
        if step < 0:
            self.match.skip()
        self.screen.set_status()

    def do_faster(self) -> None:
        self._pace(-1)

    def do_slower(self) -> None:
        self._pace(1)

    def do_leave(self) -> None:
        self.leave()

    def leave(self) -> None:
        self.match.close()
        if self.quit_app:
            self.screen.app.exit(0)
        else:
            self.screen.dismiss(None)

    # -- as the match goes -----------------------------------------------------------------
    def happened(self, happening: Happening) -> None:
        match happening:
            case Played(move):
                if not move.here and self.thinking_panel.display:
                    self.thinking_panel.show(deliberation(self.match, move.index))
                self.played(move.before.turn, move.after.turn, move.after.outcome is None)
            case Stopped():
                self.stopped(happening)
            case Over() if self.exit_when_done:
                self.screen.app.exit(0)
            case Over() if not self._over_shown:
                self._over_shown = True
                from tui_naval.tui.dialogs.game_over import GameOverDialog

                self.screen.app.push_screen(GameOverDialog(self.match.session, demo=True),
                                            self._after_game)

    def played(self, before: int, after: int, going_on: bool) -> None:
        """A decision was played: the demo's end, if its script or turns are done."""
        if not going_on:
            return
        if self.exit_when_done and self.script is not None and self.script.done:
            self.screen.app.exit(0)
        elif self.max_turns is not None and after != before \
                and after - self.start_turn >= self.max_turns:
            if self.exit_when_done:
                self.screen.app.exit(0)
            else:
                self.match.pause()
                self.screen.notify(f"{self.max_turns} turns played; press space to go on.")

    def stopped(self, happening: Stopped) -> None:
        """The script has ended (the AI plays on, paused) or does not fit the game."""
        app = self.screen.app
        if happening.why is Stop.ENDED:
            if self.exit_when_done:
                app.exit(0)
                return
            self.match.pause()
            ai = self.screen.naval.config.ai or DEFAULT_OPPONENT
            self.match.reseat({side: Seat.ai(make_player(ai, self.match.ruleset))
                               for side in self.match.state.sides})
            self.screen.notify(f"The script has ended (turn {self.match.state.turn}). "
                               "Press space to let the AI play on.", title="Script done")
        else:
            if self.exit_when_done:
                app.exit(return_code=2, message=Text(f"tui-naval: error: {happening.text}"))
                return
            self.match.pause()
            self.screen.notify(happening.text, title="Script stopped", severity="error",
                               timeout=10, markup=False)
        self.screen.set_status()

    def _after_game(self, choice: str | None) -> None:
        app = self.screen.app
        if choice == "rematch":
            session = self.match.session
            game = Game(session.game.ruleset, session.game.setup)
            app.switch_screen(demo_screen(Session(game, session.seats),
                                          quit_app=self.quit_app, delay=self._delay))
        elif choice == "new":
            self.screen.naval.new_game()
        elif choice == "quit":
            self.screen.naval.action_quit()


def demo_session(seed: int | None = None, ai: str = DEFAULT_OPPONENT) -> Session:
    """A new AI-against-AI game on the default map (``ai``: "" for the normal admiral)."""
    game = new_game(DEFAULT_RULESET, DEFAULT_MAP,
                    seed if seed is not None else random.randrange(1, 1_000_000), None)
    return Session(game, dict.fromkeys(game.state.sides, ai or DEFAULT_OPPONENT))


def demo_screen(session: Session, *, script: ScriptPlayer | None = None,
                quit_app: bool = False, exit_when_done: bool = False,
                delay: float | None = None, max_turns: int | None = None) -> MatchScreen:
    """A demo of ``session`` (its seats as it names them, or every side the ``script``'s)."""
    seats = {side: Seat.ai(script) for side in session.game.state.sides} \
        if script is not None else seats_by_name(session.seats, session.game.ruleset)
    match = Match(session, seats)
    return MatchScreen(match, DemoMode(match, script=script, quit_app=quit_app,
                                       exit_when_done=exit_when_done, delay=delay,
                                       max_turns=max_turns))
