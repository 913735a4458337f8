"""Measure the TUI: launch time of the real program and keypress-to-repaint latency.

Run from the checkout::

    .venv/bin/pip install -q -e '.[bench]'   # pyte
    .venv/bin/python bench/tui.py [--runs 10] [--presses 300]

(a) Launch: fresh processes of the real program, each in a pseudo-terminal of
    120x40 (the real terminal driver, as a player has it), timed from the spawn to
    the first frame that is complete: the output is recorded with the time it
    came, then replayed into a terminal emulator (pyte), and the moment counted is
    the first at which the emulated screen shows what it shows once the program
    has settled (no output for a second).  Median of ``--runs`` launches of each,
    next to a bare Textual hello-world app measured the same way in the same run.
    ``tui-naval play --seed 1`` is the target: the battle screen on channel-race
    with the player's first prompt, at most 1.5x the bare app.  The title screen
    (``tui-naval``) is shown too.  Needs pyte: ``pip install -e '.[bench]'``.
(b) Keypress to repaint on the largest map (grand-regatta if present), filled up
    to 20 ships, in a 160x50 headless terminal; each press is timed from the key
    event being sent until every widget has handled it and the screen update that
    repaints it is done (the update is forced at once, so the frame timer's wait
    is not counted).  Three cases: the board widget alone (the cursor sweeps it,
    so scrolling repaints are included); the same sweep on the app's battle
    screen in look mode (the look panel follows the cursor); and the battle
    screen's prompt, up and down its options (each highlight previews the move on
    the board).  Target: p95 at most 16 ms.
(c) Keypress to the terminal: ``tui-naval play --map grand-regatta`` (20 ships) in a
    160x50 pseudo-terminal that says it has synchronized output (Textual then marks
    each frame's end); the luck prompts are passed, then the arrow keys go up and down
    the first move prompt's options.  Each press is timed from writing the key to the
    last byte of its effect (the output until it is quiet for a quarter second), with
    no update forced: the highlight and the map's preview must come in one frame.
    Target: one frame a press, p95 at most 16 ms.  ``--only pty`` runs this part alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App
    from textual.strip import Strip

    from tui_naval.core.maps import MapSpec
    from tui_naval.core.state import GameState

SHIPS = 20
BIG_TERMINAL = (160, 50)

# -- (a) launch: fresh processes in a pseudo-terminal ------------------------------

LAUNCH_SIZE = (120, 40)

BARE = """\
from textual.app import App, ComposeResult
from textual.widgets import Static

class Hello(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Hello, world")

Hello().run()
"""


def program() -> list[str]:
    """The installed ``tui-naval`` script beside this Python, else ``python -m tui_naval``."""
    script = Path(sys.executable).with_name("tui-naval")
    if script.is_file():
        return [str(script)]
    found = shutil.which("tui-naval")
    return [found] if found else [sys.executable, "-m", "tui_naval"]


def children() -> dict[str, tuple[str, list[str]]]:
    return {
        "bare": ("bare Textual hello-world", [sys.executable, "-c", BARE]),
        "play": ("tui-naval play --seed 1", [*program(), "play", "--seed", "1"]),
        "title": ("tui-naval (title screen)", program()),
    }


def hang_up(pid: int, fd: int) -> None:
    """Hang up on a game in a pseudo-terminal: SIGHUP, its last output drained while it
    leaves (SIGKILL after 5 s), the terminal closed."""
    import select
    import signal

    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGHUP)
    deadline = time.monotonic() + 5
    while not os.waitpid(pid, os.WNOHANG)[0]:
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            break
        with contextlib.suppress(OSError):
            if select.select([fd], [], [], 0.02)[0]:
                os.read(fd, 1 << 16)
    os.close(fd)


def first_complete_frame(argv: list[str], env: dict[str, str], settle: float = 1.0,
                         limit: float = 20.0) -> float:
    """Milliseconds from spawning ``argv`` in a pseudo-terminal to the first moment its
    screen shows what it shows once settled (no output for ``settle`` seconds)."""
    import fcntl
    import pty
    import select
    import struct
    import termios

    import pyte

    columns, rows = LAUNCH_SIZE
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the program, on the terminal's far side
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    chunks: list[tuple[float, bytes]] = []
    last = start
    try:
        while True:
            now = time.perf_counter()
            if now - start > limit or (chunks and now - last > settle):
                break
            ready, _, _ = select.select([fd], [], [], 0.02)
            if not ready:
                continue
            try:
                data = os.read(fd, 1 << 16)
            except OSError:
                break
            if not data:
                break
            last = time.perf_counter()
            chunks.append((last - start, data))
    finally:
        hang_up(pid, fd)  # the game autosaves (into a scratch folder) and goes
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    shown: list[tuple[float, list[str]]] = []
    for at, data in chunks:
        stream.feed(data)
        shown.append((at, list(screen.display)))
    if not shown:
        raise RuntimeError(f"{argv[0]} printed nothing")
    settled = shown[-1][1]
    return next(at for at, display in shown if display == settled) * 1000


def launch_times(runs: int, programs: dict[str, list[str]] | None = None
                 ) -> dict[str, list[float]]:
    """Each program's launches (ms to its first complete frame), bytecode cached as for an
    installed package (this checkout runs with PYTHONDONTWRITEBYTECODE); ``programs``
    (each one's command line by name), else the bare app, the battle and the title."""
    argvs = programs or {kind: argv for kind, (_command, argv) in children().items()}
    times: dict[str, list[float]] = {kind: [] for kind in argvs}
    with tempfile.TemporaryDirectory() as scratch:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPYCACHEPREFIX=scratch,  # keeps .pyc files out of the checkout
                   XDG_CONFIG_HOME=scratch,  # no user key bindings
                   TUI_NAVAL_SAVES=scratch, TERM="xterm-256color")
        for argv in argvs.values():
            first_complete_frame(argv, env)  # warm-up: writes the bytecode cache
        for _ in range(runs):
            for kind, argv in argvs.items():  # interleaved: drift hits all alike
                times[kind].append(first_complete_frame(argv, env))
    return times


def paired_ratio(times: dict[str, list[float]], kind: str) -> float:
    """The median of each round's own ratio of ``kind``'s launch over the bare app's: a
    round is taken at one speed of the machine, whose drift moves the medians' ratio."""
    return statistics.median(mine / alone for mine, alone
                             in zip(times[kind], times["bare"], strict=True))


# -- (b) keypress to repaint -----------------------------------------------------

def big_state() -> tuple[GameState, MapSpec]:
    """The largest map's state (grand-regatta if present), with ships added up to SHIPS."""
    from attrs import evolve

    from tui_naval.app.setup import new_game
    from tui_naval.core.grid import Cell
    from tui_naval.core.maps import available_maps, load_map

    specs = [load_map(str(p)) for p in available_maps()]
    named = [s for s in specs if s.name == "grand-regatta"]
    spec = named[0] if named else max(specs, key=lambda s: s.width * s.height)
    state = new_game("salt-n-tar", spec.name, 1, spec.grids[0].value).state
    rng = random.Random(1)
    ships = list(state.ships)
    taken = {s.cell for s in ships}
    sea = [c for c in state.grid.cells() if state.board.is_sea(c) and c not in taken]
    while len(ships) < SHIPS:
        model = ships[len(ships) % len(state.sides)]
        cell: Cell = sea.pop(rng.randrange(len(sea)))
        ships.append(evolve(model, id=f"{model.id[0]}{len(ships) + 1}", cell=cell,
                            heading=rng.randrange(state.grid.points)))
    return evolve(state, ships=tuple(ships)), spec


def sweep(width: int, height: int, row: int, presses: int) -> list[str]:
    """Arrow keys sweeping a board: right across, down a little, left across, ...
    like a player hunting."""
    keys: list[str] = []
    step = 1
    while len(keys) < presses:
        for across in ("right", "left"):
            keys += [across] * (width - 1)
            for _ in range(3):
                if not 0 <= row + step < height:
                    step = -step
                row += step
                keys.append("down" if step > 0 else "up")
    return keys[:presses]


async def repaint_times(presses: int) -> tuple[list[float], list[float], list[bool], str]:
    """(b) on the board widget alone, in a bare app."""
    from textual import events
    from textual.app import App, ComposeResult

    from tui_naval.core.grid import Cell
    from tui_naval.tui.widgets import OceanView

    state, spec = big_state()
    ocean = OceanView()
    render_time = [0.0]
    original = ocean.render_line

    def timed_render_line(y: int) -> Strip:
        t = time.perf_counter()
        try:
            return original(y)
        finally:
            render_time[0] += time.perf_counter() - t

    ocean.render_line = timed_render_line  # type: ignore[method-assign]

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield ocean

    app = Host()
    totals: list[float] = []
    renders: list[float] = []
    scrolled: list[bool] = []
    async with app.run_test(size=BIG_TERMINAL) as pilot:
        ocean.show(state, selected=state.ships[0].id)
        ocean.focus()
        ocean.cursor = Cell(0, 0)
        await pilot.pause()
        grid = state.grid
        moved = 0
        for key in sweep(grid.width, grid.height, ocean.cursor.row, presses):
            before, view = ocean.cursor, ocean.scroll_offset
            render_time[0] = 0.0
            start = time.perf_counter()
            app.post_message(events.Key(key, None))
            while ocean.cursor == before and time.perf_counter() - start < 1.0:
                await asyncio.sleep(0)  # the key hops app -> screen -> widget
            app.screen._on_timer_update()
            totals.append(time.perf_counter() - start)
            renders.append(render_time[0])
            scrolled.append(ocean.scroll_offset != view)
            moved += ocean.cursor != before
        assert moved == len(totals), f"only {moved} of {len(totals)} presses moved the cursor"
    where = (f"{spec.name} {spec.width}x{spec.height} {grid.kind.value}, "
             f"{len(state.ships)} ships, {BIG_TERMINAL[0]}x{BIG_TERMINAL[1]} terminal")
    return totals, renders, scrolled, where


async def settle(app: App[Any]) -> None:
    """Wait until the screen and all its widgets have handled what is queued, then do
    the screen update at once (as the next frame would)."""
    from textual.pilot import Pilot

    await Pilot(app)._wait_for_screen()
    app.screen._on_timer_update()


async def battle_times(presses: int) -> tuple[list[float], list[float], str]:
    """(b) on the app's battle screen: the look cursor, and the prompt's options."""
    from textual import events

    from tui_naval.app.session import Session, default_seats
    from tui_naval.core.grid import Cell
    from tui_naval.core.history import Game
    from tui_naval.tui.app import Config, NavalApp
    from tui_naval.tui.modes.battle import BattleMode, battle_screen

    state, spec = big_state()
    ruleset_game = _new_game(spec.name)
    game = Game(ruleset_game.ruleset, ruleset_game.setup, start=state)
    session = Session(game, default_seats(game))
    looks: list[float] = []
    options: list[float] = []
    with tempfile.TemporaryDirectory() as saves:
        config = Config(save_dir=Path(saves), keymap={}, ai_delay=0.0, handle_signals=False)
        app = NavalApp(config, lambda: battle_screen(session))
        async with app.run_test(size=BIG_TERMINAL) as pilot:
            deadline = time.monotonic() + 30
            while not (isinstance(getattr(app.screen, "mode", None), BattleMode)
                       and app.screen.prompt.asking):
                assert time.monotonic() < deadline, "the battle never asked the player"
                await pilot.pause(0.01)
            screen = app.screen
            ocean = screen.ocean
            await settle(app)

            async def press(key: str, done: Callable[[], bool], into: list[float]) -> None:
                start = time.perf_counter()
                app.post_message(events.Key(key, None))
                while not done() and time.perf_counter() - start < 1.0:
                    await asyncio.sleep(0)
                await settle(app)
                into.append(time.perf_counter() - start)
                assert done(), f"key {key!r} did nothing"

            # The prompt: down through the options and back up, each one previewed.
            option_list = screen.prompt.options
            count = option_list.option_count
            assert count > 1, "the prompt has a single option"
            step = 1
            for _ in range(presses):
                index = option_list.highlighted or 0
                if not 0 <= index + step < count:
                    step = -step
                wanted = index + step
                await press("down" if step > 0 else "up",
                            lambda w=wanted: option_list.highlighted == w, options)

            # Look mode: the cursor sweeps the board, the look panel follows it.
            await pilot.press("l")
            ocean.cursor = Cell(0, ocean.cursor.row)  # the sweep starts on the left edge
            await settle(app)
            assert screen.looking and ocean.has_focus
            grid = state.grid
            for key in sweep(grid.width, grid.height, ocean.cursor.row, presses):
                before = ocean.cursor
                await press(key, lambda b=before: ocean.cursor != b, looks)
    where = (f"{spec.name}, {len(state.ships)} ships, "
             f"{BIG_TERMINAL[0]}x{BIG_TERMINAL[1]} terminal")
    return looks, options, where


def _new_game(map_name: str) -> Any:
    from tui_naval.app.setup import new_game

    return new_game("salt-n-tar", map_name, 1, None)


# -- (c) keypress to the terminal: the bytes a terminal receives --------------------

#: The terminal the keypresses of (c) are timed in.
PTY_SIZE = (160, 50)
#: Output stops for this long: the keypress's effect is all on screen.
QUIET = 0.25
#: Textual ends each frame with this once the terminal says it has synchronized output.
SYNC_END = b"\x1b[?2026l"
KEYS = {"down": b"\x1b[B", "up": b"\x1b[A"}


class Terminal:
    """A program in a pseudo-terminal, its output recorded with the time it came and
    replayed into a terminal emulator (pyte).  It says it has synchronized output (as
    kitty, WezTerm, foot and iTerm2 do), so Textual brackets each frame and the frames a
    keypress brings can be counted."""

    def __init__(self, argv: list[str], env: dict[str, str], size: tuple[int, int]) -> None:
        import fcntl
        import pty
        import struct
        import termios

        import pyte

        columns, rows = size
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the program, on the terminal's far side
            os.execvpe(argv[0], argv, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)

    def read(self, timeout: float) -> tuple[float, bytes] | None:
        """The next output within ``timeout`` seconds (and the time it came), or None."""
        import select

        if not select.select([self.fd], [], [], timeout)[0]:
            return None
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:
            return None
        at = time.perf_counter()
        if b"\x1b[?2026$p" in data:  # the question "synchronized output?": yes
            os.write(self.fd, b"\x1b[?2026;2$y")
        self.stream.feed(data)
        return at, data

    def until_quiet(self, quiet: float = QUIET, limit: float = 10.0) -> list[tuple[float, bytes]]:
        """Everything the program writes until it is quiet for ``quiet`` seconds."""
        got: list[tuple[float, bytes]] = []
        start = time.perf_counter()
        while time.perf_counter() - start < limit:
            chunk = self.read(quiet)
            if chunk is None:
                break
            got.append(chunk)
        return got

    def wait_for(self, text: str, limit: float = 30.0) -> bool:
        """Read until ``text`` is on the emulated screen."""
        start = time.perf_counter()
        while time.perf_counter() - start < limit:
            if any(text in line for line in self.screen.display):
                return True
            self.read(0.05)
        return False

    def send(self, data: bytes) -> float:
        os.write(self.fd, data)
        return time.perf_counter()

    def close(self) -> None:
        import select
        import signal

        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGHUP)  # the game autosaves (to a scratch folder)
        deadline = time.monotonic() + 5
        while not os.waitpid(self.pid, os.WNOHANG)[0]:
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
                break
            with contextlib.suppress(OSError):
                if select.select([self.fd], [], [], 0.02)[0]:
                    os.read(self.fd, 1 << 16)
        os.close(self.fd)


def pty_prompt_times(presses: int) -> tuple[list[float], list[float], list[int], str]:
    """(c) ``tui-naval play --map grand-regatta`` in a pseudo-terminal: the luck prompts
    passed, then up and down the first move prompt's options.  For each press: the time
    from writing the key to the first and to the last byte of its effect (output until it
    is quiet for ``QUIET`` s), and how many frames it took."""
    argv = [*program(), "play", "--map", "grand-regatta", "--seed", "1"]
    firsts: list[float] = []
    lasts: list[float] = []
    frames: list[int] = []
    with tempfile.TemporaryDirectory() as scratch:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPYCACHEPREFIX=scratch, XDG_CONFIG_HOME=scratch,
                   TUI_NAVAL_SAVES=scratch, TUI_NAVAL_DATA=scratch, TERM="xterm-256color")
        term = Terminal(argv, env, PTY_SIZE)
        try:
            if not term.wait_for("Luck"):
                raise RuntimeError("the battle never asked for luck")
            term.until_quiet()
            term.send(b"f")  # the AI's moves fast-forwarded
            for _ in range(40):  # pass every luck roll, up to the first move prompt
                if any(" Move " in line for line in term.screen.display):
                    break
                term.send(b"2")
                term.until_quiet(0.3)
            if not term.wait_for(" Move ", 30):
                raise RuntimeError("the battle never asked for a move")
            term.until_quiet(0.5)
            options = sum(1 for line in term.screen.display if line[:2].strip().isdigit())
            step, index = 1, 0
            for _ in range(presses):
                if not 0 <= index + step < max(2, options):
                    step = -step
                index += step
                before = list(term.screen.display)
                sent = term.send(KEYS["down" if step > 0 else "up"])
                got = term.until_quiet()
                if not got or term.screen.display == before:
                    raise RuntimeError("a key press changed nothing on screen")
                firsts.append(got[0][0] - sent)
                lasts.append(got[-1][0] - sent)
                data = b"".join(chunk for _, chunk in got)
                frames.append(data.count(SYNC_END) or 1)
        finally:
            term.close()
    where = f"grand-regatta, 20 ships, {PTY_SIZE[0]}x{PTY_SIZE[1]} pseudo-terminal"
    return firsts, lasts, frames, where


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


def report_presses(title: str, totals: list[float]) -> None:
    p95 = pct(totals, 0.95)
    print(f"    {title:<22} p50 {pct(totals, 0.5):6.2f} ms   p95 {p95:6.2f} ms   "
          f"max {max(totals) * 1000:6.2f} ms ({'ok' if p95 <= 16 else 'MISSED'})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="launches of each program")
    parser.add_argument("--presses", type=int, default=300, help="key presses timed, each case")
    parser.add_argument("--pty-presses", type=int, default=100,
                        help="key presses timed in the pseudo-terminal (c)")
    parser.add_argument("--only", choices=("launch", "repaint", "pty"), action="append",
                        help="run only these parts (a: launch, b: repaint, c: pty)")
    args = parser.parse_args()
    parts = set(args.only or ("launch", "repaint", "pty"))

    try:
        import pyte  # noqa: F401
    except ImportError:
        print("bench/tui.py needs pyte for the launch times: pip install -e '.[bench]'",
              file=sys.stderr)
        return 2
    if "launch" in parts:
        report_launch(args.runs)
    if "repaint" in parts:
        totals, renders, scrolled, where = asyncio.run(repaint_times(args.presses))
        print(f"(b) keypress to repaint, {args.presses} presses each on {where}; "
              "target p95 <= 16 ms")
        report_presses("board widget, cursor", totals)
        print(f"      of which render_line  p50 {pct(renders, 0.5):6.2f} ms   "
              f"p95 {pct(renders, 0.95):6.2f} ms")
        jumps = [t for t, s in zip(totals, scrolled, strict=True) if s]
        if jumps:
            print(f"      the {len(jumps)} presses that scrolled the view: "
                  f"p50 {pct(jumps, 0.5):6.2f} ms   max {max(jumps) * 1000:6.2f} ms")
        looks, options, _where = asyncio.run(battle_times(args.presses))
        report_presses("battle, look cursor", looks)
        report_presses("battle, prompt options", options)
    if "pty" in parts:
        firsts, lasts, frames, where = pty_prompt_times(args.pty_presses)
        print(f"(c) keypress to the terminal, {args.pty_presses} presses up and down the "
              f"move prompt on {where}; target: one frame, p95 <= 16 ms")
        report_presses("first byte", firsts)
        report_presses("last frame's bytes", lasts)
        several = [i + 1 for i, n in enumerate(frames) if n > 1]
        which = f": press {', '.join(map(str, several))}" if several else ""
        print(f"    frames per press: {statistics.mean(frames):.2f} on average, "
              f"{len(several)} of {len(frames)} presses drawn in more than one{which} "
              f"({'ok' if not several else 'MISSED'})")
    return 0


def report_launch(runs: int) -> None:
    """(a): launch times, and the target."""
    times = launch_times(runs)
    kinds = children()
    medians = {kind: statistics.median(found) for kind, found in times.items()}
    bare = medians["bare"]
    print(f"(a) launch to the first complete frame, {LAUNCH_SIZE[0]}x{LAUNCH_SIZE[1]} "
          f"pseudo-terminal, median of {runs} processes each")
    for kind, (title, _argv) in kinds.items():
        found = sorted(times[kind])
        print(f"    {title:30} {medians[kind]:7.1f} ms  x{medians[kind] / bare:4.2f}"
              f"   (min {found[0]:.1f}, max {found[-1]:.1f})")
    print(f"    (each round's own ratio, median: x{paired_ratio(times, 'play'):4.2f})")
    ratio = medians["play"] / bare
    print(f"    target: battle screen <= 1.50 x bare: {ratio:.2f} "
          f"{'ok' if ratio <= 1.5 else 'MISSED'}")

if __name__ == "__main__":
    sys.exit(main())
