"""The composed ruleset's ship classes (tables.toml): a Salt'n'Tar type, a Kyngesreach class."""

from __future__ import annotations

from functools import cache

from tui_naval.systems.battle import Pairing
from tui_naval.systems.gunnery.kyngesreach.tables import tables as gunnery_tables
from tui_naval.systems.sailing.salt_n_tar.combat import salt_pairings


@cache
def classes() -> dict[str, Pairing]:
    """The classes shipped with the package (parsed once); KeyError on an unknown half."""
    return salt_pairings(__package__, gunnery_tables().classes)
