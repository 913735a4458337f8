"""The server's data folder is its own: no other user of the machine may read the
players' keys, saves or crash logs.

``keep_private`` sets the server's umask (its game processes inherit it), so what is
written from then on is the owner's only, and narrows what is there already: a folder
made by an older server, or by hand.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

#: What a new file or folder may not allow: anything for the group and the others.
UMASK = 0o077
FOLDER = 0o700
FILE = 0o600


def keep_private(data: Path) -> None:
    """Make ``data`` (and everything in it) the owner's only, and everything written
    from now on too."""
    os.umask(UMASK)
    data.mkdir(parents=True, exist_ok=True)
    _narrow(data, FOLDER)
    for folder, folders, files in os.walk(data):  # (links are not followed)
        for name in folders:
            _narrow(Path(folder, name), FOLDER)
        for name in files:
            _narrow(Path(folder, name), FILE)


def _narrow(path: Path, mode: int) -> None:
    with contextlib.suppress(OSError):  # gone meanwhile, or not ours to change
        info = path.lstat()
        if not stat.S_ISLNK(info.st_mode) and stat.S_IMODE(info.st_mode) & ~mode:
            path.chmod(stat.S_IMODE(info.st_mode) & mode)
