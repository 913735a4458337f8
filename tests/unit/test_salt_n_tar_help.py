"""Salt'n'Tar's rules reference for players (help.md, shown in the Rules screen)."""

from __future__ import annotations

import re

import pytest

from tui_naval.rulesets.salt_n_tar.rules import RULESET
from tui_naval.systems.sailing.salt_n_tar.tables import Bearing, tables


@pytest.fixture(scope="module")
def text() -> str:
    return RULESET.help_text()


@pytest.fixture(scope="module")
def adaptations(text: str) -> dict[int, str]:
    """The numbered items of "How this game adapts the rulebook", by number."""
    head = "## How this game adapts the rulebook"
    assert head in text
    section = text.split(head, 1)[1].split("\n## ", 1)[0]
    items = re.split(r"\n(?=\d+\. )", "\n" + section)
    out = {}
    for item in items:
        m = re.match(r"(\d+)\. (.*)", item.strip(), re.S)
        if m:
            out[int(m.group(1))] = " ".join(m.group(2).split())
    return out


def test_help_has_the_players_sections(text: str) -> None:
    for heading in ("The game turn", "Wind", "Bearings", "Ships and speed", "Luck", "Strain",
                    "Calm and gale", "Maneuvers", "Movement", "Racing", "Chasing",
                    "Reading the log", "How this game adapts the rulebook"):
        assert re.search(rf"^## {heading}$", text, re.M), heading


def test_help_shows_every_ships_bearing_numbers(text: str) -> None:
    for stype in tables().ships.values():
        row = next(line for line in text.splitlines() if line.startswith(f"| {stype.name} "))
        numbers = [int(n) for n in re.findall(r"\b\d+\b", row)]
        assert numbers[:5] == [stype.bn(b) for b in (Bearing.RUNNING, Bearing.BROAD,
                                                     Bearing.QUARTER, Bearing.BEATING,
                                                     Bearing.HEAD)], stype.name
        assert numbers[5] == stype.masts
        assert ("crosses" in row) is stype.shallow


def test_help_has_compass_diagrams_for_both_grids(text: str) -> None:
    blocks = re.findall(r"```\n(.*?)```", text, re.S)
    assert len(blocks) >= 3
    square, flat, pointy = blocks[:3]
    assert "Quarter" in square and "Quarter" not in flat and "Quarter" not in pointy
    for block in blocks[:3]:
        assert "Running" in block and "Beating" in block and "Broad" in block


def test_help_tables_match_the_data(text: str) -> None:
    t = tables()
    for i, effect in enumerate(t.luck, start=1):
        if effect.wind:
            change = re.escape(f"{effect.wind:+d}")
            assert re.search(rf"\| {i} \|[^\n]*Wind Speed {change}", text), i
    for total in range(t.strain_lowest, t.strain_highest):
        assert re.search(rf"^\| {total} \|", text, re.M), total
    assert f"| {t.strain_highest}+ |" in text


def test_all_sixteen_adaptations_are_listed(adaptations: dict[int, str]) -> None:
    assert set(range(1, 17)) <= set(adaptations)


@pytest.mark.parametrize(("number", "needles"), [
    (1, ["inches per cell", "carry"]),
    (2, ["0 head", "45 Beating", "90 Quarter", "135 Broad", "180 Running", "60 Beating",
         "120 Broad", "square grids"]),
    (3, ["turn 2"]),
    (4, ["each ship", "before any die", "-1", "+2", "until a Wind Roll"]),
    (5, ["every turn"]),
    (6, ["11 row", '3"', "12+", "1d6", "10 points"]),
    (7, ["turns first"]),
    (8, ["downwind at Wind Speed", "cannot turn"]),
    (9, ["4+", "Running BN", "1 Strain", "half speed", "no Strain"]),
    (10, ["WS 0", "no drift", "no oars"]),
    (11, ["next turn", "2 turns", "immediate Strain Roll", "3 in all"]),
    (12, ["one cell at a time", "alternates", "fouled"]),
    (13, ["1 Strain", "Shoals", "cutters"]),
    (14, ["escape"]),
    (15, ["rounding distance", "course order", "dead heat", "fewest cells"]),
    (16, ["catch distance", "turn limit", "no ship afloat"]),
])
def test_each_adaptation_names_its_key_numbers(adaptations: dict[int, str], number: int,
                                               needles: list[str]) -> None:
    item = adaptations[number]
    for needle in needles:
        assert needle in item, (number, needle)


def test_help_speeds_agree_with_the_rules(text: str) -> None:
    # the worked examples quoted in the help are what the tables give
    ships = tables().ships
    assert "Small Galley makes 14\"" in " ".join(text.split())
    assert 2 * ships["small-galley"].bn(Bearing.QUARTER) == 14
    assert "Viking Longship 18\"" in " ".join(text.split())
    assert 2 * ships["longship"].bn(Bearing.QUARTER) == 18


def test_every_log_kind_is_explained(text: str) -> None:
    import inspect

    from tui_naval.core import engine
    from tui_naval.rulesets.salt_n_tar import rules
    from tui_naval.systems.goals import course
    from tui_naval.systems.sailing.salt_n_tar import steps

    # The ruleset logs through its parts (the sailing steps, the course) and the engine
    # logs the end of the game.
    source = "".join(inspect.getsource(module) for module in (rules, steps, course, engine))
    kinds = set(re.findall(r'\blog\("([a-z]+)"', source))
    assert len(kinds) > 10
    for kind in kinds:
        assert f"| `{kind}` |" in text, kind


def test_help_initial_wind_directions_match_the_data(text: str) -> None:
    names = tables().initial_wind_direction
    section = text.split("**Initial Wind**", 1)[1].split("**The Wind Roll**", 1)[0]
    for face in range(1, 9):
        row = next(line for line in section.splitlines() if line.startswith(f"| {face} |"))
        cells = [c.strip() for c in row.strip("|").split("|")][1:4]
        expected = [names[k][face - 1] if face <= len(names[k]) else ""
                    for k in ("square", "hex-flat", "hex-pointy")]
        assert cells == expected, face
