"""Watching another player's game live (``tui-naval serve``): read-only, drawn from the
game's own states.

The server hands over the watched game as a save's document whenever it moves; the
orders that extend the game shown are played on it here (the same rules give the same
states), anything else (an undo, a load, a new game) opens it afresh.  Nobody here
decides anything: every side is the other player's or the AI's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.markup import escape
from rich.text import Text
from textual.binding import BindingType

from tui_naval.app.session import HUMAN, Session
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.saves import SaveError, game_from_document
from tui_naval.core.state import GameState
from tui_naval.tui import keys
from tui_naval.tui.screens.game import GameScreen
from tui_naval.tui.screens.lobby import served

if TYPE_CHECKING:
    from tui_naval.core.history import Game

Message = dict[str, Any]

WATCH_KEYS = keys.WATCH


class Spectator:
    """Stands in for every side of a watched game: its orders come from the document."""

    name = "spectator"

    def choose(self, state: GameState, decision: Decision) -> Order:
        raise RuntimeError("a watched game's orders come from the player's own game")


def watched_game(doc: Message) -> Game | str:
    """The game a document holds, or why it cannot be shown."""
    from tui_naval.rulesets import find_ruleset

    try:
        return game_from_document(doc, Path("the watched game"), find_ruleset)
    except SaveError as exc:
        return str(exc)


def watch_screen(message: Message) -> WatchScreen | str:
    """The screen for the server's first ``watched`` message, or why there is none."""
    game = watched_game(message.get("doc") or {})
    if isinstance(game, str):
        return game
    side = message.get("side")
    return WatchScreen(game, str(message.get("title", "a game")),
                       side if isinstance(side, str) else None, message.get("doc") or {})


class WatchScreen(GameScreen):
    """A game on screen that moves as the watched player plays it."""

    COMMAND_SET = WATCH_KEYS
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(WATCH_KEYS)
    OVER_HINT = "q goes back to the lobby"

    def __init__(self, game: Game, title: str, side: str | None, doc: Message) -> None:
        super().__init__(Session(game, dict.fromkeys(game.state.sides, HUMAN)))
        self.players = dict.fromkeys(game.state.sides, Spectator())
        self.title_text = title
        #: The side the game is seen from (its player's), so hidden orders stay hidden.
        self.side = side
        self._setup = doc.get("setup")
        self.ended = ""

    def on_mount(self) -> None:
        super().on_mount()
        served(self).listen(self)

    def on_unmount(self) -> None:
        served(self).forget(self)

    def viewer(self) -> str | None:
        return self.side

    def observed(self) -> GameState:
        """The game as its player may see it; a duel's (seen from no side) with every
        plotted order hidden."""
        seen: GameState = self.game.ruleset.observe(self.game.state, self.side or "")
        return seen

    def _advance(self) -> None:
        """Nobody here decides: say whose decision the watched game waits on."""
        state = self.game.state
        self._asked = None
        if self.ended:
            self.prompt.wait(f"[b]{escape(self.ended)}[/b]", f"[dim]{self.OVER_HINT}[/dim]")
        elif state.outcome is not None:
            self.prompt.wait(f"[b]Game over[/b]: {escape(str(state.outcome))}",
                             f"[dim]{self.OVER_HINT}[/dim]")
        else:
            decision = self.game.decision()
            who = escape(decision.side) if decision is not None else "nobody"
            self.prompt.wait(f"[b]Watching {escape(self.title_text)}[/b]",
                             f"[dim]{who} to decide · q goes back to the lobby[/dim]")
        self.set_status()

    def status_right(self) -> Text:
        return Text.assemble(("Watching ", "dim"), (self.title_text, "bold"), " ")

    def link_message(self, message: Message) -> None:
        kind = message.get("t")
        if kind == "watched" and isinstance(message.get("doc"), dict):
            self.follow(message["doc"])
        elif kind == "gone":
            self.ended = str(message.get("why", "The game has ended."))
            self._advance()

    def follow(self, doc: Message) -> None:
        """Catch up with the watched game: play the new orders, or show it afresh."""
        orders = doc.get("orders")
        have = [str(o) for o in self.game.orders]
        if (doc.get("setup") == self._setup and isinstance(orders, list)
                and [str(o) for o in orders[:len(have)]] == have):
            for text in orders[len(have):]:
                decision = self.game.decision()
                if decision is None:
                    break
                try:
                    self.play(decision.find(str(text)))
                except IllegalOrder:
                    break
            else:
                return
        game = watched_game(doc)
        if isinstance(game, str):
            self.notify(game, severity="error", markup=False)
            return
        self.app.switch_screen(WatchScreen(game, self.title_text, self.side, doc))
