"""The hall of fame (``voyage/hall.py``) and ``tui-naval scores`` (``cli/scores.py``):
ranking, boards, a restart, a missing, corrupt or foreign file (reported, never touched),
writers at the same time, and the command's table and errors."""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from attrs import evolve

from tui_naval import cli
from tui_naval.app.setup import SetupError
from tui_naval.cli.options import EXIT_USAGE
from tui_naval.cli.scores import EMPTY, WIDTH, add, scores_table
from tui_naval.rulesets import UnknownRuleset
from tui_naval.voyage import hall as hall_module
from tui_naval.voyage.daily import today
from tui_naval.voyage.hall import Entry, Hall, HallError, hall_path

GARBAGE = b"\x00\x01 not a database at all \xff" * 300


def entry(name: str = "Anne", score: int = 100, day: str = "2024-05-01", daily: str = "",
          ruleset: str = "kyngesreach", seed: int = 17, cause: str = "lost off Skerry Rock",
          won: bool = False) -> Entry:
    return Entry(name=name, seed=seed, ruleset=ruleset, legs=5, prizes=2, score=score,
                 cause=cause, date=day, daily=daily, won=won, record='{"orders": []}',
                 morgue="/tmp/morgue.txt")


def names(board: list[tuple[int, Entry]]) -> list[tuple[int, str]]:
    return [(rank, e.name) for rank, e in board]


# -- ranking and boards -------------------------------------------------------------------

def test_ranks_by_score_then_the_earlier_date_then_the_first_entered(tmp_path: Path) -> None:
    hall = Hall(tmp_path / "hall.sqlite3")
    assert hall.add(entry("A", 100, "2024-05-03")) == 1
    assert hall.add(entry("B", 300, "2024-05-03")) == 1
    assert hall.add(entry("C", 100, "2024-05-01")) == 2  # as A, but earlier
    assert hall.add(entry("D", 100, "2024-05-03")) == 4  # as A, and after it
    assert hall.add(entry("E", 5, "2024-01-01")) == 5
    assert names(hall.top()) == [(1, "B"), (2, "C"), (3, "A"), (4, "D"), (5, "E")]
    assert names(hall.top(limit=2)) == [(1, "B"), (2, "C")]


def test_the_daily_board_and_the_ruleset_filter(tmp_path: Path) -> None:
    hall = Hall(tmp_path / "hall.sqlite3")
    hall.add(entry("all-days", 900))
    hall.add(entry("day-one", 200, daily="2024-05-01"))
    hall.add(entry("day-one-best", 400, daily="2024-05-01", ruleset="salamis"))
    hall.add(entry("day-two", 700, "2024-05-02", daily="2024-05-02"))
    assert names(hall.top()) == [(1, "all-days"), (2, "day-two"), (3, "day-one-best"),
                                 (4, "day-one")]
    assert names(hall.top(daily="2024-05-01")) == [(1, "day-one-best"), (2, "day-one")]
    assert names(hall.top(ruleset="kyngesreach")) == [(1, "all-days"), (2, "day-two"),
                                                      (3, "day-one")]
    assert names(hall.top(daily="2024-05-01", ruleset="kyngesreach")) == [(1, "day-one")]
    assert hall.top(daily="1999-01-01") == []
    assert hall.rulesets() == ["kyngesreach", "salamis"]


def test_it_survives_a_restart_entry_for_entry(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "hall.sqlite3"
    huge = entry("Huge", 2**40, seed=2**64 - 1, cause="made the final fleet action, won",
                 won=True, daily="2024-05-01")
    Hall(path).add(entry("Anne"))
    Hall(path).add(huge)
    again = Hall(path)  # as a new process finds it
    assert again.top() == [(1, evolve(huge, id=2)), (2, evolve(entry("Anne"), id=1))]
    assert again.get(2) == evolve(huge, id=2)
    assert again.get(3) is None


def test_a_missing_hall_is_empty_and_reading_makes_nothing(tmp_path: Path) -> None:
    hall = Hall(tmp_path / "nowhere" / "hall.sqlite3")
    assert hall.top() == [] and hall.rulesets() == [] and hall.get(1) is None
    assert not (tmp_path / "nowhere").exists()


def test_an_empty_file_is_an_empty_hall(tmp_path: Path) -> None:
    path = tmp_path / "hall.sqlite3"
    path.write_bytes(b"")
    hall = Hall(path)
    assert hall.top() == []
    assert hall.add(entry()) == 1
    assert names(Hall(path).top()) == [(1, "Anne")]


def test_the_default_path_is_in_the_data_folder(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    assert hall_path() == tmp_path / "data" / "hall.sqlite3"


# -- files that are no hall: reported in one line, never touched ------------------------

def assert_reported_and_untouched(path: Path, words: str) -> None:
    before = path.read_bytes()
    hall = Hall(path)
    for attempt in (hall.top, hall.rulesets, lambda: hall.add(entry())):
        with pytest.raises(HallError) as caught:
            attempt()
        message = str(caught.value)
        assert "\n" not in message and str(path) in message and words in message, message
        assert "left as it is" in message
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no journal left


def test_a_corrupt_file_is_reported_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "hall.sqlite3"
    path.write_bytes(GARBAGE)
    assert_reported_and_untouched(path, "not an SQLite database")


def test_another_programs_database_is_reported_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "hall.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
        db.execute("INSERT INTO recipes VALUES ('grog')")
    assert_reported_and_untouched(path, "another program's database")


def test_a_newer_schema_is_reported_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "hall.sqlite3"
    Hall(path).add(entry())
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 7")
    assert_reported_and_untouched(path, "newer tui-naval (schema 7")


def test_a_damaged_entry_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "hall.sqlite3"
    Hall(path).add(entry())
    with sqlite3.connect(path) as db:
        db.execute("UPDATE voyages SET seed = 'seventeen'")
    with pytest.raises(HallError, match="a damaged entry"):
        Hall(path).top()


# -- writers at the same time -----------------------------------------------------------

def test_writers_at_the_same_time_all_get_in(tmp_path: Path) -> None:
    path = tmp_path / "hall.sqlite3"
    errors: list[BaseException] = []

    def write(who: int) -> None:
        try:
            for n in range(10):
                Hall(path).add(entry(f"{who}-{n}", score=who * 100 + n))
        except BaseException as exc:  # (reported below, not lost in the thread)
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(who,)) for who in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    board = Hall(path).top(limit=100)
    assert len(board) == 40 and [e.score for _, e in board] == sorted(
        (w * 100 + n for w in range(4) for n in range(10)), reverse=True)


def test_a_writer_kept_waiting_too_long_is_told_the_hall_is_busy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "hall.sqlite3"
    Hall(path).add(entry())
    monkeypatch.setattr(hall_module, "BUSY_SECONDS", 0.05)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(HallError, match="busy"):
            Hall(path).add(entry("Late"))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert names(Hall(path).top()) == [(1, "Anne")]


def test_the_hall_never_imports_textual() -> None:
    code = ("import sys, tui_naval.voyage.hall, tui_naval.cli.scores; "
            "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


# -- tui-naval scores ---------------------------------------------------------------------

def scores(argv: list[str]) -> int:
    """Run ``scores`` through its own parser, as the CLI will."""
    parser = argparse.ArgumentParser(prog="tui-naval")
    add(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["scores", *argv])
    code: int = args.func(args)
    return code


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own; the hall of fame's path in it."""
    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    return hall_path()


def test_scores_of_an_empty_hall(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert scores([]) == 0
    assert capsys.readouterr().out == EMPTY + "\n"
    assert not data.exists()


def test_scores_prints_an_aligned_table_within_100_columns(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hall = Hall(data)
    hall.add(entry("Anne Bonny", 1240, cause="lost with all hands off Skerry Rock " * 5))
    hall.add(entry("Jack Aubrey of the Surprise, post-captain", 98000, ruleset="ships-and-sails",
                   cause="made the final fleet action, won", won=True))
    assert scores([]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Hall of fame"
    head, first, second = lines[2:]
    assert head.split()[:4] == ["#", "Score", "Captain", "Ruleset"]
    assert first.split()[:3] == ["1", "98000", "Jack"] and "Anne Bonny" in second
    assert max(map(len, lines)) <= WIDTH and len(second) == WIDTH  # the cause cut to fit
    assert second.endswith("...")
    assert first.index("ships-and-sails") == second.index("kyngesreach") == \
        head.index("Ruleset")
    assert first.index("98000") + 5 == second.index("1240") + 4  # figures to the right


def test_scores_boards_daily_and_by_ruleset(data: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    hall = Hall(data)
    hall.add(entry("Old", 50, daily="2024-05-01"))
    hall.add(entry("Now", 60, today().isoformat(), daily=today().isoformat(),
                   ruleset="salamis"))
    assert scores(["--daily", "2024-05-01"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Daily voyage of 2024-05-01") and "Old" in out and "Now" not in out
    assert scores(["--daily"]) == 0  # today's
    out = capsys.readouterr().out
    assert f"Daily voyage of {today().isoformat()}" in out and "Now" in out and "Old" not in out
    assert scores(["--ruleset", "triremes", "--limit", "5"]) == 0  # an alias
    out = capsys.readouterr().out
    assert out.startswith("Hall of fame, salamis") and "Now" in out and "Old" not in out
    assert scores(["--ruleset", "kr", "--daily", "1999-12-31"]) == 0
    assert capsys.readouterr().out == "Daily voyage of 1999-12-31, kyngesreach: no voyage yet.\n"


def test_scores_errors_are_one_line(data: Path) -> None:
    with pytest.raises(SetupError, match="expected a date as YYYY-MM-DD"):
        scores(["--daily", "yesterday"])
    with pytest.raises(UnknownRuleset):
        scores(["--ruleset", "checkers"])
    with pytest.raises(SystemExit):
        scores(["--limit", "0"])


def test_the_command_line_reports_a_corrupt_hall_in_one_line(
        data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    data.parent.mkdir(parents=True)
    data.write_bytes(GARBAGE)
    assert cli.main(["scores"]) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "not an SQLite database" in captured.err
    assert "Traceback" not in captured.err
    assert data.read_bytes() == GARBAGE
    assert cli.main(["scores", "--ruleset", "checkers"]) == EXIT_USAGE
    assert capsys.readouterr().err.startswith("tui-naval: error: unknown ruleset 'checkers'")


def test_the_table_says_when_a_board_is_empty() -> None:
    assert scores_table([]) == [EMPTY]
    assert scores_table([], day="2024-05-01") == ["Daily voyage of 2024-05-01: no voyage yet."]
