"""The lobby of a served game process (``ServedApp``) and the server's messages: every one
reaches the screen shown, and one that comes as the screen goes raises nothing."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_support import SIZE, make_config, wait_until
from textual.widgets import Static

from tui_naval.serve.app import ServedApp
from tui_naval.serve.link import ChildLink, Message
from tui_naval.tui.screens.lobby import LobbyScreen


def lobby(*names: str) -> Message:
    return {"t": "lobby", "me": names[0], "guest": False, "registered": True,
            "players": [{"name": n, "where": "in the lobby", "guest": False} for n in names],
            "watch": [], "duels": [], "continue": False, "rulesets": [], "challenge": None}


@pytest.fixture
def link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[ChildLink,
                                                                            socket.socket]]:
    """The game process's end of a link, and the server's."""
    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    ours, theirs = socket.socketpair()
    yield ChildLink(theirs), ours
    ours.close()
    theirs.close()


@pytest.fixture
def thread_failures(monkeypatch: pytest.MonkeyPatch) -> list[BaseException | None]:
    """What any thread failed with (Python would print its traceback)."""
    failures: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: failures.append(args.exc_value))
    return failures


def send(server: socket.socket, message: Message) -> None:
    server.sendall(json.dumps(message).encode() + b"\n")


def people(screen: LobbyScreen) -> str:
    return str(screen.query_one("#lobby-people", Static).render())


async def test_a_message_before_the_lobby_is_up_reaches_it(
        tmp_path: Path, link: tuple[ChildLink, socket.socket]) -> None:
    """Two players 0.3 s apart: the second's arrival reaches the first's lobby while its
    process still starts (the first screen was opened twice: the message went to the one
    under the one shown)."""
    child, server = link
    send(server, lobby("alice", "bobby"))  # (the first message is the lobby's own)
    app = ServedApp(make_config(tmp_path), child, lambda: LobbyScreen(lobby("alice")))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                         and "bobby" in people(app.screen), what="bobby listed")
        assert [type(s) for s in app.screen_stack].count(LobbyScreen) == 1


async def test_a_message_as_the_lobby_goes_raises_nothing(
        tmp_path: Path, link: tuple[ChildLink, socket.socket],
        thread_failures: list[BaseException | None],
        capsys: pytest.CaptureFixture[str]) -> None:
    """Textual takes a screen's widgets away first, the screen still attached: a lobby
    message then once failed in ``fill`` (NoMatches), and its traceback went to the
    player's terminal from the link's thread."""
    child, _server = link
    app = ServedApp(make_config(tmp_path), child, lambda: LobbyScreen(lobby("alice")))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        screen = app.screen
        await screen.query_one("#lobby-box").remove()
        await asyncio.to_thread(app._heard, lobby("alice", "bobby"))  # (as the link does)
        await pilot.pause()
    assert thread_failures == []
    assert capsys.readouterr().err == ""


async def test_a_full_lobby_names_whom_it_can_and_counts_the_rest(
        tmp_path: Path, link: tuple[ChildLink, socket.socket]) -> None:
    """Capacity: with 200 players on board the list was 201 lines, the menu pushed off
    the screen, and each arrival laid every lobby out again.  The player is named first,
    the list stops at ``PEOPLE_SHOWN`` lines, and an arrival that leaves the menu as it
    was does not rebuild it."""
    from textual.widgets import OptionList

    from tui_naval.tui.screens.lobby import PEOPLE_SHOWN

    child, server = link
    names = [f"p{n}" for n in range(200)]
    app = ServedApp(make_config(tmp_path), child, lambda: LobbyScreen(lobby("alice")))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        screen = app.screen
        menu = screen.query_one("#lobby-menu", OptionList)
        send(server, lobby("alice", *names[:150]))
        await wait_until(pilot, lambda: "151" in people(screen), what="150 more")
        first = menu.get_option_at_index(0)
        send(server, lobby("alice", *names))
        await wait_until(pilot, lambda: "201" in people(screen), what="the count")
        shown = people(screen).splitlines()
        assert shown[0] == "On board (201)" and shown[1].startswith("alice")
        assert len(shown) == PEOPLE_SHOWN + 1 and shown[-1] == "and 188 more"
        assert menu.get_option_at_index(0) is first  # (the menu as it was: kept)
        assert screen.query_one("#lobby-menu").region.y >= 0
