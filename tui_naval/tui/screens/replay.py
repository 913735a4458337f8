"""The replay: a recorded game on the battle screen, read-only, forward and back.

The map, the side column and the log follow the position; the prompt shows the
decision asked there, who answered it and every option it had, the answer
highlighted and previewed on the map (the arrows of the option list preview the
others); where a searching AI answered and the save kept its thoughts, the answer's
detail lists its best options with their values (``a`` shows them too).  A timeline
of the turns under the status line shows where the fighting was.  Space plays the
recording on at the pace (+ and - change it); the keys step a decision or a turn back
and forth, or jump to either end, each at once: every state is kept (``core.replay``).
"Take over" starts a new game from the position, on a side of the player's choice
against an AI: a new session whose game replays the recording's orders up to there
(with the thoughts saved before it); the recording and its file are never changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import evolve
from rich.markup import escape
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import HorizontalGroup, Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui_naval.ai.players import OPPONENTS
from tui_naval.app.session import HUMAN, Session, autosave_path
from tui_naval.core.orders import Order
from tui_naval.core.replay import Recording, ReplayGame, Step, TurnMarks
from tui_naval.tui import keys
from tui_naval.tui.screens.base import NavalModal
from tui_naval.tui.screens.demo import PACES
from tui_naval.tui.screens.game import PACED_FLEET, GameScreen, event_entry
from tui_naval.tui.widgets.glyphs import app_ascii_only, glyphs
from tui_naval.tui.widgets.message_log import LogEntry
from tui_naval.tui.widgets.option_list import PagedOptionList
from tui_naval.tui.widgets.thinking import Deliberation, deliberation_summary

#: The shortest time a decision is shown for while the recording plays, in seconds.
MIN_DELAY = 0.01
#: The name the search players' names begin with (saves before their thoughts were kept
#: hold no values for them).
SEARCH = "search"


# -- the timeline --------------------------------------------------------------------------
def turn_rank(marks: TurnMarks) -> int:
    """How much happened in a turn, for the timeline: a capture, a sinking, many hits,
    a few hits, a mark rounded, nothing."""
    if marks.captures:
        return 5
    if marks.sinkings:
        return 4
    if marks.hits >= 5:
        return 3
    if marks.hits:
        return 2
    return 1 if marks.marks else 0


def rank_glyph(rank: int, ascii_only: bool) -> tuple[str, str]:
    """The timeline's character for a rank of ``turn_rank`` and its style."""
    return ((glyphs(ascii_only).sea, "dim"), ("o", "cyan"), ("x", "yellow"),
            ("X", "bold yellow"), ("+" if ascii_only else "†", "bold red"),
            ("C", "bold magenta"))[rank]


def timeline_columns(count: int, width: int) -> list[tuple[int, int]]:
    """The turns (indexes ``first``..``last - 1`` of ``count``) each of at most ``width``
    columns stands for: one turn a column when they fit, else several."""
    if count <= 0 or width <= 0:
        return []
    columns = min(count, width)
    return [(c * count // columns, max(c * count // columns + 1, (c + 1) * count // columns))
            for c in range(columns)]


LABEL = "Turns "


def timeline_text(turns: Sequence[TurnMarks], current: int, width: int,
                  ascii_only: bool = False) -> Text:
    """The timeline in ``width`` cells: each turn's (or group of turns') character, the
    column of turn ``current`` reversed, and what the characters mean if there is room."""
    legend_parts = [(rank_glyph(r, ascii_only), word) for r, word in
                    ((2, "hits"), (4, "sunk"), (5, "taken"), (1, "mark"))]
    legend = Text()
    for (char, style), word in legend_parts:
        legend.append("  ")
        legend.append(char, style=style)
        legend.append(f" {word}", style="dim")
    room = width - len(LABEL) - 1
    out = Text(LABEL, style="dim", no_wrap=True, overflow="crop", end="")
    out.append(" ")
    for first, last in timeline_columns(len(turns), max(0, room)):
        group = turns[first:last]
        char, style = rank_glyph(max(turn_rank(m) for m in group), ascii_only)
        if any(m.turn == current for m in group):
            style = f"{style} reverse"
        out.append(char, style=style)
    if out.cell_len + legend.cell_len <= width:
        out.append_text(legend)
    return out


class Timeline(Widget):
    """The turns of a recording in a line, where the fighting was; a click picks a turn."""

    DEFAULT_CSS = """
    Timeline {
        split: top;
        height: 1;
        background: $surface;
    }
    """

    class Picked(Message):
        """The player clicked turn ``turn``."""

        def __init__(self, turn: int) -> None:
            super().__init__()
            self.turn = turn

    def __init__(self, turns: Sequence[TurnMarks], current: int, *,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.turns = tuple(turns)
        self.current = current

    def show(self, turn: int) -> None:
        if turn != self.current:
            self.current = turn
            self.refresh()

    def render(self) -> Text:
        return timeline_text(self.turns, self.current, self.size.width,
                             app_ascii_only(self.app))

    def on_click(self, event: events.Click) -> None:
        column = event.x - len(LABEL) - 1
        spans = timeline_columns(len(self.turns), self.size.width - len(LABEL) - 1)
        if 0 <= column < len(spans):
            self.post_message(self.Picked(self.turns[spans[column][0]].turn))


# -- taking over ---------------------------------------------------------------------------
class TakeOverDialog(NavalModal[tuple[str, str] | None]):
    """Which side to play from here, against which AI: the sides' list, then the
    opponents'; dismisses with (side, the AI's name)."""

    def __init__(self, sides: Sequence[str], where: str, note: str = "") -> None:
        super().__init__()
        self.sides = tuple(sides)
        self.where = where
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="takeover-box", classes="dialog"):
            yield Static(Text.assemble(("Take over ", "bold"), (self.where, "bold"),
                                       ("  Enter chooses, Escape goes back", "dim")),
                         classes="dialog-title")
            with HorizontalGroup(id="takeover-lists"):
                yield PagedOptionList(*(Option(Text.assemble(("Sail ", "dim"), (side, "bold")))
                                        for side in self.sides), id="takeover-side")
                yield PagedOptionList(*(Option(Text.assemble(("against ", "dim"), label))
                                        for _name, label in OPPONENTS), id="takeover-ai")
            note = ("A new game from this position: its own saves replay from the start. "
                    "The recording is not changed.")
            yield Static(Text(f"{note} {self.note}".strip()), classes="dialog-note")

    def on_mount(self) -> None:
        self.query_one("#takeover-side", OptionList).focus()

    @on(OptionList.OptionSelected, "#takeover-side")
    def _side_chosen(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#takeover-ai", OptionList).focus()

    @on(OptionList.OptionSelected, "#takeover-ai")
    def _opponent_chosen(self, event: OptionList.OptionSelected) -> None:
        side = self.query_one("#takeover-side", OptionList).highlighted or 0
        self.dismiss((self.sides[side], OPPONENTS[event.option_index][0]))


# -- the screen ----------------------------------------------------------------------------
#: The battle screen's keys the replay's key bar leaves out (they still work, and ``?``
#: lists them), so that its own fit 80 columns.
UNSHOWN = frozenset({"game.next_ship"})


class ReplayScreen(GameScreen, inherit_bindings=False):
    """A recording on the battle screen, watched: nobody plays, the position moves."""

    COMMAND_SET = keys.REPLAY
    # Its own keys first in the key bar, then the battle screen's.
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(
        (*keys.REPLAY, *(evolve(c, show=False) if c.id in UNSHOWN else c for c in keys.GAME)))

    def __init__(self, recording: Recording, index: int = 0, *, quit_app: bool = False,
                 delay: float | None = None) -> None:
        self.recording = recording
        self.view = ReplayGame(recording, index)
        super().__init__(Session(self.view, {}))  # nobody plays: no prompt, no AI
        self.thoughts = recording.thoughts
        self.quit_app = quit_app
        self.playing = False
        self._delay = delay
        self._timer: Timer | None = None
        #: The position the prompt shows (None: none yet).
        self._shown: int | None = None
        #: The log's entries of the whole recording, and how many stand up to each position.
        self._entries: list[LogEntry] = []
        self._ends: list[int] = []

    def map_title(self) -> str:
        return self.recording.title

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield widget
            if widget.id == "status":  # the timeline is split off the top under it
                yield Timeline(self.recording.turns, self.view.state.turn, id="timeline")

    def on_mount(self) -> None:
        # (Runs before GameScreen's, which draws the map and the panels for the position.)
        presenter = self.presenter
        for state in self.recording.states:
            self._entries.extend(event_entry(event, presenter) for event in state.events)
            self._ends.append(len(self._entries))
        self.show_position()

    # -- what is shown ---------------------------------------------------------------------
    @property
    def timeline(self) -> Timeline:
        return self.query_one("#timeline", Timeline)

    def own_fleet(self) -> list[str]:
        """Every ship (nobody plays), the one deciding here first."""
        fleet = [s.id for s in self.game.state.ships]
        step = self.view.step()
        if step is not None and step.decision.ship in fleet:
            fleet.remove(step.decision.ship)
            fleet.insert(0, step.decision.ship)
        return fleet

    def rebuild_log(self) -> None:
        """The log up to the position (every event of the recording was made once)."""
        if self._ends:
            self.log_view.replace(self._entries[:self._ends[self.view.index]])

    def _advance(self) -> None:
        if self._shown != self.view.index:
            self.show_position()

    def show_position(self) -> None:
        """The prompt, the selected ship, the preview and the timeline for the position."""
        self._shown = self.view.index
        self._asked = None
        self._seen = None
        self._previews = {}
        step = self.view.step()
        self.timeline.show(self.view.state.turn)
        if step is None:
            self._preview, self._overlays = (), {}
            self.prompt.wait(*self.end_texts())
            return
        ship = step.decision.ship
        if ship in {s.id for s in self.view.state.ships}:
            self.selected = ship
        self.show_step(step)
        self.preview(step.order, detail=True)
        self.keep_in_view(self._preview)

    def show_step(self, step: Step) -> None:
        """A decision of the recording in the prompt: who answered, and every option, the
        answer highlighted."""
        state = self.view.state
        decision = step.decision
        presenter = self.presenter
        orders = presenter.option_order(state, decision)
        infos = [(order, presenter.option_info(state, decision, order)) for order in orders]
        self._infos = dict(infos)
        chosen = orders.index(step.order) if step.order in orders else 0
        who = f"{step.side}, {step.who}" if step.who else step.side
        number = f"{step.index + 1}/{self.recording.last}"
        title = (f"[b reverse] {escape(decision.kind.capitalize())} [/] "
                 f"[b]{escape(decision.prompt)}[/b]  [dim]({escape(who)} chose "
                 f"{chosen + 1}; decision {number})[/dim]")
        self.prompt.ask(title, infos, self.chance_table(decision), highlight=chosen)

    def option_detail(self, order: Order) -> Text:
        """An option's detail; the answer's adds what the search made of the decision
        (or that the save kept no values), another's its value if the search kept it."""
        detail = super().option_detail(order)
        step = self.view.step()
        if step is None:
            return detail
        thought = step.thought
        if order == step.order and thought is not None:
            detail.append("\n")
            detail.append_text(deliberation_summary(self.deliberation(step.index)))
        elif order == step.order and step.who.startswith(SEARCH):
            detail.append(f"\n{step.who} weighed these options by search; saves do not "
                          "keep its values.", style="dim")
        elif thought is not None:
            text = str(order)
            weighed = next((w for w in thought.best if w.order == text), None)
            if weighed is not None and weighed.visits:
                rollouts = "rollout" if weighed.visits == 1 else "rollouts"
                detail.append(f"\nThe search's value: {weighed.value:+.3f} over "
                              f"{weighed.visits} {rollouts}.", style="dim")
            elif weighed is not None:
                detail.append("\nThe search did not try it.", style="dim")
        return detail

    def seat_name(self, side: str) -> str:
        return self.recording.seats.get(side, "")

    def latest_deliberations(self, count: int = 1) -> tuple[list[Deliberation], str]:
        """The decision at the position (none at the end)."""
        if self.view.step() is None:
            return [], "The recording ends here: no decision was asked."
        return [self.deliberation(self.view.index)], ""

    def end_texts(self) -> tuple[str, str]:
        """The prompt at the last position: how the game ended, or that the save ends."""
        state = self.view.state
        if state.outcome is not None:
            head = f"[b]End of the game[/b]: {escape(str(state.outcome))}"
        else:
            head = f"[b]End of the recording[/b]: the save stops at turn {state.turn}"
        return head, "[dim]Home goes back to the start, t takes over from a position, " \
                     "q leaves.[/dim]"

    def moved(self) -> None:
        """The position changed: everything follows it."""
        self.rebuild_log()
        self.show_position()
        self.refresh_view()

    def bindings_key(self) -> tuple[object, ...]:
        return (*super().bindings_key(), self.view.index == 0, self.view.at_end, self.playing)

    def status_right(self) -> Text:
        text = Text.assemble(("replay ", "bold"), (f"{self.delay:.2f}s/move ", "dim"))
        text.append(" PLAYING " if self.playing else " paused ",
                    style="bold reverse" if self.playing else "dim")
        return text

    # -- moving ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("step_back", "turn_back", "to_start"):
            return None if self.view.index == 0 else True
        if action in ("step_forward", "turn_forward", "to_end"):
            return None if self.view.at_end else True
        if action == "take_over":
            return None if self.view.step() is None else True
        return super().check_action(action, parameters)

    def go(self, index: int) -> None:
        """Move to position ``index`` (by the player: playing stops)."""
        self.pause()
        if self.view.go(index):
            self.moved()

    def action_step_back(self) -> None:
        self.go(self.view.index - 1)

    def action_step_forward(self) -> None:
        self.go(self.view.index + 1)

    def action_turn_back(self) -> None:
        self.go(self.recording.previous_turn(self.view.index))

    def action_turn_forward(self) -> None:
        self.go(self.recording.next_turn(self.view.index))

    def action_to_start(self) -> None:
        self.go(0)

    def action_to_end(self) -> None:
        self.go(self.recording.last)

    @on(Timeline.Picked)
    def _picked(self, event: Timeline.Picked) -> None:
        for marks in self.recording.turns:
            if marks.turn == event.turn:
                self.go(marks.first)

    # -- playing ---------------------------------------------------------------------------
    @property
    def delay(self) -> float:
        """Seconds a decision is shown for while playing, at the pace chosen."""
        return self.naval.config.demo_delay if self._delay is None else self._delay

    def step_delay(self) -> float:
        """The pace's delay, shorter for a large fleet (``PACED_FLEET`` vessels' worth of
        decisions a pace), so that a turn of 20 vessels takes a few seconds; at least
        ``MIN_DELAY`` (the fastest pace shows each decision for a frame or so)."""
        afloat = sum(1 for s in self.view.state.ships if s.afloat)
        return max(MIN_DELAY, self.delay * min(1.0, PACED_FLEET / max(1, afloat)))

    def action_toggle_play(self) -> None:
        if self.playing:
            self.pause()
        elif self.view.at_end:
            self.notify("This is the end of the recording: Home goes back to its start.",
                        timeout=3)
        else:
            self.playing = True
            self._timer = self.set_timer(self.step_delay(), self._tick)
        self.set_status()

    def pause(self) -> None:
        self.playing = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.set_status()

    def _tick(self) -> None:
        self._timer = None
        if not self.playing:
            return
        if self.view.forward():
            self.moved()
        if self.view.at_end:
            self.pause()
        else:
            self._timer = self.set_timer(self.step_delay(), self._tick)

    def _pace(self, step: int) -> None:
        index = min(range(len(PACES)), key=lambda i: abs(PACES[i] - self.delay))
        self._delay = PACES[max(0, min(len(PACES) - 1, index + step))]
        self.set_status()

    def action_faster(self) -> None:
        self._pace(-1)

    def action_slower(self) -> None:
        self._pace(1)

    # -- taking over and leaving -----------------------------------------------------------
    def action_take_over(self) -> None:
        step = self.view.step()
        if step is None:
            self.notify("The recording ends here: step back to take over.", timeout=3)
            return
        self.pause()
        turn = self.view.state.turn
        where = f"at turn {turn}, decision {step.index + 1}"
        note = ""
        path = self.recording.path
        if path is not None and path.resolve() == autosave_path(
                self.naval.config.save_dir).resolve():
            note = "(This recording is the autosave: the new game's autosave replaces it.)"
        self.app.push_screen(TakeOverDialog(self.view.state.sides, where, note),
                             self._take_over)

    def _take_over(self, choice: tuple[str, str] | None) -> None:
        if choice is None:
            return
        side, opponent = choice
        from tui_naval.tui.screens.battle import BattleScreen

        game = self.recording.game_at(self.view.index)
        seats = {s: HUMAN if s == side else opponent for s in game.state.sides}
        thoughts = {i: t for i, t in self.recording.thoughts.items() if i < self.view.index}
        self.app.push_screen(BattleScreen(Session(game, seats, thoughts)))

    def action_leave(self) -> None:
        self.pause()
        if self.quit_app:
            self.app.exit(0)
        else:
            self.dismiss(None)
