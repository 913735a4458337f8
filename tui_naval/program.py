"""The ``tui-naval`` program: the command line, imported with garbage collection paused.

Importing the game's modules makes thousands of objects that live as long as the
program, and next to no garbage; collecting meanwhile only scans them again.  The
TUI commands keep collection paused until their first screen is drawn
(``cli.collection_paused``); the others turn it back on at once.
"""

from __future__ import annotations

import gc


def main() -> int:
    enabled = gc.isenabled()
    gc.disable()
    try:
        from tui_naval.cli import main as run
    finally:
        if enabled:
            gc.enable()
    return run()
