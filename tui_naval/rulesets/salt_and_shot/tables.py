"""The composed ruleset's ship classes (tables.toml): a Salt'n'Tar type, a Kyngesreach class."""

from __future__ import annotations

import tomllib
from functools import cache

from tui_naval.core.package_data import read_package_text
from tui_naval.systems.gunnery.kyngesreach.tables import tables as gunnery_tables
from tui_naval.systems.sailing.salt_n_tar.combat import Pairing
from tui_naval.systems.sailing.salt_n_tar.tables import tables as sailing_tables


@cache
def classes() -> dict[str, Pairing]:
    """The classes shipped with the package (parsed once); KeyError on an unknown half."""
    raw = tomllib.loads(read_package_text(__package__, "tables.toml"))
    out = {key: Pairing(key, c["name"], c["about"], c["sailing"], c["gunnery"])
           for key, c in raw["classes"].items()}
    for pairing in out.values():
        sailing_tables().ships[pairing.sailing]  # both halves must exist
        gunnery_tables().classes[pairing.gunnery]
    return out
