"""Fewer bytes to the terminal: Textual's output stream cut down to what changes on screen.

Textual writes every segment of a frame as ``ESC[<full style>m text ESC[0m`` and repaints
whole regions when any part of them changed.  `Rewriter` keeps a copy of the terminal's
screen (each cell's character and style, where it knows them), style and cursor, and sends
only the cells that differ from what the terminal already shows, only the style codes that
differ from the terminal's current style, and a cursor move only where the next changed cell
is not where the cursor already is.  Skipping a cell that already holds the same narrow
character in the same style changes nothing on screen; nor does drawing a space without
underline, strike, reverse or blink in another foreground colour, bold or italic while the
cursor is hidden (no ink shows them), which saves most style changes around gaps.

What it does not model (wide and zero-width characters, hyperlinks, erasing, unknown escape
sequences and control characters) it passes on as written and forgets what it knew about
the cells concerned, so it can send more than needed but never draw something else.

`CompactDriver` is Textual's `LinuxDriver` writing through a `Rewriter`: an app uses it with
``App(driver_class=output.driver_class())``.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import threading
from functools import lru_cache
from typing import Any, NamedTuple, cast

from rich.cells import cell_len, get_character_cell_size

from tui_naval.tui.terminal_file import TerminalFile

__all__ = ["CompactDriver", "Pen", "Rewriter", "driver_class", "parse_sgr", "sgr_change"]

ESC = "\x1b"
#: Characters that take one cell by rich's measure, the one Textual lays the screen out by.
_NARROW = {chr(c) for c in range(0x20, 0x7F)}


def _all_narrow(run: str) -> bool:
    """Whether each of `run`'s characters takes exactly one cell."""
    if _NARROW.issuperset(run):
        return True
    wider = {char for char in set(run) - _NARROW if get_character_cell_size(char) != 1}
    _NARROW.update(char for char in run if char not in wider)
    return not wider


#: SGR attribute codes (Textual's), each one bit of `Pen.attrs`, and the codes that end them.
_ATTRS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "21", "51", "52", "53")
_ATTR_BIT = {code: 1 << i for i, code in enumerate(_ATTRS)}
_ATTR_OFF = {"22": _ATTR_BIT["1"] | _ATTR_BIT["2"], "23": _ATTR_BIT["3"],
             "24": _ATTR_BIT["4"] | _ATTR_BIT["21"], "25": _ATTR_BIT["5"] | _ATTR_BIT["6"],
             "27": _ATTR_BIT["7"], "28": _ATTR_BIT["8"], "29": _ATTR_BIT["9"],
             "54": _ATTR_BIT["51"] | _ATTR_BIT["52"], "55": _ATTR_BIT["53"]}

#: Attributes that put ink on a space (a line, blinking, the colours swapped).  Without them
#: a space looks the same in any foreground colour, bold, dim or italic: while the cursor is
#: hidden, the screen's copy keeps such a space as a *blank* (`Pen.attrs` -1: its background
#: and nothing else known), and it is drawn in whatever foreground the terminal has.
_INKED = sum(_ATTR_BIT[code] for code in ("4", "5", "6", "7", "9", "21", "51", "52", "53"))
_BLANK = -1

#: Private modes that change nothing about where or how text is drawn.
_HARMLESS_MODES = frozenset({"1", "7", "9", "12", "25", "1000", "1002", "1003", "1004", "1005",
                             "1006", "1015", "1016", "2004", "2026", "2048"})
#: Private modes that switch screens: what was on screen is no longer known.
_SCREEN_MODES = frozenset({"47", "1047", "1048", "1049"})

#: A whole escape sequence: CSI, a string (OSC, DCS, APC, PM, SOS), or any other.
_SEQUENCE = re.compile(r"\x1b(?:\[([0-?]*)([ -/]*)([@-~])|[\]P_^X].*?(?:\x07|\x1b\\)"
                       r"|[ -/]+[0-~]|[0-OQ-WYZ\\`-~])", re.DOTALL)
#: The start of one, which the next chunk may complete.
_UNFINISHED = re.compile(r"\x1b(?:\[[0-?]*[ -/]*|[\]P_^X].*|[ -/]*)?", re.DOTALL)
#: The longest unfinished sequence held back for the next chunk.
_HOLD_LIMIT = 1 << 16


class Pen(NamedTuple):
    """A terminal's current style: attribute bits and colours as SGR codes ("" for default)."""

    attrs: int = 0
    fg: str = ""
    bg: str = ""
    ul: str = ""

    def codes(self) -> list[str]:
        """The SGR codes that set this style from the default one."""
        codes = [code for code, bit in _ATTR_BIT.items() if self.attrs & bit]
        codes.extend(code for code in (self.fg, self.bg, self.ul) if code)
        return codes


DEFAULT = Pen()

Cell = tuple[str, Pen]
At = tuple[int, int]


def blank_of(pen: Pen) -> Cell:
    """A space drawn in `pen` (without ink) as the screen's copy keeps it."""
    return (" ", Pen(_BLANK, "", pen.bg))


@lru_cache(maxsize=4096)
def parse_sgr(params: str, pen: Pen) -> Pen | None:
    """`pen` after ``ESC[<params>m``, or None if it has a code this module does not model.
    (Remembered: a frame sets a few dozen styles hundreds of times over.)"""
    attrs, fg, bg, ul = pen
    tokens = params.split(";") if params else ["0"]
    i = 0
    while i < len(tokens):
        code = tokens[i]
        i += 1
        number = int(code) if code.isdigit() else -1
        if code in ("", "0"):
            attrs, fg, bg, ul = 0, "", "", ""
        elif code in _ATTR_BIT:
            attrs |= _ATTR_BIT[code]
        elif code in _ATTR_OFF:
            attrs &= ~_ATTR_OFF[code]
        elif code in ("38", "48", "58"):
            kind = tokens[i] if i < len(tokens) else ""
            width = 2 if kind == "5" else 4 if kind == "2" else 0
            if not width or i + width > len(tokens) or not all(
                    t.isdigit() for t in tokens[i:i + width]):
                return None
            value = ";".join(tokens[i - 1:i + width])
            i += width
            if code == "38":
                fg = value
            elif code == "48":
                bg = value
            else:
                ul = value
        elif 30 <= number <= 37 or 90 <= number <= 97:
            fg = code
        elif 40 <= number <= 47 or 100 <= number <= 107:
            bg = code
        elif code in ("39", "49", "59"):
            fg, bg, ul = ("" if code == "39" else fg, "" if code == "49" else bg,
                          "" if code == "59" else ul)
        else:
            return None
    return Pen(attrs, fg, bg, ul)


@lru_cache(maxsize=4096)
def sgr_change(old: Pen | None, new: Pen) -> str:
    """A short sequence taking a terminal from style `old` (None: unknown) to `new`."""
    if old == new:
        return ""
    full = "\x1b[" + ";".join(["0", *new.codes()]) + "m" if new != DEFAULT else "\x1b[m"
    if old is None:
        return full
    # each attribute ended by its own code (22 ends bold and dim: one kept is set again)
    codes, added = [], new.attrs & ~old.attrs
    for off, bits in _ATTR_OFF.items():
        if old.attrs & ~new.attrs & bits:
            codes.append(off)
            added |= new.attrs & bits
    codes += [code for code, bit in _ATTR_BIT.items() if added & bit]
    for mine, theirs, off in ((new.fg, old.fg, "39"), (new.bg, old.bg, "49"),
                              (new.ul, old.ul, "59")):
        if mine != theirs:
            codes.append(mine or off)
    delta = "\x1b[" + ";".join(codes) + "m"
    return delta if len(delta) < len(full) else full


class Rewriter:
    """Rewrites a full-screen app's output to what the terminal does not show already.

    `rewrite(text, size)` takes each chunk the app writes and returns what to send instead.
    The chunks are read as the terminal would read them (the *input* style and cursor); what
    has been sent is tracked apart (the *output* style and cursor).  None is unknown.  While
    the input cursor or style is unknown, the output's is the same unknown one: everything
    that set it was sent as written.  A cursor column equal to the width means "just wrote the
    last column".
    """

    def __init__(self) -> None:
        self.size = (0, 0)
        #: The terminal's screen: rows of (character, style) cells, None where unknown.
        self._cells: list[list[Cell | None]] = []
        self._in_pen: Pen | None = DEFAULT
        self._out_pen: Pen | None = None
        self._in_at: At | None = None
        self._out_at: At | None = None
        #: A line feed read but not sent yet: the cursor it left from.
        self._feed_from: At | None = None
        #: Inside a hyperlink (OSC 8): cells drawn there are sent as written, never known.
        self._linked = False
        #: Whether the cursor is hidden (a space's foreground colour is then never seen).
        self._cursor_hidden = False
        #: Once the app uses a feature that moves text in ways not followed here (scroll
        #: regions, origin or insert mode, other character sets), or writes before the screen's
        #: size is known, everything passes as written.
        self.tainted = False
        self._held = ""
        self._out: list[str] = []

    def forget(self) -> None:
        """Forget the screen and the cursor: the next cells are sent as the app wrote them."""
        width, height = self.size
        self._cells = [[None] * width for _ in range(height)]
        self._in_at = self._out_at = self._feed_from = None

    def resize(self, size: tuple[int, int]) -> None:
        """The terminal's size (columns, rows) now: a change forgets the screen."""
        if size != self.size:
            self.size = size
            self.forget()

    def rewrite(self, text: str, size: tuple[int, int] | None = None) -> str:
        """What to send the terminal for `text`, given its size now."""
        if size is not None:
            self.resize(size)
        text, self._held = self._held + text, ""
        if not all(self.size):
            self.tainted = True  # nothing is known without the screen's size
        if self.tainted:
            return text
        self._out = []
        pos, end = 0, len(text)
        verbatim = False
        while pos < end and not self.tainted:
            escape = text.find(ESC, pos)
            stop = end if escape < 0 else escape
            if stop > pos:
                verbatim = self._text(text[pos:stop], verbatim)
                pos = stop
                continue
            match = _SEQUENCE.match(text, pos)
            if match is not None:
                verbatim = self._escape(match, verbatim)
                pos = match.end()
            elif _UNFINISHED.fullmatch(text, pos) and end - pos < _HOLD_LIMIT:
                self._held = text[pos:]  # the next chunk completes it
                break
            else:  # a stray ESC: it goes as written, and the terminal is no longer known
                verbatim = self._go_verbatim(verbatim)
                self._out.append(ESC)
                self.forget()
                pos += 1
        if self.tainted:
            self._out.append(text[pos:])
        else:
            self._finish()
        return "".join(self._out)

    # -- reading the app's stream --------------------------------------------------------

    def _text(self, run: str, verbatim: bool) -> bool:
        """Text and control characters; whether the rest of the chunk goes as written."""
        start = 0
        for index, char in enumerate(run):
            if char >= " " and char != "\x7f":
                continue
            if index > start:
                verbatim = self._draw(run[start:index], verbatim)
            start = index + 1
            verbatim = self._control(char, verbatim)
        if start < len(run):
            verbatim = self._draw(run[start:], verbatim)
        return verbatim

    def _control(self, char: str, verbatim: bool) -> bool:
        if char == "\x07":
            self._out.append(char)
        elif char == "\r" and self._in_at is not None:
            self._in_at = (0, self._in_at[1])
            if verbatim:
                self._out.append(char)
                self._out_at = self._in_at
        elif char == "\n" and self._in_at is not None:
            self._feed_from, self._in_at = self._in_at, None
            if verbatim or self._feed_from[1] >= self.size[1] - 1:
                self._send_feed()
        else:
            verbatim = self._go_verbatim(verbatim)
            self._out.append(char)
            self.forget()
            if char in "\x0e\x0f":
                self.tainted = True
        return verbatim

    def _send_feed(self) -> None:
        """Send the line feed held back: the cursor is to be where the app's went."""
        source, self._feed_from = self._feed_from, None
        if source is None:
            return
        self._place(source)
        self._out.append("\n")
        self._out_at = self._in_at = None
        if source[1] >= self.size[1] - 1:
            self.forget()  # it scrolled

    def _escape(self, match: re.Match[str], verbatim: bool) -> bool:
        sequence = match.group(0)
        params, inter, final = match.groups()
        if final == "m" and not inter and not params.startswith(("<", "=", ">", "?")):
            return self._sgr(sequence, params, verbatim)
        if final in ("H", "f") and not inter and (not params
                                                  or params.replace(";", "").isdigit()):
            row, col = ([int(p) if p else 1 for p in params.split(";")] + [1, 1])[:2]
            width, height = self.size  # (a terminal keeps the cursor on its screen)
            self._feed_from = None
            self._in_at = (min(max(col, 1), width) - 1, min(max(row, 1), height) - 1)
            if verbatim:
                self._out.append(sequence)
                self._out_at = self._in_at
            return verbatim
        self._send_feed()
        self._sync()
        self._out.append(sequence)
        if final is not None:
            self._csi_effect(params, inter, final)
        elif sequence.startswith("\x1b]8;"):
            self._linked = not sequence.startswith(("\x1b]8;;\x07", "\x1b]8;;\x1b\\"))
        elif sequence[1] in "P_^X":
            self.forget()  # device control strings may draw (images)
        elif sequence[1] in "()*+-./":
            self.tainted = True
        elif sequence[1] != "]" and sequence not in ("\x1b=", "\x1b>"):
            self.forget()
            if sequence == "\x1bc":
                self._in_pen, self._out_pen, self._linked = DEFAULT, DEFAULT, False
            elif sequence == "\x1b8":
                self._in_pen = self._out_pen = None  # restored with the cursor
        return verbatim

    def _csi_effect(self, params: str, inter: str, final: str) -> None:
        """Any other CSI sequence (sent already): forget what it may have changed."""
        if params.startswith("?") and final in "hl" and not inter:
            modes = set(params[1:].split(";"))
            if "25" in modes:
                self._cursor_hidden = final == "l"
            if modes <= _HARMLESS_MODES:
                return
            if modes <= _HARMLESS_MODES | _SCREEN_MODES:
                self.forget()
            else:
                self.tainted = True
            return
        if ((inter == "$" and final == "p") or (final in "cn" and not inter)
                or (final == "u" and params.startswith(("<", "=", ">", "?")))
                or (inter == " " and final == "q")):
            return  # queries, keyboard protocol, cursor shape
        if final in "hlr" or (final == "s" and params):
            self.tainted = True  # modes, scroll regions, left and right margins
        self.forget()

    def _sgr(self, sequence: str, params: str, verbatim: bool) -> bool:
        if self._in_pen is None:  # kept the app's own: every change goes as written
            self._out.append(sequence)
            resets = params.split(";")[0] in ("", "0")
            self._in_pen = self._out_pen = parse_sgr(params, DEFAULT) if resets else None
            return verbatim
        pen = parse_sgr(params, self._in_pen)
        if pen is None or verbatim:
            verbatim = self._go_verbatim(verbatim)
            self._out.append(sequence)
            self._in_pen = self._out_pen = pen
            return verbatim
        self._in_pen = pen
        return verbatim

    def _go_verbatim(self, verbatim: bool) -> bool:
        """From here to the end of the chunk, send what the app wrote."""
        if not verbatim:
            self._send_feed()
            self._sync()
        return True

    def _sync(self) -> None:
        """Bring the terminal's cursor and style to the app's."""
        if self._in_at is not None:
            self._place(self._in_at)
        if self._in_pen is not None:
            self._pen(self._in_pen)

    # -- drawing -------------------------------------------------------------------------

    def _draw(self, run: str, verbatim: bool) -> bool:
        """Printable text at the input cursor."""
        at, pen = self._in_at, self._in_pen
        width, height = self.size
        simple = _all_narrow(run)
        cells = len(run) if simple else cell_len(run)
        if verbatim or at is None or pen is None or at[1] >= height or at[0] + cells > width:
            verbatim = self._go_verbatim(verbatim)
            self._out.append(run)
            if at is None or at[1] >= height or at[0] + cells > width:
                self.forget()
            else:
                self._unknown(at, cells)
                self._in_at = self._out_at = (at[0] + cells, at[1])
            return verbatim
        x0, y = at
        self._in_at = (x0 + cells, y)
        if not simple or self._linked:
            self._place(at)
            self._pen(pen)
            self._out.append(run)
            self._unknown(at, cells)
            self._out_at = self._in_at
            return verbatim
        row = self._cells[y]
        blanks = self._cursor_hidden and not pen.attrs & _INKED
        if blanks and " " in run:
            blank = blank_of(pen)
            wanted = [blank if char == " " else (char, pen) for char in run]
        else:
            wanted = [(char, pen) for char in run]
        if row[x0:x0 + cells] == wanted:
            return verbatim
        x, last = x0, x0 + cells
        while x < last:
            if row[x] == wanted[x - x0]:
                x += 1
                continue
            change = x
            while x < last and row[x] != wanted[x - x0]:
                x += 1
            self._place((change, y))
            piece = run[change - x0:x - x0]
            if blanks and self._fits(blank_of(pen), self._out_pen):
                spaces = len(piece) - len(piece.lstrip(" "))
                self._out.append(piece[:spaces])
                piece = piece[spaces:]
            if piece:
                self._pen(pen)
                self._out.append(piece)
            row[change:x] = wanted[change - x0:x - x0]
            self._out_at = (x, y)
        return verbatim

    def _unknown(self, at: At, cells: int) -> None:
        """Forget the cells a run covered, and their neighbours (a wide character's halves)."""
        row = self._cells[at[1]]
        for x in range(max(at[0] - 1, 0), min(at[0] + cells + 1, self.size[0])):
            row[x] = None

    def _place(self, at: At) -> None:
        """Move the terminal's cursor to `at` as cheaply as is known to be right."""
        now = self._out_at
        if now == at:
            return
        x, y = at
        if 0 < self.size[0] <= x and y < len(self._cells):
            # just after the last column: write that column again
            cell = self._cells[y][x - 1]
            self._place((x - 1, y))
            if cell is None:  # cannot happen: the app's cursor got there by a known cell
                self._out_at = None
                return
            if not self._fits(cell, self._out_pen):
                self._pen(Pen(0, "", cell[1].bg) if cell[1].attrs == _BLANK else cell[1])
            self._out.append(cell[0])
            self._out_at = at
            return
        if now is not None and now[1] == y and now[0] < x <= self.size[0]:
            gap = x - now[0]
            forward = "\x1b[C" if gap == 1 else f"\x1b[{gap}C"
            skipped = self._cells[y][now[0]:x]
            if gap < len(forward) and all(self._fits(c, self._out_pen) for c in skipped):
                self._out.append("".join(c[0] for c in skipped if c is not None))
            else:
                self._out.append(forward)
        elif x == 0:
            self._out.append(f"\x1b[{y + 1}H" if y else "\x1b[H")
        else:
            self._out.append(f"\x1b[{y + 1};{x + 1}H")
        self._out_at = at

    @staticmethod
    def _fits(cell: Cell | None, pen: Pen | None) -> bool:
        """Whether drawing `cell`'s character in style `pen` draws `cell`."""
        if cell is None or pen is None:
            return False
        if cell[1].attrs == _BLANK:
            return pen.bg == cell[1].bg and not pen.attrs & _INKED
        return cell[1] == pen

    def _pen(self, pen: Pen) -> None:
        if pen != self._out_pen:
            self._out.append(sgr_change(self._out_pen, pen))
            self._out_pen = pen

    def _finish(self) -> None:
        """End a chunk with the terminal's cursor and style where the app left them."""
        self._send_feed()
        self._sync()


def _compact_driver() -> type[Any]:
    from textual import events

    from tui_naval.tui.textual_contract import linux_driver_base

    class CompactDriver(linux_driver_base()):  # type: ignore[misc]
        """Textual's Linux driver, sending only what changes on screen."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            #: The app's event loop (the driver is made in it).
            self.event_loop = asyncio.get_running_loop()
            # A gone terminal does not stop the app.
            self.wrap_output(lambda stream: cast(Any, TerminalFile(stream)))
            self.rewriter = Rewriter()
            self._lock = threading.Lock()
            self._resized = False

        def write(self, data: str) -> None:
            with self._lock:
                if self._resized:
                    self._resized = False
                    self.rewriter.forget()
                data = self.rewriter.rewrite(data, self._size_now())
            if data:
                super().write(data)

        def _size_now(self) -> tuple[int, int]:
            try:
                size = os.get_terminal_size(self.fileno)
            except (OSError, ValueError):
                # (As Textual's driver measures the terminal.)
                size = shutil.get_terminal_size()
            return size.columns or 80, size.lines or 25

        def process_message(self, message: Any) -> None:
            if isinstance(message, events.Resize):
                self._resized = True  # an in-band resize: the screen may have changed
            super().process_message(message)

        def sigcont(self) -> None:
            """On SIGCONT (the terminal resumed, or the kernel waking the game as its
            terminal goes), resume application mode from the event loop.  Textual does it in
            the signal handler, in the middle of whatever the main thread was doing: in a
            write it waited for the lock that write held, for ever, and the SIGHUP that
            followed was never handled."""
            self.event_loop.call_soon_threadsafe(self._resume_if_suspended)

        def _resume_if_suspended(self) -> None:
            """Resume application mode if SIGTSTP suspended it (Textual's driver marks that
            it must say so once resumed, and clears the mark as it resumes).  A SIGCONT
            that follows no suspension (the kernel's, as the terminal goes) changes nothing:
            starting application mode again would start a second writer and input thread,
            the first ones forgotten but running, and the app could not stop them as it
            left."""
            if self.suspended_by_sigtstp:
                self.resume_application()

        def start_application_mode(self) -> None:
            with self._lock:
                self.rewriter = Rewriter()
            super().start_application_mode()

    return CompactDriver


CompactDriver: type[Any] = _compact_driver() if os.name == "posix" else type(None)


def driver_class() -> type[Any] | None:
    """The driver for ``App(driver_class=...)``: `CompactDriver`; None (Textual's choice)
    off POSIX, or where ``$TEXTUAL_DRIVER`` names one (Textual's own Linux driver, should a
    terminal draw wrongly with this one; its web driver, in a browser)."""
    if os.name != "posix" or os.environ.get("TEXTUAL_DRIVER"):
        return None
    return CompactDriver
