"""Kyngesreach's tables as printed in the rulebooks (v1.3 and v1.4 draft)."""

from __future__ import annotations

import pytest

from tui_naval.systems.gunnery.kyngesreach.tables import (
    BANDS,
    MASTS,
    Ammo,
    Band,
    Called,
    Mast,
    tables,
)


def test_crew_skills_default_to_the_texts_12() -> None:
    assert tables().skills == {"weather": 12, "seamanship": 12, "tactics": 12, "gunner": 12}


def test_weather_sense_result_table() -> None:
    assert tables().weather_sense == {"critical_success": 2, "success": 1, "failure": 0,
                                      "critical_failure": -1}


def test_contested_seamanship_modifiers() -> None:
    t = tables()
    assert (t.rigging_hit, t.tactics, t.trailing_wind) == (-1, 1, 2)
    assert (t.holder_gunner, t.tie_gunner) == (1, -1)


@pytest.mark.parametrize(("kind", "hr"), [("sloop", 2), ("brig", 2), ("frigate", 1),
                                          ("fourth-rate", 0), ("ship-of-the-line", -1),
                                          ("first-rate", -1)])
def test_handling_ratings(kind: str, hr: int) -> None:
    assert tables().classes[kind].handling == hr


@pytest.mark.parametrize(("band", "cap", "mod", "cells"), [
    (Band.EXTREME, 25, -4, 14), (Band.LONG, 50, -2, 9), (Band.STANDARD, 100, 0, 5),
    (Band.CLOSE, 100, 1, 2)])
def test_range_bands(band: Band, cap: int, mod: int, cells: int) -> None:
    info = tables().bands[band]
    assert (info.cap, info.modifier, info.cells) == (cap, mod, cells)


def test_bands_run_from_close_to_extreme() -> None:
    assert BANDS == (Band.CLOSE, Band.STANDARD, Band.LONG, Band.EXTREME)


def test_hit_percentage_table() -> None:
    assert tables().hit_rate == ((0, 10), (2, 25), (4, 50), (6, 75), (8, 100))


def test_hit_location_table() -> None:
    assert tables().location == ("hull", "hull", "rigging", "crew", "cannons", "critical")
    assert tables().crew_loss == 10
    assert tables().cannons == "1d"


@pytest.mark.parametrize(("kind", "dr"), [("sloop", 10), ("brig", 10), ("frigate", 20),
                                          ("ship-of-the-line", 40), ("first-rate", 50)])
def test_hull_dr_by_class(kind: str, dr: int) -> None:
    assert tables().classes[kind].dr == dr


@pytest.mark.parametrize(("pounds", "damage", "sail"), [(9, "6dx2", 10), (18, "6dx3", 20),
                                                        (32, "6dx4", 40)])
def test_calibres(pounds: int, damage: str, sail: int) -> None:
    calibre = tables().calibres[pounds]
    assert (calibre.damage, calibre.sail) == (damage, sail)


def test_critical_table() -> None:
    assert tables().critical == ("fire", "steering", "magazine", "injury", "rigging", "major")


@pytest.mark.parametrize(("called", "ammo", "penalty", "dr"), [
    (Called.RUDDER, Ammo.ROUND, -3, "ship"), (Called.RIGGING, Ammo.CHAIN, -3, 10),
    (Called.MAST, Ammo.BAR, -6, "mast"), (Called.CREW, Ammo.GRAPE, -3, 0)])
def test_called_shots(called: Called, ammo: Ammo, penalty: int, dr: str | int) -> None:
    info = tables().called[called]
    assert (info.ammo, info.penalty, info.dr) == (ammo, penalty, dr)
    assert set(info.bands) == {Band.STANDARD, Band.CLOSE}


@pytest.mark.parametrize(("kind", "masts"), [("sloop", (15, 20, 15)), ("brig", (15, 20, 15)),
                                             ("frigate", (20, 25, 20)),
                                             ("ship-of-the-line", (25, 30, 25))])
def test_mast_dr(kind: str, masts: tuple[int, int, int]) -> None:
    info = tables().classes[kind]
    assert tuple(info.mast_dr(m) for m in MASTS) == masts


def test_masts_fall_after_three_penetrating_hits() -> None:
    assert tables().falls_after == 3


def test_ammunition_switching_times() -> None:
    t = tables()
    assert (t.reload_same, t.reload_empty_new, t.reload_loaded_new) == (3, 4, 5)


@pytest.mark.parametrize(("kind", "sail_hp"), [("sloop", 100), ("brig", 100), ("frigate", 200),
                                               ("ship-of-the-line", 400)])
def test_sail_hp(kind: str, sail_hp: int) -> None:
    assert tables().classes[kind].sail_hp == sail_hp


def test_sail_loss_effects() -> None:
    assert tables().sail_loss == ((25, -1), (50, -2), (75, -4))


def test_dismasting_effects() -> None:
    t = tables()
    assert [t.dismasting[m].to_hit for m in (Mast.FORE, Mast.MAIN, Mast.MIZZEN)] == [2, 3, 1]
    assert t.two_masts_to_hit == 5


def test_hip_loss_brackets() -> None:
    t = tables()
    assert t.hip_brackets == ((10, 10), (20, 20), (30, 30), (50, 40))
    assert t.hip_above == 50


@pytest.mark.parametrize(("kind", "hip"), [("sloop", 250), ("brig", 250), ("frigate", 500),
                                           ("ship-of-the-line", 1000), ("first-rate", 1250)])
def test_revised_hip_values(kind: str, hip: int) -> None:
    assert tables().classes[kind].hip == hip


def test_sinking_thresholds() -> None:
    rows = tables().hip_status
    assert [r.at_least for r in rows] == [75, 50, 25, 10, 0]
    assert [r.name for r in rows] == ["Minor damage", "Noticeable stress", "Severe flooding",
                                      "Critical flooding", "Rapid sinking"]
    assert [r.out for r in rows] == [False, False, False, False, True]


def test_sojourner_is_a_frigate_of_twelve_nine_pounders_a_side() -> None:
    frigate = tables().classes["frigate"]
    assert (frigate.guns, frigate.calibre) == (12, 9)
    assert "Sojourner" in frigate.about


def test_every_class_has_a_known_calibre() -> None:
    t = tables()
    for info in t.classes.values():
        assert info.calibre in t.calibres
        assert info.guns > 0
