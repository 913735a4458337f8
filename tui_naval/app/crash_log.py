"""What the game did not expect: the whole story to a log file, one line to the player.

A player (perhaps over SSH) never sees a traceback: it holds install paths, map
text and game objects.  The log goes to ``crashes/`` in the data folder, which
keeps the newest ``KEEP`` of them; only its owner may read it.  Under a server the
player is not the host: the line names the log, not where it is (``hide_paths``).
``install_hooks`` sends what no one caught, in any thread, the same way.
"""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import threading
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from tui_naval.core.data_folder import data_folder

#: Crash logs kept; older ones are removed as a new one is written.
KEEP = 20
#: The longest line the player is shown.
LINE = 200

_paths_shown = True


def hide_paths() -> None:
    """From now on the player's line names the log but not its folder (a served game:
    the folder is the host's)."""
    global _paths_shown
    _paths_shown = False


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
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(head + "".join(traceback.format_exception(error)))
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
        why = f": {exc}" if _paths_shown else ""
        line = f"tui-naval: internal error ({what}); its log could not be written{why}"
    else:
        where = str(path) if _paths_shown else f"the host's {path.name}"
        line = f"tui-naval: internal error ({what}); the details are in {where}"
    return line if len(line) <= LINE else line[:LINE - 3] + "..."


def install_hooks(tell: Callable[[str], None]) -> None:
    """Send every error no one caught to the crash log, and its line to ``tell``: in the
    main thread (``sys.excepthook``), in any other thread (``threading.excepthook``),
    and those Python can only ignore, in a finalizer or at exit (``sys.unraisablehook``).
    A traceback is never printed."""

    def uncaught(kind: type[BaseException], error: BaseException,
                 trace: TracebackType | None) -> None:
        if not isinstance(error, KeyboardInterrupt):
            _tell(tell, error)

    def in_thread(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None and not isinstance(args.exc_value, SystemExit):
            _tell(tell, args.exc_value)

    def unraisable(args: sys.UnraisableHookArgs) -> None:
        if args.exc_value is not None:
            _tell(tell, args.exc_value)

    sys.excepthook = uncaught
    threading.excepthook = in_thread
    sys.unraisablehook = unraisable


def _tell(tell: Callable[[str], None], error: BaseException) -> None:
    # (A hook that fails has Python print its traceback, and the error's: at exit, with
    # the interpreter half gone, even the log may fail.  Then the error goes unsaid.)
    with contextlib.suppress(Exception):
        tell(report(error))
