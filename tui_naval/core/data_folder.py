"""The game's data folder: crash logs now; players, keys and the hall of fame later."""

from __future__ import annotations

import os
from pathlib import Path


def data_folder() -> Path:
    """``$TUI_NAVAL_DATA``, else ``tui-naval`` in the user's data folder
    (``$XDG_DATA_HOME``, by default ``~/.local/share``)."""
    env = os.environ.get("TUI_NAVAL_DATA")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tui-naval"
