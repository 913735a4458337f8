"""A ruleset brings its own game kinds and map keys without editing core."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tui_naval.core import maps
from tui_naval.core.maps import MapError, MapKey, parse_map
from tui_naval.core.ruleset import RulesetInfo
from tui_naval.rulesets import registry

ESCORT = """\
title: Convoy
game: escort
turns: 20
convoy: R2
harbour: 3
ship: B1 blue 1,1 N cutter
ship: R1 red 4,3 S cutter
ship: R2 red 5,3 S cutter
map:
......
......
......
....3.
"""


@pytest.fixture
def vocabulary(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test declares into a copy of the map reader's vocabulary."""
    monkeypatch.setattr(maps, "_KEYS", dict(maps._KEYS))
    monkeypatch.setattr(maps, "_GAMES", list(maps._GAMES))


def declare_escort() -> None:
    info = RulesetInfo(id="escort-test", title="Escort", aliases=(), summary="a test",
                       map_keys=(MapKey("convoy", None, ("escort",)),
                                 MapKey("harbour", "1", ("escort",))),
                       games=("escort",))
    maps.declare(info.map_keys, info.games)


def test_undeclared_keys_and_game_kinds_are_refused(vocabulary: None) -> None:
    with pytest.raises(MapError, match=re.escape("convoy.map:4: unknown key 'convoy'")):
        parse_map(ESCORT, "convoy.map")
    bare = ESCORT.replace("convoy: R2\n", "").replace("harbour: 3\n", "")
    with pytest.raises(MapError, match=re.escape("convoy.map:2: unknown game 'escort'")):
        parse_map(bare, "convoy.map")


def test_a_declared_game_kind_and_its_keys_are_read(vocabulary: None) -> None:
    declare_escort()
    spec = parse_map(ESCORT, "convoy.map")
    assert spec.goal.kind == "escort"
    assert spec.goal.turns == 20
    assert spec.option("convoy") == "R2"
    assert spec.option("harbour") == "3"


def test_a_declared_key_takes_its_default_and_a_required_one_is_checked(
        vocabulary: None) -> None:
    declare_escort()
    spec = parse_map(ESCORT.replace("harbour: 3\n", ""), "convoy.map")
    assert spec.option("harbour") == "1"
    with pytest.raises(MapError, match=r"convoy.map:\d+: a escort needs a 'convoy:' line"):
        parse_map(ESCORT.replace("convoy: R2\n", ""), "convoy.map")


def test_a_declared_key_in_another_game_is_a_typo(vocabulary: None) -> None:
    declare_escort()
    battle = ESCORT.replace("game: escort", "game: battle").replace("harbour: 3\n", "")
    with pytest.raises(MapError, match="'convoy' is only used in a escort"):
        parse_map(battle, "convoy.map")


def test_a_ruleset_cannot_take_over_a_key_of_the_game(vocabulary: None) -> None:
    with pytest.raises(ValueError, match="the game's own"):
        maps.declare((MapKey("turns"),))


#: In a fresh interpreter: the ruleset package imported, its registry never read, then a
#: map that uses a ruleset's own key (Man-O-War's "enters") read.
FRESH = """
import sys
import tui_naval.rulesets as rulesets
from tui_naval.core.maps import load_map
before = rulesets.registry.cache_info()
spec = load_map("mow-corner")
assert before.hits == before.misses == 0, before
print(spec.option("enters"))
"""


def test_a_rulesets_own_keys_are_known_without_reading_the_registry_first() -> None:
    proc = subprocess.run([sys.executable, "-c", FRESH], capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip(), "the map's 'enters' line"


def test_the_map_reader_asks_the_registry_it_was_given() -> None:
    info = RulesetInfo(id="escort-test", title="Escort", aliases=(), summary="a test",
                       map_keys=(MapKey("convoy", None, ("escort",)),
                                 MapKey("harbour", "1", ("escort",))),
                       games=("escort",))
    maps.provide(lambda: (info,))
    try:
        assert parse_map(ESCORT, "convoy.map").option("harbour") == "3"
    finally:
        maps.provide(registry)
    assert "convoy" not in maps._vocabulary()[0]
