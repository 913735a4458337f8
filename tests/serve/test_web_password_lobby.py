"""Issue 63 item 2, the SSH half: a player known by her key sets (or changes) her web
password from the lobby (``web_password``, answered ``password_set``); the hashing is done
off the event loop (``Lobby.work``), never on the book's thread."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tui_naval.serve import lobby as lobby_module
from tui_naval.serve.link import Message
from tui_naval.serve.lobby import Lobby, Seat, in_thread
from tui_naval.serve.passwords import SHORTEST
from tui_naval.serve.players import Book

PASSWORD = "correct horse battery"


class FakeLink:
    """A process's link as the lobby sees it: what it was sent."""

    def __init__(self) -> None:
        self.sent: list[Message] = []

    def send(self, message: Message) -> None:
        self.sent.append(message)

    def answers(self) -> list[Message]:
        return [m for m in self.sent if m["t"] == "password_set"]

    def lobbies(self) -> list[Message]:
        return [m for m in self.sent if m["t"] == "lobby"]


@pytest.fixture
def book(tmp_path: Path) -> Iterator[Book]:
    book = Book(tmp_path / "data")
    yield book
    book.close()


def seated(lobby: Lobby, seat: Seat) -> FakeLink:
    """``seat`` joined, its lobby process started (as the server does): its link."""
    link = FakeLink()
    seat.link = link  # type: ignore[assignment]
    lobby.join(seat)
    link.send(lobby.opened(seat))
    return link


def registered(book: Book, tmp_path: Path, number: int, name: str) -> Seat:
    return Seat(number, "127.0.0.1", name, book.register(name, f"fp-{name}", "key"), False,
                tmp_path / name)


def test_a_registered_player_sets_a_web_password_and_can_log_in_with_it(
        book: Book, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False)
    seat = registered(book, tmp_path, 1, "alice")
    link = seated(lobby, seat)
    assert link.lobbies()[-1]["web_password"] is False
    assert book.password_login("alice", PASSWORD) is None
    with caplog.at_level(logging.INFO, logger="tui_naval.serve"):
        lobby.handle(seat, {"t": "web_password", "password": PASSWORD})
    assert link.answers() == [{"t": "password_set", "ok": True}]
    player = book.password_login("alice", PASSWORD)
    assert player is not None and player.name == "alice"
    assert book.password_login("alice", PASSWORD + "!") is None
    assert link.lobbies()[-1]["web_password"] is True  # her menu now says "Change"
    assert lobby.lobby_message(seat)["web_password"] is True
    assert "alice set a web password" in caplog.text
    assert PASSWORD not in caplog.text


def test_a_password_changed_replaces_the_old_one(book: Book, tmp_path: Path) -> None:
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False)
    seat = registered(book, tmp_path, 1, "alice")
    link = seated(lobby, seat)
    lobby.handle(seat, {"t": "web_password", "password": PASSWORD})
    lobby.handle(seat, {"t": "web_password", "password": "another one, longer"})
    assert [a["ok"] for a in link.answers()] == [True, True]
    assert book.password_login("alice", PASSWORD) is None
    assert book.password_login("alice", "another one, longer") is not None


def test_the_lobby_message_says_whether_a_password_was_set_before(
        book: Book, tmp_path: Path) -> None:
    """A player who set one in an earlier session: her lobby offers to change it."""
    alice = book.register("alice", "fp-alice", "key")
    book.set_password(alice.id, PASSWORD)
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False)
    link = seated(lobby, Seat(1, "127.0.0.1", "alice", alice, False, tmp_path / "alice"))
    assert link.lobbies()[-1]["web_password"] is True


@pytest.mark.parametrize("who", ["guest", "new key"])
def test_a_guest_or_a_key_with_no_name_cannot_set_one(book: Book, tmp_path: Path,
                                                      who: str) -> None:
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False)
    seat = Seat(1, "127.0.0.1", "guest1", None, True, tmp_path / "g") if who == "guest" \
        else Seat(1, "127.0.0.1", None, None, False, tmp_path / "k", key=("fp-new", "key"))
    link = seated(lobby, seat)
    assert lobby.lobby_message(seat)["web_password"] is False
    lobby.handle(seat, {"t": "web_password", "password": PASSWORD})
    [answer] = link.answers()
    assert answer["ok"] is False and "registered player" in answer["error"]
    assert book.db.execute("SELECT COUNT(*) FROM passwords").fetchone() == (0,)
    assert lobby.lobby_message(seat)["web_password"] is False


@pytest.mark.parametrize("password", ["short", "x" * 129, "tab\there!", 12345678, None])
def test_a_password_that_cannot_be_set_is_refused_with_the_reason(
        book: Book, tmp_path: Path, password: Any) -> None:
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False)
    seat = registered(book, tmp_path, 1, "alice")
    link = seated(lobby, seat)
    message: Message = {"t": "web_password"}
    if password is not None:
        message["password"] = password
    lobby.handle(seat, message)
    [answer] = link.answers()
    assert answer["ok"] is False
    reason = {"short": f"at least {SHORTEST} characters", "x" * 129: "at most",
              "tab\there!": "no control characters"}.get(password,
                                                         f"at least {SHORTEST} characters")
    assert reason in answer["error"]
    assert not book.has_password(seat.player.id)  # type: ignore[union-attr]
    assert link.lobbies()[-1]["web_password"] is False


def real_thread(blocking: Callable[[], Any], done: Callable[[Any], None]) -> None:
    """A ``work`` that runs ``blocking`` in a thread of its own, as the server does (the
    book's SQLite connection refuses any thread but the one that opened it)."""
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(blocking()))
    thread.start()
    thread.join()
    assert result, "the work failed in its thread"
    done(result[0])


def test_the_hashing_in_a_thread_leaves_the_book_to_its_own_thread(
        book: Book, tmp_path: Path) -> None:
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False, work=real_thread)
    seat = registered(book, tmp_path, 1, "alice")
    link = seated(lobby, seat)
    lobby.handle(seat, {"t": "web_password", "password": PASSWORD})
    assert link.answers() == [{"t": "password_set", "ok": True}]
    assert book.password_login("alice", PASSWORD) is not None


class Deferred:
    """A ``work`` whose jobs wait until the test runs them."""

    def __init__(self) -> None:
        self.jobs: list[Callable[[], None]] = []

    def __call__(self, blocking: Callable[[], Any], done: Callable[[Any], None]) -> None:
        self.jobs.append(lambda: done(blocking()))

    def run(self) -> None:
        while self.jobs:
            self.jobs.pop(0)()


def test_the_answer_waits_for_the_work_and_one_password_at_a_time(
        book: Book, tmp_path: Path) -> None:
    work = Deferred()
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False, work=work)
    seat = registered(book, tmp_path, 1, "alice")
    link = seated(lobby, seat)
    lobby.handle(seat, {"t": "web_password", "password": PASSWORD})
    assert link.answers() == [] and len(work.jobs) == 1
    lobby.handle(seat, {"t": "web_password", "password": "a second one at once"})
    assert len(work.jobs) == 1
    assert [a["ok"] for a in link.answers()] == [False]
    work.run()
    assert [a["ok"] for a in link.answers()] == [False, True]
    assert book.password_login("alice", PASSWORD) is not None
    lobby.handle(seat, {"t": "web_password", "password": "a second one, later"})
    work.run()
    assert [a["ok"] for a in link.answers()] == [False, True, True]


@pytest.mark.parametrize("then", ["left the server", "went to play"])
def test_a_seat_gone_before_its_password_is_hashed_is_sent_nothing(
        book: Book, tmp_path: Path, then: str) -> None:
    """The password is still kept (she asked for it), but the process that asked has
    gone: the answer is not sent to the next one (a game, which expects none)."""
    work = Deferred()
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False, work=work)
    seat = registered(book, tmp_path, 1, "alice")
    link = seated(lobby, seat)
    lobby.handle(seat, {"t": "web_password", "password": PASSWORD})
    lobby.closed(seat)
    next_link = FakeLink()
    if then == "left the server":
        lobby.part(seat)
    else:
        seat.mode, seat.link = "play", next_link  # type: ignore[assignment]
        lobby.opened(seat)
    work.run()
    assert link.answers() == [] and next_link.sent == []
    assert book.password_login("alice", PASSWORD) is not None


def test_her_other_lobbies_are_told_she_has_one_now(book: Book, tmp_path: Path) -> None:
    """Alice at two terminals (the same key): the lobby at the other says "Change"."""
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False)
    alice = registered(book, tmp_path, 1, "alice")
    other = Seat(2, "127.0.0.1", "alice", alice.player, False, tmp_path / "alice")
    bobby = registered(book, tmp_path, 3, "bobby")
    links = [seated(lobby, seat) for seat in (alice, other, bobby)]
    for link in links:
        assert link.lobbies()[-1]["web_password"] is False
    lobby.handle(alice, {"t": "web_password", "password": PASSWORD})
    assert [link.lobbies()[-1]["web_password"] for link in links] == [True, True, False]
    assert links[1].answers() == []  # (only the process that asked is answered)


async def test_in_thread_hashes_away_from_the_event_loop(
        book: Book, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The helper the server passes (``work=in_thread(loop)``): the hash is made in
    another thread, the answer sent from the loop's."""
    threads: list[int] = []
    real_hash = lobby_module.hash_password

    def hash_password(password: str) -> str:
        threads.append(threading.get_ident())
        return real_hash(password)

    monkeypatch.setattr(lobby_module, "hash_password", hash_password)
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False,
                  work=in_thread(asyncio.get_running_loop()))
    seat = registered(book, tmp_path, 1, "alice")
    link = seated(lobby, seat)
    sent_from: list[int] = []
    send = link.send

    def noting(message: Message) -> None:
        sent_from.append(threading.get_ident())
        send(message)

    link.send = noting  # type: ignore[method-assign]
    lobby.handle(seat, {"t": "web_password", "password": PASSWORD})
    assert link.answers() == []  # (not at once: the hashing is in its thread)
    for _ in range(500):
        if link.answers():
            break
        await asyncio.sleep(0.01)
    assert link.answers() == [{"t": "password_set", "ok": True}]
    assert threads and threads[0] != threading.get_ident()
    assert set(sent_from) == {threading.get_ident()}
    assert book.password_login("alice", PASSWORD) is not None
