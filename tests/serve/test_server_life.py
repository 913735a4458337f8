"""``tui-naval serve``'s own life: its host key, guests, limits, idle sessions, SIGTERM,
and bad command lines."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest

from tests.serve.support import (
    Server,
    Terminal,
    connect,
    new_player,
    press_until,
    to_battle,
    wait_until,
)
from tui_naval.app.setup import SetupError
from tui_naval.cli.serve import add as add_serve
from tui_naval.cli.serve import config_from
from tui_naval.serve.server import HOST_KEY


def fingerprint(server: Server) -> str:
    return server.lines[0].split("host key ")[1].split(")")[0]


def test_host_key_made_on_first_run_and_kept(tmp_path: Path) -> None:
    first = Server(tmp_path)
    made = fingerprint(first)
    assert first.stop() == 0
    key = tmp_path / HOST_KEY
    assert key.stat().st_mode & 0o777 == 0o600
    again = Server(tmp_path)
    assert fingerprint(again) == made
    assert again.stop() == 0
    assert made == asyncssh.read_private_key(key).get_fingerprint("sha256")


async def test_guests_only_when_the_host_allows(tmp_path: Path) -> None:
    closed = Server(tmp_path / "closed")
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(closed, password="anything")
    finally:
        closed.stop()
    open_ = Server(tmp_path / "open", "--guests")
    try:
        term = await Terminal.open(open_, None, password="anything")
        await term.wait_for("Welcome aboard, guest-1", "not kept")
        folders = list((open_.data / "guests").iterdir())
        assert len(folders) == 1
        term.close()
        await wait_until(lambda: not folders[0].exists())  # a guest's games are not kept
    finally:
        open_.stop()


async def test_session_limits_and_login_rate(tmp_path: Path) -> None:
    server = Server(tmp_path, "--max-per-address", "1", "--logins-per-minute", "2")
    try:
        term, _ = await new_player(server, "Only")
        conn = await connect(server, asyncssh.generate_private_key("ssh-ed25519"))
        result = await conn.run(None, term_type="xterm", input="")
        conn.close()
        assert result.exit_status == 1
        assert isinstance(result.stderr, str)
        assert "games at once from one address" in result.stderr
        assert result.stderr.count("\n") == 1
        with pytest.raises(asyncssh.DisconnectError) as refused:  # the third login
            await connect(server, asyncssh.generate_private_key("ssh-ed25519"))
        assert "too many logins" in refused.value.reason
        term.close()
    finally:
        server.stop()


async def test_idle_session_is_closed_with_a_line(tmp_path: Path) -> None:
    server = Server(tmp_path, "--idle-timeout", "0.05")
    try:
        # Not a key pressed: 3 s after it opened the session is closed, whatever its lobby
        # has drawn by then (on a loaded machine, the lobby may take longer to start).
        term = await Terminal.open(server, asyncssh.generate_private_key("ssh-ed25519"))
        await term.closed()
        assert bytes(term.session.err).decode().startswith("tui-naval: no key for 0.05 minutes")
    finally:
        server.stop()


async def test_sigterm_saves_every_game_and_ends(tmp_path: Path) -> None:
    server = Server(tmp_path)
    term, _ = await new_player(server, "Captain")
    await to_battle(term)
    await press_until([term], "Turn 2/")
    assert server.stop() == 0
    assert server.lines[-1] == "tui-naval: stopped"
    await term.closed()
    assert "the server is shutting down: your game was saved" in \
        bytes(term.session.err).decode()
    (autosave,) = tmp_path.glob("players/*/saves/autosave.json")
    assert '"turn": 2' in autosave.read_text()


def parse(*words: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="tui-naval")
    add_serve(parser.add_subparsers(dest="command"))
    return parser.parse_args(["serve", *words])


def test_command_line(tmp_path: Path) -> None:
    args = parse("--port", "2200", "--data", str(tmp_path), "--guests", "--idle-timeout", "2")
    config = config_from(args)
    assert (config.port, config.data, config.guests) == (2200, tmp_path, True)
    assert config.limits.idle_timeout == 120
    assert config_from(parse()).host == "127.0.0.1"
    names = config_from(parse("--web-name", "Naval.Example.", "--web-name", "play.local"))
    assert names.web_names == ("naval.example", "play.local")
    assert config_from(parse()).web_names == ()


@pytest.mark.parametrize("name", ["", "evil.example/x", "a b", "x-.example", "x" * 254,
                                  "naval.example:8080"])
def test_a_web_name_that_is_no_host_name_is_one_line(name: str) -> None:
    with pytest.raises(SetupError, match=r"^--web-name .*: not a host name$"):
        config_from(parse("--web-name", name))


@pytest.mark.parametrize("words", [["--port", "70000"], ["--port", "x"],
                                   ["--max-sessions", "0"], ["--idle-timeout", "-1"]])
def test_bad_options_are_refused(words: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse(*words)
    assert exit_.value.code == 2


def run_serve(*words: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    return subprocess.run([sys.executable, "-m", "tui_naval.cli.serve", *words],
                          capture_output=True, text=True, timeout=60, env=env)


def test_bad_input_gives_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = run_serve("--data", str(blocker), "--port", "0")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "not a folder" in result.stderr
    broken = tmp_path / "data"
    broken.mkdir()
    (broken / HOST_KEY).write_text("not a key")
    result = run_serve("--data", str(broken), "--port", "0")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "cannot read the host key" in result.stderr
    busy = Server(tmp_path / "busy")
    try:
        result = run_serve("--data", str(tmp_path / "other"), "--port", str(busy.port))
    finally:
        busy.stop()
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "cannot listen on" in result.stderr
