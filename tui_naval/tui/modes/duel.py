"""A duel over ``tui-naval serve``: this player's side at this terminal, the other
player's at theirs.

The server referees (``serve.duel``); this screen's match plays the same orders on its
own copy of the game: the player's own through the prompt (each sent to the server as it
is played), the other side's as they arrive (its seat is remote: the match plays each
order as its decision comes).  While the other side's plot is hidden, the server tells
each position instead, as this side may know it (``Match.tell``; an order given here
meanwhile waits on its word), and once the plot is revealed, the orders from the first
hidden one on (``Match.reveal``).  The game is shown as this side may know it, with a
clock on the decision the game waits for; there is no undo.
"""

from __future__ import annotations

import time
from typing import ClassVar

from rich.text import Text

from tui_naval.app.happened import Happening, Over, Played, Stopped, Wait, Waiting
from tui_naval.app.link import Message
from tui_naval.app.match import Match, Undo
from tui_naval.app.seats import HUMAN, Seat
from tui_naval.app.session import Session
from tui_naval.core.history import Game
from tui_naval.core.orders import IllegalOrder
from tui_naval.core.saves import get_converter
from tui_naval.core.scenario import Setup
from tui_naval.core.told import BadPosition, read_position
from tui_naval.rulesets import UnknownRuleset, find_ruleset
from tui_naval.tui import keys
from tui_naval.tui.modes.served import ServedMode
from tui_naval.tui.screens.lobby import served
from tui_naval.tui.screens.match import MatchScreen


class DuelMode(ServedMode):
    """One side of a duel."""

    COMMANDS: ClassVar[tuple[keys.Command, ...]] = keys.DUEL
    TAG = "duel"
    over_hint = "q goes back to the lobby; the duel is in your saves"

    def __init__(self, match: Match, side: str, names: dict[str, str], here: set[str],
                 duel_id: int = 0, waited: float = 0.0) -> None:
        """``waited``: seconds the decision the duel waits on had waited when the server
        handed it over (the clock goes on from there, as the other player's does)."""
        super().__init__(match)
        self.side = side
        self.names = names
        self.duel_id = duel_id
        #: The sides whose players are at their terminals now.
        self.here = here | {side}
        #: The sides that left since this screen opened (their return is "back").
        self._gone: set[str] = set()
        #: Orders before this index are played here already (or on their way).
        self._known = len(match.game.orders)
        #: When the decision the game waits on was first asked (for the clock).
        self._asked_at = (len(match.game.orders), time.monotonic() - max(0.0, waited))

    def mounted(self) -> None:
        super().mounted()
        self.screen.set_interval(1.0, self.screen.set_status)

    def happened(self, happening: Happening) -> None:
        played = len(self.match.game.orders)
        if self._asked_at[0] != played:
            self._asked_at = (played, time.monotonic())
        if isinstance(happening, Played):
            move = happening.move
            self._known = max(self._known, move.index + 1)
            if move.side == self.side:
                served(self.screen).send({"t": "play", "index": move.index,
                                          "order": str(move.order)})
        elif isinstance(happening, Stopped):
            self.screen.notify("The other side's orders stopped coming: back to the lobby, "
                               "and return to the duel from there.", severity="error",
                               markup=False)

    def words(self, happening: Waiting | Over) -> tuple[str, str] | None:
        if isinstance(happening, Waiting) and happening.why is Wait.NOTHING \
                and self.match.game.told_from is not None:
            return ("[b]Your order is with the server[/b]",
                    "[dim]the other side's plot stays hidden until its step closes[/dim]")
        return None

    # -- what the server says ------------------------------------------------------------
    def link_message(self, message: Message) -> None:
        kind = message.get("t")
        if kind == "order":
            try:
                self.hear(message)
            except (IllegalOrder, BadPosition, ValueError, TypeError) as exc:
                self.match.close()
                self.screen.prompt.wait("[b]The duel's news does not fit this game[/b]",
                                        "[dim]q goes back to the lobby; return to the duel "
                                        "from there[/dim]")
                self.screen.notify(str(exc), severity="error", markup=False)
        elif kind == "presence":
            self.presence(str(message.get("side")), bool(message.get("here")))
        elif kind == "rejected":
            title = "The server did not take your order"
            self.match.close()
            self.screen.prompt.wait(f"[b]{title}[/b]", "[dim]q goes back to the lobby; "
                                    "return to the duel from there[/dim]")
            self.screen.notify(str(message.get("error", "")), title=title, severity="error",
                               markup=False)

    def hear(self, message: Message) -> None:
        """The server's news of the duel: the orders from ``from`` on (the other side's
        new ones are played; a plot revealed replaces the positions told), then the
        positions after them as this side may know them (``seen``)."""
        match = self.match
        texts = message.get("orders")
        if isinstance(texts, list):
            start = int(message.get("from", -1))
            if match.game.told_from is not None:
                match.reveal(start, [str(t) for t in texts])
                self._known = len(match.game.orders)
            else:
                for index, text in enumerate(texts, start):
                    if index >= max(self._known, len(match.game.orders)):
                        self._known = index + 1
                        match.deliver(str(text))
        for data in message.get("seen") or ():
            index, order, state = read_position(data, match.ruleset)
            match.tell(index, order, state)
            self._known = max(self._known, index + 1)

    def presence(self, side: str, here: bool) -> None:
        """A player came to the duel, came back, or left it."""
        name = self.names.get(side, side)
        if here:
            if side in self._gone:
                self.screen.notify(f"{name} is back.", timeout=4, markup=False)
            elif side not in self.here:
                self.screen.notify(f"{name} joins the duel.", timeout=4, markup=False)
            self._gone.discard(side)
            self.here.add(side)
        else:
            self.here.discard(side)
            self._gone.add(side)
            self.screen.notify(f"{name} has left the duel; it waits for them to come back.",
                               timeout=6, markup=False)
        self.screen.set_status()

    # -- the status line -------------------------------------------------------------------
    def status(self) -> Text:
        """Who plays which side, whose decision it is, and for how long it has waited."""
        text = Text.assemble(("You: ", "dim"), (self.side, "bold"))
        decision = self.match.game.decision()
        if decision is None or self.match.state.outcome is not None:
            return text.append(" ")
        waited = int(time.monotonic() - self._asked_at[1])
        who = "you" if decision.side == self.side else \
            self.names.get(decision.side, decision.side)
        text.append(f"  {who} to decide ", style="dim")
        text.append(f"{waited // 60}:{waited % 60:02d}", style="bold")
        if decision.side not in self.here:
            text.append(" (away)", style="bold yellow")
        return text.append(" ")


def duel_screen(message: Message) -> MatchScreen | str:
    """The screen for the server's ``duel`` message (the game replayed to where it
    stands), or why there is none."""
    found = duel_match(message)
    if isinstance(found, str):
        return found
    match, mode = found
    return MatchScreen(match, mode)


def duel_match(message: Message) -> tuple[Match, DuelMode] | str:
    """The match and mode of the server's ``duel`` message: the orders this side may know
    played, then the positions told after them; or why there are none."""
    try:
        setup = get_converter().structure(message["setup"], Setup)
        game = Game(find_ruleset(setup.ruleset), setup)
        for text in message.get("orders", []):
            decision = game.decision()
            if decision is None:
                return "the duel's orders go on past its end"
            game.play(decision.find(str(text)))
        for data in message.get("seen", []):
            game.tell(*read_position(data, game.ruleset))
    except (KeyError, ValueError, TypeError, UnknownRuleset, IllegalOrder) as exc:
        return f"the duel cannot be shown: {exc}"
    side = str(message.get("side"))
    if side not in game.state.sides:
        return "the duel has no side for you"
    names = {str(k): str(v) for k, v in dict(message.get("names", {})).items()}
    here = {str(s) for s in message.get("here", [])}
    seats = {s: Seat.here() if s == side else Seat.remote(names.get(s, s))
             for s in game.state.sides}
    session = Session(game, {s: HUMAN if s == side else "remote" for s in game.state.sides})
    match = Match(session, seats, undo=Undo.NONE, view_side=side)
    waited = message.get("waited", 0.0)
    return match, DuelMode(match, side, names, here, int(message.get("id", 0)),
                           float(waited) if isinstance(waited, int | float) else 0.0)
