"""A duel's hidden plot, end to end through the real OpenSSH client: the other player's
duel save written mid-plot holds none of it, and both players' games play on through the
plot's reveal (the referee and the messages: ``test_duel_secrecy``)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

from tests.serve.support import Server, new_player, press_until, wait_until
from tui_naval.app.session import Session, load_session
from tui_naval.core.saves import SaveError


def book(server: Server, query: str) -> list[tuple[object, ...]]:
    db = sqlite3.connect(server.data / "players.sqlite3")
    try:
        return db.execute(query).fetchall()
    finally:
        db.close()


def book_orders(server: Server) -> list[str]:
    rows = book(server, "SELECT orders FROM duels")
    return [] if not rows else [str(o) for o in json.loads(str(rows[0][0]))]


def save_path(server: Server, name: str) -> Path:
    (player,) = [i for n, i in book(server, "SELECT name, id FROM players") if n == name]
    return server.data / "players" / str(player) / "saves" / "duel-1.json"


def duel_save(server: Server, name: str) -> Session | None:
    try:
        return load_session(save_path(server, name))
    except SaveError:
        return None


async def test_a_plot_stays_hidden_from_the_other_player(server: Server) -> None:
    alice, _ = await new_player(server, "Alice")
    bob, _ = await new_player(server, "Bob")
    await alice.wait_for("Bob")
    alice.send("d")
    await alice.wait_for("Challenge whom?")
    alice.send("1")
    await alice.wait_for("which rules?")
    alice.send("1")  # Salt'n'Tar: each turn begins with a luck roll plotted by both sides
    await bob.wait_for("Alice challenges you")
    alice.mark()
    bob.mark()
    bob.send("1")
    await asyncio.gather(alice.wait_for("You: "), bob.wait_for("You: "))
    assert book_orders(server) == []
    alice.send("1")  # the challenger plots first
    await wait_until(lambda: len(book_orders(server)) == 1, server=server)
    (plot,) = book_orders(server)
    assert " luck " in plot
    await wait_until(lambda: (s := duel_save(server, "Alice")) is not None
                     and len(s.game.orders) == 1, server=server)
    bobs = duel_save(server, "Bob")
    assert bobs is not None and bobs.game.orders == ()  # loads to before Alice's plot
    assert plot not in save_path(server, "Bob").read_text()
    # Both play on: Bob plots, the step closes, and each game goes on from the reveal.
    await press_until([alice, bob], "Turn 2/")
    bobs = duel_save(server, "Bob")
    assert bobs is not None and [str(o) for o in bobs.game.orders][:1] == [plot]
    alice.close()
    bob.close()
