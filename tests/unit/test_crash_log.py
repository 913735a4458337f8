"""An error nothing expected: logged in full in the data folder, one line for the player."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui_naval import cli
from tui_naval.app import crash_log
from tui_naval.cli import command_line


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def failing() -> None:
    secret = "/home/someone/map text"  # a local the player must never see
    raise RuntimeError(f"the rules broke near {secret}")


def test_the_log_holds_the_traceback_and_the_line_names_it(data: Path) -> None:
    try:
        failing()
    except RuntimeError as exc:
        line = crash_log.report(exc)
    logs = list((data / "crashes").glob("crash-*.log"))
    assert len(logs) == 1
    text = logs[0].read_text()
    assert "Traceback" in text and "in failing" in text and "RuntimeError" in text
    assert "\n" not in line and len(line) <= crash_log.LINE
    assert str(logs[0]) in line and "RuntimeError" in line and "someone" not in line


def test_only_the_newest_logs_are_kept(data: Path) -> None:
    folder = data / "crashes"
    folder.mkdir(parents=True)
    for n in range(crash_log.KEEP + 5):
        (folder / f"crash-20200101-0000{n:02d}-1.log").write_text("old")
    crash_log.report(ValueError("x"))
    logs = sorted(p.name for p in folder.glob("crash-*.log"))
    assert len(logs) == crash_log.KEEP
    assert "crash-20200101-000000-1.log" not in logs  # the oldest went first


def test_a_log_that_cannot_be_written_is_still_one_line(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TUI_NAVAL_DATA", str(blocker))
    line = crash_log.report(KeyError("k" * 500))
    assert "\n" not in line and len(line) <= crash_log.LINE and "could not be written" in line


def test_the_program_prints_one_line_and_exits_70(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    def broken(argv: object = None) -> int:
        failing()
        return 0

    monkeypatch.setattr(command_line, "run", broken)
    assert cli.main() == cli.INTERNAL_ERROR
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert "internal error (RuntimeError)" in err and str(data / "crashes") in err
