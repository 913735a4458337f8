"""What the battle and the demo share: the map, the side column, the log, and the loop
that asks each side for its decisions.

The loop: after every change, ``advance`` looks at the pending decision.  A
human side gets the prompt; an AI side (or a script) answers in a worker
thread, shown for a moment before it is played, so its moves can be watched.
Answers carry the game's version, so one arriving after an undo is dropped.
What a searching AI made of its decision (its ``last`` analysis) comes back with
its answer and is kept in the session (``core.thoughts``): the ``a`` key shows it.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Any, ClassVar

from attrs import evolve
from rich.markup import escape
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import get_current_worker

from tui_naval.app.scripts import ScriptEnded, ScriptError
from tui_naval.app.seats import is_interactive
from tui_naval.app.session import Session
from tui_naval.core.controller import Player
from tui_naval.core.grid import Cell
from tui_naval.core.hints import Hint
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.presenter import OptionInfo, Presenter, Preview
from tui_naval.core.state import Event, GameState
from tui_naval.core.thoughts import Thought
from tui_naval.tui import keys
from tui_naval.tui.hints import Coach, HintPanel
from tui_naval.tui.screens.base import NavalScreen
from tui_naval.tui.screens.prompt import ChanceTable, PromptPanel, chance_rows
from tui_naval.tui.widgets.board_layout import ZOOMS
from tui_naval.tui.widgets.glyphs import ascii_text, cut, glyphs
from tui_naval.tui.widgets.key_bar import KeyBar
from tui_naval.tui.widgets.look_panel import LookPanel
from tui_naval.tui.widgets.message_log import LogEntry, MessageLog
from tui_naval.tui.widgets.ocean import OceanView
from tui_naval.tui.widgets.ship_panel import ShipPanel
from tui_naval.tui.widgets.thinking import Deliberation
from tui_naval.tui.widgets.wind_rose import WindRose


def event_entry(event: Event, presenter: Presenter) -> LogEntry:
    """The log line for an event, in the style its ruleset gives its kind."""
    style = presenter.event_style(event.kind)
    body = Text(event.text, style=style if presenter.event_emphasised(event.kind) else "")
    return LogEntry(event.turn, event.kind, style or "dim", body)


def order_entry(turn: int, side: str, order: Order, label: str) -> LogEntry:
    """A log line for a decision the player made (the other side's stay hidden)."""
    body = Text.assemble((f"{order.ship} ", "bold"), label, (f"  ({side})", "dim"))
    return LogEntry(turn, "you", "bold green", body)


#: An AI side with this many vessels afloat or fewer has each move shown for the whole delay;
#: a larger fleet's moves are shown faster, so that a turn takes about as long.
PACED_FLEET = 3
#: Events of a quiet turn named in its summary (the rest are in the log).
SUMMARY_EVENTS = 3
#: Characters of an event's text a summary keeps.
SUMMARY_WIDTH = 60


def brief(text: str, width: int = SUMMARY_WIDTH) -> str:
    """An event's text cut to its first sentence or clause, at most ``width`` characters."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    for stop in (". ", "; "):
        first = first.split(stop, 1)[0]
    first = first.rstrip(".")
    return first if len(first) <= width else first[:width - 3].rstrip() + "..."


def turn_summary(turn: int, events: list[Event], presenter: Presenter) -> str:
    """A quiet turn in a line, from its events as the ruleset styles them (the emphasised
    ones first): ``Turn 3: nothing to decide: port battery reloading; red fired: ...``."""
    told = [e for e in events if e.kind != "pos" and e.text.strip()]
    told.sort(key=lambda e: (not presenter.event_emphasised(e.kind),
                             not presenter.event_style(e.kind)))
    parts = [brief(e.text) for e in told[:SUMMARY_EVENTS]]
    if len(told) > SUMMARY_EVENTS:
        parts.append(f"{len(told) - SUMMARY_EVENTS} more in the log")
    return f"Turn {turn}: nothing to decide: {'; '.join(parts) or 'the turn passed'}"


#: Below this many rows the message log keeps to two lines (the screen's ``-low`` class).
LOW_HEIGHT = 30
#: Below this many rows the side column has no room for the hints beside the ship and look
#: panels (a tall prompt leaves it a few rows): the hints, when on, take theirs (``-cramped``).
CRAMPED_HEIGHT = 40
#: Below this many columns the footer is compact (less space between its keys).
COMPACT_WIDTH = 100
#: The most AI decisions the admiral's thinking shows at once.
SHOWN_THOUGHTS = 6


class GameScreen(NavalScreen[None]):
    """A game on screen; subclasses decide who plays and which keys there are."""

    COMMAND_SET = keys.GAME
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.GAME)
    STYLESHEET = "game"
    AUTO_FOCUS = "#prompt-options"
    #: Below this many rows the screen is ``-cramped`` (``CRAMPED_HEIGHT``).
    cramped_height: ClassVar[int] = CRAMPED_HEIGHT
    #: What the prompt says the player can do once the game is over.
    OVER_HINT = "q leaves"

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.game = session.game
        #: How the game's ruleset shows itself: labels, previews, notes, event styles.
        self.presenter: Presenter = self.game.ruleset.presenter
        self.players: dict[str, Player] = session.players()
        #: What a searching AI made of its decisions, by their answers' indexes in the
        #: orders (the session's: saved with the game).
        self.thoughts: dict[int, Thought] = session.thoughts
        self.selected: str | None = None
        self.version = 0
        self.thinking = False
        self._skip = threading.Event()
        self._over_shown = False
        self._asked: Decision | None = None
        self._preview: tuple[Cell, ...] = ()
        self._overlays: dict[Cell, str] = {}
        #: The previews of the decision asked, by option (each worked out once).
        self._previews: dict[Order, Preview | None] = {}
        #: The option infos of the decision asked (the detail of an option without a preview).
        self._infos: dict[Order, OptionInfo] = {}
        #: The state the decision asked was worked out from (``seen``), once per decision.
        self._seen: GameState | None = None
        self._bindings_key: tuple[object, ...] = ()
        #: The rules' hints as they come up (``Config.hints``; the tutorial's always on).
        self.coach = self.make_coach()
        self.hint_panel = HintPanel(id="hint")
        self._status_shown: Text | None = None
        #: The terminal size the layout was last fitted to.
        self._fitted_to = Size(0, 0)
        #: The events played since the screen opened (or the last undo), by turn.
        self._events: dict[int, list[Event]] = {}
        #: The last turn the player was asked a decision in (or saw summed up).
        self._told_turn = session.game.state.turn
        #: A quiet turn's summary is up, until its pause ends or a key is pressed.
        self.quiet_waiting = False

    # -- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # The status line, the key bar and the side column are split off the screen's
        # edges in this order (the stylesheet's ``split``); the sea fills the rest.
        yield Static("", id="status")
        yield KeyBar(id="keys")
        yield PromptPanel(id="prompt")
        with Vertical(id="side"):
            yield WindRose(ascii_only=self.naval.config.ascii_only, id="wind")
            yield ShipPanel(ascii_only=self.naval.config.ascii_only, id="ship")
            yield self.hint_panel
            yield from self.side_panels()
            yield LookPanel(id="look")
        yield OceanView(ascii_only=self.naval.config.ascii_only, id="ocean")
        yield MessageLog(id="log")

    def side_panels(self) -> Iterator[Widget]:
        """Panels a screen adds to the side column, above the look panel."""
        return iter(())

    @property
    def ocean(self) -> OceanView:
        return self.query_one("#ocean", OceanView)

    @property
    def prompt(self) -> PromptPanel:
        return self.query_one("#prompt", PromptPanel)

    @property
    def log_view(self) -> MessageLog:
        return self.query_one("#log", MessageLog)

    def on_mount(self) -> None:
        state = self.game.state
        self.start_hints()
        own = self.own_fleet()
        self.selected = own[0] if own else (state.ships[0].id if state.ships else None)
        # The highlight's preview is drawn as the highlight moves, in the same refresh:
        # the key's whole effect reaches the terminal in one frame.
        self.watch(self.prompt.options, "highlighted", self._highlight_moved, init=False)
        self.rebuild_log()
        self.fit_to_size()
        self.refresh_view()
        if self.selected:
            cell = state.ship(self.selected).cell
            self.ocean.cursor = cell
            self.ocean.center_on(cell)
        # A player's decision is in the prompt before the first layout, so the first
        # frame is the whole screen; an AI starts to think only once the screen is drawn.
        decision = self.game.decision()
        if state.outcome is None and decision is not None and self.is_human(decision.side):
            self._advance()
        else:
            self.call_after_refresh(self.advance)

    def bindings_key(self) -> tuple[object, ...]:
        """What the footer's enabled keys depend on; they are refreshed when it changes."""
        return (self.prompt.asking, self.thinking)

    def update_bindings(self) -> None:
        """Refresh the footer only when a key's availability has changed (it is costly)."""
        key = self.bindings_key()
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    def on_screen_suspend(self) -> None:
        self._skip.set()

    @on(events.Resize)
    @on(events.ScreenResume)
    def _resized(self) -> None:
        if self.is_mounted and self.app.size != self._fitted_to:
            self.fit_to_size()
            # The view's size changes: it is centred on the acting ship again (in the
            # layout pass at the new size), then the mark or enemy kept in view if it fits.
            acting = self.acting_ship()
            if acting is not None and not self.looking:
                self.ocean.center_on(self.game.state.ship(acting).cell)
                self.keep_in_view(self._preview)

    def fit_to_size(self) -> None:
        """Fit the layout to the terminal: a short one gets a two-line log (``-low``), a
        narrow one a compact footer, and the status line is shortened to the width."""
        self._fitted_to = self.app.size
        width, height = self.app.size
        self.set_class(height < LOW_HEIGHT, "-low")
        self.set_class(height < self.cramped_height, "-cramped")
        footer = self.query_one(KeyBar)
        if footer.compact != (width < COMPACT_WIDTH):
            footer.compact = width < COMPACT_WIDTH
        self.log_hint()
        self.set_status()

    def log_hint(self) -> None:
        """Name the key that enlarges or shrinks the log on the log's top edge."""
        command = next(c for c in keys.GAME if c.id == "game.messages")
        key = keys.key_label(command, self.naval.config.keymap)
        verb = "shrinks" if self.log_view.big else "shows whole events"
        self.log_view.border_title = f"[dim]{escape(key)} {verb}[/dim]"

    # -- who plays ---------------------------------------------------------------------
    def is_human(self, side: str) -> bool:
        player = self.players.get(side)
        return player is not None and is_interactive(player)

    def own_fleet(self) -> list[str]:
        """The ship ids the player may select: their sides' (every ship when nobody is
        human), those afloat first."""
        state = self.game.state
        humans = [s for s in state.sides if self.is_human(s)]
        fleet = [s for s in state.ships if not humans or s.side in humans]
        fleet.sort(key=lambda s: not s.afloat)
        return [s.id for s in fleet]

    def ai_delay(self) -> float:
        """Seconds an AI's answer is shown before it is played."""
        return self.naval.config.ai_delay

    def can_run(self) -> bool:
        """Whether the loop may ask the next decision now (a paused demo may not)."""
        return True

    # -- the loop -----------------------------------------------------------------------
    def advance(self) -> None:
        """Ask the side to act: the prompt for a human, a worker for the AI."""
        if self.is_mounted:
            self._advance()

    def _advance(self) -> None:
        state = self.game.state
        if state.outcome is not None:
            self._asked = None
            self.prompt.wait(f"[b]Game over[/b]: {escape(str(state.outcome))}",
                             f"[dim]{self.OVER_HINT}[/dim]")
            self.game_over()
            return
        decision = self.game.decision()
        if decision is None:
            self.prompt.wait("[b]No decision is pending.[/b]")
            return
        if self.is_human(decision.side):
            quiet = [t for t in range(self._told_turn + 1, state.turn) if t in self._events]
            self._told_turn = max(self._told_turn, state.turn - 1)
            if quiet:
                self.tell_quiet(quiet)
                return
            self._told_turn = state.turn
            if decision.interrupt and self.naval.config.pass_interrupts:
                self.play(decision.options[-1])  # let the enemy's action go on
                return
            self.ask(decision)
            return
        self._asked = None
        player = self.players[decision.side]
        if not self.can_run():
            self.prompt.wait(f"[b]Paused[/b]: {escape(decision.side)} to decide")
            return
        self.prompt.wait(f"[b]{escape(decision.side)}[/b] [dim]is deciding...[/dim]",
                         f"[dim]{escape(decision.prompt)}[/dim]")
        self.set_status()
        self.thinking = True
        self._skip.clear()
        seen = self.game.ruleset.observe(state, decision.side)
        self.think(seen, decision, player, self.version, self.ai_delay())

    def seen(self) -> GameState:
        """The state as the side deciding now may know it (another side's plotted orders
        hidden): what its prompt and previews are worked out from."""
        state: GameState = self.game.state
        if self._asked is None:
            return state
        if self._seen is None:
            self._seen = self.game.ruleset.observe(state, self._asked.side)
        return self._seen

    def ask(self, decision: Decision) -> None:
        """Put a human's decision in the prompt."""
        self._asked = decision
        self._seen = None
        self._previews = {}
        state = self.seen()
        if decision.ship in {s.id for s in state.ships} and decision.ship != self.selected:
            self.select(decision.ship)
        presenter = self.presenter
        orders = presenter.option_order(state, decision)
        infos = self.marked([(order, presenter.option_info(state, decision, order))
                             for order in orders])
        self._infos = dict(infos)
        table = self.chance_table(decision)
        kind = decision.kind.capitalize()
        title = (f"[b reverse] {escape(kind)} [/] [b]{escape(decision.prompt)}[/b]  "
                 f"[dim]({escape(decision.side)})[/dim]")
        # Every option's detail beside the list (its preview's, worked out now): the prompt
        # keeps room for the tallest, and no highlight lays the screen out again.
        notes = [self.option_detail(order) for order in orders]
        self.prompt.ask(title, infos, table, typing=presenter.typing_keys(state, decision),
                        notes=notes)
        if self.coach.asked(state, decision):
            self.show_hints()
        self.set_status()
        self.keep_in_view()
        if not self.looking and not self.prompt.options.has_focus:
            self.prompt.options.focus()
        self.preview(orders[0])

    def marked(self, infos: list[tuple[Order, OptionInfo]]) -> list[tuple[Order, OptionInfo]]:
        """The options, each marked ``!`` also where its preview foresees a cost (she would
        run aground, or be lost) that another option avoids, not only where the order
        always risks one (a cost every option shares is the preview's line alone)."""
        previews = {order: self.option_preview(order) for order, _ in infos}
        foreseen = {order: preview.warning if preview else ""
                    for order, preview in previews.items()}
        if len(set(foreseen.values())) < 2:
            return infos
        return [(order, evolve(info, warning=foreseen[order])
                 if foreseen[order] and not info.warning else info) for order, info in infos]

    def chance_table(self, decision: Decision) -> ChanceTable | None:
        if decision.chance is None:
            return None
        return ChanceTable(decision.chance.notation, chance_rows(decision.chance),
                           PromptPanel.MIN_EFFECT)

    @work(thread=True, exclusive=True, group="ai", exit_on_error=False)
    def think(self, state: GameState, decision: Decision, player: Player, version: int,
              delay: float) -> None:
        """Ask an AI (or script) in a thread; shown for ``delay`` seconds, then played."""
        worker = get_current_worker()
        started = time.monotonic()
        if hasattr(player, "should_stop"):  # a search stops when its worker is cancelled
            player.should_stop = lambda: worker.is_cancelled
        analysis: Any = None
        try:
            order: Order | None = player.choose(state, decision)
            problem = ""
            analysis = getattr(player, "last", None)  # a search's, of this decision
        except ScriptEnded as exc:
            order, problem = None, f"end:{exc}"
        except ScriptError as exc:
            order, problem = None, f"error:{exc}"
        except Exception as exc:  # an AI's own fault: said in one line, the game goes on
            order, problem = self.advisor_instead(state, decision, exc)
        while (time.monotonic() - started < delay and not worker.is_cancelled
               and not self._skip.is_set()):
            time.sleep(0.01)
        if worker.is_cancelled:
            return
        with contextlib.suppress(RuntimeError):  # the app is closing
            self.app.call_from_thread(self._answered, version, order, problem, analysis)

    def advisor_instead(self, state: GameState, decision: Decision,
                        error: Exception) -> tuple[Order | None, str]:
        """An AI failed on ``decision``: its error goes to the crash log, and the ruleset's
        advisor (greedy's choice) answers for it; with the problem to tell the player."""
        from tui_naval.app.crash_log import report

        line = report(error)
        try:
            order = self.game.ruleset.advisor(state, decision)
        except Exception as again:  # said, and the game waits
            return None, f"error:{report(again)}"
        cause = line.removeprefix("tui-naval: ")
        return order, f"warn:{decision.side}'s AI failed, its advisor answered ({cause})"

    def _answered(self, version: int, order: Order | None, problem: str,
                  analysis: Any = None) -> None:
        self.thinking = False
        if version != self.version or not self.is_mounted:
            return
        if order is None:
            self.script_stopped(problem)
            return
        if problem:
            self.notify(problem.split(":", 1)[1], severity="warning", markup=False)
        decision = self.game.decision()
        options = getattr(analysis, "options", None)
        if decision is not None and options and options[0].order == order:
            index = len(self.game.orders)
            self.thoughts[index] = Thought.from_analysis(index, decision.side, analysis)
        self.play(order)

    def script_stopped(self, problem: str) -> None:
        """A script player ran out or did not fit (only demos have scripts), or an AI and
        its advisor both failed."""
        self.notify(problem.split(":", 1)[1], severity="error", markup=False)

    def play(self, order: Order) -> None:
        """Play an order and move on to the next decision."""
        decision = self.game.decision()
        before = self.game.state
        try:
            self.game.play(order)
        except IllegalOrder as exc:
            self.notify(str(exc), title="Not legal", severity="error", markup=False)
            return
        self.version += 1
        if decision is not None and self.is_human(decision.side):
            label = self.presenter.option_info(before, decision, order).label
            self.log_view.add(order_entry(before.turn, decision.side, order, label))
        for event in self.game.state.events:
            self.log_view.add(event_entry(event, self.presenter))
            self._events.setdefault(event.turn, []).append(event)
        self.refresh_view()
        by_player = decision is not None and self.is_human(decision.side)
        if decision is not None and not by_player:
            self.ai_played(len(self.game.orders) - 1)
        new = self.coach.played(before, self.game.state, self.human_sides(), by_player)
        if new and not by_player:
            self.show_hints(new)  # what the other side's moves brought, while they play on
        self.played(before, self.game.state)
        self.advance()

    # -- hints ------------------------------------------------------------------------------
    def make_coach(self) -> Coach:
        """The screen's coach: off until ``start_hints`` reads the setting."""
        return Coach.for_ruleset(self.game.ruleset, enabled=False)

    def human_sides(self) -> list[str]:
        return [side for side in self.game.state.sides if self.is_human(side)]

    def start_hints(self) -> None:
        """Hints on or off as the app's setting says (never in a game with no player), and
        the game's opening hints for the first question."""
        humans = self.human_sides()
        self.coach.keymap = self.naval.config.keymap
        hide, more = self.key_of("game.hints"), self.key_of("game.hints_more")
        self.hint_panel.label = f"{hide} hides, {more} scrolls"
        self.coach.enabled = self.naval.config.hints and bool(humans)
        self.show_hint_panel(self.coach.enabled)
        if humans:
            self.coach.start(self.game.state, humans[0])

    def show_hint_panel(self, on: bool) -> None:
        """The hint panel shown or hidden; the screen's ``-hinting`` class with it (under 40
        rows the hints take the ship's and look panels' room: the stylesheet)."""
        self.hint_panel.display = on
        self.set_class(on, "-hinting")

    @property
    def looking(self) -> bool:
        """The player is moving the map's cursor (look mode) rather than the prompt's (the
        screen's ``-looking`` class: the look panel shows even where the hints took it)."""
        return self.has_class("-looking")

    @looking.setter
    def looking(self, on: bool) -> None:
        self.set_class(on, "-looking")

    def show_hints(self, hints: list[Hint] | None = None) -> None:
        """Show the coach's current hints (or ``hints``) in the panel."""
        if self.hint_panel.is_attached:
            self.hint_panel.show(self.coach.current if hints is None else hints)

    def action_more_hints(self) -> None:
        if self.hint_panel.display:
            self.hint_panel.page_on()

    def action_toggle_hints(self) -> None:
        if not self.human_sides():
            return
        on = self.coach.toggle()
        self.show_hint_panel(on)
        if on:
            # The game's opening and the question being asked now have their hints at
            # once (switched off, the coach let them pass): the panel does not wait empty
            # for the next rule to come up.
            if self._asked is not None:
                self.coach.opening(self.seen(), self.human_sides()[0])
                self.coach.asked(self.seen(), self._asked)
            self.show_hints()
        self.notify("Hints are shown as the rules come up." if on
                    else "Hints are hidden: press the key again to see them.", timeout=3)

    def played(self, before: GameState, after: GameState) -> None:
        """Hook: an order was played (the battle autosaves when a turn ends)."""

    def ai_played(self, index: int) -> None:
        """Hook: an AI's answer was played, at ``index`` of the orders (the demo shows
        what it made of it)."""

    def game_over(self) -> None:
        """Hook: the game has an outcome."""

    def changed(self) -> None:
        """The game moved by undo, redo or load: drop stale answers, redraw everything."""
        self.version += 1
        self.thinking = False
        self.workers.cancel_group(self, "ai")
        played = len(self.game.orders)
        for index in [i for i in self.thoughts if i >= played]:
            del self.thoughts[index]  # undone: the AI may think again there
        self._skip.set()
        self._events = {}
        self._told_turn = self.game.state.turn
        self.end_quiet(go_on=False)
        self.rebuild_log()
        self.refresh_view()
        self.advance()

    # -- turns with nothing to decide --------------------------------------------------------
    def tell_quiet(self, turns: list[int]) -> None:
        """Whole turns passed with nothing for the player to decide: say so in the prompt
        and the log, and wait ``Config.quiet_turn_pause`` seconds, or for a key (None)."""
        lines = [turn_summary(t, self._events.get(t, []), self.presenter) for t in turns]
        for turn, line in zip(turns, lines, strict=True):
            self.log_view.add(LogEntry(turn, "quiet", "bold yellow",
                                       Text(line, style="bold")))
        pause = self.naval.config.quiet_turn_pause
        hint = ("any key goes on" if pause is None
                else f"going on in {pause:g} s; any key goes on now")
        which = (f"Turn {turns[0]}" if len(turns) == 1
                 else f"Turns {turns[0]}-{turns[-1]}")
        self._asked = None
        self.prompt.wait(f"[b]{which}: nothing for you to decide[/b]  [dim]{hint}[/dim]",
                         escape("\n".join(lines)))
        self.quiet_waiting = True
        self.set_focus(None)
        self.set_status()
        if pause is not None:
            version = self.version
            self.set_timer(pause, lambda: self.end_quiet(version=version))

    def end_quiet(self, go_on: bool = True, version: int | None = None) -> None:
        """The quiet turns' summary has been read: ask the player's decision."""
        if not self.quiet_waiting or (version is not None and version != self.version):
            return
        self.quiet_waiting = False
        if go_on:
            self.advance()

    def on_key(self, event: events.Key) -> None:
        if self.quiet_waiting:
            event.stop()
            event.prevent_default()
            self.end_quiet()

    # -- drawing --------------------------------------------------------------------------
    def rebuild_log(self) -> None:
        """The log from the game's whole history (exact after undo and load)."""
        entries: list[LogEntry] = []
        states = self.game.states()
        presenter = self.presenter
        entries.extend(event_entry(event, presenter) for event in states[0].events)
        ruleset = self.game.ruleset
        for state, order, after in zip(states, self.game.orders, states[1:], strict=False):
            decision = ruleset.decision(state)
            if decision is not None and self.is_human(decision.side):
                label = presenter.option_info(state, decision, order).label
                entries.append(order_entry(state.turn, decision.side, order, label))
            entries.extend(event_entry(event, presenter) for event in after.events)
        self.log_view.replace(entries)

    def refresh_view(self) -> None:
        """Redraw the map, the side column and the status line from the game's state."""
        state = self.game.state
        self.ocean.show(state, selected=self.selected, preview=self._preview,
                        marks_next=self.presenter.next_mark(state, self.selected),
                        overlays=self._overlays, presenter=self.presenter)
        if not self.looking and self.selected is not None:
            cell = state.ship(self.selected).cell
            if state.grid.in_bounds(cell) and cell != self.ocean.cursor:
                self.ocean.cursor = cell
        self.query_one("#wind", WindRose).show(state.grid, state.wind)
        self.show_ship()
        self.show_look(self.ocean.cursor)
        self.set_status()

    def show_look(self, cell: Cell) -> None:
        state = self.game.state
        self.query_one("#look", LookPanel).show(
            state, cell, selected=self.selected,
            marks_next=self.presenter.next_mark(state, self.selected), presenter=self.presenter)

    def show_ship(self) -> None:
        panel = self.query_one("#ship", ShipPanel)
        state = self.observed()
        if self.selected is None:
            panel.show("No ship", [])
            return
        ship = state.ship(self.selected)
        title = f"{ship.id} {ship.name}".strip()
        panel.show(title, self.game.ruleset.describe(state, ship.id))

    def viewer(self) -> str | None:
        """The side whose eyes the screen shows the game through: the one deciding now if
        a player is, else the first side with a player (None when nobody plays)."""
        if self._asked is not None:
            return self._asked.side
        return next((s for s in self.game.state.sides if self.is_human(s)), None)

    def observed(self) -> GameState:
        """The game's state as the player may see it: the other sides' plotted orders
        hidden (the ship panel and the fleet sheet read every ship's condition here)."""
        state: GameState = self.game.state
        side = self.viewer()
        if side is None:
            return state
        seen: GameState = self.game.ruleset.observe(state, side)
        return seen

    def set_status(self) -> None:
        """The status line: ``status_left`` fitted to what ``status_right`` leaves."""
        right = self.status_right()
        width = self.app.size.width
        left = self.status_left(max(1, width - right.cell_len - 2))
        gap = max(1, width - left.cell_len - right.cell_len)
        shown = Text.assemble(left, " " * gap, right, no_wrap=True, overflow="ellipsis")
        if self.naval.config.ascii_only:
            shown = cut(ascii_text(shown), width, glyphs(True).ellipsis)
        if shown != self._status_shown:  # (an update re-lays the screen out)
            self._status_shown = shown
            self.query_one("#status", Static).update(shown)
        self.update_bindings()

    def map_title(self) -> str:
        """The sea's name on the status line (a voyage's leg names its place)."""
        return self.game.setup.map_name

    def status_left(self, width: int) -> Text:
        """The status line's left part in ``width`` cells: the ruleset, map, turn, the
        ruleset's note, phase and seed.  When they do not fit, the grid's name goes first,
        then the "Phase" label, the ruleset's name and its note; the seed always stays."""
        state = self.game.state
        setup = self.game.setup
        note = self.presenter.status(state)

        def line(grid: bool, phase_label: bool, badge: bool, with_note: bool,
                 map_name: str = self.map_title()) -> Text:
            parts: list[str | tuple[str, str]] = []
            if badge:
                parts += [(f" {self.game.ruleset.title} ", "bold reverse"), " "]
            else:
                parts.append(" ")
            parts.append((map_name, "bold"))
            if grid:
                parts.append((f" ({setup.grid.value})", "dim"))
            parts += ["  ", ("Turn ", "dim"), (f"{state.turn}/{state.goal.turns}", "bold"), "  "]
            if with_note and note:
                parts += [*note, "  "]
            if phase_label:
                parts.append(("Phase ", "dim"))
            parts += [(state.phase or "-", "bold"), "  ", ("Seed ", "dim"),
                      (str(setup.seed), "bold")]
            return Text.assemble(*parts, no_wrap=True, overflow="ellipsis")

        text = Text()
        for grid, phase_label, badge, with_note in ((True, True, True, True),
                                                    (False, True, True, True),
                                                    (False, False, True, True),
                                                    (False, False, False, True),
                                                    (False, False, False, False)):
            text = line(grid, phase_label, badge, with_note)
            if text.cell_len <= width:
                return text
        # Still too long: shorten the map's name, so the seed stays in sight.
        over = text.cell_len - width
        name = self.map_title()
        if over < len(name):
            mark = glyphs(self.naval.config.ascii_only).ellipsis
            return line(False, False, False, False, name[:len(name) - over - 1] + mark)
        return text

    def status_right(self) -> Text:
        humans = [s for s in self.game.state.sides if self.is_human(s)]
        who = ", ".join(humans) if humans else "watching"
        return Text.assemble(("You: ", "dim"), (who, "bold"), " ")

    def keep_in_view(self, extra: tuple[Cell, ...] = ()) -> None:
        """Scroll the map, if need be, so the selected ship is in sight with a margin,
        with the ``extra`` cells (such as a preview's path) when they fit, and then the
        next mark or the nearest enemy when that fits too."""
        if self.looking or self.selected is None or not self.is_attached:
            return
        self.ocean.keep_in_view(self.game.state.ship(self.selected).cell, extra,
                                self.aims(self.selected))

    def aims(self, ship_id: str) -> tuple[Cell, ...]:
        """What a ship steers for, to keep in view with her: her next mark, else the
        nearest ship of another side afloat (in the state the player may see)."""
        state = self.game.state
        ship = state.ship(ship_id)
        label = self.presenter.next_mark(state, ship_id)
        mark = next((m.cell for m in state.board.marks if m.label == label), None)
        if mark is not None:
            return (mark,)
        grid = state.grid
        enemies = [s for s in state.ships if s.side != ship.side and s.afloat
                   and grid.in_bounds(s.cell) and not self.presenter.ship_done(state, s)]
        if not enemies:
            return ()
        return (min(enemies, key=lambda s: grid.distance(ship.cell, s.cell)).cell,)

    def acting_ship(self) -> str | None:
        """The ship whose decision is asked (else the selected one)."""
        decision = self._asked
        if decision is not None and decision.ship in {s.id for s in self.game.state.ships}:
            return decision.ship
        return self.selected

    def select(self, ship_id: str, center: bool = True) -> None:
        """Select a ship: its panel, its highlight, the cursor on it."""
        self.selected = ship_id
        cell = self.game.state.ship(ship_id).cell
        self._preview = ()
        self._overlays = {}
        self.refresh_view()
        self.ocean.cursor = cell
        if center:
            self.ocean.center_on(cell)

    def option_preview(self, order: Order) -> Preview | None:
        """The ruleset's preview of an option of the decision asked (worked out once)."""
        if order not in self._previews:
            self._previews[order] = self.presenter.preview(self.seen(), order)
        return self._previews[order]

    def option_detail(self, order: Order) -> Text:
        """What the prompt says beside the options while ``order`` is highlighted: its
        preview's line, else its own detail (and a warning)."""
        result = self.option_preview(order)
        info = self._infos.get(order)
        if result is not None:
            text, warning = result.text, result.warning
        elif info is not None:
            text, warning = info.detail, info.warning
        else:
            text, warning = "", ""
        out = Text(text)
        if warning:
            out.append(f"\n! {warning}", style="bold red")
        return out

    def preview(self, order: Order | None, detail: bool = False) -> None:
        """Show what an option would do, as the ruleset previews it: a path on the map
        (where a helm order takes the ship), cells laid over the sea and a line of text
        (with ``detail``, an option without a preview shows its own detail there)."""
        state = self.game.state
        result = self.option_preview(order) if order is not None else None
        self._preview = result.path if result else ()
        self._overlays = result.overlay_map if result else {}
        self.ocean.show(state, selected=self.selected, preview=self._preview,
                        marks_next=self.presenter.next_mark(state, self.selected),
                        overlays=self._overlays, presenter=self.presenter)
        if result is not None:
            self.keep_in_view(result.cells)
        if order is not None and (result is not None or (detail and order in self._infos)):
            self.prompt.set_detail(self.option_detail(order))

    def _highlight_moved(self, index: int | None) -> None:
        """The prompt's highlight moved (a key, the mouse, the map's cursor): its preview
        and detail are drawn now, in the refresh that draws the highlight."""
        prompt = self.prompt
        shown = prompt.shown
        if index is None or self._asked is None or not 0 <= index < len(shown):
            return
        # The prompt passes over the highlight's message for the option previewed.
        prompt.mark_previewed(index)
        self.preview(shown[index], detail=True)

    # -- events from the widgets ---------------------------------------------------------
    @on(PromptPanel.Highlighted)
    def _highlighted(self, event: PromptPanel.Highlighted) -> None:
        if event.question == self.prompt.question:  # (not a question gone by)
            self.preview(event.order)

    @on(PromptPanel.Chosen)
    def _chosen(self, event: PromptPanel.Chosen) -> None:
        decision = self.game.decision()
        if (decision is None or not self.is_human(decision.side) or self._asked != decision
                or event.question != self.prompt.question):
            return  # (a choice from a question no longer on show: a key pressed twice)
        self._asked = None
        self._preview = ()
        self._overlays = {}
        self.play(event.order)

    @on(OceanView.CursorMoved)
    def _cursor_moved(self, event: OceanView.CursorMoved) -> None:
        self.show_look(event.cell)

    @on(OceanView.CellClicked)
    def _clicked(self, event: OceanView.CellClicked) -> None:
        own = self.own_fleet()
        here = [s for s in self.game.state.ships if s.cell == event.cell and s.afloat]
        here.sort(key=lambda s: s.id not in own)
        if here:
            self.select(here[0].id, center=False)

    # -- actions ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":  # (asked as the screen is built, before its prompt is)
            return self._asked is not None
        return True

    def action_choose(self, number: int) -> None:
        if self.prompt.asking:
            self.prompt.choose(number)

    def selectable(self) -> list[str]:
        """Every ship, to select and read: the player's own first (``own_fleet``), then
        the others', those afloat first."""
        own = self.own_fleet()
        others = [s for s in self.game.state.ships if s.id not in own]
        others.sort(key=lambda s: not s.afloat)
        return own + [s.id for s in others]

    def action_cycle_ship(self, step: int) -> None:
        every = self.selectable()
        if not every:
            return
        index = every.index(self.selected) if self.selected in every else -step
        self.select(every[(index + step) % len(every)])
        decision = self._asked
        if decision is not None and decision.ship == self.selected:
            highlighted = self.prompt.options.highlighted
            shown = self.prompt.shown
            if highlighted is not None and highlighted < len(shown):
                self.preview(shown[highlighted])

    def action_center(self) -> None:
        if self.selected:
            self.ocean.center_on(self.game.state.ship(self.selected).cell)

    def action_zoom(self) -> None:
        """The next zoom level of the map: detailed, compact, the whole map."""
        ocean = self.ocean
        ocean.zoom += 1
        self.notify(f"Map: {ZOOMS[ocean.zoom]}", timeout=1.5)
        acting = self.acting_ship() if not self.looking else None
        if acting is not None:
            ocean.center_on(self.game.state.ship(acting).cell)
            self.keep_in_view(self._preview)
        else:
            ocean.center_on(ocean.cursor)

    def action_fleets(self) -> None:
        """Both fleets side by side, each ship's condition as the player may see it."""
        from tui_naval.tui.dialogs.fleets import FleetsDialog

        state = self.observed()
        ruleset = self.game.ruleset
        fleets = [(side, [(f"{s.id} {s.name}".strip(), ruleset.describe(state, s.id))
                          for s in state.ships if s.side == side])
                  for side in state.sides]
        self.app.push_screen(FleetsDialog(fleets, self.viewer(),
                                          ascii_only=self.naval.config.ascii_only))

    # -- the admiral's thinking ------------------------------------------------------------
    def seat_name(self, side: str) -> str:
        """Who answers ``side``'s decisions: its player's name, else its seat's."""
        name = getattr(self.players.get(side), "name", "")
        return str(name) if name else self.session.seats.get(side, "")

    def deliberation(self, index: int) -> Deliberation:
        """The decision answered at ``index`` of the orders, and what the AI made of it."""
        state = self.game.states()[index]
        decision = self.game.ruleset.decision(state)
        if decision is None:  # (every order answers a decision)
            raise ValueError(f"order {index} answers no decision")
        thought = self.thoughts.get(index)
        labels: dict[str, str] = {}
        for weighed in thought.best if thought is not None else ():
            with contextlib.suppress(IllegalOrder):
                order = decision.find(weighed.order)
                labels[weighed.order] = self.presenter.option_info(state, decision, order).label
        return Deliberation(index, decision.side, self.seat_name(decision.side), state.turn,
                            decision.prompt, thought, labels, plotted=decision.plotted)

    def hidden_plot(self, seen: Deliberation) -> bool:
        """Whether ``seen`` is another side's plotted order the player may not know yet
        (it is held with the plot until every side has plotted)."""
        humans = self.human_sides()
        if not seen.plotted or not humans or seen.side in humans:
            return False
        states = self.game.states()
        order = self.game.orders[seen.index]
        at = len(states[seen.index].plotted)
        return all(len(s.plotted) > at and s.plotted[at] == order
                   for s in states[seen.index + 1:])

    def latest_deliberations(self, count: int = SHOWN_THOUGHTS) -> tuple[list[Deliberation],
                                                                          str]:
        """The AI's latest decision the player may know, and those it made just before
        it (back to the player's decision before them), the latest first: at most
        ``count``, only the latest when the AI does not search; and a note on the plotted
        orders kept from the player until every side has plotted."""
        out: list[Deliberation] = []
        hidden = 0
        states = self.game.states()
        ruleset = self.game.ruleset
        for index in range(len(self.game.orders) - 1, -1, -1):
            decision = ruleset.decision(states[index])
            if decision is None or len(out) >= count:
                break
            if self.is_human(decision.side):
                if out:
                    break
                continue
            seen = self.deliberation(index)
            if self.hidden_plot(seen):
                hidden += 1
                continue
            out.append(seen)
            if seen.thought is None:
                break
        note = ""
        if hidden:
            what = "order stays" if hidden == 1 else "orders stay"
            note = (f"{hidden} plotted {what} hidden (the other side's) until every side "
                    "has plotted.")
        return out, note

    def action_admiral(self) -> None:
        """The admiral's thinking: the AI's latest decisions and their values."""
        from tui_naval.tui.dialogs.thinking import ThinkingDialog

        decisions, note = self.latest_deliberations()
        self.app.push_screen(ThinkingDialog(decisions, note,
                                            ascii_only=self.naval.config.ascii_only))

    def action_look(self) -> None:
        self.looking = True
        self.ocean.focus()
        self.notify("Arrows, hjkl and yubn move the cursor; Escape goes back to the prompt.",
                    title="Look", timeout=3)

    def action_focus_prompt(self) -> None:
        self.looking = False
        if self.prompt.asking:
            self.prompt.options.focus()
        else:
            self.set_focus(None)

    def action_toggle_log(self) -> None:
        self.log_view.toggle_big()
        self.log_hint()

