"""Kyngesreach's rules reference for players (help.md) agrees with the tables."""

from __future__ import annotations

import re

import pytest

from tui_naval.rulesets.kyngesreach.rules import RULESET
from tui_naval.systems.gunnery.kyngesreach.tables import BANDS, tables


@pytest.fixture(scope="module")
def text() -> str:
    return RULESET.help_text()


def test_help_has_the_players_sections(text: str) -> None:
    for heading in ("Rolls", "The round", "Range bands", "Firing", "Called shots", "The ships",
                    "Winning", "The magical wind", "How this game adapts the rulebook"):
        assert re.search(rf"^## {heading}$", text, re.M), heading


def test_the_adaptations_are_numbered_in_order(text: str) -> None:
    section = text.split("## How this game adapts the rulebook", 1)[1]
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", section, re.M)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 20


def test_the_range_band_table_matches_the_data(text: str) -> None:
    for band in BANDS:
        info = tables().bands[band]
        row = next(line for line in text.splitlines() if line.startswith(f"| {info.name} |"))
        cells, cap, mod = (int(n) for n in re.findall(r"[+-]?\d+", row))
        assert (cells, cap, mod) == (info.cells, info.cap, info.modifier), info.name


def test_the_ships_table_matches_the_data(text: str) -> None:
    for info in tables().classes.values():
        row = next(line for line in text.splitlines()
                   if line.startswith(f"| {info.name}") and "pdr" in line)
        numbers = [int(n) for n in re.findall(r"[+-]?\d+", row.split("|", 2)[2])]
        assert numbers == [info.dr, info.hip, info.sail_hp, info.handling, info.guns,
                           info.calibre], info.name


def test_the_hip_brackets_and_hit_rates_are_spelled_out(text: str) -> None:
    assert "PS 1-10: -10, 11-20: -20, 21-30: -30, 31-50: -40, over 50: -50" in text
    assert "0-1 10%, 2-3 25%, 4-5 50%, 6-7 75%, 8+ 100%" in text
    assert "skill 12, roll 9: MoS 3, 25%; the Sojourner's 12 guns score 3 hits" in text
