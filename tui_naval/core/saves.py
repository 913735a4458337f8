"""Save files: JSON through a cattrs converter, with a format number and migrations.

A save holds the setup and the order list (replayed on load, like PGN, so undo
reaches back to the first move) and a snapshot of the last state with its digest.
If the replay no longer reaches the snapshot (a save from other rules), the
snapshot wins and the game resumes from it.  A state that has gained fields since
the save was written still matches: only what the save recorded is compared.
Files are written to a temporary file and renamed, so a failed save never
destroys the previous one; temporary files a killed save left behind are removed
once stale.  ``json``, ``hashlib`` and cattrs are imported where they are used, so a
game starts without them.

A save is data from outside, never trusted (its digest is a plain hash anyone can
recompute): only a regular file of at most MAX_SAVE_BYTES is read, its values are
structured strictly (a whole number is an ``int``, a name a ``str``: nothing is
coerced), it holds at most MAX_ORDERS orders, and a snapshot the game resumes from
must keep every invariant of ``core.validate`` and agree with its setup's map and
ruleset.  Anything else is a SaveError: one line of at most MAX_MESSAGE characters
naming the file.
"""

from __future__ import annotations

import math
import os
import stat
import tempfile
import time
import typing
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from tui_naval.core.grid import Cell
from tui_naval.core.history import Game
from tui_naval.core.maps import MapError
from tui_naval.core.messages import file_name, one_line
from tui_naval.core.orders import IllegalOrder, Order
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.scenario import ScenarioError, Setup
from tui_naval.core.state import GameState
from tui_naval.core.validate import InvalidState, check_state
from tui_naval.core.values import frozen

FORMAT = 3
GAME_TAG = "tui-naval"
SUFFIX = ".json"

#: The largest save read, in bytes.  A long game on the largest map (200x200 cells) is well
#: under a megabyte; the limit keeps a hostile file from filling memory.
MAX_SAVE_BYTES = 8 * 1024 * 1024
#: The most orders a save may hold: some 100 turns of a 20-ship regatta are 2,500, a 999-turn
#: game of a large fleet ~100,000.  Replaying them takes up to some seconds.
MAX_ORDERS = 100_000
#: The longest order text ("B12 starboard 2" is 15 characters).
MAX_ORDER_CHARS = 64
#: The longest ruleset or map name in a setup.
MAX_NAME = 100
#: Seeds lie in -MAX_SEED < seed < MAX_SEED (the dice keep 64 bits of them).
MAX_SEED = 2**64
#: A temporary save file older than this, in seconds, is a killed save's leftover (one being
#: written by another process is younger) and is removed.
STALE_TEMP_SECONDS = 60
#: The longest error message.
#: The temporary files ``write_atomic`` makes, as a glob.
TEMP_GLOB = f".*{SUFFIX}.*.tmp"

T = TypeVar("T")

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


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _strict(kinds: tuple[type, ...], what: str) -> Callable[[Any, type], Any]:
    """A structure hook that takes a value of one of ``kinds`` only (never ``True`` for a
    number), then makes the field's class of it (an enum's member, say)."""

    def structure(value: Any, cls: type) -> Any:
        if type(value) not in kinds and not (str in kinds and isinstance(value, str)):
            raise TypeError(f"expected {what}, got {_kind(value)}")
        if cls is float and not math.isfinite(value):
            raise ValueError(f"expected {what}, got {value}")
        return value if type(value) is cls else cls(value)

    return structure


def _is_tuple(kind: Any) -> bool:
    return typing.get_origin(kind) is tuple


def _tuple_hook(kind: Any, conv: Any) -> Callable[[Any, Any], tuple[Any, ...]]:
    """Tuples from lists only (cattrs would take any iterable: a string, a dict's keys),
    of their declared length; errors say the item."""
    from cattrs.errors import IterableValidationError, IterableValidationNote

    args = typing.get_args(kind)
    same = len(args) == 2 and args[1] is Ellipsis

    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"expected a list, got {_kind(value)}")
        if not same and len(value) != len(args):
            raise ValueError(f"expected {len(args)} items, got {len(value)}")
        types = [args[0]] * len(value) if same else list(args)
        out, errors = [], []
        for index, (item, item_type) in enumerate(zip(value, types, strict=True)):
            try:
                out.append(conv.structure(item, item_type))
            except Exception as exc:
                exc.__notes__ = [*getattr(exc, "__notes__", []), IterableValidationNote(
                    f"Structuring {kind} @ index {index}", index, item_type)]
                errors.append(exc)
        if errors:
            raise IterableValidationError(f"While structuring {kind!r}", errors, kind)
        return tuple(out)

    return structure


@cache
def get_converter() -> JsonConverter:
    """The cattrs converter for saves, built (and cattrs imported) on first use.

    It is strict: numbers, text and true/false must be of their field's type, lists of
    their declared length, and a mapping has no keys its class lacks."""
    from cattrs.preconf.json import make_converter

    conv = make_converter(forbid_extra_keys=True)
    # These hooks also serve the classes made of these (a StrEnum is a str).
    conv.register_structure_hook(int, _strict((int,), "a whole number"))
    conv.register_structure_hook(float, _strict((int, float), "a finite number"))
    conv.register_structure_hook(str, _strict((str,), "text"))
    conv.register_structure_hook(bool, _strict((bool,), "true or false"))
    conv.register_structure_hook_factory(_is_tuple, _tuple_hook)
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


def _from_format_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 2's outcome had no ``end`` (how the game ended) nor the ships its words name:
    a finished game's snapshot lacks them, so the game is rebuilt from its orders, which
    the rules judge again; a game still going on keeps its snapshot, whose shape is
    unchanged."""
    snapshot = doc.get("snapshot")
    if isinstance(snapshot, dict) and snapshot.get("outcome") is not None:
        return {**doc, "snapshot": None, "digest": ""}
    return doc


#: Migrations: MIGRATIONS[n] turns a format-n document into format n+1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_format_1,
                                                                       2: _from_format_2}

#: Finds a ruleset by its name (the registry's ``find_ruleset``): core imports none.
Finder = Callable[[str], Ruleset[Any]]


class SaveError(ValueError):
    """A save that cannot be written or read; the message is one line for the player, of
    at most MAX_MESSAGE characters (it is cut).  ``path``: the file, where a listing
    reports it."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(one_line(message))
        self.path = path


@frozen
class SaveInfo:
    """What a save listing shows without replaying the game (its texts made printable and
    cut)."""

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
    """Write via a temporary file in the same folder, then rename over ``path`` (stale
    temporary files of killed saves in that folder are removed first)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path.parent)
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


def remove_stale_temps(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files ``write_atomic`` left in ``folder`` when killed, once
    older than STALE_TEMP_SECONDS (a younger one may be another process's save in flight);
    returns those removed.  Never raises: a file that cannot be removed is left."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        found = list(folder.glob(TEMP_GLOB))
    except OSError:
        return removed
    for path in found:
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_SECONDS:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def save_game(game: Game, path: Path, now: datetime | None = None,
              extra: Mapping[str, Any] | None = None) -> None:
    """Write a game to ``path``, with ``extra`` keys beside the core's (other readers ignore
    them: the seats, the AI's thoughts); SaveError (previous file intact) if it cannot be."""
    import json

    try:
        doc = to_document(game, now)
        doc.update(extra or {})
        text = json.dumps(doc, indent=1)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"{file_name(path)}: cannot save: the game could not be encoded "
                        f"({_brief(exc)})") from None
    try:
        write_atomic(path, text + "\n")
    except OSError as exc:
        raise SaveError(f"{file_name(path)}: cannot save: {exc.strerror or exc}") from None


def _file_kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def read_save_bytes(path: Path) -> bytes:
    """A save file's bytes: only a regular file of at most MAX_SAVE_BYTES is read, and
    opening never blocks (a pipe is refused, not waited on); SaveError otherwise."""
    where = file_name(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise SaveError(f"{where}: cannot read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            os.close(fd)
            raise SaveError(f"{where}: cannot read: not a save file "
                            f"({_file_kind(info.st_mode)})")
        if info.st_size > MAX_SAVE_BYTES:
            os.close(fd)
            raise SaveError(f"{where}: too large for a save ({_size(info.st_size)}; "
                            f"at most {_size(MAX_SAVE_BYTES)})")
        with os.fdopen(fd, "rb") as fh:
            raw = fh.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveError(f"{where}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_SAVE_BYTES:  # it grew while read
        raise SaveError(f"{where}: too large for a save (over {_size(MAX_SAVE_BYTES)})")
    return raw


def _size(count: int) -> str:
    return f"{count / 2**20:.1f} MiB" if count >= 2**20 else f"{count:,} bytes"


def read_document(path: Path) -> dict[str, Any]:
    """Read and migrate a save's JSON; SaveError for anything that is not a readable save."""
    import json

    where = file_name(path)
    raw = read_save_bytes(path)
    try:
        doc: Any = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{where}: not a tui-naval save (not text)") from None
    except json.JSONDecodeError as exc:
        what = exc.msg.removesuffix(" at").lower()  # ("Invalid control character at")
        raise SaveError(f"{where}: corrupt or truncated save (line {exc.lineno}, column "
                        f"{exc.colno}: {what})") from None
    except (ValueError, RecursionError) as exc:  # absurd numbers, absurd nesting
        raise SaveError(f"{where}: corrupt save ({_brief(exc)})") from None
    if not isinstance(doc, dict) or doc.get("game") != GAME_TAG:
        raise SaveError(f"{where}: not a tui-naval save")
    fmt = doc.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise SaveError(f"{where}: corrupt save (bad format number {_cut(fmt)})")
    if fmt > FORMAT:
        raise SaveError(f"{where}: saved by a newer tui-naval (format {_cut(fmt)}; "
                        f"this one reads up to {FORMAT})")
    data: dict[str, Any] = doc
    while fmt < FORMAT:
        migrate = MIGRATIONS.get(fmt)
        if migrate is None:
            raise SaveError(f"{where}: cannot upgrade save from format {fmt} (no migration)")
        try:
            data = migrate(data)
        except Exception as exc:
            raise SaveError(f"{where}: cannot upgrade save from format {fmt}: {_brief(exc)}") \
                from None
        if not isinstance(data, dict):
            raise SaveError(f"{where}: cannot upgrade save from format {fmt}: not a document")
        fmt += 1
        data["format"] = fmt
    return data


def save_info(path: Path) -> SaveInfo:
    doc = read_document(path)
    setup, ruleset, turn = doc.get("setup"), doc.get("ruleset"), doc.get("turn")
    map_name = setup.get("map_name") if isinstance(setup, dict) else None
    saved, outcome = doc.get("saved", ""), doc.get("outcome", "")
    if not (isinstance(ruleset, str) and isinstance(map_name, str) and type(turn) is int
            and isinstance(saved, str) and isinstance(outcome, str)):
        raise SaveError(f"{file_name(path)}: corrupt save (missing fields)")
    return SaveInfo(path, one_line(ruleset, 40), one_line(map_name, 40),
                    max(-1, min(turn, 99_999)), one_line(saved, 32), one_line(outcome, 100))


def load_game(path: Path, find: Finder) -> Game:
    """Read a save and rebuild the game with the ruleset ``find`` gives for its name;
    SaveError with one line on any problem (``find`` raises LookupError for none)."""
    return game_from_document(read_document(path), path, find)


def game_from_document(doc: Mapping[str, Any], path: Path, find: Finder) -> Game:
    """The game a save's document (``read_document``) holds; SaveError naming ``path``
    unless it is a game the rules can have made and can play on."""
    where = file_name(path)
    setup = _read_setup(doc, where)
    orders = _read_orders(doc, where)
    digest = doc.get("digest")
    if not isinstance(digest, str):
        raise SaveError(f"{where}: corrupt save (no digest)")
    try:
        ruleset = find(setup.ruleset)
    except LookupError as exc:
        raise SaveError(f"{where}: {exc}") from None
    if doc.get("ruleset") != setup.ruleset:
        raise SaveError(f"{where}: corrupt save (it names ruleset {_cut(doc.get('ruleset'))} "
                        f"and sets up {_cut(setup.ruleset)})")
    try:
        game = Game(ruleset, setup)
    except (MapError, ScenarioError) as exc:
        raise SaveError(f"{where}: its scenario cannot be set up: {exc}") from None
    start = game.state
    saved = doc.get("snapshot")
    try:
        for order in orders:
            game.play(order)
        if not digest or replay_matches(game.state, digest, saved):
            _check(game.state, ruleset, start, where)
            return game
    except IllegalOrder:
        if not digest:
            raise SaveError(f"{where}: its orders no longer replay and it has no snapshot "
                            "to resume from") from None
    # The orders no longer lead to the saved state (other rules): resume from the snapshot,
    # once its digest shows it is the data that was saved.  The digest is checked on the
    # data as saved, so fields the state has gained since simply take their defaults.
    if not isinstance(saved, dict):
        raise SaveError(f"{where}: corrupt save (no snapshot to resume from)")
    if data_digest(saved) != digest:
        raise SaveError(f"{where}: corrupt save (the snapshot does not match its digest)")
    # The events are not part of the digest, so they are not trusted: dropped.
    body = {key: value for key, value in saved.items() if key != "events"}
    snapshot = _structure(body, ruleset.state_type, where, "snapshot")
    _check(snapshot, ruleset, start, where)
    return Game(ruleset, setup, start=snapshot)


def _read_setup(doc: Mapping[str, Any], where: str) -> Setup:
    setup = _structure(doc.get("setup"), Setup, where, "setup")
    for what, name in (("ruleset", setup.ruleset), ("map", setup.map_name)):
        if not name or len(name) > MAX_NAME or not name.isprintable():
            raise SaveError(f"{where}: corrupt save (setup: its {what} name is not a name)")
    if not -MAX_SEED < setup.seed < MAX_SEED:
        raise SaveError(f"{where}: corrupt save (setup: its seed is not a 64-bit number)")
    return setup


def _read_orders(doc: Mapping[str, Any], where: str) -> list[Order]:
    texts = doc.get("orders")
    if not isinstance(texts, list):
        raise SaveError(f"{where}: corrupt save (no order list)")
    if len(texts) > MAX_ORDERS:
        raise SaveError(f"{where}: too many orders for a save ({len(texts):,}; "
                        f"at most {MAX_ORDERS:,})")
    orders = []
    for number, text in enumerate(texts, 1):
        if not isinstance(text, str) or len(text) > MAX_ORDER_CHARS:
            raise SaveError(f"{where}: corrupt save (order {number} is not an order)")
        try:
            orders.append(Order.parse(text))
        except IllegalOrder as exc:
            raise SaveError(f"{where}: corrupt save (order {number}: {_brief(exc)})") from None
    return orders


def _structure(data: Any, kind: type[T], where: str, what: str) -> T:
    """``data`` structured strictly as ``kind``; SaveError saying the first problem and where."""
    if not isinstance(data, dict):
        raise SaveError(f"{where}: corrupt save (no {what})")
    try:
        value: T = get_converter().structure(data, kind)
    except Exception as exc:  # cattrs groups its errors, whatever they are
        raise SaveError(f"{where}: corrupt save ({what}: {_structure_error(exc)})") from None
    return value


def _structure_error(exc: BaseException) -> str:
    """The first of a cattrs error's problems, with where it is (``$.ships[0].cell``)."""
    from cattrs import transform_error

    try:
        problems = transform_error(exc)
    except Exception:  # a message, whatever went wrong in making it
        problems = []
    if not problems:
        return _brief(exc)
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return problems[0][:120] + more


def _check(state: GameState, ruleset: Ruleset[Any], start: GameState, where: str) -> None:
    try:
        check_state(state, ruleset, start)
    except InvalidState as exc:
        raise SaveError(f"{where}: impossible game ({exc})") from None


def _cut(value: object, width: int = 24) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else "a huge number"
    return text if len(text) <= width else text[:width - 3] + "..."


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


def _mtime(path: Path) -> float:
    """When a file was last changed (0 for one gone or a dangling link)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def list_saves(folder: Path) -> list[SaveInfo | SaveError]:
    """Every save in a folder, newest first; unreadable ones (a dangling link, a file
    deleted meanwhile) as their error.  Stale temporary files are removed."""
    out: list[SaveInfo | SaveError] = []
    try:
        if not folder.is_dir():
            return out
        found = list(folder.glob(f"*{SUFFIX}"))
    except OSError:
        return out
    remove_stale_temps(folder)
    for path in sorted(found, key=_mtime, reverse=True):
        try:
            out.append(save_info(path))
        except SaveError as exc:
            out.append(SaveError(str(exc), path))
    return out
