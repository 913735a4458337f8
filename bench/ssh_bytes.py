"""Bytes a game sends its terminal per turn: what a player over SSH has to download.

Run from the checkout::

    .venv/bin/pip install -q -e '.[bench]'   # pyte
    .venv/bin/python bench/ssh_bytes.py [--turns 5] [--ruleset salt-n-tar --ruleset ...]

Each ruleset's ``tui-naval play --seed 1`` runs in a pseudo-terminal of 100x30 that
says it has 256 colours (``TERM=xterm-256color``, no ``COLORTERM``), as an SSH session
to ``tui-naval serve`` would give it.  Every byte the terminal receives is counted:
the first screen (until the program has been quiet for a second: the player's first
prompt, after any AI moves before it), then each turn, the player answering every
prompt with its first option as soon as the screen has been quiet for a moment.  A
byte is counted in the turn the status line shows once it has been drawn (read with
the pyte terminal emulator).  Issue 17's target: at most 30 KB a turn.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import statistics
import struct
import sys
import tempfile
import termios
import time

from tui import hang_up  # (bench/ is on the path when a bench is run as a script)

SIZE = (100, 30)
TARGET_KB = 30.0
#: Seconds without output after which the screen is taken to wait for the player.
QUIET = 0.4
TURN = re.compile(r"Turn (\d+)/")


def measure(ruleset: str, turns: int, limit: float) -> tuple[int, dict[int, int], int]:
    """The first screen's bytes, each turn's bytes, and the keys pressed."""
    import pyte

    columns, rows = SIZE
    scratch = tempfile.mkdtemp(prefix="tui-naval-bytes-")
    env = {k: v for k, v in os.environ.items() if k != "COLORTERM"}
    env.update(TERM="xterm-256color", TUI_NAVAL_SAVES=scratch, TUI_NAVAL_DATA=scratch,
               XDG_CONFIG_HOME=scratch, PYTHONPYCACHEPREFIX=scratch)
    argv = [sys.executable, "-m", "tui_naval", "play", "--ruleset", ruleset, "--seed", "1"]
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    first = 0
    per_turn: dict[int, int] = {}
    keys = 0
    started = last = time.monotonic()
    opened = False
    try:
        while time.monotonic() - started < limit:
            ready = select.select([fd], [], [], 0.05)[0]
            now = time.monotonic()
            if not ready:
                if not first or now - last < (1.0 if not opened else QUIET):
                    continue
                opened = True
                turn = current_turn(screen)
                if turn is not None and turn > turns:
                    break
                os.write(fd, b"1")  # the first option of whatever is asked
                keys += 1
                last = now
                continue
            try:
                data = os.read(fd, 1 << 16)
            except OSError:
                break
            if not data:
                break
            last = now
            stream.feed(data)
            if not opened:
                first += len(data)
                continue
            turn = current_turn(screen)
            if turn is not None:
                per_turn[turn] = per_turn.get(turn, 0) + len(data)
    finally:
        hang_up(pid, fd)
    return first, {t: n for t, n in per_turn.items() if t <= turns}, keys


def current_turn(screen: object) -> int | None:
    """The turn the status line (the top row) shows."""
    top = screen.display[0]  # type: ignore[attr-defined]
    found = TURN.search(top)
    return int(found.group(1)) if found else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append",
                        help="a ruleset to measure (default: salt-n-tar and kyngesreach)")
    parser.add_argument("--turns", type=int, default=5, help="turns measured (default 5)")
    parser.add_argument("--limit", type=float, default=180.0,
                        help="seconds a ruleset may take at most (default 180)")
    args = parser.parse_args()
    try:
        import pyte  # noqa: F401
    except ImportError:
        print("needs pyte: .venv/bin/pip install -e '.[bench]'", file=sys.stderr)
        return 2
    print(f"bytes to a {SIZE[0]}x{SIZE[1]} terminal in 256 colours "
          f"(target: {TARGET_KB:g} KB a turn)")
    worst = 0.0
    for ruleset in args.ruleset or ["salt-n-tar", "kyngesreach"]:
        first, per_turn, keys = measure(ruleset, args.turns, args.limit)
        sizes = [per_turn[t] / 1024 for t in sorted(per_turn)]
        mean = statistics.fmean(sizes) if sizes else float("nan")
        worst = max(worst, max(sizes, default=0.0))
        listed = ", ".join(f"{t}: {per_turn[t] / 1024:.1f}" for t in sorted(per_turn))
        print(f"{ruleset:<16} first screen {first / 1024:6.1f} KB; per turn (KB) {listed}; "
              f"mean {mean:.1f} KB, max {max(sizes, default=0.0):.1f} KB "
              f"({keys} keys)")
    verdict = "meets" if worst <= TARGET_KB else "misses"
    print(f"worst turn {worst:.1f} KB: {verdict} the {TARGET_KB:g} KB target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
