"""The player's record of finished games, and the admiral it gives a newcomer."""

from __future__ import annotations

from pathlib import Path

from tui_naval.app.record import (
    FIRST_OPPONENT,
    Record,
    note_finished,
    opponent,
    read_record,
    record_path,
)


def test_no_record_is_a_newcomer(tmp_path: Path) -> None:
    assert read_record(tmp_path) == Record(0, 0)
    assert read_record(tmp_path).newcomer
    assert opponent("", tmp_path) == FIRST_OPPONENT == "easy"


def test_finished_games_are_counted_and_kept(tmp_path: Path) -> None:
    assert note_finished(tmp_path, won=False) == Record(1, 0)
    assert note_finished(tmp_path, won=True) == Record(2, 1)
    assert read_record(tmp_path) == Record(2, 1)
    assert not read_record(tmp_path).newcomer
    assert opponent("", tmp_path) == "search"


def test_a_chosen_admiral_is_kept(tmp_path: Path) -> None:
    assert opponent("hard", tmp_path) == "hard"
    note_finished(tmp_path, won=True)
    assert opponent("easy", tmp_path) == "easy"


def test_a_record_not_a_save(tmp_path: Path) -> None:
    """The record sits beside the saves without being listed as one (a garbage save)."""
    from tui_naval.core.saves import list_saves

    note_finished(tmp_path, won=True)
    assert list_saves(tmp_path) == []


def test_an_unreadable_record_counts_as_none(tmp_path: Path) -> None:
    for text in ("garbage", "[]", '{"finished": "3", "won": 0}', '{"finished": 1, "won": 2}',
                 '{"finished": -1, "won": 0}', '{"won": 0}'):
        record_path(tmp_path).write_text(text)
        assert read_record(tmp_path) == Record(), text
    assert note_finished(tmp_path, won=False) == Record(1, 0)


def test_a_record_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert note_finished(blocked, won=True) == Record(1, 1)
    assert read_record(blocked) == Record()
