"""Save files: round trips, bad files refused in one line, atomic writes, migrations, snapshots."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tui_naval.core import saves
from tui_naval.core.history import Game
from tui_naval.core.orders import IllegalOrder, Order
from tui_naval.core.saves import (
    FORMAT,
    SaveError,
    converter,
    data_digest,
    list_saves,
    read_document,
    save_game,
    save_info,
    state_digest,
    unstructure_state,
)
from tui_naval.rulesets import find_ruleset

#: Saves written by the last build of format 1 (commit 716e373, before the phase engine:
#: flat ships, plotted orders as text): a channel race and a Ships & Sails duel some way
#: in, each stopped with orders held (plotted) in the middle of a phase.
FORMAT_1 = Path(__file__).parent / "data"


def load_game(path: Path) -> Game:
    """Load a save with the real ruleset registry."""
    return saves.load_game(path, find_ruleset)


@pytest.fixture
def game(make_game, play_random) -> Game:
    """A channel race some way in."""
    return play_random(make_game(seed=9), 25, 9)


@pytest.fixture
def saved(game: Game, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    save_game(game, path)
    return path


def rewrite(path: Path, change: Callable[[dict[str, Any]], object]) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def one_line_error(path: Path) -> str:
    with pytest.raises(SaveError) as info:
        load_game(path)
    message = str(info.value)
    assert message and "\n" not in message
    assert "Traceback" not in message
    return message


# -- round trips -----------------------------------------------------------------

def test_round_trip_gives_an_equal_state_and_the_same_orders(game: Game, saved: Path):
    loaded = load_game(saved)
    assert loaded.state == game.state
    assert loaded.orders == game.orders
    assert loaded.setup == game.setup
    assert loaded.states() == game.states()  # replayed, so undo reaches the first move
    assert loaded.decision() == game.decision()


def test_the_loaded_game_plays_on_like_the_original(game: Game, saved: Path, play_random):
    loaded = load_game(saved)
    play_random(game, 30, 77)
    play_random(loaded, 30, 77)
    assert loaded.state == game.state
    assert loaded.orders == game.orders


def test_round_trip_of_a_new_and_a_finished_game(make_game, play_random, tmp_path: Path):
    new = make_game(seed=1)
    save_game(new, tmp_path / "new.json")
    assert load_game(tmp_path / "new.json").state == new.state
    done = play_random(make_game(seed=2), 2000, 2)
    assert done.state.outcome is not None
    save_game(done, tmp_path / "done.json")
    again = load_game(tmp_path / "done.json")
    assert again.state == done.state
    assert again.decision() is None
    assert json.loads((tmp_path / "done.json").read_text())["outcome"] == str(done.state.outcome)


def test_the_document(game: Game, saved: Path):
    doc = json.loads(saved.read_text(encoding="utf-8"))
    assert doc["format"] == FORMAT
    assert doc["game"] == "tui-naval"
    assert doc["ruleset"] == "salt-n-tar"
    assert doc["orders"] == [str(o) for o in game.orders]
    assert doc["turn"] == game.state.turn
    assert doc["digest"] == state_digest(game.state)
    assert doc["digest"] == data_digest(doc["snapshot"])  # the snapshot checks itself
    assert doc["setup"]["map_text"] == game.setup.map_text
    assert isinstance(doc["snapshot"], dict)
    assert saved.read_text(encoding="utf-8").endswith("}\n")


def test_saved_time_comes_from_the_clock_given(game: Game, tmp_path: Path):
    path = tmp_path / "t.json"
    save_game(game, path, now=datetime(2024, 5, 6, 7, 8, 9, tzinfo=UTC))
    assert json.loads(path.read_text())["saved"] == "2024-05-06T07:08:09+00:00"


def test_saving_twice_gives_the_same_bytes(game: Game, tmp_path: Path):
    now = datetime(2024, 1, 1, tzinfo=UTC)
    save_game(game, tmp_path / "a.json", now)
    save_game(game, tmp_path / "b.json", now)
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_snapshot_structures_back_to_the_state(game: Game):
    data = json.loads(json.dumps(unstructure_state(game.state)))
    state = converter.structure(data, game.ruleset.state_type)
    assert state == game.state
    assert state_digest(state) == state_digest(game.state)


def test_digest_ignores_events_but_not_content(game: Game):
    from attrs import evolve

    state = game.state
    assert state_digest(evolve(state, events=())) == state_digest(state)
    assert state_digest(evolve(state, turn=state.turn + 1)) != state_digest(state)


def test_save_creates_missing_folders(game: Game, tmp_path: Path):
    path = tmp_path / "deep" / "er" / "g.json"
    save_game(game, path)
    assert load_game(path).state == game.state


# -- files that are not saves ----------------------------------------------------

@pytest.mark.parametrize(("content", "expected"), [
    (b"", "corrupt or truncated"),
    (b"{\"format\": 1, \"game\": \"tui-na", "corrupt or truncated"),
    (b"\xff\xfe\x00\x81garbage\x00", "not text"),
    (b"[1, 2, 3]", "not a tui-naval save"),
    (b"{\"hello\": \"world\"}", "not a tui-naval save"),
    (b"{\"format\": 1}", "not a tui-naval save"),
    (b"\"tui-naval\"", "not a tui-naval save"),
    (b"null", "not a tui-naval save"),
    (b"{\"game\": \"tui-naval\"}", "bad format number"),
    (b"{\"game\": \"tui-naval\", \"format\": \"1\"}", "bad format number"),
    (b"{\"game\": \"tui-naval\", \"format\": 0}", "bad format number"),
    (b"{\"game\": \"tui-naval\", \"format\": true}", "bad format number"),
    (b"{\"game\": \"tui-naval\", \"format\": 1}", "corrupt save"),
    (b"{\"game\": \"tui-naval\", \"format\": 2}", "corrupt save"),
    (b"[" * 100_000, "corrupt"),
    (b"{\"x\": 1" + b"0" * 5000 + b"}", "corrupt"),
])
def test_files_that_are_not_saves(tmp_path: Path, content: bytes, expected: str):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert expected in one_line_error(path)
    assert path.read_bytes() == content


def test_a_truncated_save(saved: Path):
    data = saved.read_bytes()
    for cut in (1, len(data) // 3, len(data) // 2, len(data) - 3):
        saved.write_bytes(data[:cut])
        assert "corrupt" in one_line_error(saved)


def test_a_save_from_a_future_version(saved: Path):
    rewrite(saved, lambda doc: doc.update(format=FORMAT + 1))
    message = one_line_error(saved)
    assert "newer" in message and str(FORMAT + 1) in message


def test_a_missing_file(tmp_path: Path):
    assert "cannot read" in one_line_error(tmp_path / "nowhere.json")


def test_a_folder_is_not_a_save(tmp_path: Path):
    assert "cannot read" in one_line_error(tmp_path)


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d.pop("setup"), "corrupt save"),
    (lambda d: d.pop("orders"), "corrupt save"),
    (lambda d: d.pop("digest"), "corrupt save"),
    (lambda d: d.update(orders=5), "corrupt save"),
    (lambda d: d.update(orders=["B1"]), "corrupt save"),
    (lambda d: d.update(setup=[1, 2]), "corrupt save"),
    (lambda d: d["setup"].update(grid="triangles"), "corrupt save"),
    (lambda d: d["setup"].update(seed="seven"), "corrupt save"),
    (lambda d: d["setup"].update(ruleset="chess"), "unknown ruleset"),
    (lambda d: d["setup"].update(map_text="not a map"), "cannot be set up"),
    (lambda d: d["setup"].update(grid="hex-pointy", map_text=d["setup"]["map_text"].replace(
        "grids: hex-flat hex-pointy square", "grids: square")), "cannot be set up"),
])
def test_damaged_saves(saved: Path, change: Callable[[dict[str, Any]], object], expected: str):
    rewrite(saved, change)
    assert expected in one_line_error(saved)


# -- atomic writes ---------------------------------------------------------------

def assert_untouched(folder: Path, path: Path, before: bytes) -> None:
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == [path.name]


def test_a_failing_rename_leaves_the_previous_file(game: Game, saved: Path, play_random,
                                                   monkeypatch: pytest.MonkeyPatch):
    before = saved.read_bytes()
    play_random(game, 10, 1)

    def broken(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "replace", broken)
    with pytest.raises(SaveError, match="No space left on device") as info:
        save_game(game, saved)
    assert "\n" not in str(info.value)
    assert_untouched(saved.parent, saved, before)


def test_a_failing_fsync_leaves_the_previous_file(game: Game, saved: Path,
                                                  monkeypatch: pytest.MonkeyPatch):
    before = saved.read_bytes()
    game.undo()

    def broken(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(saves.os, "fsync", broken)
    with pytest.raises(SaveError, match="Input/output error"):
        save_game(game, saved)
    assert_untouched(saved.parent, saved, before)


def test_a_failing_encoder_leaves_the_previous_file(game: Game, saved: Path,
                                                    monkeypatch: pytest.MonkeyPatch):
    before = saved.read_bytes()
    game.undo()

    def broken(*args: Any, **kwargs: Any) -> str:
        raise TypeError("Object of type Gremlin is not JSON serializable")

    monkeypatch.setattr(json, "dumps", broken)
    with pytest.raises(SaveError, match="Gremlin") as info:
        save_game(game, saved)
    assert "\n" not in str(info.value)
    assert_untouched(saved.parent, saved, before)


def test_an_interrupted_write_leaves_the_previous_file(game: Game, saved: Path,
                                                       monkeypatch: pytest.MonkeyPatch):
    before = saved.read_bytes()
    game.undo()

    def interrupted(*args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(saves.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_game(game, saved)
    assert_untouched(saved.parent, saved, before)


def test_saving_where_a_file_blocks_the_folder(game: Game, tmp_path: Path):
    (tmp_path / "blocker").write_text("I am a file")
    with pytest.raises(SaveError, match="cannot save"):
        save_game(game, tmp_path / "blocker" / "g.json")


def test_saving_over_a_folder(game: Game, tmp_path: Path):
    (tmp_path / "g.json").mkdir()
    with pytest.raises(SaveError, match="cannot save"):
        save_game(game, tmp_path / "g.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


# -- migrations ------------------------------------------------------------------

def test_a_migration_upgrades_an_older_format(game: Game, saved: Path,
                                              monkeypatch: pytest.MonkeyPatch):
    # Pretend the current format is FORMAT + 1, whose documents call "orders" "moves";
    # the file on disk is then a format-FORMAT save that needs the migration.
    calls = []

    def upgrade(doc: dict[str, Any]) -> dict[str, Any]:
        calls.append(doc["format"])
        doc["moves"] = doc.pop("orders")
        return doc

    monkeypatch.setattr(saves, "FORMAT", FORMAT + 1)
    monkeypatch.setitem(saves.MIGRATIONS, FORMAT, upgrade)
    doc = read_document(saved)
    assert calls == [FORMAT]
    assert doc["format"] == FORMAT + 1
    assert doc["moves"] == [str(o) for o in game.orders]
    assert "orders" not in doc


def test_migrations_chain_and_load(game: Game, saved: Path, monkeypatch: pytest.MonkeyPatch):
    steps = []

    def step(n: int) -> Callable[[dict[str, Any]], dict[str, Any]]:
        def migrate(doc: dict[str, Any]) -> dict[str, Any]:
            assert doc["format"] == n
            steps.append(n)
            return {**doc, f"note{n}": True}
        return migrate

    monkeypatch.setattr(saves, "FORMAT", FORMAT + 2)
    monkeypatch.setitem(saves.MIGRATIONS, FORMAT, step(FORMAT))
    monkeypatch.setitem(saves.MIGRATIONS, FORMAT + 1, step(FORMAT + 1))
    loaded = load_game(saved)
    assert steps == [FORMAT, FORMAT + 1]
    assert loaded.state == game.state


def test_a_missing_or_failing_migration_is_a_save_error(saved: Path,
                                                        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(saves, "FORMAT", FORMAT + 1)
    assert "cannot upgrade" in one_line_error(saved)

    def broken(doc: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("orders")

    monkeypatch.setitem(saves.MIGRATIONS, FORMAT, broken)
    assert "cannot upgrade" in one_line_error(saved)
    monkeypatch.setitem(saves.MIGRATIONS, FORMAT, lambda doc: ["not", "a", "document"])
    assert "cannot upgrade" in one_line_error(saved)


@pytest.mark.parametrize("name", ["format1-salt-n-tar.json", "format1-ships-and-sails.json"])
def test_a_format_1_save_is_rebuilt_from_its_orders(name: str, tmp_path: Path):
    """A format-1 save's snapshot has the old shape (flat ships, plotted orders as text):
    the migration drops it and the game is rebuilt by replaying its orders, which lead to
    the very position the old build saved."""
    path = FORMAT_1 / name
    old = json.loads(path.read_text(encoding="utf-8"))
    assert old["format"] == 1
    doc = read_document(path)
    assert doc["format"] == FORMAT
    assert doc["snapshot"] is None and doc["digest"] == ""
    assert doc["orders"] == old["orders"]
    loaded = load_game(path)
    assert [str(o) for o in loaded.orders] == old["orders"]  # replayed: undo reaches back
    state, snap = loaded.state, old["snapshot"]
    assert (state.ruleset, state.turn, state.phase) == (snap["ruleset"], snap["turn"],
                                                         snap["phase"])
    assert [str(o) for o in state.plotted] == snap["plotted"]
    assert (state.wind.direction, state.wind.speed) == (snap["wind"]["direction"],
                                                        snap["wind"]["speed"])
    assert state.rng.state == snap["rng"]["state"]
    assert [(s.id, s.side, [s.cell.col, s.cell.row], s.heading, s.afloat)
            for s in state.ships] == [(s["id"], s["side"], s["cell"], s["heading"],
                                       s["afloat"]) for s in snap["ships"]]
    fresh = Game(loaded.ruleset, loaded.setup)
    for order in loaded.orders:
        fresh.play(order)
    assert fresh.state == state
    # Saved again, it is a format-2 save with a snapshot of the new shape.
    again = tmp_path / "again.json"
    save_game(loaded, again)
    redone = json.loads(again.read_text(encoding="utf-8"))
    assert redone["format"] == FORMAT == 2
    assert redone["digest"] == state_digest(state)
    assert load_game(again).state == state


def test_a_format_1_save_whose_orders_no_longer_replay(tmp_path: Path):
    """With no snapshot to fall back on, a format-1 save whose orders are refused fails
    in one line."""
    path = tmp_path / "old.json"
    path.write_bytes((FORMAT_1 / "format1-salt-n-tar.json").read_bytes())
    rewrite(path, lambda doc: doc.update(orders=["ZZ hold", *doc["orders"]]))
    assert "no longer replay" in one_line_error(path)


# -- snapshots -------------------------------------------------------------------

def test_snapshot_fallback_when_the_orders_no_longer_replay(game: Game, saved: Path,
                                                            play_random):
    rewrite(saved, lambda doc: doc.update(orders=["ZZ hold", *doc["orders"]]))
    loaded = load_game(saved)
    assert loaded.state == game.state
    assert loaded.orders == ()  # the game resumes from the snapshot
    assert loaded.decision() == game.decision()
    play_random(loaded, 20, 5)
    play_random(game, 20, 5)
    assert loaded.state == game.state


def test_snapshot_fallback_when_the_orders_replay_elsewhere(game: Game, saved: Path):
    rewrite(saved, lambda doc: doc.update(orders=doc["orders"][:-3]))
    loaded = load_game(saved)
    assert loaded.state == game.state
    assert loaded.orders == ()


def test_a_game_resumed_from_a_snapshot_saves_and_loads_again(game: Game, saved: Path,
                                                              play_random, tmp_path: Path):
    rewrite(saved, lambda doc: doc.update(orders=["ZZ hold"]))
    loaded = play_random(load_game(saved), 6, 8)
    again = tmp_path / "again.json"
    save_game(loaded, again)
    assert load_game(again).state == loaded.state


def test_a_snapshot_that_does_not_match_its_digest(saved: Path):
    def tamper(doc: dict[str, Any]) -> None:
        doc["orders"] = ["ZZ hold"]
        doc["snapshot"]["turn"] += 1

    rewrite(saved, tamper)
    assert "does not match its digest" in one_line_error(saved)


def test_a_digest_that_matches_nothing(saved: Path):
    rewrite(saved, lambda doc: doc.update(digest="0123456789ab"))
    assert "does not match its digest" in one_line_error(saved)


@pytest.mark.parametrize("change", [
    lambda s: s.pop("ships"),
    lambda s: s.update(ships="many"),
    lambda s: s["ships"][0].update(cell=[1]),
    lambda s: s["ships"][0].update(cell="4,5"),
    lambda s: s["ships"][0].update(cell=[1.5, 2]),
    lambda s: s["ships"][0]["sail"].update(sails="sideways"),
    lambda s: s["ships"][0].pop("sail"),
    lambda s: s.update(plotted=["B1 luck roll"]),
    lambda s: s.update(rng={"state": "x"}),
])
def test_a_broken_snapshot(saved: Path, change: Callable[[dict[str, Any]], object]):
    def tamper(doc: dict[str, Any]) -> None:
        doc["orders"] = ["ZZ hold"]
        change(doc["snapshot"])
        doc["digest"] = data_digest(doc["snapshot"])  # consistent, but not a state

    rewrite(saved, tamper)
    assert "corrupt save (snapshot: " in one_line_error(saved)


def test_no_snapshot_to_fall_back_on(saved: Path):
    rewrite(saved, lambda doc: doc.update(orders=["ZZ hold"], snapshot=None))
    assert "no snapshot" in one_line_error(saved)


def older_build(doc: dict[str, Any]) -> None:
    """Make a save look written by a build whose state lacked two defaulted fields (one of
    the state, one of a ship's component)."""
    doc["snapshot"].pop("finish_step")
    for ship in doc["snapshot"]["ships"]:
        ship["sail"].pop("last_motion")
    doc["digest"] = data_digest(doc["snapshot"])


def test_a_save_from_before_the_state_gained_a_field_replays(game: Game, saved: Path):
    rewrite(saved, older_build)
    loaded = load_game(saved)
    assert loaded.state == game.state
    assert loaded.orders == game.orders  # the replay is trusted: undo history kept


def test_a_snapshot_from_before_the_state_gained_a_field_resumes(game: Game, saved: Path):
    def older_and_other_rules(doc: dict[str, Any]) -> None:
        older_build(doc)
        doc["orders"] = ["ZZ hold"]

    rewrite(saved, older_and_other_rules)
    loaded = load_game(saved)
    assert loaded.orders == ()
    assert loaded.state.finish_step == ()  # type: ignore[attr-defined]
    assert all(s.sail.last_motion == "" for s in loaded.state.ships)  # type: ignore[attr-defined]


def test_a_replay_that_differs_from_an_older_snapshot_falls_back(game: Game, saved: Path):
    def older_and_shorter(doc: dict[str, Any]) -> None:
        older_build(doc)
        doc["orders"] = doc["orders"][:-2]

    rewrite(saved, older_and_shorter)
    loaded = load_game(saved)
    assert loaded.orders == ()
    assert loaded.state.turn == game.state.turn


def test_replay_refusal_is_an_illegal_order(game: Game):
    """The fallback relies on rulesets refusing orders with IllegalOrder."""
    with pytest.raises(IllegalOrder):
        game.ruleset.apply(game.state, Order("ZZ", "hold"))


# -- listings --------------------------------------------------------------------

def test_save_info_and_listing(game: Game, saved: Path, tmp_path: Path):
    info = save_info(saved)
    assert info.path == saved
    assert info.ruleset == "salt-n-tar"
    assert info.map_name == "channel-race"
    assert info.turn == game.state.turn
    assert info.outcome == ""
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    os.utime(bad, (1, 1))  # oldest: listed last
    (tmp_path / "notes.txt").write_text("not a save")
    listing = list_saves(tmp_path)
    assert len(listing) == 2
    assert listing[0] == info
    assert isinstance(listing[1], SaveError)
    assert list_saves(tmp_path / "nowhere") == []
