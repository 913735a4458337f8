"""Replays (issue 18): a save watched again, forward and back, its timeline, taking over,
and ``tui-naval replay FILE --headless`` printing what ``demo --headless`` printed."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from attrs import evolve

from tui_naval.ai.players import make_player
from tui_naval.app.session import Session, save_session
from tui_naval.app.setup import new_game
from tui_naval.cli import main
from tui_naval.cli.replay import add as add_replay
from tui_naval.cli.replay import turn_number
from tui_naval.core.controller import play
from tui_naval.core.history import Game
from tui_naval.core.replay import (
    HIT_KINDS,
    Recording,
    load_recording,
    recorded_seats,
)
from tui_naval.core.saves import SaveError, load_game, save_game
from tui_naval.rulesets import find_ruleset

DATA = Path(__file__).parent / "data"


def replay_main(argv: list[str]) -> int:
    """``tui-naval replay ...`` through a parser of its own (the command line's wiring aside)."""
    parser = argparse.ArgumentParser(prog="tui-naval")
    add_replay(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code


def played(ruleset: str, map_name: str, seed: int = 4) -> Game:
    game = new_game(ruleset, map_name, seed, None)
    play(game, {side: make_player("greedy", game.ruleset) for side in game.state.sides})
    assert game.state.outcome is not None
    return game


@pytest.fixture(scope="module")
def battle() -> Game:
    """Kyngesreach's squadron action, greedy against greedy to the end: hits, sinkings and
    a ship that strikes her colours."""
    return played("kyngesreach", "sas-squadron", 42)


# -- headless ------------------------------------------------------------------------------
@pytest.mark.parametrize("to", [None, 4, 0])
def test_headless_replay_prints_what_the_demo_printed(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str],
                                                      to: int | None) -> None:
    save = tmp_path / "F.json"
    assert main(["demo", "--headless", "--seed", "7", "--turns", "10", "--save",
                 str(save)]) == 0
    full = capsys.readouterr().out
    if to is None:
        demo = full
    else:  # what the demo prints when it stops at the end of turn ``to``
        assert main(["demo", "--headless", "--seed", "7", "--turns", str(to)]) == 0
        demo = capsys.readouterr().out
    assert replay_main(["replay", str(save), "--headless",
                        *([] if to is None else ["--to", str(to)])]) == 0
    out = capsys.readouterr()
    assert out.out == demo
    assert out.err == ""
    assert "RESULT" in out.out.splitlines()[-1]
    assert len(demo.splitlines()) > (2 if to == 0 else 20)


def test_headless_replay_of_a_finished_battle_ends_with_its_outcome(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], battle: Game) -> None:
    save = tmp_path / "battle.json"
    save_game(battle, save)
    assert replay_main(["replay", str(save), "--headless"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith(f"RESULT {battle.state.outcome}")
    assert f"orders {len(battle.orders)} |" in lines[-1]
    events = [str(e) for state in battle.states() for e in state.events]
    assert lines[1:-1] == events


def test_a_format_1_save_replays(capsys: pytest.CaptureFixture[str]) -> None:
    """An old save is rebuilt from its orders; its replay is those orders played."""
    path = DATA / "format1-salt-n-tar.json"
    recording = load_recording(path, find_ruleset)
    assert recording.last == len(json.loads(path.read_text())["orders"]) > 0
    assert replay_main(["replay", str(path), "--headless"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("RESULT ")


BAD = {
    "missing.json": None,
    "broken.json": "{",
    "other.json": json.dumps({"game": "chess", "format": 1}),
    "folder": "",
}


@pytest.mark.parametrize("name", BAD)
def test_a_bad_file_is_one_line_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             name: str) -> None:
    path = tmp_path / name
    if name == "folder":
        path.mkdir()
    elif BAD[name] is not None:
        path.write_text(str(BAD[name]))
    for extra in (["--headless"], []):
        assert replay_main(["replay", str(path), *extra]) == 2
        out = capsys.readouterr()
        assert out.out == ""
        assert out.err.startswith(f"tui-naval: error: {path}")
        assert out.err.count("\n") == 1 and "Traceback" not in out.err


def test_a_save_whose_orders_no_longer_lead_to_it_cannot_be_replayed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], battle: Game) -> None:
    """A save from other rules loads from its snapshot, but has no replay to show."""
    path = tmp_path / "other-rules.json"
    save_game(battle, path)
    doc = json.loads(path.read_text())
    doc["orders"] = doc["orders"][:-3]  # the orders stop short of the saved state
    path.write_text(json.dumps(doc))
    assert load_game(path, find_ruleset).state == battle.state  # (it still loads)
    with pytest.raises(SaveError, match="cannot replay"):
        load_recording(path, find_ruleset)
    assert replay_main(["replay", str(path), "--headless"]) == 2
    assert "cannot replay" in capsys.readouterr().err


def test_to_is_a_turn() -> None:
    assert turn_number("3") == 3
    for bad in ("-1", "x"):
        with pytest.raises(argparse.ArgumentTypeError):
            turn_number(bad)


# -- positions -----------------------------------------------------------------------------
def test_a_recording_holds_every_state_of_the_game(battle: Game) -> None:
    recording = Recording.from_game(battle)
    assert recording.states == battle.states()
    assert recording.orders == battle.orders
    assert recording.last == len(battle.orders)
    for index in (0, 1, recording.last // 2, recording.last - 1):
        step = recording.step(index)
        assert step is not None
        assert step.order == battle.orders[index]
        assert step.order in step.decision.options
        assert step.decision == battle.ruleset.decision(battle.states()[index])
    assert recording.step(recording.last) is None


def test_stepping_by_decision_and_by_turn(battle: Game) -> None:
    """A recording as a game (``Recording.game``) steps through the recorded states
    themselves: forward is the next state kept, back the one before; by turns, through the
    recording's turn starts."""
    recording = Recording.from_game(battle)
    game = recording.game(0)
    assert game.state is recording.states[0] and game.orders == ()
    assert not game.can_undo()
    game.redo()
    assert game.state is recording.states[1] and game.orders == battle.orders[:1]
    assert game.states() == tuple(recording.states[:2])
    index = 0
    turns = [recording.states[0].turn]
    while index < recording.last:
        index = recording.next_turn(index)
        if index < recording.last:
            turns.append(recording.states[index].turn)
            # the first position of its turn: the one before is in an earlier turn
            assert recording.states[index - 1].turn < recording.states[index].turn
    assert turns == list(range(1, battle.state.turn + 1))
    at_end = recording.game(recording.last)
    assert at_end.state is recording.states[-1] and not at_end.can_redo()
    assert at_end.state.outcome == battle.state.outcome
    # Back by turns: to this turn's start first, then the one before.
    index = recording.next_turn(0) + 1
    turn = recording.states[index].turn
    back = recording.previous_turn(index)
    assert recording.states[back].turn == turn and recording.states[back - 1].turn < turn
    assert recording.states[recording.previous_turn(back)].turn < turn
    at_end.undo_to(3)
    while at_end.can_redo():
        at_end.redo()
    assert at_end.states() == tuple(recording.states)  # the very states, none worked out


def test_index_after_turn_is_where_the_demo_stops(battle: Game) -> None:
    recording = Recording.from_game(battle)
    for turn in range(0, battle.state.turn + 2):
        index = recording.index_after_turn(turn)
        assert all(state.turn <= turn for state in recording.states[:index])
        assert index == recording.last or recording.states[index].turn > turn


# -- the timeline --------------------------------------------------------------------------
def test_the_timeline_counts_each_turns_fighting(battle: Game) -> None:
    recording = Recording.from_game(battle)
    turns = recording.turns
    assert [m.turn for m in turns] == list(range(1, battle.state.turn + 1))
    events = [e for state in battle.states() for e in state.events]
    for marks in turns:
        assert marks.hits == sum(1 for e in events if e.turn == marks.turn
                                 and e.kind in HIT_KINDS)
        assert recording.states[marks.first].turn >= marks.turn
    sunk = {ship for m in turns for ship in m.sinkings}
    assert sunk == {s.id for s in battle.state.ships if not s.afloat}
    struck = [e.ship for e in events if e.kind == "struck"]
    assert struck and {ship for m in turns for ship in m.captures} == set(struck)
    assert any(m.quiet for m in turns) and not all(m.quiet for m in turns)
    busiest = max(turns, key=lambda m: m.hits)
    assert f"{busiest.hits} hits" in busiest.describe()


def test_a_ship_that_changes_sides_is_a_capture(battle: Game) -> None:
    first = battle.states()[0]
    ship = first.ships[0]
    other = next(side for side in first.sides if side != ship.side)
    taken = evolve(first.with_ship(evolve(ship, side=other)), events=())
    recording = Recording(battle.ruleset, battle.setup, [first, taken], battle.orders[:1])
    assert recording.turns[0].captures == (ship.id,)
    assert "1 taken" in recording.turns[0].describe()


def test_a_race_marks_the_marks_rounded() -> None:
    game = played("salt-n-tar", "channel-race", seed=3)
    turns = Recording.from_game(game).turns
    rounded = [e for state in game.states() for e in state.events
               if e.kind in ("mark", "finish")]
    assert rounded and sum(m.marks for m in turns) == len(rounded)
    assert not any(m.hits or m.sinkings for m in turns)


# -- who decided ---------------------------------------------------------------------------
def test_a_sessions_seats_say_who_made_each_decision(tmp_path: Path, battle: Game) -> None:
    seats = {"blue": "human", "red": "search:hard"}
    path = tmp_path / "session.json"
    save_session(Session(battle, seats), path)
    recording = load_recording(path, find_ruleset)
    assert recording.seats == seats
    whos = {(step.side, step.who) for i in range(recording.last)
            if (step := recording.step(i)) is not None}
    assert whos == set(seats.items())


def test_seats_are_kept_only_when_they_seat_every_side() -> None:
    sides = ("blue", "red")
    assert recorded_seats({"blue": "human", "red": "greedy"}, sides) == {"blue": "human",
                                                                          "red": "greedy"}
    bad_seats: list[object] = [None, [], {"blue": "human"}, {"blue": "human", "red": 3},
                               {"blue": "human", "red": "greedy", "green": "easy"}]
    for bad in bad_seats:
        assert recorded_seats(bad, sides) == {}


# -- taking over ---------------------------------------------------------------------------
def test_taking_over_replays_the_orders_up_to_there(tmp_path: Path, battle: Game) -> None:
    path = tmp_path / "battle.json"
    save_game(battle, path)
    before = path.read_bytes()
    recording = load_recording(path, find_ruleset)
    kept = recording.states
    index = recording.index_after_turn(4)
    game = recording.game_at(index)
    assert game.orders == recording.orders[:index]
    assert game.states() == recording.states[:index + 1]
    assert game.can_undo() == (index > 0)
    # Played on to a finish by other hands: the new game's save replays from its start.
    play(game, {side: make_player("random", game.ruleset) for side in game.state.sides})
    assert game.state.outcome is not None
    again = tmp_path / "taken-over.json"
    save_game(game, again)
    loaded = load_game(again, find_ruleset)
    assert loaded.orders == game.orders and loaded.state == game.state
    assert load_recording(again, find_ruleset).orders[:index] == recording.orders[:index]
    # The recording and its file are as they were.
    assert recording.states is kept and recording.states == battle.states()
    assert path.read_bytes() == before


def test_a_recording_is_one_state_more_than_its_orders(battle: Game) -> None:
    with pytest.raises(ValueError):
        Recording(battle.ruleset, battle.setup, battle.states(), battle.orders[:-1])

