"""The server's book: players known by their keys' fingerprints, their names, and duels.

One SQLite file in the data folder (``players.sqlite3``).  A key seen for the first time
belongs to nobody until its owner chooses a name (``register``); from then on the key
logs that player in.  Duels are kept as their setup and orders (a save's own fields),
so a duel survives a restart of the server and a player who dropped can come back.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tui_naval.core.values import frozen
from tui_naval.serve.passwords import hash_password, verify

FILE = "players.sqlite3"
#: A name: 2 to 16 letters, digits, ``-`` or ``_``, starting with a letter.
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{1,15}")
#: Names that would read as the server's own words in the lobby.
RESERVED = frozenset({"guest", "server", "admin", "root", "tui-naval", "nobody"})
#: Letters and pairs that read alike in a terminal's font (Unicode's confusables among
#: the letters a name may hold, ``I`` and ``l`` met through ``i`` since case is folded).
LOOKALIKE_LETTERS = str.maketrans({"i": "l", "1": "l", "0": "o", "_": "-"})
LOOKALIKE_PAIRS = (("rn", "m"), ("vv", "w"), ("cl", "d"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created TEXT NOT NULL,
    last_seen TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS keys (
    fingerprint TEXT PRIMARY KEY,
    player INTEGER NOT NULL REFERENCES players(id),
    key TEXT NOT NULL,
    added TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS passwords (
    player INTEGER PRIMARY KEY REFERENCES players(id),
    hash TEXT NOT NULL,
    changed TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS duels (
    id INTEGER PRIMARY KEY,
    setup TEXT NOT NULL,
    orders TEXT NOT NULL,
    seats TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    updated TEXT NOT NULL
);
"""


class BadName(ValueError):
    """A name that cannot be taken; the message is one line for the player."""


@frozen
class Player:
    """A registered player."""

    id: int
    name: str


@frozen
class DuelRecord:
    """A duel as the book keeps it: its setup (a save's ``setup``), its orders, and which
    player sits at each side."""

    id: int
    setup: Mapping[str, Any]
    orders: tuple[str, ...]
    seats: Mapping[str, int]
    over: bool


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def check_name(name: str) -> str:
    """The name, stripped, if a player may take it (BadName otherwise)."""
    name = name.strip()
    if not NAME.fullmatch(name):
        raise BadName("a name is 2 to 16 letters, digits, - or _, starting with a letter")
    if name.lower() in RESERVED or name.lower().startswith("guest"):
        raise BadName(f"{name!r} is kept for the server; choose another")
    return name


def skeleton(name: str) -> str:
    """What a name looks like: two names with one skeleton would read as one player in
    the lobby (``aIice`` and ``alice``, ``Bob`` and ``B0B``)."""
    folded = name.lower().translate(LOOKALIKE_LETTERS)
    for pair, letter in LOOKALIKE_PAIRS:
        folded = folded.replace(pair, letter)
    return folded


class Book:
    """The players, keys and duels in ``players.sqlite3`` in ``folder``."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / FILE
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA foreign_keys = ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Cursor]:
        cursor = self.db.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        try:
            yield cursor
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
        cursor.execute("COMMIT")

    # -- players -----------------------------------------------------------------------
    def player_for_key(self, fingerprint: str) -> Player | None:
        """The player a key belongs to (None: a key never seen, or its owner has not
        chosen a name yet); their last login is noted."""
        row = self.db.execute(
            "SELECT players.id, players.name FROM keys JOIN players ON keys.player = "
            "players.id WHERE keys.fingerprint = ?", (fingerprint,)).fetchone()
        if row is None:
            return None
        self.db.execute("UPDATE players SET last_seen = ? WHERE id = ?", (now_text(), row[0]))
        return Player(row[0], row[1])

    def register(self, name: str, fingerprint: str, key: str) -> Player:
        """A new player called ``name`` who logs in with this key (BadName if the name
        is not allowed or taken, or the key is someone's already)."""
        name = check_name(name)
        stamp = now_text()
        with self._transaction() as cursor:
            if cursor.execute("SELECT 1 FROM keys WHERE fingerprint = ?",
                              (fingerprint,)).fetchone():
                raise BadName("this key already belongs to a player")
            looks = skeleton(name)
            for (other,) in cursor.execute("SELECT name FROM players"):
                if skeleton(other) == looks:
                    taken = "is taken" if other.lower() == name.lower() else \
                        f"looks like {other!r}, taken"
                    raise BadName(f"{name!r} {taken}; choose another")
            cursor.execute("INSERT INTO players (name, created, last_seen) VALUES (?, ?, ?)",
                           (name, stamp, stamp))
            player_id = cursor.lastrowid
            assert player_id is not None
            cursor.execute("INSERT INTO keys (fingerprint, player, key, added) "
                           "VALUES (?, ?, ?, ?)", (fingerprint, player_id, key, stamp))
        return Player(player_id, name)

    def player(self, player_id: int) -> Player | None:
        row = self.db.execute("SELECT id, name FROM players WHERE id = ?",
                              (player_id,)).fetchone()
        return Player(row[0], row[1]) if row else None

    # -- web passwords -----------------------------------------------------------------
    def set_password(self, player_id: int, password: str) -> None:
        """Give a registered player ``password`` for the web door (replacing any before;
        BadPassword if it cannot be set)."""
        self.keep_password(player_id, hash_password(password))

    def keep_password(self, player_id: int, stored: str) -> None:
        """Store a password already hashed (``passwords.hash_password``, off the event
        loop: the book's connection is the loop's thread's)."""
        self.db.execute("INSERT INTO passwords (player, hash, changed) VALUES (?, ?, ?) "
                        "ON CONFLICT (player) DO UPDATE SET hash = excluded.hash, "
                        "changed = excluded.changed", (player_id, stored, now_text()))

    def has_password(self, player_id: int) -> bool:
        return self.db.execute("SELECT 1 FROM passwords WHERE player = ?",
                               (player_id,)).fetchone() is not None

    def password_login(self, name: str, password: str) -> Player | None:
        """The player ``name`` if ``password`` is hers (None otherwise: no such player,
        no password set, or the wrong one, each after the same hashing work)."""
        found = self.stored_password(name)
        if not verify(password, found[1] if found else None) or found is None:
            return None
        self.seen(found[0].id)
        return found[0]

    def stored_password(self, name: str) -> tuple[Player, str] | None:
        """The player ``name`` and her stored password (None: no such player, or none
        set), for ``passwords.verify`` (off the event loop: it takes ~50 ms)."""
        row = self.db.execute(
            "SELECT players.id, players.name, passwords.hash FROM players JOIN passwords "
            "ON passwords.player = players.id WHERE players.name = ?", (name,)).fetchone()
        return (Player(row[0], row[1]), str(row[2])) if row else None

    def seen(self, player_id: int) -> None:
        """Note that the player has just logged in."""
        self.db.execute("UPDATE players SET last_seen = ? WHERE id = ?",
                        (now_text(), player_id))

    # -- duels -------------------------------------------------------------------------
    def new_duel(self, setup: Mapping[str, Any], seats: Mapping[str, int]) -> int:
        cursor = self.db.execute(
            "INSERT INTO duels (setup, orders, seats, updated) VALUES (?, ?, ?, ?)",
            (json.dumps(setup), "[]", json.dumps(dict(seats)), now_text()))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def save_duel(self, duel_id: int, orders: tuple[str, ...], over: bool) -> None:
        self.db.execute("UPDATE duels SET orders = ?, over = ?, updated = ? WHERE id = ?",
                        (json.dumps(list(orders)), int(over), now_text(), duel_id))

    def duel(self, duel_id: int) -> DuelRecord | None:
        row = self.db.execute("SELECT id, setup, orders, seats, over FROM duels WHERE id = ?",
                              (duel_id,)).fetchone()
        return _record(row) if row else None

    def open_duels(self, player_id: int) -> list[DuelRecord]:
        """The player's duels not yet over, newest first."""
        rows = self.db.execute("SELECT id, setup, orders, seats, over FROM duels "
                               "WHERE over = 0 ORDER BY id DESC").fetchall()
        records = [_record(row) for row in rows]
        return [r for r in records if player_id in r.seats.values()]


def _record(row: tuple[Any, ...]) -> DuelRecord:
    return DuelRecord(row[0], json.loads(row[1]), tuple(json.loads(row[2])),
                      {str(k): int(v) for k, v in json.loads(row[3]).items()}, bool(row[4]))
