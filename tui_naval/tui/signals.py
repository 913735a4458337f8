"""Signals that end the game: SIGHUP (the terminal went away), SIGTERM and SIGINT.

Textual installs no handlers of its own: SIGHUP and SIGTERM would kill the process
before anything is saved (and SIGTERM leave the terminal in the alternate screen
with mouse reporting on), and SIGINT would raise KeyboardInterrupt in the middle of
whatever runs.  Each is handled in the event loop instead: the app autosaves and
leaves as it does on quit, restoring the terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable

#: The signals that end a game, where the platform has them.
ENDING = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM", "SIGINT")
               if hasattr(signal, name))


def install_exit_signals(handler: Callable[[int], None]) -> Callable[[], None]:
    """Run ``handler(signum)`` in the running event loop on each of ``ENDING``; returns a
    remover.  Does nothing (and returns a no-op) where the loop cannot take signal handlers
    (not the main thread, Windows)."""
    loop = asyncio.get_running_loop()
    installed: list[int] = []
    for signum in ENDING:
        try:
            loop.add_signal_handler(signum, handler, signum)
        except (NotImplementedError, RuntimeError, ValueError):
            break
        installed.append(signum)

    def remove() -> None:
        for signum in installed:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(signum)

    return remove
