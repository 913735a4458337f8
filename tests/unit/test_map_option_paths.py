"""A map's ``#!`` option lines (Kyngesreach's crews, names and wind-mages) are checked
when a ruleset is offered the map, and their errors name the map's file, as the map
parser's do."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui_naval.core.maps import load_map
from tui_naval.core.scenario import unplayable_reason
from tui_naval.rulesets import find_ruleset

CHECKOUT_MAPS = Path(__file__).resolve().parents[2] / "maps"


def test_a_bad_option_line_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "odd.map"
    text = (CHECKOUT_MAPS / "sas-duel.map").read_text(encoding="utf-8")
    path.write_text(text.replace("#! name: B1 Sojourner", "#! bogus: x"), encoding="utf-8")
    spec = load_map(str(path))
    for ruleset in ("kyngesreach", "salt-and-shot", "mow-and-shot"):
        assert unplayable_reason(find_ruleset(ruleset), spec) == (
            f"{path}:8: unknown option 'bogus' (known: magic, crew, name)")


def test_good_option_lines_stay_playable() -> None:
    for name in ("kr-duel", "kr-line", "sas-duel"):
        assert unplayable_reason(find_ruleset("kyngesreach"), load_map(name)) is None


def test_maps_lists_a_map_no_ruleset_can_read_as_broken(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from tui_naval.cli import main

    (tmp_path / "maps").mkdir()
    text = (CHECKOUT_MAPS / "kr-duel.map").read_text(encoding="utf-8")
    # (on squares only: Man-O-War with Ships & Sails gunnery, which reads no ``#!`` line,
    # would play it on hexes)
    text = re.sub(r"^grids: .*$", "grids: square", text, flags=re.M)
    (tmp_path / "maps" / "odd.map").write_text(text.replace("#! name: B1", "#! nmae: B1"))
    monkeypatch.chdir(tmp_path)
    assert main(["maps"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("odd"))
    assert line.endswith(" BROKEN: "
                         f"{tmp_path / 'maps' / 'odd.map'}:7: unknown option 'nmae' (known: "
                         "magic, crew, name)")
