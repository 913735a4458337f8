"""Save files: round trips, bad files refused in one line, atomic writes, migrations, snapshots."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tui_naval.core import saves
from tui_naval.core.history import Game
from tui_naval.core.messages import MAX_MESSAGE
from tui_naval.core.orders import IllegalOrder, Order
from tui_naval.core.saves import (
    FORMAT,
    SaveError,
    SaveInfo,
    converter,
    data_digest,
    list_saves,
    read_document,
    save_game,
    save_info,
    state_digest,
    unstructure_state,
)
from tui_naval.core.state import End
from tui_naval.rulesets import find_ruleset

#: Saves written by the last build of format 1 (commit 716e373, before the phase engine:
#: flat ships, plotted orders as text): a channel race and a Ships & Sails duel some way
#: in, each stopped with orders held (plotted) in the middle of a phase.
FORMAT_1 = Path(__file__).parent / "data"
#: Saves written by the last build of format 2 (commit 05a7fa0, before the outcome said how
#: the game ended): a race won and a Kyngesreach duel judged at its turn limit, finished,
#: and a Salamis battle going on.
FORMAT_2 = FORMAT_1


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
    assert len(message) <= MAX_MESSAGE
    assert message.startswith(f"{path}: " if len(str(path)) <= 100 else "...")
    assert f"{path.name}: " in message  # it names the file
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
    (b"{\"version\": 1, \"garbage\n", "(line 1, column 24: invalid control character)"),
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
    # Saved again, it is a save of today's format with a snapshot of the new shape.
    again = tmp_path / "again.json"
    save_game(loaded, again)
    redone = json.loads(again.read_text(encoding="utf-8"))
    assert redone["format"] == FORMAT == 3
    assert redone["digest"] == state_digest(state)
    assert load_game(again).state == state


def test_a_format_1_save_whose_orders_no_longer_replay(tmp_path: Path):
    """With no snapshot to fall back on, a format-1 save whose orders are refused fails
    in one line."""
    path = tmp_path / "old.json"
    path.write_bytes((FORMAT_1 / "format1-salt-n-tar.json").read_bytes())
    rewrite(path, lambda doc: doc.update(orders=["ZZ hold", *doc["orders"]]))
    assert "no longer replay" in one_line_error(path)


@pytest.mark.parametrize(("name", "end"), [("format2-salt-n-tar-finished.json", End.FINISHED),
                                         ("format2-kyngesreach-finished.json", End.TURN_LIMIT)])
def test_a_finished_format_2_save_is_rebuilt_from_its_orders_and_judged_again(
        name: str, end: End, tmp_path: Path):
    """A format-2 outcome has no ``end``: the snapshot of a finished game is dropped and its
    orders, replayed, end it as before, now saying how."""
    path = FORMAT_2 / name
    old = json.loads(path.read_text(encoding="utf-8"))
    assert old["format"] == 2 and set(old["snapshot"]["outcome"]) == {"winner", "reason"}
    doc = read_document(path)
    assert doc["format"] == FORMAT
    assert doc["snapshot"] is None and doc["digest"] == ""
    loaded = load_game(path)
    assert [str(o) for o in loaded.orders] == old["orders"]
    outcome = loaded.state.outcome
    assert outcome is not None and str(outcome) == old["outcome"]
    assert (outcome.winner, outcome.reason) == (old["snapshot"]["outcome"]["winner"],
                                                old["snapshot"]["outcome"]["reason"])
    assert outcome.end is end
    again = tmp_path / "again.json"
    save_game(loaded, again)
    redone = json.loads(again.read_text(encoding="utf-8"))
    assert redone["format"] == FORMAT
    assert redone["snapshot"]["outcome"]["end"] == end.value
    assert load_game(again).state == loaded.state


def test_a_format_2_save_of_a_game_going_on_keeps_its_snapshot(tmp_path: Path):
    path = FORMAT_2 / "format2-salamis-going-on.json"
    old = json.loads(path.read_text(encoding="utf-8"))
    assert old["format"] == 2 and old["snapshot"]["outcome"] is None
    doc = read_document(path)
    assert (doc["snapshot"], doc["digest"]) == (old["snapshot"], old["digest"])
    loaded = load_game(path)
    assert [str(o) for o in loaded.orders] == old["orders"]
    assert state_digest(loaded.state) == old["digest"]
    # The orders refused, the game resumes from the snapshot, as it was saved.
    stale = tmp_path / "stale.json"
    stale.write_bytes(path.read_bytes())
    rewrite(stale, lambda doc: doc.update(orders=["ZZ hold", *doc["orders"]]))
    resumed = load_game(stale)
    assert resumed.orders == () and resumed.state == loaded.state


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


# -- hostile saves: validated as data, refused in one line ------------------------------

def recomputed(change: Callable[[dict[str, Any]], object]) -> Callable[[dict[str, Any]], None]:
    """A snapshot edit with the digest recomputed (it is a plain hash anyone can recompute),
    so that the game resumes from the edited snapshot unless it is refused."""

    def tamper(doc: dict[str, Any]) -> None:
        change(doc["snapshot"])
        doc["digest"] = data_digest(doc["snapshot"])

    return tamper


def saved_game(tmp_path: Path, play_random, ruleset: str, map_name: str, orders: int) -> Path:
    from tui_naval.app.setup import new_game

    path = tmp_path / f"{ruleset}.json"
    save_game(play_random(new_game(ruleset, map_name, 4, None), orders, 4), path)
    return path


@pytest.fixture
def kr_saved(tmp_path: Path, play_random) -> Path:
    """A Kyngesreach duel some rounds in."""
    return saved_game(tmp_path, play_random, "kyngesreach", "kr-duel", 20)


def test_a_save_whose_setup_names_another_ruleset_is_refused(kr_saved: Path):
    rewrite(kr_saved, lambda doc: doc["setup"].update(ruleset="salt-and-shot"))
    assert "names ruleset 'kyngesreach' and sets up 'salt-and-shot'" in one_line_error(kr_saved)


def test_a_snapshot_of_another_ruleset_is_refused(tmp_path: Path, play_random):
    """A Salt'n'Shot snapshot that says it is Kyngesreach's loaded, and the greedy AI then
    asked Kyngesreach's advisor about it (``AttributeError: 'SasState' object has no
    attribute 'band'``)."""
    path = saved_game(tmp_path, play_random, "salt-and-shot", "sas-duel", 12)
    rewrite(path, recomputed(lambda snap: snap.update(ruleset="kyngesreach")))
    assert "impossible game" in one_line_error(path)


def test_a_save_renamed_to_another_ruleset_throughout_is_refused(kr_saved: Path):
    def rename(doc: dict[str, Any]) -> None:
        doc["ruleset"] = doc["setup"]["ruleset"] = "salt-and-shot"
        recomputed(lambda snap: snap.update(ruleset="salt-and-shot"))(doc)

    rewrite(kr_saved, rename)
    assert "corrupt save (snapshot: " in one_line_error(kr_saved)


def first_ship(change: Callable[[dict[str, Any]], object]) -> Callable[[dict[str, Any]], object]:
    return lambda snap: change(snap["ships"][0])


@pytest.mark.parametrize(("change", "expected"), [
    (lambda s: s.update(sides=[]), "it has 0 sides"),
    (lambda s: s.update(sides=["blue"]), "it has 1 side"),
    (lambda s: s.update(sides=["blue", "blue"]), "not distinct"),
    (first_ship(lambda ship: ship.update(side="green")), "of no side ('green')"),
    (first_ship(lambda ship: ship.update(kind="galleon")), "ships are not the ones"),
    (first_ship(lambda ship: ship["gunnery"].update(kind="galleon")), "fights as 'galleon'"),
    (lambda s: s["board"].update(terrain=[]), "0 terrain rows"),
    (lambda s: s["board"]["terrain"].__setitem__(3, ".."), "terrain row 3 has 2 cells"),
    (lambda s: s["board"]["terrain"].__setitem__(0, "?" * len(s["board"]["terrain"][0])),
     "unknown terrain"),
    (lambda s: s["board"]["grid"].update(width=10**9, height=10**9), "1 to 200 cells"),
    (first_ship(lambda ship: ship.update(cell=[999_999, 999_999])), "off the"),
    (first_ship(lambda ship: ship.update(cell=[-1, 0])), "off the"),
    (first_ship(lambda ship: ship.update(home=[0, 99])), "home is off the"),
    (lambda s: s.update(ships=[]), "it has no ships"),
    (lambda s: s["ships"].append(s["ships"][0]), "ids are not distinct"),
    (lambda s: s.update(turn=0), "turn 0 is not within the limit"),
    (lambda s: s.update(turn=10**9), "is not within the limit"),
    (lambda s: s.update(phase="nap"), "phase 'nap' is no step"),
    (lambda s: s.update(plotted=[{"ship": "Z9", "verb": "luck", "arg": "roll"}]),
     "names no ship"),
    (lambda s: s.update(acted=[{"ship": "B1", "verb": "fire at", "arg": "will"}]),
     "names no ship or no verb"),
    (lambda s: s.update(locks=[{"a": "B1", "b": "Q7"}]), "a lock holds unknown ships"),
    (lambda s: s.update(rng={"state": -1}), "64-bit"),
    (lambda s: s["wind"].update(direction=17), "its wind"),
    (lambda s: s.update(outcome={"winner": "green", "reason": "x", "end": "sunk"}),
     "winner 'green'"),
    (lambda s: s.update(outcome={"winner": None, "reason": "x", "end": "sunk",
                                 "ships": ["Z9"]}), "outcome names no ship"),
    (lambda s: s.update(holder="green"), "held by no side"),
    (lambda s: s["goal"].update(turns=0), "turn limit 0"),
    (first_ship(lambda ship: ship.update(heading=9)), "heads on no facing"),
    (first_ship(lambda ship: ship.update(course=400.0)), "no compass course"),
    (first_ship(lambda ship: ship["gunnery"].update(hip=10**5)), "hip 100000 is not 0 to"),
    (first_ship(lambda ship: ship["gunnery"]["port"].update(guns=-1)), "port battery"),
    (first_ship(lambda ship: ship["gunnery"].update(readiness=10**7)), "out of range"),
])
def test_an_impossible_snapshot_is_refused(kr_saved: Path,
                                           change: Callable[[dict[str, Any]], object],
                                           expected: str):
    rewrite(kr_saved, recomputed(change))
    message = one_line_error(kr_saved)
    assert "impossible game" in message and expected in message


def land(terrain: list[str]) -> list[int]:
    """The first land cell of a snapshot's terrain rows, as [col, row]."""
    return next([line.index("#"), row] for row, line in enumerate(terrain) if "#" in line)


@pytest.mark.parametrize(("change", "expected"), [
    (lambda s: s["goal"].update(course=["Z"]), "course names mark 'Z'"),
    (first_ship(lambda ship: ship["progress"].update(rounded=99)), "progress"),
    (first_ship(lambda ship: ship["progress"].update(escaped=True)), "no quarry of a chase"),
    (first_ship(lambda ship: ship["sail"].update(crew=101)), "crew 101 is not 0 to 100"),
    (first_ship(lambda ship: ship["sail"].update(masts=9)), "masts 9"),
    (first_ship(lambda ship: ship["sail"].update(type="galleon")), "sails as 'galleon'"),
    (lambda s: s["ships"][0].update(cell=land(s["board"]["terrain"])), "aground"),
])
def test_an_impossible_race_is_refused(saved: Path, change: Callable[[dict[str, Any]], object],
                                       expected: str):
    rewrite(saved, recomputed(change))
    message = one_line_error(saved)
    assert "impossible game" in message and expected in message


def test_a_snapshot_the_rules_would_stall_on_is_refused(saved: Path):
    """A game not over that waits on no decision reported "game continues" for ever."""
    rewrite(saved, recomputed(lambda s: s.update(phase="strain", plotted=[], acted=[])))
    assert "waits on nothing" in one_line_error(saved)


def test_held_orders_must_be_answers_the_rules_took(saved: Path, game: Game):
    """A snapshot's held (plotted) orders are given again from the step's start."""
    held = {"ship": "B1", "verb": "luck", "arg": "skip"}  # no option of any step
    rewrite(saved, recomputed(lambda s: s.update(plotted=[held])))
    assert "its held order 'B1 luck skip' is not legal" in one_line_error(saved)


def test_an_edited_event_list_is_dropped_not_trusted(game: Game, saved: Path):
    """Events are not part of the digest: a snapshot's are not taken."""
    def tamper(doc: dict[str, Any]) -> None:
        doc["orders"] = ["ZZ hold"]  # resume from the snapshot
        doc["snapshot"]["events"] = [{"turn": 1, "kind": "x", "text": "[/x]\x1b[2J", "ship": ""}]

    rewrite(saved, tamper)
    loaded = load_game(saved)
    assert loaded.state == game.state
    assert loaded.state.events == ()


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d["setup"].update(seed=1.5), "expected int @ $.seed"),
    (lambda d: d["setup"].update(seed=True), "expected int @ $.seed"),
    (lambda d: d["setup"].update(seed="4"), "expected int @ $.seed"),
    (lambda d: d["setup"].update(seed=2**70), "seed is not a 64-bit number"),
    (lambda d: d["setup"].update(map_name=None), "expected str @ $.map_name"),
    (lambda d: d["setup"].update(map_name=7), "expected str @ $.map_name"),
    (lambda d: d["setup"].update(map_name="a\nb"), "map name is not a name"),
    (lambda d: d["setup"].update(ruleset=None), "expected str @ $.ruleset"),
    (lambda d: d["setup"].update(grid=1), "expected GridKind @ $.grid"),
    (lambda d: d["setup"].update(fleet="ab"), "$.fleet"),
    (lambda d: d["setup"].update(fleet=[["B1", "cutter", "x"]]), "$.fleet[0]"),
    (lambda d: d["setup"].update(notes="hi"), "extra fields found (notes)"),
    (lambda d: d.update(ruleset=None), "names ruleset None"),
    (lambda d: d.update(digest=5), "no digest"),
    (lambda d: d.update(orders=[5]), "order 1 is not an order"),
    (lambda d: d.update(orders=["B1 " + "x" * 100]), "order 1 is not an order"),
    (lambda d: d.update(orders="B1 luck roll"), "no order list"),
    (recomputed(lambda s: s.update(turn="2")), "expected int @ $.turn"),
    (recomputed(lambda s: s.update(turn=2.0)), "expected int @ $.turn"),
    (recomputed(first_ship(lambda ship: ship.update(afloat=1))), "expected bool"),
    (recomputed(first_ship(lambda ship: ship.update(id=None))), "expected str"),
    (recomputed(lambda s: s["board"].update(terrain="....")), "$.board.terrain"),
    (recomputed(lambda s: s.update(sides="blue")), "$.sides"),
    (recomputed(lambda s: s.update(pending=None)), "extra fields found (pending)"),
    (recomputed(first_ship(lambda ship: ship.update(course=float("nan")))), "$.ships[0].course"),
])
def test_wrong_types_are_refused_not_coerced(saved: Path, change: Callable[[dict[str, Any]],
                                                                          object], expected: str):
    rewrite(saved, change)
    assert expected in one_line_error(saved)


# -- what is read at all -----------------------------------------------------------------

def test_a_pipe_is_refused_without_waiting(tmp_path: Path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert "not a save file (a pipe)" in one_line_error(fifo)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_refused_unread():
    with pytest.raises(SaveError, match=r"^/dev/zero: cannot read: not a save file \(a device\)"):
        load_game(Path("/dev/zero"))


def test_a_folder_is_refused(tmp_path: Path):
    (tmp_path / "folder.json").mkdir()
    assert "not a save file (a folder)" in one_line_error(tmp_path / "folder.json")


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "huge.json"
    with path.open("wb") as fh:
        fh.truncate(saves.MAX_SAVE_BYTES + 1)  # sparse: takes no room

    def no_json(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a file over the limit was parsed")

    monkeypatch.setattr(json, "loads", no_json)
    message = one_line_error(path)
    assert "too large for a save" in message and "at most 8.0 MiB" in message


def test_a_save_with_too_many_orders_is_refused_before_they_are_read(saved: Path,
                                                                     monkeypatch):
    rewrite(saved, lambda doc: doc.update(orders=["B1 luck roll"] * (saves.MAX_ORDERS + 1)))

    def no_parse(text: str) -> Order:
        raise AssertionError("an order of a save over the limit was read")

    monkeypatch.setattr(Order, "parse", no_parse)
    assert "too many orders for a save (100,001; at most 100,000)" in one_line_error(saved)


def test_messages_are_one_printable_line_of_bounded_length(tmp_path: Path):
    """File names may hold line breaks and escape sequences; values may be huge."""
    path = tmp_path / ("a\nb\x1b[2J\u2028" + "x" * 150 + ".json")
    path.write_bytes(b'{"game": "tui-naval", "format": ' + b"9" * 4000 + b"}")
    with pytest.raises(SaveError) as info:
        load_game(path)
    message = str(info.value)
    assert "\n" not in message and "\x1b" not in message and "\u2028" not in message
    assert len(message) <= MAX_MESSAGE
    assert "xxx.json: " in message  # the end of the path, where the name is
    assert "9" * 30 not in message  # the number is cut


# -- listings and cleanup ----------------------------------------------------------------

def test_a_dangling_link_is_listed_as_unreadable(game: Game, saved: Path, tmp_path: Path):
    link = tmp_path / "dangling.json"
    link.symlink_to(tmp_path / "gone" / "nowhere.json")
    listing = list_saves(tmp_path)
    assert [item.path for item in listing if isinstance(item, SaveInfo)] == [saved]
    errors = [item for item in listing if isinstance(item, SaveError)]
    assert [e.path for e in errors] == [link]
    assert "cannot read" in str(errors[0])
    assert "cannot read" in one_line_error(link)


def test_a_save_deleted_between_listing_and_reading(saved: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch):
    """Another process deletes a save after the folder was listed: it is reported, as it is
    when deleted before it is loaded."""
    real = saves.save_info

    def deleted_first(path: Path) -> SaveInfo:
        path.unlink()
        return real(path)

    monkeypatch.setattr(saves, "save_info", deleted_first)
    listing = list_saves(tmp_path)
    assert len(listing) == 1 and isinstance(listing[0], SaveError)
    assert "cannot read" in str(listing[0])
    assert "cannot read" in one_line_error(saved)


def test_stale_temporary_files_are_removed_by_saving_and_listing(game: Game, tmp_path: Path):
    """A save killed mid-write leaves ``.NAME.json.*.tmp``: once older than a minute (a
    younger one may be another process's save in flight) a save or a listing removes it."""
    old = time.time() - saves.STALE_TEMP_SECONDS - 5
    stale = tmp_path / ".autosave.json.k1ll3d.tmp"
    young = tmp_path / ".other.json.writing.tmp"
    others = [tmp_path / ".notes.tmp", tmp_path / "keep.json.tmp"]
    folder = tmp_path / ".odd.json.dir.tmp"
    for path in (stale, young, *others):
        path.write_text("{")
    folder.mkdir()
    for path in (stale, *others, folder):
        os.utime(path, (old, old))
    save_game(game, tmp_path / "g.json")
    assert not stale.exists()
    assert young.exists() and folder.is_dir() and all(p.exists() for p in others)
    os.utime(young, (old, old))
    assert [item.path for item in list_saves(tmp_path)] == [tmp_path / "g.json"]
    assert not young.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["g.json", folder.name, *(p.name for p in others)])


def test_removing_stale_temporary_files_never_raises(tmp_path: Path):
    assert saves.remove_stale_temps(tmp_path / "nowhere") == []
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert saves.remove_stale_temps(blocker) == []
