"""What lets a machine serve hundreds: the zygote the games fork from, the cores' search
slots every game shares, and the window a game is told of cut to a size it draws."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.serve.support import TIMEOUT, Server, new_player, screen_text, to_battle, wait_until
from tui_naval.ai import search_helper
from tui_naval.serve import terminal
from tui_naval.serve.terminal import PtyProcess
from tui_naval.serve.zygote import ZygoteChild

ROOT = Path(__file__).parents[2]


@pytest.fixture
async def zygote() -> AsyncIterator[int]:
    assert await terminal.start_zygote(sys.executable)
    pid = terminal.zygote_pid()
    assert pid is not None
    yield pid
    await terminal.stop_zygote()


def child_env() -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", os.defpath), "TERM": "xterm", "LANG": "C.UTF-8",
            "PYTHONPATH": str(ROOT)}


async def test_the_zygote_starts_a_session_and_reports_its_exit_code(
        zygote: int, tmp_path: Path) -> None:
    out = bytearray()
    argv = [sys.executable, "-m", "tui_naval.serve.child", "watch"]
    game = await PtyProcess.start(argv, child_env(), tmp_path, (80, 24, 0, 0), out.extend)
    assert isinstance(game.process, ZygoteChild)  # forked by the zygote, not started afresh
    assert game.pid != zygote
    game.link.send({"t": "gone", "why": "that game has ended"})
    assert await asyncio.wait_for(game.wait(), TIMEOUT) == 1
    assert "tui-naval: that game has ended" in screen_text(bytes(out), (80, 24))


async def test_a_huge_window_is_drawn_at_500_by_200(tmp_path: Path) -> None:
    out = bytearray()
    argv = [sys.executable, "-c", "import os; print(tuple(os.get_terminal_size()))"]
    game = await PtyProcess.start(argv, child_env(), tmp_path, (10000, 10000, 0, 0),
                                  out.extend)
    await asyncio.wait_for(game.wait(), TIMEOUT)
    assert b"(500, 200)" in out
    assert terminal.game_size((120, 40, 960, 640)) == (120, 40, 960, 640)
    assert terminal.game_size((600, 40, 4800, 640)) == (500, 40, 0, 0)


TAKER = """
import sys
from pathlib import Path
from tui_naval.ai.search_helper import take_slot

def stop():
    print("waiting", flush=True)
    return False

fd = take_slot(1, Path(sys.argv[1]), stop)
print("got" if fd is not None else "none", flush=True)
"""


def test_a_search_waits_for_the_one_slot_another_process_holds(tmp_path: Path) -> None:
    held = search_helper.take_slot(1, tmp_path)
    assert held is not None
    taker = subprocess.Popen([sys.executable, "-c", TAKER, str(tmp_path)],
                             stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert taker.stdout is not None
    try:
        for _ in range(3):  # it looks, and waits, again and again
            assert taker.stdout.readline() == "waiting\n"
        os.close(held)  # the slot is given back: it takes it
        lines = taker.stdout.read().split()
        assert lines[-1] == "got" and set(lines[:-1]) <= {"waiting"}
    finally:
        taker.kill()
        taker.wait()


def test_a_served_search_starts_no_helper(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setenv(search_helper.SLOTS_ENV, search_helper.slots_setting(tmp_path, 2))
    assert search_helper.shared_slots() == (2, tmp_path)
    assert search_helper.submit(print) is None
    with search_helper.turn():
        assert {p.name for p in tmp_path.iterdir()} == {"door", "slot-0", "slot-1"}
        other = search_helper.take_slot(2, tmp_path)  # the other slot is free
        assert other is not None
        os.close(other)


def test_a_served_search_thinks_below_the_players_keys(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    """Capacity: with 50 players against the normal admiral the searches held both
    cores and a key's echo took 249 ms (p95).  A server's game thinks in its AI's thread
    at a lower priority (``SEARCH_NICE``); its main thread (the frames) keeps its own."""
    import threading

    monkeypatch.setenv(search_helper.SLOTS_ENV, search_helper.slots_setting(tmp_path, 1))
    seen: list[int] = []

    def think() -> None:
        with search_helper.turn():
            seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))

    main = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    worker = threading.Thread(target=think)
    worker.start()
    worker.join()
    with search_helper.turn():  # (the main thread's search, as a headless game's)
        pass
    assert seen == [max(main, search_helper.SEARCH_NICE)]
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == main


async def test_a_game_under_the_zygote_hangs_up_and_autosaves(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        await wait_until(lambda: any("preloaded process (pid" in line for line in server.lines),
                         server=server)
        term, _ = await new_player(server, "Forked")
        await to_battle(term)
        zygote = zygote_of(server)
        assert zygote is not None
        games = children(zygote)
        assert len(games) == 1  # the game, forked from the zygote
        term.close()
        await wait_until(lambda: list(tmp_path.glob("players/*/saves/autosave.json")),
                         server=server)
        await wait_until(lambda: not children(zygote), server=server)
    finally:
        server.stop()


def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def zygote_of(server: Server) -> int | None:
    for pid in children(server.process.pid):
        try:
            if b"tui_naval.serve.zygote" in Path(f"/proc/{pid}/cmdline").read_bytes():
                return pid
        except OSError:
            continue
    return None

