"""The terminal as Textual's writer thread writes to it, surviving the terminal's end.

Textual's driver writes through a thread fed by a bounded queue (30 writes).  When the
terminal goes (a closed SSH connection, a killed tmux pane) a write or flush fails: the
thread dies, its queue fills, and the app's next writes, its last frame and the thread's
stop wait for ever, so the game never leaves (and never autosaves, if the hang-up is
handled after).  Written through a `TerminalFile`, the failed write is dropped and so is
everything after it: the thread lives on, draining its queue, and the app leaves as usual.
"""

from __future__ import annotations

from typing import Protocol


class TextStream(Protocol):
    """What the writer thread and the driver use of a terminal's text stream."""

    def write(self, text: str, /) -> int: ...
    def flush(self) -> None: ...
    def fileno(self) -> int: ...
    def isatty(self) -> bool: ...


class TerminalFile:
    """A text stream that drops what is written once a write or flush to it has failed."""

    def __init__(self, stream: TextStream) -> None:
        self._stream = stream
        #: The terminal has gone: nothing more is written.
        self.gone = False

    def write(self, text: str) -> None:
        if self.gone:
            return
        try:
            self._stream.write(text)
        except (OSError, ValueError):  # EIO, EPIPE; ValueError: the stream was closed
            self.gone = True

    def flush(self) -> None:
        if self.gone:
            return
        try:
            self._stream.flush()
        except (OSError, ValueError):
            self.gone = True

    def fileno(self) -> int:
        return self._stream.fileno()

    def isatty(self) -> bool:
        return self._stream.isatty()
