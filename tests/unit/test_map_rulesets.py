"""A map's ``rulesets`` line: the rulesets it is made for, and no others play it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui_naval.core.maps import MapError, available_maps, load_map, parse_map
from tui_naval.core.scenario import playable_maps, unplayable_reason
from tui_naval.rulesets import find_entry, find_ruleset, registry

CHECKOUT_MAPS = Path(__file__).resolve().parents[2] / "maps"

DUEL = """\
title: Two Brigs
grids: hex-flat
rulesets: {names}
game: battle
ship: B1 blue 1,1 N brig
ship: R1 red 4,3 S brig
map:
......
......
......
......
"""


def test_a_map_without_the_line_is_for_every_ruleset_that_can_play_it() -> None:
    spec = parse_map(DUEL.replace("rulesets: {names}\n", ""), "brigs.map")
    assert spec.rulesets == ()
    assert unplayable_reason(find_ruleset("ships-and-sails"), spec) is None
    assert unplayable_reason(find_ruleset("salt-and-sails"), spec) is None


def test_a_map_made_for_one_ruleset_is_played_by_it_alone() -> None:
    spec = parse_map(DUEL.format(names="Ships-And-Sails"), "brigs.map")
    assert spec.rulesets == ("ships-and-sails",)
    assert unplayable_reason(find_ruleset("ships-and-sails"), spec) is None
    reason = unplayable_reason(find_ruleset("salt-and-sails"), spec)
    assert reason == ("it is made for ships-and-sails, not Salt'n'Tar with "
                      "Ships & Sails gunnery")


def test_a_ruleset_is_named_by_its_id_or_an_alias() -> None:
    spec = parse_map(DUEL.format(names="sns saltandsails"), "brigs.map")
    assert unplayable_reason(find_ruleset("ships-and-sails"), spec) is None
    assert unplayable_reason(find_ruleset("salt-and-sails"), spec) is None
    assert unplayable_reason(find_ruleset("kyngesreach"), spec) is not None


def test_a_name_that_is_no_name_is_a_map_error() -> None:
    with pytest.raises(MapError, match=r"brigs.map:3: '\*' is not a ruleset's name"):
        parse_map(DUEL.format(names="ships-and-sails *"), "brigs.map")


@pytest.mark.parametrize("path", sorted(CHECKOUT_MAPS.glob("*.map")), ids=lambda p: p.stem)
def test_every_shipped_map_names_rulesets_that_exist_and_can_play_it(path: Path) -> None:
    spec = load_map(str(path))
    for name in spec.rulesets:
        ruleset = find_ruleset(find_entry(name).id)
        assert unplayable_reason(ruleset, spec) is None, (name, spec.name)


def test_the_lopsided_pairings_are_not_offered() -> None:
    """docs/balance.md: each of these maps gave the first side more than 60% (or, with
    three navies, one navy far less than a third) in the pairing it is no longer made for."""
    kept_from = {"kr-squadron": "salt-and-shot", "sails-squadron": "ships-and-sails",
                 "ss-brigs": "mow-and-shot", "mow-corner": "mow-and-shot",
                 "mow-three-navies": "mow-and-sails"}
    for map_name, ruleset in kept_from.items():
        assert unplayable_reason(find_ruleset(ruleset), load_map(map_name)) is not None
    assert {info.id for info in registry()
            if unplayable_reason(find_ruleset(info.id), load_map("mow-corner-four")) is None} \
        == {"mow-and-shot"}


def test_the_menus_offer_a_ruleset_the_maps_made_for_it() -> None:
    specs = [load_map(str(path)) for path in available_maps()]
    shot = {spec.name for spec in playable_maps(find_ruleset("mow-and-shot"), specs)}
    sails = {spec.name for spec in playable_maps(find_ruleset("mow-and-sails"), specs)}
    assert {"mow-corner-four", "mow-three-navies"} <= shot and "mow-corner" not in shot
    assert "mow-corner" in sails and not {"mow-corner-four", "mow-three-navies"} & sails
