"""What a match tells its views: each a small value, handed to every listener in turn.

A view draws from them (the battle screen, a test's list); none carries a widget or a
colour, only the game's own values and the match's answers worked out once.
"""

from __future__ import annotations

from enum import Enum

from tui_naval.app.question import Question
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import Event, GameState, Outcome
from tui_naval.core.values import frozen


@frozen
class Move:
    """An order played: where in the game, by whom, and what it did."""

    #: Its place in the game's orders.
    index: int
    #: The turn it was given in.
    turn: int
    side: str
    order: Order
    #: Its option's label, for an order given at this terminal ("" for the others', which
    #: the log does not show).
    label: str
    #: Given by a seat at this terminal.
    here: bool
    before: GameState
    after: GameState
    #: The standing order that gave it, as the player named it ("" the player's own).
    standing: str = ""

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self.after.events)


@frozen
class Asked:
    """A seat at this terminal is asked a decision (``why``: the reason a standing order
    for it did not answer, "" when none stands)."""

    question: Question
    why: str = ""


@frozen
class Reviewed:
    """A recording's position: the decision asked there, with the answer it was given."""

    question: Question


@frozen
class Thinking:
    """A seat that thinks (an AI, a script) is choosing."""

    side: str
    decision: Decision
    #: The seat's name (``search``, ``greedy``, ``script``).
    seat: str


class Wait(Enum):
    """Why the game waits on nobody here."""

    #: Paused (a demo, a replay): nothing is asked until it is resumed.
    PAUSED = "paused"
    #: The side's orders come from outside (another terminal, a watched game).
    REMOTE = "remote"
    #: No decision is pending (a game that cannot go on).
    NOTHING = "nothing"


@frozen
class Waiting:
    """The game waits, and not on this terminal."""

    why: Wait
    side: str | None = None
    decision: Decision | None = None


@frozen
class Played:
    """An order was played."""

    move: Move


@frozen
class Quiet:
    """Whole turns passed with nothing for the player here to decide: a line each. The
    match asks nothing more until a view says they have been read (``Match.go_on``)."""

    turns: tuple[int, ...]
    lines: tuple[str, ...]


@frozen
class Over:
    """The game has an outcome."""

    outcome: Outcome


@frozen
class Moved:
    """The game moved by undo, redo or a jump: draw everything afresh."""


class Stop(Enum):
    """Why a seat could not answer."""

    #: Its script has no more orders (or the other side's orders stopped coming).
    ENDED = "ended"
    #: Its order does not fit the decision, or an AI and its advisor both failed.
    ERROR = "error"


@frozen
class Stopped:
    """A seat could not answer: the match waits until it is given another seat or order."""

    side: str
    why: Stop
    text: str


@frozen
class Warned:
    """Something the player should read, though the game goes on: an AI failed and its
    advisor answered for it; an order was not legal."""

    text: str
    title: str = ""


#: Everything a match tells.
Happening = Asked | Reviewed | Thinking | Waiting | Played | Quiet | Over | Moved | Stopped \
    | Warned
