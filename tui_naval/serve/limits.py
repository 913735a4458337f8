"""What keeps the server up under load: connection and session limits, the login rate
limit, the file descriptors they need, and a log that says a failure once a second.

The clock is passed in (``time.monotonic`` by default), so tests control it.
"""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from collections.abc import Callable

import attrs
from attrs import define, field

from tui_naval.core.values import frozen

Clock = Callable[[], float]

#: File descriptors the server keeps for itself (the listener, the database, the log...).
RESERVED_DESCRIPTORS = 64
#: File descriptors a game session holds in the server: its connection, its game's
#: pseudo-terminal and link, and the two more a game holds while it starts.
SESSION_DESCRIPTORS = 6


def ip_of(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``text`` read as an IP address, an IPv4 address written as IPv6 (``::ffff:a.b.c.d``)
    as the IPv4 one; None if it is not an address."""
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def source(address: str) -> str:
    """What connections from ``address`` are counted under: an IPv4 address itself, an
    IPv6 address its /64 (one host commonly has a whole /64 to pick addresses from)."""
    ip = ip_of(address)
    if ip is None:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@frozen
class Limits:
    """The server's limits; the command line sets them."""

    #: Game sessions (terminals) at once, in all.
    sessions: int = 32
    #: Game sessions at once from one address.
    per_address: int = 4
    #: Seconds without a key from the player before the session is closed (0: never).
    idle_timeout: float = 30 * 60
    #: Seconds a session may last, however busy (0: no limit).
    session_limit: float = 0.0
    #: Connections one address may open in ``login_window`` seconds.
    logins: int = 10
    login_window: float = 60.0
    #: Connections not yet logged in, in all and from one address (OpenSSH's MaxStartups
    #: and PerSourceMaxStartups): one more is closed as it is accepted.
    startups: int = 64
    startups_per_address: int = 8
    #: Seconds a connection has to log in (OpenSSH's LoginGraceTime).
    login_grace: float = 30.0
    #: Seconds a logged-in connection may go without a session (UnusedConnectionTimeout).
    unused_timeout: float = 60.0

    @property
    def connections(self) -> int:
        """Logged-in connections at once, in all: twice the sessions (a connection with
        no session counts too, until ``unused_timeout`` closes it)."""
        return 2 * self.sessions

    @property
    def connections_per_address(self) -> int:
        """Logged-in connections at once from one address."""
        return 2 * self.per_address

    def descriptors(self) -> int:
        """The file descriptors the server may need at these limits."""
        return (RESERVED_DESCRIPTORS + self.startups + self.connections
                + self.sessions * SESSION_DESCRIPTORS)

    def fitted(self, descriptors: int) -> Limits:
        """These limits, lowered where needed so that the server never needs more than
        ``descriptors`` file descriptors, and so that one address cannot take every
        connection not yet logged in."""
        limits = self
        room = descriptors - RESERVED_DESCRIPTORS
        if limits.descriptors() > descriptors:  # first the sessions, then the startups
            startups = max(2, min(limits.startups, room // 4))
            sessions = max(1, (room - startups) // (SESSION_DESCRIPTORS + 2))
            limits = attrs.evolve(limits, sessions=sessions, startups=startups,
                                  per_address=min(limits.per_address, sessions))
        if limits.startups_per_address >= limits.startups:
            limits = attrs.evolve(limits, startups_per_address=max(1, limits.startups // 2))
        return limits


class RateLimiter:
    """At most ``count`` events per key in any ``window`` seconds (a sliding window)."""

    def __init__(self, count: int, window: float, clock: Clock = time.monotonic) -> None:
        self.count = count
        self.window = window
        self.clock = clock
        self._seen: dict[str, deque[float]] = {}

    def allow(self, key: str) -> bool:
        """Count an event for ``key``; False (and not counted) when over the limit."""
        now = self.clock()
        times = self._seen.setdefault(key, deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.count:
            return False
        times.append(now)
        self._forget(now)
        return True

    def _forget(self, now: float) -> None:
        """Drop keys whose events have all left the window (the table stays small)."""
        if len(self._seen) < 1024:
            return
        for key in [k for k, t in self._seen.items() if not t or now - t[-1] >= self.window]:
            del self._seen[key]


@define
class Tally:
    """Things open at once, by address, against a cap in all and a cap per address."""

    cap: int
    per_address: int
    by_address: dict[str, int] = field(factory=dict)
    total: int = 0

    def full(self, address: str) -> bool:
        return self.total >= self.cap or self.by_address.get(address, 0) >= self.per_address

    def full_in_all(self) -> bool:
        return self.total >= self.cap

    def open(self, address: str) -> None:
        self.by_address[address] = self.by_address.get(address, 0) + 1
        self.total += 1

    def close(self, address: str) -> None:
        left = self.by_address.get(address, 0) - 1
        if left < 0:
            return
        self.total -= 1
        if left:
            self.by_address[address] = left
        else:
            del self.by_address[address]


class SessionCount:
    """The game sessions open, in all and by address, against ``Limits``."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.tally = Tally(limits.sessions, limits.per_address)

    @property
    def total(self) -> int:
        return self.tally.total

    def refusal(self, address: str) -> str | None:
        """Why one more session from ``address`` is refused (None: it may open)."""
        if self.tally.full_in_all():
            return (f"the server is full ({self.limits.sessions} games at once); "
                    "try again later")
        if self.tally.full(address):
            return (f"{self.limits.per_address} games at once from one address is the "
                    "limit here; close one first")
        return None

    def open(self, address: str) -> None:
        self.tally.open(address)

    def close(self, address: str) -> None:
        self.tally.close(address)


class Throttle:
    """Whether a failure of some kind may be logged now: at most once per ``every``
    seconds for each kind, with how many were left unsaid since."""

    def __init__(self, every: float = 1.0, clock: Clock = time.monotonic) -> None:
        self.every = every
        self.clock = clock
        self._last: dict[str, float] = {}
        self._unsaid: dict[str, int] = {}

    def allow(self, kind: str) -> int | None:
        """None: not now (counted); else say it, with this many like it left unsaid."""
        now = self.clock()
        last = self._last.get(kind)
        if last is not None and now - last < self.every:
            self._unsaid[kind] = self._unsaid.get(kind, 0) + 1
            return None
        if len(self._last) >= 1024:  # the table stays small: forget what is quiet
            for old in [k for k, t in self._last.items() if now - t >= self.every]:
                del self._last[old]
        self._last[kind] = now
        return self._unsaid.pop(kind, 0)
