"""The game under a web driver, as a browser tab runs it: Textual's ``WebDriver`` and the
game's ``CompactWebDriver`` (``$TEXTUAL_DRIVER``) draw the same screen, the compact one
in a fraction of the bytes (``bench/web_bytes.py`` measures a turn)."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

pyte = pytest.importorskip("pyte")

ROOT = Path(__file__).resolve().parents[2]
SIZE = (100, 30)


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


class WebGame:
    """``tui-naval play --seed 1`` on pipes, speaking the web driver's packets."""

    def __init__(self, driver: str, tmp: Path) -> None:
        env = {**os.environ, "TEXTUAL_DRIVER": driver, "TEXTUAL_COLOR_SYSTEM": "truecolor",
               "COLUMNS": str(SIZE[0]), "ROWS": str(SIZE[1]), "TUI_NAVAL_SAVES": str(tmp),
               "TUI_NAVAL_DATA": str(tmp), "XDG_CONFIG_HOME": str(tmp),
               "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui_naval", "play", "--seed", "1"], env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.screen = pyte.Screen(*SIZE)
        self.stream = pyte.ByteStream(self.screen)
        self.frames = 0  # bytes of frames received
        self.buffer = b""

    def send(self, kind: bytes, payload: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(packet(kind, payload))
        self.process.stdin.flush()

    def wait_for(self, text: str, timeout: float = 60) -> None:
        """Read frames until ``text`` is on the screen (and the output pauses)."""
        assert self.process.stdout is not None
        out = self.process.stdout.fileno()
        end = time.monotonic() + timeout
        seen = False
        while time.monotonic() < end:
            if select.select([out], [], [], 0.3)[0]:
                data = os.read(out, 1 << 16)
                assert data, "the game ended"
                self.feed(data)
            elif seen:
                return  # (on screen, and nothing more came for a moment)
            seen = seen or any(text in line for line in self.screen.display)
        raise AssertionError(f"{text!r} never shown:\n" + "\n".join(self.screen.display))

    def feed(self, data: bytes) -> None:
        self.buffer += data
        if self.buffer.startswith(b"__GANGLION__\n"):
            self.buffer = self.buffer[len(b"__GANGLION__\n"):]
        while len(self.buffer) >= 5:
            size = int.from_bytes(self.buffer[1:5], "big")
            if len(self.buffer) < 5 + size:
                return
            kind, payload = self.buffer[:1], self.buffer[5:5 + size]
            self.buffer = self.buffer[5 + size:]
            if kind == b"D":
                self.frames += len(payload)
                self.stream.feed(payload)

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def test_the_compact_web_driver_draws_the_same_screen_in_fewer_bytes(tmp_path: Path) -> None:
    played = {}
    for name, driver in (("textual", "textual.drivers.web_driver:WebDriver"),
                         ("compact", "tui_naval.tui.web_output:CompactWebDriver")):
        game = WebGame(driver, tmp_path / name)
        try:
            game.send(b"M", json.dumps({"type": "resize", "width": SIZE[0],
                                        "height": SIZE[1]}).encode())
            game.wait_for("roll a luck die?")
            game.send(b"D", b"2")  # pass the luck roll
            game.wait_for("helm orders")
            game.send(b"D", b"\x1b[B")  # down the move prompt: its preview on the map
            game.wait_for("helm orders")
            played[name] = (list(game.screen.display), game.frames)
        finally:
            game.close()
    assert played["compact"][0] == played["textual"][0]
    assert played["compact"][1] * 3 < played["textual"][1]
