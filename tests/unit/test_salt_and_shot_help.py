"""The rules reference of Salt'n'Tar with Kyngesreach gunnery agrees with its data."""

from __future__ import annotations

import re

import pytest

from tui_naval.rulesets.salt_and_shot.rules import RULESET
from tui_naval.rulesets.salt_and_shot.tables import classes
from tui_naval.systems.gunnery.kyngesreach.tables import BANDS
from tui_naval.systems.gunnery.kyngesreach.tables import tables as gunnery_tables
from tui_naval.systems.sailing.salt_n_tar.tables import tables as sailing_tables


@pytest.fixture(scope="module")
def text() -> str:
    return RULESET.help_text()


def test_help_has_the_players_sections(text: str) -> None:
    for heading in ("The parts it uses", "The game turn", "Initiative: the wind gauge",
                    "Firing arcs and range", "Ammunition", "Damage and sailing",
                    "Out of action", "The ships", "Winning", "Reading the log",
                    "How this game adapts the rulebooks", "Appendix: Salt'n'Tar's sailing",
                    "Appendix: Kyngesreach's gunnery"):
        assert re.search(rf"^## {re.escape(heading)}$", text, re.M), heading


def test_help_names_the_parts_it_uses(text: str) -> None:
    parts = text.split("## The parts it uses", 1)[1].split("\n## ", 1)[0]
    assert "**Sailing: Salt'n'Tar.**" in parts and "**Combat: Kyngesreach's gunnery.**" in parts
    assert "no ramming or boarding" in parts


def test_the_appendices_carry_the_parts_own_rules(text: str) -> None:
    sailing = text.split("## Appendix: Salt'n'Tar's sailing", 1)[1]
    for heading in ("Wind", "Bearings", "Ships and speed", "Luck", "Strain", "Calm and gale",
                    "Maneuvers", "Movement", "Rolls", "Firing", "Called shots", "The ships"):
        assert re.search(rf"^### {heading}$", sailing, re.M), heading
    assert "| 12+ | it's over" in sailing
    assert "PS 1-10: -10, 11-20: -20" in sailing


def test_the_game_turn_follows_the_combat_turn(text: str) -> None:
    turn = text.split("## The game turn", 1)[1].split("\n## ", 1)[0]
    steps = re.findall(r"^\d+\. \*\*(.+?)\*\*", turn, re.M)
    assert steps == ["Wind Roll", "Luck", "Strain", "Initiative", "First half move",
                     "Missile phase", "Ammunition", "Second half move", "Ramming and boarding",
                     "Maneuvers", "End of the turn"]


def test_the_adaptations_are_numbered_in_order(text: str) -> None:
    section = text.split("## How this game adapts the rulebooks", 1)[1].split("\n## ", 1)[0]
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", section, re.M)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 20


def test_the_ships_table_matches_the_pairings(text: str) -> None:
    for pairing in classes().values():
        row = next(line for line in text.splitlines()
                   if line.startswith(f"| {pairing.name} |") and "pdr" in line)
        cells = [c.strip() for c in row.strip("|").split("|")]
        info = gunnery_tables().classes[pairing.gunnery]
        stype = sailing_tables().ships[pairing.sailing]
        calibre = gunnery_tables().calibres[info.calibre].name.replace("-pounder", "-pdr")
        assert cells == [pairing.name, stype.name, str(stype.masts),
                         info.name, f"{info.guns} x {calibre}"], pairing.key


def test_the_range_table_matches_the_bands(text: str) -> None:
    low = 1
    for band in BANDS:
        info = gunnery_tables().bands[band]
        row = next(line for line in text.splitlines() if line.startswith(f"| {info.name} |")
                   and "cells" in line)
        cells = [c.strip() for c in row.strip("|").split("|")]
        distance = [int(n) for n in re.findall(r"\d+", cells[1])]
        assert distance == [low, info.cells], info.name
        assert (cells[2], int(cells[3])) == (f"{info.cap}%", info.modifier), info.name
        low = info.cells + 1
    assert f"Beyond {gunnery_tables().bands[BANDS[-1]].cells} cells no gun reaches" in text


def test_the_arc_and_damage_figures_are_spelled_out(text: str) -> None:
    arc_from, arc_to = gunnery_tables().arc
    assert f"**{arc_from} to {arc_to} degrees off her bow**" in " ".join(text.split())
    t = sailing_tables().damage
    shares = " / ".join(f"{pct}%" for pct, _ in t.sail_loss)
    inches = " / ".join(f'{n}"' for _, n in t.sail_loss)
    assert f"| Sail HP lost: {shares} | {inches} off all speed |" in text
    hull = " / ".join(f"under {pct}%" for pct, _ in t.hull_loss)
    hull_inches = " / ".join(f'{n}"' for _, n in t.hull_loss)
    assert f"| HIP {hull} | the hull floods: {hull_inches} off all speed |" in text
