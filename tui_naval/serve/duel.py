"""A duel: two players in one battle, each at their own terminal, kept by the server.

The server holds the game and is its referee: an order counts only from the player
whose side must decide, at the game's current point.  Each player's game process plays
the same orders on its own copy (the game is deterministic: the same setup and orders
give the same states), shows it as that side may see it (``observe``), and hears of the
other side's orders as they are played.  After every order the duel is written to the
book and, as a normal save both can load, to each player's saves folder.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tui_naval.app.seats import HUMAN
from tui_naval.app.session import Session, save_session
from tui_naval.core.history import Game
from tui_naval.core.orders import IllegalOrder
from tui_naval.core.saves import SaveError, get_converter, to_document
from tui_naval.core.scenario import Setup
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
                 folders: Mapping[str, Path]) -> None:
        from tui_naval.rulesets import find_ruleset

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
        """What a player's game process is handed as it opens the duel."""
        return {"t": "duel", "id": self.id, "side": side, "names": self.names,
                "setup": get_converter().unstructure(self.game.setup),
                "orders": [str(o) for o in self.game.orders]}

    def waiting_on(self) -> str | None:
        """The side whose decision the game waits on (None once it is over)."""
        decision = self.game.decision()
        return decision.side if decision is not None and not self.over else None

    def play(self, side: str, index: int, text: str) -> Message:
        """Play ``side``'s order given at ``index`` (the number of orders before it);
        the message that tells both players.  DuelError if it does not count."""
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
        return {"t": "order", "index": index, "order": str(order), "by": side}

    def document(self) -> Message:
        """The duel as a save's document (for watchers)."""
        doc: Message = to_document(self.game)
        doc["seats"] = dict.fromkeys(self.sides, HUMAN)
        return doc

    def keep(self, book: Book) -> str | None:
        """Write the duel to the book and to each player's saves folder; what failed."""
        book.save_duel(self.id, tuple(str(o) for o in self.game.orders), self.over)
        session = Session(self.game, dict.fromkeys(self.sides, HUMAN))
        for folder in self.folders.values():
            try:
                folder.mkdir(parents=True, exist_ok=True)
                save_session(session, folder / f"duel-{self.id}.json")
            except (SaveError, OSError) as exc:
                return str(exc)
        return None
