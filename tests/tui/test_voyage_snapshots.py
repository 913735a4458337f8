"""SVG snapshots of the voyage: the chart at home, a port with damage to mend and a prize
to sell, and a storm, at 100x30, 80x24 and 200x60.  After a deliberate change, look at the
new pictures and accept them with ``--snapshot-update``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from app_support import make_app
from attrs import evolve

from tui_naval.rulesets import find_entry, load
from tui_naval.tui.app import NavalApp
from tui_naval.tui.screens.voyage import VoyageScreen
from tui_naval.voyage.chart import PORT, STORM
from tui_naval.voyage.fleet import classes_of
from tui_naval.voyage.keeper import VoyageKeeper
from tui_naval.voyage.store import voyage_path
from tui_naval.voyage.voyage import ASHORE, STORMY, Voyage, begin, chart_of

SIZES = [pytest.param((100, 30), id="100x30"), pytest.param((80, 24), id="80x24"),
         pytest.param((200, 60), id="200x60")]
SnapCompare = Callable[..., bool]


def _app(tmp_path: Path, change: Callable[[Voyage], Voyage] | None = None) -> NavalApp:
    ruleset = load(find_entry("kyngesreach"))
    voyage = begin(ruleset, 17, name="Snap")
    if change:
        voyage = change(voyage)
    keeper = VoyageKeeper(voyage, voyage.flagship.kind, voyage_path(tmp_path / "saves"))
    return make_app(tmp_path, lambda: VoyageScreen(keeper))


def _at(kind: str, stage: str) -> Callable[[Voyage], Voyage]:
    def change(voyage: Voyage) -> Voyage:
        ruleset = load(find_entry(voyage.ruleset))
        chart = chart_of(voyage, ruleset)
        place = next(p for p in chart.places if p.kind == kind and p.column >= 2)
        route = (0, chart.onward(0)[0].id, place.id)
        ship = voyage.flagship
        worn = ship.with_part("hull", ship.have("hull") * 3 // 5).with_part("crew", 70)
        prize = classes_of(ruleset).new("brig").with_part("hull", 90)
        return evolve(voyage, at=place.id, route=route, stage=stage, fleet=(worn,),
                      prizes=(prize,), gold=120)
    return change


@pytest.mark.parametrize("size", SIZES)
def test_voyage_home(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_voyage_port(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(_app(tmp_path, _at(PORT, ASHORE)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_voyage_storm(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(_app(tmp_path, _at(STORM, STORMY)), terminal_size=size)
