"""A duel: two players in one battle, each at their own terminal, kept by the server.

The server holds the game and is its referee: an order counts only from the player
whose side must decide, at the game's current point.  Nothing hidden leaves it.  Each
player's game process plays the same orders on its own copy (the game is deterministic:
the same setup and orders give the same states) and shows it as that side may see it
(``observe``); it is told the other side's orders as they are played, except those
still held in a plot (``Game.held``): while one is, the process is told each position
as its side may know it instead (``core.told``: the state observed, the held orders
``Order(ship, HIDDEN)``), and the orders themselves once the plot's step closes, when
it plays them by the rules again.  After every order the duel is written whole to the
book, and, as a normal save, to each player's saves folder up to the first order hidden
from that player (``Game.revealed``); watchers are handed the game up to the first order
hidden from anyone.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from tui_naval.app.seats import HUMAN
from tui_naval.app.session import Session, save_session
from tui_naval.core.history import Game
from tui_naval.core.orders import IllegalOrder
from tui_naval.core.saves import SaveError, get_converter, to_document
from tui_naval.core.scenario import Setup
from tui_naval.core.told import position, seen_order
from tui_naval.serve.players import Book, DuelRecord

Message = dict[str, Any]


class DuelError(ValueError):
    """A duel that cannot be set up or an order that does not count; one line."""


def duel_rulesets() -> list[tuple[str, str]]:
    """The rulesets a duel may be fought in: (id, title), as the registry lists them."""
    from tui_naval.rulesets import registry

    return [(info.id, info.title) for info in registry()]


def new_setup(ruleset: str, seed: int | None = None) -> Setup:
    """A two-sided game of ``ruleset`` on its default map (DuelError if there is none)."""
    from tui_naval.app.setup import SetupError, new_game
    from tui_naval.rulesets import UnknownRuleset

    try:
        game = new_game(ruleset, None, random.randrange(1, 1_000_000) if seed is None
                        else seed, None)
    except (SetupError, UnknownRuleset, ValueError) as exc:
        raise DuelError(str(exc)) from None
    if len(game.state.sides) != 2:
        raise DuelError(f"{game.ruleset.title}'s map has {len(game.state.sides)} sides; "
                        "a duel needs two")
    return game.setup


class Duel:
    """A duel's game, its seats (side -> player id), and where its saves go."""

    def __init__(self, record: DuelRecord, names: Mapping[str, str],
                 folders: Mapping[str, Path], clock: Callable[[], float] = time.monotonic
                 ) -> None:
        from tui_naval.rulesets import find_ruleset

        self.clock = clock
        #: When the decision the duel waits on was first asked (here: since it was
        #: opened, for a duel read from the book).
        self.since = clock()

        self.id = record.id
        self.seats = dict(record.seats)
        #: Each side's player's name.
        self.names = dict(names)
        #: Each side's player's saves folder.
        self.folders = dict(folders)
        setup = get_converter().structure(dict(record.setup), Setup)
        self.game = Game(find_ruleset(setup.ruleset), setup)
        for text in record.orders:
            decision = self.game.decision()
            if decision is None:
                break
            self.game.play(decision.find(text))
        #: For each side whose game process has opened the duel: how many of the orders
        #: it has been told (by their text, then as positions).
        self._known: dict[str, int] = {}
        self._told: dict[str, int] = {}

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.seats)

    @property
    def over(self) -> bool:
        return self.game.state.outcome is not None

    def side_of(self, player_id: int) -> str | None:
        return next((s for s, p in self.seats.items() if p == player_id), None)

    def title(self) -> str:
        a, b = self.sides
        return f"{self.names[a]} vs {self.names[b]}: {self.game.ruleset.title}"

    def start_message(self, side: str) -> Message:
        """What a player's game process is handed as it opens the duel: the orders it may
        know, and the positions after them as it may know them."""
        known = len(self.game.revealed(side).orders)
        self._known[side], self._told[side] = known, len(self.game.orders)
        return {"t": "duel", "id": self.id, "side": side, "names": self.names,
                "setup": get_converter().unstructure(self.game.setup),
                "orders": [str(o) for o in self.game.orders[:known]],
                "seen": self._positions(side, known),
                "waited": round(self.clock() - self.since, 1)}

    def news(self, side: str) -> Message | None:
        """What ``side``'s game process has not been told yet (None: nothing): the orders
        it may know now from ``from`` on (a plot revealed: the positions it was told
        instead go), then the positions after them as it may know them (``seen``)."""
        if side not in self._known:
            return None
        known, told = self._known[side], self._told[side]
        revealed = len(self.game.revealed(side).orders)
        message: Message = {"t": "order"}
        if revealed > known:
            message["from"] = known
            message["orders"] = [str(o) for o in self.game.orders[known:revealed]]
        if max(told, revealed) < len(self.game.orders):
            message["seen"] = self._positions(side, max(told, revealed))
        self._known[side], self._told[side] = revealed, len(self.game.orders)
        return message if len(message) > 1 else None

    def _positions(self, side: str, start: int) -> list[Message]:
        """The positions after the orders from ``start`` on, as ``side`` may know them."""
        held = set(self.game.held())
        states, orders = self.game.states(), self.game.orders
        out = []
        for index in range(start, len(orders)):
            order = seen_order(orders[index], self.game.side_of(index), side, index in held)
            after = states[index + 1]
            out.append(position(index, order, after, self.game.ruleset.decision(after), side))
        return out

    def waiting_on(self) -> str | None:
        """The side whose decision the game waits on (None once it is over)."""
        decision = self.game.decision()
        return decision.side if decision is not None and not self.over else None

    def play(self, side: str, index: int, text: str) -> None:
        """Play ``side``'s order given at ``index`` (the number of orders before it);
        DuelError if it does not count.  Each player is told of it by ``news``."""
        if self.over:
            raise DuelError("the duel is over")
        if index != len(self.game.orders):
            raise DuelError(f"order {index} is not the next one ({len(self.game.orders)})")
        decision = self.game.decision()
        if decision is None or decision.side != side:
            raise DuelError(f"it is not {side}'s decision")
        try:
            order = decision.find(text)
        except IllegalOrder as exc:
            raise DuelError(str(exc)) from None
        self.game.play(order)
        self.since = self.clock()

    def document(self) -> Message:
        """The duel as a save's document, up to its first order hidden from anyone (for
        watchers)."""
        doc: Message = to_document(self.game.revealed())
        doc["seats"] = dict.fromkeys(self.sides, HUMAN)
        return doc

    def keep(self, book: Book) -> str | None:
        """Write the duel to the book, whole, and to each player's saves folder as far as
        that player may know it; what failed."""
        book.save_duel(self.id, tuple(str(o) for o in self.game.orders), self.over)
        seats = dict.fromkeys(self.sides, HUMAN)
        for side, folder in self.folders.items():
            try:
                folder.mkdir(parents=True, exist_ok=True)
                save_session(Session(self.game.revealed(side), seats),
                             folder / f"duel-{self.id}.json")
            except (SaveError, OSError) as exc:
                return str(exc)
        return None
