"""The ``tui-naval`` program: its command line, a module a subcommand.

Nothing imports this package: it stands on every other layer (the TUI, the server, the
app layer below them).  ``main`` imports the command line with garbage collection
paused (``app.collection``), runs it, and turns an error nothing expected into one line
naming its log (``app.crash_log``), never a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tui_naval.app.collection import collection_paused

#: The exit code of an error nothing expected (sysexits' EX_SOFTWARE).
INTERNAL_ERROR = 70


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``, else the program's arguments); an error nothing
    expected is logged, and the player sees one line naming the log (exit 70, "internal
    software error")."""
    with collection_paused():
        from tui_naval.cli.command_line import run
    try:
        return run(argv)
    except Exception as exc:
        from tui_naval.app.crash_log import report

        print(report(exc), file=sys.stderr)
        return INTERNAL_ERROR
