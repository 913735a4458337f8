"""The replay: a recorded game on the match's screen, read-only, forward and back.

The match holds every state of the recording (``Game.replaying``): its seats are the
recording's (``Seat.recorded``), and its undo is free, so a step back or a jump is an
index, never a replay.  At each position the prompt shows the decision asked there, who
answered it and every option it had, the answer highlighted and previewed on the map
(the arrows of the option list preview the others); where a searching AI answered and
the save kept its thoughts, the answer's detail lists its best options with their values
(``a`` shows them too).  A timeline of the turns under the status line shows where the
fighting was.  Space plays the recording on at the pace (+ and - change it).  "Take
over" starts a new game from the position, on a side of the player's choice against an
AI; the recording and its file are never changed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from rich.markup import escape
from rich.text import Text
from textual.timer import Timer
from textual.widget import Widget

from tui_naval.app.deliberations import Deliberation, deliberation
from tui_naval.app.happened import Happening, Moved, Over, Played, Waiting
from tui_naval.app.match import Match, Undo
from tui_naval.app.question import Question
from tui_naval.app.seats import HUMAN, Seat
from tui_naval.app.session import Session, autosave_path
from tui_naval.core.orders import Order
from tui_naval.core.replay import Recording
from tui_naval.tui import keys
from tui_naval.tui.dialogs.take_over import TakeOverDialog
from tui_naval.tui.modes.base import Mode
from tui_naval.tui.modes.battle import PACED_FLEET, battle_screen
from tui_naval.tui.modes.demo import nearest_pace
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.widgets.thinking import deliberation_summary
from tui_naval.tui.widgets.timeline import Timeline

#: The shortest time a decision is shown for while the recording plays, in seconds.
MIN_DELAY = 0.01
#: The name the search players' names begin with (saves before their thoughts were kept
#: hold no values for them).
SEARCH = "search"


class ReplayMode(Mode):
    """A recording, watched: nobody plays, the position moves."""

    COMMANDS: ClassVar[tuple[keys.Command, ...]] = keys.REPLAY
    TAG = "replay"
    FIRST = True
    #: The game's keys the replay's key bar leaves out, so that its own fit 80 columns.
    UNSHOWN: ClassVar[frozenset[str]] = frozenset({"game.next_ship"})

    def __init__(self, match: Match, recording: Recording, *, quit_app: bool = False,
                 delay: float | None = None) -> None:
        super().__init__(match)
        self.recording = recording
        self.quit_app = quit_app
        self.playing = False
        self._delay = delay
        self._timer: Timer | None = None
        self.timeline = Timeline(recording.turns, match.state.turn, id="timeline")

    @property
    def index(self) -> int:
        """The position: how many of the recording's orders stand played."""
        return len(self.match.game.orders)

    @property
    def at_end(self) -> bool:
        return self.index >= self.recording.last

    @property
    def delay(self) -> float:
        """Seconds a decision is shown for while playing, at the pace chosen."""
        return self.screen.naval.config.demo_delay if self._delay is None else self._delay

    # -- what it shows ---------------------------------------------------------------------
    def title(self) -> str:
        return self.recording.title

    def bars(self) -> Iterator[Widget]:
        yield self.timeline

    def status(self) -> Text:
        text = Text.assemble(("replay ", "bold"), (f"{self.delay:.2f}s/move ", "dim"))
        text.append(" PLAYING " if self.playing else " paused ",
                    style="bold reverse" if self.playing else "dim")
        return text

    def who_chose(self, question: Question) -> str:
        step = self.recording.step(self.index)
        who = f"{question.side}, {step.who}" if step is not None and step.who else question.side
        return (f"{who} chose {question.answer_index + 1}; decision {self.index + 1}/"
                f"{self.recording.last}")

    def words(self, happening: Waiting | Over) -> tuple[str, str]:
        """At the last position: how the game ended, or that the save ends."""
        state = self.match.state
        if state.outcome is not None:
            head = f"[b]End of the game[/b]: {escape(str(state.outcome))}"
        else:
            head = f"[b]End of the recording[/b]: the save stops at turn {state.turn}"
        return head, "[dim]Home goes back to the start, t takes over from a position, " \
                     "q leaves.[/dim]"

    def detail(self, question: Question, order: Order) -> Text | None:
        """The answer's detail adds what the search made of the decision (or that the save
        kept no values), another option's its value if the search kept it."""
        step = self.recording.step(self.index)
        if step is None:
            return None
        thought = step.thought
        if order == step.order and thought is not None:
            return deliberation_summary(deliberation(self.match, step.index))
        if order == step.order and step.who.startswith(SEARCH):
            return Text(f"{step.who} weighed these options by search; saves do not keep its "
                        "values.", style="dim")
        if thought is not None:
            weighed = next((w for w in thought.best if w.order == str(order)), None)
            if weighed is not None and weighed.visits:
                rollouts = "rollout" if weighed.visits == 1 else "rollouts"
                return Text(f"The search's value: {weighed.value:+.3f} over {weighed.visits} "
                            f"{rollouts}.", style="dim")
            if weighed is not None:
                return Text("The search did not try it.", style="dim")
        return None

    def deliberations(self) -> tuple[list[Deliberation], str]:
        """The decision at the position (none at the end)."""
        if self.recording.step(self.index) is None:
            return [], "The recording ends here: no decision was asked."
        return [deliberation(self.match, self.index)], ""

    def happened(self, happening: Happening) -> None:
        if isinstance(happening, Played | Moved):
            self.timeline.show(self.match.state.turn)

    # -- moving ----------------------------------------------------------------------------
    def check(self, name: str) -> bool | None:
        if name in ("step_back", "turn_back", "to_start"):
            return None if self.index == 0 else True
        if name in ("step_forward", "turn_forward", "to_end"):
            return None if self.at_end else True
        if name == "take_over":
            return None if self.at_end else True
        return True

    def bindings_key(self) -> tuple[object, ...]:
        return (self.index == 0, self.at_end, self.playing)

    def go(self, index: int) -> None:
        """Move to position ``index`` (by the player: playing stops)."""
        self.pause()
        index = max(0, min(index, self.recording.last))
        if index == self.index + 1:
            self.match.forward()
        else:
            self.match.go(index)

    def do_step_back(self) -> None:
        self.go(self.index - 1)

    def do_step_forward(self) -> None:
        self.go(self.index + 1)

    def do_turn_back(self) -> None:
        self.go(self.recording.previous_turn(self.index))

    def do_turn_forward(self) -> None:
        self.go(self.recording.next_turn(self.index))

    def do_to_start(self) -> None:
        self.go(0)

    def do_to_end(self) -> None:
        self.go(self.recording.last)

    def turn_picked(self, turn: int) -> None:
        """A turn clicked on the timeline: its start."""
        for marks in self.recording.turns:
            if marks.turn == turn:
                self.go(marks.first)

    # -- playing ---------------------------------------------------------------------------
    def step_delay(self) -> float:
        """The pace's delay, shorter for a large fleet (``PACED_FLEET`` vessels' worth of
        decisions a pace), so that a turn of 20 vessels takes a few seconds; at least
        ``MIN_DELAY`` (the fastest pace shows each decision for a frame or so)."""
        afloat = sum(1 for s in self.match.state.ships if s.afloat)
        return max(MIN_DELAY, self.delay * min(1.0, PACED_FLEET / max(1, afloat)))

    def do_toggle_play(self) -> None:
        if self.playing:
            self.pause()
        elif self.at_end:
            self.screen.notify("This is the end of the recording: Home goes back to its "
                               "start.", timeout=3)
        else:
            self.playing = True
            self._timer = self.screen.set_timer(self.step_delay(), self._tick)
        self.screen.set_status()

    def pause(self) -> None:
        self.playing = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.screen.set_status()

    def _tick(self) -> None:
        self._timer = None
        if not self.playing:
            return
        self.match.forward()
        if self.at_end:
            self.pause()
        else:
            self._timer = self.screen.set_timer(self.step_delay(), self._tick)

    def do_faster(self) -> None:
        self._delay = nearest_pace(self.delay, -1)
        self.screen.set_status()

    def do_slower(self) -> None:
        self._delay = nearest_pace(self.delay, 1)
        self.screen.set_status()

    # -- taking over and leaving -----------------------------------------------------------
    def do_take_over(self) -> None:
        step = self.recording.step(self.index)
        if step is None:
            self.screen.notify("The recording ends here: step back to take over.", timeout=3)
            return
        self.pause()
        where = f"at turn {self.match.state.turn}, decision {step.index + 1}"
        note = ""
        path = self.recording.path
        if path is not None and path.resolve() == autosave_path(
                self.screen.naval.config.save_dir).resolve():
            note = "(This recording is the autosave: the new game's autosave replaces it.)"
        self.screen.app.push_screen(TakeOverDialog(self.match.state.sides, where, note),
                                    self._take_over)

    def _take_over(self, choice: tuple[str, str] | None) -> None:
        if choice is None:
            return
        side, opponent = choice
        game = self.recording.game_at(self.index)
        seats = {s: HUMAN if s == side else opponent for s in game.state.sides}
        thoughts = {i: t for i, t in self.recording.thoughts.items() if i < self.index}
        self.screen.app.push_screen(battle_screen(Session(game, seats, thoughts)))

    def do_leave(self) -> None:
        self.leave()

    def leave(self) -> None:
        self.pause()
        if self.quit_app:
            self.screen.app.exit(0)
        else:
            self.screen.dismiss(None)


def replay_screen(recording: Recording, index: int = 0, *, quit_app: bool = False,
                  delay: float | None = None) -> MatchScreen:
    """A recording watched from position ``index``."""
    game = recording.game(index)
    session = Session(game, dict(recording.seats), dict(recording.thoughts))
    seats = {side: Seat.recorded(recording.seats.get(side, "")) for side in game.state.sides}
    match = Match(session, seats, undo=Undo.FREE)
    return MatchScreen(match, ReplayMode(match, recording, quit_app=quit_app, delay=delay))
