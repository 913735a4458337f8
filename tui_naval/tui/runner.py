"""The match's runner on a Textual screen: a seat thinks in a worker thread of the screen's
(one at a time: a new one calls off the last), its answer comes back on the app's thread,
and the match's pauses are the screen's timers."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TypeVar

from textual.dom import DOMNode
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import Worker, get_current_worker

from tui_naval.app.runner import Stopped

T = TypeVar("T")


class TimerHandle:
    """A screen's timer as the match's ``Handle``."""

    def __init__(self, timer: Timer) -> None:
        self.timer = timer

    def cancel(self) -> None:
        self.timer.stop()


class WorkerRunner:
    """Runs a match's thinking in ``node``'s thread workers and its pauses on its timers."""

    #: The worker group of a match's thinking.
    GROUP = "ai"

    def __init__(self, node: DOMNode) -> None:
        self.node = node

    def think(self, job: Callable[[Stopped], T], done: Callable[[T], None]) -> Worker[None]:
        node = self.node
        app = node.app

        def deliver(result: T) -> None:
            # A screen taken off the app's stack (switched away from: a rematch, a load)
            # is still attached while Textual removes its widgets: its answer goes nowhere.
            if node.is_attached and (not isinstance(node, Screen) or node in app.screen_stack):
                done(result)

        def work() -> None:
            worker = get_current_worker()
            result = job(lambda: worker.is_cancelled)
            if not worker.is_cancelled:
                with contextlib.suppress(RuntimeError):  # the app is closing
                    app.call_from_thread(deliver, result)

        # (A failure in the thread is the app's, as one in its own: the game autosaved,
        # the crash log, one line.  An AI's own failure never gets here: ``consult``.)
        return self.node.run_worker(work, thread=True, exclusive=True, group=self.GROUP,
                                    exit_on_error=True)

    def later(self, seconds: float, then: Callable[[], None]) -> TimerHandle:
        return TimerHandle(self.node.set_timer(seconds, then))
