"""Bytes a turn costs a player at the web door: what a browser tab downloads per turn.

Run from the checkout::

    .venv/bin/pip install -q -e '.[bench]'   # pyte
    .venv/bin/python bench/web_door_bytes.py [--turns 5] [--ruleset salt-n-tar ...]

For each ruleset, a ``tui-naval serve --web`` runs on a data folder of its own, where a
registered player with a web password has an autosaved game (the ruleset's default map,
seed 1).  The bench logs her in at the door (``POST /login``, its cookie), opens the
page's WebSocket at 100x30 (``/play/socket``, as the page's xterm.js does: the game gets
``TERM=xterm-256color`` and, as for any browser, ``COLORTERM=truecolor``), waits for the
lobby and presses ``c`` (Continue).  From that key on, every binary message the server
sends is counted at its size on the wire: the payload and the server's frame header (2
bytes under 126, 4 under 65536, else 10; a server's frames are not masked).  The client
offers no compression (``compress=0``: no permessage-deflate), so a payload goes as it
is; a browser that offers it may download less.  The TCP and IP headers, the server's
heartbeat pings (every 30 s) and the lobby's bytes before ``c`` are not counted.  As in
``ssh_bytes.py``: the first screen (until the game has been quiet for a second), then
each turn, the player answering every prompt with its first option (``["stdin", "1"]``)
as soon as the screen has been quiet for a moment; a byte counts in the turn the status
line shows once drawn (read with the pyte emulator).  Issue 63's target: at most 30 KB a
turn over the WebSocket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

# (bench/ is on the path when a bench is run as a script.)
from ssh_bytes import SIZE, Turns, run

PASSWORD = "a long bench password"
NAME = "Bench"
#: Seconds the server has to announce itself, the lobby to show, a login to answer.
STARTUP = 60.0
#: Seconds the lobby must be quiet before ``c`` (its last pieces belong to no turn).
LOBBY_QUIET = 0.5


def frame_size(payload: int) -> int:
    """A server's (unmasked) WebSocket frame of ``payload`` bytes, header and all."""
    if payload < 126:
        return payload + 2
    if payload < 65536:
        return payload + 4
    return payload + 10


def prepare(data: Path, ruleset: str) -> None:
    """The bench's player, her web password, and her autosave of ``ruleset``'s default
    map with seed 1, in the data folder ``data``."""
    from tui_naval.app.session import autosave_path
    from tui_naval.app.setup import new_game
    from tui_naval.core.saves import save_game
    from tui_naval.serve.lobby import player_folder
    from tui_naval.serve.players import Book

    book = Book(data)
    try:
        player = book.register(NAME, "SHA256:bench", "ssh-ed25519 AAAA bench")
        book.set_password(player.id, PASSWORD)
    finally:
        book.close()
    saves = player_folder(data, player.id) / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    save_game(new_game(ruleset, None, 1, None), autosave_path(saves))


class Server:
    """``tui-naval serve --web`` on free ports of 127.0.0.1, in a process of its own."""

    def __init__(self, data: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui_naval", "serve", "--port", "0", "--web", "0",
             "--data", str(data)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.lines: list[str] = []
        self.address: str | None = None
        self.announced = threading.Event()
        # (Read as it comes: a full pipe would stop the server.)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self.announced.wait(STARTUP) or self.address is None:
            self.stop()
            raise RuntimeError(f"no web door announced: {self.lines[-8:]}")

    def _read(self) -> None:
        assert self.process.stderr is not None
        for raw in self.process.stderr:
            line = raw.decode(errors="replace").rstrip("\n")
            self.lines.append(line)
            found = re.search(r"web door on (http://[\d.]+:\d+)/", line)
            if found:
                self.address = found.group(1)
                self.announced.set()
        self.announced.set()  # (ended without announcing the door)

    def stop(self) -> None:
        """SIGTERM (the server saves every game), SIGKILL if it takes over 30 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._reader.join(5)


async def play(address: str, turns: int, limit: float) -> tuple[int, dict[int, int], int]:
    """Log in at the door at ``address``, continue the autosave from the lobby, and count:
    the first screen's bytes, each turn's bytes, and the keys pressed."""
    import aiohttp
    import pyte

    columns, rows = SIZE
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    origin = {"Origin": address}
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
        async with client.post(f"{address}/login", data={"name": NAME, "password": PASSWORD},
                               headers=origin, allow_redirects=False) as answer:
            if answer.status != 303 or answer.headers.get("Location") != "/play":
                raise RuntimeError(f"login refused: {answer.status} "
                                   f"{answer.headers.get('Location')}")
        socket = await client.ws_connect(
            f"{address}/play/socket?width={columns}&height={rows}", headers=origin,
            compress=0, autoping=True)
        if socket.compress:
            raise RuntimeError("the WebSocket is compressed: the count would not be the "
                               "bytes on the wire")
        messages: asyncio.Queue[bytes | None] = asyncio.Queue()

        async def read() -> None:
            async for message in socket:
                if message.type == aiohttp.WSMsgType.BINARY:
                    messages.put_nowait(message.data)
            messages.put_nowait(None)

        reader = asyncio.create_task(read())

        async def stdin(keys: str) -> None:
            await socket.send_str(json.dumps(["stdin", keys]))

        try:
            await socket.send_str(json.dumps(["resize", {"width": columns,
                                                         "height": rows}]))
            # The lobby: shown, then quiet; its bytes belong to no turn.
            end = time.monotonic() + STARTUP
            lobby = False
            while True:
                left = end - time.monotonic()
                if left <= 0:
                    raise RuntimeError("the lobby never showed: "
                                       + " | ".join(screen.display).strip()[:400])
                try:
                    data = await asyncio.wait_for(
                        messages.get(), min(left, LOBBY_QUIET) if lobby else left)
                except TimeoutError:
                    if lobby:
                        break
                    continue
                if data is None:
                    raise RuntimeError("the door closed before the lobby")
                stream.feed(data)
                lobby = lobby or any("Welcome aboard" in line for line in screen.display)
            counted = Turns(screen, turns)
            await stdin("c")  # Continue: the autosave
            started = time.monotonic()
            while time.monotonic() - started < limit:
                try:
                    data = await asyncio.wait_for(messages.get(), 0.05)
                except TimeoutError:
                    press = counted.quiet()
                    if press is None:
                        break
                    if press:
                        await stdin("1")  # the first option of whatever is asked
                    continue
                if data is None:
                    break
                stream.feed(data)
                counted.received(frame_size(len(data)))
        finally:
            await socket.close()
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
    return counted.figures()


def measure(ruleset: str, turns: int, limit: float) -> tuple[int, dict[int, int], int]:
    """A server of its own for ``ruleset``: the first screen's bytes, each turn's bytes,
    and the keys pressed."""
    data = Path(tempfile.mkdtemp(prefix="tui-naval-door-bytes-"))
    try:
        prepare(data, ruleset)
        server = Server(data)
        try:
            assert server.address is not None
            return asyncio.run(play(server.address, turns, limit))
        finally:
            server.stop()
    finally:
        shutil.rmtree(data, ignore_errors=True)


def main() -> int:
    return run(__doc__.splitlines()[0], f"bytes to a {SIZE[0]}x{SIZE[1]} terminal over the "
               "web door's WebSocket, frame headers counted, uncompressed", measure)


if __name__ == "__main__":
    sys.exit(main())
