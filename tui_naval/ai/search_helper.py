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

import contextlib
import fcntl
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
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

#: Where a server's games find the search slots: ``COUNT:FOLDER``.
SLOTS_ENV = "TUI_NAVAL_SEARCH_SLOTS"
#: Seconds between the looks at the slots of the search first in the queue, and between
#: the other waiting searches' looks at the queue's door (``take_slot``).
SLOT_POLL = 0.01
DOOR_POLL = 0.1
#: When this process last gave a slot back (``turn``).
_released = 0.0
#: The niceness a server's game thinks at (``turn``, its AI's thread only): the cores'
#: scheduler then runs the players' keys and frames, in every game, before the admirals'
#: searches (which lose a few rollouts, not a frame).
SEARCH_NICE = 10


def slots_setting(folder: Path, count: int = CORES) -> str:
    """The value of ``$TUI_NAVAL_SEARCH_SLOTS`` a server hands its games: ``count`` slots
    (one a core) whose lock files are in ``folder``."""
    return f"{count}:{folder}"


def shared_slots() -> tuple[int, Path] | None:
    """The slots' count and folder when this process is a server's game, else None."""
    count, _, folder = os.environ.get(SLOTS_ENV, "").partition(":")
    if not count.isdigit() or int(count) < 1 or not folder:
        return None
    return int(count), Path(folder)


@contextlib.contextmanager
def turn(stop: Callable[[], bool] | None = None) -> Iterator[None]:
    """Hold a core's slot while the block runs, when this is a server's game (else at
    once).  It waits its turn for a free slot (``take_slot``); if ``stop()`` comes true
    meanwhile, it goes on without one (the search then stops at once)."""
    global _released
    slots = shared_slots()
    if slots is None:
        yield
        return
    think_gently()
    held = take_slot(*slots, stop)
    try:
        yield
    finally:
        if held is not None:
            os.close(held)  # (which releases its lock)
            _released = time.monotonic()


def think_gently() -> None:
    """Lower this thread's priority to ``SEARCH_NICE`` (Linux keeps one a thread), unless
    it is the main thread (the app's: its frames) or is lower already.  Once lowered it
    stays so (raising it back would need privileges): the AI's thread only thinks."""
    if threading.current_thread() is threading.main_thread():
        return
    with contextlib.suppress(OSError, AttributeError):
        thread = threading.get_native_id()
        if os.getpriority(os.PRIO_PROCESS, thread) < SEARCH_NICE:
            os.setpriority(os.PRIO_PROCESS, thread, SEARCH_NICE)


def take_slot(count: int, folder: Path, stop: Callable[[], bool] | None = None) -> int | None:
    """The open descriptor of a slot's lock file, locked (None if ``stop()`` came true
    first, or the slots cannot be opened: the search then runs without).

    The waiting games queue at a door (one more lock file): only the one through it looks
    at the slots, every ``SLOT_POLL`` seconds, and takes the first to come free; the others
    try the door every ``DOOR_POLL`` seconds (a look costs a game next to nothing, so
    hundreds can wait).  A process that has just given a slot back first leaves the one at
    the door a look, so a game whose admiral has many decisions in a row takes its turn
    with the others, not before them."""
    since = time.monotonic() - _released
    if since < 1.5 * SLOT_POLL:
        time.sleep(1.5 * SLOT_POLL - since)
    opened: list[int] = []
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        door = os.open(folder / "door", os.O_RDWR | os.O_CREAT, 0o600)
        opened.append(door)
        slots = []
        for number in range(count):
            slots.append(os.open(folder / f"slot-{number}", os.O_RDWR | os.O_CREAT, 0o600))
            opened.append(slots[-1])
    except OSError:
        for fd in opened:
            os.close(fd)
        return None
    won: int | None = None
    try:
        inside = False
        while True:
            inside = inside or locked(door)
            if inside:
                won = next((fd for fd in slots if locked(fd)), None)
                if won is not None:
                    return won
            if stop is not None and stop():
                return None
            time.sleep(SLOT_POLL if inside else DOOR_POLL * random.uniform(0.5, 1.5))
    finally:
        for fd in opened:
            if fd != won:
                os.close(fd)  # (the door's lock goes with it)


def locked(fd: int) -> bool:
    """Whether this process now holds ``fd``'s lock (taken if it was free)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def submit(work: Callable[..., T], *args: Any) -> Future[T] | None:
    """Start ``work(*args)`` in the helper (a search's share: the work a module-level
    function, its arguments what the helper needs of the decision and its deadline).
    None where there is no helper (one core, or it could not be started)."""
    global _pool, _broken
    if _broken or CORES < 2 or shared_slots() is not None:
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
    if CORES >= 2 and not _prepared and shared_slots() is None:
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
