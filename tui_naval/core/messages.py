"""Messages for the player: one printable line, cut to a length, whatever a file held.

Map and save files are data, and anything in them may reach a message: line
breaks, escape sequences, a 5000-digit number.  These helpers make each part of
a message safe and short; ``one_line`` makes the whole of it so.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

#: The longest message the player is shown.
MAX_MESSAGE = 200


def printable(text: str) -> str:
    """``text`` with every character that is not printable written as an escape (one line)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def one_line(text: str, width: int = MAX_MESSAGE) -> str:
    """``text`` as one printable line of at most ``width`` characters."""
    line = printable(text[:width * 4])
    return line if len(line) <= width else line[:width - 3] + "..."


def clip(text: str, limit: int = 20) -> str:
    """``text`` cut to ``limit`` characters and "..." with its length, made printable."""
    if len(text) <= limit:
        return printable(text)
    return f"{printable(text[:limit])}... ({len(text)} characters)"


def quoted(text: str, limit: int = 20) -> str:
    """``text`` quoted (``repr``, so one printable line), cut to ``limit`` characters."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def cut(value: object, width: int = 24) -> str:
    """Any value as its ``repr``, cut to ``width`` characters (a huge number named so)."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else "a huge number"
    return text if len(text) <= width else text[:width - 3] + "..."


def file_name(path: Path | str, width: int = 100) -> str:
    """A file's name for a message: printable, its end kept when it is long."""
    shown = printable(str(path))
    return shown if len(shown) <= width else "..." + shown[3 - width:]


def listing(items: Iterable[str], budget: int = 90) -> str:
    """``items`` joined by commas, as many as fit in ``budget`` characters, then "N more"."""
    names = list(items)
    out: list[str] = []
    used = 0
    for n, item in enumerate(names):
        if out and used + len(item) + 2 > budget:
            return ", ".join(out) + f" and {len(names) - n} more"
        out.append(item)
        used += len(item) + 2
    return ", ".join(out)


def word_list(items: Iterable[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last="or"``: ``a, b or c``)."""
    parts = list(items)
    return f"{', '.join(parts[:-1])} {last} {parts[-1]}" if len(parts) > 1 else "".join(parts)


def a_or_an(word: str) -> str:
    """``a Frigate``, ``an Elf Hawkship`` (by the first letter: the names here have no
    silent h nor a sounded u)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def plural(n: int, word: str, many: str = "") -> str:
    """``3 hexes``, ``1 cell``."""
    return f"{n} {word if n == 1 else many or word + 's'}"
