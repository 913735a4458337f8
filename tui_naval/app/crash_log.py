"""What the game did not expect: the whole story to a log file, one line to the player.

A player (perhaps over SSH) never sees a traceback: it holds install paths, map
text and game objects.  The log goes to ``crashes/`` in the data folder, which
keeps the newest ``KEEP`` of them.
"""

from __future__ import annotations

import os
import platform
import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path

from tui_naval.core.data_folder import data_folder

#: Crash logs kept; older ones are removed as a new one is written.
KEEP = 20
#: The longest line the player is shown.
LINE = 200


def crash_folder() -> Path:
    return data_folder() / "crashes"


def write_crash_log(error: BaseException) -> Path:
    """Write ``error`` with its traceback, the command line and the versions to a new log
    file; its path.  OSError if it cannot be written."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        ours = version("tui-naval")
    except PackageNotFoundError:
        ours = "unknown"
    folder = crash_folder()
    folder.mkdir(parents=True, exist_ok=True)
    now = datetime.now(UTC)
    path = folder / f"crash-{now:%Y%m%d-%H%M%S}-{os.getpid()}.log"
    head = (f"tui-naval {ours}, Python {platform.python_version()} on {platform.platform()}\n"
            f"time: {now.isoformat(timespec='seconds')}\n"
            f"command: {' '.join(sys.argv)}\n\n")
    path.write_text(head + "".join(traceback.format_exception(error)), encoding="utf-8")
    _prune(folder)
    return path


def _prune(folder: Path) -> None:
    logs = sorted(folder.glob("crash-*.log"), key=lambda p: p.name, reverse=True)
    for old in logs[KEEP:]:
        old.unlink(missing_ok=True)


def report(error: BaseException) -> str:
    """Log ``error`` and return the one line the player sees."""
    what = type(error).__name__
    try:
        path = write_crash_log(error)
    except OSError as exc:
        line = f"tui-naval: internal error ({what}); its log could not be written: {exc}"
    else:
        line = f"tui-naval: internal error ({what}); the details are in {path}"
    return line if len(line) <= LINE else line[:LINE - 3] + "..."
