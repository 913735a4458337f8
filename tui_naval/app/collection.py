"""Garbage collection paused while a program starts.

Importing the game's modules makes thousands of objects that live as long as the
program, and next to no garbage; collecting meanwhile only scans them again.  The
terminal commands keep collection paused until their first screen is drawn (the app
turns it back on, ``tui.app.resume_collection``); the others run with it on.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused() -> Iterator[None]:
    """Garbage collection paused; the previous setting restored at the end.

    A TUI command sets up its app and draws its first screen in it, and
    ``app.resume_collection`` freezes what the start made and turns collection back on
    once that screen is drawn: importing Textual and setting up the game make some
    65,000 objects that live as long as the app, and next to no garbage (collecting
    meanwhile only scans them again and again, tens of milliseconds of the launch).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
        else:
            gc.disable()
