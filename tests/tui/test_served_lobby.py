"""The lobby of a served game process (``ServedApp``) and the server's messages: every one
reaches the screen shown, and one that comes as the screen goes raises nothing."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_support import SIZE, make_config, wait_until
from textual.pilot import Pilot
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


class Heard:
    """What the game process sent the server, read off the server's end of the link."""

    def __init__(self, server: socket.socket) -> None:
        server.setblocking(False)
        self.server = server
        self.buffer = b""
        self.messages: list[Message] = []

    def read(self) -> list[Message]:
        try:
            while chunk := self.server.recv(65536):
                self.buffer += chunk
        except BlockingIOError:
            pass
        *lines, self.buffer = self.buffer.split(b"\n")
        self.messages += [json.loads(line) for line in lines if line]
        return self.messages

    def of(self, kind: str) -> list[Message]:
        return [m for m in self.read() if m["t"] == kind]


async def test_a_registered_player_sets_her_web_password_in_a_dialog(
        tmp_path: Path, link: tuple[ChildLink, socket.socket]) -> None:
    """Issue 63: "Set a web password" (just before Quit, its key ``s``): the two typed
    differ, and the dialog says so; the same twice is sent; the server's refusal is
    shown, its yes closes the dialog; then the menu offers to change it."""
    from textual.widgets import Input, OptionList

    from tui_naval.tui.screens.lobby import PasswordDialog

    child, server = link
    heard = Heard(server)
    app = ServedApp(make_config(tmp_path), child,
                    lambda: LobbyScreen(lobby("alice") | {"web_password": False}))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        screen = app.screen
        menu = screen.query_one("#lobby-menu", OptionList)
        ids = [menu.get_option_at_index(n).id for n in range(menu.option_count)]
        assert ids[-2:] == ["password", "quit"]
        assert "Set a web password" in str(menu.get_option_at_index(len(ids) - 2).prompt)
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, PasswordDialog),
                         what="the dialog")
        dialog = app.screen
        assert isinstance(dialog, PasswordDialog)

        def note() -> str:
            return str(dialog.query_one("#password-note", Static).render())

        first = dialog.query_one("#password-input", Input)
        again = dialog.query_one("#password-again", Input)
        assert first.password and again.password
        await pilot.press(*"seasick8", "enter")
        await wait_until(pilot, lambda: again.has_focus, what="the second field")
        await pilot.press(*"seasick9", "enter")
        await wait_until(pilot, lambda: "differ" in note(), what="the mismatch")
        assert again.value == "" and first.value == "seasick8"
        assert heard.of("web_password") == []
        await pilot.press(*"seasick8", "enter")
        await wait_until(pilot, lambda: bool(heard.of("web_password")), what="the message")
        assert heard.of("web_password") == [{"t": "web_password", "password": "seasick8"}]
        send(server, {"t": "password_set", "ok": False, "error": "the server says no"})
        await wait_until(pilot, lambda: "the server says no" in note(), what="the refusal")
        assert app.screen is dialog
        await wait_until(pilot, lambda: first.has_focus, what="the first field again")
        await pilot.press("enter")
        await wait_until(pilot, lambda: again.has_focus, what="the second field")
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(heard.of("web_password")) == 2, what="again")
        send(server, {"t": "password_set", "ok": True})
        await wait_until(pilot, lambda: app.screen is screen, what="the dialog closed")
        await wait_until(pilot, lambda: any("your name alice" in str(n.message)
                                            for n in app._notifications), what="the notice")
        send(server, lobby("alice") | {"web_password": True})
        await wait_until(pilot, lambda: "Change your web password" in str(
            menu.get_option_at_index(menu.option_count - 2).prompt), what="Change")


async def open_password_dialog(pilot: Pilot[Any], app: ServedApp) -> LobbyScreen:
    """Once the lobby is up, ``s``: the web password's dialog shown over it (the lobby)."""
    from tui_naval.tui.screens.lobby import PasswordDialog

    await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
    screen = app.screen
    assert isinstance(screen, LobbyScreen)
    await pilot.press("s")
    await wait_until(pilot, lambda: isinstance(app.screen, PasswordDialog))
    return screen


async def test_escape_leaves_the_web_password_dialog_and_guests_have_none(
        tmp_path: Path, link: tuple[ChildLink, socket.socket]) -> None:
    from textual.widgets import OptionList

    child, server = link
    heard = Heard(server)
    app = ServedApp(make_config(tmp_path), child, lambda: LobbyScreen(lobby("alice")))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_password_dialog(pilot, app)
        await pilot.press(*"seasick8", "escape")
        await wait_until(pilot, lambda: app.screen is screen, what="the dialog closed")
        assert app.is_running and heard.of("web_password") == []
        send(server, lobby("guest3") | {"guest": True, "registered": False})
        menu = screen.query_one("#lobby-menu", OptionList)
        await wait_until(pilot, lambda: menu.get_option_at_index(
            menu.option_count - 2).id != "password", what="no entry for a guest")
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is screen


async def test_the_answer_that_comes_under_a_challenge_waits_for_it(
        tmp_path: Path, link: tuple[ChildLink, socket.socket]) -> None:
    """A challenge's dialog comes over the password's as the server answers: the answer
    does not close the challenge's (Textual closes the screen on top), but the password's
    once it is shown again."""
    from tui_naval.tui.screens.lobby import ChoiceDialog

    child, server = link
    heard = Heard(server)
    app = ServedApp(make_config(tmp_path), child, lambda: LobbyScreen(lobby("alice")))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_password_dialog(pilot, app)
        dialog = app.screen
        await pilot.press(*"seasick8", "enter", *"seasick8", "enter")
        await wait_until(pilot, lambda: bool(heard.of("web_password")), what="the message")
        send(server, lobby("alice", "bobby") | {"challenge": {"from": "bobby",
                                                              "title": "a duel"}})
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog),
                         what="the challenge")
        challenge = app.screen
        send(server, {"t": "password_set", "ok": True})
        await wait_until(pilot, lambda: dialog.answer is not None, what="the answer kept")
        assert app.screen is challenge
        await pilot.press("2")  # decline
        await wait_until(pilot, lambda: app.screen is screen, what="both closed")
        assert heard.of("answer") == [{"t": "answer", "accept": False}]
        await wait_until(pilot, lambda: any("your name alice" in str(n.message)
                                            for n in app._notifications), what="the notice")
