"""The server's parts on their own: limits, the players' book, duels."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tui_naval.app.session import load_session
from tui_naval.core.history import Game
from tui_naval.core.saves import get_converter
from tui_naval.rulesets import find_ruleset
from tui_naval.serve.duel import Duel, DuelError, new_setup
from tui_naval.serve.limits import Limits, RateLimiter, SessionCount
from tui_naval.serve.players import BadName, Book
from tui_naval.tui.modes.duel import duel_match


def test_rate_limiter_slides() -> None:
    now = [0.0]
    limiter = RateLimiter(2, 60.0, clock=lambda: now[0])
    assert limiter.allow("a") and limiter.allow("a")
    assert not limiter.allow("a")
    assert limiter.allow("b")  # each address on its own
    now[0] = 59.9
    assert not limiter.allow("a")
    now[0] = 60.0
    assert limiter.allow("a")


def test_session_count() -> None:
    count = SessionCount(Limits(sessions=3, per_address=2))
    count.open("a")
    count.open("a")
    assert count.refusal("a") is not None and count.refusal("b") is None
    count.open("b")
    assert "full" in (count.refusal("c") or "")
    count.close("a")
    assert count.refusal("a") is None and count.total == 2


def test_book_names_and_keys(tmp_path: Path) -> None:
    book = Book(tmp_path)
    assert book.player_for_key("SHA256:x") is None
    alice = book.register("Alice", "SHA256:x", "ssh-ed25519 AAAA")
    assert book.player_for_key("SHA256:x") == alice
    for name, why in (("alice", "taken"), ("a", "2 to 16"), ("guest-9", "kept"),
                      ("1abc", "starting with a letter"), ("x" * 17, "2 to 16")):
        with pytest.raises(BadName, match=why):
            book.register(name, "SHA256:y", "ssh-ed25519 BBBB")
    with pytest.raises(BadName, match="already belongs"):
        book.register("Other", "SHA256:x", "ssh-ed25519 AAAA")
    book.close()
    again = Book(tmp_path)  # kept on disk
    assert again.player_for_key("SHA256:x") == alice
    again.close()


def make_duel(tmp_path: Path, ruleset: str = "salt-n-tar") -> tuple[Duel, Book]:
    book = Book(tmp_path)
    a = book.register("Ann", "k1", "key1")
    b = book.register("Ben", "k2", "key2")
    setup = new_setup(ruleset, seed=7)
    first, second = Game(find_ruleset(setup.ruleset), setup).state.sides
    duel_id = book.new_duel(get_converter().unstructure(setup), {first: a.id, second: b.id})
    record = book.duel(duel_id)
    assert record is not None
    folders = {first: tmp_path / "ann", second: tmp_path / "ben"}
    return Duel(record, {first: "Ann", second: "Ben"}, folders), book


def test_duel_takes_only_the_deciding_sides_next_order(tmp_path: Path) -> None:
    duel, book = make_duel(tmp_path)
    decision = duel.game.decision()
    assert decision is not None
    other = next(s for s in duel.sides if s != decision.side)
    first = str(decision.options[0])
    with pytest.raises(DuelError, match="not"):
        duel.play(other, 0, first)  # not the other side's decision
    with pytest.raises(DuelError, match="not the next one"):
        duel.play(decision.side, 1, first)
    with pytest.raises(DuelError, match="not a legal order"):
        duel.play(decision.side, 0, "B1 fly away")
    for side in duel.sides:
        duel.start_message(side)
    duel.play(decision.side, 0, first)
    assert duel.news(decision.side) == {"t": "order", "from": 0, "orders": [first]}
    assert duel.keep(book) is None
    for side, folder in zip(duel.sides, (tmp_path / "ann", tmp_path / "ben"), strict=True):
        session = load_session(folder / f"duel-{duel.id}.json")  # a normal save, both human
        hidden = decision.plotted and side != decision.side  # (see test_duel_secrecy)
        assert [str(o) for o in session.game.orders] == ([] if hidden else [first])
        assert set(session.seats.values()) == {"human"}
    record = book.duel(duel.id)
    assert record is not None and record.orders == (first,)
    book.close()


def test_duel_needs_a_known_ruleset() -> None:
    with pytest.raises(DuelError):
        new_setup("no-such-rules")


def test_duel_played_to_its_end_is_kept(tmp_path: Path) -> None:
    duel, book = make_duel(tmp_path, "salamis")
    while not duel.over:
        decision = duel.game.decision()
        assert decision is not None
        duel.play(decision.side, len(duel.game.orders), str(decision.options[0]))
    assert duel.waiting_on() is None
    assert duel.keep(book) is None
    with pytest.raises(DuelError, match="over"):
        duel.play(duel.sides[0], len(duel.game.orders), "anything")
    record = book.duel(duel.id)
    assert record is not None and record.over
    assert book.open_duels(record.seats[duel.sides[0]]) == []
    session = load_session(tmp_path / "ann" / f"duel-{duel.id}.json")
    assert session.game.state.outcome is not None
    book.close()


@pytest.mark.parametrize(("mode", "first", "player"), [
    ("play", {"t": "hello", "name": "anne"}, "anne"),
    ("continue", {"t": "hello", "name": "bob"}, "bob"),
    ("lobby", {"t": "lobby", "me": "anne"}, ""),
])
def test_a_players_own_game_knows_her_name(monkeypatch: pytest.MonkeyPatch, mode: str,
                                           first: dict[str, object], player: str) -> None:
    """The game a player starts from the lobby is told her name (her voyages' captain)."""
    from tui_naval.serve import app, child

    configs = []
    monkeypatch.setattr(app, "run_served", lambda config, *_, **__: configs.append(config))
    child.run(mode, None, first)  # type: ignore[arg-type]
    assert [c.player for c in configs] == [player]


def test_a_game_under_a_nohup_server_still_hangs_up() -> None:
    """A server started with ``nohup`` hands its games SIGHUP ignored: a game takes the
    default back as it starts (its own handler, which saves first, follows)."""
    import signal

    from tui_naval.serve.child import take_terminal

    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        take_terminal()
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_DFL
    finally:
        signal.signal(signal.SIGHUP, before)


def test_a_player_back_in_a_duel_sees_the_clock_the_other_player_sees(tmp_path: Path) -> None:
    """The duel's clock runs at the referee: a player who comes back is handed how long
    the decision has waited, not a clock started afresh (1:15 against 0:04)."""
    duel, _book = make_duel(tmp_path)
    now = [100.0]
    duel.clock = lambda: now[0]
    duel.since = now[0]
    now[0] += 75.0
    side = duel.sides[0]
    assert duel.start_message(side)["waited"] == 75.0
    decision = duel.game.decision()
    assert decision is not None
    duel.play(decision.side, len(duel.game.orders), str(decision.options[0]))
    now[0] += 4.0
    assert duel.start_message(side)["waited"] == 4.0
    before = time.monotonic()
    made = duel_match({**duel.start_message(side), "waited": 75.0})
    after = time.monotonic()
    assert not isinstance(made, str)
    asked_at = made[1]._asked_at[1]
    assert before - 75.0 <= asked_at <= after - 75.0


def test_output_to_a_player_who_has_hung_up_is_dropped_and_the_game_told() -> None:
    """A game's output that reached a channel already closing (the player gone) raised
    BrokenPipeError in the event loop: two tracebacks in the server's log with 200
    players leaving at once (``bench/serve_load.py``).  It is dropped; the game is told to
    leave (SIGHUP, as on any hang-up)."""
    import signal

    from tui_naval.serve.server import GameSession

    class Closing:
        def write(self, data: bytes) -> None:
            raise BrokenPipeError("Channel not open for sending")

    class Child:
        def __init__(self) -> None:
            self.signals: list[int] = []

        def send_signal(self, number: int) -> None:
            self.signals.append(number)

    class Connection:
        address = source = "127.0.0.1"

    session = GameSession(None, Connection())  # type: ignore[arg-type]
    session.chan = Closing()  # type: ignore[assignment]
    session.child = child = Child()  # type: ignore[assignment]
    session.send(b"frame")
    session.send(b"another")
    assert session.chan is None and child.signals == [signal.SIGHUP]
