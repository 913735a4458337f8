"""The hall of fame screen: its boards (all voyages, today's daily, one ruleset's), the
highlighted voyage in full, an empty or unreadable hall, ASCII, the sizes, and a snapshot."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from app_support import FIXED_NOW, make_app, screen_text, wait_for_screen, wait_until
from snapshot_apps import settled
from textual.pilot import Pilot
from textual.widgets import DataTable

from tui_naval.tui.app import NavalApp
from tui_naval.tui.screens.hall import HallScreen
from tui_naval.tui.screens.title import TitleScreen
from tui_naval.voyage.hall import Entry, Hall, hall_path

SnapCompare = Callable[..., bool]
TODAY = FIXED_NOW.date().isoformat()  # the app's clock in the tests
LONG_CAUSE = ("lost with all hands off Skerry Rock after a long chase through the shoals of "
              "the northern isles, her guns still firing")


@pytest.fixture
def hall(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Hall:
    """The data folder's hall of fame (the folder the test's own), with four voyages."""
    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    hall = Hall(hall_path())
    for entry in (
        Entry("Anne Bonny", 17, "kyngesreach", 7, 3, 1240, LONG_CAUSE, "2024-04-28",
              morgue="/home/anne/morgue/Anne-Bonny-2024-04-28-17.txt"),
        Entry("Jack Aubrey", 20240501, "ships-and-sails", 12, 9, 9800,
              "made the final fleet action, won", TODAY, daily=TODAY, won=True),
        Entry("Zoë Brisé", 5, "salt-n-tar", 2, 0, 80, "struck her colours to a frigate",
              "2024-04-30", daily="2024-04-30"),
        Entry("Grace O'Malley", 99, "kyngesreach", 4, 1, 610, "the crew struck", TODAY,
              daily=TODAY),
    ):
        hall.add(entry)
    return hall


def hall_app(tmp_path: Path, hall: Hall, **extra: Any) -> NavalApp:
    return make_app(tmp_path, lambda: HallScreen(hall), **extra)


def captains(app: NavalApp) -> list[str]:
    table: DataTable[Any] = app.screen.query_one("#hall-table", DataTable)
    return [str(table.get_row_at(n)[2]) for n in range(table.row_count)]


def detail(app: NavalApp) -> str:
    return "\n".join(screen_text(app).splitlines()[-5:])


async def test_the_boards_and_the_highlighted_voyage(tmp_path: Path, hall: Hall) -> None:
    app = hall_app(tmp_path, hall)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, HallScreen)
        assert captains(app) == ["Jack Aubrey", "Anne Bonny", "Grace O'Malley", "Zoë Brisé"]
        assert "Jack Aubrey: made the final fleet action, won." in detail(app)
        assert f"daily voyage of {TODAY}" in detail(app)
        await pilot.press("down")
        await pilot.pause()
        text = detail(app)
        assert LONG_CAUSE in " ".join(text.split())  # in full, under the table
        assert "Seed 17" in text and "Morgue: /home/anne/morgue/Anne-Bonny-2024-04-28-17.txt" \
            in text
        await pilot.press("d")
        await pilot.pause()
        assert captains(app) == ["Jack Aubrey", "Grace O'Malley"]
        assert f"Daily voyage of {TODAY}" in screen_text(app).splitlines()[0]
        await pilot.press("r")  # the first ruleset with voyages
        await pilot.pause()
        assert captains(app) == ["Grace O'Malley"]
        assert "Kyngesreach" in screen_text(app).splitlines()[0]
        await pilot.press("a")
        await pilot.pause()
        assert captains(app) == ["Anne Bonny", "Grace O'Malley"]
        await pilot.press("r")
        await pilot.pause()
        assert captains(app) == ["Zoë Brisé"]
        await pilot.press("r")
        await pilot.pause()
        assert captains(app) == ["Jack Aubrey"]
        await pilot.press("r")  # all rulesets again
        await pilot.pause()
        assert len(captains(app)) == 4
        await pilot.press("q")
        await wait_for_screen(pilot, TitleScreen)


async def test_escape_goes_back(tmp_path: Path, hall: Hall) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        app.push_screen(HallScreen(hall))
        await wait_for_screen(pilot, HallScreen)
        await pilot.press("escape")
        await wait_for_screen(pilot, TitleScreen)
        assert len(app.screen_stack) == 2  # (Textual's default screen, under the title)


async def test_an_empty_board_says_so(tmp_path: Path, hall: Hall) -> None:
    app = hall_app(tmp_path, Hall(tmp_path / "none" / "hall.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, HallScreen)
        assert "The hall of fame is empty" in screen_text(app)
    app = hall_app(tmp_path, hall, clock=lambda: FIXED_NOW.replace(year=2030))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, HallScreen)
        await pilot.press("d")
        await pilot.pause()
        assert captains(app) == []
        assert "No voyage on this board yet" in screen_text(app)


async def test_an_unreadable_hall_is_one_line_on_the_screen(tmp_path: Path) -> None:
    path = tmp_path / "hall.sqlite3"
    garbage = b"\x00 not a hall \xff" * 100
    path.write_bytes(garbage)
    app = hall_app(tmp_path, Hall(path))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, HallScreen)
        for key in ("d", "r", "a"):
            await pilot.press(key)
            await pilot.pause()
        assert screen.problem.count("\n") == 0 and "not an SQLite database" in screen.problem
        assert f"Hall of fame {path}: not an SQLite database; the file is left as it is" in \
            " ".join(detail(app).split())
        assert app.screen is screen
    assert path.read_bytes() == garbage


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_it_fits_80x24_and_uses_the_room_at_200x60(tmp_path: Path, hall: Hall,
                                                         size: tuple[int, int]) -> None:
    app = hall_app(tmp_path, hall)
    async with app.run_test(size=size) as pilot:
        screen = await wait_for_screen(pilot, HallScreen)
        table = screen.query_one("#hall-table", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        lines = screen_text(app).splitlines()
        assert "How it ended" in lines[2] and "Captain" in lines[2]
        assert "Jack Aubrey: made the final fleet action, won." in "\n".join(lines)
        assert (LONG_CAUSE in lines[4]) == (size == (200, 60))


async def test_ascii_only_draws_ascii(tmp_path: Path, hall: Hall) -> None:
    app = hall_app(tmp_path, hall, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, HallScreen)
        for key in ("end", "d"):  # Zoë Brisé highlighted, then the daily board
            await pilot.press(key)
            await pilot.pause()
            text = screen_text(app)
            assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
        await pilot.press("a", "end")
        await pilot.pause()
        assert "Zoe Brise" in screen_text(app)


def test_snapshot(snap_compare: SnapCompare, tmp_path: Path, hall: Hall) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await wait_for_screen(pilot, HallScreen)
        await pilot.press("down")
        await settled(pilot)

    assert snap_compare(hall_app(tmp_path, hall), terminal_size=(100, 30),
                        run_before=run_before)


async def test_a_tall_screen_shows_the_voyages_legs_and_chart_from_its_morgue(
        tmp_path: Path, hall: Hall) -> None:
    morgue = tmp_path / "Ned-2024-05-01-7.txt"
    morgue.write_text("tui-naval voyage: Ned in Salt'n'Tar\n\nHow it ended: sunk\n\n"
                      "The chart (@ where it ended, * the course sailed):\n  H..*@..X\n\n"
                      "The legs:\n   1. Wrack Cay: a storm\x1b[2J; no harm\n"
                      "   2. Otter Point: a battle; the Cutter was sunk\n\n"
                      "The last turns of the log:\n  T 9 game  over\n")
    hall.add(Entry("Ned", 7, "salt-n-tar", 2, 0, 99999, "sunk", TODAY, morgue=str(morgue)))
    gone = str(tmp_path / "gone.txt")
    hall.add(Entry("Kit", 8, "salt-n-tar", 1, 0, 99998, "sunk", TODAY, morgue=gone))
    app = hall_app(tmp_path, hall)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for_screen(pilot, HallScreen)
        assert captains(app)[0] == "Ned"
        text = screen_text(app)
        assert "The legs:" in text and "2. Otter Point: a battle; the Cutter was sunk" in text
        assert "H..*@..X" in text and "\x1b" not in text and "\\x1b[2J" in text
        assert "The last turns" not in text  # the log stays in the file
        await pilot.press("down")
        await pilot.pause()
        assert "The morgue file cannot be read (No such file or directory)" in \
            screen_text(app)
        await pilot.resize_terminal(100, 30)  # no room: the detail's three lines only
        await pilot.pause()
        assert "The morgue file" not in screen_text(app)
        await pilot.press("up")
        await pilot.pause()
        assert "The legs:" not in screen_text(app)


async def test_a_long_board_is_narrowed_by_typing(tmp_path: Path, hall: Hall) -> None:
    """Issue 61's / filter on every list of more than nine: a board of twelve voyages,
    `/` then "pirate d" (d is the Daily board's key) keeps the one that matches, its
    detail follows; Escape ends the filter, and a board of four offers none."""
    for n in range(8):
        hall.add(Entry(f"Captain {n}", n, "salt-n-tar", 1, 0, 10 * n, "foundered", "2024-04-01"))
    hall.add(Entry("Pirate Dan", 77, "salamis", 3, 2, 55, "sank at Salamis", "2024-04-02"))
    app = hall_app(tmp_path, hall)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, HallScreen)
        assert len(captains(app)) == 13 and "/ Filter" in screen_text(app)
        await pilot.press("slash", *"pirate d")
        await wait_until(pilot, lambda: captains(app) == ["Pirate Dan"], what="narrowed")
        assert "All voyages" in screen_text(app).splitlines()[0]  # d typed, not the daily
        await pilot.press("enter")
        await pilot.pause()
        assert "Pirate Dan: sank at Salamis." in detail(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: len(captains(app)) == 13, what="the filter ended")
        assert isinstance(app.screen, HallScreen)
        await pilot.press("d")
        await pilot.pause()
        assert "/ Filter" not in screen_text(app)  # two on today's board
