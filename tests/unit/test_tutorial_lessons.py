"""The tutorial's lessons: a lesson that advises is won by a player who follows the
advice, against the lesson's own admiral, and the advice names the option as listed."""

from __future__ import annotations

import pytest

from tui_naval.ai.players import make_player
from tui_naval.app.happened import Asked, Happening, Over, Quiet
from tui_naval.app.match import Match
from tui_naval.app.runner import QueuedRunner
from tui_naval.app.seats import Seat
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.app.tutorial import LESSONS, Lesson, advice, advised

ADVISING = [lesson for lesson in LESSONS if lesson.advises]


def test_the_battle_lesson_advises() -> None:
    assert ADVISING and "broadside" in ADVISING[0].about


@pytest.mark.parametrize("lesson", ADVISING, ids=lambda lesson: lesson.map)
def test_a_player_who_follows_the_advice_wins(lesson: Lesson) -> None:
    game = new_game(lesson.ruleset, lesson.map_path, lesson.seed, None)
    runner = QueuedRunner()
    seats = {side: Seat.here() if side == lesson.side else
             Seat.ai(make_player(lesson.admiral, game.ruleset)) for side in game.state.sides}
    match = Match(Session(game, {s: seat.name for s, seat in seats.items()}), seats, runner,
                  clock=runner.clock)
    told: list[Happening] = []
    match.listen(told.append)
    match.advance()
    followed = 0
    while len(game.orders) < 2000:
        runner.run()
        last = told[-1]
        if isinstance(last, Over):
            break
        if isinstance(last, Quiet):
            match.go_on()
            continue
        assert isinstance(last, Asked)
        question = last.question
        order = advised(game.ruleset, question.seen, question.decision)
        hint = advice(game.ruleset, question.seen, question.decision)
        number = question.orders.index(order) + 1
        label = question.options[number - 1].label
        head = f"{number} {label}"
        assert hint.text == head or hint.text.startswith(f"{head}: "), hint.text
        followed += 1
        match.answer(order, question)
    outcome = game.state.outcome
    assert outcome is not None and followed > 10
    assert outcome.winner == lesson.side, str(outcome)
