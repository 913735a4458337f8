"""The search's helper process: its share added up exactly, repeatable, left out when
late or missing, and gone with the program however the program ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve

from tui_naval.ai import search_helper
from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.search import (
    HELPER_MARGIN,
    SearchPlayer,
    SearchSettings,
    Tally,
    _Search,
)
from tui_naval.ai.seeds import stable_seed
from tui_naval.app.setup import new_game
from tui_naval.core.orders import Decision
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.state import GameState

pytestmark = pytest.mark.skipif(search_helper.CORES < 2, reason="a helper needs two cores")

SETTINGS = SearchSettings(iterations=40, seconds=None)


@pytest.fixture(autouse=True)
def fresh_helper(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts its own helper: the process-wide one may have been given up by
    an earlier test in this worker (a Pilot test's app holds ``sys.stderr``, and the
    helper cannot start there: it is left out, as it should be)."""
    monkeypatch.setattr(search_helper, "_pool", None)
    monkeypatch.setattr(search_helper, "_broken", False)
    search_helper.prepare()
    yield
    if search_helper._pool is not None:
        search_helper._pool.shutdown(cancel_futures=True)


def first_decision(ruleset: str = "kyngesreach",
                   map_name: str = "kr-duel") -> tuple[Ruleset[Any], GameState, Decision]:
    """A game's first decision, as its side sees it (whose options' rollouts differ)."""
    game = new_game(ruleset, map_name, 5, None)
    decision = game.ruleset.decision(game.state)
    assert decision is not None
    return game.ruleset, game.ruleset.observe(game.state, decision.side), decision


def greedy_decision(ruleset: str, map_name: str,
                    orders: int) -> tuple[Ruleset[Any], GameState, Decision]:
    """The decision after ``orders`` greedy orders of seed 5, as its side sees it."""
    game = new_game(ruleset, map_name, 5, None)
    greedy = GreedyPlayer(game.ruleset)
    while True:
        decision = game.ruleset.decision(game.state)
        assert decision is not None
        seen = game.ruleset.observe(game.state, decision.side)
        if len(game.orders) == orders:
            return game.ruleset, seen, decision
        game.play(greedy.choose(seen, decision))


def test_two_workers_add_the_helpers_share_to_the_searchs_own() -> None:
    """With two workers the answer is judged on both shares' rollouts added up: the
    search's own half at its seed, the helper's at a seed of its own, each widening as
    one search of both halves' rounds would, exactly as the two shares played one after
    the other in this process.  (A Ships & Sails aim of 39 hexes: more than a share of 20
    rounds would reach widening on its own.)"""
    rules, seen, decision = greedy_decision("ships-and-sails", "ss-duel", 8)
    assert decision.kind == "aim" and len(decision.options) == 39
    both = SearchPlayer(rules, evolve(SETTINGS, workers=2)).analyse(seen, decision)
    assert search_helper._pool is not None and not search_helper._broken  # it helped
    wide = evolve(SETTINGS, iterations=20, widening=SETTINGS.widening * 2 ** SETTINGS.alpha)
    own = SearchPlayer(rules, wide).tally(seen, decision)
    helper = SearchPlayer(rules, evolve(wide, seed=stable_seed(0, "helper")))
    theirs = helper.tally(seen, decision)
    assert both.iterations == own.iterations + theirs.iterations == 40
    visits = {row[0]: row[1] for row in own.rows}
    for row in theirs.rows:
        visits[row[0]] = visits.get(row[0], 0) + row[1]
    assert {v.order: v.visits for v in both.options if v.visits} == visits
    assert own.rows != theirs.rows  # worlds of its own, not the same ones twice
    narrow = SearchPlayer(rules, evolve(SETTINGS, iterations=20)).tally(seen, decision)
    assert len(own.rows) > len(narrow.rows)  # the shared widening reaches more rivals


def test_two_workers_with_a_budget_in_rollouts_answer_the_same_every_time() -> None:
    rules, seen, decision = first_decision()
    runs = [SearchPlayer(rules, evolve(SETTINGS, workers=2)).analyse(seen, decision)
            for _ in range(2)]
    assert runs[0].options == runs[1].options


def test_without_a_helper_the_search_plays_every_round_itself(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A helper that cannot be started leaves the search its whole budget: the same
    answer as one worker's."""
    monkeypatch.setattr(search_helper, "submit", lambda *args: None)
    rules, seen, decision = first_decision()
    alone = SearchPlayer(rules, evolve(SETTINGS, workers=2)).analyse(seen, decision)
    one = SearchPlayer(rules, SETTINGS).analyse(seen, decision)
    assert alone.options == one.options and alone.iterations == 40


def test_a_late_share_is_left_out() -> None:
    assert search_helper.collect(Future(), 0.01) is None


def test_a_share_scored_at_another_horizon_is_left_out() -> None:
    rules, seen, decision = first_decision()
    search = _Search(rules, seen, decision, SETTINGS)
    option = decision.options[0]
    search.absorb(Tally(search.horizon + 1, ((option, 5, 1.0, 5, 0.5, 0.1),), 5))
    assert search.iterations == 0 and search.stats[option].visits == 0
    search.absorb(Tally(search.horizon, ((option, 5, 1.0, 5, 0.5, 0.1),), 5))
    assert search.iterations == 5 and search.stats[option].visits == 5


class TickingClock:
    """A clock that moves on ``step`` seconds each time it is read, keeping its readings:
    the search reads it at every decision of a rollout, so its time is work counted."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.readings: list[float] = []

    def __call__(self) -> float:
        self.readings.append((len(self.readings) + 1) * self.step)
        return self.readings[-1]


def test_a_timed_search_with_a_helper_answers_within_its_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The search stops at the first reading of its clock past its limit, then waits for
    its helper's share no longer than the margin, and the helper is told to be done by
    then: its time counted in clock readings (a loaded machine's speed does not matter)."""
    limit, step = 0.25, 0.001
    submitted: list[float | None] = []
    waits: list[float | None] = []
    real_submit, real_collect = search_helper.submit, search_helper.collect

    def submit(work: Callable[..., Tally], ruleset: str, state: GameState, decision: Decision,
               settings: SearchSettings, deadline: float | None) -> Future[Tally] | None:
        submitted.append(deadline)
        return real_submit(work, ruleset, state, decision, settings, deadline)

    def collect(future: Future[Tally], timeout: float | None) -> Tally | None:
        waits.append(timeout)
        return real_collect(future, timeout)

    monkeypatch.setattr(search_helper, "submit", submit)
    monkeypatch.setattr(search_helper, "collect", collect)
    rules, seen, decision = first_decision()
    clock = TickingClock(step)
    player = SearchPlayer(rules, SearchSettings(iterations=5_000, seconds=limit, workers=2),
                          clock=clock)
    before = time.time()
    analysis = player.analyse(seen, decision)
    after = time.time()
    started = clock.readings[0]
    late = [t for t in clock.readings if t >= started + limit]
    # One reading found the limit passed (the rollout in hand is left out), one measured
    # what was left for the helper (nothing), one the answer's time: no rollout after it.
    assert len(late) == 3
    assert analysis.seconds == pytest.approx(limit + 2 * step)
    assert analysis.iterations > 0
    # The helper was told to answer by the search's own end, less the margin, and its
    # share was waited for no longer than the margin past the limit.
    (deadline,) = submitted
    assert deadline is not None
    assert before + limit - HELPER_MARGIN <= deadline <= after + limit - HELPER_MARGIN
    assert waits == [pytest.approx(HELPER_MARGIN)]


SCRIPT = """
import os, signal, sys
from tui_naval.ai import search_helper
from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.ai.search import SearchPlayer, SearchSettings
from tui_naval.app.setup import new_game

if __name__ == "__main__":
    game = new_game("salamis", "salamis-duel", 5, None)
    decision = game.ruleset.decision(game.state)
    seen = game.ruleset.observe(game.state, decision.side)
    SearchPlayer(game.ruleset, SearchSettings(iterations=4, seconds=None, workers=2)).analyse(
        seen, decision)
    print(*search_helper._pool._processes, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/stat").exists() and " Z " not in Path(
        f"/proc/{pid}/stat").read_text()


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_the_helper_ends_when_the_program_is_killed(tmp_path: Path) -> None:
    """A program killed outright (a dropped connection's server, ``kill -9``) leaves no
    helper behind."""
    script = tmp_path / "killed.py"
    script.write_text(SCRIPT)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == -signal.SIGKILL
    helpers = [int(pid) for pid in done.stdout.split()]
    assert helpers
    # The helper looks for its parent every half second: 30 s only bounds the wait for
    # it to go (on a loaded machine it may be late), it times nothing.
    waited = time.monotonic()
    while any(alive(pid) for pid in helpers) and time.monotonic() - waited < 30:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in helpers)


NESTED = """
from concurrent.futures import ProcessPoolExecutor

def job():
    from tui_naval.ai.search import SearchPlayer, SearchSettings
    from tui_naval.app.setup import new_game
    game = new_game("kyngesreach", "kr-duel", 5, None)
    decision = game.ruleset.decision(game.state)
    seen = game.ruleset.observe(game.state, decision.side)
    player = SearchPlayer(game.ruleset, SearchSettings(iterations=8, seconds=None, workers=2))
    return player.analyse(seen, decision).iterations

if __name__ == "__main__":
    with ProcessPoolExecutor(1) as pool:
        print(pool.submit(job).result())
"""


def test_a_worker_of_another_pool_with_a_helper_ends(tmp_path: Path) -> None:
    """A bench's worker process that searched with a helper ends (it joins its children
    on the way out: the helper is let go first)."""
    script = tmp_path / "nested.py"
    script.write_text(NESTED)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["8"]


def test_a_helper_is_not_started_from_a_worker_thread_before_the_tracker_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A TUI starts multiprocessing's resource tracker in its main thread once its first
    screen is drawn (``prepare``); a search asked in a worker thread before that answers
    on its own, rather than start the tracker with the app's stand-in for stderr."""
    import threading

    monkeypatch.setattr(search_helper, "_prepared", False)
    monkeypatch.setattr(search_helper, "_pool", None)
    monkeypatch.setattr(search_helper, "_broken", False)
    results: list[object] = []
    worker = threading.Thread(target=lambda: results.append(search_helper.submit(max, 1, 2)))
    worker.start()
    worker.join(30)
    assert results == [None]
    assert not search_helper._prepared and not search_helper._broken
    assert search_helper._pool is None
