"""Textual's scroll bars, drawn in an app with ``--ascii`` without block characters.

(Imported by ``styles.use_ascii`` alone: a launch without ``--ascii`` does not import
Textual's scroll bars before it shows one.)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from textual.scrollbar import ScrollBar, ScrollBarRender

#: The consoles of the apps that ``install_scrollbars`` was called for, and the apps.
_ASCII_CONSOLES: weakref.WeakKeyDictionary[Console, Callable[[], Any]] = \
    weakref.WeakKeyDictionary()


def install_scrollbars(app: Any) -> None:
    """Have Textual's scroll bars drawn by ``GlyphScrollBars`` (the way Textual offers:
    ``ScrollBar.renderer``): as before, but in ``app`` (while it has the ``-ascii`` class)
    without the eighth-block characters that round the thumb's ends (the thumb is whole
    cells).  A scroll bar is told which app it is drawn for by the console it is drawn
    with, the app's."""
    _ASCII_CONSOLES[app.console] = weakref.ref(app)
    ScrollBar.renderer = GlyphScrollBars


def _no_app() -> None:
    return None


class GlyphScrollBars(ScrollBarRender):
    """Textual's scroll bars; whole-cell thumbs in an app drawn in ASCII only."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        app = _ASCII_CONSOLES.get(console, _no_app)()
        if app is not None and app.has_class("-ascii"):
            bars: ScrollBarRender = _AsciiBars(
                virtual_size=self.virtual_size, window_size=self.window_size,
                position=self.position, thickness=self.thickness, vertical=self.vertical,
                style=self.style)
            return bars.__rich_console__(console, options)
        return super().__rich_console__(console, options)


class _AsciiBars(ScrollBarRender):
    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8
