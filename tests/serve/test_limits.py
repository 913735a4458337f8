"""Limits as OpenSSH keeps them: connections not yet logged in capped in all and per
address (closed as they are accepted), the login grace time, connections with no session
closed, logged-in connections counted, the file descriptors they need, and failures
logged once a second."""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import os
import resource
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest

from tests.serve.support import TIMEOUT, Server, Terminal, connect, ssh_command
from tui_naval.cli.serve import add as add_serve
from tui_naval.cli.serve import config_from
from tui_naval.serve.host import Host, ServeConfig
from tui_naval.serve.limits import (
    RESERVED_DESCRIPTORS,
    Limits,
    Tally,
    Throttle,
    source,
)
from tui_naval.serve.lobby import Lobby
from tui_naval.serve.players import Book
from tui_naval.serve.server import key_exchanges


def test_tally_counts_in_all_and_by_address() -> None:
    tally = Tally(cap=3, per_address=2)
    tally.open("a")
    tally.open("a")
    assert tally.full("a") and not tally.full("b")
    tally.open("b")
    assert tally.full("c") and tally.full_in_all()
    tally.close("a")
    assert not tally.full("a") and tally.total == 2
    tally.close("c")  # never opened: nothing changes
    assert tally.total == 2


def test_an_ipv6_host_counts_as_its_64() -> None:
    assert source("2001:db8:1:2:a::1") == source("2001:db8:1:2:b::2") == "2001:db8:1:2::/64"
    assert source("2001:db8:1:3::1") != source("2001:db8:1:2::1")
    assert source("::ffff:192.0.2.1") == source("192.0.2.1") == "192.0.2.1"


def test_throttle_says_a_kind_once_a_second() -> None:
    now = [0.0]
    throttle = Throttle(1.0, clock=lambda: now[0])
    assert throttle.allow("emfile") == 0
    assert [throttle.allow("emfile") for _ in range(5)] == [None] * 5
    assert throttle.allow("enospc") == 0  # each kind on its own
    now[0] = 0.99
    assert throttle.allow("emfile") is None
    now[0] = 1.0
    assert throttle.allow("emfile") == 6  # with how many went unsaid


def test_limits_fit_the_file_descriptors() -> None:
    limits = Limits(sessions=500, startups=200, startups_per_address=300)
    fitted = limits.fitted(1024)
    assert fitted.descriptors() <= 1024
    assert fitted.sessions < 500 and fitted.startups_per_address < fitted.startups
    roomy = Limits()
    assert roomy.fitted(roomy.descriptors()) == roomy
    assert Limits().fitted(RESERVED_DESCRIPTORS + 16).descriptors() <= RESERVED_DESCRIPTORS + 16


def test_out_of_descriptors_is_logged_once_a_second(tmp_path: Path,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    """asyncio's accept loop tells the loop's exception handler when accept() finds no
    file descriptor: a thousand times in a second make one line, without a traceback."""
    now = [0.0]
    book = Book(tmp_path)
    host = Host.make(ServeConfig(tmp_path), book, Lobby(book, tmp_path))
    host.throttle = Throttle(clock=lambda: now[0])
    context = {"message": "socket.accept() out of system resource",
               "exception": OSError(errno.EMFILE, "Too many open files")}
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.INFO, logger="tui_naval.serve"):
            for _ in range(1000):
                host.loop_exception(loop, context)
            now[0] = 1.0
            host.loop_exception(loop, context)
    finally:
        loop.close()
        book.close()
    lines = [record.getMessage() for record in caplog.records]
    assert lines == ["socket.accept() out of system resource: Too many open files",
                     "socket.accept() out of system resource: Too many open files "
                     "(and 999 more like it)"]
    assert not any(record.exc_info for record in caplog.records)


#: Run in a process of its own (it uses up its file descriptors): asyncio's accept loop
#: meeting EMFILE, with the server's exception handler and a clock that stands still.
OUT_OF_FILES = """
import asyncio, logging, os, resource, socket, sys
from pathlib import Path
from tui_naval.serve.limits import Throttle
from tui_naval.serve.lobby import Lobby
from tui_naval.serve.players import Book
from tui_naval.serve.host import Host, ServeConfig

records = []
class Keep(logging.Handler):
    def emit(self, record):
        records.append(record)
logging.getLogger("tui_naval.serve").addHandler(Keep())
logging.getLogger("tui_naval.serve").setLevel(logging.INFO)

async def main():
    data = Path(sys.argv[1])
    book = Book(data)
    host = Host.make(ServeConfig(data), book, Lobby(book, data))
    host.throttle = Throttle(clock=lambda: 0.0)
    calls = []
    def handler(loop, context):
        calls.append(context)
        host.loop_exception(loop, context)
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(handler)
    server = await loop.create_server(asyncio.Protocol, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(5)]
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    spent = []
    try:
        while True:
            spent.append(os.open(os.devnull, os.O_RDONLY))
    except OSError:
        pass
    for _ in range(200):
        if len(calls) >= 2:
            break
        await asyncio.sleep(0.05)
    for fd in spent:
        os.close(fd)
    print(len(calls), len(records), sum(bool(r.exc_info) for r in records))
    print(records[0].getMessage() if records else "")

asyncio.run(main())
"""


def test_accept_out_of_files_is_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    result = subprocess.run([sys.executable, "-c", OUT_OF_FILES, str(tmp_path)],
                            capture_output=True, text=True, timeout=TIMEOUT, env=env)
    counts, line = result.stdout.splitlines()
    calls, records, tracebacks = map(int, counts.split())
    assert calls >= 2  # asyncio tried accept() more than once (it does a hundred at a time)
    assert (records, tracebacks) == (1, 0)
    assert line == "socket.accept() out of system resource: Too many open files"


def test_curve25519_first_for_dropbears_guess() -> None:
    """dbclient sends its key exchange before it has the server's list, guessing that the
    server lists its first (curve25519-sha256) first; see ``key_exchanges``."""
    algs = key_exchanges()
    assert algs[0] == "curve25519-sha256" and algs.count("curve25519-sha256") == 1
    assert not any(alg.startswith("sntrup") for alg in algs)
    asyncssh.SSHServerConnectionOptions(kex_algs=algs)  # every name is one asyncssh has


def silent(address: str, port: int) -> socket.socket:
    """A TCP connection from ``address`` that never says a word."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.settimeout(TIMEOUT)
    sock.connect(("127.0.0.1", port))
    return sock


def banner(sock: socket.socket) -> bytes:
    """What the server says first: its version line, or b"" when it has closed."""
    try:
        return sock.recv(256)
    except ConnectionResetError:
        return b""


async def test_silent_connections_over_the_cap_are_closed_at_once(tmp_path: Path) -> None:
    server = Server(tmp_path, "--max-startups", "6", "--max-startups-per-address", "3",
                    "--logins-per-minute", "1000")
    held: list[socket.socket] = []
    try:
        held = [silent("127.0.0.1", server.port) for _ in range(3)]
        assert all(banner(sock).startswith(b"SSH-2.0-") for sock in held)
        extra = [silent("127.0.0.1", server.port) for _ in range(20)]
        assert [banner(sock) for sock in extra] == [b""] * 20  # closed before a word
        for sock in extra:
            sock.close()
        # Another address logs in meanwhile.
        conn = await connect(server, asyncssh.generate_private_key("ssh-ed25519"),
                             local_addr=("127.0.0.2", 0))
        result = await conn.run("ls")
        assert "no commands here" in str(result.stderr)
        conn.close()
        # A silent connection that goes makes room for one more.
        held.pop().close()
        again = silent("127.0.0.1", server.port)
        held.append(again)
        assert banner(again).startswith(b"SSH-2.0-")
        # Three more from a third address fill the six in all: a fourth address waits.
        held += [silent("127.0.0.3", server.port) for _ in range(3)]
        assert all(banner(sock).startswith(b"SSH-2.0-") for sock in held[-3:])
        with silent("127.0.0.4", server.port) as fourth:
            assert banner(fourth) == b""
        assert server.process.poll() is None
    finally:
        for sock in held:
            sock.close()
        server.stop()
    # The refusals were said once a second at most: twenty in a moment make one line (the
    # twenty-first, a while later, may make a second, which counts the rest).
    refusals = [line for line in server.lines if "closing new connections" in line]
    assert len(refusals) in (1, 2)
    assert all(line.endswith("(and 19 more like it)") for line in refusals[1:])


async def test_login_grace_and_unused_connections(tmp_path: Path) -> None:
    server = Server(tmp_path, "--login-grace", "1", "--unused-timeout", "1",
                    "--max-per-address", "1", "--logins-per-minute", "1000")
    try:
        quiet = silent("127.0.0.1", server.port)
        assert banner(quiet).startswith(b"SSH-2.0-")
        await asyncio.to_thread(quiet.recv, 256)  # returns once the server closes it
        quiet.close()
        # Logged in, no session (ssh -N): closed after the unused timeout.
        conn = await connect(server, asyncssh.generate_private_key("ssh-ed25519"))
        await asyncio.wait_for(conn.wait_closed(), TIMEOUT)
        if shutil.which("ssh") is not None:
            key = tmp_path / "id_ed25519"
            key.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
            key.chmod(0o600)
            with socket.socket() as probe:  # a free port for -D
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
            forward = await asyncio.to_thread(
                subprocess.run, ssh_command(server, key, "-N", "-D", f"127.0.0.1:{port}",
                                            "127.0.0.1"),
                capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
            assert forward.returncode == 255  # closed by the server
    finally:
        server.stop()


async def test_logged_in_connections_are_counted(tmp_path: Path) -> None:
    # --max-per-address 1: two logged-in connections from one address, then no more.
    server = Server(tmp_path, "--max-per-address", "1", "--logins-per-minute", "1000")
    opened: list[asyncssh.SSHClientConnection] = []
    try:
        for _ in range(2):
            opened.append(await connect(server, asyncssh.generate_private_key("ssh-ed25519")))
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await connect(server, asyncssh.generate_private_key("ssh-ed25519"))
        assert "too many connections from your address" in refused.value.reason
        opened.append(await connect(server, asyncssh.generate_private_key("ssh-ed25519"),
                                    local_addr=("127.0.0.2", 0)))
        opened.pop(0).close()  # room again, once it has gone
        opened.append(await _connect_when_room(server))
    finally:
        for conn in opened:
            conn.close()
        server.stop()


async def _connect_when_room(server: Server) -> asyncssh.SSHClientConnection:
    for _ in range(50):
        try:
            return await connect(server, asyncssh.generate_private_key("ssh-ed25519"))
        except asyncssh.DisconnectError:
            await asyncio.sleep(0.2)
    raise AssertionError("no room after a connection closed")


async def test_session_limit_ends_a_session(tmp_path: Path) -> None:
    server = Server(tmp_path, "--session-limit", "0.02", "--idle-timeout", "0")
    try:
        term = await Terminal.open(server, asyncssh.generate_private_key("ssh-ed25519"))
        await term.closed()
        assert bytes(term.session.err).decode().startswith(
            "tui-naval: a session lasts 0.02 minutes at most here: your game was saved")
    finally:
        server.stop()


def test_the_limits_from_the_command_line(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser(prog="tui-naval")
    add_serve(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["serve", "--data", str(tmp_path), "--max-startups", "20",
                              "--max-startups-per-address", "5", "--login-grace", "10",
                              "--unused-timeout", "0", "--session-limit", "90"])
    limits = config_from(args).limits
    assert (limits.startups, limits.startups_per_address, limits.login_grace,
            limits.unused_timeout, limits.session_limit) == (20, 5, 10, 0, 90 * 60)
    assert config_from(parser.parse_args(["serve"])).limits == Limits()
    for bad in (["--login-grace", "-1"], ["--max-startups", "0"], ["--unused-timeout", "x"]):
        with pytest.raises(SystemExit):
            parser.parse_args(["serve", *bad])


def test_a_low_file_limit_lowers_the_limits(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    process = subprocess.Popen(
        [sys.executable, "-m", "tui_naval.cli.serve", "--port", "0", "--data", str(tmp_path),
         "--max-sessions", "500"], stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env,
        text=True, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256)))
    assert process.stderr is not None
    try:
        first, second = process.stderr.readline(), process.stderr.readline()
    finally:
        process.terminate()
        process.wait(TIMEOUT)
    assert "serving on" in first
    fitted = Limits(sessions=500).fitted(256)
    assert second == (f"tui-naval: limits lowered to fit 256 open files and to keep one "
                      f"address from the rest: {fitted.sessions} games, {fitted.startups} "
                      f"connections not yet logged in ({fitted.startups_per_address} from "
                      "one address)\n")
