"""The TUI names no ruleset: a ruleset presents itself (its presenter's labels, previews,
notes and event styles) and the screens render what they are given.

Every file under ``tui_naval/tui/`` is read for the id, title, aliases and package
name of every registered ruleset, in any case, as a word: not inside a longer
run of letters and digits, and with any separators (or none) between its parts,
so ``salt-n-tar`` also finds ``Salt'n'Tar``, ``salt_n_tar`` and ``saltntar``.
A plain word that is also an alias (``salt``, ``ships``) is found in prose and in
names alike: a file that needs it says it otherwise.  The one thing left out is
a core state's own field read as an attribute (``state.ships``): it names the
core's model, not a ruleset.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import tui_naval.tui
from tui_naval.core.state import Board, GameState, Mark, ShipBase
from tui_naval.rulesets import registry

TUI = Path(tui_naval.tui.__file__).parent
#: What may stand between the parts of a name: "Salt'n'Tar", "salt_n_tar", "salt n tar".
SEPARATORS = r"[\s'’_.-]*"
#: The core model's field names: read as attributes (``state.ships``), they are not names.
CORE_FIELDS = sorted({f.name for cls in (GameState, ShipBase, Board, Mark)
                      for f in attrs.fields(cls)})
_CORE_ATTRIBUTE = re.compile(r"\.\s*(?:" + "|".join(CORE_FIELDS) + r")(?![a-z0-9_])")


def ruleset_names() -> list[str]:
    """Every name a registered ruleset answers to, and its package's."""
    out: list[str] = []
    for info in registry():
        out += [info.id, info.title, *info.aliases, info.package.rpartition(".")[2]]
    return out


def name_pattern(name: str) -> re.Pattern[str]:
    """A name as a word, its parts joined by any separators (lower case text)."""
    parts = re.findall(r"[a-z0-9]+|[^a-z0-9\s'’_.-]", name.lower())
    return re.compile(r"(?<![a-z0-9])" + SEPARATORS.join(map(re.escape, parts))
                      + r"(?![a-z0-9])")


PATTERNS = {name: name_pattern(name) for name in ruleset_names()}


def named_at(text: str) -> list[tuple[str, int]]:
    """The ruleset names ``text`` holds, and where (a name may run over a line's end)."""
    # (A core attribute is blanked out in place, so the offsets stay the text's.)
    text = _CORE_ATTRIBUTE.sub(lambda m: " " * len(m.group()), text.lower())
    return sorted(((name, m.start()) for name, pattern in PATTERNS.items()
                   for m in pattern.finditer(text)), key=lambda found: found[1])


def named(text: str) -> list[str]:
    """The ruleset names ``text`` holds."""
    return [name for name, _ in named_at(text)]


def tui_files() -> list[Path]:
    """Every file of the TUI's source (compiled caches left out)."""
    return sorted(p for p in TUI.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


@pytest.mark.parametrize("text", [
    "Salt'n'Tar", "salt_n_tar", "SALT-N-TAR", "saltntar", "Ships & Sails", "ships_and_sails",
    "if state.ruleset == 'kr':", "gurps naval", "from tui_naval.rulesets.kyngesreach import x",
    "a pinch of salt", "fleet = ships", "def own_ships(self):", "S&S", "salt-and-shot",
    "the SaS duel", "regatta", "Ships &\n    Sails", "salt-n-\ntar",
])
def test_the_check_finds_a_ruleset_named(text: str) -> None:
    assert named(text), text


@pytest.mark.parametrize("text", [
    "for ship in state.ships:", "self.game.state.ships[0].id", "kraken", "salty", "assassin",
    "shipshape", "a ship", "ss", "sails",
])
def test_the_check_passes_words_that_name_no_ruleset(text: str) -> None:
    assert not named(text), (text, named(text))


def test_the_tui_names_no_ruleset() -> None:
    files = tui_files()
    assert any(p.suffix == ".py" for p in files) and any(p.suffix == ".tcss" for p in files)
    found = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for name, start in named_at(text):
            number = text.count("\n", 0, start) + 1
            found.append(f"{path.relative_to(TUI.parent.parent)}:{number}: {name!r} in "
                         f"{lines[number - 1].strip()!r}")
    assert not found, "the TUI names a ruleset:\n" + "\n".join(found)
