"""Who is logged in at the web door: a cookie's token for each login.

A player logs in with her name and web password (set from the SSH lobby: the book's
``set_password``); where the server lets guests in, anyone may come as a guest, whose
folder (her games, her autosave) lasts as long as her login.  A login's token is the
value of an HttpOnly, SameSite=Strict cookie (``COOKIE``), kept in the server's memory
only: a restarted server has everyone log in again.

Tries are limited: every login (guest or not) counts in the server's rate of logins from
an address (the SSH port's, ``Host.logins``); password tries count besides per name
(``PER_NAME`` in ``NAME_WINDOW``), so that nobody can guess at one player's password
from many addresses.  A failed try always reads ``ERRORS["wrong"]``, whether the name exists, has
no web password or the password is wrong, and costs the same hashing.
"""

from __future__ import annotations

import asyncio
import secrets
import shutil
import time
from collections.abc import Callable
from pathlib import Path

from attrs import define, field

from tui_naval.serve.host import Host
from tui_naval.serve.limits import RateLimiter
from tui_naval.serve.passwords import LONGEST, verify
from tui_naval.serve.players import Player
from tui_naval.serve.session import PlayerSession

#: The cookie that carries a login's token.
COOKIE = "naval"
#: Seconds a login lasts.
LIFETIME = 12 * 3600.0
#: Password tries for one name in ``NAME_WINDOW`` seconds, from anywhere.
PER_NAME, NAME_WINDOW = 10, 600.0
#: The most logins held at once (the oldest go first).
MOST = 10_000
#: What a failed login says, by the word the front page is sent back with (``/?error=``).
ERRORS = {
    "wrong": "That name and password do not match a player with a web password.",
    "slow": "Too many logins from here or for that name: wait a few minutes.",
    "guests": "This server lets no guests in: log in with your name and password.",
    "form": "Give your name and your web password.",
}


@define(eq=False)
class Login:
    """One login: the player (None: a guest), her name, her guest folder, its end."""

    token: str
    name: str
    player: Player | None
    folder: Path | None
    ends: float
    #: Sessions open under it (a guest's folder stays until the last has ended; logging
    #: out ends them).
    sessions: set[PlayerSession] = field(factory=set)


class Logins:
    """The logins of one server."""

    def __init__(self, host: Host, clock: Callable[[], float] = time.monotonic) -> None:
        self.host = host
        self.clock = clock
        self.names = RateLimiter(PER_NAME, NAME_WINDOW, clock=clock)
        self.held: dict[str, Login] = {}

    def get(self, token: str | None) -> Login | None:
        """The login ``token`` is the cookie of (None: none, or it has ended)."""
        login = self.held.get(token or "")
        if login is not None and login.ends <= self.clock():
            self.drop(login)
            return None
        return login

    def _add(self, name: str, player: Player | None, folder: Path | None) -> Login:
        if len(self.held) >= MOST:
            self.sweep()
            while len(self.held) >= MOST:
                self.drop(min(self.held.values(), key=lambda login: login.ends))
        login = Login(secrets.token_urlsafe(32), name, player, folder,
                      self.clock() + LIFETIME)
        self.held[login.token] = login
        return login

    def guest(self, source: str) -> Login | str:
        """A guest's login, or why there is none (a key of ``ERRORS``)."""
        if not self.host.config.guests:
            return "guests"
        if not self.host.logins.allow(source):
            return "slow"
        return self._add(self.host.guest_name(), None, self.host.guest_folder())

    async def password(self, source: str, name: str, password: str) -> Login | str:
        """The login of the player ``name`` if ``password`` is hers, or why not (a key of
        ``ERRORS``)."""
        name, password = name.strip()[:64], password[:LONGEST * 4]
        if not self.host.logins.allow(source) or not self.names.allow(name.casefold()):
            return "slow"
        found = self.host.book.stored_password(name)
        if not await asyncio.to_thread(verify, password, found[1] if found else None) \
                or found is None:
            return "wrong"
        player = found[0]
        self.host.book.seen(player.id)
        return self._add(player.name, player, None)

    def drop(self, login: Login, why: str = "") -> None:
        """End a login (and its sessions, with ``why``, if one is given; a guest's folder
        goes with it once they have ended)."""
        self.held.pop(login.token, None)
        if why:
            for session in list(login.sessions):
                session.end(why)
        self.left(login)

    def left(self, login: Login) -> None:
        """A session of ``login`` has ended (or the login has): a guest's folder goes if
        it is no longer needed."""
        if login.folder is not None and not login.sessions and login.token not in self.held:
            shutil.rmtree(login.folder, ignore_errors=True)

    def sweep(self) -> None:
        """Drop the logins that have ended."""
        now = self.clock()
        for login in [login for login in self.held.values() if login.ends <= now]:
            self.drop(login)

    def close(self) -> None:
        """The server is stopping: every guest's folder goes."""
        for login in list(self.held.values()):
            self.drop(login)
