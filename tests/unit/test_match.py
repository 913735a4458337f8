"""The match (``app.match``): the loop that asks each seat, played through a queued runner
(no thread, no clock, no Textual): every way of playing is a configuration of it."""

from __future__ import annotations

import inspect
import sys
from typing import Any

import pytest

from tui_naval.ai.players import make_player
from tui_naval.app.happened import (
    Asked,
    Happening,
    Moved,
    Over,
    Played,
    Quiet,
    Reviewed,
    Stop,
    Stopped,
    Thinking,
    Wait,
    Waiting,
    Warned,
)
from tui_naval.app.match import Match, Undo
from tui_naval.app.runner import QueuedRunner
from tui_naval.app.scripts import ScriptPlayer, parse_script
from tui_naval.app.seats import Seat
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.controller import play
from tui_naval.core.history import Game
from tui_naval.core.orders import Decision, Order
from tui_naval.core.replay import Recording
from tui_naval.core.saves import state_digest
from tui_naval.core.state import GameState


class FirstOption:
    """An AI that always answers with the decision's first option."""

    name = "first"

    def choose(self, state: GameState, decision: Decision) -> Order:
        return decision.options[0]


class Broken:
    """An AI that fails on every decision."""

    name = "broken"

    def choose(self, state: GameState, decision: Decision) -> Order:
        raise RuntimeError("the admiral fell overboard")


class Told:
    """A view that keeps what the match tells."""

    def __init__(self, match: Match) -> None:
        self.seen: list[Happening] = []
        match.listen(self.seen.append)

    def kinds(self) -> list[str]:
        return [type(h).__name__ for h in self.seen]

    def last(self) -> Happening:
        return self.seen[-1]


def battle(ruleset: str = "salt-n-tar", map_name: str | None = None, seed: int = 1,
           ai: Any = None, **options: Any) -> tuple[Match, QueuedRunner, Told]:
    """A battle: the player here on the first side, ``ai`` (first option) on the others."""
    game = new_game(ruleset, map_name, seed, None)
    sides = game.state.sides
    runner = QueuedRunner()
    seats = {side: Seat.here() if side == sides[0] else Seat.ai(ai or FirstOption())
             for side in sides}
    session = Session(game, {side: seat.name for side, seat in seats.items()})
    match = Match(session, seats, runner, clock=runner.clock, **options)
    return match, runner, Told(match)


def answer_until_asked(match: Match, runner: QueuedRunner, told: Told, limit: int = 200) -> None:
    """Answer the player's questions with their first option until one is asked after an
    AI's move (or the game ends)."""
    for _ in range(limit):
        runner.run()
        last = told.last()
        if isinstance(last, Over):
            return
        if isinstance(last, Quiet):
            match.go_on()
            continue
        assert isinstance(last, Asked), told.kinds()[-5:]
        if any(isinstance(h, Played) and not h.move.here for h in told.seen):
            return
        match.answer(last.question.orders[0], last.question)
    raise AssertionError("no AI move came")


def test_a_seat_here_is_asked_and_its_answer_played() -> None:
    match, _runner, told = battle()
    match.advance()
    asked = told.last()
    assert isinstance(asked, Asked)
    question = asked.question
    assert question.side == match.state.sides[0]
    assert question.options and all(o.label for o in question.options)
    assert match.answer(question.orders[0], question)
    played = [h for h in told.seen if isinstance(h, Played)]
    assert played[0].move.here and played[0].move.label == question.options[0].label


def test_a_question_is_worked_out_once_a_version() -> None:
    match, _runner, _told = battle()
    match.advance()
    assert match.question is match.question
    first = match.question
    assert first is not None
    match.answer(first.orders[0], first)
    assert match.question is not first


def test_an_answer_to_a_question_gone_by_is_not_played() -> None:
    match, _runner, _told = battle()
    match.advance()
    question = match.question
    assert question is not None
    assert match.answer(question.orders[0], question)
    assert not match.answer(question.orders[0], question)  # (a key pressed twice)


def test_an_ai_thinks_through_the_runner_and_is_played() -> None:
    match, runner, told = battle()
    match.advance()
    answer_until_asked(match, runner, told)
    thinking = [h for h in told.seen if isinstance(h, Thinking)]
    ai_moves = [h.move for h in told.seen if isinstance(h, Played) and not h.move.here]
    assert thinking and ai_moves
    assert all(not m.label for m in ai_moves)  # (the log shows no label for the AI's)
    assert not match.thinking


def test_an_answer_is_shown_for_the_pace_and_skip_plays_it_now() -> None:
    match, runner, told = battle(pace=lambda: 5.0)
    match.advance()
    while not isinstance(told.last(), Thinking):
        question = match.question
        assert question is not None
        match.answer(question.orders[0], question)
    ai_moves = sum(1 for h in told.seen if isinstance(h, Played) and not h.move.here)
    runner.run(limit=1)  # the AI's thinking: its answer is held for the pace
    assert match.thinking and runner.now == 0.0
    assert sum(1 for h in told.seen if isinstance(h, Played) and not h.move.here) == ai_moves
    match.skip()
    assert sum(1 for h in told.seen if isinstance(h, Played) and not h.move.here) == ai_moves + 1
    assert runner.now == 0.0  # (played at once, not when the pace was over)


def test_a_held_answer_is_played_when_the_pace_is_over() -> None:
    match, runner, told = battle(pace=lambda: 5.0)
    match.advance()
    answer_until_asked(match, runner, told)
    assert runner.now >= 5.0  # each AI answer waited for the pace on the runner's clock


def test_undo_goes_back_to_the_players_last_decision_and_redo_forward() -> None:
    match, runner, told = battle()
    match.advance()
    answer_until_asked(match, runner, told)
    orders = match.game.orders
    last_here = match.last_here_index()
    assert last_here is not None and last_here < len(orders) - 1
    match.thoughts[len(orders) - 1] = object()  # type: ignore[assignment]
    assert match.undo()
    assert len(match.game.orders) == last_here
    assert isinstance(told.seen[-2], Moved) and isinstance(told.last(), Asked)
    assert not any(i >= last_here for i in match.thoughts)  # undone: thought again
    assert match.redo()
    assert match.game.orders == orders[:len(match.game.orders)]
    assert len(match.game.orders) > last_here


def test_one_life_has_no_undo() -> None:
    match, runner, told = battle(undo=Undo.NONE)
    match.advance()
    answer_until_asked(match, runner, told)
    assert not match.can_undo() and not match.undo()
    assert not match.can_redo()


def test_a_quiet_turn_is_summed_up_and_waits() -> None:
    """Kyngesreach on kr-duel, seed 1: with both sides taking the first option, blue has
    nothing to decide in turn 2."""
    match, runner, told = battle("kyngesreach", "kr-duel", 1)
    match.advance()
    for _ in range(40):
        runner.run()
        last = told.last()
        if isinstance(last, Quiet):
            break
        assert isinstance(last, Asked)
        match.answer(last.question.orders[0], last.question)
    quiet = told.last()
    assert isinstance(quiet, Quiet) and quiet.turns == (2,)
    assert quiet.lines[0].startswith("Turn 2: nothing to decide")
    assert match.quiet
    match.advance()  # (nothing is asked until the summary is read)
    assert told.last() is quiet
    match.go_on()
    assert isinstance(told.last(), Asked) and not match.quiet


def test_an_interrupt_is_passed_for_a_player_who_asks_so() -> None:
    for passed in (False, True):
        game = new_game("salamis", "salamis-duel", 3, None)
        runner = QueuedRunner()
        seats = {"greek": Seat.here(), "persian": Seat.ai(make_player("greedy", game.ruleset))}
        match = Match(Session(game, {"greek": "human", "persian": "greedy"}), seats, runner,
                      pass_interrupts=passed)
        told = Told(match)
        match.advance()
        kinds = []
        while game.state.turn < 3 and game.state.outcome is None:
            runner.run()
            last = told.last()
            if isinstance(last, Quiet):
                match.go_on()
                continue
            assert isinstance(last, Asked)
            kinds.append(last.question.decision.kind)
            match.answer(last.question.orders[0], last.question)
        assert ("stop" in kinds) is not passed


def test_an_ai_that_fails_is_answered_for_by_its_advisor(tmp_path: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUI_NAVAL_DATA", str(tmp_path))
    match, runner, told = battle(ai=Broken())
    match.advance()
    answer_until_asked(match, runner, told)
    warned = [h for h in told.seen if isinstance(h, Warned)]
    assert warned and "AI failed, its advisor answered" in warned[0].text
    assert any(isinstance(h, Played) and not h.move.here for h in told.seen)


def whole_game(ruleset: str, seed: int) -> Game:
    return new_game(ruleset, None, seed, None)


@pytest.mark.parametrize("ruleset", ["salt-n-tar", "kyngesreach", "salamis"])
def test_a_match_of_two_ais_plays_the_game_the_controller_plays(ruleset: str) -> None:
    """The same seats, the same game: a match is a way to play, not other rules."""
    expected = whole_game(ruleset, 5)
    play(expected, {s: make_player("greedy", expected.ruleset) for s in expected.state.sides})
    game = whole_game(ruleset, 5)
    runner = QueuedRunner()
    seats = {s: Seat.ai(make_player("greedy", game.ruleset)) for s in game.state.sides}
    match = Match(Session(game, dict.fromkeys(seats, "greedy")), seats, runner)
    told = Told(match)
    match.advance()
    runner.run()
    assert isinstance(told.last(), Over)
    assert game.orders == expected.orders
    assert state_digest(game.state) == state_digest(expected.state)


def test_a_script_that_ends_stops_its_seat_until_it_is_reseated() -> None:
    game = new_game("salt-n-tar", None, 1, None)
    trial = new_game("salt-n-tar", None, 1, None)
    play(trial, {s: FirstOption() for s in trial.state.sides}, turns=1)
    script = parse_script("\n".join(str(o) for o in trial.orders[:5]))
    player = ScriptPlayer(script)
    runner = QueuedRunner()
    seats = {s: Seat.ai(player) for s in game.state.sides}
    match = Match(Session(game, dict.fromkeys(seats, "script")), seats, runner)
    told = Told(match)
    match.advance()
    runner.run()
    stopped = told.last()
    assert isinstance(stopped, Stopped) and stopped.why is Stop.ENDED
    assert game.orders == trial.orders[:5]
    match.reseat({s: Seat.ai(FirstOption()) for s in game.state.sides})
    runner.run(limit=20)
    assert len(game.orders) > 5 and match.session.seats[game.state.sides[0]] == "first"


def test_remote_orders_wait_for_their_decision_and_a_bad_one_stops_the_seat() -> None:
    trial = new_game("salt-n-tar", None, 2, None)
    play(trial, {s: FirstOption() for s in trial.state.sides}, turns=3)
    game = new_game("salt-n-tar", None, 2, None)
    seats = {s: Seat.remote(s) for s in game.state.sides}
    match = Match(Session(game, dict.fromkeys(seats, "remote")), seats, QueuedRunner())
    told = Told(match)
    match.advance()
    waiting = told.last()
    assert isinstance(waiting, Waiting) and waiting.why is Wait.REMOTE
    for order in trial.orders:
        match.deliver(str(order))
    assert game.orders == trial.orders
    match.deliver("Z9 fly away")
    stopped = told.last()
    assert isinstance(stopped, Stopped) and stopped.why is Stop.ERROR


def test_a_long_run_of_remote_orders_is_played_in_a_loop_not_a_deep_stack() -> None:
    trial = new_game("salt-n-tar", None, 3, None)
    play(trial, {s: FirstOption() for s in trial.state.sides})
    game = new_game("salt-n-tar", None, 3, None)
    seats = {s: Seat.remote(s) for s in game.state.sides}
    match = Match(Session(game, dict.fromkeys(seats, "remote")), seats, QueuedRunner())
    match.listen(lambda h: None)
    depth = len(inspect.stack())
    limit = sys.getrecursionlimit()
    # Room for one order's play and the rules' own calls, not for one more per order.
    sys.setrecursionlimit(depth + 120)
    try:
        for order in trial.orders[:-1]:
            match._inbox.append(str(order))  # (all of them before the match looks)
        match.deliver(str(trial.orders[-1]))
    finally:
        sys.setrecursionlimit(limit)
    assert len(trial.orders) * 6 > 120
    assert game.orders == trial.orders and game.state.outcome is not None


def recorded(ruleset: str = "salt-n-tar", seed: int = 4) -> Recording:
    game = new_game(ruleset, None, seed, None)
    play(game, {s: FirstOption() for s in game.state.sides}, turns=2)
    return Recording.from_game(game, dict.fromkeys(game.state.sides, "first"))


def test_a_replay_reviews_each_position_and_moves_freely() -> None:
    recording = recorded()
    game = recording.game(0)
    seats = {s: Seat.recorded("first") for s in game.state.sides}
    match = Match(Session(game, dict(recording.seats)), seats, QueuedRunner(), undo=Undo.FREE)
    told = Told(match)
    match.advance()
    reviewed = told.last()
    assert isinstance(reviewed, Reviewed)
    assert reviewed.question.answer == recording.orders[0]
    assert match.forward() and isinstance(told.seen[-2], Played)
    assert match.state is recording.states[1]  # (the recorded state: nothing computed)
    assert match.go(recording.last) and isinstance(told.seen[-2], Moved)
    assert not match.forward()
    assert match.go(3) and match.state is recording.states[3]
    assert match.undo() and len(match.game.orders) == 2


def test_the_viewer_sees_the_game_as_its_side_may() -> None:
    match, _runner, _told = battle()
    match.advance()
    here = match.state.sides[0]
    assert match.viewer() == here
    assert match.observed() == match.ruleset.observe(match.state, here)
    watched = Match(Session(whole_game("salt-n-tar", 1), {}),
                    {s: Seat.remote(s) for s in ("blue", "red")}, view_side="")
    assert watched.viewer() == ""
