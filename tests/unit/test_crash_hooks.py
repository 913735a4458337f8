"""A served game's failures in any thread: logged, one line for the player naming the log
but not the host's folder, and no traceback on its terminal."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from tui_naval.app import crash_log


@pytest.fixture
def lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path / "data"))
    for name in ("excepthook", "unraisablehook"):
        monkeypatch.setattr(sys, name, getattr(sys, name))
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setattr(crash_log, "_paths_shown", True)
    said: list[str] = []
    crash_log.hide_paths()
    crash_log.install_hooks(said.append)
    return said


def test_a_thread_that_fails_is_logged_in_one_line(
        lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def broken() -> None:
        raise LookupError("no #lobby-welcome")

    thread = threading.Thread(target=broken, name="serve-link")
    thread.start()
    thread.join()
    logs = list((tmp_path / "data" / "crashes").glob("crash-*.log"))
    assert len(logs) == 1 and "no #lobby-welcome" in logs[0].read_text()
    assert logs[0].stat().st_mode & 0o777 == 0o600
    assert lines == [f"tui-naval: internal error (LookupError); the details are in the "
                     f"host's {logs[0].name}"]
    assert str(tmp_path) not in lines[0]
    assert capsys.readouterr().err == ""


def test_the_main_threads_failure_and_an_unraisable_one(lines: list[str]) -> None:
    try:
        raise ValueError("main")
    except ValueError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    sys.unraisablehook(SimpleNamespace(exc_value=OSError("closed")))  # type: ignore[arg-type]
    assert [line.split("(")[1].split(")")[0] for line in lines] == ["ValueError", "OSError"]
