"""The players: legal answers, determinism, and greedy's strength against random."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.players import DEFAULT_OPPONENT, OPPONENTS, PLAYERS, UnknownPlayer, make_player
from tui_naval.ai.random_player import RandomPlayer
from tui_naval.app.setup import new_game
from tui_naval.core.controller import Player, play, step
from tui_naval.core.ruleset import Ruleset
from tui_naval.rulesets import find_ruleset


def race(seed: int, grid: str, greedy_side: int) -> str:
    """Play one race; the winner's player name ('draw' if none)."""
    game = new_game("salt-n-tar", "channel-race", seed, grid)
    sides = game.state.sides
    players: dict[str, Player] = {
        side: GreedyPlayer(game.ruleset) if i == greedy_side else RandomPlayer()
        for i, side in enumerate(sides)
    }
    state = play(game, players)
    assert state.outcome is not None
    winner = state.outcome.winner
    return players[winner].name if winner else "draw"


def test_greedy_beats_random_in_90_percent_of_200_races() -> None:
    results = [race(seed, ("hex-flat", "square")[seed % 2], seed % 2) for seed in range(200)]
    assert results.count("greedy") >= 180, results.count("greedy")


@pytest.mark.parametrize("make", [GreedyPlayer, lambda ruleset: RandomPlayer()],
                         ids=["greedy", "random"])
def test_players_answer_only_legal_options(make: Callable[[Ruleset[Any]], Player]) -> None:
    game = new_game("salt-n-tar", "channel-race", 5, "hex-pointy")
    player = make(game.ruleset)
    for _ in range(120):
        decision = game.decision()
        if decision is None:
            break
        assert player.choose(game.state, decision) in decision.options
        step(game, {side: player for side in game.state.sides})


def test_random_player_is_deterministic_per_state() -> None:
    game = new_game("salt-n-tar", "channel-race", 9, "square")
    decision = game.decision()
    assert decision is not None
    picks = {str(RandomPlayer().choose(game.state, decision)) for _ in range(5)}
    assert len(picks) == 1


def test_greedy_passes_luck_when_every_change_hurts() -> None:
    """At Wind Speed 3 a gust makes a gale and a lull slows her: greedy keeps her wind."""
    from attrs import evolve

    from tui_naval.rulesets.salt_n_tar.advisor import choose_luck

    game = new_game("salt-n-tar", "channel-race", 3, "square")
    decision = game.decision()
    assert decision is not None and decision.kind == "luck"
    state = evolve(game.state, wind=evolve(game.state.wind, speed=3))
    assert choose_luck(state, state.ship(decision.ship), decision).arg == "pass"


def test_unknown_player_name() -> None:
    with pytest.raises(UnknownPlayer, match="unknown player 'nobody'") as raised:
        make_player("nobody", find_ruleset("salt-n-tar"))
    # the levels --ai takes are named too, not only the players' own names
    assert str(raised.value).endswith("levels: easy, normal, hard)")


def test_the_default_opponent_is_the_normal_search() -> None:
    from tui_naval.ai.search import SearchPlayer
    from tui_naval.ai.search_levels import LEVEL_SETTINGS
    from tui_naval.cli.command_line import build_parser

    player = make_player(DEFAULT_OPPONENT, find_ruleset("salt-n-tar"))
    assert isinstance(player, SearchPlayer)
    assert player.settings == LEVEL_SETTINGS["normal"]
    for command in ("play", "tutorial", "voyage"):  # none: the newcomer's rule decides
        assert build_parser().parse_args([command]).ai is None


def test_the_lists_offer_every_player_once() -> None:
    names = [name for name, _label in OPPONENTS]
    assert sorted(names) == sorted(PLAYERS)
    assert DEFAULT_OPPONENT in names
