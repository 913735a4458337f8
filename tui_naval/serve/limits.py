"""What keeps the server up under load: session limits and the login rate limit.

The clock is passed in (``time.monotonic`` by default), so tests control it.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from attrs import define, field, frozen

Clock = Callable[[], float]


@frozen
class Limits:
    """The server's limits; the command line sets them."""

    #: Game sessions (terminals) at once, in all.
    sessions: int = 32
    #: Game sessions at once from one address.
    per_address: int = 4
    #: Seconds without a key from the player before the session is closed (0: never).
    idle_timeout: float = 30 * 60
    #: Connections one address may open in ``login_window`` seconds.
    logins: int = 10
    login_window: float = 60.0


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
class SessionCount:
    """The game sessions open, in all and by address, against ``Limits``."""

    limits: Limits
    by_address: dict[str, int] = field(factory=dict)

    @property
    def total(self) -> int:
        return sum(self.by_address.values())

    def refusal(self, address: str) -> str | None:
        """Why one more session from ``address`` is refused (None: it may open)."""
        if self.total >= self.limits.sessions:
            return (f"the server is full ({self.limits.sessions} games at once); "
                    "try again later")
        if self.by_address.get(address, 0) >= self.limits.per_address:
            return (f"{self.limits.per_address} games at once from one address is the "
                    "limit here; close one first")
        return None

    def open(self, address: str) -> None:
        self.by_address[address] = self.by_address.get(address, 0) + 1

    def close(self, address: str) -> None:
        left = self.by_address.get(address, 0) - 1
        if left > 0:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)
