"""The line a game process may have to a server (``tui-naval serve``): what the lobby, a
duel and a watched game send to it and hear from it, as plain messages.

The views that need a server are handed one through this protocol (``ServerLine``); the
server's own module implements it, so nothing below the server imports it.
"""

from __future__ import annotations

from typing import Any, Protocol

#: A message on the line: a JSON object, its kind under ``"t"``.
Message = dict[str, Any]


class Listener(Protocol):
    """What hears the server's messages (the screen on show)."""

    def link_message(self, message: Message) -> None: ...


class ServerLine(Protocol):
    """The line to the server: send a message; have a listener hear the server's."""

    def send(self, message: Message) -> None: ...

    def listen(self, listener: Listener) -> None:
        """Send the server's messages to ``listener`` from now on (and those held)."""
        ...

    def forget(self, listener: Listener) -> None:
        """``listener`` has closed: hold the messages until the next one listens."""
        ...
