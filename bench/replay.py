"""Replay benchmark: a step back on a 60-turn, 20-ship game, and the memory the replay keeps.

Run: python bench/replay.py [--presses N] [--turns N] [--size 100x30]

The game: grand-regatta (20 ships) with its course sailed three times round (so that the
race lasts), greedy against greedy for ``--turns`` turns, saved and read back as a
recording (``core.replay.load_recording``).

(a) Memory: the bytes reachable from all the recording's states but not from its first
    (what keeping every position costs), in all and per position; and the log entries
    the replay screen shows at the end of the game.
(b) A step back in the match: a replay's ``Match.undo`` (free to go back) and the
    question asked there, worked out (what the screen shows), from the end to the start.
(c) A step back on the replay screen (headless app, ``--size``): each press of the key
    timed from the key event being sent until the screen has handled it and the screen
    update that repaints it is done (forced at once, as in ``bench/tui.py``), for
    ``--presses`` presses of "left" from the end, then "<" (a turn back) to the start.
    Target: p95 at most 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from headless import reachable  # (bench/ is on the path when a bench is run as a script)

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.app.match import Match, Undo
from tui_naval.app.runner import QueuedRunner
from tui_naval.app.seats import Seat
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.controller import play
from tui_naval.core.maps import load_map
from tui_naval.core.replay import Recording, load_recording
from tui_naval.core.saves import save_game
from tui_naval.rulesets import find_ruleset

MAP = "grand-regatta"
LAPS = 3


def long_race(folder: Path, turns: int, seed: int) -> Path:
    """A save of grand-regatta sailed ``LAPS`` times round, greedy against greedy, for
    ``turns`` turns (or to its end)."""
    text = load_map(MAP).text
    course = next(line for line in text.splitlines() if line.startswith("course:"))
    marks = course.split(":", 1)[1].split()
    laps = " ".join(marks[:-1] * LAPS + marks[-1:])
    map_path = folder / f"{MAP}-laps.map"
    map_path.write_text(text.replace(course, f"course: {laps}"), encoding="utf-8")
    game = new_game("salt-n-tar", str(map_path), seed, None)
    play(game, {side: GreedyPlayer(game.ruleset) for side in game.state.sides},
         turns=turns - 1)
    path = folder / "long-race.json"
    save_game(game, path)
    return path


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(name: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return (f"{name}: {len(ms)} presses, median {statistics.median(ms):.1f} ms, "
            f"p95 {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms")


def memory(recording: Recording) -> tuple[int, float]:
    """Bytes the recording's states keep beyond its first state, and per position."""
    states = list(recording.states)
    base = reachable([states[0]])
    everything = reachable([recording.states])
    extra = sum(size for oid, size in everything.items() if oid not in base)
    return extra, extra / max(1, recording.last)


def core_steps(recording: Recording) -> list[float]:
    game = recording.game(recording.last)
    seats = {side: Seat.recorded(side) for side in game.state.sides}
    match = Match(Session(game, {}), seats, QueuedRunner(), undo=Undo.FREE)
    match.listen(lambda happening: None)
    times = []
    while True:
        start = time.perf_counter()
        if not match.undo():
            break
        _ = match.question
        times.append(time.perf_counter() - start)
    return times


async def screen_steps(recording: Recording, presses: int,
                       size: tuple[int, int]) -> tuple[list[float], list[float], int]:
    """(c): step-back and turn-back press times, and the log entries the screen made."""
    from textual import events
    from textual.pilot import Pilot

    from tui_naval.tui.app import Config, NavalApp
    from tui_naval.tui.modes.replay import replay_screen

    steps: list[float] = []
    turns: list[float] = []
    with tempfile.TemporaryDirectory() as saves:
        config = Config(save_dir=Path(saves), keymap={}, handle_signals=False)
        screen = replay_screen(recording, recording.last)
        app = NavalApp(config, lambda: screen)
        async with app.run_test(size=size) as pilot:
            while not (app.screen is screen and screen.is_mounted):
                await pilot.pause(0.01)
            await pilot.pause()

            async def settle() -> None:
                await Pilot(app)._wait_for_screen()
                app.screen._on_timer_update()

            position: Callable[[], int] = lambda: len(screen.match.game.orders)  # noqa: E731

            async def press(key: str, into: list[float]) -> None:
                before = position()
                done: Callable[[], bool] = lambda: position() != before  # noqa: E731
                start = time.perf_counter()
                app.post_message(events.Key(key, None))
                while not done() and time.perf_counter() - start < 1.0:
                    await asyncio.sleep(0)
                await settle()
                into.append(time.perf_counter() - start)
                assert done(), f"key {key!r} did nothing"

            await settle()
            entries = len(screen.log_view.entries)
            for _ in range(min(presses, recording.last)):
                await press("left", steps)
            while position() > 0:
                await press("less_than_sign", turns)
    return steps, turns, entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="100x30", help="the terminal, COLSxROWS")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.lower().split("x"))
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        path = long_race(Path(folder), args.turns, args.seed)
        played = time.perf_counter() - start
        start = time.perf_counter()
        recording = load_recording(path, find_ruleset)
        loaded = time.perf_counter() - start
    last = recording.states[-1]
    print(f"game: {MAP} sailed {LAPS} times round, {len(last.ships)} ships, greedy vs greedy, "
          f"seed {args.seed}: {last.turn} turns, {recording.last} decisions "
          f"(played in {played:.1f} s, read back as a recording in {loaded:.2f} s)")
    extra, per = memory(recording)
    print(f"memory kept: {extra / 2**20:.1f} MiB for {recording.last + 1} positions "
          f"({per / 1024:.2f} KB a position beyond the first state)")
    print(report("match step back (Match.undo + its question)", core_steps(recording)))
    steps, turns, entries = asyncio.run(screen_steps(recording, args.presses, (width, height)))
    print(f"replay screen at {width}x{height}, its log at the end: {entries} entries")
    print(report("screen step back (left)", steps) + "  target p95 <= 50 ms")
    print(report("screen turn back (<)", turns) + "  target p95 <= 50 ms")


if __name__ == "__main__":
    main()
