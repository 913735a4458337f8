"""Generated seas: for every ruleset and grid, any seed gives a map that reads, that the
ruleset plays and sets up, with open water between the fleets (and round a race's
buoys); the same seed gives the same map; the AI can sail it; the command line takes
``--map random`` and ``--map random:SEED`` and writes maps out."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.app.setup import new_game
from tui_naval.cli import main
from tui_naval.core import mapgen
from tui_naval.core.controller import play, step
from tui_naval.core.grid import GridKind
from tui_naval.core.maps import MapError, MapSpec, load_map, parse_map
from tui_naval.core.scenario import unplayable_reason
from tui_naval.rulesets import find_ruleset, load, registry

RULESETS = [info.id for info in registry()]
SEEDS = st.integers(min_value=-(2 ** 63), max_value=2 ** 63)


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, data=st.data())
def test_any_seed_gives_a_playable_map_on_every_grid(name: str, seed: int,
                                                    data: st.DataObject) -> None:
    ruleset = find_ruleset(name)
    grid = data.draw(st.sampled_from(ruleset.grids))
    text = mapgen.generate(ruleset, seed, grid)
    assert mapgen.generate(ruleset, seed, grid) == text
    spec = parse_map(text, "x.map", mapgen.map_name(seed))
    assert spec.grids[0] == grid and set(spec.grids) == set(ruleset.grids)
    assert unplayable_reason(ruleset, spec) is None
    assert mapgen.problem(ruleset, text) is None  # fleets joined by open water on each grid
    game = new_game(name, f"random:{seed}", 1, grid.value)
    assert game.setup.map_text == text and game.setup.map_name == f"random-{seed}"
    assert game.state.outcome is None and len(game.state.sides) >= 2


def test_the_sea_is_the_same_on_every_grid_and_differs_by_seed() -> None:
    ruleset = find_ruleset("salt-and-shot")
    seas = {mapgen.generate_spec(ruleset, 4, grid).terrain for grid in ruleset.grids}
    assert len(seas) == 1
    assert len({mapgen.generate_spec(ruleset, seed).terrain for seed in range(6)}) == 6


def test_a_ruleset_with_races_and_chases_gets_both() -> None:
    ruleset = find_ruleset("salt-n-tar")
    specs = [mapgen.generate_spec(ruleset, seed) for seed in range(12)]
    assert {spec.goal.kind for spec in specs} == {"race", "chase"}
    for spec in specs:
        if spec.goal.kind == "race":
            assert 2 <= len(spec.goal.course) <= 4
            # Both sides sail the same classes.
            kinds = {side: sorted(s.kind for s in spec.ships if s.side == side)
                     for side in spec.sides}
            assert len({tuple(k) for k in kinds.values()}) == 1


def test_sides_keep_their_own_classes_where_the_ruleset_has_them() -> None:
    """Salamis' default map has Greek and Persian fleets: a generated sea keeps them apart,
    at an inch a cell."""
    ruleset = find_ruleset("salamis")
    default = load_map(ruleset.info.default_map)
    own = {side: {s.kind for s in default.ships if s.side == side} for side in default.sides}
    for seed in range(5):
        spec = mapgen.generate_spec(ruleset, seed)
        assert spec.scale == 1 and spec.sides == default.sides
        for ship in spec.ships:
            assert ship.kind in own[ship.side]


def test_man_o_war_seas_have_two_or_three_navies_and_say_where_each_enters() -> None:
    ruleset = find_ruleset("mow-and-shot")
    counts = set()
    for seed in range(12):
        spec = mapgen.generate_spec(ruleset, seed)
        words = spec.option("enters").split()
        assert words[::2] == list(spec.sides) and set(words[1::2]) <= set("NESW")
        assert len(set(words[1::2])) == len(spec.sides)
        counts.add(len(spec.sides))
    assert counts == {2, 3}
    # A ruleset fought between two sides only is never given three.
    assert not mapgen.plays_three_sides(find_ruleset("kyngesreach"))


@pytest.mark.parametrize("name", RULESETS)
def test_the_greedy_player_sails_a_generated_sea(name: str) -> None:
    game = new_game(name, "random", 11, None)
    players = dict.fromkeys(game.state.sides, GreedyPlayer(game.ruleset))
    for _ in range(12):
        if not step(game, players):
            break
    assert len(game.orders) > 0


def test_a_generated_race_can_be_finished() -> None:
    race = find_ruleset("salt-n-tar")
    seed = next(s for s in range(20) if mapgen.generate_spec(race, s).goal.kind == "race")
    game = new_game("salt-n-tar", f"random:{seed}", 1, "square")
    play(game, dict.fromkeys(game.state.sides, GreedyPlayer(game.ruleset)))
    assert game.state.outcome is not None and "finished first" in str(game.state.outcome)


def _walled(spec: MapSpec) -> str:
    """A map's text with a wall of land down its middle column."""
    header, _, rows = spec.text.partition("map:\n")
    middle = spec.width // 2
    lines = [row[:middle] + "#" + row[middle + 1:] for row in rows.splitlines()]
    return header + "map:\n" + "\n".join(lines) + "\n"


def test_the_check_finds_fleets_cut_off_and_buoys_without_room() -> None:
    ruleset = find_ruleset("ships-and-sails")
    spec = next(spec for s in range(50)
                if (spec := mapgen.generate_spec(ruleset, s)).ships[0].cell.col < 3
                and len(spec.sides) == 2)
    problem = mapgen.problem(ruleset, _walled(spec))
    assert problem is not None and "no open water" in problem
    race = find_ruleset("salt-n-tar")
    spec = next(spec for s in range(20) if (spec := mapgen.generate_spec(race, s)).goal.kind
                == "race")
    buoy = spec.marks[0].cell
    rows = [list(row) for row in spec.text.partition("map:\n")[2].splitlines()]
    rows[buoy.row][buoy.col + 1] = "#"
    text = spec.text.partition("map:\n")[0] + "map:\n" + "\n".join(map("".join, rows)) + "\n"
    assert "buoy 1 has no sea room" in (mapgen.problem(race, text) or "")


def test_map_names_that_ask_for_a_random_sea() -> None:
    assert mapgen.map_seed("random", 7) == 7
    assert mapgen.map_seed("Random:-12", 7) == -12
    assert mapgen.map_seed("channel-race", 7) is None
    assert mapgen.map_seed("randomly", 7) is None
    for bad in ("random:", "random:x", "random:1.5", f"random:{2 ** 64}"):
        with pytest.raises(MapError, match="bad map seed"):
            mapgen.map_seed(bad, 7)


def test_a_grid_the_ruleset_does_not_play_is_refused() -> None:
    with pytest.raises(MapError, match="not played on a square grid"):
        mapgen.generate(find_ruleset("ships-and-sails"), 1, GridKind.SQUARE)


# -- the command line ---------------------------------------------------------------

def test_demo_on_random_takes_the_games_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--headless", "--map", "random", "--seed", "7", "--turns", "2"]) == 0
    first = capsys.readouterr().out
    assert first.startswith("Salt'n'Tar on random-7 (")
    assert main(["demo", "--headless", "--map", "random:7", "--seed", "7", "--turns", "2"]) == 0
    assert capsys.readouterr().out == first


def test_bad_random_map_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--headless", "--map", "random:sea"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tui-naval: error: bad map seed") and err.count("\n") == 1


def test_maps_generate_writes_a_map_file(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sea.map"
    assert main(["maps", "--generate", "5", "--ruleset", "salamis", "--out", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    ruleset = load(next(i for i in registry() if i.id == "salamis"))
    assert out.read_text(encoding="utf-8") == mapgen.generate(ruleset, 5)
    spec = load_map(str(out))
    assert spec.name == "sea" and unplayable_reason(ruleset, spec) is None
    assert main(["maps", "--generate", "5", "--ruleset", "salamis"]) == 0
    assert capsys.readouterr().out == mapgen.generate(ruleset, 5)


# -- encounters asked for (a voyage's legs) -------------------------------------------

def _ships(text: str) -> list[tuple[str, str, str]]:
    spec = parse_map(text, "m.map", "m")
    return [(s.id, s.side, s.kind) for s in spec.ships]


def test_a_muster_sets_the_game_and_each_sides_classes() -> None:
    from tui_naval.core.mapgen import Muster

    kr = find_ruleset("kyngesreach")
    muster = Muster("battle", (("frigate", "sloop"), ("brig", "brig", "first-rate")),
                    title="Skerry Holm", turns=12)
    text = mapgen.generate(kr, 5, None, muster)
    assert text == mapgen.generate(kr, 5, None, muster)
    spec = parse_map(text, "m.map", "m")
    assert spec.title == "Skerry Holm" and spec.goal.turns == 12
    assert _ships(text) == [("B1", "blue", "frigate"), ("B2", "blue", "sloop"),
                            ("R1", "red", "brig"), ("R2", "red", "brig"),
                            ("R3", "red", "first-rate")]
    with pytest.raises(MapError, match="plays no race"):
        mapgen.generate(kr, 5, None, Muster("race", (("frigate",), ("frigate",))))


def test_a_muster_chase_runs_either_side_and_a_race_takes_unequal_fleets() -> None:
    from tui_naval.core.mapgen import Muster

    snt = find_ruleset("salt-n-tar")
    hunting = Muster("chase", (("cutter", "schooner"), ("large-merchant",)), quarry=1)
    hunt = mapgen.generate(snt, 8, None, hunting)
    spec = parse_map(hunt, "m.map", "m")
    assert spec.goal.quarry == "red"
    assert sorted(_ships(hunt)) == [("B1", "blue", "cutter"), ("B2", "blue", "schooner"),
                                    ("R1", "red", "large-merchant")]
    flee = mapgen.generate(snt, 8, None, Muster("chase", (("cutter",), ("warship",) * 4)))
    assert parse_map(flee, "m.map", "m").goal.quarry == "blue"
    assert len(_ships(flee)) == 5  # four hunters find room beside the quarry's lane
    racing = Muster("race", (("cutter",), ("warship", "schooner", "cutter")))
    race = mapgen.generate(snt, 8, None, racing)
    assert sorted(k for _, side, k in _ships(race) if side == "red") == [
        "cutter", "schooner", "warship"]
