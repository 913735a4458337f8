"""Scripts: a recorded order list that answers a game's decisions (a demo's script, a
save's ``orders``).

A ``ScriptPlayer`` answers every decision, for every side, with its next order.  A
script is one order per line, in the orders' text form (``B1 luck roll``,
``R1 starboard 1``, ``B1 keep``); ``#`` starts a comment.  A save file's
``"orders"`` list is a valid script, and a save ``.json`` can be given as the
script itself: its setup (ruleset, map, seed) is used too.
"""

from __future__ import annotations

from pathlib import Path

from tui_naval.core.history import Game
from tui_naval.core.messages import file_name, one_line
from tui_naval.core.orders import Decision, IllegalOrder, Order
from tui_naval.core.saves import SaveError, get_converter, read_document, read_save_bytes
from tui_naval.core.scenario import Setup
from tui_naval.core.state import GameState
from tui_naval.core.values import frozen


class ScriptError(ValueError):
    """A script that cannot be read or does not fit the game; one line for the player."""


class ScriptEnded(Exception):
    """The script has no more orders."""


@frozen
class ScriptLine:
    """One order of a script and the line it came from."""

    line: int
    text: str


@frozen
class Script:
    """A recorded order list, and the setup it was recorded from when known (a save)."""

    source: str
    lines: tuple[ScriptLine, ...]
    setup: Setup | None = None


def parse_script(text: str, source: str = "<script>") -> Script:
    """Read a plain script: one order per line, ``#`` comments, blank lines ignored."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            Order.parse(line)
        except IllegalOrder as exc:
            raise ScriptError(one_line(f"{source}:{number}: {exc}")) from None
        lines.append(ScriptLine(number, " ".join(line.split())))
    return Script(source, tuple(lines))


def read_script(path: Path) -> Script:
    """Read a script file, or a save ``.json`` used as one (its setup comes with it)."""
    try:
        raw = read_save_bytes(path).decode("utf-8")  # a regular file of sane size only
    except SaveError as exc:
        raise ScriptError(str(exc).replace("a save", "a script")) from None
    except UnicodeDecodeError:
        raise ScriptError(one_line(f"{file_name(path)}: not a script (not text)")) from None
    if not raw.lstrip().startswith("{"):
        return parse_script(raw, file_name(path))
    import json  # only for a save used as a script: keeps launch quick

    try:
        json.loads(raw)
        doc = read_document(path)
        setup = get_converter().structure(doc["setup"], Setup)
        orders = [str(o) for o in doc["orders"]]
    except SaveError as exc:
        raise ScriptError(str(exc)) from None
    except Exception as exc:  # malformed JSON or a save with missing parts
        raise ScriptError(one_line(f"{file_name(path)}: not a script or a readable save "
                                   f"({exc})")) from None
    script = parse_script("\n".join(orders), file_name(path))
    return Script(script.source, script.lines, setup)


def check_script(game: Game, script: Script) -> None:
    """ScriptError, naming the script's line, for the first order that cannot be played at
    its point of the game (or comes after its end); ``game`` itself is not changed."""
    trial = Game(game.ruleset, game.setup, start=game.state)
    for line in script.lines:
        decision = trial.decision()
        if decision is None:
            raise ScriptError(one_line(f"{script.source}:{line.line}: {line.text!r} comes "
                                       f"after the end of the game"))
        try:
            trial.play(decision.find(line.text))
        except IllegalOrder as exc:
            raise ScriptError(one_line(f"{script.source}:{line.line}: {exc}")) from None


class ScriptPlayer:
    """Answers every decision, for every side, with the script's next order."""

    name = "script"

    def __init__(self, script: Script, start: int = 0) -> None:
        self.script = script
        self.position = start

    @property
    def done(self) -> bool:
        return self.position >= len(self.script.lines)

    def choose(self, state: GameState, decision: Decision) -> Order:
        if self.done:
            raise ScriptEnded(f"{self.script.source}: the script has ended")
        line = self.script.lines[self.position]
        try:
            order = decision.find(line.text)
        except IllegalOrder as exc:
            raise ScriptError(f"{self.script.source}:{line.line}: {exc}") from None
        self.position += 1
        return order
