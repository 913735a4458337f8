"""The ``tui-naval`` program: the command line, imported with garbage collection paused.

Importing the game's modules makes thousands of objects that live as long as the
program, and next to no garbage; collecting meanwhile only scans them again.  The
TUI commands keep collection paused until their first screen is drawn (they run in
``collection_paused`` too); the others run with it on.  An error nothing expected
ends in one line naming its log (``crash_log``).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager

#: The exit code of an error nothing expected (sysexits' EX_SOFTWARE).
INTERNAL_ERROR = 70


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


def main() -> int:
    """Run the command line; an error nothing expected is logged, and the player sees one
    line naming the log (exit 70, "internal software error"), never a traceback."""
    with collection_paused():
        from tui_naval.cli import main as run
    try:
        return run()
    except Exception as exc:
        from tui_naval.crash_log import report

        print(report(exc), file=sys.stderr)
        return INTERNAL_ERROR
