"""The search's helper: a second process that plays part of a decision's worlds.

A search is CPU-bound Python, so one process uses one core.  With ``workers=2`` the
search hands the same decision to a helper process, which plays its own share of the
rounds in its own sampled worlds (its own seed) on the machine's other core, and the
two tallies are added up: twice the rollouts in the same time (root parallelism).

The helper is one process for the whole program, started on the first search that
wants it (``spawn``: the game runs threads, which a fork would copy half-held), and
kept: the search's work there keeps its advisor's answers from one decision to the next
as the search's does.  The helper runs whatever work the search hands it (a
module-level function it finds by name: ``search.search_share``), so it imports no
search.  A search never waits for it past its own budget: a share that is late, or a
helper that failed to start or died, is left out, and the search answers on its own
rollouts.  The helper ignores the terminal's interrupt (the program decides when to
stop) and ends with the program, even one killed outright (it watches its parent).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")

#: Processes a search may use on this machine (a helper only where there is a second core).
CORES = os.cpu_count() or 1

_pool: ProcessPoolExecutor | None = None
_broken = False
#: Whether multiprocessing's resource tracker runs (``prepare``).
_prepared = False


def submit(work: Callable[..., T], *args: Any) -> Future[T] | None:
    """Start ``work(*args)`` in the helper (a search's share: the work a module-level
    function, its arguments what the helper needs of the decision and its deadline).
    None where there is no helper (one core, or it could not be started)."""
    global _pool, _broken
    if _broken or CORES < 2:
        return None
    if not _prepared:
        if threading.current_thread() is not threading.main_thread():
            return None  # (a TUI prepares it in its main thread once its screen is drawn)
        prepare()
    # The pool's machinery is imported with the first search that wants it, not with
    # the program (a launch draws its first frame without it).
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    from multiprocessing.util import Finalize

    try:
        if _pool is None:
            _pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_quiet)
            # Let it go as the process ends, before multiprocessing closes the pool's
            # queues (priority 10): a worker process of another pool (a bench's) ends by
            # joining its children, and would wait on a helper never told to stop.
            Finalize(_pool, _pool.shutdown, kwargs={"cancel_futures": True},
                     exitpriority=100)
        return _pool.submit(work, *args)
    except (BrokenProcessPool, OSError, RuntimeError, ValueError):
        _broken = True
        return None


def prepare() -> None:
    """Start multiprocessing's resource tracker now, in the main thread, with the
    program's own stderr: the tracker is started with stderr's file descriptor, and a
    Textual app's stand-in for ``sys.stderr`` has none (the pool's first lock would fail
    with "bad value(s) in fds_to_keep" in the AI's worker thread).  An app calls it once
    its first screen is drawn (starting a process meanwhile slows the first frame)."""
    global _prepared
    if CORES >= 2 and not _prepared:
        import sys
        from multiprocessing import resource_tracker

        stand_in, sys.stderr = sys.stderr, sys.__stderr__
        try:
            resource_tracker.ensure_running()
        finally:
            sys.stderr = stand_in
        _prepared = True


def collect(future: Future[T], timeout: float | None) -> T | None:
    """The helper's answer, waiting at most ``timeout`` seconds (None: as long as it
    takes); None if it is late or the helper failed (it is not asked again)."""
    global _broken
    from concurrent.futures.process import BrokenProcessPool

    try:
        return future.result(timeout=timeout)
    except TimeoutError:
        return None
    except (BrokenProcessPool, OSError, RuntimeError):
        _broken = True
        return None


def _quiet() -> None:
    """The helper's start: the terminal's Ctrl+C is the program's to handle, not its; and
    it ends when the program does, however that ends (killed, its connection dropped:
    nothing else would tell it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="helper-watch", daemon=True).start()
