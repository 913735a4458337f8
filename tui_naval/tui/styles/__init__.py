"""The app's stylesheets: ``app.tcss`` for every screen and dialog, and one sheet per
screen (the dialogs share one), which the screen loads as it first opens (its
``CSS_PATH``): a launch parses only the sheets of what it shows.

With ``--ascii`` the app also reads ``ascii.tcss`` (``use_ascii``): its rules, under
the app's ``-ascii`` class, put ASCII borders where the other sheets and the widgets
draw box lines and blocks, and win over them whichever sheet is read last."""

from __future__ import annotations

from pathlib import Path
from typing import Any

STYLES = Path(__file__).parent
#: The class the app carries while it draws in ASCII only.
ASCII_CLASS = "-ascii"


def stylesheet(name: str) -> Path:
    """The path of the sheet ``name`` (``"game"``: ``game.tcss``)."""
    return STYLES / f"{name}.tcss"


def use_ascii(app: Any) -> None:
    """Draw ``app`` (a Textual ``App``) in ASCII only: its ``-ascii`` class on, the
    ASCII sheet read, and scroll bars drawn without block characters
    (``widgets.scrollbars.GlyphScrollBars``).  Called once, before the app's first screen
    opens (from its ``__init__`` or ``on_mount``)."""
    from tui_naval.tui.widgets.scrollbars import install_scrollbars

    install_scrollbars(app)
    app.add_class(ASCII_CLASS)
    path = stylesheet("ascii")
    if not app.stylesheet.has_source(str(path), ""):
        app.stylesheet.read(path)
        if app.is_running:
            app.stylesheet.update(app)


def uses_ascii(app: Any) -> bool:
    """Whether ``use_ascii`` has been called for ``app``."""
    return bool(app.has_class(ASCII_CLASS))
