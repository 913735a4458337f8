"""The search player and the easy level: legal, fair (no real dice, no hidden plot),
within budget, deterministic, and able to find a winning move."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

import pytest
from attrs import evolve

from tui_naval.ai.easy import EasyPlayer
from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.players import LEVELS, check_player, make_player
from tui_naval.ai.search import (
    CachedAdvisor,
    SearchPlayer,
    SearchSettings,
    _Search,
    determinize,
)
from tui_naval.app.setup import new_game
from tui_naval.core.controller import play
from tui_naval.core.dice import Rng
from tui_naval.core.engine import HIDDEN
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState
from tui_naval.rulesets import find_ruleset, registry
from tui_naval.rulesets.salt_n_tar.state import SaltState

RULESETS = [info.id for info in registry()]
#: Rulesets whose default map is too big for a test's first decisions to reach its point.
SMALL_MAPS = {"salamis": "salamis-duel"}


def small(rules: Ruleset[Any], iterations: int = 12, **settings: Any) -> SearchPlayer:
    """A search of ``rules``' games with a budget in iterations only (no time limit), so
    tests pin behaviour."""
    return SearchPlayer(rules, SearchSettings(iterations=iterations, seconds=None, **settings))


def greedy_states(ruleset: str, seed: int, count: int,
                  map_name: str | None = None) -> tuple[Ruleset[Any],
                                                        list[tuple[GameState, Decision]]]:
    """The first ``count`` decisions of a greedy game, with the states that ask them."""
    game = new_game(ruleset, map_name, seed, None)
    rules, state = game.ruleset, game.state
    greedy = GreedyPlayer(rules)
    out: list[tuple[GameState, Decision]] = []
    while len(out) < count and (decision := rules.decision(state)) is not None:
        out.append((state, decision))
        state = rules.apply(state, greedy.choose(rules.observe(state, decision.side), decision))
    return rules, out


def hidden_position(ruleset: str) -> tuple[Ruleset[Any], GameState, Decision] | None:
    """The first state of a greedy game whose decision's side cannot see an order plotted
    before it (None if the ruleset plots none in its first turns)."""
    rules, states = greedy_states(ruleset, 2, 80)
    for state, decision in states:
        seen = rules.observe(state, decision.side)
        if any(order.verb == HIDDEN for order in seen.plotted):
            return rules, state, decision
    return None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_hidden_orders_are_sampled_from_their_own_ships_options(ruleset: str) -> None:
    """Cutting the plot just before a hidden order asks that very ship, so each hidden
    order can be replaced by one of her legal options."""
    # Salamis hides the mover's plot from the side watching for its "Stop!": the duel
    # reaches a Stop! window within its first turns, the strait (13 galleys) not so soon.
    rules, states = greedy_states(ruleset, 3, 60, SMALL_MAPS.get(ruleset))
    checked = 0
    for state, decision in states:
        seen = rules.observe(state, decision.side)
        if seen == state:
            continue
        picked: list[Order] = []

        def pick(before: GameState, asked: Decision, seen: GameState = seen,
                 picked: list[Order] = picked) -> Order:
            # She is asked as her side saw it: every other side's order still hidden.
            assert asked.ship == seen.plotted[len(before.plotted)].ship
            assert all(o.verb == HIDDEN for o in before.plotted
                       if o.ship not in own(before, asked.side))
            picked.append(asked.options[-1])
            return asked.options[-1]

        world = determinize(rules, seen, pick)
        assert world is not None
        assert not any(order.verb == HIDDEN for order in world.plotted)
        assert [o for o in world.plotted if o not in state.plotted] == \
            [o for o in picked if o not in state.plotted]
        assert len(picked) == sum(o.verb == HIDDEN for o in seen.plotted)
        assert rules.decision(world) is not None
        checked += 1
    plots = any(d.plotted for _, d in states)
    assert checked > 0 or not plots


def own(state: GameState, side: str) -> set[str]:
    return {ship.id for ship in state.ships if ship.side == side}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_legal_answers_on_the_first_decisions(ruleset: str) -> None:
    rules, states = greedy_states(ruleset, 1, 3)
    player = small(rules, 8)
    for state, decision in states:
        order = player.choose(rules.observe(state, decision.side), decision)
        assert order in decision.options
        assert player.last is not None and player.last.iterations == 8


@pytest.mark.parametrize("ruleset", ["kyngesreach", "salt-and-shot", "ships-and-sails"])
def test_the_real_dice_are_never_read(ruleset: str) -> None:
    """Two states differing only in their RNG are searched alike, visit for visit."""
    rules, states = greedy_states(ruleset, 4, 6)
    state, decision = states[-1]
    seen = rules.observe(state, decision.side)
    other = evolve(seen, rng=Rng.from_seed(12345))
    assert other.rng != seen.rng
    first, second = small(rules), small(rules)
    first.choose(seen, decision)
    second.choose(other, decision)
    assert first.last is not None and second.last is not None
    assert first.last == evolve(second.last, seconds=first.last.seconds)


@pytest.mark.parametrize("ruleset", ["salt-n-tar", "ships-and-sails", "salt-and-sails"])
def test_a_hidden_plot_is_never_read(ruleset: str) -> None:
    """The search answers an observed state with the enemy's orders hidden, and the same
    whatever the enemy really plotted."""
    found = hidden_position(ruleset)
    assert found is not None
    rules, state, decision = found
    hidden = [i for i, o in enumerate(rules.observe(state, decision.side).plotted)
              if o.verb == HIDDEN]
    # The same position with the first hidden order replaced by another of her options.
    i = hidden[0]
    asked = rules.decision(evolve(state, plotted=state.plotted[:i]))
    assert asked is not None and asked.ship == state.plotted[i].ship
    other_order = next(o for o in asked.options if o != state.plotted[i])
    plotted = (*state.plotted[:i], other_order, *state.plotted[i + 1:])
    other = evolve(state, plotted=plotted)
    assert other != state
    seen_a = rules.observe(state, decision.side)
    seen_b = rules.observe(other, decision.side)
    first, second = small(rules), small(rules)
    order = first.choose(seen_a, decision)
    assert order in decision.options
    assert second.choose(seen_b, decision) == order
    assert first.last is not None and first.last.note == ""
    assert first.last.options == second.last.options  # type: ignore[union-attr]


def test_the_budget_in_iterations_is_honoured() -> None:
    rules, states = greedy_states("salt-and-shot", 1, 4)
    state, decision = states[-1]
    seen = rules.observe(state, decision.side)
    player = small(rules, 20)
    player.choose(seen, decision)
    assert player.last is not None
    assert player.last.iterations == 20
    assert sum(row.visits for row in player.last.options) == 20


def test_a_search_stopped_at_once_still_answers_legally() -> None:
    rules, states = greedy_states("ships-and-sails", 1, 3)
    state, decision = states[-1]
    seen = rules.observe(state, decision.side)
    player = SearchPlayer(rules, SearchSettings(iterations=10_000, seconds=None),
                          should_stop=lambda: True)
    assert player.choose(seen, decision) in decision.options
    assert player.last is not None and player.last.iterations <= 1
    # A time limit already passed stops it the same way.
    timed = SearchPlayer(rules, SearchSettings(iterations=10_000, seconds=0.0))
    assert timed.choose(seen, decision) in decision.options
    assert timed.last is not None and timed.last.iterations <= 1


def test_a_forced_decision_is_answered_at_once() -> None:
    rules, states = greedy_states("kyngesreach", 1, 1)
    state, decision = states[0]
    forced = evolve(decision, options=decision.options[:1])
    player = small(rules, 50)
    assert player.choose(rules.observe(state, decision.side), forced) == decision.options[0]
    assert player.last is not None and player.last.iterations == 0


def test_same_seed_and_budget_play_the_same_game() -> None:
    def game_orders() -> list[str]:
        game = new_game("kyngesreach", None, 8, None)
        play(game, {side: small(game.ruleset, 6) for side in game.state.sides}, turns=3)
        return [str(order) for order in game.orders]

    first = game_orders()
    assert first and first == game_orders()


def test_a_different_seed_may_search_differently() -> None:
    """The seed is the search's own: the answers of two seeds differ somewhere."""
    rules, states = greedy_states("salt-n-tar", 1, 12)
    values = []
    for seed in (1, 2):
        player = small(rules, 30, seed=seed, rollout="random")
        found = []
        for s, d in states:
            player.choose(rules.observe(s, d.side), d)
            assert player.last is not None
            found.append(player.last.options)
        values.append(found)
    assert values[0] != values[1]


def test_easy_is_legal_reproducible_and_sometimes_not_greedy() -> None:
    differs = 0
    seen_count = 0
    for ruleset in ("salt-n-tar", "kyngesreach", "salt-and-shot"):
        rules, states = greedy_states(ruleset, 5, 40)
        easy, greedy = EasyPlayer(rules), GreedyPlayer(rules)
        for state, decision in states:
            seen = rules.observe(state, decision.side)
            order = easy.choose(seen, decision)
            assert order in decision.options
            assert EasyPlayer(rules).choose(seen, decision) == order
            differs += order != greedy.choose(seen, decision)
            seen_count += 1
    assert 0 < differs < seen_count / 2


def test_the_search_finds_the_winning_broadside() -> None:
    """Kyngesreach, kr-duel seed 1, turn 10: firing the port battery sinks the enemy this
    turn in every sampled world, the starboard one never does.  With no advice (random
    rollouts, no prior for the advisor's choice) the search finds it."""
    rules, states = greedy_states("kyngesreach", 1, 40)
    state, decision = states[39]
    assert decision.kind == "battery"
    assert {str(o) for o in decision.options} == {"R1 battery port", "R1 battery starboard"}
    player = small(rules, 40, rollout="random", confidence=0.0, min_samples=20)
    assert str(player.choose(rules.observe(state, decision.side), decision)) == \
        "R1 battery port"
    assert player.last is not None and player.last.options[0].value > 0.5
    assert str(searched_best(player)) == "R1 battery port"


def test_the_search_finds_the_winning_helm() -> None:
    """Salt'n'Tar, channel race seed 1, turn 22: holding her course takes R1 over the line
    first; turning, either way, does not.  The search finds it without advice."""
    rules, states = greedy_states("salt-n-tar", 1, 130)
    state, decision = states[129]
    assert decision.kind == "move" and decision.ship == "R1"
    player = small(rules, 60, rollout="random", confidence=0.0)
    assert str(player.choose(rules.observe(state, decision.side), decision)) == "R1 hold"
    assert str(searched_best(player)) == "R1 hold"


def searched_best(player: SearchPlayer) -> Order:
    """The option the search itself rates best, before the answer's leaning to the advisor:
    the most visited, and the highest valued."""
    assert player.last is not None
    options = player.last.options
    most = max(options, key=lambda row: row.visits)
    assert most.value == max(row.value for row in options)
    return most.order


def test_levels_and_names_are_registered() -> None:
    assert set(LEVELS) == {"easy", "normal", "hard"}
    for name in LEVELS.values():
        assert check_player(name) == name
    assert check_player("search:normal") == "search"
    assert check_player("search:easy") == "easy"
    assert check_player("Search:Hard") == "search:hard"
    rules = find_ruleset("salt-n-tar")
    assert make_player("search", rules).name == "search"
    assert make_player("search:hard", rules).name == "search:hard"
    assert make_player("easy", rules).name == "easy"


def test_without_a_sure_gain_the_answer_is_the_advisors() -> None:
    """The search leaves the advisor's choice only for an option that beats it in the same
    worlds by ``confidence`` standard errors: with an unreachable bar, it never does."""
    rules, states = greedy_states("kyngesreach", 1, 30)
    player, greedy = small(rules, 16, confidence=1e9), GreedyPlayer(rules)
    for state, decision in states:
        seen = rules.observe(state, decision.side)
        assert player.choose(seen, decision) == greedy.choose(seen, decision)


def test_each_round_plays_its_options_in_one_world() -> None:
    """With two options, each round plays both (the advisor's first), so the rollouts
    split evenly, and each option's gain is measured against the advisor's choice in
    the same worlds."""
    rules, states = greedy_states("kyngesreach", 1, 40)
    state, decision = states[39]
    assert len(decision.options) == 2
    player = small(rules, 20, min_samples=20)
    player.choose(rules.observe(state, decision.side), decision)
    assert player.last is not None
    assert [row.visits for row in player.last.options] == [10, 10]


def test_a_race_counts_strain_and_sinking_against_a_ship() -> None:
    """The race's standing (what the search scores by) prices a mark of Strain as cells
    still to sail, and counts a sinking ship out of the race."""
    rules, states = greedy_states("salt-n-tar", 1, 1)
    state = states[0][0]
    side = state.ships[0].side

    def with_sail(strain: int = 0, sinking: int = 0) -> GameState:
        ships = tuple(evolve(s, sail=evolve(s.sail, strain=strain, sinking=sinking))
                      if s.side == side else s
                      for s in cast(SaltState, state).ships)
        return evolve(state, ships=ships)

    even = rules.evaluate(state, side)
    strained = rules.evaluate(with_sail(strain=2), side)
    assert strained < even
    assert rules.evaluate(with_sail(sinking=3), side) < strained


def test_the_cached_advisor_asks_once_per_state_whatever_the_dice() -> None:
    """Answers are kept per observed state and decision, the dice left out (an advisor
    never reads them); another decision or another turn asks the advisor again."""
    rules, states = greedy_states("ships-and-sails", 3, 6)
    asked: list[Decision] = []

    def advisor(state: GameState, decision: Decision) -> Order:
        asked.append(decision)
        return rules.advisor(state, decision)

    cached = CachedAdvisor(advisor)
    state, decision = states[0]
    answer = cached(state, decision)
    assert answer == rules.advisor(state, decision)
    assert cached(evolve(state, rng=Rng.from_seed(99)), decision) == answer
    assert len(asked) == 1
    later, other = next((s, d) for s, d in states[1:] if d != decision)
    assert cached(later, other) == rules.advisor(later, other)
    assert len(asked) == 2
    cached.start(state.turn + 1)
    cached(state, decision)
    assert len(asked) == 3


@pytest.mark.parametrize("ruleset", ["ships-and-sails", "kyngesreach"])
def test_keeping_the_advisors_answers_changes_no_search(ruleset: str) -> None:
    """A search with the advisor's answers kept finds what one asking it afresh finds."""
    rules, states = greedy_states(ruleset, 4, 12)
    settings = SearchSettings(iterations=30, seconds=None)
    for state, decision in states[::3]:
        seen = rules.observe(state, decision.side)
        if len(decision.options) == 1:
            continue
        runs = []
        for advisor in (rules.advisor, CachedAdvisor(rules.advisor)):
            search = _Search(rules, seen, decision, settings, advisor)
            for _ in range(settings.iterations):
                assert search.iterate()
            runs.append(search.results())
        assert runs[0] == runs[1]


def first_of_kind(ruleset: str, seed: int, kind: str) -> tuple[Ruleset[Any], GameState, Decision]:
    """The first decision of ``kind`` with a choice in a greedy game, observed."""
    rules, states = greedy_states(ruleset, seed, 40)
    state, decision = next((s, d) for s, d in states
                           if d.kind == kind and len(d.options) > 1)
    return rules, rules.observe(state, decision.side), decision


def test_an_option_tried_in_few_worlds_is_not_preferred() -> None:
    """A large gain measured in fewer than ``min_samples`` worlds is no reason to leave
    the advisor's choice (its standard error is a guess); the same gain over enough
    worlds is."""
    rules, seen, decision = first_of_kind("kyngesreach", 1000, "target")
    search = _Search(rules, seen, decision, SearchSettings(iterations=0, seconds=None))
    rival = search.order[1]
    stats = search.stats[rival]
    for diff in (0.30, 0.31):
        stats.diffs += 1
        stats.diff_total += diff
        stats.diff_squares += diff * diff
    assert search.answer() == search.preferred
    for _ in range(search.settings.min_samples):
        stats.diffs += 1
        stats.diff_total += 0.3
        stats.diff_squares += 0.09
    assert search.answer() == rival


def test_options_surely_worse_are_played_no_more() -> None:
    """Kyngesreach, kr-duel seed 1000, turn 1: steering (rudder) or holding fire loses
    to a broadside in the same worlds; once that is sure they get no more rollouts, and
    when no rival is left the search stops early with the advisor's choice."""
    rules, seen, decision = first_of_kind("kyngesreach", 1000, "target")
    assert len(decision.options) == 3
    player = small(rules, 200)
    order = player.choose(seen, decision)
    assert order == GreedyPlayer(rules).choose(seen, decision)
    assert player.last is not None
    visits = {row.order: row.visits for row in player.last.options}
    assert all(visits[o] < visits[order] for o in decision.options if o != order)
    assert player.last.iterations < 200


def test_options_level_at_the_end_of_the_turn_are_looked_at_further() -> None:
    """Kyngesreach's ammunition is loaded for a later turn: played out to the end of
    this one, every choice ends level with the advisor's, so the search plays them out
    a turn further (and at ``max_horizon`` without a difference, stops)."""
    rules, seen, decision = first_of_kind("kyngesreach", 1000, "ammo")
    settings = SearchSettings(iterations=400, seconds=None)
    search = _Search(rules, seen, decision, settings)
    for _ in range(4 * settings.min_samples):
        assert search.iterate()
    assert search.horizon >= 1
    short = _Search(rules, seen, decision, evolve(settings, max_horizon=0))
    for _ in range(4 * settings.min_samples):
        assert short.iterate()
        if short.settled:
            break
    assert short.horizon == 0 and short.settled


def test_the_rollouts_go_as_many_turns_on_as_the_ruleset_says() -> None:
    """A race's move shows turns later: Salt'n'Tar's ``search_horizon`` has the rollouts
    play two turns past the current one; a setting of the search's own overrides it."""
    rules, states = greedy_states("salt-n-tar", 1000, 40)
    state, decision = next((s, d) for s, d in states if d.kind == "move" and len(d.options) > 1)
    seen = rules.observe(state, decision.side)
    assert rules.search_horizon == 2
    search = _Search(rules, seen, decision, SearchSettings(iterations=0, seconds=None))
    assert search.horizon == 2
    assert search._rollout(state, decision.options[0]).turn == state.turn + 3
    short = _Search(rules, seen, decision, SearchSettings(iterations=0, seconds=None,
                                                          horizon=0))
    assert short.horizon == 0
    assert short._rollout(state, decision.options[0]).turn == state.turn + 1


def test_on_the_last_turn_the_search_looks_no_further() -> None:
    """The game ends with the turn: ammunition level at its end is level for good, so the
    search stops with the advisor's choice without playing past the game's end."""
    rules, seen, decision = first_of_kind("kyngesreach", 1000, "ammo")
    settings = SearchSettings(iterations=400, seconds=None)
    last = _Search(rules, evolve(seen, turn=seen.goal.turns), decision, settings)
    while not last.settled:
        assert last.iterate()
    assert last.horizon == 0 and last.answer() == last.preferred
    before = _Search(rules, evolve(seen, turn=seen.goal.turns - 1), decision, settings)
    while not before.settled:
        assert before.iterate()
    assert before.horizon == 1


def test_the_analysis_says_how_far_further_its_rollouts_went() -> None:
    """The options' visits are the rollouts of the last horizon: all of them where the
    search looked no further, fewer than its rollouts where it did."""
    game = new_game("kyngesreach", "kr-duel", 5, None)
    search = SearchPlayer(game.ruleset, SearchSettings(iterations=40, seconds=None))
    greedy = GreedyPlayer(game.ruleset)
    looked = []
    while len(game.orders) < 20 and (decision := game.decision()) is not None:
        seen = game.ruleset.observe(game.state, decision.side)
        if decision.side != "blue":
            game.play(greedy.choose(seen, decision))
            continue
        game.play(search.choose(seen, decision))
        analysis = search.last
        assert analysis is not None
        visits = sum(option.visits for option in analysis.options)
        if analysis.ahead:
            assert visits < analysis.iterations
        else:
            assert visits == analysis.iterations
        looked.append((decision.kind, analysis.ahead))
    assert ("ammo", 1) in looked and ("target", 0) in looked


def test_a_forced_hidden_order_is_filled_in_without_asking_the_advisor() -> None:
    """A hidden part of a plot that had one option is that option: no advisor is asked
    a forced decision (one may fail on it, as play never asks it one)."""
    rules, seen, decision = first_of_kind("kyngesreach", 1000, "target")

    def advisor(state: GameState, asked: Decision) -> Order:
        assert len(asked.options) > 1
        return rules.advisor(state, asked)

    search = _Search(rules, seen, decision, SearchSettings(iterations=0, seconds=None,
                                                           hidden_greedy=1.0), advisor)
    forced = evolve(decision, options=decision.options[-1:])
    assert search._pick_hidden(seen, forced) == decision.options[-1]


@pytest.mark.parametrize("ruleset", ["mow-and-shot", "mow-and-sails"])
def test_rivals_join_the_search_in_the_rankers_order(ruleset: str) -> None:
    """Where the ruleset ranks a decision's options (the Man-O-War helm's moves), the
    search widens to them in that order after the advisor's choice, so its first rivals
    are the ones the helm values next; other decisions keep the listed order."""
    rules, states = greedy_states(ruleset, 5, 40)
    assert rules.ranker is not None
    settings = SearchSettings(iterations=10, seconds=None)
    ranked_seen = listed_seen = 0
    for state, decision in states:
        if len(decision.options) == 1:
            continue
        seen = rules.observe(state, decision.side)
        search = _Search(rules, seen, decision, settings)
        ranked = rules.ranker(seen, decision)
        assert search.order[0] == rules.advisor(seen, decision)
        if ranked is None:
            listed_seen += 1
            assert search.order[1:] == [o for o in decision.options if o != search.order[0]]
        else:
            ranked_seen += 1
            assert Counter(ranked) == Counter(decision.options)
            assert ranked[0] == search.order[0]
            assert search.order == list(ranked)
    assert ranked_seen and listed_seen


def test_a_ruleset_without_a_ranker_is_searched_in_its_listed_order() -> None:
    rules, states = greedy_states("kyngesreach", 1, 30)
    assert rules.ranker is None
    state, decision = next((s, d) for s, d in states if len(d.options) > 2)
    seen = rules.observe(state, decision.side)
    search = _Search(rules, seen, decision, SearchSettings(iterations=10, seconds=None))
    assert search.order[1:] == [o for o in decision.options if o != search.order[0]]
