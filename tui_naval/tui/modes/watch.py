"""Watching another player's game live (``tui-naval serve``): read-only, drawn from the
game's own states.

The server hands over the watched game as a save's document whenever it moves; the
orders that extend the game shown are delivered to the match here (its seats are all
remote: the same rules give the same states), anything else (an undo, a load, a new
game) opens it afresh.  Nobody here decides anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.markup import escape
from rich.text import Text

from tui_naval.app.happened import Over, Wait, Waiting
from tui_naval.app.link import Message
from tui_naval.app.match import Match, Undo
from tui_naval.app.seats import Seat
from tui_naval.app.session import Session
from tui_naval.core.history import Game
from tui_naval.core.saves import SaveError, game_from_document
from tui_naval.rulesets import find_ruleset
from tui_naval.tui import keys
from tui_naval.tui.modes.served import ServedMode
from tui_naval.tui.screens.match import MatchScreen


def watched_game(doc: Message) -> Game | str:
    """The game a document holds, or why it cannot be shown."""
    try:
        return game_from_document(doc, Path("the watched game"), find_ruleset)
    except SaveError as exc:
        return str(exc)


class WatchMode(ServedMode):
    """A game that moves as the watched player plays it."""

    COMMANDS: ClassVar[tuple[keys.Command, ...]] = keys.WATCH
    TAG = "watch"
    over_hint = "q goes back to the lobby"

    def __init__(self, match: Match, title: str, doc: Message) -> None:
        super().__init__(match)
        self.title_text = title
        self._setup = doc.get("setup")
        #: Why the watched game is no longer there ("" while it is).
        self.ended = ""

    def status(self) -> Text:
        return Text.assemble(("Watching ", "dim"), (self.title_text, "bold"), " ")

    def words(self, happening: Waiting | Over) -> tuple[str, str] | None:
        if self.ended:
            return f"[b]{escape(self.ended)}[/b]", f"[dim]{self.over_hint}[/dim]"
        if isinstance(happening, Over):
            return None
        who = escape(happening.side) if happening.side else "nobody"
        return (f"[b]Watching {escape(self.title_text)}[/b]",
                f"[dim]{who} to decide · q goes back to the lobby[/dim]")

    def link_message(self, message: Message) -> None:
        """What the server says: the watched game has moved, or is gone."""
        kind = message.get("t")
        if kind == "watched" and isinstance(message.get("doc"), dict):
            self.follow(message["doc"])
        elif kind == "gone":
            self.ended = str(message.get("why", "The game has ended."))
            self.screen.prompt.wait(*self.words(Waiting(Wait.NOTHING)) or ("", ""))

    def follow(self, doc: Message) -> None:
        """Catch up with the watched game: play its new orders, or show it afresh."""
        orders = doc.get("orders")
        game = self.match.game
        have = [str(o) for o in game.orders]
        if (doc.get("setup") == self._setup and isinstance(orders, list)
                and [str(o) for o in orders[:len(have)]] == have):
            for text in orders[len(have):]:
                played = len(game.orders)
                if game.decision() is None:
                    break
                self.match.deliver(str(text))
                if len(game.orders) == played:
                    break  # (it did not fit)
            else:
                return
        found = watched_game(doc)
        if isinstance(found, str):
            self.screen.notify(found, severity="error", markup=False)
            return
        self.screen.app.switch_screen(watch_screen_of(found, self.title_text,
                                                      self.match.view_side, doc))


def watch_screen_of(game: Game, title: str, side: str | None, doc: Message) -> MatchScreen:
    """The match of a watched game: every seat remote, seen as its player sees it (a
    duel's, seen from no side, with every plotted order hidden)."""
    seats = {s: Seat.remote(s) for s in game.state.sides}
    match = Match(Session(game, {s: "remote" for s in game.state.sides}), seats,
                  undo=Undo.NONE, view_side=side or "")
    return MatchScreen(match, WatchMode(match, title, doc))


def watch_screen(message: Message) -> MatchScreen | str:
    """The screen for the server's first ``watched`` message, or why there is none."""
    doc = message.get("doc") or {}
    game = watched_game(doc)
    if isinstance(game, str):
        return game
    side = message.get("side")
    return watch_screen_of(game, str(message.get("title", "a game")),
                           side if isinstance(side, str) else None, doc)
