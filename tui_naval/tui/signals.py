"""SIGHUP: when the terminal goes away, autosave and leave cleanly.

Textual installs no handler of its own, and the default action kills the
process before anything is saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable


def install_sighup(handler: Callable[[], None]) -> Callable[[], None]:
    """Run ``handler`` on SIGHUP in the running event loop; returns a remover.

    Does nothing (and returns a no-op) where the platform has no SIGHUP or the
    loop cannot take signal handlers (not the main thread, Windows).
    """
    sighup = getattr(signal, "SIGHUP", None)
    if sighup is None:
        return lambda: None
    loop = asyncio.get_running_loop()
    try:
        loop.add_signal_handler(sighup, handler)
    except (NotImplementedError, RuntimeError, ValueError):
        return lambda: None

    def remove() -> None:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.remove_signal_handler(sighup)

    return remove
