"""Glyph sets for the board and panels: Unicode, and an ASCII fallback.

Meaning is carried by the characters, not only by colour, so the board reads
under ``NO_COLOR`` and on 16-colour terminals:

=============  =========  =======
what           Unicode    ASCII
=============  =========  =======
sea            ``·``      ``.``
land           ``▓``      ``#``
shoal          ``░``      ``:``
mark           ``(1)``    ``(1)``
next mark      ``[1]``    ``[1]``
planned path   ``•``      ``*``
firing arc     ``+``      ``+``
40% hex        ``◆``      ``X``
10% hex        ``◇``      ``x``
ship           ``B↗``     ``B/``
=============  =========  =======

On a two-line hex block the aimed hexes also carry their percentage
(``40%`` / ``10%``) on the second line.

A ship is its side's letter and an arrow for its heading.  The arrow stands on
the side of the letter it points to (``B→`` but ``←B``, ``B↗`` but ``↙B``), which
also tells ``/`` NE from ``/`` SW in ASCII.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Span, Text
from textual.geometry import Region
from textual.strip import Strip

#: Arrows for the eight compass octants, clockwise from North.
UNICODE_ARROWS = ("↑", "↗", "→", "↘", "↓", "↙", "←", "↖")
ASCII_ARROWS = ("^", "/", ">", "\\", "v", "/", "<", "\\")
#: Octants whose arrow stands before the letter (pointing West-ish).
_WESTWARD = frozenset({5, 6, 7})
#: Eight-point compass names, clockwise from North.
COMPASS8 = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


@dataclass(frozen=True, slots=True)
class Glyphs:
    """One glyph set."""

    sea: str
    land: str
    shoal: str
    trail: str
    arrows: tuple[str, ...]
    bar_full: str
    bar_empty: str
    calm: str
    arc: str = "+"
    hit_40: str = "X"
    hit_10: str = "x"
    #: A chart's bar heights, lowest first.
    levels: str = "_.:-=+*#"
    #: A list item's bullet, a rule under a heading (light and heavy), a table's column
    #: edge and where it crosses the rule under the header.
    bullet: str = "-"
    rule: str = "-"
    rule_heavy: str = "="
    table_column: str = " | "
    table_cross: str = "-+-"
    #: A separator between two words of a title (``Rules · <the ruleset's title>``).
    dot: str = "-"
    #: Where a text is cut short (one cell, so a cut costs the same room either way).
    ellipsis: str = "~"

    def arrow(self, angle: float) -> str:
        """The arrow nearest a compass angle."""
        return self.arrows[octant(angle)]

    def ship(self, letter: str, angle: float) -> str:
        """A two-character ship token: side letter plus heading arrow."""
        k = octant(angle)
        arrow = self.arrows[k]
        return arrow + letter if k in _WESTWARD else letter + arrow

    def bar(self, fraction: float, width: int) -> tuple[str, str]:
        """The filled and empty parts of a bar ``width`` characters long."""
        fraction = min(1.0, max(0.0, fraction))
        full = round(fraction * width)
        return self.bar_full * full, self.bar_empty * (width - full)


UNICODE = Glyphs(sea="·", land="▓", shoal="░", trail="•", arrows=UNICODE_ARROWS,
                 bar_full="█", bar_empty="░", calm="○", arc="+", hit_40="◆", hit_10="◇",
                 levels="▁▂▃▄▅▆▇█", bullet="•", rule="─", rule_heavy="━",
                 table_column=" │ ", table_cross="─┼─", dot="·", ellipsis="…")
ASCII = Glyphs(sea=".", land="#", shoal=":", trail="*", arrows=ASCII_ARROWS,
               bar_full="#", bar_empty="-", calm="o", arc="+", hit_40="X", hit_10="x")


def glyphs(ascii_only: bool) -> Glyphs:
    """The glyph set to use."""
    return ASCII if ascii_only else UNICODE


#: ASCII for the characters the game's own texts use (the rest: ``to_ascii``).
_ASCII_FOR = {
    "·": ".", "•": "*", "…": "...", "—": "--", "–": "-", "−": "-", "‐": "-", "‑": "-",
    "‘": "'", "’": "'", "‚": ",", "“": '"', "”": '"', "„": '"', "«": "<<", "»": ">>",
    "×": "x", "÷": "/", "°": " deg", "±": "+/-", "≤": "<=", "≥": ">=", "≠": "!=",
    "≈": "~", "→": "->", "←": "<-", "↑": "^", "↓": "v", "↗": "/", "↘": "\\", "↙": "/",
    "↖": "\\", "⇒": "=>", "½": "1/2", "¼": "1/4", "¾": "3/4", "²": "2", "³": "3",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ", "█": "#", "▓": "#", "▒": ":", "░": "-",
    "○": "o", "●": "*", "◆": "X", "◇": "x", "■": "#", "□": "o", "✓": "v", "✔": "v",
    "✗": "x", "✘": "x", "│": "|", "┃": "|", "─": "-", "━": "=", "▏": "|", "▕": "|",
    "▔": "-", "▁": "_", "▂": "_", "▃": ".", "▄": ":", "▅": "-", "▆": "=", "▇": "+",
    "▎": "|", "▍": "|", "▌": "|", "▐": "|", "┼": "+", "┌": "+", "┐": "+", "└": "+", "┘": "+",
}
_ASCII_TABLE = str.maketrans(_ASCII_FOR)


def to_ascii(text: str) -> str:
    """``text`` in ASCII: the characters the game uses by their usual ASCII stand-ins
    (``·`` ``.``, ``—`` ``--``, ``×`` ``x``, arrows, blocks and box lines), accented
    letters without their accents, anything else ``?``."""
    if text.isascii():
        return text
    text = text.translate(_ASCII_TABLE)
    if text.isascii():
        return text
    out: list[str] = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
            continue
        bare = "".join(c for c in unicodedata.normalize("NFKD", ch) if c.isascii())
        out.append(bare or "?")
    return "".join(out)


def ascii_text(text: Text) -> Text:
    """A Rich ``Text`` made ASCII (``to_ascii``), its styles kept on the same words."""
    plain = text.plain
    if plain.isascii():
        return text
    pieces = [ch if ch.isascii() else to_ascii(ch) for ch in plain]
    starts = [0]
    for piece in pieces:
        starts.append(starts[-1] + len(piece))
    end = len(plain)
    return Text("".join(pieces), style=text.style, justify=text.justify,
                overflow=text.overflow, no_wrap=text.no_wrap, end=text.end,
                tab_size=text.tab_size,
                spans=[Span(starts[min(span.start, end)], starts[min(span.end, end)], span.style)
                       for span in text.spans])


def cut(text: Text, width: int, mark: str, pad: bool = False) -> Text:
    """``text`` (one line) in at most ``width`` cells: a longer one ends in ``mark`` (one
    cell, in the style of the character it stands on) where it is cut: Rich's
    ``overflow="ellipsis"`` with the glyph set's mark."""
    out = text.copy()
    longer = out.cell_len > width
    out.truncate(width, overflow="ellipsis", pad=pad)
    if longer and width > 0 and mark != "…":
        plain = out.plain
        at = plain.rindex("…")
        out.plain = plain[:at] + mark + plain[at + 1:]
    return out


def ascii_cells(text: str) -> str:
    """``text`` in ASCII cell for cell (``to_ascii`` of each character, cut or padded to the
    cells it took), so a line drawn already keeps its width and alignment."""
    if text.isascii():
        return text
    out: list[str] = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
            continue
        width = cell_len(ch)
        out.append((to_ascii(ch) + " " * width)[:width])
    return "".join(out)


def ascii_strip(strip: Strip) -> Strip:
    """A drawn line in ASCII (``ascii_cells``), its styles and width kept."""
    if all(segment.text.isascii() for segment in strip):
        return strip
    return Strip([Segment(ascii_cells(seg.text), seg.style, seg.control) for seg in strip],
                 strip.cell_length)


class AsciiLines:
    """A widget mixin: with ``--ascii`` every line the widget draws is made ASCII
    (``ascii_strip``): for widgets that show words from map files and the rules (ship
    names, titles) whatever their characters."""

    def render_lines(self, crop: Region) -> list[Strip]:
        lines: list[Strip] = super().render_lines(crop)  # type: ignore[misc]
        if app_ascii_only(getattr(self, "app", None)):
            return [ascii_strip(line) for line in lines]
        return lines


def app_ascii_only(app: object) -> bool:
    """Whether ``app`` (the ``NavalApp``) draws in ASCII only (its ``config.ascii_only``)."""
    return bool(getattr(getattr(app, "config", None), "ascii_only", False))


def octant(angle: float) -> int:
    """The eight-point compass octant (0 = N, clockwise) nearest an angle in degrees."""
    return round((angle % 360.0) / 45.0) % 8


def compass_name(angle: float) -> str:
    """The eight-point compass name nearest an angle."""
    return COMPASS8[octant(angle)]


def mark_token(label: str, is_next: bool) -> str:
    """A mark's label in brackets: ``(1)``, or ``[1]`` for the next mark to round."""
    return f"[{label}]" if is_next else f"({label})"


def side_letters(sides: Sequence[str]) -> dict[str, str]:
    """A distinct letter for each side: its initial, upper case first, then lower case.

    ``("blue", "red")`` gives ``B`` and ``R``; ``("red", "rebels")`` gives ``R``
    and ``r``; a side whose initial is taken both ways gets its number.
    """
    taken: set[str] = set()
    out: dict[str, str] = {}
    for i, side in enumerate(sides):
        initial = (side[:1] or "?").upper()
        for letter in (initial, initial.lower(), str(i % 10)):
            if letter not in taken:
                break
        taken.add(letter)
        out[side] = letter
    return out
