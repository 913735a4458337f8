"""Save files: JSON through a cattrs converter, with a format number and migrations.

A save holds the setup and the order list (replayed on load, like PGN, so undo
reaches back to the first move) and a snapshot of the last state with its digest.
If the replay no longer reaches the snapshot (a save from other rules), the
snapshot wins and the game resumes from it.  A state that has gained fields since
the save was written still matches: only what the save recorded is compared.
Files are written to a temporary file and renamed, so a failed save never
destroys the previous one.  ``json``, ``hashlib`` and cattrs are imported where
they are used, so a game starts without them.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from attrs import frozen

from tui_naval.core.grid import Cell
from tui_naval.core.history import Game
from tui_naval.core.maps import MapError
from tui_naval.core.orders import IllegalOrder, Order
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.scenario import ScenarioError, Setup
from tui_naval.core.state import GameState

FORMAT = 2
GAME_TAG = "tui-naval"
SUFFIX = ".json"

if TYPE_CHECKING:
    from cattrs.preconf.json import JsonConverter

    #: The save converter; built on first use (cattrs is slow to import), see ``get_converter``.
    converter: JsonConverter


def _structure_cell(value: Any, _: type) -> Cell:
    """A cell from its saved ``[col, row]``; TypeError/ValueError on anything else.

    Needed because ``Cell`` is a NamedTuple declared under postponed annotations,
    which cattrs cannot resolve by itself (it would fail on every snapshot).
    """
    if isinstance(value, (str, bytes)) or len(value) != 2:
        raise ValueError(f"a cell is [col, row], got {value!r}")
    col, row = value
    if type(col) is not int or type(row) is not int:
        raise TypeError(f"a cell is two whole numbers, got {value!r}")
    return Cell(col, row)


@cache
def get_converter() -> JsonConverter:
    """The cattrs converter for saves, built (and cattrs imported) on first use."""
    from cattrs.preconf.json import make_converter

    conv = make_converter()
    conv.register_structure_hook(Cell, _structure_cell)
    conv.register_unstructure_hook(Cell, lambda cell: [cell.col, cell.row])
    return conv


def __getattr__(name: str) -> Any:
    """``converter`` is built lazily, so importing this module stays cheap."""
    if name == "converter":
        return get_converter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _from_format_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 1 saved a state of the rules before the phase engine (flat ships, orders as
    text): its snapshot no longer fits, so the game is rebuilt from its orders alone
    (the rules play as they did: the golden playthroughs pin it)."""
    return {**doc, "snapshot": None, "digest": ""}


#: Migrations: MIGRATIONS[n] turns a format-n document into format n+1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_format_1}

#: Finds a ruleset by its name (the registry's ``find_ruleset``): core imports none.
Finder = Callable[[str], Ruleset[Any]]


class SaveError(ValueError):
    """A save that cannot be written or read; the message is one line for the player."""


@frozen
class SaveInfo:
    """What a save listing shows without replaying the game."""

    path: Path
    ruleset: str
    map_name: str
    turn: int
    saved: str
    outcome: str


def unstructure_state(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = get_converter().unstructure(state, type(state))
    return data


def data_digest(data: Mapping[str, Any]) -> str:
    """A short hash of a state's unstructured (JSON) data, its transient event list left out.

    Migrations that edit a snapshot recompute the save's ``digest`` with this.
    """
    import hashlib  # only needed once a game is saved or loaded
    import json

    body = {key: value for key, value in data.items() if key != "events"}
    canon = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canon.encode()).hexdigest()[:12]


def state_digest(state: GameState) -> str:
    """A short hash of a state's content (its transient event list left out)."""
    return data_digest(unstructure_state(state))


def _project(data: Any, shape: Any) -> Any:
    """``data`` cut down to the keys ``shape`` has (recursively): what an older save recorded."""
    if isinstance(data, dict) and isinstance(shape, dict):
        return {key: _project(data[key], shape[key]) for key in shape if key in data}
    if isinstance(data, list) and isinstance(shape, list) and len(data) == len(shape):
        return [_project(d, s) for d, s in zip(data, shape, strict=True)]
    return data


def replay_matches(state: GameState, digest: str, snapshot: Any) -> bool:
    """Whether a replayed state is the one saved.

    Either its digest is the saved one, or it agrees with everything the saved
    snapshot recorded: a save made before the state gained a field still replays.
    """
    if state_digest(state) == digest:
        return True
    if not isinstance(snapshot, dict):
        return False
    import json

    data = json.loads(json.dumps(unstructure_state(state)))
    return data_digest(_project(data, snapshot)) == digest == data_digest(snapshot)


def to_document(game: Game, now: datetime | None = None) -> dict[str, Any]:
    state = game.state
    return {
        "format": FORMAT,
        "game": GAME_TAG,
        "saved": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "ruleset": game.setup.ruleset,
        "turn": state.turn,
        "outcome": str(state.outcome) if state.outcome else "",
        "setup": get_converter().unstructure(game.setup),
        "orders": [str(o) for o in game.orders],
        "digest": state_digest(state),
        "snapshot": unstructure_state(state),
    }


def prepare_saving(game: Game) -> None:
    """Do what the first save of a session does once: import ``json`` and cattrs, build
    the converter and its functions for the game's classes (some 17 ms); the game is only
    read.  The TUI runs it in a thread once its screen is up, so that the first autosave,
    at the end of the first turn, takes a millisecond like the others."""
    import json

    json.dumps(to_document(game))


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder, then rename over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_game(game: Game, path: Path, now: datetime | None = None) -> None:
    """Write a game to ``path``; SaveError (previous file intact) if it cannot be."""
    import json

    try:
        text = json.dumps(to_document(game, now), indent=1)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"{path}: cannot save: the game could not be encoded ({_brief(exc)})") \
            from None
    try:
        write_atomic(path, text + "\n")
    except OSError as exc:
        raise SaveError(f"{path}: cannot save: {exc.strerror or exc}") from None


def read_document(path: Path) -> dict[str, Any]:
    """Read and migrate a save's JSON; SaveError for anything that is not a readable save."""
    import json

    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        doc: Any = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a tui-naval save (not text)") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}: corrupt or truncated save (line {exc.lineno}: {exc.msg})") \
            from None
    except (ValueError, RecursionError) as exc:  # absurd numbers, absurd nesting
        raise SaveError(f"{path}: corrupt save ({_brief(exc)})") from None
    if not isinstance(doc, dict) or doc.get("game") != GAME_TAG:
        raise SaveError(f"{path}: not a tui-naval save")
    fmt = doc.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise SaveError(f"{path}: corrupt save (bad format number {fmt!r})")
    if fmt > FORMAT:
        raise SaveError(f"{path}: saved by a newer tui-naval (format {fmt}; "
                        f"this one reads up to {FORMAT})")
    data: dict[str, Any] = doc
    while fmt < FORMAT:
        migrate = MIGRATIONS.get(fmt)
        if migrate is None:
            raise SaveError(f"{path}: cannot upgrade save from format {fmt} (no migration)")
        try:
            data = migrate(data)
        except Exception as exc:
            raise SaveError(f"{path}: cannot upgrade save from format {fmt}: {_brief(exc)}") \
                from None
        if not isinstance(data, dict):
            raise SaveError(f"{path}: cannot upgrade save from format {fmt}: not a document")
        fmt += 1
        data["format"] = fmt
    return data


def save_info(path: Path) -> SaveInfo:
    doc = read_document(path)
    try:
        setup = doc["setup"]
        return SaveInfo(path, str(doc["ruleset"]), str(setup["map_name"]), int(doc["turn"]),
                        str(doc.get("saved", "")), str(doc.get("outcome", "")))
    except (KeyError, TypeError, ValueError):
        raise SaveError(f"{path}: corrupt save (missing fields)") from None


def load_game(path: Path, find: Finder) -> Game:
    """Read a save and rebuild the game with the ruleset ``find`` gives for its name;
    SaveError with one line on any problem (``find`` raises LookupError for none)."""
    doc = read_document(path)
    try:
        setup = get_converter().structure(doc["setup"], Setup)
        orders = [Order.parse(str(t)) for t in doc["orders"]]
        digest = str(doc["digest"])
    except (KeyError, TypeError, ValueError, IllegalOrder) as exc:
        raise SaveError(f"{path}: corrupt save ({_brief(exc)})") from None
    except Exception as exc:  # cattrs raises its own grouped validation errors
        raise SaveError(f"{path}: corrupt save ({_brief(exc)})") from None
    try:
        ruleset = find(setup.ruleset)
    except LookupError as exc:
        raise SaveError(f"{path}: {exc}") from None
    try:
        game = Game(ruleset, setup)
    except (MapError, ScenarioError) as exc:
        raise SaveError(f"{path}: its scenario cannot be set up: {exc}") from None
    saved = doc.get("snapshot")
    try:
        for order in orders:
            game.play(order)
        if not digest or replay_matches(game.state, digest, saved):
            return game
    except IllegalOrder:
        if not digest:
            raise SaveError(f"{path}: its orders no longer replay and it has no snapshot "
                            "to resume from") from None
    # The orders no longer lead to the saved state (other rules): resume from the snapshot,
    # once its digest shows it is the data that was saved.  The digest is checked on the
    # data as saved, so fields the state has gained since simply take their defaults.
    if not isinstance(saved, dict):
        raise SaveError(f"{path}: corrupt save (no snapshot to resume from)")
    if data_digest(saved) != digest:
        raise SaveError(f"{path}: corrupt save (the snapshot does not match its digest)")
    try:
        snapshot = get_converter().structure(saved, ruleset.state_type)
    except Exception as exc:
        raise SaveError(f"{path}: corrupt save (snapshot: {_brief(exc)})") from None
    return Game(ruleset, setup, start=snapshot)


def _brief(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:120]


def default_save_dir() -> Path:
    """``./saves`` in a checkout (or wherever a saves/ folder is), else the user's data folder."""
    env = os.environ.get("TUI_NAVAL_SAVES")
    if env:
        return Path(env)
    here = Path.cwd() / "saves"
    if here.is_dir():
        return here
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "pyproject.toml").is_file() and (checkout / "saves").is_dir():
        return checkout / "saves"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tui-naval" / "saves"


def list_saves(folder: Path) -> list[SaveInfo | SaveError]:
    """Every save in a folder, newest first; unreadable ones as their error."""
    out: list[SaveInfo | SaveError] = []
    if not folder.is_dir():
        return out
    paths = sorted(folder.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in paths:
        try:
            out.append(save_info(path))
        except SaveError as exc:
            out.append(exc)
    return out
