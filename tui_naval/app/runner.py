"""How a match runs what must not hold up its views: a seat's thinking, off their thread,
and a pause, as a timer on it.

A view hands the match a ``Runner``: the Textual screens one that thinks in a worker
thread and times with the screen's timers; tests and scripts a ``QueuedRunner``, which
does the same work one step at a time on a clock of its own, so a whole game is played
through the match with no thread and no waiting.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

T = TypeVar("T")

#: Whether the work in hand has been called off (a thinking seat looks now and then).
Stopped = Callable[[], bool]


class Handle(Protocol):
    """Work handed to a runner, which can be called off."""

    def cancel(self) -> None: ...


class Runner(Protocol):
    """Runs a match's thinking and its timers."""

    def think(self, job: Callable[[Stopped], T], done: Callable[[T], None]) -> Handle:
        """Run ``job`` off the views' thread; then ``done`` with its result on it, unless
        the work was called off meanwhile."""
        ...

    def later(self, seconds: float, then: Callable[[], None]) -> Handle:
        """Call ``then`` on the views' thread in ``seconds``, unless called off."""
        ...


class Pending:
    """A step a ``QueuedRunner`` holds, until it is run or called off."""

    def __init__(self, at: float, run: Callable[[], None]) -> None:
        self.at = at
        self.run = run
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class QueuedRunner:
    """A runner with no thread and no real time: ``think`` and ``later`` queue their work,
    and ``run`` does it in order (a pause moves the runner's clock on, instantly), until
    none is left or ``limit`` steps have run."""

    def __init__(self) -> None:
        self.now = 0.0
        self._queue: list[Pending] = []
        #: How many steps have run (the work counted, where a test would time it).
        self.steps = 0

    def clock(self) -> float:
        """The runner's clock (seconds), for the match's pace."""
        return self.now

    def think(self, job: Callable[[Stopped], T], done: Callable[[T], None]) -> Pending:
        def step() -> None:
            result = job(lambda: pending.cancelled)
            if not pending.cancelled:
                done(result)

        pending = Pending(self.now, step)
        self._queue.append(pending)
        return pending

    def later(self, seconds: float, then: Callable[[], None]) -> Pending:
        pending = Pending(self.now + max(0.0, seconds), then)
        self._queue.append(pending)
        return pending

    @property
    def idle(self) -> bool:
        return not any(not p.cancelled for p in self._queue)

    def run(self, limit: int = 100_000) -> int:
        """Do the queued work, the earliest first, until there is none (or ``limit`` steps
        ran); how many steps ran."""
        ran = 0
        while ran < limit:
            self._queue = [p for p in self._queue if not p.cancelled]
            if not self._queue:
                break
            first = min(self._queue, key=lambda p: p.at)
            self._queue.remove(first)
            self.now = max(self.now, first.at)
            first.run()
            ran += 1
            self.steps += 1
        return ran
