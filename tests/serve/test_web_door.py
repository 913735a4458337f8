"""The web door of ``tui-naval serve --web``: logins (a web password, a guest), their
cookie and limits, the refusals of other sites' forms and sockets, and a game played over
the page's WebSocket (``serve.web.play``), hostile messages and all."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from tests.serve.support import TIMEOUT, Display
from tui_naval.serve.host import Host, ServeConfig
from tui_naval.serve.limits import Limits, Tally
from tui_naval.serve.lobby import Lobby
from tui_naval.serve.players import Book
from tui_naval.serve.web import logins as logins_module
from tui_naval.serve.web.connections import GuardedProtocol
from tui_naval.serve.web.door import TERMINAL_POLICY, Door
from tui_naval.serve.web.logins import COOKIE, ERRORS
from tui_naval.serve.web.play import MAX_MESSAGE
from tui_naval.serve.web.site import Site

PASSWORD = "correct horse battery"


def host_of(data: Path, guests: bool = True, limits: Limits | None = None) -> Host:
    book = Book(data)
    config = ServeConfig(data, guests=guests, limits=limits or Limits(),
                         python=sys.executable, web_port=0)
    return Host.make(config, book, Lobby(book, data))


async def client_of(host: Host) -> TestClient:
    site = Site(host.config.data, lambda: [], 2222, door=Door(host))
    client = TestClient(TestServer(site.application()))
    await client.start_server()
    return client


@contextlib.asynccontextmanager
async def door_of(data: Path, guests: bool = True,
                  limits: Limits | None = None) -> AsyncIterator[tuple[TestClient, Host]]:
    """A web door on a test server, and its host; every game ended at the end."""
    host = host_of(data, guests, limits)
    client = await client_of(host)
    try:
        yield client, host
    finally:
        await host.shut_down()
        await client.close()
        host.book.close()


@pytest.fixture
async def door(tmp_path: Path) -> AsyncIterator[tuple[TestClient, Host]]:
    async with door_of(tmp_path, limits=Limits(logins=1000)) as (client, host):
        ann = host.book.register("Ann", "SHA256:ann", "ssh-ed25519 AAAA ann")
        host.book.set_password(ann.id, PASSWORD)
        host.book.register("Bob", "SHA256:bob", "ssh-ed25519 AAAA bob")  # (no web password)
        yield client, host


def origin(client: TestClient) -> dict[str, str]:
    return {"Origin": f"http://{client.host}:{client.port}"}


async def log_in(client: TestClient, name: str, password: str) -> aiohttp.ClientResponse:
    return await client.post("/login", data={"name": name, "password": password},
                             headers=origin(client), allow_redirects=False)


async def test_a_login_sets_an_httponly_samesite_cookie_and_opens_the_terminal_page(
        door: tuple[TestClient, Host]) -> None:
    client, _host = door
    response = await log_in(client, "Ann", PASSWORD)
    assert response.status == 303 and response.headers["Location"] == "/play"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie
    assert "SameSite=Strict" in cookie and "Path=/" in cookie
    page = await client.get("/play")
    assert page.status == 200
    assert page.headers["Content-Security-Policy"] == TERMINAL_POLICY
    text = await page.text()
    assert 'data-session-websocket-url="/play/socket"' in text
    assert "Logged in as <b>Ann</b>" in await (await client.get("/")).text()


async def test_a_failed_login_never_says_whether_the_name_exists(
        door: tuple[TestClient, Host]) -> None:
    client, _host = door
    answers = [await log_in(client, name, password) for name, password in
               (("Ann", "wrong password"), ("Bob", PASSWORD), ("Nobody", PASSWORD))]
    assert {a.headers["Location"] for a in answers} == {"/?error=wrong"}
    assert all("Set-Cookie" not in a.headers for a in answers)
    front = await (await client.get("/?error=wrong")).text()
    assert ERRORS["wrong"] in front
    assert "&lt;" not in await (await client.get("/?error=<b>x</b>")).text()  # (no echo)
    assert (await client.get("/play", allow_redirects=False)).status == 303  # (not in)


async def test_password_tries_for_one_name_are_limited_from_anywhere(
        door: tuple[TestClient, Host]) -> None:
    client, _host = door
    for _ in range(logins_module.PER_NAME):
        assert (await log_in(client, "Ann", "not it at all")).headers["Location"] == \
            "/?error=wrong"
    # Her right password now waits too; another name does not.
    assert (await log_in(client, "Ann", PASSWORD)).headers["Location"] == "/?error=slow"
    assert (await log_in(client, "Nobody", "whatever it is")).headers["Location"] == \
        "/?error=wrong"


async def test_logins_from_one_address_meet_the_servers_rate_of_logins(
        tmp_path: Path) -> None:
    async with door_of(tmp_path, limits=Limits(logins=2)) as (client, _host):
        places = []
        for _ in range(3):
            response = await client.post("/guest", headers=origin(client),
                                         allow_redirects=False)
            places.append(response.headers["Location"])
        assert places == ["/play", "/play", "/?error=slow"]


async def test_other_sites_forms_and_sockets_are_refused(
        door: tuple[TestClient, Host]) -> None:
    client, _host = door
    elsewhere = {"Origin": "https://evil.example"}
    response = await client.post("/login", data={"name": "Ann", "password": PASSWORD},
                                 headers=elsewhere, allow_redirects=False)
    assert response.status == 403 and "Set-Cookie" not in response.headers
    assert (await client.post("/guest", headers={"Origin": "null"})).status == 403
    await log_in(client, "Ann", PASSWORD)
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect("/play/socket", headers=elsewhere)
    assert refused.value.status == 403


async def test_a_page_elsewhere_pointed_at_this_machine_cannot_play_as_a_guest(
        door: tuple[TestClient, Host]) -> None:
    """DNS rebinding: evil.example's page, its name pointed at 127.0.0.1, is the same site
    as its own to the browser (its Origin and Host agree): over the loopback a name that
    is not this machine's is refused, no guest let in, no socket opened."""
    client, host = door
    evil = f"evil.example:{client.port}"
    rebound = {"Host": evil, "Origin": f"http://{evil}"}
    response = await client.post("/guest", headers=rebound, allow_redirects=False)
    assert response.status == 421 and "Set-Cookie" not in response.headers
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect("/play/socket", headers=rebound)
    assert refused.value.status == 421
    assert not host.sessions
    response = await client.post("/guest", headers=origin(client), allow_redirects=False)
    assert response.headers["Location"] == "/play"  # (this machine's own name: let in)


async def test_no_socket_without_a_login_and_no_guests_where_none_are_let_in(
        tmp_path: Path) -> None:
    async with door_of(tmp_path, guests=False) as (client, _host):
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await client.ws_connect("/play/socket", headers=origin(client))
        response = await client.post("/guest", headers=origin(client), allow_redirects=False)
        assert response.headers["Location"] == "/?error=guests"
        front = await (await client.get("/")).text()
        assert 'action="/guest"' not in front and 'action="/login"' in front
        assert (await client.get("/watch/x1")).status == 404
        assert (await client.get("/static/../../etc/passwd")).status == 404
        assert (await client.get("/static/textual.js")).status == 200


async def test_logging_out_ends_the_login_and_a_guests_folder_goes(
        door: tuple[TestClient, Host]) -> None:
    client, host = door
    await client.post("/guest", headers=origin(client), allow_redirects=False)
    guests = list((host.config.data / "guests").iterdir())
    assert len(guests) == 1 and (guests[0] / "saves").is_dir()
    response = await client.post("/logout", headers=origin(client), allow_redirects=False)
    assert response.status == 303 and f"{COOKIE}=" in response.headers["Set-Cookie"]
    assert not guests[0].exists()
    assert (await client.get("/play", allow_redirects=False)).status == 303


class Tab:
    """A browser tab's side of the page's WebSocket: xterm.js's messages, and a screen."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.display = Display((100, 30))

    async def wait_for(self, text: str, timeout: float = TIMEOUT) -> str:
        async def shown() -> str:
            while text not in self.display.text():
                message = await self.socket.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.display.feed(message.data)
                elif message.type != aiohttp.WSMsgType.TEXT:
                    raise AssertionError(f"closed before {text!r}: {self.display.text()}")
            return self.display.text()
        return await asyncio.wait_for(shown(), timeout)

    async def send(self, *message: object) -> None:
        await self.socket.send_str(json.dumps(list(message)))


async def test_a_guest_plays_over_the_pages_socket_and_hostile_messages_change_nothing(
        door: tuple[TestClient, Host]) -> None:
    client, host = door
    await client.post("/guest", headers=origin(client), allow_redirects=False)
    socket = await client.ws_connect("/play/socket?width=100&height=30",
                                     headers=origin(client))
    tab = Tab(socket)
    await tab.wait_for("Welcome aboard")
    assert host.count.total == 1
    for garbage in ("not json", "{}", "[]", '["resize", {"width": 99999999, "height": -4}]',
                    '["stdin", 7]', '["nothing"]', '["resize", "wide"]'):
        await socket.send_str(garbage)
    await socket.send_bytes(b"\x00\xff binary from the browser")
    await tab.send("ping", "12345")
    await tab.send("stdin", "p")
    await tab.wait_for("New game")
    await socket.close()
    await asyncio.wait_for(_until(lambda: host.count.total == 0), TIMEOUT)


async def test_a_message_over_the_limit_ends_the_socket(
        door: tuple[TestClient, Host]) -> None:
    client, host = door
    socket = (await guest_tab(client)).socket
    await socket.send_str(json.dumps(["stdin", "x" * MAX_MESSAGE]))
    while (await asyncio.wait_for(socket.receive(), TIMEOUT)).type in (
            aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
        pass
    await asyncio.wait_for(_until(lambda: host.count.total == 0), TIMEOUT)


async def test_browser_sessions_count_against_the_servers_limits(tmp_path: Path) -> None:
    async with door_of(tmp_path, limits=Limits(per_address=1, logins=100)) as (client, host):
        first = await guest_tab(client)
        second = Tab(await client.ws_connect("/play/socket", headers=origin(client)))
        await second.wait_for("1 games at once from one address is the limit here")
        assert (await asyncio.wait_for(second.socket.receive(), TIMEOUT)).type in (
            aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
        assert host.count.total == 1
        await first.socket.close()


async def guest_tab(client: TestClient) -> Tab:
    """A guest let in at the front page, her tab's socket open and the lobby shown."""
    await client.post("/guest", headers=origin(client), allow_redirects=False)
    tab = Tab(await client.ws_connect("/play/socket", headers=origin(client)))
    await tab.wait_for("Welcome aboard")
    return tab


async def _until(check: object) -> None:
    assert callable(check)
    while not check():
        await asyncio.sleep(0.05)


def test_a_socket_leaves_the_pages_count_and_time_to_live() -> None:
    """A page's connection is counted (8 an address) and closed after 20 s; once it has
    become a game's WebSocket it is neither (the game's session is counted instead)."""

    class Transport(asyncio.Transport):
        aborted = False

        def get_extra_info(self, name: str, default: object = None) -> object:
            return ("10.0.0.7", 5555)

        def abort(self) -> None:
            self.aborted = True

    class Inner:
        def connection_made(self, transport: object) -> None: ...

        def connection_lost(self, exc: object) -> None: ...

    async def run() -> None:
        tally = Tally(4, 2)
        protocol = GuardedProtocol(Inner(), tally, 0.05)
        transport = Transport()
        protocol.connection_made(transport)
        assert tally.total == 1
        protocol.release()
        assert tally.total == 0
        await asyncio.sleep(0.1)
        assert not transport.aborted  # (its time to live no longer runs)
        protocol.connection_lost(None)
        assert tally.total == 0  # (not taken off twice)

    asyncio.run(run())


async def test_one_account_two_doors_a_key_players_web_password_set_over_ssh(
        tmp_path: Path) -> None:
    """A player known by her SSH key sets a web password in the SSH lobby (``s``), then
    logs in at the web door with her name and it: the same player, her lobby."""
    from tests.serve.support import Server, new_player

    server = Server(tmp_path, "--web", "0")
    try:
        term, _key = await new_player(server, "Ann")
        term.mark()
        term.send("s")
        await term.wait_for("again")
        await term.quiet()
        term.send("a fine web password\r")
        await term.quiet()
        term.send("a fine web password\r")
        await term.wait_for("Web password set")
        term.close()
        port = int(server.web_address().rstrip("/").rsplit(":", 1)[1])
        jar = aiohttp.CookieJar(unsafe=True)
        web_origin = {"Origin": f"http://127.0.0.1:{port}"}
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}", cookie_jar=jar) as web:
            wrong = await web.post("/login", data={"name": "Ann", "password": "not it, no"},
                                   headers=web_origin, allow_redirects=False)
            assert wrong.headers["Location"] == "/?error=wrong"
            right = await web.post("/login", data={"name": "Ann",
                                                   "password": "a fine web password"},
                                   headers=web_origin, allow_redirects=False)
            assert right.headers["Location"] == "/play"
            tab = Tab(await web.ws_connect("/play/socket?width=100&height=30",
                                           headers=web_origin))
            # (her own lobby: she has one; the menu may be drawn after the welcome)
            screen = await tab.wait_for("Change your web password")
            assert "Welcome aboard, Ann" in screen
            await tab.socket.close()
    finally:
        server.stop()


async def test_a_browser_session_with_no_key_for_the_idle_timeout_is_ended_and_told(
        tmp_path: Path) -> None:
    async with door_of(tmp_path, limits=Limits(idle_timeout=1.0, logins=100)) as (client, host):
        idle = asyncio.create_task(host.close_idle())
        try:
            tab = await guest_tab(client)
            await tab.wait_for("no key for 0.0166667 minutes: your game was saved")
            await asyncio.wait_for(_until(lambda: host.count.total == 0), TIMEOUT)
        finally:
            idle.cancel()


async def test_a_browser_player_duels_an_ssh_player(tmp_path: Path) -> None:
    """The browser's lobby is the SSH lobby: Alice, over SSH, challenges Bob, in a
    browser tab; he accepts there, and both are in the same duel, each on a side."""
    from tests.serve.support import Server, new_player

    book = Book(tmp_path)
    bob = book.register("Bob", "SHA256:bobkey", "ssh-ed25519 AAAAC3 bob")
    book.set_password(bob.id, PASSWORD)
    book.close()
    server = Server(tmp_path, "--web", "0")
    try:
        alice, _key = await new_player(server, "Alice")
        port = int(server.web_address().rstrip("/").rsplit(":", 1)[1])
        web_origin = {"Origin": f"http://127.0.0.1:{port}"}
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}",
                                         cookie_jar=aiohttp.CookieJar(unsafe=True)) as web:
            await web.post("/login", data={"name": "Bob", "password": PASSWORD},
                           headers=web_origin)
            tab = Tab(await web.ws_connect("/play/socket?width=100&height=30",
                                           headers=web_origin))
            await tab.wait_for("Welcome aboard, Bob")
            await alice.wait_for("Bob")
            alice.send("d")
            await alice.wait_for("Challenge whom?")
            alice.send("1")
            await alice.wait_for("which rules?")
            alice.send("1")
            await tab.wait_for("Alice challenges you")
            alice.mark()
            await tab.send("stdin", "1")  # accept
            await asyncio.gather(alice.wait_for("You: blue"), tab.wait_for("You: red"))
            await tab.socket.close()
        alice.close()
    finally:
        server.stop()


async def test_logging_out_ends_the_logins_games_and_saves_them(
        door: tuple[TestClient, Host]) -> None:
    client, host = door
    await log_in(client, "Ann", PASSWORD)
    tab = Tab(await client.ws_connect("/play/socket", headers=origin(client)))
    await tab.wait_for("Welcome aboard, Ann")
    await client.post("/logout", headers=origin(client), allow_redirects=False)
    await tab.wait_for("you have logged out: your game was saved")
    await asyncio.wait_for(_until(lambda: host.count.total == 0), TIMEOUT)


async def test_a_socket_asked_for_without_an_upgrade_is_refused(
        door: tuple[TestClient, Host]) -> None:
    client, host = door
    await client.post("/guest", headers=origin(client), allow_redirects=False)
    response = await client.get("/play/socket", headers=origin(client))
    assert response.status == 400 and host.count.total == 0


async def test_a_browser_that_does_not_read_stops_the_games_output_being_read(
        tmp_path: Path) -> None:
    """Output waits for a slow tab; past ``BACKLOG`` bytes not yet sent the game's output
    is no longer read (its pty fills, and the game waits), until the tab has caught up."""
    from tui_naval.serve.web import play as play_module

    class Socket:
        closed = False

        def __init__(self) -> None:
            self.sent: list[bytes] = []
            self.go = asyncio.Event()

        async def send_bytes(self, data: bytes) -> None:
            await self.go.wait()  # (a browser that does not read, until told)
            self.sent.append(data)

    class Child:
        def __init__(self) -> None:
            self.reading = True

        def pause_reading(self) -> None:
            self.reading = False

        def resume_reading(self) -> None:
            self.reading = True

    host = host_of(tmp_path)
    socket = Socket()
    session = play_module.WebSession(host, "10.0.0.1", "10.0.0.1", socket,  # type: ignore[arg-type]
                                     None)
    session.child = child = Child()  # type: ignore[assignment]
    pump = asyncio.create_task(session.pump())
    piece = b"x" * 4096
    for _ in range(play_module.BACKLOG // len(piece)):
        session.send(piece)
    assert child.reading  # (at the backlog, not past it)
    session.send(piece)
    assert not child.reading
    socket.go.set()
    await asyncio.wait_for(_until(lambda: child.reading), TIMEOUT)
    assert sum(map(len, socket.sent)) == play_module.BACKLOG + len(piece)
    pump.cancel()
    host.book.close()


async def test_a_server_told_to_stop_saves_and_ends_its_browser_games(tmp_path: Path) -> None:
    """SIGTERM: every game stops (each autosaves), a browser tab is told why, and the
    server ends cleanly, as with SSH players."""
    from tests.serve.support import Server

    server = Server(tmp_path, "--web", "0", "--guests")
    stopped = False
    try:
        address = server.web_address()
        async with aiohttp.ClientSession(address,
                                         cookie_jar=aiohttp.CookieJar(unsafe=True)) as web:
            web_origin = {"Origin": address.rstrip("/")}
            await web.post("/guest", headers=web_origin)
            tab = Tab(await web.ws_connect("/play/socket?width=100&height=30",
                                           headers=web_origin))
            await tab.wait_for("Welcome aboard")
            await tab.send("stdin", "p")
            await tab.wait_for("New game")
            code = await asyncio.to_thread(server.stop)
            stopped = True
            assert code == 0
            await tab.wait_for("the server is shutting down: your game was saved")
        assert not list((tmp_path / "guests").iterdir())  # (the guest's folder is gone)
    finally:
        if not stopped:
            server.stop()
