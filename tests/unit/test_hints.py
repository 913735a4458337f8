"""Hints: which the coach picks (each once a game, none while off, the screen's own when
there is room), and that the rulesets' say this game's numbers."""

from __future__ import annotations

import re

import pytest
from attrs import evolve

from tui_naval.app.coach import Coach, ruleset_hints
from tui_naval.app.setup import new_game
from tui_naval.app.tutorial import LESSONS
from tui_naval.core.hints import NO_HINTS, Hint, Hints, hints
from tui_naval.core.history import Game
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import RulesetBase, RulesetInfo
from tui_naval.core.state import Event, GameState
from tui_naval.rulesets import find_ruleset, registry
from tui_naval.tui.keys import key_namer


def race() -> Game:
    lesson = LESSONS[0]
    return new_game(lesson.ruleset, lesson.map_path, lesson.seed, None)


def battle() -> Game:
    lesson = LESSONS[1]
    return new_game(lesson.ruleset, lesson.map_path, lesson.seed, None)


def keys_of(found: list[Hint]) -> list[str]:
    return [hint.key for hint in found]


def play_until(game: Game, kind: str, side: str = "blue") -> Decision:
    """Play the greedy advisor's orders until ``side`` is asked a decision of ``kind``."""
    advisor = game.ruleset.advisor
    for _ in range(400):
        decision = game.decision()
        assert decision is not None, "the game ended first"
        if decision.kind == kind and decision.side == side:
            return decision
        game.play(advisor(game.ruleset.observe(game.state, decision.side), decision))
    raise AssertionError(f"no {kind} decision")


def test_a_ruleset_without_a_hints_module_has_none() -> None:
    class Bare(RulesetBase[GameState]):
        info = RulesetInfo(id="bare", title="Bare", aliases=(), summary="no hints",
                           package="tui_naval.systems")

    assert Bare().hints is NO_HINTS
    assert "luck" in find_ruleset("salt-n-tar").hints.decisions
    assert ruleset_hints(find_ruleset("salt-n-tar")) is find_ruleset("salt-n-tar").hints


#: Questions a hint given with the one before them covers (a galley's three answers).
FOLLOW_ON = {"turn-at": "helm", "row": "helm"}


@pytest.mark.parametrize("ruleset", [info.id for info in registry()])
def test_every_ruleset_explains_every_question_it_asks_and_opens_with_the_game(
        ruleset: str) -> None:
    """A player with hints on is told the rule of every kind of question the first time it
    is asked (or with the question it follows), and the game at its start: in every
    ruleset, on its own map, the first side played by its advisor."""
    from tui_naval.rulesets import find_entry

    rules = find_ruleset(ruleset)
    told = ruleset_hints(rules)
    game = new_game(ruleset, find_entry(ruleset).default_map, 5, None)
    side = game.state.sides[0]
    assert told.for_start(game.state, side), "no opening hint"
    coach = Coach(told, key_namer({}))
    kinds: set[str] = set()
    unexplained: set[str] = set()
    while game.state.outcome is None and len(game.orders) < 3000:
        decision = game.decision()
        assert decision is not None
        if decision.side == side and len(decision.options) > 1:
            seen = rules.observe(game.state, side)
            kinds.add(decision.kind)
            if not told.for_decision(seen, decision, side) and \
                    FOLLOW_ON.get(decision.kind) not in kinds:
                unexplained.add(decision.kind)
            coach.asked(seen, decision)
        game.play(rules.advisor(rules.observe(game.state, decision.side), decision))
    assert kinds and not unexplained, f"{ruleset}: no hint for {sorted(unexplained)}"


def test_joined_hints_answer_a_kind_both_know_in_order() -> None:
    first = hints(decisions={"move": lambda s, d, side: (Hint("a", "A", "a"),)})
    second = hints(decisions={"move": lambda s, d, side: (Hint("b", "B", "b"),)},
                   events={"wind": lambda s, e, side: (Hint("w", "W", "w"),)})
    joined = first.joined(second)
    decision = Decision("blue", "move", "B1", "", (Order("B1", "hold"),))
    game = race()
    assert keys_of(joined.for_decision(game.state, decision, "blue")) == ["a", "b"]
    assert keys_of(joined.for_event(game.state, Event(1, "wind", "x"), "blue")) == ["w"]
    assert joined.for_decision(game.state, evolve(decision, kind="luck"), "blue") == []
    assert Hints().for_start(game.state, "blue") == []


def test_each_hint_is_shown_once_a_game() -> None:
    game = race()
    coach = Coach.for_ruleset(game.ruleset, key_namer({}))
    intro = coach.start(game.state, "blue")
    assert keys_of(intro) == ["intro"]
    decision = game.decision()
    assert decision is not None and decision.kind == "luck"
    first = coach.asked(game.state, decision)
    assert keys_of(first) == ["intro", "luck", "prompt"]
    assert coach.current == first
    assert coach.asked(game.state, decision) == []
    assert coach.current == first  # (nothing new: the panel keeps what it shows)


def test_switched_off_the_coach_shows_nothing_and_keeps_the_hints_for_later() -> None:
    game = race()
    coach = Coach.for_ruleset(game.ruleset, key_namer({}), enabled=False)
    decision = game.decision()
    assert decision is not None
    assert coach.start(game.state, "blue") == []
    assert coach.asked(game.state, decision) == []
    assert coach.shown == set()
    assert coach.toggle() is True
    assert "luck" in keys_of(coach.asked(game.state, decision))
    assert coach.toggle() is False


def test_the_helm_hint_says_this_games_speed_as_the_preview_does() -> None:
    game = race()
    decision = play_until(game, "move")
    state = game.ruleset.observe(game.state, "blue")
    found = {h.key: h for h in ruleset_hints(game.ruleset).for_decision(state, decision, "blue")}
    assert set(found) >= {"wind", "speed"}
    wind = state.wind
    assert f"Wind Speed (WS) {wind.speed}" in found["wind"].text
    speed = found["speed"].text
    # The fastest turn, spelled out: the same figures as that option's preview.
    sums = re.findall(r"WS (\d+) x BN (\d+) = (\d+) inches = (\d+) cell", speed)
    assert sums, speed
    ws, bn, inches, cells = map(int, sums[-1])
    assert ws * bn == inches and inches // state.board.scale == cells
    previews = [game.ruleset.presenter.preview(state, order) for order in decision.options]
    assert any(p is not None and f"WS {ws} x BN {bn} = {inches}\"" in p.text for p in previews)


def test_a_gale_and_strain_are_explained_when_they_happen() -> None:
    game = race()
    play_until(game, "move")
    rules = ruleset_hints(game.ruleset)
    state = game.state
    gale = evolve(state, wind=evolve(state.wind, speed=4))
    roll = Event(2, "wind", "Wind Roll 1d6=5: Wind Speed = 4")
    assert keys_of(rules.for_event(gale, roll, "blue")) == ["wind-roll", "gale"]
    assert rules.for_event(gale, Event(2, "wind", "The wind blows from N"), "blue") == []
    ship = state.ship("B1")
    strained = evolve(state, ships=tuple(
        evolve(s, sail=evolve(s.sail, strain=2)) if s.id == "B1" else s for s in state.ships))
    turn = Event(2, "helm", "B1 Cutter turns 2 points to port", "B1")
    found = rules.for_event(strained, turn, "blue")
    assert keys_of(found) == ["strain"]
    assert "2 Strain" in found[0].text and "d6+2" in found[0].text
    # Not the other side's Strain, nor a ship without any.
    assert rules.for_event(strained, turn, "red") == []
    assert ship.sail.strain == 0 and rules.for_event(state, turn, "blue") == []


def test_a_rounded_mark_and_the_intro_name_the_course() -> None:
    game = race()
    rules = ruleset_hints(game.ruleset)
    intro = rules.for_start(game.state, "blue")
    assert "1 > 2" in intro[0].text and "B1" in intro[0].text
    mark = Event(5, "mark", "B1 Cutter rounds mark 1 (1/2)", "B1")
    found = rules.for_event(game.state, mark, "blue")
    assert keys_of(found) == ["mark"] and "Well done" in found[0].text
    assert "ahead" in rules.for_event(game.state, mark, "red")[0].text


def test_the_screens_own_hints_wait_for_room() -> None:
    game = race()
    coach = Coach.for_ruleset(game.ruleset, key_namer({"battle.undo": "z"}))
    decision = game.decision()
    assert decision is not None
    coach.asked(game.state, decision)
    before = game.state
    game.play(Order("B1", "luck", "pass"))
    coach.played(before, game.state, ["blue"], by_player=True)
    assert keys_of(coach.deferred) == ["undo"]
    # The helm question has two hints of its own: undo waits.
    move = play_until(game, "move")
    assert "undo" not in keys_of(coach.asked(game.state, move))
    maneuver = play_until(game, "maneuver")
    found = coach.asked(game.state, maneuver)
    assert keys_of(found) == ["maneuver", "undo"]
    assert found[1].text.startswith("Changed your mind? z ")
    # The end of a turn brings the save hint, at the next question with room.
    while game.state.turn == 1:
        before = game.state
        decision = game.decision()
        assert decision is not None
        game.play(game.ruleset.advisor(game.state, decision))
        coach.played(before, game.state, ["blue"], by_player=decision.side == "blue")
    assert "save" in keys_of(coach.deferred)
    decision = game.decision()
    assert decision is not None
    assert "save" in keys_of(coach.asked(game.state, decision))


def test_the_battle_explains_the_gauge_broadsides_and_ammunition() -> None:
    game = battle()
    rules = ruleset_hints(game.ruleset)
    assert "intro" in keys_of(rules.for_start(game.state, "blue"))
    ammo = play_until(game, "ammo")
    state = game.ruleset.observe(game.state, "blue")
    found = rules.for_decision(state, ammo, "blue")
    assert keys_of(found) == ["ammo"] and "3 turns" in found[0].text
    gauge = next(e for s in game.states() for e in s.events
                 if e.kind == "gauge" and not e.ship)
    assert keys_of(rules.for_event(game.state, gauge, "blue")) == ["gauge"]
    target = Decision("blue", "target", "B1", "", (Order("B1", "starboard", "hold"),))
    text = rules.for_decision(game.state, target, "blue")[0].text
    assert "Close up to 2 cells" in text and "Extreme up to 14 cells" in text
    half = play_until(game, "move")
    assert "half-move" in keys_of(rules.for_decision(game.state, half, "blue"))


def test_a_single_galley_is_one_galley() -> None:
    # (the Salamis duel's opening said "You command 1 galleys")
    from tui_naval.app.setup import new_game

    game = new_game("salamis", "salamis-duel", 5, None)
    side = game.state.sides[0]
    text = ruleset_hints(game.ruleset).for_start(game.state, side)[0].text
    assert text.startswith("You command 1 galley (")


def test_the_luck_hint_names_its_turn() -> None:
    """It stays on the panel while no new hint comes: a later turn's wind must not make it
    wrong ("This turn she sails by Wind Speed 2" read on turn 5 with the rose at 3)."""
    game = race()
    play_until(game, "move")
    state = game.state
    luck = Event(state.turn, "luck", "B1 Luck roll 1d6=3: no change", "B1")
    found = {h.key: h for h in ruleset_hints(game.ruleset).for_event(state, luck, "blue")}
    assert f"On turn {state.turn} she sails by Wind Speed" in found["luck-roll"].text
    assert "This turn" not in found["luck-roll"].text


def test_the_lessons_advice_names_the_listed_option_and_what_it_does() -> None:
    from tui_naval.app.tutorial import advice, advised

    game = battle()
    decision = play_until(game, "move")
    state = game.ruleset.observe(game.state, "blue")
    order = advised(game.ruleset, state, decision)
    listed = game.ruleset.presenter.option_order(state, decision)
    hint = advice(game.ruleset, state, decision)
    preview = game.ruleset.presenter.preview(state, order)
    assert hint.title == "The first lieutenant advises"
    assert hint.text.startswith(f"{listed.index(order) + 1} ")
    assert preview is not None and preview.text in hint.text
    coach = Coach(ruleset_hints(game.ruleset), key_namer({}),
                  advise=lambda s, d: advice(game.ruleset, s, d))
    first = coach.asked(state, decision)
    again = coach.asked(state, decision)  # asked again: the advice again, nothing else
    assert first[0] == hint and again == [hint]
