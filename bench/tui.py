"""Measure the TUI: launch time of the real program and keypress-to-repaint latency.

Run from the checkout::

    /work/venv/bin/python bench/tui.py [--runs 10] [--presses 300]

(a) Launch: fresh processes of the real program, each run headless in a 120x40
    terminal with ``TUI_NAVAL_BENCH_EXIT_AFTER_PAINT`` set, so that it prints the
    time from its spawn to its first painted screen and exits (see
    ``tui_naval.tui.app.BENCH_ENV``); median of ``--runs`` launches of each, next
    to a bare Textual hello-world app measured the same way in the same run.
    ``tui-naval play --seed 1`` is the target: the battle screen on channel-race,
    painted with the player's first prompt (or the AI thinking) and nothing left
    to redraw, at most 1.5x the bare app, spawn to paint.  The title screen
    (``tui-naval``) is shown too.  Spawn to exit (the whole process, interpreter
    shutdown included) is the second column.
(b) Keypress to repaint on the largest map (grand-regatta if present), filled up
    to 20 ships, in a 160x50 headless terminal; each press is timed from the key
    event being sent until every widget has handled it and the screen update that
    repaints it is done (the update is forced at once, so the frame timer's wait
    is not counted).  Three cases: the board widget alone (the cursor sweeps it,
    so scrolling repaints are included); the same sweep on the app's battle
    screen in look mode (the look panel follows the cursor); and the battle
    screen's prompt, up and down its options (each highlight previews the move on
    the board).  Target: p95 at most 16 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import subprocess
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

# -- (a) launch: fresh processes --------------------------------------------------
# Each child prints "painted <ms>", the milliseconds from its spawn (the Unix time
# in the environment variable) to its first painted screen.

HELLO = """\
import os, sys, time
from textual.app import App, ComposeResult
from textual.widgets import Static

class Hello(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Hello, world")

    def on_mount(self) -> None:
        self.call_after_refresh(self.painted)

    def painted(self) -> None:
        self.ms = (time.time() - float(os.environ[sys.argv[1]])) * 1000
        self.exit()

app = Hello()
app.run(headless=True, size=(int(sys.argv[2]), int(sys.argv[3])))
print(f"painted {app.ms:.1f}")
"""


def program() -> list[str]:
    """The installed ``tui-naval`` script beside this Python, else ``python -m tui_naval``."""
    script = Path(sys.executable).with_name("tui-naval")
    if script.is_file():
        return [str(script)]
    found = shutil.which("tui-naval")
    return [found] if found else [sys.executable, "-m", "tui_naval"]


def children() -> dict[str, tuple[str, list[str]]]:
    from tui_naval.tui.app import BENCH_ENV, BENCH_SIZE

    width, height = BENCH_SIZE
    return {
        "bare": ("bare Textual hello-world",
                 [sys.executable, "-c", HELLO, BENCH_ENV, str(width), str(height)]),
        "play": ("tui-naval play --seed 1", [*program(), "play", "--seed", "1"]),
        "title": ("tui-naval (title screen)", program()),
    }


def launch_times(runs: int) -> dict[str, list[tuple[float, float]]]:
    """(spawn to paint, spawn to exit) of fresh processes, with bytecode cached as for an
    installed package (this checkout runs with PYTHONDONTWRITEBYTECODE)."""
    from tui_naval.tui.app import BENCH_ENV

    kinds = children()
    times: dict[str, list[tuple[float, float]]] = {kind: [] for kind in kinds}
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache  # keeps .pyc files out of the checkout
        env["XDG_CONFIG_HOME"] = cache  # no user key bindings
        env["TUI_NAVAL_SAVES"] = cache

        def launch(kind: str) -> tuple[float, float]:
            env[BENCH_ENV] = f"{time.time():.6f}"
            start = time.perf_counter()
            out = subprocess.run(kinds[kind][1], check=True, env=env, capture_output=True,
                                 text=True, cwd=cache).stdout
            wall = (time.perf_counter() - start) * 1000
            painted = next(line for line in out.splitlines() if line.startswith("painted"))
            return float(painted.split()[1]), wall

        for kind in times:
            launch(kind)  # warm-up: writes the bytecode cache
        for _ in range(runs):
            for kind, found in times.items():  # interleaved, so drift hits all alike
                found.append(launch(kind))
    return times


# -- (b) keypress to repaint -----------------------------------------------------

def big_state() -> tuple[GameState, MapSpec]:
    """The largest map's state (grand-regatta if present), with ships added up to SHIPS."""
    from attrs import evolve

    from tui_naval.cli import new_game
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

    from tui_naval.core.grid import Cell
    from tui_naval.core.history import Game
    from tui_naval.tui.app import Config, NavalApp
    from tui_naval.tui.screens.battle import BattleScreen
    from tui_naval.tui.session import Session, default_seats

    state, spec = big_state()
    ruleset_game = _new_game(spec.name)
    game = Game(ruleset_game.ruleset, ruleset_game.setup, start=state)
    session = Session(game, default_seats(game))
    looks: list[float] = []
    options: list[float] = []
    with tempfile.TemporaryDirectory() as saves:
        config = Config(save_dir=Path(saves), keymap={}, ai_delay=0.0, handle_signals=False)
        app = NavalApp(config, lambda: BattleScreen(session))
        async with app.run_test(size=BIG_TERMINAL) as pilot:
            deadline = time.monotonic() + 30
            while not (isinstance(app.screen, BattleScreen) and app.screen.prompt.asking):
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
    from tui_naval.cli import new_game

    return new_game("salt-n-tar", map_name, 1, None)


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
    args = parser.parse_args()

    times = launch_times(args.runs)
    kinds = children()
    medians = {kind: [statistics.median(col) for col in zip(*rows, strict=True)]
               for kind, rows in times.items()}
    bare_paint, bare_exit = medians["bare"]
    print(f"(a) launch, median of {args.runs} processes each (ms; ratio to the bare app)")
    print(f"    {'':30} {'spawn->paint':>12} {'ratio':>6}   {'spawn->exit':>11} {'ratio':>6}")
    for kind, (title, _command) in kinds.items():
        paint, leave = medians[kind]
        print(f"    {title:30} {paint:12.1f} {paint / bare_paint:6.2f}   "
              f"{leave:11.1f} {leave / bare_exit:6.2f}")
    ratio = medians["play"][0] / bare_paint
    print(f"    target: battle screen painted <= 1.50 x bare: {ratio:.2f} "
          f"{'ok' if ratio <= 1.5 else 'MISSED'}")

    totals, renders, scrolled, where = asyncio.run(repaint_times(args.presses))
    print(f"(b) keypress to repaint, {args.presses} presses each on {where}; target p95 <= 16 ms")
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
