"""The app's stylesheets: ``app.tcss`` for every screen and dialog, and one sheet per
screen (the dialogs share one), which the screen loads as it first opens (its
``CSS_PATH``): a launch parses only the sheets of what it shows."""

from __future__ import annotations

from pathlib import Path

STYLES = Path(__file__).parent


def stylesheet(name: str) -> Path:
    """The path of the sheet ``name`` (``"game"``: ``game.tcss``)."""
    return STYLES / f"{name}.tcss"
