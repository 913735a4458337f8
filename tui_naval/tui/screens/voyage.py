"""The voyage screen: the chart, the fleet's condition, what may be done now, the legs so
far; its legs are fought on the battle screen with undo and named saves turned off."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from tui_naval.app.match import Match, Undo
from tui_naval.app.seats import HUMAN
from tui_naval.app.session import Session
from tui_naval.core.messages import plural
from tui_naval.core.ruleset import PART_KEYS
from tui_naval.tui import keys
from tui_naval.tui.modes.leg import LegMode
from tui_naval.tui.screens.base import NavalModal, NavalScreen
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.widgets.glyphs import to_ascii
from tui_naval.tui.widgets.key_bar import KeyBar
from tui_naval.tui.widgets.option_list import PagedOptionList
from tui_naval.voyage.chart import COLUMNS, draw
from tui_naval.voyage.chart import size as chart_size
from tui_naval.voyage.daily import today
from tui_naval.voyage.fleet import Vessel, part_text
from tui_naval.voyage.keeper import VoyageKeeper
from tui_naval.voyage.morgue import morgue_folder
from tui_naval.voyage.voyage import FIGHTING, OVER, STORMY, Choice, chart_of, options

#: How each role of the chart's cells is drawn.
CHART_STYLES = {"sea": "", "land": "green", "lane": "bright_black", "sailed": "yellow",
                "place": "bold", "here": "bold black on yellow", "next": "bold cyan",
                "chosen": "bold black on cyan", "past": "yellow"}
_BAR = 10


def fleet_lines(fleet: tuple[Vessel, ...], prizes: tuple[Vessel, ...], ascii_only: bool,
                wide: bool) -> Text:
    """Each ship's parts as bars (or, narrow, as figures on one line)."""
    out = Text()
    for n, vessel in enumerate(fleet):
        head = "Flagship" if n == 0 else "Consort"
        out.append(f"{head} {vessel.name}", "bold")
        if not wide:
            out.append(": " + ", ".join(part_text(k, h, f) for k, h, f in vessel.parts) + "\n")
            continue
        out.append("\n")
        for key, have, full in sorted(vessel.parts, key=lambda p: PART_KEYS.index(p[0])):
            share = have / full if full else 1.0
            filled = round(share * _BAR)
            bar = ("#" * filled + "." * (_BAR - filled)) if ascii_only else \
                ("█" * filled + "░" * (_BAR - filled))
            style = "green" if share > 0.66 else "yellow" if share > 0.33 else "red"
            out.append(f"  {key:<8}", "dim")
            out.append(bar, style)
            out.append(f" {full - have} Strain\n" if key == "strain" else f" {have}/{full}\n")
    if prizes:
        out.append("Prizes: " + ", ".join(p.name for p in prizes), "cyan")
    out.rstrip()
    return out


def chart_scale(screen: Size) -> int:
    """How large the chart is drawn: twice as large where the terminal has room for it
    beside the fleet and above the choices (200x60), else as it is."""
    rows, cols = chart_size(2)
    return 2 if screen.width >= cols + 2 + 40 and screen.height >= rows + 25 else 1


class VoyageScreen(NavalScreen[None]):
    """Between the legs of a voyage."""

    COMMAND_SET = keys.VOYAGE
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.VOYAGE)
    STYLESHEET = "voyage"

    def __init__(self, keeper: VoyageKeeper, watch: bool = False) -> None:
        """``watch``: the AI captains the voyage and sails its legs (a demo: not saved,
        not scored)."""
        super().__init__()
        self.keeper = keeper
        self.watching = watch
        self._choices: tuple[Choice, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static(id="voyage-head")
        with Horizontal(id="voyage-top"):
            yield Static(id="voyage-chart")
            yield Static(id="voyage-fleet")
        with Horizontal(id="voyage-bottom"):
            yield PagedOptionList(id="voyage-options")
            yield Static(id="voyage-log")
        yield Static(id="voyage-detail")
        yield KeyBar()

    def on_mount(self) -> None:
        self.naval.keeper = self.keeper
        self.query_one("#voyage-log").border_title = "The voyage so far"
        self.show()
        self.query_one("#voyage-options", OptionList).focus()
        if self.keeper.voyage.stage == FIGHTING:
            self.call_after_refresh(self.fight)
        elif self.keeper.voyage.stage == OVER:
            # Left (or cut off) after its last leg's end and before its own: that end now.
            self.call_after_refresh(self.end)

    def on_resize(self) -> None:
        self.show()

    # -- drawing ----------------------------------------------------------------------
    def show(self) -> None:
        voyage = self.keeper.voyage
        ruleset = self.keeper.ruleset
        ascii_only = self.naval.config.ascii_only
        chart = chart_of(voyage, ruleset)
        here = chart.place(voyage.at)
        what = "Daily voyage" if voyage.daily else "Voyage"
        parts = [what, ruleset.title, f"seed {voyage.seed}", f"leg {here.column} of "
                 f"{COLUMNS - 1}", here.name, f"gold {voyage.gold}", f"score {voyage.score}"]
        # Narrow, the seed and then the ruleset give way: gold and score stay in sight.
        for drop in (f"seed {voyage.seed}", ruleset.title):
            if len(" " + " · ".join(parts)) <= self.size.width:
                break
            parts.remove(drop)
        head = " " + " · ".join(parts)
        self.query_one("#voyage-head", Static).update(Text(head, style="bold reverse"))
        wide = self.size.width >= 110
        self.query_one("#voyage-fleet", Static).update(
            fleet_lines(voyage.fleet, voyage.prizes, ascii_only, wide))
        self.set_class(wide, "-side-fleet")
        before = self._choices
        self._choices = options(voyage, ruleset)
        listing = self.query_one("#voyage-options", OptionList)
        listing.border_title = ("A storm! How will you ride it out?"
                                if voyage.stage == STORMY else "What now?")
        # A new list starts at its first option; the same list redrawn (a resize) keeps
        # its place (issue 61: the cursor kept its place from one list to the next).
        highlighted = listing.highlighted if self._choices == before else 0
        listing.clear_options()
        for n, choice in enumerate(self._choices, start=1):
            label = f"{n if n <= 9 else ' '} {choice.label}"
            listing.add_option(Option(Text(to_ascii(label) if ascii_only else label)))
        if self._choices:
            listing.highlighted = min(highlighted or 0, len(self._choices) - 1)
        self.show_detail()
        if self.watching and self._choices and voyage.stage != FIGHTING:
            self.set_timer(max(0.05, self.naval.config.demo_delay * 2), self._captain_chooses)
        log = Text()
        if voyage.stage == STORMY:
            log.append(f"A storm is upon you off {here.name}. Each way of riding it out "
                       "risks other parts of the ship: the line under the list says which.\n",
                       "bold yellow")
        for leg in reversed(voyage.legs[-8:]):
            log.append(f"{'-' if ascii_only else '·'} {leg.text}\n")
        if not voyage.legs and voyage.stage != STORMY:
            log.append("Choose your first leg: the letters on the chart say what waits "
                       "there; the line under the list says more.", "dim")
        log.rstrip()
        self.query_one("#voyage-log", Static).update(log)

    def show_detail(self) -> None:
        """The line under the list: the highlighted option's, with its number; and the
        chart, with the place it sails for drawn as the chosen one."""
        listing = self.query_one("#voyage-options", OptionList)
        index = listing.highlighted
        choice = self._choices[index] if index is not None and \
            index < len(self._choices) else None
        detail = f"{index + 1}: {choice.detail}" if choice is not None and choice.detail \
            and index is not None else ""
        self.query_one("#voyage-detail", Static).update(Text(detail, style="italic"))
        chosen = int(choice.key.split()[1]) if choice is not None and \
            choice.key.startswith("sail ") else None
        self.show_chart(chosen)

    def show_chart(self, chosen: int | None) -> None:
        """The chart, ``chosen`` (the place the highlighted option sails for) drawn [X]."""
        voyage = self.keeper.voyage
        chart = chart_of(voyage, self.keeper.ruleset)
        text = Text()
        for row in draw(chart, voyage.at, voyage.route, self.naval.config.ascii_only,
                        chart_scale(self.size), chosen):
            for ch, role in row:
                text.append(ch, CHART_STYLES[role])
            text.append("\n")
        text.append("H home  P port  R race  C chase  B battle  M merchant  S storm  "
                    "X final  @ you", "dim")
        self.query_one("#voyage-chart", Static).update(text)

    def _captain_chooses(self) -> None:
        """Watching: the AI captain's choice, shown highlighted, then made."""
        from tui_naval.voyage.run import captain

        if not self.is_current or not self._choices:
            return
        key = captain(self.keeper.voyage, self.keeper.ruleset, self._choices)
        index = [c.key for c in self._choices].index(key)
        self.query_one("#voyage-options", OptionList).highlighted = index
        self.set_timer(max(0.05, self.naval.config.demo_delay), lambda: self._made(index))

    def _made(self, index: int) -> None:
        if self.is_current and index < len(self._choices):
            self.pick(index)

    @on(OptionList.OptionHighlighted, "#voyage-options")
    def _highlighted(self) -> None:
        self.show_detail()

    # -- choosing ---------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#voyage-options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.pick(event.option_index)

    def action_choose(self, number: int) -> None:
        if 1 <= number <= len(self._choices):
            self.pick(number - 1)

    def pick(self, index: int) -> None:
        from tui_naval.voyage.voyage import choose

        keeper = self.keeper
        legs = len(keeper.voyage.legs)
        keeper.voyage = choose(keeper.voyage, keeper.ruleset, self._choices[index].key)
        self.after_change(legs)

    def after_change(self, legs: int) -> None:
        """Save and redraw after a choice or a leg; ``legs``: how many legs there were
        before it (the new ones are told in a notice where the log is out of sight)."""
        keeper = self.keeper
        if not self.query_one("#voyage-log").display:
            for leg in keeper.voyage.legs[legs:]:
                self.notify(leg.text, timeout=6, markup=False)
        failed = keeper.save()
        if failed:
            self.notify(failed, title="Voyage not saved", severity="error", markup=False)
        if keeper.voyage.stage == OVER:
            self.end()
            return
        self.show()
        if keeper.voyage.stage == FIGHTING:
            self.fight()

    def fight(self) -> None:
        """Put to sea for the leg: its game on the battle screen."""
        from tui_naval.core.history import Game
        from tui_naval.voyage.voyage import briefing, encounter

        keeper = self.keeper
        meeting = encounter(keeper.voyage, keeper.ruleset)
        if keeper.game is None:
            keeper.game = Game(keeper.ruleset, meeting.setup)
            keeper.save()
            # The leg's briefing: what waits, its risk, and how a merchant is taken.
            self.notify(briefing(keeper.voyage, keeper.ruleset), title="Putting to sea",
                        timeout=12, markup=False)
        ai = self.naval.opponent()
        seats = {side: HUMAN if side == meeting.side and not self.watching else ai
                 for side in keeper.game.state.sides}
        match = Match.of_session(Session(keeper.game, seats), undo=Undo.NONE)
        leg = LegMode(match, keeper, meeting.place.name, self.watching)
        self.app.push_screen(MatchScreen(match, leg), lambda _: self._fought(leg.leaving))

    def _fought(self, leaving: bool) -> None:
        if leaving:
            self.action_leave()
            return
        legs = len(self.keeper.voyage.legs)
        self.keeper.leg_over()
        self.after_change(legs)

    def end(self) -> None:
        keeper = self.keeper
        keeper.finish(None, morgue_folder(), today())
        self.naval.keeper = None
        self.app.push_screen(VoyageEndDialog(keeper), self._after_end)

    def _after_end(self, choice: str | None) -> None:
        self.dismiss(None)
        if choice == "hall":
            self.open_hall()

    def action_leave(self) -> None:
        self.keeper.save()
        self.naval.keeper = None
        self.dismiss(None)

    def action_hall(self) -> None:
        self.open_hall()

    def open_hall(self) -> None:
        from tui_naval.tui.screens.hall import HallScreen
        from tui_naval.voyage.hall import Hall, hall_path

        self.app.push_screen(HallScreen(Hall(hall_path())))


class VoyageEndDialog(NavalModal[str]):
    """The voyage is over: how, the score and rank, the morgue file."""

    def __init__(self, keeper: VoyageKeeper) -> None:
        super().__init__()
        self.keeper = keeper

    def compose(self) -> ComposeResult:
        voyage = self.keeper.voyage
        head = " The voyage is won! " if voyage.won else " The voyage is over "
        lines = [voyage.ended[:1].upper() + voyage.ended[1:] + ".",
                 f"Score {voyage.score}: {plural(voyage.sailed, 'leg')}, {voyage.earned} gold "
                 f"won, {plural(voyage.prizes_taken, 'prize')}."]
        if self.keeper.rank is not None:
            board = "today's daily board" if voyage.daily else "the hall of fame"
            lines.append(f"Number {self.keeper.rank} in {board}.")
        if self.keeper.morgue:
            lines.append(f"Morgue: {self.keeper.morgue}")
        if self.keeper.ended_note:
            lines.append(f"Note: {self.keeper.ended_note}")
        with Vertical(id="voyage-end-box", classes="dialog"):
            yield Static(Text(head, style="bold reverse"))
            yield Static(Text("\n".join(lines)))
            with Horizontal(id="voyage-end-buttons"):
                yield Button("Hall of fame (f)", id="hall", compact=True, variant="primary")
                yield Button("Title (esc)", id="title", compact=True)

    def on_mount(self) -> None:
        self.query_one("#hall", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "title")

    def key_f(self) -> None:
        self.dismiss("hall")

    def action_close(self) -> None:
        self.dismiss("title")
