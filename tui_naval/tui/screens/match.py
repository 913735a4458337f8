"""The match's screen: the sea, the side column, the log and the prompt of any game being
played, watched or replayed.

It renders a ``Match`` (``app.match``) and sends it the player's answers: it listens to
what the match tells (asked, thinking, played, over...) and draws it, each decision's
options and previews as the match worked them out once.  What differs between a battle,
a lesson, a voyage's leg, a demo, a replay, a watched game and a duel is the match's
configuration (its seats, its undo policy) and the screen's ``Mode`` (its keys, status,
panels and endings); the screen itself is one class.

Its keys are the game's (``keys.GAME``) and every mode's; a mode's run through the
``mode(name)`` action, and those of the other modes are hidden (``check_action``).
"""

from __future__ import annotations

from typing import ClassVar

from rich.markup import escape
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.geometry import Size

from tui_naval.app.coach import Coach
from tui_naval.app.happened import (
    Asked,
    Happening,
    Moved,
    Over,
    Played,
    Quiet,
    Reviewed,
    Thinking,
    Wait,
    Waiting,
    Warned,
)
from tui_naval.app.match import Match
from tui_naval.app.question import Question
from tui_naval.app.seats import SeatKind
from tui_naval.core.grid import Cell
from tui_naval.core.orders import Order
from tui_naval.core.presenter import Presenter
from tui_naval.core.state import GameState
from tui_naval.tui import keys
from tui_naval.tui.hints import HintPanel
from tui_naval.tui.log_entries import LogHistory, move_entries, quiet_entry
from tui_naval.tui.modes.base import LOW_HEIGHT, Mode
from tui_naval.tui.runner import WorkerRunner
from tui_naval.tui.screens.base import NavalScreen
from tui_naval.tui.screens.prompt import ChanceTable, PromptPanel, chance_rows
from tui_naval.tui.widgets.board_layout import ZOOMS
from tui_naval.tui.widgets.key_bar import KeyBar
from tui_naval.tui.widgets.message_log import LogEntry, MessageLog
from tui_naval.tui.widgets.ocean import OceanView
from tui_naval.tui.widgets.side_column import SideColumn
from tui_naval.tui.widgets.status_line import StatusLine, status_left, status_text
from tui_naval.tui.widgets.timeline import Timeline

#: Below this many columns the footer is compact (less space between its keys).
COMPACT_WIDTH = 100
#: The screen's bindings: the game's and every mode's (each mode's keys shown in its own),
#: in the order the key bar shows them: a replay's before the game's, the others' after.
BOUND = (*keys.REPLAY, *keys.GAME, *keys.BATTLE, *keys.DEMO, *keys.DUEL, *keys.WATCH)


def waiting_words(happening: Waiting) -> tuple[str, str]:
    """The prompt's words (title and detail, in markup) while the game waits on nobody
    here."""
    side = escape(happening.side or "")
    if happening.why is Wait.PAUSED:
        return f"[b]Paused[/b]: {side} to decide", ""
    if happening.why is Wait.REMOTE and happening.decision is not None:
        return (f"[b]{side}[/b] [dim]is deciding...[/dim]",
                f"[dim]{escape(happening.decision.prompt)}[/dim]")
    return "[b]No decision is pending.[/b]", ""


def own_fleet(match: Match) -> list[str]:
    """The ship ids the player may select: their sides' (every ship when nobody plays
    here; a replay's deciding ship first), those afloat first."""
    state = match.state
    here = match.here_sides()
    fleet = [s for s in state.ships if not here or s.side in here]
    fleet.sort(key=lambda s: not s.afloat)
    ids = [s.id for s in fleet]
    question = match.question if not here else None
    if question is not None and question.answer is not None \
            and question.decision.ship in ids:
        ids.remove(question.decision.ship)
        ids.insert(0, question.decision.ship)
    return ids


def selectable(match: Match) -> list[str]:
    """Every ship, to select and read: the player's own first (``own_fleet``), then the
    others', those afloat first."""
    own = own_fleet(match)
    others = [s for s in match.state.ships if s.id not in own]
    others.sort(key=lambda s: not s.afloat)
    return own + [s.id for s in others]


def aimed_at(question: Question | None, shown: list[Order], state: GameState,
             presenter: Presenter, cell: Cell) -> int | None:
    """The index (in the prompt's list ``shown``) of the option of a question asked here
    that aims at ``cell``, if any."""
    if question is None or question.answer is not None:
        return None
    for index, order in enumerate(shown):
        if presenter.option_cell(state, order) == cell:
            return index
    return None


def option_detail(question: Question, order: Order, more: Text | None = None) -> Text:
    """What the prompt says beside the options while ``order`` is highlighted: its
    preview's line, else its own detail (and a warning); and ``more`` (a mode's)."""
    out = Text(question.detail(order))
    warning = question.warning(order)
    if warning:
        out.append(f"\n! {warning}", style="bold red")
    if more is not None:
        out.append("\n")
        out.append_text(more)
    return out


class MatchScreen(NavalScreen[None]):
    """A match on screen (see the module's text)."""

    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(BOUND)
    STYLESHEET = "game"
    AUTO_FOCUS = "#prompt-options"

    def __init__(self, match: Match, mode: Mode) -> None:
        super().__init__()
        self.match = match
        self.mode = mode
        match.runner = WorkerRunner(self)
        mode.attach(self)
        self.presenter = match.presenter
        #: The log's lines of the game so far, each move's made once.
        self.history = LogHistory(match.presenter)
        self.selected: str | None = None
        #: The question on the prompt (asked here, or a replay's position), if any.
        self.asked: Question | None = None
        self._preview: tuple[Cell, ...] = ()
        self._overlays: dict[Cell, str] = {}
        coach = mode.coach(self.key_of)
        #: The rules' hints as they come up: the mode's, else on as the player's setting
        #: says (``start_hints``).
        self.coach = coach or Coach.for_ruleset(match.ruleset, self.key_of, enabled=False)
        self._own_coach = coach is None
        self.hint_panel = HintPanel(id="hint")
        #: The prompt, the sea and the log (made as the screen is composed).
        self.prompt: PromptPanel
        self.ocean: OceanView
        self.log_view: MessageLog
        self._fitted_to = Size(0, 0)
        self._bindings_key: tuple[object, ...] = ()
        self._view_pending = False
        #: This screen's commands, the game's and its mode's, in the key bar's order (the
        #: key list and the palette read them too); those the key bar leaves out (they
        #: still work).
        self.commands: tuple[keys.Command, ...] = (
            (*mode.COMMANDS, *keys.GAME) if mode.FIRST else (*keys.GAME, *mode.COMMANDS))
        self.unshown = mode.UNSHOWN
        if mode.css_class:
            self.add_class(mode.css_class)

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self.fit_to_size(composing=True)
        self.start_hints()
        # The status line, its bars, the key bar and the side column are split off the
        # screen's edges in this order (the stylesheet's ``split``); the sea fills the rest.
        ascii_only = self.naval.config.ascii_only
        yield StatusLine(id="status")
        yield from self.mode.bars()
        yield KeyBar(id="keys")
        self.prompt = PromptPanel(id="prompt")
        yield self.prompt
        yield SideColumn(self.hint_panel, self.mode.panels(), ascii_only=ascii_only, id="side")
        self.ocean = OceanView(ascii_only=ascii_only, id="ocean")
        yield self.ocean
        self.log_view = MessageLog(id="log")
        yield self.log_view

    def on_mount(self) -> None:
        match = self.match
        match.pass_interrupts = self.naval.config.pass_interrupts
        own = own_fleet(match)
        state = match.state
        self.selected = own[0] if own else (state.ships[0].id if state.ships else None)
        # The highlight's preview is drawn as the highlight moves, in the same refresh:
        # the key's whole effect reaches the terminal in one frame.
        self.prompt.on_highlight = self.preview
        self.log_view.replace(self.history.entries(match))
        self.fit_to_size()
        self._draw_view()  # (now: the map is laid out for the ship to be centred on)
        if self.selected:
            cell = state.ship(self.selected).cell
            self.ocean.cursor = cell
            self.ocean.center_on(cell)
        match.listen(self.happened)
        self.mode.mounted()
        # A decision asked here (or a replay's position) is in the prompt before the first
        # layout, so the first frame is the whole screen; an AI starts to think only once
        # the screen is drawn.
        decision = match.game.decision()
        seat = match.seats.get(decision.side) if decision is not None else None
        if state.outcome is None and seat is not None \
                and seat.kind in (SeatKind.HERE, SeatKind.RECORDED):
            match.advance()
        else:
            self.call_after_refresh(match.advance)

    def on_unmount(self) -> None:
        self.match.close()
        self.mode.unmounted()

    @on(events.Resize)
    @on(events.ScreenResume)
    def _resized(self) -> None:
        if self.is_mounted and self.app.size != self._fitted_to:
            self.fit_to_size()
            # The view's size changes: it is centred on the acting ship again (in the
            # layout pass at the new size), then the mark or enemy kept in view if it fits.
            acting = self.acting_ship()
            if acting is not None and not self.looking:
                self.ocean.center_on(self.match.state.ship(acting).cell)
                self.keep_in_view(self._preview)

    def fit_to_size(self, composing: bool = False) -> None:
        """Fit the layout to the terminal: a short one gets a two-line log (``-low``) and
        cramped side panels (``-cramped``), a narrow one a compact footer, and the status
        line is shortened to the width.

        As the screen composes, only its classes are set, before its widgets are first
        styled (the stylesheet's rules on them style the widgets, not the screen): set once
        the widgets were styled, each class styled every widget again (a launch at 80x24
        styled the screen three times)."""
        self._fitted_to = self.app.size
        width, height = self.app.size
        self.set_class(height < LOW_HEIGHT, "-low", update=not composing)
        self.set_class(height < self.mode.cramped_height, "-cramped", update=not composing)
        if composing:
            return
        footer = self.query_one(KeyBar)
        if footer.compact != (width < COMPACT_WIDTH):
            footer.compact = width < COMPACT_WIDTH
        self._log_title()
        self.set_status()

    # -- what the match tells ------------------------------------------------------------------
    def happened(self, happening: Happening) -> None:
        """Draw what the match tells, then let the mode act on it (not on a screen taken
        off the app's stack: still attached while Textual removes its widgets)."""
        if not self.is_attached or self not in self.app.screen_stack:
            return
        match happening:
            case Asked(question, why):
                self.show_question(question)
                if why:  # a standing order stood back: the player is told why
                    self.log_view.add(LogEntry(self.match.state.turn, "orders",
                                               "bold yellow", Text(why)))
                    self.notify(why, title="Your standing order waits", timeout=6,
                                markup=False)
            case Reviewed(question):
                self.show_question(question, reviewed=True)
            case Thinking(side, decision, _):
                self.asked = None
                self.prompt.wait(f"[b]{escape(side)}[/b] [dim]is deciding...[/dim]",
                                 f"[dim]{escape(decision.prompt)}[/dim]")
            case Waiting():
                self.asked = None
                self.prompt.wait(*(self.mode.words(happening) or waiting_words(happening)))
            case Played(move):
                self.asked = None
                self._preview, self._overlays = (), {}
                for entry in move_entries(move, self.presenter):
                    self.log_view.add(entry)
                self.refresh_view()
                new = self.coach.played(move.before, move.after, self.match.here_sides(),
                                        move.here)
                if new and not move.here:
                    self.hint_panel.show(new)  # what the other side's moves brought, meanwhile
            case Quiet(turns, lines):
                self.show_quiet(turns, lines)
            case Over(outcome):
                self.asked = None
                self.prompt.wait(*(self.mode.words(happening) or (
                    f"[b]Game over[/b]: {escape(str(outcome))}",
                    f"[dim]{escape(self.mode.over_hint)}[/dim]")))
            case Moved():
                self.asked = None
                self._preview, self._overlays = (), {}
                self.log_view.replace(self.history.entries(self.match))
                self.refresh_view()
            case Warned(text, title):
                self.notify(text, title=title, severity="error" if title else "warning",
                            markup=False)
        self.set_status()
        self.mode.happened(happening)

    def show_question(self, question: Question, reviewed: bool = False) -> None:
        """A decision in the prompt: asked of the player, or a recording's (its answer
        highlighted); the map follows its ship, and the highlighted option is previewed."""
        self.asked = question
        decision = question.decision
        if decision.ship in {s.id for s in question.seen.ships} \
                and decision.ship != self.selected:
            self.select(decision.ship, center=not reviewed)
        kind = escape(decision.kind.capitalize())
        table = None if decision.chance is None else ChanceTable(
            decision.chance.notation, chance_rows(decision.chance), PromptPanel.MIN_EFFECT)
        infos = [(option.order, option.info) for option in question.options]
        if reviewed:
            who = escape(self.mode.who_chose(question))
            title = f"[b reverse] {kind} [/] [b]{escape(decision.prompt)}[/b]  [dim]({who})[/dim]"
            self.prompt.ask(title, infos, table, highlight=question.answer_index,
                            narrowable=False)
            self.preview(question.orders[question.answer_index] if question.options else None)
            self.keep_in_view(self._preview)
            return
        title = (f"[b reverse] {kind} [/] [b]{escape(decision.prompt)}[/b]  "
                 f"[dim]({escape(decision.side)})[/dim]")
        # Every option's detail beside the list: the prompt keeps room for the tallest,
        # and no highlight lays the screen out again.
        notes = [option_detail(question, order, self.mode.detail(question, order))
                 for order in question.orders]
        first = question.default_index  # (never an option marked ! where one is not)
        self.prompt.ask(title, infos, table, highlight=first, typing=question.typing,
                        notes=notes)
        if self.coach.asked(question.seen, decision):
            self.hint_panel.show(self.coach.current)
        self.keep_in_view()
        if not self.looking and not self.prompt.options.has_focus:
            self.prompt.options.focus()
        self.preview(question.orders[first] if question.options else None)

    def show_quiet(self, turns: tuple[int, ...], lines: tuple[str, ...]) -> None:
        """Whole turns passed with nothing for the player to decide: say so in the prompt
        and the log, and go on after ``Config.quiet_turn_pause`` seconds, or a key."""
        for turn, line in zip(turns, lines, strict=True):
            self.log_view.add(quiet_entry(turn, line))
        pause = self.naval.config.quiet_turn_pause
        hint = ("any key goes on" if pause is None
                else f"going on in {pause:g} s; any key goes on now")
        which = f"Turn {turns[0]}" if len(turns) == 1 else f"Turns {turns[0]}-{turns[-1]}"
        self.asked = None
        self.prompt.wait(f"[b]{which}: nothing for you to decide[/b]  [dim]{hint}[/dim]",
                         escape("\n".join(lines)))
        self.set_focus(None)
        if pause is not None:
            version = self.match.version
            self.set_timer(pause, lambda: self.match.go_on()
                           if self.match.version == version else None)

    def on_key(self, event: events.Key) -> None:
        if self.match.quiet:
            event.stop()
            event.prevent_default()
            self.match.go_on()
            return
        self.mode.key(event)

    # -- drawing -------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Redraw the map, the side column and the cursor from the game's state once the
        message in hand is handled: whatever it changed (an order played, then the next
        question's ship selected), they are drawn once, before the frame."""
        if not self._view_pending:
            self._view_pending = True
            self.call_next(self._draw_view)

    def _draw_view(self) -> None:
        self._view_pending = False
        if not self.ocean.is_attached:
            return  # (the screen has gone meanwhile)
        state = self.match.state
        self._paint_sea()
        if not self.looking and self.selected is not None:
            cell = state.ship(self.selected).cell
            if state.grid.in_bounds(cell) and cell != self.ocean.cursor:
                self.ocean.cursor = cell
        side = self.query_one(SideColumn)
        side.show(state, self.match.observed(), self.match.ruleset, self.selected)
        side.look(state, self.ocean.cursor, self.selected, self.presenter)

    def _paint_sea(self) -> None:
        """Draw the sea now: the selected ship, the preview, the overlays."""
        if not self.ocean.is_attached:
            return
        state = self.match.state
        self.ocean.show(state, selected=self.selected, preview=self._preview,
                        marks_next=self.presenter.next_mark(state, self.selected),
                        overlays=self._overlays, presenter=self.presenter)

    def status_left(self, width: int) -> Text:
        """The status line's left part in ``width`` cells: the ruleset, the sea, the turn,
        the ruleset's note, the phase and the seed (``widgets.status_line``)."""
        match = self.match
        return status_left(match.state, match.game.setup, match.ruleset.title,
                           self.mode.title(), self.presenter.status(match.state), width,
                           self.naval.config.ascii_only)

    def set_status(self) -> None:
        """The status line: the game on the left, fitted to what the mode's right part
        leaves; then the key bar's keys, if what they depend on has changed.  Nothing on
        a screen whose widgets are going (it is being removed: a rematch, the app's end)."""
        status = next(self.query("#status").results(StatusLine), None)
        if status is None:
            return
        right = self.mode.status()
        width = self.app.size.width
        match = self.match
        left = self.status_left(max(1, width - right.cell_len - 2))
        status.show(status_text(left, right, width, self.naval.config.ascii_only))
        key = (self.prompt.asking, match.thinking, *self.mode.bindings_key())
        if key != self._bindings_key:  # (refreshing the key bar is costly)
            self._bindings_key = key
            self.refresh_bindings()

    def preview(self, order: Order | None) -> None:
        """Show what an option of the question on the prompt would do, as the ruleset
        previews it: a path on the map, cells laid over the sea, and its detail."""
        question = self.asked
        known = question is not None and order is not None \
            and question.option(order) is not None
        result = question.preview(order) if known and question and order else None
        self._preview = result.path if result else ()
        self._overlays = result.overlay_map if result else {}
        self._paint_sea()  # (now: a highlight's whole effect is drawn in its refresh)
        if result is not None:
            self.keep_in_view(result.cells)
        if known and question is not None and order is not None:
            self.prompt.set_detail(option_detail(question, order,
                                                 self.mode.detail(question, order)))

    # -- the map follows the game --------------------------------------------------------------
    def keep_in_view(self, extra: tuple[Cell, ...] = ()) -> None:
        """Scroll the map, if need be, so the selected ship is in sight with a margin,
        with the ``extra`` cells (such as a preview's path) when they fit, and then the
        next mark or the nearest enemy when that fits too."""
        if self.looking or self.selected is None or not self.is_attached:
            return
        state = self.match.state
        ship = state.ship(self.selected)
        label = self.presenter.next_mark(state, self.selected)
        aims = tuple(m.cell for m in state.board.marks if m.label == label)[:1]
        if not aims:
            grid = state.grid
            enemies = [s for s in state.ships if s.side != ship.side and s.afloat
                       and grid.in_bounds(s.cell) and not self.presenter.ship_done(state, s)]
            if enemies:
                aims = (min(enemies, key=lambda s: grid.distance(ship.cell, s.cell)).cell,)
        self.ocean.keep_in_view(ship.cell, extra, aims)

    def acting_ship(self) -> str | None:
        """The ship whose decision is on the prompt (else the selected one)."""
        question = self.asked
        if question is not None and question.decision.ship in {
                s.id for s in self.match.state.ships}:
            return question.decision.ship
        return self.selected

    def select(self, ship_id: str, center: bool = True) -> None:
        """Select a ship: its panel, its highlight, the cursor on it."""
        self.selected = ship_id
        cell = self.match.state.ship(ship_id).cell
        self._preview = ()
        self._overlays = {}
        self.refresh_view()
        self.ocean.cursor = cell
        if center:
            self.ocean.center_on(cell)

    # -- the widgets' messages -------------------------------------------------------------------
    @on(PromptPanel.Chosen)
    def _chosen(self, event: PromptPanel.Chosen) -> None:
        question = self.asked
        if question is None or event.question != self.prompt.question \
                or question.answer is not None:
            return  # (a choice from a question no longer on show: a key pressed twice)
        self.match.answer(event.order, question)

    @on(Timeline.Picked)
    def _turn_picked(self, event: Timeline.Picked) -> None:
        self.mode.turn_picked(event.turn)

    @on(OceanView.CursorMoved)
    def _cursor_moved(self, event: OceanView.CursorMoved) -> None:
        self.query_one(SideColumn).look(self.match.state, event.cell, self.selected,
                                        self.presenter)
        if self.looking:  # looking over the map during an aim, the prompt follows the cursor
            index = aimed_at(self.asked, self.prompt.shown, self.match.state, self.presenter,
                             event.cell)
            if index is not None and index != self.prompt.options.highlighted:
                self.prompt.options.highlighted = index

    @on(OceanView.CellClicked)
    def _clicked(self, event: OceanView.CellClicked) -> None:
        own = own_fleet(self.match)
        here = [s for s in self.match.state.ships if s.cell == event.cell and s.afloat]
        here.sort(key=lambda s: s.id not in own)
        if here:
            self.select(here[0].id, center=False)

    @on(OceanView.CellChosen)
    def _aim_here(self, event: OceanView.CellChosen) -> None:
        """Enter on the map: the option aimed at the hex under the cursor, if any."""
        index = aimed_at(self.asked, self.prompt.shown, self.match.state, self.presenter,
                         event.cell)
        if index is None:
            if self.prompt.asking and self.asked is not None and self.asked.answer is None:
                self.notify("No option of this prompt aims at that hex.", timeout=2)
            return
        self.action_focus_prompt()
        self.prompt.choose(index + 1)

    # -- keys ----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "mode":
            name, tag = (str(p) for p in parameters)
            if tag != self.mode.TAG:
                return False  # another way of playing's key
            return self.mode.check(name)
        if action == "choose":  # (asked as the screen is built, before its prompt is)
            return self.asked is not None and self.asked.answer is None
        return True

    def action_mode(self, name: str, tag: str) -> None:
        """A command of the screen's mode (``tag``: the mode's ``TAG``)."""
        if tag == self.mode.TAG:
            self.mode.run(name)

    def action_choose(self, number: int) -> None:
        if self.prompt.asking:
            self.prompt.choose(number)

    def action_cycle_ship(self, step: int) -> None:
        """The next (or previous) ship, as ``selectable`` lists them."""
        every = selectable(self.match)
        if not every:
            return
        index = every.index(self.selected) if self.selected in every else -step
        self.select(every[(index + step) % len(every)])
        question = self.asked
        if question is not None and question.decision.ship == self.selected:
            highlighted = self.prompt.options.highlighted
            shown = self.prompt.shown
            if highlighted is not None and highlighted < len(shown):
                self.preview(shown[highlighted])

    def action_center(self) -> None:
        if self.selected:
            self.ocean.center_on(self.match.state.ship(self.selected).cell)

    def action_zoom(self) -> None:
        """The next zoom level of the map: detailed, compact, the whole map, large."""
        ocean = self.ocean
        ocean.zoom_chosen = True
        ocean.zoom += 1
        self.notify(f"Map: {ZOOMS[ocean.zoom]}", timeout=1.5)
        acting = self.acting_ship() if not self.looking else None
        if acting is not None:
            ocean.center_on(self.match.state.ship(acting).cell)
            self.keep_in_view(self._preview)
        else:
            ocean.center_on(ocean.cursor)

    def action_fleets(self) -> None:
        """Both fleets side by side, each ship's condition as the player may see it."""
        from tui_naval.tui.dialogs.fleets import FleetsDialog

        state = self.match.observed()
        ruleset = self.match.ruleset
        fleets = [(side, [(f"{s.id} {s.name}".strip(), ruleset.describe(state, s.id))
                          for s in state.ships if s.side == side])
                  for side in state.sides]
        self.app.push_screen(FleetsDialog(fleets, self.match.viewer(),
                                          ascii_only=self.naval.config.ascii_only))

    def action_admiral(self) -> None:
        """The admiral's thinking: the AI's latest decisions and their values (a demo
        shows or hides its panel)."""
        if self.mode.admiral():
            return
        from tui_naval.tui.dialogs.thinking import ThinkingDialog

        decisions, note = self.mode.deliberations()
        self.app.push_screen(ThinkingDialog(decisions, note,
                                            ascii_only=self.naval.config.ascii_only))

    @property
    def looking(self) -> bool:
        """The player is moving the map's cursor (look mode) rather than the prompt's (the
        screen's ``-looking`` class: the look panel shows even where the hints took it)."""
        return self.has_class("-looking")

    @looking.setter
    def looking(self, on: bool) -> None:
        self.set_class(on, "-looking")

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
        self.fit_to_size()
        # The log takes the map's rows (or gives them back): the acting ship is kept in
        # sight at the map's new size (in the layout pass), as little scrolled as can be.
        acting = self.acting_ship()
        if acting is not None and not self.looking:
            self.ocean.keep_in_view(self.match.state.ship(acting).cell, self._preview)

    def action_log(self, to: str) -> None:
        """Page the log ``"back"`` or ``"on"`` (its title says how to come back), or show
        it from the game's ``"start"`` or at its newest entry (``"end"``)."""
        if to == "start":
            self.log_view.to_start()
        elif to == "end":
            self.log_view.to_end()
        else:
            self.log_view.page(-1 if to == "back" else 1)

    @on(MessageLog.Followed)
    def _log_title(self) -> None:
        """The log's title: its keys, and while it is paged back, how to come back."""
        log = self.log_view
        if log.following:
            verb = "shrinks" if log.big else "shows whole events"
            title = (f"{self.key_of('game.log_back')} {self.key_of('game.log_on')} page  "
                     f"{self.key_of('game.messages')} {verb}")
        else:
            title = (f"paged back: {self.key_of('game.log_on')} on, "
                     f"{self.key_of('game.log_end')} newest")
        log.border_title = f"[dim]{escape(title)}[/dim]"

    # -- hints -----------------------------------------------------------------------------------
    def start_hints(self) -> None:
        """Hints on or off as the app's setting says (never in a game with nobody here;
        a mode's own coach is on), and the game's opening hints for the first question;
        as the screen composes, its ``-hinting`` class set before its widgets are first
        styled (as ``fit_to_size`` sets the size's)."""
        here = self.match.here_sides()
        self.hint_panel.label = f"{self.key_of('game.hints')} hides, " \
                                f"{self.key_of('game.hints_more')} scrolls"
        if self._own_coach:
            self.coach.enabled = self.naval.config.hints and bool(here)
            if here:
                self.coach.start(self.match.state, here[0])
        self.hint_panel.display = self.coach.enabled
        self.set_class(self.coach.enabled, "-hinting", update=False)
        if not self._own_coach:
            self.hint_panel.show(self.coach.current)

    def action_hints(self, what: str) -> None:
        """The hints scrolled a page ``"more"`` (when shown), or switched on or off."""
        if what == "more":
            if self.hint_panel.display:
                self.hint_panel.page_on()
            return
        here = self.match.here_sides()
        if not here:
            return
        on = self.coach.toggle()
        self.hint_panel.display = on
        self.set_class(on, "-hinting")
        if on:
            # The game's opening and the question being asked now have their hints at
            # once (switched off, the coach let them pass): the panel does not wait empty
            # for the next rule to come up.
            question = self.asked
            if question is not None and question.answer is None:
                self.coach.opening(question.seen, here[0])
                self.coach.asked(question.seen, question.decision)
            self.hint_panel.show(self.coach.current)
        self.notify("Hints are shown as the rules come up." if on
                    else "Hints are hidden: press the key again to see them.", timeout=3)
