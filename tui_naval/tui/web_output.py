"""Fewer bytes to a browser: Textual's web driver sending only what changes on screen.

A browser tab's game runs under a web driver (its frames go to a relay that passes them
to the tab's terminal over a WebSocket).  `CompactWebDriver` writes them through the same
`output.Rewriter` the terminal's driver does; a game is given it by name:
``TEXTUAL_DRIVER=tui_naval.tui.web_output:CompactWebDriver``.  (A module of its own: a
game in a terminal imports no web driver.)
"""

from __future__ import annotations

import os
from typing import Any

from textual.drivers.web_driver import WebDriver

from tui_naval.tui.output import Rewriter


class CompactWebDriver(WebDriver):
    """Textual's web driver, sending only what changes on screen.  Its frames go to the
    relay from the app's own thread, as Textual's do."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rewriter = Rewriter()
        #: The browser's terminal size (columns, rows): as Textual's driver reads it at
        #: the start, then as the relay's resize messages say.
        self.size_now = environment_size()

    def write(self, data: str) -> None:
        data = self.rewriter.rewrite(data, self.size_now)
        if data:
            super().write(data)

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == "resize":
            width, height = payload.get("width"), payload.get("height")
            if isinstance(width, int) and isinstance(height, int):
                self.size_now = (width, height)  # (a new size forgets the screen)
        super().on_meta(packet_type, payload)


def environment_size() -> tuple[int, int]:
    """``$COLUMNS`` x ``$ROWS``, as Textual's web driver reads its first size."""
    try:
        return int(os.environ.get("COLUMNS", 80)), int(os.environ.get("ROWS", 24))
    except ValueError:
        return 80, 24
