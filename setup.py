"""Packaging glue that pyproject.toml cannot express; everything else is in pyproject.toml.

The map files live in the checkout's top-level ``maps/`` folder, where players
and map authors find them.  A wheel carries them as the package data
``tui_naval/bundled_maps/*.map``, which ``tui_naval.core.maps.map_dirs`` searches,
so an installed game finds its maps from any folder.  (A ``[tool.setuptools]``
``package-dir`` entry alone is not enough: ``packages.find`` only lists folders
it finds under ``tui_naval/``.)
"""

from setuptools import find_namespace_packages, setup

setup(
    packages=[*find_namespace_packages(include=["tui_naval", "tui_naval.*"]),
              "tui_naval.bundled_maps"],
    package_dir={"tui_naval.bundled_maps": "maps"},
)
