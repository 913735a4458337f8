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
from collections.abc import Callable

from tui import hang_up  # (bench/ is on the path when a bench is run as a script)

SIZE = (100, 30)
TARGET_KB = 30.0
#: Seconds without output after which the screen is taken to wait for the player.
QUIET = 0.4
TURN = re.compile(r"Turn (\d+)/")


class Turns:
    """A run's bytes as they come, by turn (read off the emulated screen's status line),
    and when the player presses the next key: the first screen's bytes until the program
    has been quiet for a second, then each turn's, a key each time it is quiet for
    ``QUIET`` seconds, until the turn after ``turns`` shows."""

    def __init__(self, screen: object, turns: int) -> None:
        self.screen = screen
        self.turns = turns
        self.first = 0
        self.per_turn: dict[int, int] = {}
        self.keys = 0
        self.opened = False
        self.last = time.monotonic()

    def received(self, count: int) -> None:
        """``count`` bytes have been drawn on the screen."""
        self.last = time.monotonic()
        if not self.opened:
            self.first += count
            return
        turn = current_turn(self.screen)
        if turn is not None:
            self.per_turn[turn] = self.per_turn.get(turn, 0) + count

    def quiet(self) -> bool | None:
        """Nothing came for a while: True when a key is to be pressed now (counted), None
        when the run is over, else False."""
        now = time.monotonic()
        if not self.first or now - self.last < (1.0 if not self.opened else QUIET):
            return False
        self.opened = True
        turn = current_turn(self.screen)
        if turn is not None and turn > self.turns:
            return None
        self.keys += 1
        self.last = now
        return True

    def figures(self) -> tuple[int, dict[int, int], int]:
        """The first screen's bytes, each measured turn's bytes, and the keys pressed."""
        return (self.first, {t: n for t, n in self.per_turn.items() if t <= self.turns},
                self.keys)


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
    counted = Turns(screen, turns)
    started = time.monotonic()
    try:
        while time.monotonic() - started < limit:
            if not select.select([fd], [], [], 0.05)[0]:
                press = counted.quiet()
                if press is None:
                    break
                if press:
                    os.write(fd, b"1")  # the first option of whatever is asked
                continue
            try:
                data = os.read(fd, 1 << 16)
            except OSError:
                break
            if not data:
                break
            stream.feed(data)
            counted.received(len(data))
    finally:
        hang_up(pid, fd)
    return counted.figures()


def current_turn(screen: object) -> int | None:
    """The turn the status line (the top row) shows."""
    top = screen.display[0]  # type: ignore[attr-defined]
    found = TURN.search(top)
    return int(found.group(1)) if found else None


def report(label: str, first: int, per_turn: dict[int, int], keys: int) -> float:
    """Print a run's figures on one line; its largest turn, in KB."""
    sizes = [per_turn[t] / 1024 for t in sorted(per_turn)]
    mean = statistics.fmean(sizes) if sizes else float("nan")
    listed = ", ".join(f"{t}: {per_turn[t] / 1024:.1f}" for t in sorted(per_turn))
    print(f"{label} first screen {first / 1024:6.1f} KB; per turn (KB) {listed}; "
          f"mean {mean:.1f} KB, max {max(sizes, default=0.0):.1f} KB ({keys} keys)")
    return max(sizes, default=0.0)


def arguments(description: str) -> argparse.Namespace | None:
    """The bytes benches' command line (None, said why, where pyte is missing)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--ruleset", action="append",
                        help="a ruleset to measure (default: salt-n-tar and kyngesreach)")
    parser.add_argument("--turns", type=int, default=5, help="turns measured (default 5)")
    parser.add_argument("--limit", type=float, default=180.0,
                        help="seconds a run may take at most (default 180)")
    args = parser.parse_args()
    try:
        import pyte  # noqa: F401
    except ImportError:
        print("needs pyte: .venv/bin/pip install -e '.[bench]'", file=sys.stderr)
        return None
    return args


def run(description: str, heading: str,
        measure: Callable[[str, int, float], tuple[int, dict[int, int], int]]) -> int:
    """A bytes bench's run: its command line (``description``), ``heading``, then each
    ruleset's figures (``measure(ruleset, turns, limit)``) and the worst turn against the
    target."""
    args = arguments(description)
    if args is None:
        return 2
    print(f"{heading} (target: {TARGET_KB:g} KB a turn)")
    worst = 0.0
    for ruleset in args.ruleset or ["salt-n-tar", "kyngesreach"]:
        first, per_turn, keys = measure(ruleset, args.turns, args.limit)
        worst = max(worst, report(f"{ruleset:<16}", first, per_turn, keys))
    verdict = "meets" if worst <= TARGET_KB else "misses"
    print(f"worst turn {worst:.1f} KB: {verdict} the {TARGET_KB:g} KB target")
    return 0


def main() -> int:
    return run(__doc__.splitlines()[0], f"bytes to a {SIZE[0]}x{SIZE[1]} terminal in 256 "
               "colours", measure)


if __name__ == "__main__":
    sys.exit(main())
