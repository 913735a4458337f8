"""Measure the board widget: launch time and keypress-to-repaint latency.

Run from the checkout::

    /work/venv/bin/python bench/tui.py [--runs 10] [--presses 300]

(a) Launch: wall time of a fresh process until its first screen is painted
    (then it exits), median of ``--runs``: a bare Textual hello-world app, an
    app showing an OceanView with a real Salt'n'Tar state (the target: at most
    1.5x the bare app), the same with the wind rose, ship and look panels, and
    that built through ``cli.new_game`` as the real entry point does.  Each
    child also reports its phases: imports, game setup, and the rest (app
    start, CSS, first paint).
(b) Keypress to repaint: the largest map (grand-regatta if present), filled up
    to 20 ships, in a 160x50 headless terminal; each press is timed from the
    key event being sent to the end of the screen update that repaints it
    (the update is forced at once, so the frame timer's wait is not counted).
    The cursor sweeps the board, so scrolling repaints are included.
    Target: p95 at most 16 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.strip import Strip

    from tui_naval.core.maps import MapSpec
    from tui_naval.core.state import GameState

BENCH = Path(__file__).resolve()
SHIPS = 20


# -- child processes for (a) ---------------------------------------------------
# Each prints "phases <imports> <setup> <paint>" in ms, counted from its own start.

def child_bare() -> None:
    t0 = time.perf_counter()
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    t1 = time.perf_counter()

    class Hello(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("Hello, world")

        def on_mount(self) -> None:
            self.call_after_refresh(self.exit)

    Hello().run(headless=True, size=(100, 30))
    t3 = time.perf_counter()
    print(f"phases {(t1 - t0) * 1000:.1f} 0 {(t3 - t1) * 1000:.1f}")


def child_ocean(panels: bool, via_cli: bool) -> None:
    t0 = time.perf_counter()
    from typing import Any

    from textual.app import App, ComposeResult
    from textual.containers import Horizontal, Vertical

    from tui_naval.tui.widgets import LookPanel, OceanView, ShipPanel, WindRose

    if via_cli:
        from tui_naval.cli import new_game
    else:
        from tui_naval.core.history import Game
        from tui_naval.core.maps import load_map
        from tui_naval.core.scenario import Setup
        from tui_naval.rulesets import find_ruleset

    t1 = time.perf_counter()
    setup_time = [0.0]

    def make_game() -> Any:
        if via_cli:
            return new_game("salt-n-tar", "channel-race", 1, "hex-flat")
        ruleset = find_ruleset("salt-n-tar")
        spec = load_map("channel-race")
        return Game(ruleset, Setup(ruleset.name, spec.name, spec.text, spec.grids[0], 1))

    class Naval(App[None]):
        CSS = "#side { width: 34; }"

        def compose(self) -> ComposeResult:
            if not panels:
                yield OceanView()
                return
            with Horizontal():
                yield OceanView()
                with Vertical(id="side"):
                    yield WindRose()
                    yield ShipPanel()
                    yield LookPanel()

        def on_mount(self) -> None:
            start = time.perf_counter()
            game = make_game()
            setup_time[0] = time.perf_counter() - start
            state = game.state
            ship = state.ships[0]
            ocean = self.query_one(OceanView)
            ocean.show(state, selected=ship.id)
            ocean.cursor = ship.cell
            if panels:
                self.query_one(WindRose).show(state.grid, state.wind)
                self.query_one(ShipPanel).show(ship.id, game.ruleset.describe(state, ship.id))
                self.query_one(LookPanel).show(state, ship.cell, selected=ship.id)
            self.call_after_refresh(self._painted)

        def _painted(self) -> None:
            # Exit once the board has really been drawn.
            if not len(self.query_one(OceanView)._line_cache):
                self.call_after_refresh(self._painted)
            else:
                self.exit()

    Naval().run(headless=True, size=(100, 30))
    t3 = time.perf_counter()
    print(f"phases {(t1 - t0) * 1000:.1f} {setup_time[0] * 1000:.1f} "
          f"{(t3 - t1 - setup_time[0]) * 1000:.1f}")


CHILDREN = {
    "bare": "bare Textual hello-world",
    "ocean": "OceanView, real state",
    "panels": "+ wind, ship, look panels",
    "cli": "+ cli.new_game (imports AI)",
}


def launch_times(runs: int) -> dict[str, list[tuple[float, ...]]]:
    """(wall, imports, setup, paint) of fresh processes, with bytecode cached as for an
    installed package (this checkout runs with PYTHONDONTWRITEBYTECODE)."""
    times: dict[str, list[tuple[float, ...]]] = {kind: [] for kind in CHILDREN}
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache  # keeps .pyc files out of the checkout

        def launch(kind: str) -> tuple[float, ...]:
            start = time.perf_counter()
            out = subprocess.run([sys.executable, str(BENCH), "--child", kind], check=True,
                                 env=env, capture_output=True, text=True).stdout
            wall = (time.perf_counter() - start) * 1000
            phases = next(line for line in out.splitlines() if line.startswith("phases"))
            return (wall, *map(float, phases.split()[1:]))

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


async def repaint_times(presses: int) -> tuple[list[float], list[float], list[bool], str]:
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
    async with app.run_test(size=(160, 50)) as pilot:
        ocean.show(state, selected=state.ships[0].id)
        ocean.focus()
        ocean.cursor = Cell(0, 0)
        await pilot.pause()
        grid = state.grid
        # A sweep: right across, down a little, left across, ... like a player hunting.
        keys: list[str] = []
        row, step = ocean.cursor.row, 1
        while len(keys) < presses:
            for across in ("right", "left"):
                keys += [across] * (grid.width - 1)
                for _ in range(3):
                    if not 0 <= row + step < grid.height:
                        step = -step
                    row += step
                    keys.append("down" if step > 0 else "up")
        moved = 0
        for key in keys[:presses]:
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
             f"{len(state.ships)} ships, 160x50 terminal")
    return totals, renders, scrolled, where


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="launches of each app")
    parser.add_argument("--presses", type=int, default=300, help="key presses timed")
    parser.add_argument("--child", choices=tuple(CHILDREN), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "bare":
        child_bare()
        return 0
    if args.child:
        child_ocean(panels=args.child != "ocean", via_cli=args.child == "cli")
        return 0

    times = launch_times(args.runs)
    medians = {kind: [statistics.median(col) for col in zip(*rows, strict=True)]
               for kind, rows in times.items()}
    bare = medians["bare"][0]
    print(f"(a) launch to first paint, median of {args.runs} processes each (ms)")
    print(f"    {'':28} {'wall':>7} {'ratio':>6}   imports   setup   paint")
    for kind, title in CHILDREN.items():
        wall, imports, setup, paint = medians[kind]
        print(f"    {title:28} {wall:7.1f} {wall / bare:6.2f}   {imports:7.1f} {setup:7.1f} "
              f"{paint:7.1f}")
    ratio = medians["ocean"][0] / bare
    print(f"    target: OceanView <= 1.50 x bare: {ratio:.2f} {'ok' if ratio <= 1.5 else 'MISSED'}")

    totals, renders, scrolled, where = asyncio.run(repaint_times(args.presses))
    p95 = pct(totals, 0.95)
    print(f"(b) keypress to repaint, {len(totals)} presses on {where}")
    print(f"    key -> repainted   p50 {pct(totals, 0.5):6.2f} ms   p95 {p95:6.2f} ms   "
          f"max {max(totals) * 1000:6.2f} ms (target p95 <= 16: "
          f"{'ok' if p95 <= 16 else 'MISSED'})")
    print(f"    of which render_line  p50 {pct(renders, 0.5):6.2f} ms   "
          f"p95 {pct(renders, 0.95):6.2f} ms")
    jumps = [t for t, s in zip(totals, scrolled, strict=True) if s]
    if jumps:
        print(f"    the {len(jumps)} presses that scrolled the view: "
              f"p50 {pct(jumps, 0.5):6.2f} ms   max {max(jumps) * 1000:6.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
