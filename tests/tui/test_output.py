"""The output rewriter (tui/output.py): what it sends draws exactly what the app wrote.

Both streams go into the pyte terminal emulator, and every cell (character, colours,
attributes) and the cursor are compared after every frame.  A space with nothing that puts
ink on it (underline, strike, reverse, blink) looks the same in any foreground colour, bold
or italic: those are not compared for it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pty_support import in_pty, read_until_quiet

from tui_naval.tui import output
from tui_naval.tui.output import DEFAULT, Pen, Rewriter, parse_sgr, sgr_change

pyte = pytest.importorskip("pyte")

Cells = list[list[tuple[object, ...]]]


def look(c: pyte.screens.Char) -> tuple[object, ...]:
    """How a cell looks."""
    if c.data == " " and not (c.underscore or c.strikethrough or c.reverse or c.blink):
        return (" ", c.bg)
    return (c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.strikethrough, c.reverse,
            c.blink)


def cells(screen: pyte.Screen) -> Cells:
    """How every cell looks, and the cursor as a last row."""
    rows: Cells = [[look(screen.buffer[y][x]) for x in range(screen.columns)]
                   for y in range(screen.lines)]
    rows.append([(screen.cursor.x, screen.cursor.y)])
    return rows


class Pair:
    """One terminal fed what the app wrote, one fed what the rewriter made of it."""

    def __init__(self, columns: int, lines: int) -> None:
        self.size = (columns, lines)
        self.plain, self.compact = pyte.Screen(columns, lines), pyte.Screen(columns, lines)
        self.plain_stream, self.compact_stream = pyte.Stream(self.plain), pyte.Stream(
            self.compact)
        self.rewriter = Rewriter()

    def write(self, *chunks: str) -> str:
        """Write a frame (in any number of chunks); what was sent for it."""
        out = "".join(self.rewriter.rewrite(chunk, self.size) for chunk in chunks)
        frame = "".join(chunks)
        self.plain_stream.feed(frame)
        self.compact_stream.feed(out)
        return out

    def same(self) -> bool:
        return cells(self.plain) == cells(self.compact)


# -- styles --------------------------------------------------------------------------------

COLOURS = st.sampled_from(["", "31", "97", "38;5;17", "38;5;253", "38;2;10;20;30"])
BACKS = st.sampled_from(["", "40", "107", "48;5;233", "48;5;17", "48;2;1;2;3"])


@st.composite
def pens(draw: st.DrawFn) -> Pen:
    return Pen(attrs=draw(st.integers(0, (1 << 13) - 1)), fg=draw(COLOURS), bg=draw(BACKS),
               ul=draw(st.sampled_from(["", "58;5;9"])))


@given(pens(), pens())
def test_a_style_change_leads_from_the_old_style_to_the_new(old: Pen, new: Pen) -> None:
    change = sgr_change(old, new)
    if old == new:
        assert change == ""
        return
    assert change.startswith("\x1b[") and change.endswith("m")
    assert parse_sgr(change[2:-1], old) == new
    assert parse_sgr(change[2:-1], DEFAULT) == new or not change.startswith("\x1b[0")


@given(pens())
def test_from_an_unknown_style_the_change_is_complete(new: Pen) -> None:
    change = sgr_change(None, new)
    assert parse_sgr(change[2:-1], Pen(attrs=5, fg="31", bg="41")) == new


def test_codes_this_module_does_not_model_are_said_so() -> None:
    assert parse_sgr("4:3", DEFAULT) is None
    assert parse_sgr("38;5", DEFAULT) is None
    assert parse_sgr("1;38;5;200;49", Pen(bg="44")) == Pen(attrs=1, fg="38;5;200")
    assert parse_sgr("", Pen(attrs=3, fg="31")) == DEFAULT
    assert parse_sgr("22", Pen(attrs=0b11)) == DEFAULT


# -- frames like Textual's -----------------------------------------------------------------

SIZE = (14, 6)
#: pyte draws these attributes (dim, conceal and the rest are covered by the tests above).
PYTE_ATTRS = ["1", "3", "4", "5", "7", "9"]
TEXT = st.text(st.sampled_from("ab  ·─▏↑…"), min_size=1, max_size=6)


@st.composite
def segments(draw: st.DrawFn) -> str:
    """A segment as Textual's `Strip.render` writes it."""
    codes = draw(st.lists(st.sampled_from(PYTE_ATTRS), max_size=2, unique=True))
    codes += [c for c in (draw(COLOURS), draw(BACKS)) if c]
    text = draw(TEXT)
    return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text


@st.composite
def frames(draw: st.DrawFn) -> str:
    """A frame: lines of segments from a cursor move, or one of the rarer things apps write."""
    columns, lines = SIZE
    kind = draw(st.sampled_from(["lines"] * 6 + ["odd", "wide", "link"]))
    if kind == "odd":
        return draw(st.sampled_from([
            "\x1b[?1049h", "\x1b[2J", "\x1b[?25l\x1b[?2026h", "\x07", "\x1b]0;title\x07",
            "\x1b[3;4Hxy\x1b[K", "\x1b[5;2H\x1b[1mbold\x1b[?1000h more", "\x1b[4;1H\nz",
            "\x1b[1;1H\x1b[73mraised\x1b[0m", "\x1b7\x1b[2;2Hq\x1b8r", "\x1b[?7h",
            "\x1b[?25h", "\x1b[?25l", "\x1b[99;99Hz", "\x1b[3;99H",
            f"\x1b[{lines};1Hlast\n", f"\x1b[2;{columns - 1}Habc", "\x1b[2;3Hab\tc"]))
    if kind == "wide":
        y, x = draw(st.integers(1, lines)), draw(st.integers(1, columns - 3))
        return f"\x1b[{y};{x}H" + draw(st.sampled_from(["中", "é", "x\u0301", "🙂z"]))
    if kind == "link":
        y, x = draw(st.integers(1, lines)), draw(st.integers(1, columns - 4))
        return f"\x1b[{y};{x}H\x1b]8;id=1;http://x\x1b\\\x1b[1mlink\x1b[0m\x1b]8;;\x1b\\"
    out = []
    top = draw(st.integers(1, lines))
    for y in range(top, draw(st.integers(top, lines)) + 1):
        x = draw(st.integers(1, columns))
        line = "".join(draw(st.lists(segments(), min_size=1, max_size=4)))
        room = columns - x + 1
        # Textual crops lines to the screen: keep the segments' cells within it
        kept, width = [], 0
        for part in line.split("\x1b[0m"):
            plain = part.split("m", 1)[-1] if part.startswith("\x1b[") else part
            if width + len(plain) > room:
                break
            kept.append(part)
            width += len(plain)
        if not kept or not kept[0]:
            continue
        out.append(f"\x1b[{y};{x}H" + "\x1b[0m".join(kept) + ("\x1b[0m" if "\x1b[" in
                                                                kept[-1] else ""))
    cursor = f"\x1b[{draw(st.integers(1, lines))};{draw(st.integers(1, columns))}H"
    return "\n".join(out) + cursor


@settings(max_examples=300, deadline=None)
@given(st.lists(frames(), min_size=1, max_size=12), st.data())
def test_the_rewritten_stream_draws_the_same_screen(frames: list[str], data: st.DataObject
                                                    ) -> None:
    pair = Pair(*SIZE)
    pair.write("\x1b[?1049h\x1b[?7l\x1b[?25l")
    for frame in frames:
        cut = sorted(data.draw(st.lists(st.integers(0, len(frame)), max_size=2)))
        pair.write(*(frame[a:b] for a, b in zip([0, *cut], [*cut, len(frame)], strict=True)))
        assert pair.same(), repr(frame)


def test_an_unchanged_frame_sends_nothing_and_a_changed_cell_little() -> None:
    pair = Pair(20, 3)
    frame = ("\x1b[1;1H\x1b[1;38;5;253;48;5;17m Salt \x1b[0m\x1b[38;5;247;48;5;17mTurn 1"
             "\x1b[0m\n\x1b[2;1H\x1b[38;5;135;48;5;233m ·   ·   · \x1b[0m\x1b[3;5H")
    first = pair.write(frame)
    assert pair.same()
    assert len(first) < len(frame)
    assert pair.write(frame) == ""
    changed = pair.write(frame.replace("Turn 1", "Turn 2"))
    assert pair.same()
    assert changed == "\x1b[1;12H\x1b[38;5;247;48;5;17m2\x1b[3;5H\x1b[m"


def test_after_a_scroll_region_everything_goes_as_written() -> None:
    pair = Pair(10, 4)
    pair.write("\x1b[1;1Habc")
    assert pair.write("\x1b[2;3r") == "\x1b[2;3r"
    assert pair.rewriter.tainted
    assert pair.write("\x1b[1;1Habc") == "\x1b[1;1Habc"
    assert pair.same()


def test_without_the_screens_size_everything_goes_as_written() -> None:
    rewriter = Rewriter()
    assert rewriter.rewrite("\x1b[5;5H\x1b[1mab\x1b[0m") == "\x1b[5;5H\x1b[1mab\x1b[0m"
    assert rewriter.rewrite("\x1b[5;5Hab", (10, 4)) == "\x1b[5;5Hab"


def test_a_resize_forgets_the_screen() -> None:
    rewriter = Rewriter()
    frame = "\x1b[1;1Habc"
    rewriter.rewrite(frame, (10, 4))
    assert rewriter.rewrite(frame, (10, 4)) == ""
    assert "abc" in rewriter.rewrite(frame, (12, 4))


# -- the app in a pseudo-terminal ----------------------------------------------------------

#: Runs ``tui-naval`` (the title screen) with the app's driver, or with Textual's own.
LAUNCH = """
import sys
from tui_naval.tui import output
if sys.argv[1] == "plain":
    output.driver_class = lambda: None
from tui_naval.cli import main
sys.argv = ["tui-naval"]
sys.exit(main())
"""


def title_screen(mode: str, scratch: Path) -> tuple[Cells, int]:
    """The title screen's cells once the app is quiet, and the bytes it took."""
    columns, lines = 100, 30
    env = {k: v for k, v in os.environ.items() if k not in ("COLORTERM", "TEXTUAL_DRIVER")}
    env.update(TERM="xterm-256color", TUI_NAVAL_SAVES=str(scratch), TUI_NAVAL_DATA=str(scratch),
               XDG_CONFIG_HOME=str(scratch))
    if mode == "compact":  # as the app wires it; also before it does
        env["TEXTUAL_DRIVER"] = "tui_naval.tui.output:CompactDriver"
    screen = pyte.Screen(columns, lines)
    stream = pyte.ByteStream(screen)

    def drawn(data: bytes) -> bool:
        """The title screen's menu is on the screen (not only the terminal's set-up)."""
        seen = pyte.Screen(columns, lines)
        pyte.ByteStream(seen).feed(data)
        return "new game" in "\n".join(seen.display).lower()

    with in_pty([sys.executable, "-c", LAUNCH, mode], env, (columns, lines)) as term:
        data = read_until_quiet(term.fd, until=drawn)
    stream.feed(data)
    received = len(data)
    return cells(screen), received


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_the_title_screen_draws_the_same_with_the_compact_driver(tmp_path: Path) -> None:
    plain, plain_bytes = title_screen("plain", tmp_path / "plain")
    compact, compact_bytes = title_screen("compact", tmp_path / "compact")
    text = "".join(str(cell[0]) for row in plain[:-1] for cell in row)
    assert "New game" in text or "new game" in text.lower()
    assert compact == plain
    assert compact_bytes < plain_bytes / 2


def test_a_driver_named_in_the_environment_is_the_one_used(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``$TEXTUAL_DRIVER`` chooses the driver, as it does for any Textual app: Textual's own
    Linux driver (the README's way out should a terminal draw wrongly with this one), or
    its web driver (a browser).  ``driver_class()`` used to override it."""
    from textual.drivers.linux_driver import LinuxDriver

    from tui_naval.tui.app import NavalApp

    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    assert output.driver_class() is output.CompactDriver
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.linux_driver:LinuxDriver")
    assert output.driver_class() is None
    assert NavalApp().driver_class is LinuxDriver
