"""Nothing hidden leaves a duel's referee: a player's game process, the duel's saves and
the watchers get only what each may know; both players' games follow the referee's.

Played on the lobby and the referee themselves (no SSH), with each seat's link a list of
the messages the lobby sends it, and each player's game the duel's own match and mode
(``duel_match``) fed those messages, as the served game process is.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui_naval.app.happened import Asked, Happening, Played, Quiet, Stopped, Warned
from tui_naval.app.match import Match
from tui_naval.app.session import Session, load_session
from tui_naval.core.engine import HIDDEN, observe
from tui_naval.core.history import Game
from tui_naval.core.saves import get_converter, state_digest
from tui_naval.rulesets import find_ruleset
from tui_naval.serve.app import ServedApp
from tui_naval.serve.duel import Duel, new_setup
from tui_naval.serve.lobby import Lobby, Seat, player_folder
from tui_naval.serve.players import Book
from tui_naval.tui.modes.duel import DuelMode, duel_match

#: A ruleset whose sides plot in turn (blue's ship, then red's), hidden until both have.
PLOTTED = "ships-and-sails"


class Link:
    """A seat's link: the messages the lobby sends, kept."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(json.loads(json.dumps(message)))  # as the wire carries it

    def take(self) -> list[dict[str, Any]]:
        taken, self.sent = self.sent, []
        return taken


def make_duel(tmp_path: Path, ruleset: str = PLOTTED, seed: int = 1
              ) -> tuple[Lobby, Duel, dict[str, Seat]]:
    """A lobby with a duel in play: Ann (blue, who plots first) and Ben at their seats."""
    book = Book(tmp_path)
    lobby = Lobby(book, tmp_path, can_continue=lambda seat: False)
    players = [book.register(name, f"k{name}", f"key{name}") for name in ("Ann", "Ben")]
    setup = new_setup(ruleset, seed=seed)
    sides = Game(find_ruleset(setup.ruleset), setup).state.sides
    duel_id = book.new_duel(get_converter().unstructure(setup),
                            {side: p.id for side, p in zip(sides, players, strict=True)})
    seats = {}
    for number, (side, player) in enumerate(zip(sides, players, strict=True), 1):
        seat = Seat(number, "127.0.0.1", player.name, player, False,
                    player_folder(tmp_path, player.id), mode="duel", target=str(duel_id))
        seat.link = Link()  # type: ignore[assignment]
        lobby.join(seat)
        seats[side] = seat
    duel = lobby.duel(duel_id)
    assert duel is not None
    return lobby, duel, seats


def link(seat: Seat) -> Link:
    assert isinstance(seat.link, Link)
    return seat.link


def play(lobby: Lobby, seat: Seat, duel: Duel, text: str) -> None:
    lobby.handle(seat, {"t": "play", "index": len(duel.game.orders), "order": text})


def test_the_other_side_hears_of_a_plot_only_once_it_is_revealed(tmp_path: Path) -> None:
    lobby, duel, seats = make_duel(tmp_path)
    blue, red = duel.sides
    for seat in seats.values():
        start = lobby.opened(seat)
        assert start["t"] == "duel" and start["orders"] == [] and not start.get("seen")
        link(seat).take()
    plot = []
    while (decision := duel.game.decision()) is not None and decision.side == blue:
        plot.append(str(decision.options[-1]))
        play(lobby, seats[blue], duel, plot[-1])
        heard = json.dumps(link(seats[red]).take())
        for text in plot:  # not in any message red's game process is sent
            assert text not in heard
        assert f'"{decision.ship} {HIDDEN}"' in heard  # only that the ship has plotted
    assert len(plot) >= 2
    decision = duel.game.decision()
    assert decision is not None and decision.side == red
    while duel.game.held():  # red plots: blue is not told red's plot either
        link(seats[blue]).take()
        link(seats[red]).take()
        decision = duel.game.decision()
        assert decision is not None and decision.side == red
        mine = str(decision.options[0])
        play(lobby, seats[red], duel, mine)
        if duel.game.held():
            assert mine not in json.dumps(link(seats[blue]).sent)
    # The step has closed: each side is told every order from its first hidden one on.
    for side, first in ((red, 0), (blue, len(plot))):
        (news,) = link(seats[side]).take()
        assert news["from"] == first
        assert news["orders"] == [str(o) for o in duel.game.orders[first:]]


def test_a_duel_save_written_mid_plot_holds_only_what_its_player_may_know(
        tmp_path: Path) -> None:
    lobby, duel, seats = make_duel(tmp_path)
    blue, red = duel.sides
    decision = duel.game.decision()
    assert decision is not None and decision.plotted and decision.side == blue
    order = str(decision.options[-1])
    play(lobby, seats[blue], duel, order)  # (the lobby keeps the duel after each order)
    red_save = load_session(seats[red].saves / f"duel-{duel.id}.json")
    assert red_save.game.orders == ()  # loads to the point before blue's plot
    assert red_save.game.state.plotted == ()
    blue_save = load_session(seats[blue].saves / f"duel-{duel.id}.json")
    assert [str(o) for o in blue_save.game.orders] == [order]  # her own plot, hers
    record = lobby.book.duel(duel.id)
    assert record is not None and record.orders == (order,)  # the book keeps it all


def test_watchers_see_the_revealed_game(tmp_path: Path) -> None:
    lobby, duel, seats = make_duel(tmp_path)
    blue, _ = duel.sides
    carol = Seat(9, "127.0.0.1", "Carol", None, True, tmp_path / "carol", mode="watch",
                 target=f"d{duel.id}")
    carol.link = Link()  # type: ignore[assignment]
    lobby.join(carol)
    decision = duel.game.decision()
    assert decision is not None
    order = str(decision.options[-1])
    play(lobby, seats[blue], duel, order)
    (watched,) = [m for m in link(carol).take() if m["t"] == "watched"]
    assert watched["doc"]["orders"] == [] and watched["doc"]["snapshot"]["plotted"] == []
    assert order not in json.dumps(watched)
    assert lobby.opened(carol)["doc"]["orders"] == []


def test_a_served_game_publishes_only_its_revealed_part() -> None:
    setup = new_setup(PLOTTED, seed=1)
    game = Game(find_ruleset(setup.ruleset), setup)
    decision = game.decision()
    assert decision is not None and decision.plotted
    game.play(decision.options[-1])  # the player's plot, hidden from the AI (and watchers)
    sent: list[dict[str, Any]] = []
    session = Session(game, {side: "human" for side in game.state.sides})
    app = SimpleNamespace(match=SimpleNamespace(session=session), _live_key=None,
                          send=sent.append)
    ServedApp.publish(app)  # type: ignore[arg-type]
    (message,) = sent
    assert message["doc"]["orders"] == [] and message["doc"]["snapshot"]["plotted"] == []


# -- both players' games follow the referee ---------------------------------------------------

class Player:
    """A player's game process: the duel's match and mode, fed the lobby's messages, its
    player answering each prompt at random."""

    def __init__(self, lobby: Lobby, seat: Seat, rng: random.Random) -> None:
        self.lobby, self.seat, self.rng = lobby, seat, rng
        found = duel_match(lobby.opened(seat))
        assert not isinstance(found, str), found
        self.match: Match = found[0]
        self.mode: DuelMode = found[1]
        self.side = self.mode.side
        self.asked: Asked | None = None
        self.quiet = False
        link(seat).take()
        self.match.listen(self.happened)
        self.match.advance()

    def happened(self, happening: Happening) -> None:
        if isinstance(happening, Asked):
            self.asked = happening
        elif isinstance(happening, Quiet):
            self.quiet = True
        elif isinstance(happening, (Stopped, Warned)):
            raise AssertionError(happening)
        elif isinstance(happening, Played) and happening.move.here:  # as DuelMode sends it
            self.lobby.handle(self.seat, {"t": "play", "index": happening.move.index,
                                          "order": str(happening.move.order)})

    def hear(self, duel: Duel) -> bool:
        """Take the lobby's messages, checking that none tells an order hidden from this
        side; whether there were any."""
        messages = link(self.seat).take()
        for message in messages:
            assert_nothing_hidden(message, duel, self.side)
            if message["t"] == "order":  # (the others are for the screen: who is here)
                self.mode.link_message(message)
        return bool(messages)

    def act(self) -> bool:
        if self.quiet:
            self.quiet = False
            self.match.go_on()
            return True
        asked, self.asked = self.asked, None
        if asked is None or asked.question.number != self.match.version:
            return False
        self.match.answer(self.rng.choice(asked.question.decision.options), asked.question)
        return True


def assert_nothing_hidden(message: dict[str, Any], duel: Duel, side: str) -> None:
    """``message`` tells ``side`` no order of the other side held in the referee's plot."""
    game = duel.game
    hidden = {i for i in game.held() if game.side_of(i) != side}
    start = message.get("from", 0)
    for index, _ in enumerate(message.get("orders", []), start):
        assert index not in hidden
    if message.get("index") in hidden:  # (one order alone)
        assert message["order"].split()[1] == HIDDEN
    ours = {ship.id for ship in game.state.ships if ship.side == side}
    for position in message.get("seen", []):
        if position["index"] in hidden:
            assert position["order"].split()[1] == HIDDEN
        for order in position["state"]["plotted"]:
            assert order["ship"] in ours or order["verb"] == HIDDEN
        decision = position["decision"]
        if decision is not None and decision["side"] != side:
            assert decision["options"] == []


def assert_follows(player: Player, duel: Duel) -> None:
    """The player's game is the referee's, as far as its side may know it."""
    game, referee = player.match.game, duel.game
    assert len(game.orders) == len(referee.orders)
    at = game.told_from
    if at is None:
        assert game.orders == referee.orders
        assert state_digest(game.state) == state_digest(referee.state)
        return
    assert game.orders[:at] == referee.orders[:at]
    assert at == len(referee.revealed(player.side).orders)
    assert state_digest(game.state) == state_digest(observe(referee.state, player.side))


def play_duel(tmp_path: Path, ruleset: str, seed: int, orders: int) -> int:
    """Play a duel to its end (or ``orders`` orders), checking both players' games at
    every pause; how often one held told positions."""
    lobby, duel, seats = make_duel(tmp_path, ruleset, seed)
    rng = random.Random(seed)
    players = [Player(lobby, seat, rng) for seat in seats.values()]
    hidden_seen = 0
    while not duel.over and len(duel.game.orders) < orders:
        while any([p.hear(duel) for p in players]):
            pass
        for player in players:
            assert_follows(player, duel)
            hidden_seen += player.match.game.told_from is not None
        assert any([p.act() for p in players]), "neither player is asked anything"
    while any([p.hear(duel) for p in players]):
        pass
    for player in players:
        assert_follows(player, duel)
    return hidden_seen


@pytest.mark.parametrize(("ruleset", "orders"), [(PLOTTED, 400), ("salt-n-tar", 400),
                                                 ("kyngesreach", 400), ("salamis", 120)])
def test_both_players_games_follow_the_referee(tmp_path: Path, ruleset: str,
                                               orders: int) -> None:
    """Through whole plotted turns, either side plotting first, to the end of the duel
    (Salamis: its first moves)."""
    assert play_duel(tmp_path, ruleset, 3, orders) > 0


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(1, 10_000), ruleset=st.sampled_from([PLOTTED, "salt-n-tar"]))
def test_random_duels_follow_the_referee(tmp_path_factory: pytest.TempPathFactory,
                                         seed: int, ruleset: str) -> None:
    play_duel(tmp_path_factory.mktemp("duel"), ruleset, seed, 200)
