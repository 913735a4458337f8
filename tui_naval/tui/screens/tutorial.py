"""The tutorial: a first voyage for a new player.

Each lesson (``tui_naval.tutorial.LESSONS``) is a real game, with the real rules,
against the AI, on the battle screen; a hint panel explains each rule as it first
comes up, with this game's numbers (the ruleset's hints, ``core.hints``), and the
screen's own keys (the prompt, undo, saving).  At a lesson's end the next one is
offered; the hints already given are not given again in it.  A tutorial game is
not autosaved (it would take the place of the player's own game in Continue);
``s`` saves it under a name like any game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from tui_naval.ai.players import DEFAULT_OPPONENT
from tui_naval.app.session import HUMAN, Session
from tui_naval.app.tutorial import LESSONS, Lesson
from tui_naval.core.hints import Hint
from tui_naval.core.orders import Decision
from tui_naval.core.state import GameState
from tui_naval.tui import keys
from tui_naval.tui.hints import Coach
from tui_naval.tui.screens.base import NavalModal
from tui_naval.tui.screens.battle import BattleScreen
from tui_naval.tui.screens.game import LOW_HEIGHT

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


def lesson_session(lesson: Lesson, ai: str) -> Session:
    """A lesson's game: the player on the lesson's side, the AI on the others.

    Raises ``cli.SetupError`` if its map cannot be found or played."""
    from tui_naval.app.setup import new_game

    game = new_game(lesson.ruleset, lesson.map_path, lesson.seed, None)
    sides = game.state.sides
    return Session(game, {side: HUMAN if side == lesson.side else ai for side in sides})


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


class TutorialScreen(BattleScreen):
    """A lesson: the battle screen with the hint panel always there."""

    #: A lesson lays its side column out itself (below), and keeps the ship panel's few
    #: rows beside the hints down to 30 rows: the hints say to read it.
    cramped_height = LOW_HEIGHT

    # The hints take the look panel's place in the side column (look mode brings it back),
    # and as much of it as they need (the ship panel keeps a few rows).  (The battle
    # screen's own sheet, ``game``, lays out the rest; a screen has one sheet, so this
    # little is said here.)
    DEFAULT_CSS = """
    TutorialScreen #look {
        display: none;
    }
    TutorialScreen.-looking #look {
        display: block;
    }
    TutorialScreen #ship {
        min-height: 4;
    }
    TutorialScreen #hint {
        max-height: 70%;
    }
    /* under 30 rows the hints take the ship panel's room too (v shows the fleets) */
    TutorialScreen.-low #ship {
        display: none;
    }
    TutorialScreen.-low #hint {
        height: 1fr;
        max-height: 100%;
    }
    """

    def __init__(self, index: int = 0, ai: str = DEFAULT_OPPONENT, shown: Iterable[str] = (),
                 session: Session | None = None) -> None:
        """Lesson ``index`` against the AI ``ai`` (its game ``session`` if given, else made
        now: ``cli.SetupError`` if its map cannot be played); ``shown``: the hints given in
        the lessons before."""
        self.index = index
        self.lesson = LESSONS[index]
        self.ai = ai
        self._carried = tuple(shown)
        super().__init__(session or lesson_session(self.lesson, ai))
        self.intro = self.coach.start(self.game.state, self.lesson.side, keep=False)
        self._lesson_over = False

    # -- the hooks of the battle screen ----------------------------------------------------
    def on_mount(self) -> None:
        # (Textual calls each class's ``on_mount`` in turn, this one first: the battle
        # screen's and the game screen's follow, and ask the first question.)
        self.call_next(self.not_autosaved)
        self.show_hints()
        if self.intro:
            self.app.push_screen(LessonStart(self.index, self.lesson, self.intro))

    def not_autosaved(self) -> None:
        """A lesson is not autosaved: Continue keeps the player's own game."""
        if self.naval.session is self.session:
            self.naval.session = None

    def ask(self, decision: Decision) -> None:
        self._lesson_over = False
        self.not_autosaved()
        super().ask(decision)

    def game_over(self) -> None:
        if self._lesson_over:
            return
        self._lesson_over = True
        last = self.index + 1 >= len(LESSONS)
        self.app.push_screen(LessonEnd(self.game.state, self.lesson,
                                       None if last else LESSONS[self.index + 1]),
                             self._after_lesson)

    # -- hints -----------------------------------------------------------------------------
    def make_coach(self) -> Coach:
        """Hints always on, carried over from the lessons before; a lesson is not
        autosaved (its save hint says nothing of Continue)."""
        return Coach.for_ruleset(self.game.ruleset, autosaves=False, shown=self._carried)

    def start_hints(self) -> None:
        """The hints are on from the start; the intro was shown by ``LessonStart``."""
        super().start_hints()
        self.coach.enabled = True
        self.coach.pending.clear()  # (the intro is the lesson card's)
        self.show_hint_panel(True)

    # -- the end of a lesson -----------------------------------------------------------------
    def _after_lesson(self, choice: str | None) -> None:
        if choice == "next" and self.index + 1 < len(LESSONS):
            self.app.switch_screen(TutorialScreen(self.index + 1, self.ai, self.coach.shown))
        elif choice == "again":
            self.app.switch_screen(TutorialScreen(self.index, self.ai, self.coach.shown))
        elif choice == "menu":
            self.dismiss(None)


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
            yield Static(Text(f"You will learn {self.lesson.about}, as they come up: read the "
                              f"hints on the right.", style="italic"), classes="lesson-text")
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
