"""Web passwords (issue 63's one account, two doors): salted slow hashes in the players'
book, checked in constant time, the same work whether the name exists or not."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tui_naval.serve import passwords
from tui_naval.serve.passwords import BadPassword, check_password, hash_password, verify
from tui_naval.serve.players import Book


def test_a_password_is_stored_salted_and_slow_and_checked() -> None:
    stored = hash_password("correct horse")
    again = hash_password("correct horse")
    assert stored.startswith(f"scrypt${passwords.N}${passwords.R}${passwords.P}$")
    assert stored != again  # (each its own salt)
    assert "correct horse" not in stored
    assert verify("correct horse", stored) and verify("correct horse", again)
    assert not verify("correct horsE", stored)
    assert not verify("correct horse", None)
    assert not verify("correct horse", "md5$abc") and not verify("x", "scrypt$1$2")


@pytest.mark.parametrize("password", ["short", "x" * 129, "tab\there1", "nul\x00here1"])
def test_a_password_that_cannot_be_set_says_why(password: str) -> None:
    with pytest.raises(BadPassword):
        check_password(password)
    with pytest.raises(BadPassword):
        hash_password(password)


def test_the_book_logs_a_player_in_by_name_and_password(tmp_path: Path) -> None:
    book = Book(tmp_path)
    alice = book.register("alice", "SHA256:a", "ssh-ed25519 AAAA")
    book.register("bob", "SHA256:b", "ssh-ed25519 BBBB")
    assert book.password_login("alice", "sea shanty") is None  # no password yet
    assert not book.has_password(alice.id)
    book.set_password(alice.id, "sea shanty")
    assert book.has_password(alice.id)
    assert book.password_login("alice", "sea shanty") == alice
    assert book.password_login("ALICE", "sea shanty") == alice  # (names fold case)
    assert book.password_login("alice", "sea shantY") is None
    book.set_password(alice.id, "a new tune")
    assert book.password_login("alice", "sea shanty") is None
    assert book.password_login("alice", "a new tune") == alice
    book.close()
    again = Book(tmp_path)  # (kept in the file)
    assert again.password_login("alice", "a new tune") == alice
    again.close()


def test_an_unknown_name_costs_the_same_hashing_as_a_wrong_password(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A login form must not tell whether a name exists, by its words or by its time:
    the same scrypt work is done for a name that does not exist, one with no password,
    and a wrong password (counted, not timed)."""
    book = Book(tmp_path)
    alice = book.register("alice", "SHA256:a", "ssh-ed25519 AAAA")
    book.register("bob", "SHA256:b", "ssh-ed25519 BBBB")
    book.set_password(alice.id, "sea shanty")
    calls: list[tuple[int, int, int]] = []
    real = hashlib.scrypt

    def counted(password: bytes, **kwargs: object) -> bytes:
        calls.append((kwargs["n"], kwargs["r"], kwargs["p"]))  # type: ignore[arg-type]
        return real(password, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(hashlib, "scrypt", counted)
    for name in ("alice", "bob", "nobody"):
        calls.clear()
        assert book.password_login(name, "wrong answer") is None
        assert calls == [(passwords.N, passwords.R, passwords.P)], name
    book.close()
