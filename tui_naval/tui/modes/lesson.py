"""A lesson of the tutorial: a battle with the hint panel always there, not autosaved
(Continue keeps the player's own game), a card at its start and a choice at its end:
the next lesson, again, or the menu."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from tui_naval.app.coach import Coach, KeyOf
from tui_naval.app.match import Match
from tui_naval.app.seats import HUMAN
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.app.tutorial import LESSONS, Lesson, advice
from tui_naval.core.hints import Hint
from tui_naval.core.state import GameState
from tui_naval.tui import keys
from tui_naval.tui.modes.base import LOW_HEIGHT
from tui_naval.tui.modes.battle import BattleMode
from tui_naval.tui.screens.base import NavalModal
from tui_naval.tui.screens.match import MatchScreen

#: The lesson-start dialog's keys (Escape, as in every dialog, closes it too).
START_KEYS = (
    keys.C("tutorial.go", "enter", "go", "Set sail", "Begin the lesson"),
)
#: The lesson-end dialog's keys (its own: a keymap does not remap them).
END_KEYS = (
    keys.C("tutorial.next", "n", "choose('next')", "Next lesson", "Go on to the next lesson"),
    keys.C("tutorial.again", "a", "choose('again')", "Again", "Sail this lesson again"),
    keys.C("tutorial.review", "escape", "choose('review')", "Review",
           "Back to the map (undo works)", key_display="esc"),
    keys.C("tutorial.menu", "q", "choose('menu')", "Menu", "Back to the title screen"),
)


def lesson_session(lesson: Lesson, ai: str = "") -> Session:
    """A lesson's game: the player on the lesson's side, the AI ``ai`` (the lesson's own
    admiral when "") on the others (a one-line ``SetupError`` if its map cannot be found
    or played)."""
    game = new_game(lesson.ruleset, lesson.map_path, lesson.seed, None)
    sides = game.state.sides
    return Session(game, {side: HUMAN if side == lesson.side else ai or lesson.admiral
                          for side in sides})


class LessonMode(BattleMode):
    """A lesson: a battle whose hints are always on, carried from the lessons before."""

    css_class = "-lesson"
    #: A lesson lays its side column out itself (the stylesheet's ``-lesson``), and keeps
    #: the ship panel's few rows beside the hints down to 30 rows: the hints say to read it.
    cramped_height = LOW_HEIGHT

    def __init__(self, match: Match, index: int, ai: str, shown: Iterable[str] = ()) -> None:
        super().__init__(match)
        self.index = index
        self.lesson = LESSONS[index]
        self.ai = ai
        self._carried = tuple(shown)
        self.intro: list[Hint] = []
        self._coach: Coach | None = None

    def coach(self, key_of: KeyOf) -> Coach:
        """Hints always on, carried over from the lessons before; a lesson is not
        autosaved (its save hint says nothing of Continue).  The game's intro is the
        lesson card's (``LessonStart``)."""
        ruleset = self.match.ruleset
        self._coach = Coach.for_ruleset(
            ruleset, key_of, autosaves=False, shown=self._carried,
            advise=partial(advice, ruleset) if self.lesson.advises else None)
        self.intro = self._coach.start(self.match.state, self.lesson.side, keep=False)
        return self._coach

    def mounted(self) -> None:
        super().mounted()
        if self.intro:
            self.screen.app.push_screen(LessonStart(self.index, self.lesson, self.intro))

    def autosaved(self) -> None:
        """A lesson is not autosaved: Continue keeps the player's own game."""
        if self.screen.naval.match is self.match:
            self.screen.naval.match = None

    def turn_ended(self) -> None:
        """(No autosave.)"""

    def over(self) -> None:
        last = self.index + 1 >= len(LESSONS)
        self.screen.app.push_screen(LessonEnd(self.match.state, self.lesson,
                                              None if last else LESSONS[self.index + 1]),
                                    self._after_lesson)

    def _after_lesson(self, choice: str | None) -> None:
        shown = self._coach.shown if self._coach is not None else ()
        if choice == "next" and self.index + 1 < len(LESSONS):
            self.screen.app.switch_screen(lesson_screen(self.index + 1, self.ai, shown))
        elif choice == "again":
            self.screen.app.switch_screen(lesson_screen(self.index, self.ai, shown))
        elif choice == "menu":
            self.screen.dismiss(None)


def lesson_screen(index: int = 0, ai: str = "", shown: Iterable[str] = (),
                  session: Session | None = None) -> MatchScreen:
    """Lesson ``index`` against the AI ``ai`` ("": the lesson's own admiral); its game
    ``session`` if given, else made now (a one-line ``SetupError`` if its map cannot be
    played); ``shown``: the hints given in the lessons before."""
    match = Match.of_session(session or lesson_session(LESSONS[index], ai))
    return MatchScreen(match, LessonMode(match, index, ai, shown))


#: The lesson dialogs' layout (both dialogs share it).
LESSON_CSS = """
#lesson-box {
    width: 64;
    border: double $accent;
    padding: 0 1;
}
#lesson-head {
    width: 100%;
    text-align: center;
    margin-top: 1;
    color: $warning;
}
#lesson-reason {
    width: 100%;
    text-align: center;
    margin-bottom: 1;
}
.lesson-title {
    margin-top: 1;
}
.lesson-text {
    width: 100%;
}
#lesson-buttons {
    height: 1;
    margin: 1 0;
    align: center middle;
}
#lesson-buttons Button {
    margin: 0 1;
}
"""


class LessonStart(NavalModal[None]):
    """A lesson begins: what it teaches and what the game is (the ruleset's intro)."""

    DEFAULT_CSS = LESSON_CSS
    COMMAND_SET = START_KEYS
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(START_KEYS)

    def __init__(self, index: int, lesson: Lesson, intro: list[Hint]) -> None:
        super().__init__()
        self.index = index
        self.lesson = lesson
        self.intro = intro

    def compose(self) -> ComposeResult:
        with Vertical(id="lesson-box", classes="dialog"):
            yield Static(Text(f" Lesson {self.index + 1} of {len(LESSONS)}: "
                              f"{self.lesson.title} ", style="bold reverse"), id="lesson-head")
            advice = (" At every decision your first lieutenant's advice heads them: the "
                      "option to pick, and what it does. Follow it, and see why."
                      if self.lesson.advises else "")
            yield Static(Text(f"You will learn {self.lesson.about}, as they come up: read the "
                              f"hints on the right.{advice}", style="italic"),
                         classes="lesson-text")
            for hint in self.intro:
                yield Static(Text(hint.title, style="bold"), classes="lesson-title")
                yield Static(Text(hint.text), classes="lesson-text")
            with Horizontal(id="lesson-buttons"):
                yield Button("Set sail (enter)", id="go", compact=True, variant="primary")

    def on_mount(self) -> None:
        self.query_one("#go", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_go(self) -> None:
        self.dismiss(None)


class LessonEnd(NavalModal[str | None]):
    """A lesson is over: its outcome, and the next lesson, again, or the menu."""

    DEFAULT_CSS = LESSON_CSS
    COMMAND_SET = END_KEYS
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(END_KEYS)

    def __init__(self, state: GameState, lesson: Lesson, after: Lesson | None) -> None:
        super().__init__()
        self.state = state
        self.lesson = lesson
        self.after = after

    def compose(self) -> ComposeResult:
        outcome = self.state.outcome
        head = "Draw" if outcome is None or outcome.winner is None \
            else f"{outcome.winner.capitalize()} wins"
        if self.after is not None:
            what = (f"Next: {self.after.title}, to learn {self.after.about}. The hints you "
                    f"have read are not given again.")
        else:
            hints = self.key_of("game.hints")
            what = ("That was the last lesson. New game, on the title screen, sets up any "
                    f"ruleset and map; in any game, {hints} shows the hints again or hides "
                    "them.")
        with Vertical(id="lesson-box", classes="dialog"):
            yield Static(Text(f" {self.lesson.title}: {head} ", style="bold reverse"),
                         id="lesson-head")
            yield Static(Text(str(outcome.reason if outcome else "")), id="lesson-reason")
            yield Static(Text(what), id="lesson-next")
            with Horizontal(id="lesson-buttons"):
                if self.after is not None:
                    yield Button("Next lesson (n)", id="next", compact=True, variant="primary")
                yield Button("Again (a)", id="again", compact=True)
                yield Button("Review (esc)", id="review", compact=True)
                yield Button("Menu (q)", id="menu", compact=True)

    def on_mount(self) -> None:
        self.query_one("#lesson-buttons Button", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_choose(self, what: str) -> None:
        if what == "next" and self.after is None:
            return
        self.dismiss(what)

    def action_close(self) -> None:
        self.dismiss("review")
