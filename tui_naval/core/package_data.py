"""Files shipped inside the package: rule tables, help texts, the bundled maps.

``package_files`` is ``importlib.resources.files`` without its import cost for a
package read from disk (the usual case): importing ``importlib.resources`` and
its file reader (which brings in ``zipfile``) takes milliseconds at every launch,
to find a folder the package's loader already knows.
"""

from __future__ import annotations

import importlib
from importlib.machinery import SourceFileLoader, SourcelessFileLoader
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def package_files(package: str) -> Traversable:
    """The files of a package, as ``importlib.resources.files(package)`` gives them: the
    package's folder (a ``Path``) when it is loaded from files, else its loader's view."""
    spec = importlib.import_module(package).__spec__
    if spec is not None and spec.submodule_search_locations is not None \
            and isinstance(spec.loader, SourceFileLoader | SourcelessFileLoader):
        return Path(spec.loader.path).parent
    from importlib import resources

    return resources.files(package)


def read_package_text(package: str, name: str) -> str:
    """A UTF-8 text file shipped in a package (``tables.toml``, ``help.md``)."""
    return (package_files(package) / name).read_text(encoding="utf-8")
