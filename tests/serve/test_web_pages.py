"""``tui-naval serve --web PORT``: the public pages (the hall of fame, the morgue files,
the live games), their escaping, and the hostile requests they refuse."""

from __future__ import annotations

import asyncio
import os
import re
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from unittest import mock

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request

from tests.serve.support import Server
from tui_naval.serve.web import site as site_module
from tui_naval.serve.web.pages import LiveGame
from tui_naval.serve.web.site import HEADERS, Site, loopback
from tui_naval.voyage.hall import Entry, Hall

NOW = datetime(2026, 12, 2, 15, 0, tzinfo=UTC)
HOSTILE = "<script>alert('x')</script>&\""


def voyage(data: Path, name: str, score: int, morgue: str = "", daily: str = "",
           ruleset: str = "salt-n-tar", cause: str = "lost with all hands") -> Entry:
    entry = Entry(name, 7, ruleset, 3, 1, score, cause, "2026-12-02", daily, False, "{}",
                  morgue)
    Hall(data / "hall.sqlite3").add(entry)
    return entry


def morgue_file(data: Path, name: str, text: str = "Captain's morgue\n") -> Path:
    folder = data / "morgue"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


async def client_of(data: Path, live: list[LiveGame] | None = None,
                    names: tuple[str, ...] = ()) -> TestClient:
    site = Site(data, lambda: live or [], 2222, clock=lambda: NOW, names=names)
    client = TestClient(TestServer(site.application()))
    await client.start_server()
    return client


async def test_the_hall_ranks_voyages_escapes_them_and_links_their_morgues(
        tmp_path: Path) -> None:
    kept = morgue_file(tmp_path, "Ann-2026-12-02-7.txt")
    voyage(tmp_path, "Ann", 120, str(kept))
    voyage(tmp_path, HOSTILE, 300, cause=HOSTILE)
    voyage(tmp_path, "Elsewhere", 50, "/etc/passwd")  # (a morgue not in the folder)
    client = await client_of(tmp_path)
    try:
        response = await client.get("/hall")
        assert response.status == 200
        assert response.headers["Content-Security-Policy"] == \
            HEADERS["Content-Security-Policy"]
        assert response.headers["Server"] == "tui-naval"
        page = await response.text()
    finally:
        await client.close()
    assert "<script>" not in page and "&lt;script&gt;" in page
    rows = re.findall(r"<tr><td class=\"n\">(\d+)</td><td>(.*?)</td>", page)
    names = [name for _, name in rows]
    assert names[0].startswith("&lt;script") and names[1:] == ["Ann", "Elsewhere"]
    assert page.count('href="/morgue/') == 1
    assert 'href="/morgue/Ann-2026-12-02-7.txt"' in page


async def test_the_daily_board_and_a_rulesets_board(tmp_path: Path) -> None:
    voyage(tmp_path, "Daily", 10, daily="2026-12-02")
    voyage(tmp_path, "Other", 20, ruleset="kyngesreach")
    client = await client_of(tmp_path)
    try:
        today = await (await client.get("/hall?daily=today")).text()
        other = await (await client.get("/hall?ruleset=kyngesreach")).text()
        refused = [(await client.get(f"/hall?{q}")).status
                   for q in ("daily=yesterday", "daily=2026-12-02%27", "ruleset=../x")]
    finally:
        await client.close()
    assert "Daily voyage of 2026-12-02" in today and ">Daily<" in today
    assert ">Other<" not in today
    assert ">Other<" in other and ">Daily<" not in other
    assert refused == [400, 400, 400]


async def test_a_morgue_file_is_served_as_text_and_nothing_else_is(tmp_path: Path) -> None:
    morgue_file(tmp_path, "Ann-2026-12-02-7.txt", "Ann's voyage <b>\n")
    (tmp_path / "players.sqlite3").write_text("secret")
    morgue_file(tmp_path, "secret.txt")
    os.symlink(tmp_path / "players.sqlite3", tmp_path / "morgue" / "link.txt")
    client = await client_of(tmp_path)
    try:
        response = await client.get("/morgue/Ann-2026-12-02-7.txt")
        assert response.status == 200
        assert response.content_type == "text/plain"
        assert await response.text() == "Ann's voyage <b>\n"
        statuses = [(await client.get(path)).status for path in (
            "/morgue/..%2Fplayers.sqlite3", "/morgue/%2E%2E%2Fplayers.sqlite3",
            "/morgue/../players.sqlite3", "/morgue/link.txt", "/morgue/nothing.txt",
            "/morgue/.txt.", "/players.sqlite3")]
    finally:
        await client.close()
    assert statuses == [404] * 7


async def test_live_games_are_listed_escaped(tmp_path: Path) -> None:
    client = await client_of(tmp_path, [LiveGame("s1", "ann: Salt'n'Tar, channel-race"),
                                        LiveGame("s2", HOSTILE)])
    try:
        page = await (await client.get("/live")).text()
        empty = await client_of(tmp_path)
        none = await (await empty.get("/live")).text()
        await empty.close()
    finally:
        await client.close()
    assert "ann: Salt&#x27;n&#x27;Tar, channel-race" in page and "<script>" not in page
    assert "No game is being played" in none


async def test_one_address_asking_too_often_is_told_to_wait(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site_module, "REQUESTS_PER_MINUTE", 4)
    client = await client_of(tmp_path)
    try:
        posted = (await client.post("/hall", data="x")).status  # (only the door's forms)
        statuses = [(await client.get("/")).status for _ in range(5)]
    finally:
        await client.close()
    assert posted == 405
    assert statuses == [200, 200, 200, 429, 429]


async def test_a_hall_that_cannot_be_read_says_so_in_a_line(tmp_path: Path) -> None:
    (tmp_path / "hall.sqlite3").write_text("not a database")
    client = await client_of(tmp_path)
    try:
        response = await client.get("/hall")
        page = await response.text()
    finally:
        await client.close()
    assert response.status == 200 and "cannot be read just now" in page
    assert str(tmp_path) not in page and "sqlite3" not in page  # (no server path shown)
    assert (tmp_path / "hall.sqlite3").read_text() == "not a database"


def test_serve_web_serves_the_pages_beside_ssh(tmp_path: Path) -> None:
    """The real command: ``--web 0`` says where the pages are; they are there."""
    kept = morgue_file(tmp_path, "Ann-2026-12-02-7.txt")
    voyage(tmp_path, "Ann", 120, str(kept))
    server = Server(tmp_path, "--web", "0")
    try:
        address = server.web_address()
        with urllib.request.urlopen(address + "hall", timeout=10) as response:
            page = response.read().decode()
        assert ">Ann<" in page
        with urllib.request.urlopen(address + "morgue/Ann-2026-12-02-7.txt",
                                    timeout=10) as response:
            assert response.read().decode() == "Captain's morgue\n"
    finally:
        assert server.stop() == 0


async def test_silent_connections_are_capped_and_closed_and_keep_no_one_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 60's lock-out, at the web door: connections that never finish a request were
    held for ever (20 silent ones still open after 80 s), and enough of them would have
    used up the open files the SSH logins share.  Now one address may hold
    ``MOST_PER_ADDRESS``, the port ``MOST``, each for ``LIFETIME`` seconds; another
    address still gets its page."""
    from tui_naval.serve.web import connections
    from tui_naval.serve.web.site import listen

    monkeypatch.setattr(connections, "MOST_PER_ADDRESS", 3)
    monkeypatch.setattr(connections, "LIFETIME", 600.0)
    site = Site(tmp_path, lambda: [], 2222, clock=lambda: NOW)
    listening = await listen(site, "127.0.0.1", 0)
    try:
        silent = [await asyncio.open_connection("127.0.0.1", listening.port)
                  for _ in range(5)]
        over = [await ended(reader, 10.0) for reader, _ in silent[3:]]
        assert over == [True, True]  # over the cap: closed as accepted
        assert [await ended(r, 0.05) for r, _ in silent[:3]] == [False] * 3  # still held
        reader, writer = await asyncio.open_connection("127.0.0.1", listening.port,
                                                       local_addr=("127.0.0.2", 0))
        writer.write(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        answer = await asyncio.wait_for(reader.read(), 10)
        assert answer.startswith(b"HTTP/1.1 200")  # another address is served meanwhile
        monkeypatch.setattr(connections, "LIFETIME", 0.2)  # (for connections from now)
        for _, w in silent:
            w.close()
        for _ in range(100):  # (the server sees them go)
            reader, _writer = await asyncio.open_connection("127.0.0.1", listening.port)
            if not await ended(reader, 0.05):
                break
        assert await ended(reader, 10.0)  # its time is up: closed though it said nothing
    finally:
        await listening.close()


async def ended(reader: asyncio.StreamReader, within: float) -> bool:
    """Whether the server closes the connection within ``within`` seconds."""
    try:
        return await asyncio.wait_for(reader.read(1), within) == b""
    except TimeoutError:
        return False
    except ConnectionError:
        return True


async def test_garbage_and_huge_requests_are_refused_and_the_port_goes_on(
        tmp_path: Path) -> None:
    from tui_naval.serve.web.site import listen

    site = Site(tmp_path, lambda: [], 2222, clock=lambda: NOW)
    listening = await listen(site, "127.0.0.1", 0)
    try:
        for request in (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(256)),
                        b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n\r\n",
                        b"GET / HTTP/1.1\r\nX: " + b"b" * 100_000 + b"\r\n\r\n",
                        b"BREW /hall HTTP/1.1\r\nHost: localhost\r\n\r\n"):
            reader, writer = await asyncio.open_connection("127.0.0.1", listening.port)
            writer.write(request)
            answer = await asyncio.wait_for(reader.read(), 10)
            assert answer == b"" or re.match(rb"HTTP/1\.[01] (400|405|413|414|431)", answer), \
                answer[:80]
            writer.close()
        reader, writer = await asyncio.open_connection("127.0.0.1", listening.port)
        writer.write(b"GET /hall HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        assert (await asyncio.wait_for(reader.read(), 10)).startswith(b"HTTP/1.1 200")
    finally:
        await listening.close()


async def test_the_front_page_names_the_host_the_visitor_used(tmp_path: Path) -> None:
    client = await client_of(tmp_path, names=("naval.example",))
    try:
        page = await (await client.get("/", headers={"Host": "naval.example:8080"})).text()
    finally:
        await client.close()
    hostile = await Site(tmp_path, lambda: [], 2222).front(request_to("203.0.113.5", "<b>x"))
    assert "ssh -p 2222 naval.example" in page
    assert isinstance(hostile, web.Response) and hostile.text is not None
    assert "<b>x" not in hostile.text


def request_to(address: str, host: str) -> web.Request:
    """A GET of ``/`` that came to this machine's ``address``, asking for ``host``."""
    transport = mock.Mock()
    transport.get_extra_info.side_effect = \
        lambda name, default=None: (address, 8080) if name == "sockname" else default
    return make_mocked_request("GET", "/", headers={"Host": host}, transport=transport)


async def test_over_the_loopback_only_this_machines_names_are_served(tmp_path: Path) -> None:
    """A page elsewhere whose name is pointed at 127.0.0.1 (DNS rebinding) gets nothing;
    localhost, a loopback address and a name given with --web-name are served."""
    client = await client_of(tmp_path, names=("naval.example",))
    try:
        statuses = {host: (await client.get("/hall", headers={"Host": host})).status
                    for host in ("evil.example:8080", "EVIL.example", "127.0.0.1.evil.example",
                                 "localhost:8080", "game.localhost", "127.0.0.1:8080",
                                 "127.0.0.2", "[::1]:8080", "Naval.Example.:8080")}
        refused = await client.get("/live", headers={"Host": "evil.example"})
        said = await refused.text()
    finally:
        await client.close()
    assert statuses == {"evil.example:8080": 421, "EVIL.example": 421,
                        "127.0.0.1.evil.example": 421, "localhost:8080": 200,
                        "game.localhost": 200, "127.0.0.1:8080": 200, "127.0.0.2": 200,
                        "[::1]:8080": 200, "Naval.Example.:8080": 200}
    assert said == "this server is not known by that name\n"
    assert refused.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]


async def test_from_elsewhere_any_name_is_served_unless_the_server_is_told_its_names(
        tmp_path: Path) -> None:
    site = Site(tmp_path, lambda: [], 2222)
    assert not site.rebound(request_to("203.0.113.5", "evil.example"))  # (a public server)
    assert not site.rebound(request_to("2001:db8::5", "evil.example"))
    assert site.rebound(request_to("127.0.0.1", "evil.example"))
    assert site.rebound(request_to("::1", "evil.example"))
    assert site.rebound(request_to("::ffff:127.0.0.1", "evil.example"))
    assert not site.rebound(request_to("::ffff:127.0.0.1", "localhost"))
    named = Site(tmp_path, lambda: [], 2222, names=("naval.example",))  # (--web-name)
    assert [named.rebound(request_to("203.0.113.5", host))
            for host in ("evil.example", "naval.example:8080", "203.0.113.5:8080",
                         "[2001:db8::5]:8080", "localhost", "")] == \
        [True, False, False, False, True, True]
    assert [named.rebound(request_to("127.0.0.1", host))
            for host in ("evil.example", "naval.example", "localhost", "127.0.0.1")] == \
        [True, False, False, False]
    for unreadable in ("[::1]x", "localhost:99999", "[v1.x]"):  # (no name: refused here)
        assert site.rebound(request_to("127.0.0.1", unreadable))
    page = await site.front(request_to("203.0.113.5", "[::1]x"))  # (and named as 127.0.0.1)
    assert isinstance(page, web.Response) and "ssh -p 2222 127.0.0.1" in (page.text or "")
    assert [loopback(a) for a in ("127.9.9.9", "::1", "::ffff:127.0.0.1", "fe80::1%lo",
                                  "10.0.0.1", "localhost", "")] == \
        [True, True, True, False, False, False, False]


def test_a_web_port_in_use_is_one_line_and_status_2(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
        done = subprocess.run(
            [sys.executable, "-m", "tui_naval.cli.serve", "--port", "0", "--web",
             str(taken.getsockname()[1]), "--data", str(tmp_path)],
            capture_output=True, text=True, timeout=60, env=env)
    finally:
        taken.close()
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("tui-naval: error: cannot listen on 127.0.0.1:") and \
        "for the web pages" in last
    assert "Traceback" not in done.stderr
