"""What a way of playing adds to the match's screen.

The screen (``screens.match.MatchScreen``) draws any match the same way: the sea, the
side column, the log, the prompt.  A ``Mode`` is the little that differs between a
battle, a lesson, a voyage's leg, a demo, a replay, a watched game and a duel, as a
plain object the screen is handed: its keys (``commands``, run through the screen's
``mode(...)`` action), the status line's right part, the sea's name, the panels it adds,
what it does as the match tells what happened (an autosave at a turn's end, a dialog at
the end), and where it leaves to.  Who plays, and how far back the game may go, is the
match's own configuration (its seats and its undo policy), not the mode's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.widget import Widget

from tui_naval.app.coach import Coach, KeyOf
from tui_naval.app.deliberations import Deliberation, latest
from tui_naval.app.happened import Happening, Over, Stopped, Waiting
from tui_naval.app.match import Match
from tui_naval.app.question import Question
from tui_naval.core.orders import Order
from tui_naval.tui import keys

if TYPE_CHECKING:
    from tui_naval.tui.screens.match import MatchScreen

#: Below this many rows the message log keeps to two lines (the screen's ``-low`` class).
LOW_HEIGHT = 30
#: Below this many rows the side column has no room for the hints beside the ship and look
#: panels (a tall prompt leaves it a few rows): the hints, when on, take theirs (``-cramped``).
CRAMPED_HEIGHT = 40


class Mode:
    """A way of playing on the match's screen; by default a game watched with no keys of
    its own (each mode says what it adds)."""

    #: Its commands, after the game's own in the key bar (before them: ``FIRST``); their
    #: actions are ``keys.mode_action(name, TAG)``, run as its ``do_<name>``.
    COMMANDS: ClassVar[tuple[keys.Command, ...]] = ()
    TAG: ClassVar[str] = ""
    FIRST: ClassVar[bool] = False
    #: The game's commands its key bar leaves out (they still work; ``?`` lists them).
    UNSHOWN: ClassVar[frozenset[str]] = frozenset()
    #: What the prompt says the player can do once the game is over.
    over_hint = "q leaves"
    #: A class the screen takes, for the stylesheet (a lesson's side column).
    css_class = ""
    #: Below this many rows the screen is ``-cramped``: the hints take the side column.
    cramped_height = CRAMPED_HEIGHT

    def __init__(self, match: Match) -> None:
        self.match = match
        self._screen: MatchScreen | None = None

    @property
    def screen(self) -> MatchScreen:
        assert self._screen is not None, "a mode is used before its screen is up"
        return self._screen

    def attach(self, screen: MatchScreen) -> None:
        """The screen that shows the match (before it is mounted)."""
        self._screen = screen

    def coach(self, key_of: KeyOf) -> Coach | None:
        """The rules' hints, if the mode keeps them its own way (a lesson's are always on);
        None: the player's setting says."""
        return None

    def mounted(self) -> None:
        """The screen is up (its first decision is asked after this)."""

    def unmounted(self) -> None:
        """The screen has gone."""

    # -- keys ------------------------------------------------------------------------------
    def check(self, name: str) -> bool | None:
        """Whether its command ``name`` runs now: True, None (shown, dimmed), False
        (hidden)."""
        return True

    def bindings_key(self) -> tuple[object, ...]:
        """What its commands' availability depends on: the key bar is refreshed when it
        changes (refreshing it is costly)."""
        return ()

    def run(self, name: str) -> None:
        """Run its command ``name`` (its method ``do_<name>``)."""
        getattr(self, f"do_{name}")()

    # -- what it shows ---------------------------------------------------------------------
    def title(self) -> str:
        """The sea's name on the status line."""
        return self.match.game.setup.map_name

    def status(self) -> Text:
        """The status line's right part: who plays."""
        here = self.match.here_sides()
        return Text.assemble(("You: ", "dim"), (", ".join(here) or "watching", "bold"), " ")

    def panels(self) -> Iterator[Widget]:
        """Panels it adds to the side column, above the look panel."""
        return iter(())

    def bars(self) -> Iterator[Widget]:
        """Lines it adds under the status line."""
        return iter(())

    def words(self, happening: Waiting | Over) -> tuple[str, str] | None:
        """The prompt's words (title and detail, in markup) while the game waits on nobody
        here, or once it is over, if the mode has its own."""
        return None

    def who_chose(self, question: Question) -> str:
        """Who answered a recorded decision, for its prompt's title (a replay's)."""
        return question.side

    def detail(self, question: Question, order: Order) -> Text | None:
        """More beside an option of ``question`` (a replay: what the search made of it)."""
        return None

    def deliberations(self) -> tuple[list[Deliberation], str]:
        """The AI's decisions the admiral's key shows, the latest first, and a note."""
        return latest(self.match)

    def admiral(self) -> bool:
        """The admiral's key, if the mode shows the thinking its own way (True)."""
        return False

    # -- as the match goes -------------------------------------------------------------------
    def happened(self, happening: Happening) -> None:
        """The screen has drawn ``happening``: what the mode does about it.  A seat that
        stopped is said in a notice, by default."""
        if isinstance(happening, Stopped):
            self.screen.notify(happening.text, severity="error", markup=False)

    def turn_picked(self, turn: int) -> None:
        """A turn clicked on a timeline of its (``bars``)."""

    def key(self, event: events.Key) -> None:
        """A key the screen's widgets left alone (a leg's Enter sails on once it is over)."""

    def leave(self) -> None:
        """Its way out (the game's ``q``)."""
        self.screen.dismiss(None)
