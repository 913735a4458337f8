"""Bytes a game sends a browser per turn: what a player in a browser tab downloads.

Run from the checkout::

    .venv/bin/pip install -q -e '.[bench]'   # pyte
    .venv/bin/python bench/web_bytes.py [--turns 5] [--ruleset salt-n-tar ...]

Each ruleset's ``tui-naval play --seed 1`` runs under a web driver, as a browser tab's
game does (the relay, textual-serve's protocol: packets on the process's stdin and
stdout, a 100x30 terminal in true colour), twice: under Textual's ``WebDriver`` and under
the game's ``CompactWebDriver`` (``tui/web_output.py``: only what changes on screen).  Every
byte of the frames (``D`` packets) is counted: the first screen (until the program has
been quiet for a second), then each turn, the player answering every prompt with its
first option as soon as the screen has been quiet for a moment; a byte counts in the turn
the status line shows once drawn (read with the pyte emulator).  That both drivers draw
the same screen is tested (``tests/tui/test_web_driver.py``); two runs here may part
where the admiral thinks against the clock.  Issue 63's target: at most 30 KB a turn
over the WebSocket (the relay sends the frames as they come).
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import tempfile
import time

# (bench/ is on the path when a bench is run as a script.)
from ssh_bytes import SIZE, TARGET_KB, Turns, arguments, report

DRIVERS = {"textual": "textual.drivers.web_driver:WebDriver",
           "compact": "tui_naval.tui.web_output:CompactWebDriver"}


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def measure(ruleset: str, driver: str, turns: int, limit: float
            ) -> tuple[int, dict[int, int], int]:
    """The first screen's bytes, each turn's bytes, and the keys pressed."""
    import pyte

    columns, rows = SIZE
    scratch = tempfile.mkdtemp(prefix="tui-naval-web-bytes-")
    env = {**os.environ, "TEXTUAL_DRIVER": driver, "TEXTUAL_COLOR_SYSTEM": "truecolor",
           "COLUMNS": str(columns), "ROWS": str(rows), "TUI_NAVAL_SAVES": scratch,
           "TUI_NAVAL_DATA": scratch, "XDG_CONFIG_HOME": scratch,
           "PYTHONPYCACHEPREFIX": scratch}
    process = subprocess.Popen(
        [sys.executable, "-m", "tui_naval", "play", "--ruleset", ruleset, "--seed", "1"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(packet(b"M", json.dumps(
        {"type": "resize", "width": columns, "height": rows}).encode()))
    process.stdin.flush()
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    out = process.stdout.fileno()
    buffer = b""
    counted = Turns(screen, turns)
    started = time.monotonic()
    try:
        while time.monotonic() - started < limit:
            if not select.select([out], [], [], 0.05)[0]:
                press = counted.quiet()
                if press is None:
                    break
                if press:  # the first option of whatever is asked
                    process.stdin.write(packet(b"D", b"1"))
                    process.stdin.flush()
                continue
            data = os.read(out, 1 << 16)
            if not data:
                break
            buffer += data
            if buffer.startswith(b"__GANGLION__\n"):
                buffer = buffer[len(b"__GANGLION__\n"):]
            while len(buffer) >= 5:
                size = int.from_bytes(buffer[1:5], "big")
                if len(buffer) < 5 + size:
                    break
                kind, payload, buffer = buffer[:1], buffer[5:5 + size], buffer[5 + size:]
                if kind == b"D":
                    stream.feed(payload)
                    counted.received(len(payload))
    finally:
        process.kill()
        process.wait()
    return counted.figures()


def main() -> int:
    args = arguments(__doc__.splitlines()[0])
    if args is None:
        return 2
    print(f"bytes to a {SIZE[0]}x{SIZE[1]} browser terminal in true colour "
          f"(target: {TARGET_KB:g} KB a turn)")
    worst = 0.0
    for ruleset in args.ruleset or ["salt-n-tar", "kyngesreach"]:
        for name, driver in DRIVERS.items():
            first, per_turn, keys = measure(ruleset, driver, args.turns, args.limit)
            largest = report(f"{ruleset:<14} {name:<8}", first, per_turn, keys)
            if name == "compact":
                worst = max(worst, largest)
    verdict = "meets" if worst <= TARGET_KB else "misses"
    print(f"worst turn (compact) {worst:.1f} KB: {verdict} the {TARGET_KB:g} KB target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
