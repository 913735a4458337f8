"""Standing orders (``app.standing``) as the match plays them: routine decisions answered
without a prompt, the player asked (and told why) when the situation changes or the order
cannot be done, undo back past them, and their save."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.unit.test_match import FirstOption, Told
from tui_naval.app.happened import Asked, Over, Played, Quiet
from tui_naval.app.match import Match
from tui_naval.app.runner import QueuedRunner
from tui_naval.app.seats import Seat
from tui_naval.app.session import Session, load_session, save_session
from tui_naval.app.setup import new_game
from tui_naval.app.standing import (
    LIEUTENANT,
    SAME,
    Standing,
    StandingOrder,
    Verdict,
    answer,
    changes,
    decide,
    one_turn,
)
from tui_naval.core.history import Game
from tui_naval.core.orders import Decision, Order
from tui_naval.core.state import GameState
from tui_naval.rulesets import find_ruleset, registry


def battle(ruleset: str = "kyngesreach", map_name: str | None = "kr-duel",
           seed: int = 1) -> tuple[Match, QueuedRunner, Told]:
    game = new_game(ruleset, map_name, seed, None)
    sides = game.state.sides
    runner = QueuedRunner()
    seats = {side: Seat.here() if side == sides[0] else Seat.ai(FirstOption())
             for side in sides}
    match = Match(Session(game, {s: seat.name for s, seat in seats.items()}), seats, runner,
                  clock=runner.clock)
    return match, runner, Told(match)


def first_asked(match: Match, runner: QueuedRunner, told: Told) -> Asked:
    """Start the match and run it to the player's first question."""
    match.advance()
    for _ in range(50):
        runner.run()
        last = told.last()
        if isinstance(last, Asked):
            return last
        if isinstance(last, Quiet):
            match.go_on()
    raise AssertionError("the player was not asked")


def play_turns(match: Match, runner: QueuedRunner, told: Told, turns: int,
               limit: int = 400) -> list[Asked]:
    """Answer every question with its first option until ``turns`` turns have passed;
    the questions asked."""
    asked: list[Asked] = []
    end = match.state.turn + turns
    for _ in range(limit):
        runner.run()
        last = told.last()
        if isinstance(last, Over) or match.state.turn >= end:
            return asked
        if isinstance(last, Quiet):
            match.go_on()
            continue
        assert isinstance(last, Asked), told.kinds()[-4:]
        asked.append(last)
        match.answer(last.question.orders[0], last.question)
    raise AssertionError("the turns did not pass")


def test_a_standing_order_covers_its_ship_before_the_squadrons() -> None:
    decision = Decision("blue", "ammo", "B1", "load?", (Order("B1", "keep"),))
    standing = Standing().with_order(StandingOrder(SAME, "", "blue")) \
        .with_order(StandingOrder(LIEUTENANT, "ammo", "blue", "B1"))
    found = standing.order_for(decision, 3)
    assert found is not None and found.key == LIEUTENANT
    assert standing.order_for(Decision("red", "ammo", "R1", "?", ()), 3) is None
    once = Standing().with_order(one_turn("blue", 2))
    assert once.order_for(decision, 2) is not None and once.order_for(decision, 3) is None
    assert once.current(3).orders == ()
    assert standing.without("blue", "ammo").orders == (StandingOrder(SAME, "", "blue"),)


def test_what_changed_is_said() -> None:
    assert changes((("condition", "hull 60/60"),), (("condition", "hull 52/60"),)) \
        == "condition: hull 52/60"
    assert changes((("in range", "R1"),), ()) == "in range: no longer"
    assert changes((("a", "1"),), (("a", "1"),)) == ""


def test_the_lieutenant_answers_every_decision_without_a_prompt() -> None:
    match, runner, told = battle()
    asked = first_asked(match, runner, told)
    side = asked.question.side
    match.give(StandingOrder(LIEUTENANT, "", side, label="The first lieutenant decides"))
    runner.run()
    ours = [h.move for h in told.seen if isinstance(h, Played) and h.move.here]
    assert ours and all(m.standing == "The first lieutenant decides" for m in ours)
    assert [m.order for m in ours[:1]] == [match.ruleset.advisor(
        match.ruleset.observe(ours[0].before, side), asked.question.decision)]
    # Asked again only where the situation changed (damage, range...), and told why.
    later = [h for h in told.seen if isinstance(h, Asked)][1:]
    assert later and all("standing order" in a.why and "waits" in a.why for a in later)


def test_same_as_last_turn_repeats_each_ships_orders_for_the_turn() -> None:
    match, runner, told = battle()
    asked = first_asked(match, runner, told)
    side = asked.question.side
    given_on: dict[int, int] = {}
    for _ in range(300):
        runner.run()
        last = told.last()
        if isinstance(last, Over) or match.state.turn > 9:
            break
        if isinstance(last, Quiet):
            match.go_on()
            continue
        assert isinstance(last, Asked)
        turn = match.state.turn
        if turn >= 5 and turn not in given_on:  # the key, once a turn, from turn 5
            given_on[turn] = len(match.game.orders)
            match.give(one_turn(side, turn))
            continue
        match.answer(last.question.orders[0], last.question)
    states = match.game.states()
    repeated = [i for i in range(len(match.game.orders)) if match.standing_order_at(i)]
    assert repeated, "nothing was played by the standing order"
    for index in repeated:
        decision = match.ruleset.decision(states[index])
        assert decision is not None and decision.side == side
        turn = states[index].turn
        assert turn in given_on and index >= given_on[turn]  # in the turn it was given
        earlier = [j for j in range(index) if states[j].turn < turn
                   and (d := match.ruleset.decision(states[j])) is not None
                   and (d.kind, d.ship) == (decision.kind, decision.ship)
                   and match.game.orders[j].verb in {o.verb for o in decision.options}]
        assert match.game.orders[index] == match.game.orders[earlier[-1]]


def test_a_standing_order_that_cannot_be_done_asks_and_says_why() -> None:
    match, runner, told = battle()
    asked = first_asked(match, runner, told)
    side = asked.question.side
    # No earlier turn: "same as last turn" has nothing to repeat on turn 1.
    match.give(StandingOrder(SAME, asked.question.decision.kind, side, label="Same"))
    runner.run()
    again = told.last()
    assert isinstance(again, Asked) and "has given no such order before" in again.why


def test_undo_goes_back_past_standing_orders_to_the_players_own_decision() -> None:
    match, runner, told = battle()
    asked = first_asked(match, runner, told)
    side = asked.question.side
    match.answer(asked.question.orders[0], asked.question)
    runner.run()
    mine = len(match.game.orders) - 1
    while match.ruleset.decision(match.game.states()[mine]) is None \
            or match.ruleset.decision(match.game.states()[mine]).side != side:  # type: ignore[union-attr]
        mine -= 1
    match.give(StandingOrder(LIEUTENANT, "", side, label="Lieutenant"))
    runner.run()
    assert any(isinstance(h, Played) and h.move.standing for h in told.seen)
    own = [i for i in range(len(match.game.orders)) if match.standing_order_at(i) is None
           and (d := match.ruleset.decision(match.game.states()[i])) is not None
           and d.side == side]
    assert match.undo()
    assert len(match.game.orders) == own[-1]
    # The decision undone is asked, though an order stands for it.
    last = told.last()
    assert isinstance(last, Asked) and last.question.number == match.version


def test_standing_orders_are_saved_and_loaded(tmp_path: Path) -> None:
    match, _runner, _told = battle()
    side = match.state.sides[0]
    match.give(StandingOrder(LIEUTENANT, "ammo", side, "B1", 0, "Lieutenant"))
    path = tmp_path / "game.json"
    save_session(match.session, path)
    loaded = load_session(path)
    assert loaded.standing == match.standing and loaded.standing.orders
    assert Standing.from_json([{"key": 1}, "x", {"key": "same", "kind": "", "side": "nobody"}],
                              ("blue", "red")).orders == ()


def test_no_standing_order_no_verdict() -> None:
    match, _runner, _told = battle()
    decision = match.game.decision()
    assert decision is not None
    assert decide(Standing(), match.game, match.ruleset, decision, match.state, {}) == Verdict()


def _kinds_played(ruleset: str,
                  orders: int = 600) -> tuple[Game, dict[str, list[tuple[GameState, Decision]]]]:
    """A playout (the advisor's choice, now and then a random one: seeded), and the
    decisions it met, by kind."""
    game = new_game(ruleset, None, 3, None)
    rnd = random.Random(1)
    met: dict[str, list[tuple[GameState, Decision]]] = {}
    for _ in range(orders):
        decision = game.decision()
        if decision is None:
            break
        met.setdefault(decision.kind, []).append((game.state, decision))
        greedy = game.ruleset.advisor(game.ruleset.observe(game.state, decision.side), decision)
        game.play(greedy if rnd.random() < 0.7 else rnd.choice(decision.options))
    return game, met


@pytest.mark.parametrize("ruleset", [info.id for info in registry()])
def test_every_offer_a_ruleset_declares_answers_its_decisions(ruleset: str) -> None:
    found = find_ruleset(ruleset)
    declared = found.presenter.standing
    game, met = _kinds_played(ruleset)
    assert set(declared) <= set(met), "an offer for a kind of decision the game never asks"
    for kind, offered in declared.items():
        for offer in offered:
            answered = 0
            for state, decision in met[kind]:
                seen = found.observe(state, decision.side)
                got = answer(StandingOrder(offer.key, kind, decision.side), game,
                             found, decision, seen)
                assert isinstance(got, str) or got in decision.options
                answered += not isinstance(got, str)
            assert answered, f"{offer.key} never answered a {kind} decision"


def test_the_default_option_is_never_one_marked_with_a_warning() -> None:
    """Salt'n'Tar's luck roll lists "Roll the luck die" (a 6 marks Strain) first: the
    prompt's default is "Pass"."""
    match, runner, told = battle("salt-n-tar", None, 1)
    asked = first_asked(match, runner, told)
    question = asked.question
    assert question.decision.kind == "luck"
    assert question.options[0].info.warning
    default = question.options[question.default_index]
    assert not default.info.warning and default.label == "Pass"


def test_same_as_last_turn_repeats_the_same_battery() -> None:
    """Kyngesreach asks each battery's reload as an ``ammo`` decision of the same ship:
    the port battery repeats the port battery's last order, not the starboard's."""
    match, runner, told = battle("kyngesreach", "kr-duel", 12)
    asked = first_asked(match, runner, told)
    side = asked.question.side
    met: dict[str, Order] = {}
    for _ in range(300):
        runner.run()
        last = told.last()
        if isinstance(last, Over):
            break
        if isinstance(last, Quiet):
            match.go_on()
            continue
        assert isinstance(last, Asked)
        decision = last.question.decision
        if decision.kind == "ammo" and {o.verb for o in decision.options} <= set(met):
            break
        order = last.question.orders[0]
        if decision.kind == "ammo":
            met[order.verb] = order
        match.answer(order, last.question)
    decision = match.game.decision()
    assert decision is not None and decision.kind == "ammo" and decision.side == side
    found = answer(StandingOrder(SAME, "ammo", side), match.game, match.ruleset, decision,
                   match.state)
    assert isinstance(found, Order) and found.verb == decision.options[0].verb


@pytest.mark.parametrize("ruleset", ["salt-and-shot", "salt-and-sails", "mow-and-shot",
                                     "mow-and-sails", "salamis"])
def test_a_new_enemy_in_reach_asks_the_player_first(ruleset: str) -> None:
    """An enemy come within her guns' (her bows') reach is something a standing order
    cannot answer: the player is asked, and told which."""
    from attrs import evolve

    from tui_naval.app.standing import watch

    game = new_game(ruleset, None, 1, None)
    rules = game.ruleset
    decision = game.decision()
    assert decision is not None and decision.ship
    state = game.state
    ship = state.ship(decision.ship)
    enemy = next(s for s in state.ships if s.side != ship.side)
    far = watch(rules, state, ship.id)
    fact = dict(far)
    reach_key = next(key for key in fact if key.startswith("enemies within"))
    assert enemy.id not in fact[reach_key]  # the default maps open out of reach
    near_cell = state.grid.neighbour(ship.cell, 0)
    closer = evolve(state, ships=tuple(evolve(s, cell=near_cell) if s.id == enemy.id else s
                                       for s in state.ships))
    near = dict(watch(rules, closer, ship.id))
    assert enemy.id in near[reach_key]
    standing = Standing().with_order(StandingOrder(LIEUTENANT, "", decision.side))
    verdict = decide(standing, game, rules, decision, closer, {ship.id: far})
    assert verdict.order is None and f"{reach_key}: " in verdict.why and enemy.id in verdict.why
    # Nothing changed: the lieutenant answers.
    assert decide(standing, game, rules, decision, state, {ship.id: far}).order is not None


def test_man_o_war_holds_her_course_straight_on_at_her_full_move() -> None:
    from tui_naval.core.presenter import HOLD_COURSE

    for ruleset in ("mow-and-shot", "mow-and-sails"):
        presenter = find_ruleset(ruleset).presenter
        assert HOLD_COURSE in presenter.standing["move"]
        sailing = Decision("blue", "move", "B1", "move", tuple(
            Order("B1", "sail", f"{turn}/{way}") for turn in ("port", "ahead", "starboard")
            for way in ("full", "full+anchor", "half", "stay")))
        state = new_game(ruleset, None, 1, None).state
        assert presenter.standing_options(HOLD_COURSE.key, state, sailing) \
            == (Order("B1", "sail", "ahead/full"),)
        irons = Decision("blue", "move", "B1", "In Irons", (
            Order("B1", "recover", "port"), Order("B1", "sail", "ahead/stay")))
        assert presenter.standing_options(HOLD_COURSE.key, state, irons) \
            == "she cannot sail straight on now"
