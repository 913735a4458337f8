"""Measure how quickly F2 opens the rules: from the keypress to the rules screen shown.

Run from the checkout::

    .venv/bin/pip install -q -e '.[bench]'   # pyte
    .venv/bin/python bench/rules.py [--opens 5] [--size 100x30]

For each ruleset, ``tui-naval play --ruleset NAME --seed 1`` runs in a pseudo-terminal
(the real program and terminal driver, as a player has it).  Once its first prompt is
up, F2 is written and the output recorded with the time it came, until the program is
quiet; the output is then replayed into a terminal emulator (pyte), and the time counted
is the first moment the emulated screen shows what it shows once settled: the rules,
complete.  Escape closes them and F2 opens them again, ``--opens`` times: the first
opening in a process is shown apart from the later ones.  Target: at most 200 ms.

Then keys typed while the rules open: F2 and PageDown written at once must leave the
rules open and scrolled down a page, and F2 and Escape at once must leave the battle
screen as it was.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from tui import Terminal, program

F2 = b"\x1bOQ"
ESCAPE = b"\x1b"
PAGE_DOWN = b"\x1b[6~"
#: Output stops for this long: the keypress's effect is all on screen.
QUIET = 0.5
TARGET_MS = 200.0
#: On the rules screen's title line, and on the battle screen's key bar.
TITLE = "Rules ·"
BATTLE = "Undo"


def rulesets() -> list[str]:
    from tui_naval.rulesets import registry

    return [info.id for info in registry()]


class Recorder(Terminal):
    """A ``Terminal`` that keeps every byte it was sent, so a screen can be rebuilt at
    any moment of the output."""

    def __init__(self, argv: list[str], env: dict[str, str], size: tuple[int, int]) -> None:
        super().__init__(argv, env, size)
        self.size = size
        self.log = bytearray()

    def read(self, timeout: float) -> tuple[float, bytes] | None:
        got = super().read(timeout)
        if got is not None:
            self.log += got[1]
        return got

    def time_to_settled(self, sent: float, expect: str, limit: float = 30.0) -> float:
        """After a key written at ``sent``: the output until ``expect`` is on screen and
        the program is then quiet, and the milliseconds until the emulated screen first
        showed what it shows once settled."""
        import pyte

        before = len(self.log)
        chunks: list[tuple[float, bytes]] = []
        while not self.shows(expect):
            if time.perf_counter() - sent > limit:
                raise RuntimeError(f"{expect!r} never came on screen")
            got = self.read(0.1)
            if got is not None:
                chunks.append(got)
        chunks += self.until_quiet(QUIET)
        settled = list(self.screen.display)
        screen = pyte.Screen(*self.size)
        stream = pyte.ByteStream(screen)
        stream.feed(bytes(self.log[:before]))
        for at, data in chunks:
            stream.feed(data)
            if screen.display == settled:
                return (at - sent) * 1000
        raise RuntimeError("the settled screen was never seen")

    def shows(self, text: str) -> bool:
        return any(text in line for line in self.screen.display)


def environment(scratch: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPYCACHEPREFIX=scratch, XDG_CONFIG_HOME=scratch, TUI_NAVAL_SAVES=scratch,
               TUI_NAVAL_DATA=scratch, TERM="xterm-256color")
    return env


def start(ruleset: str, env: dict[str, str], size: tuple[int, int]) -> Recorder:
    """The battle of ``ruleset`` in a pseudo-terminal, at its first prompt, quiet."""
    term = Recorder([*program(), "play", "--ruleset", ruleset, "--seed", "1"], env, size)
    if not term.wait_for("Turn", 60):
        term.close()
        raise RuntimeError(f"{ruleset}: the battle screen never came")
    term.until_quiet(1.0)
    return term


def open_times(ruleset: str, opens: int, env: dict[str, str],
               size: tuple[int, int]) -> list[float]:
    """Milliseconds from F2 to the rules shown, ``opens`` times in one process."""
    term = start(ruleset, env, size)
    times: list[float] = []
    try:
        for _ in range(opens):
            times.append(term.time_to_settled(term.send(F2), TITLE))
            term.send(ESCAPE)
            term.time_to_settled(time.perf_counter(), BATTLE)
    finally:
        term.close()
    return times


def typed_ahead(ruleset: str, env: dict[str, str], size: tuple[int, int]) -> tuple[bool, bool]:
    """Keys written with F2, before the rules are up: (PageDown scrolled the rules,
    Escape closed them again)."""
    term = start(ruleset, env, size)
    try:
        battle = list(term.screen.display)
        term.time_to_settled(term.send(F2), TITLE)
        top = list(term.screen.display)
        term.time_to_settled(term.send(ESCAPE), BATTLE)
        term.time_to_settled(term.send(F2 + PAGE_DOWN), TITLE)
        paged = list(term.screen.display)
        scrolled = paged != top
        term.time_to_settled(term.send(ESCAPE), BATTLE)
        term.send(F2 + ESCAPE)
        term.until_quiet(3.0)  # whatever it shows, once it has shown it
        closed = list(term.screen.display) == battle
    finally:
        term.close()
    return scrolled, closed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=5, help="openings of the rules, each game")
    parser.add_argument("--size", default="100x30", help="the terminal, COLUMNSxROWS")
    parser.add_argument("--ruleset", action="append", help="only these rulesets")
    args = parser.parse_args()
    try:
        import pyte  # noqa: F401
    except ImportError:
        print("bench/rules.py needs pyte: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    columns, rows = (int(n) for n in args.size.split("x"))
    size = (columns, rows)
    print(f"F2 to the rules shown, {columns}x{rows} pseudo-terminal, "
          f"{args.opens} openings a game; target <= {TARGET_MS:.0f} ms "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    worst = 0.0
    ok_keys = True
    with tempfile.TemporaryDirectory() as scratch:
        env = environment(scratch)
        start("salt-n-tar", env, size).close()  # warm-up: writes the bytecode cache
        for ruleset in args.ruleset or rulesets():
            began = time.perf_counter()
            times = open_times(ruleset, args.opens, env, size)
            first, later = times[0], times[1:]
            worst = max(worst, *times)
            later_text = (f"later p50 {statistics.median(later):6.1f} ms, "
                          f"max {max(later):6.1f} ms" if later else "")
            scrolled, closed = typed_ahead(ruleset, env, size)
            ok_keys = ok_keys and scrolled and closed
            print(f"    {ruleset:16} first {first:6.1f} ms   {later_text}   "
                  f"typed ahead: PageDown {'kept' if scrolled else 'LOST'}, "
                  f"Escape {'kept' if closed else 'LOST'}   "
                  f"({time.perf_counter() - began:.0f} s)")
    print(f"    slowest opening {worst:.1f} ms: {'ok' if worst <= TARGET_MS else 'MISSED'}; "
          f"keys typed ahead: {'ok' if ok_keys else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
