"""Package files are found as importlib.resources finds them, without its import cost."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from tui_naval.core.package_data import package_files, read_package_text


@pytest.mark.parametrize("package", ["tui_naval.rulesets.salt_n_tar",
                                     "tui_naval.rulesets.kyngesreach", "tui_naval.core"])
def test_package_files_are_those_importlib_resources_finds(package: str) -> None:
    found = package_files(package)
    assert isinstance(found, Path)
    assert str(found) == str(resources.files(package))


def test_read_package_text_reads_a_shipped_file() -> None:
    text = read_package_text("tui_naval.rulesets.salt_n_tar", "help.md")
    assert text == (resources.files("tui_naval.rulesets.salt_n_tar") / "help.md").read_text(
        encoding="utf-8")
    with pytest.raises(FileNotFoundError):
        read_package_text("tui_naval.rulesets.salt_n_tar", "no-such-file.txt")
