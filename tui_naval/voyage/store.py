"""A voyage's one save: its seed, its choices and every battle's orders, written after
each decision (atomically: a failed write leaves the last one), removed when the voyage
ends.  Loading replays the record, so a save that does not replay is refused in a line."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tui_naval.core.grid import GridKind
from tui_naval.core.history import Game
from tui_naval.core.messages import cut, file_name
from tui_naval.core.saves import SaveError, default_save_dir, read_save_bytes, write_atomic
from tui_naval.rulesets import UnknownRuleset, find_entry, load
from tui_naval.voyage.chart import Place
from tui_naval.voyage.voyage import Voyage, VoyageError, begin, replay

#: What a voyage save says it is, and its format.
VOYAGE_TAG = "tui-naval voyage"
FORMAT = 1
#: The voyage save's file name in the saves folder (not a ``.json``: the load dialog
#: lists games, and a voyage is resumed by Continue or ``tui-naval voyage``).
FILE_NAME = "voyage.save"


def voyage_path(folder: Path | None = None) -> Path:
    return (folder or default_save_dir()) / FILE_NAME


def set_aside(path: Path) -> Path | None:
    """A save that cannot be resumed, moved beside itself as ``NAME.unreadable`` (``-2``,
    ``-3``... where that is taken), so a new voyage may begin and nothing is lost; where
    it goes, or None if it cannot be moved."""
    for n in range(1, 100):
        aside = path.with_name(f"{path.name}.unreadable" + (f"-{n}" if n > 1 else ""))
        if aside.exists():
            continue
        try:
            path.rename(aside)
        except OSError:
            return None
        return aside
    return None


def record(voyage: Voyage, ship: str, game: Game | None = None) -> dict[str, Any]:
    """The voyage's record as a document: enough to replay it exactly."""
    return {
        "game": VOYAGE_TAG, "format": FORMAT,
        "saved": datetime.now(UTC).isoformat(timespec="seconds"),
        "ruleset": voyage.ruleset, "seed": voyage.seed, "grid": voyage.grid.value,
        "name": voyage.name, "daily": voyage.daily, "ship": ship,
        "choices": list(voyage.choices),
        "battles": [list(b) for b in voyage.battles],
        "current": [str(o) for o in game.orders] if game is not None else [],
        "legs": voyage.sailed, "gold": voyage.gold, "score": voyage.score,
    }


def save_voyage(voyage: Voyage, ship: str, game: Game | None, path: Path) -> None:
    """Write the voyage's save; SaveError (the last save intact) if it cannot be."""
    try:
        write_atomic(path, json.dumps(record(voyage, ship, game)) + "\n")
    except OSError as exc:
        raise SaveError(f"{file_name(path)}: cannot save the voyage: "
                        f"{exc.strerror or exc}") from None


def remove_voyage(path: Path) -> None:
    """The voyage is over: its save goes (permadeath)."""
    path.unlink(missing_ok=True)


def _field(doc: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(f"{where}: corrupt voyage save (bad {key!r}: {cut(repr(value), 24)})")
    return value


def _texts(value: Any, where: str, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SaveError(f"{where}: corrupt voyage save (bad {key!r})")
    return list(value)


def from_record(doc: Any, where: str, fought: list[tuple[Place, Game]] | None = None
                ) -> tuple[Voyage, Game | None, str]:
    """The voyage (and its leg in progress) a record replays to, and its flagship class;
    each leg's place and game added to ``fought`` if given.  SaveError in one line for
    anything else."""
    if not isinstance(doc, dict) or doc.get("game") != VOYAGE_TAG:
        raise SaveError(f"{where}: not a tui-naval voyage save")
    if doc.get("format") != FORMAT:
        raise SaveError(f"{where}: a voyage save of an unknown format "
                        f"({cut(repr(doc.get('format')), 12)})")
    ruleset_name = _field(doc, "ruleset", str, where)
    seed = _field(doc, "seed", int, where)
    ship = _field(doc, "ship", str, where)
    try:
        ruleset = load(find_entry(ruleset_name))
        grid = GridKind(_field(doc, "grid", str, where))
        start = begin(ruleset, seed, grid, _field(doc, "name", str, where),
                      _field(doc, "daily", str, where), ship)
    except (UnknownRuleset, ValueError) as exc:
        raise SaveError(f"{where}: {exc}") from None
    battles = doc.get("battles")
    if not isinstance(battles, list):
        raise SaveError(f"{where}: corrupt voyage save (bad 'battles')")
    try:
        voyage, game = replay(ruleset, start, _texts(doc.get("choices"), where, "choices"),
                              [_texts(b, where, "battles") for b in battles],
                              _texts(doc.get("current"), where, "current"), fought)
    except VoyageError as exc:
        raise SaveError(f"{where}: {exc}") from None
    return voyage, game, ship


def load_voyage(path: Path) -> tuple[Voyage, Game | None, str]:
    """The voyage saved at ``path``; SaveError in one line if it cannot be resumed."""
    where = file_name(path)
    raw = read_save_bytes(path)
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError(f"{where}: corrupt voyage save (not JSON)") from None
    return from_record(doc, where)
