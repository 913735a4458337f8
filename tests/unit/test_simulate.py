"""AI-against-AI series."""

from __future__ import annotations

import io
import json

from tui_naval.app.setup import new_game
from tui_naval.app.simulate import progress_bar, simulate


def factory(seed: int):  # type: ignore[no-untyped-def]
    return new_game("salt-n-tar", "channel-race", seed, "hex-flat")


def test_series_counts_every_game_once() -> None:
    result = simulate(factory, ["greedy", "random"], games=6, seed=100)
    assert result.games == 6
    assert sum(result.wins.values()) + result.draws + result.unfinished == 6
    assert set(result.wins) == {"greedy", "random"}
    assert result.mean_turns > 1


def test_sides_alternate_so_a_mirror_match_is_about_even() -> None:
    result = simulate(factory, ["greedy", "greedy"], games=10, seed=0)
    assert set(result.wins) == {"greedy#1", "greedy#2"}
    assert sum(result.wins.values()) + result.draws == 10


def test_json_is_one_line_with_the_promised_fields() -> None:
    result = simulate(factory, ["random", "greedy"], games=2, seed=5)
    line = result.as_json()
    assert "\n" not in line
    data = json.loads(line)
    assert set(data) >= {"games", "wins", "draws", "mean_turns", "side_wins"}


def test_wins_are_counted_by_side_as_well_as_by_player() -> None:
    result = simulate(factory, ["greedy", "random"], games=6, seed=100)
    assert set(result.side_wins) == {"blue", "red"}
    assert sum(result.side_wins.values()) == sum(result.wins.values())
    assert any(f"{side} {wins} wins" in result.lines()[-2]
               for side, wins in result.side_wins.items())


def test_same_seed_same_series() -> None:
    a = simulate(factory, ["greedy", "random"], games=4, seed=9)
    b = simulate(factory, ["greedy", "random"], games=4, seed=9)
    assert a == b


def test_progress_bar_reaches_the_end() -> None:
    out = io.StringIO()
    simulate(factory, ["random", "random"], games=3, seed=1, progress=out)
    assert out.getvalue().rstrip().endswith(progress_bar(3, 3))
