"""Every sailing x gunnery pairing builds its ships one way (``Battle.make_ships``): the
class table's components, and the names and crews of a map's ``#!`` lines where the
combat system reads them (Kyngesreach's), none where it does not (Ships & Sails')."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui_naval.core.history import Game
from tui_naval.core.scenario import Setup
from tui_naval.rulesets import find_ruleset
from tui_naval.systems.battle import Battle

MAPS = Path(__file__).resolve().parents[2] / "maps"

#: Each pairing and a map it plays, whose first ship is B1 and whose red ships include R1.
PAIRINGS = {"salt-and-shot": "sas-duel", "mow-and-shot": "mow-crossing",
            "salt-and-sails": "sails-duel", "mow-and-sails": "mow-crossing"}

HEADER = "#! name: B1 Resolute\n#! crew: R1 gunner=15\n"


def game_with_header(ruleset_name: str) -> Game:
    """A game of the pairing on its map, with ``HEADER``'s lines before the ships."""
    ruleset = find_ruleset(ruleset_name)
    map_name = PAIRINGS[ruleset_name]
    text = (MAPS / f"{map_name}.map").read_text()
    text = "\n".join(line for line in text.splitlines() if not line.startswith("#!")) + "\n"
    at = text.index("ship:")
    text = text[:at] + HEADER + text[at:]
    return Game(ruleset, Setup(ruleset.name, map_name, text, ruleset.grids[0], 1))


@pytest.mark.parametrize("name", sorted(PAIRINGS))
def test_each_ship_gets_her_class_components(name: str) -> None:
    game = game_with_header(name)
    ruleset = game.ruleset
    assert isinstance(ruleset, Battle)
    for ship in game.state.ships:
        assert isinstance(ship, ruleset.ship_type)
        pairing = ruleset.classes[ship.kind]
        fresh = ruleset.combat.new_component(pairing.gunnery)
        assert type(ship.gunnery) is type(fresh)
        assert type(ship.sail) is type(ruleset.new_sail(ship.kind))


@pytest.mark.parametrize("name", ["salt-and-shot", "mow-and-shot"])
def test_kyngesreach_gunnery_reads_the_maps_names_and_crews(name: str) -> None:
    state = game_with_header(name).state
    b1, r1 = state.ship("B1"), state.ship("R1")
    assert b1.name == "Resolute"
    assert r1.gunnery.skills.gunner == 15
    assert b1.gunnery.skills.gunner != 15


@pytest.mark.parametrize("name", ["salt-and-sails", "mow-and-sails"])
def test_ships_and_sails_gunnery_names_ships_by_their_class(name: str) -> None:
    game = game_with_header(name)
    ruleset = game.ruleset
    assert isinstance(ruleset, Battle)
    for ship in game.state.ships:
        assert ship.name == ruleset.classes[ship.kind].name
