"""The hall of fame: every voyage that ended, ranked by score, in an SQLite file.

One table, ``voyages``, and a schema number (``PRAGMA user_version``).  The file and its
folder are made at the first entry written; reading a hall that does not exist yet finds
it empty and makes nothing.  A file that is not a hall of fame (not a database, another
program's database, a newer schema) is reported as a ``HallError`` and left exactly as it
is: it is opened read-only to read, and a write checks it inside its transaction before
writing anything.  Writers take the write lock at once (``BEGIN IMMEDIATE``) and wait for
each other (a busy timeout), so two players ending voyages together both get in.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path

from tui_naval.core.data_folder import data_folder
from tui_naval.core.messages import file_name, one_line
from tui_naval.core.values import frozen

#: The schema this code writes and reads (the file's ``user_version``).
SCHEMA = 1
#: Seconds a reader or writer waits for another writer to finish.
BUSY_SECONDS = 10.0
#: The entries a board shows unless asked for another number.
TOP = 20

#: The columns of ``voyages`` after its ``id``, in Entry's order.
COLUMNS = ("name", "seed", "ruleset", "legs", "prizes", "score", "cause", "date", "daily",
           "won", "record", "morgue")
# (The seed is kept as text: a seed may be as large as 2**64, and SQLite's integers stop
# at 2**63.)
CREATE = ("CREATE TABLE voyages (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "
          "seed TEXT NOT NULL, ruleset TEXT NOT NULL, legs INTEGER NOT NULL, "
          "prizes INTEGER NOT NULL, score INTEGER NOT NULL, cause TEXT NOT NULL, "
          "date TEXT NOT NULL, daily TEXT NOT NULL, won INTEGER NOT NULL, "
          "record TEXT NOT NULL, morgue TEXT NOT NULL)",
          "CREATE INDEX voyages_by_rank ON voyages (score DESC, date, id)",
          "CREATE INDEX voyages_by_day ON voyages (daily, score DESC, date, id)")
#: Best first: the higher score, then the earlier date, then the one entered first.
ORDER = "ORDER BY score DESC, date, id"
SELECT = f"SELECT id, {', '.join(COLUMNS)} FROM voyages"
#: The end of the message for a file that is not a hall of fame this code can use.
LEFT = "; the file is left as it is"


def hall_path(data: Path | None = None) -> Path:
    """Where the hall of fame is kept: ``hall.sqlite3`` in ``data``, by default the game's
    data folder."""
    return (data or data_folder()) / "hall.sqlite3"


class HallError(Exception):
    """The hall of fame cannot be read or written; the message is one line for the player."""


@frozen
class Entry:
    """A voyage in the hall of fame."""

    name: str
    seed: int
    #: The ruleset's id.
    ruleset: str
    #: Legs sailed.
    legs: int
    prizes: int
    score: int
    #: How the voyage ended ("lost with all hands off Skerry Rock").
    cause: str
    #: The day it ended (ISO, 2026-11-25).
    date: str
    #: The day of the daily voyage it was, or "" for any other voyage.
    daily: str = ""
    won: bool = False
    #: JSON from which the voyage can be replayed.
    record: str = ""
    #: The morgue file's path, or "".
    morgue: str = ""
    #: Its number in the hall (0 until it is added).
    id: int = 0


class Hall:
    """The hall of fame kept in the SQLite file ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path

    # -- writing ---------------------------------------------------------------------------
    def add(self, entry: Entry) -> int:
        """Enter a voyage (its ``id`` is ignored); its rank (1 = best) on its board: among
        all entries, or a daily voyage's among that day's."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise HallError(self._where(f"cannot make its folder ({exc.strerror or exc})")) \
                from None
        values = (entry.name, str(entry.seed), entry.ruleset, entry.legs, entry.prizes,
                  entry.score, entry.cause, entry.date, entry.daily, int(entry.won),
                  entry.record, entry.morgue)
        with self._database(write=True) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                if not self._checked(db):
                    for statement in CREATE:
                        db.execute(statement)
                    db.execute(f"PRAGMA user_version = {SCHEMA}")
                marks = ", ".join("?" * len(COLUMNS))
                cursor = db.execute(
                    f"INSERT INTO voyages ({', '.join(COLUMNS)}) VALUES ({marks})", values)
                board = " AND daily = ?4" if entry.daily else ""
                (better,) = db.execute(
                    "SELECT COUNT(*) FROM voyages WHERE (score > ?1 OR (score = ?1 AND "
                    f"(date < ?2 OR (date = ?2 AND id < ?3)))){board}",
                    (entry.score, entry.date, cursor.lastrowid,
                     *((entry.daily,) if entry.daily else ()))).fetchone()
                db.execute("COMMIT")
            finally:
                if db.in_transaction:
                    with suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
        return int(better) + 1

    # -- reading ---------------------------------------------------------------------------
    def top(self, limit: int = TOP, daily: str = "", ruleset: str = "") -> list[tuple[int, Entry]]:
        """The best ``limit`` entries, each with its rank on the board: all voyages, or with
        ``daily`` (an ISO date) that day's daily voyages; with ``ruleset`` (an id) only that
        ruleset's."""
        rows = self._read(f"{SELECT} WHERE (?1 = '' OR daily = ?1) AND (?2 = '' OR ruleset = ?2) "
                          f"{ORDER} LIMIT ?3", (daily, ruleset, max(0, limit)))
        return list(enumerate((self._entry(row) for row in rows), start=1))

    def get(self, entry_id: int) -> Entry | None:
        """The entry numbered ``entry_id``, or None."""
        rows = self._read(f"{SELECT} WHERE id = ?", (entry_id,))
        return self._entry(rows[0]) if rows else None

    def rulesets(self) -> list[str]:
        """The ids of the rulesets the hall has voyages of, sorted."""
        return [str(row[0]) for row in
                self._read("SELECT DISTINCT ruleset FROM voyages ORDER BY ruleset", ())]

    def _read(self, query: str, params: tuple[object, ...]) -> list[tuple[object, ...]]:
        """The rows of a query; none from a hall not yet written."""
        if not self.path.exists():
            return []
        with self._database(write=False) as db:
            if not self._checked(db):
                return []
            return list(db.execute(query, params))

    def _entry(self, row: tuple[object, ...]) -> Entry:
        """An Entry from a row (HallError for a row no tui-naval wrote)."""
        ident, name, seed, ruleset, legs, prizes, score, cause, day, daily, won, record, \
            morgue = row
        try:
            return Entry(_text(name), int(_text(seed)), _text(ruleset), _number(legs),
                         _number(prizes), _number(score), _text(cause), _text(day),
                         _text(daily), bool(_number(won)), _text(record), _text(morgue),
                         _number(ident))
        except (TypeError, ValueError):
            raise HallError(self._where(f"a damaged entry (number {one_line(str(ident), 20)})"
                                        + LEFT)) from None

    # -- the file --------------------------------------------------------------------------
    @contextmanager
    def _database(self, write: bool) -> Iterator[sqlite3.Connection]:
        """A connection (read-only unless ``write``: it then makes the file if missing);
        any SQLite error inside becomes a HallError."""
        mode = "rwc" if write else "ro"
        try:
            uri = f"{self.path.resolve().as_uri()}?mode={mode}"
            db = sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS, isolation_level=None)
        except (sqlite3.Error, OSError, ValueError) as exc:
            raise HallError(self._where(f"cannot open ({one_line(str(exc), 80)})")) from None
        try:
            with closing(db):
                yield db
        except sqlite3.Error as exc:
            raise HallError(self._problem(exc, write)) from None

    def _checked(self, db: sqlite3.Connection) -> bool:
        """Whether the file holds the hall's table (False: an empty database, a hall not
        begun); HallError for a file that is something else."""
        (version,) = db.execute("PRAGMA user_version").fetchone()
        if version == 0:
            (tables,) = db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            if tables == 0:
                return False
            raise HallError(self._where("another program's database" + LEFT))
        if version > SCHEMA:
            raise HallError(self._where(
                f"written by a newer tui-naval (schema {version}; this one reads {SCHEMA})" + LEFT))
        columns = tuple(row[1] for row in db.execute("PRAGMA table_info(voyages)"))
        if version != SCHEMA or columns != ("id", *COLUMNS):
            raise HallError(self._where(
                f"not a hall of fame this tui-naval knows (schema {version})" + LEFT))
        return True

    def _problem(self, exc: sqlite3.Error, write: bool) -> str:
        """The player's line for an SQLite error."""
        text = str(exc)
        if isinstance(exc, sqlite3.DatabaseError) and "not a database" in text:
            return self._where("not an SQLite database" + LEFT)
        if "locked" in text or "busy" in text:
            return self._where("busy (another game is writing to it); try again")
        if "malformed" in text:
            return self._where("damaged (a malformed database)" + LEFT)
        doing = "write" if write else "read"
        return self._where(f"cannot {doing} ({one_line(text, 80)})")

    def _where(self, what: str) -> str:
        return one_line(f"hall of fame {file_name(self.path)}: {what}")


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError("not text")
    return value


def _number(value: object) -> int:
    if not isinstance(value, int):
        raise TypeError("not a whole number")
    return value
