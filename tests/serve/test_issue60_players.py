"""What a player meets at the server (issue 60): no traceback on the terminal as players
come and go, every arrival listed, keys typed across a hand-over kept, the data folder
private, no code folder written to, no lookalike names."""

from __future__ import annotations

import asyncio
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.serve.support import Server, Terminal, game_processes, new_player
from tui_naval.serve.link import Message
from tui_naval.serve.lobby import Lobby, Seat
from tui_naval.serve.players import BadName, Book, skeleton
from tui_naval.serve.private import keep_private


class FakeLink:
    """A process's link as the lobby sees it: what it was sent."""

    def __init__(self) -> None:
        self.sent: list[Message] = []

    def send(self, message: Message) -> None:
        self.sent.append(message)


def listed(message: Message) -> set[str]:
    return {p["name"] for p in message["players"]}


def test_two_seats_in_quick_succession_list_each_other(tmp_path: Path) -> None:
    """As the server starts them: each seat joins, then its process is started and
    handed ``opened``; the second may come before the first's process is up."""
    book = Book(tmp_path)
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False)
    links = {}
    seats = [Seat(n, "127.0.0.1", name, book.register(name, f"k{n}", "key"), False,
                  tmp_path / name) for n, name in ((1, "alice"), (2, "bobby"))]
    for seat in seats:  # (joined before their processes are started)
        lobby.join(seat)
    for seat in seats:
        links[seat.name] = FakeLink()
        seat.link = links[seat.name]  # type: ignore[assignment]
        links[seat.name].send(lobby.opened(seat))
    assert listed(links["alice"].sent[-1]) == listed(links["bobby"].sent[-1]) \
        == {"alice", "bobby"}
    book.close()


async def test_two_players_logging_in_list_each_other(server: Server) -> None:
    """Two players 0.3 s apart: the first lists the second (it never did, 6 of 6)."""
    alice, alice_key = await new_player(server, "Quick1")
    bobby, bobby_key = await new_player(server, "Quick2")
    alice.close()
    bobby.close()
    for _ in range(2):
        first = await Terminal.open(server, alice_key)
        await asyncio.sleep(0.3)
        second = await Terminal.open(server, bobby_key)
        await second.wait_for("Quick1  in the lobby")
        await first.wait_for("Quick2  in the lobby")
        first.close()
        second.close()
        await first.closed()
        await second.closed()


async def test_lobby_play_quit_loops_show_no_traceback(server: Server) -> None:
    """Players going lobby -> Play -> q -> lobby in a loop, each trip telling the others'
    lobbies: their terminals show no traceback, during or after."""
    players = [await new_player(server, f"Looper{n}") for n in range(3)]

    async def trips(term: Terminal) -> None:
        for _ in range(4):
            term.send("p")
            await term.wait_for("New game")
            term.mark()
            term.send("q")
            await term.wait_for("Welcome aboard")
            term.mark()

    terms = [term for term, _key in players]
    for term in terms:
        term.mark()
    await asyncio.gather(*(trips(term) for term in terms))
    for term in terms:
        term.send("q")  # quit the lobby: the session ends
        await term.closed()
    for term in terms:
        everything = term.session.out.decode(errors="replace") + \
            term.session.err.decode(errors="replace")
        for bad in ("Traceback", "Exception in thread", "File \"", "Error"):
            assert bad not in everything, everything[-2000:]


async def test_keys_typed_as_the_lobby_hands_over_are_kept(server: Server) -> None:
    """``pn`` typed at once: the title screen, then the new game's form (the ``n`` went
    to the lobby's process as it ended)."""
    term, _key = await new_player(server, "Typist")
    term.mark()
    term.send("pn")
    await term.wait_for("Start")  # the new game's form
    term.close()


def test_the_data_folder_is_private(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "players" / "1" / "saves").mkdir(parents=True)
    data.chmod(0o755)
    old = data / "players.sqlite3"
    old.write_text("")
    old.chmod(0o644)
    (data / "players" / "1" / "saves" / "autosave.json").write_text("{}")
    keep_private(data)
    for path in [data, *data.rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o700 if path.is_dir() else 0o600), (path, oct(mode))
    new = data / "crashes"
    new.mkdir()
    (new / "crash.log").write_text("x")  # (the umask: written from now on)
    assert stat.S_IMODE(new.stat().st_mode) == 0o700
    assert stat.S_IMODE((new / "crash.log").stat().st_mode) == 0o600


async def test_a_served_data_folder_is_private_and_no_code_is_compiled(
        server: Server) -> None:
    """Once players have come and played: nothing in the data folder for others, and no
    ``.pyc`` written beside the code by the game processes."""
    term, _key = await new_player(server, "Private")
    for pid in game_processes(server):
        environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        assert b"PYTHONDONTWRITEBYTECODE=1" in environ
    term.close()
    await term.closed()
    data = server.data
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    for path in data.rglob("*"):
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o700 if path.is_dir() else 0o600), (path, oct(mode))


@pytest.mark.parametrize(("taken", "lookalike"), [
    ("alice", "aIice"), ("alice", "a1ice"), ("Bob", "B0B"), ("modern", "modem"),
    ("sea_dog", "sea-dog"), ("alice", "ALICE")])
def test_a_lookalike_name_is_refused(tmp_path: Path, taken: str, lookalike: str) -> None:
    book = Book(tmp_path)
    book.register(taken, "k1", "key1")
    with pytest.raises(BadName, match="taken"):
        book.register(lookalike, "k2", "key2")
    assert book.register("carol", "k3", "key3").name == "carol"
    book.close()


def test_the_skeleton_keeps_different_names_apart() -> None:
    assert skeleton("alice") != skeleton("alica")
    assert skeleton("Tom") != skeleton("Tim")


def test_lobby_updates_close_together_go_out_once_and_only_when_changed(
        tmp_path: Path) -> None:
    """Capacity: a hundred players arriving redrew every lobby a hundred times.  With the
    server's ``later``, the joins and leaves of the next moment go out as one update, and
    a lobby is sent nothing that would not change what it shows."""
    book = Book(tmp_path)
    waiting: list[object] = []
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False,
                  later=lambda delay, callback: waiting.append(callback))
    first = Seat(1, "127.0.0.1", "alice", book.register("alice", "k1", "key"), False,
                 tmp_path / "alice")
    link = FakeLink()
    first.link = link  # type: ignore[assignment]
    lobby.join(first)
    link.send(lobby.opened(first))
    assert len(link.sent) == 1
    others = []
    for n in range(2, 12):  # ten more arrive, their processes started at once
        seat = Seat(n, "127.0.0.1", f"p{n}", None, True, tmp_path / f"p{n}")
        seat.link = FakeLink()  # type: ignore[assignment]
        lobby.join(seat)
        seat.link.send(lobby.opened(seat))  # type: ignore[union-attr]
        others.append(seat)
    assert len(link.sent) == 1 and len(waiting) == 1  # one update waits for all ten
    waiting.pop()()  # its moment comes
    assert len(link.sent) == 2 and len(listed(link.sent[-1])) == 11
    lobby.broadcast()
    waiting.pop()()
    assert len(link.sent) == 2  # nothing changed: nothing sent
    lobby.part(others[0])
    waiting.pop()()
    assert len(link.sent) == 3 and "p2" not in listed(link.sent[-1])
    book.close()


def test_a_full_lobby_waits_longer_between_updates(tmp_path: Path) -> None:
    """Capacity: every update redraws every lobby, so with many lobbies open the updates
    wait longer (``PER_LOBBY`` each): 200 players arriving over 200 s redrew 100 lobbies
    on each arrival, and the server's two cores were spent on it (lobby p95 70 s)."""
    from tui_naval.serve.lobby import COALESCE, PER_LOBBY

    book = Book(tmp_path)
    waiting: list[tuple[float, Callable[[], None]]] = []
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False,
                  later=lambda delay, callback: waiting.append((delay, callback)))
    delays = []
    for n in range(1, 101):
        seat = Seat(n, "127.0.0.1", f"p{n}", None, True, tmp_path / f"p{n}")
        seat.link = FakeLink()  # type: ignore[assignment]
        lobby.join(seat)
        lobby.opened(seat)
        delay, flush = waiting.pop()  # (each arrival's update goes out before the next)
        if n in (2, 100):
            delays.append(delay)
        flush()
    assert delays == [COALESCE, 100 * PER_LOBBY]
    assert delays[1] > COALESCE
    book.close()
