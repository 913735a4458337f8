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

from collections.abc import Sequence
from dataclasses import dataclass

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
                 levels="▁▂▃▄▅▆▇█")
ASCII = Glyphs(sea=".", land="#", shoal=":", trail="*", arrows=ASCII_ARROWS,
               bar_full="#", bar_empty="-", calm="o", arc="+", hit_40="X", hit_10="x")


def glyphs(ascii_only: bool) -> Glyphs:
    """The glyph set to use."""
    return ASCII if ascii_only else UNICODE


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
