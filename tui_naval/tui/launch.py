"""Running the app in the terminal, as every terminal command does (``run_app``)."""

from __future__ import annotations

import sys

from tui_naval.tui.app import Config, NavalApp, ScreenFactory

#: Python's thread switch interval (seconds) while the app runs.  Textual writes each
#: frame to the terminal from a thread of its own, which waits for the main thread to
#: let it run: up to 5 ms with Python's default, and the main thread is often busy just
#: after a frame (after the first one, Textual lays the screen out once more).
SWITCH_INTERVAL = 0.001


def run_app(config: Config, first: ScreenFactory | None = None,
            app: NavalApp | None = None) -> int:
    """Run the app (``app``, or a NavalApp made from ``config`` and ``first``) until it
    exits; its return code.  (Garbage collection, paused by ``app.collection.collection_paused``
    while the app is set up, stays paused until the first screen is drawn: see
    ``app.resume_collection``.)"""
    app = app or NavalApp(config, first)
    previous = sys.getswitchinterval()
    sys.setswitchinterval(min(previous, SWITCH_INTERVAL))
    try:
        app.run()
    finally:
        sys.setswitchinterval(previous)
    if app.crash_line:
        print(app.crash_line, file=sys.stderr)
    return app.return_code or 0
