"""What every door of ``tui-naval serve`` shares (the SSH port, the web page): the
settings, the book of players, the lobby, the limits, and the sessions open.

A session at either door (``session.PlayerSession``) is counted in the same
``SessionCount`` (games in all and per address), logs in under the same rate
(``logins``), is ended by the same idle and session timeouts (``Host.close_idle``), and
is saved and stopped by the same shut-down.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import secrets
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from attrs import define, field

from tui_naval.core.values import frozen
from tui_naval.serve.limits import Limits, RateLimiter, SessionCount, Tally, Throttle
from tui_naval.serve.lobby import Lobby, Seat, player_folder
from tui_naval.serve.players import Book, Player

if TYPE_CHECKING:
    from tui_naval.serve.session import PlayerSession

log = logging.getLogger("tui_naval.serve")

#: How often idle sessions are looked for, in seconds (at most).
IDLE_CHECK = 5.0
#: The errors of a server out of something (file descriptors, memory, disk): said once a
#: second at most, in one line.
RESOURCE_ERRORS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM,
                             errno.ENOSPC, errno.EDQUOT})


@frozen
class ServeConfig:
    """What ``tui-naval serve`` was told."""

    data: Path
    host: str = "127.0.0.1"
    port: int = 2222
    guests: bool = False
    limits: Limits = field(factory=Limits)
    #: The Python that runs the game processes.
    python: str = sys.executable
    #: The port of the web door and the public pages (``serve.web``), or None: none.
    web_port: int | None = None
    #: The names the web door is known by besides localhost's (``--web-name``).
    web_names: tuple[str, ...] = ()


@define(eq=False)
class Host:
    """What every connection shares: the settings, the book, the lobby and the limits."""

    config: ServeConfig
    book: Book
    lobby: Lobby
    count: SessionCount
    logins: RateLimiter
    #: Connections not yet logged in, and those logged in.
    startups: Tally
    logged_in: Tally
    throttle: Throttle = field(factory=Throttle)
    sessions: set[PlayerSession] = field(factory=set)
    closing: bool = False
    _next_seat: int = 0
    _next_guest: int = 0

    @classmethod
    def make(cls, config: ServeConfig, book: Book, lobby: Lobby) -> Host:
        limits = config.limits
        return cls(config, book, lobby, SessionCount(limits),
                   RateLimiter(limits.logins, limits.login_window),
                   Tally(limits.startups, limits.startups_per_address),
                   Tally(limits.connections, limits.connections_per_address))

    def say(self, kind: str, message: str, *args: object, level: int = logging.INFO,
            exc_info: BaseException | None = None) -> None:
        """Log ``message`` unless something of its ``kind`` was logged in the last second
        (then it is counted, and the next one says how many went unsaid)."""
        unsaid = self.throttle.allow(kind)
        if unsaid is None:
            return
        if unsaid:
            message += f" (and {unsaid} more like it)"
        log.log(level, message, *args, exc_info=exc_info)

    def failed(self, kind: str, what: str, exc: BaseException) -> None:
        """Log a failure of some ``kind``: out of a resource, one line; else with its
        traceback (each once a second at most)."""
        if isinstance(exc, OSError) and exc.errno in RESOURCE_ERRORS:
            self.say(f"errno {exc.errno}", "%s: %s", what, exc.strerror or exc,
                     level=logging.ERROR)
        else:
            self.say(f"{kind} {type(exc).__name__}", "%s", what, level=logging.ERROR,
                     exc_info=exc)

    def loop_exception(self, loop: asyncio.AbstractEventLoop,
                       context: dict[str, Any]) -> None:
        """The event loop's exception handler: asyncio's accept loop says here that
        ``accept()`` had no file descriptor (and tries again a second later)."""
        exc = context.get("exception")
        message = str(context.get("message", "event loop error"))
        if isinstance(exc, BaseException):
            self.failed("event loop", message, exc)
        else:
            self.say("event loop", "%s", message, level=logging.ERROR)

    def seat_number(self) -> int:
        self._next_seat += 1
        return self._next_seat

    def guest_name(self) -> str:
        self._next_guest += 1
        return f"guest-{self._next_guest}"

    def guest_folder(self) -> Path:
        """A new guest's folder (with its ``saves``), removed when the guest leaves."""
        folder = self.config.data / "guests" / secrets.token_hex(8)
        (folder / "saves").mkdir(parents=True, exist_ok=True)
        return folder

    def guest_seat(self, number: int, address: str, name: str | None, folder: Path) -> Seat:
        """The seat of a guest called ``name``, in her folder (``guest_folder``)."""
        return Seat(number, address, name, None, True, folder)

    def player_seat(self, number: int, address: str, player: Player) -> Seat:
        """The seat of a registered player, in her own folder."""
        folder = player_folder(self.config.data, player.id)
        (folder / "saves").mkdir(parents=True, exist_ok=True)
        return Seat(number, address, player.name, player, False, folder)

    async def close_idle(self) -> None:
        """End sessions that have had no key for the idle timeout, or have lasted the
        session limit, until the server ends."""
        timeout = self.config.limits.idle_timeout
        most = self.config.limits.session_limit
        if timeout <= 0 and most <= 0:
            return
        every = min(IDLE_CHECK, *(t / 4 for t in (timeout, most) if t > 0))
        while not self.closing:
            await asyncio.sleep(every)
            now = time.monotonic()
            for session in list(self.sessions):
                if 0 < timeout <= now - session.last_input:
                    session.end(f"no key for {minutes(timeout)}: your game was saved")
                elif 0 < most <= now - session.started:
                    session.end(f"a session lasts {minutes(most)} at most here: your game "
                                "was saved")

    async def shut_down(self) -> None:
        """Stop every game (each autosaves) and end every session."""
        self.closing = True
        await asyncio.gather(*(s.shut_down() for s in list(self.sessions)),
                             return_exceptions=True)


def minutes(seconds: float) -> str:
    """``seconds`` said in minutes ("0.5 minutes", "1 minute")."""
    count = seconds / 60
    return f"{count:g} minute{'s' * (count != 1)}"
