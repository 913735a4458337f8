"""The battle screen's first frame is the whole screen, the key bar and the log behave,
and garbage collection paused for the launch comes back once the screen is drawn."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
from app_support import make_app, mode_of, screen_text, wait_for_screen, wait_until
from rich.text import Text
from textual.css.stylesheet import Stylesheet
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.scrollbar import ScrollBar, ScrollBarCorner

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.tui.dialogs.save import SaveDialog
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.widgets.key_bar import KeyBar
from tui_naval.tui.widgets.message_log import LogEntry, MessageLog


def battle(ruleset: str = "salt-n-tar", map_name: str | None = "channel-race",
           hot_seat: bool = False) -> MatchScreen:
    game = new_game(ruleset, map_name, 3, None)
    sides = game.state.sides
    return battle_screen(Session(game, {sides[0]: "human",
                                       sides[1]: "human" if hot_seat else "greedy"}))


@pytest.mark.parametrize("size", [(100, 30), (80, 24), (120, 40)])
@pytest.mark.parametrize("ruleset", [("salt-n-tar", "channel-race"), ("kyngesreach", None)])
async def test_the_first_frame_is_the_whole_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int],
        ruleset: tuple[str, str | None]) -> None:
    """What the battle screen first paints is what it shows once settled: the map
    already centred on the ship, the prompt, the log, the side panels, the keys.  (Both
    sides are human, so that the first decision is a player's, whichever side it is.)"""
    frames: list[list[str]] = []
    original = Screen._compositor_refresh

    def recorded(self: Screen[Any]) -> None:
        original(self)
        if isinstance(mode_of(self), BattleMode) and not frames:
            frames.append(screen_text(self.app).splitlines())

    monkeypatch.setattr(Screen, "_compositor_refresh", recorded)
    app = make_app(tmp_path, lambda: battle(*ruleset, hot_seat=True))
    async with app.run_test(size=size) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking, what="the first prompt")
        await pilot.pause()
        settled = screen_text(app).splitlines()
        assert frames, "the battle screen was never drawn"
        # Textual shows a widget's scroll bars a layout after its content overflows: the
        # bars' thumbs may come a frame later (the gutters are reserved, so nothing moves).
        bars = [geometry.region for widget, geometry in screen._compositor.full_map.items()
                if isinstance(widget, ScrollBar | ScrollBarCorner)]
        assert without(frames[0], bars) == without(settled, bars)
        ship = screen.match.game.state.ship(screen.selected or "")
        assert screen.ocean.scroll_offset != (0, 0) or \
            screen.ocean.region_of(ship.cell).bottom <= screen.ocean.view_size.height


async def test_the_first_frame_is_drawn_outside_the_start_batch(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual starts an app in a batch update that shows nothing: the battle screen's
    first frame must be drawn after it, or it is drawn for nothing and shown a refresh
    later."""
    batches: list[int] = []
    original = Screen._compositor_refresh

    def recorded(self: Screen[Any]) -> None:
        if isinstance(mode_of(self), BattleMode):
            batches.append(self.app._batch_count)
        original(self)

    monkeypatch.setattr(Screen, "_compositor_refresh", recorded)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(100, 30)) as pilot:
        await first_prompt(pilot)
        assert batches and batches[0] == 0


def without(lines: list[str], regions: list[Region]) -> list[str]:
    """The screen's lines with the cells of ``regions`` blanked."""
    grid = [list(line) for line in lines]
    for region in regions:
        for y in range(region.y, region.bottom):
            for x in range(region.x, region.right):
                if y < len(grid) and x < len(grid[y]):
                    grid[y][x] = " "
    return ["".join(row) for row in grid]


async def first_prompt(pilot: Pilot[Any]) -> MatchScreen:
    """The battle screen once it asks the player."""
    screen: MatchScreen = await wait_for_screen(pilot, BattleMode)
    await wait_until(pilot, lambda: screen.prompt.asking, what="the first prompt")
    return screen


async def test_the_key_bar_shows_the_keys_and_a_click_presses_one(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await first_prompt(pilot)
        bar = screen.query_one(KeyBar)
        shown = {description: enabled for _key, _display, description, enabled in bar.shown_keys()}
        assert shown["Save"] and shown["Menu"]
        assert shown["Undo"] is False  # nothing to undo yet: shown, dimmed
        assert "Redo" not in shown  # bound, but kept out of the bar
        line = screen_text(app).splitlines()[-1]
        column = line.index("Save")
        await pilot.click(KeyBar, offset=(column, 0))
        await wait_for_screen(pilot, SaveDialog)


async def test_the_key_bar_follows_the_bindings(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await first_prompt(pilot)
        bar = screen.query_one(KeyBar)
        await pilot.press("1")  # a decision: now there is one to undo
        await wait_until(pilot, lambda: screen.match.last_here_index() is not None
                         and screen.prompt.asking, what="the next prompt")
        await pilot.pause()
        assert {d: e for _k, _s, d, e in bar.shown_keys()}["Undo"] is True


def entry(n: int, text: str = "") -> LogEntry:
    return LogEntry(1, "wind", "cyan", Text(text or f"event {n}"))


async def test_the_log_follows_the_newest_entry_until_scrolled_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        log = screen.query_one(MessageLog)
        log.replace([entry(n) for n in range(40)])
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        assert "event 39" in screen_text(app)
        log.add(entry(40))
        await pilot.pause()
        assert "event 40" in screen_text(app) and log.scroll_y == log.max_scroll_y
        log.scroll_to(y=0, animate=False, immediate=True)  # the player reads back
        log.add(entry(41))
        await pilot.pause()
        assert log.scroll_y == 0 and "event 41" not in screen_text(app)
        log.scroll_end(animate=False, immediate=True)  # back at the end: follows again
        log.add(entry(42))
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y and "event 42" in screen_text(app)


async def test_the_big_log_wraps_and_keeps_the_end_in_view(tmp_path: Path) -> None:
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        log = screen.query_one(MessageLog)
        long = "a long event " * 20
        log.replace([entry(n, f"{long}{n}") for n in range(10)])
        log.toggle_big()
        await pilot.pause()
        await pilot.pause()
        assert log.virtual_size.height == len(log.lines) > 10
        assert log.scroll_y == log.max_scroll_y
        assert "9" in log.lines[-1].text or "9" in log.lines[-2].text


async def test_the_log_drops_its_oldest_entries(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(MessageLog, "MAX_ENTRIES", 5)
    app = make_app(tmp_path, battle)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        log = screen.query_one(MessageLog)
        log.replace([])
        for n in range(8):
            log.add(entry(n))
        await pilot.pause()
        assert [e.body.plain for e in log.entries] == [f"event {n}" for n in range(3, 8)]
        assert [line.text.split()[-1] for line in log.lines] == ["3", "4", "5", "6", "7"]
        log.toggle_big()
        log.add(entry(8))
        await pilot.pause()
        assert [line.text.split()[-1] for line in log.lines] == ["4", "5", "6", "7", "8"]


async def test_collection_paused_for_the_launch_resumes_after_the_first_frame(
        tmp_path: Path) -> None:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        app = make_app(tmp_path, battle)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for_screen(pilot, BattleMode)
            await wait_until(pilot, gc.isenabled, what="collection to resume")
    finally:
        gc.enable() if was_enabled else gc.disable()
        gc.unfreeze()


def test_the_app_runs_with_a_short_thread_switch_interval(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's writer thread gets to write a frame within a millisecond of it being
    drawn, not after Python's default 5 ms; the interval is put back afterwards."""
    import sys

    from tui_naval.tui import launch
    from tui_naval.tui.app import NavalApp

    seen: list[float] = []
    monkeypatch.setattr(NavalApp, "run", lambda self: seen.append(sys.getswitchinterval()))
    before = sys.getswitchinterval()
    assert launch.run_app(make_app(tmp_path).config) == 0
    assert seen == [launch.SWITCH_INTERVAL] and before > launch.SWITCH_INTERVAL
    assert sys.getswitchinterval() == before


async def stylings_to_the_first_prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       size: tuple[int, int], **config: Any) -> int:
    """How many times the stylesheet styled a node from the launch to the first prompt."""
    count = 0
    original = Stylesheet.apply

    def counted(self: Stylesheet, *args: Any, **kwargs: Any) -> None:
        nonlocal count
        count += 1
        original(self, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    app = make_app(tmp_path, lambda: battle(hot_seat=True), **config)
    async with app.run_test(size=size) as pilot:
        screen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking, what="the first prompt")
        await pilot.pause()
    return count


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_a_short_terminal_styles_the_screen_no_more_than_a_tall_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    """The classes a short terminal gives the screen (``-low``, ``-cramped``) are set
    before its widgets are first styled: set after, every widget was styled again, once
    a class (at 80x24, 211 stylings where 120x40 needs 85)."""
    tall = await stylings_to_the_first_prompt(tmp_path / "tall", monkeypatch, (120, 40))
    short = await stylings_to_the_first_prompt(tmp_path / "short", monkeypatch, size)
    assert short <= tall


async def test_hints_on_style_the_screen_no_more_than_hints_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With hints on (the tutorial, ``--hints``) the screen's ``-hinting`` class is set
    before its widgets are first styled, as the size's are (set after: 148 stylings where
    85 do)."""
    off = await stylings_to_the_first_prompt(tmp_path / "off", monkeypatch, (100, 30))
    on = await stylings_to_the_first_prompt(tmp_path / "on", monkeypatch, (100, 30),
                                            hints=True)
    assert on <= off
