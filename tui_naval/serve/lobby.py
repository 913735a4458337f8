"""The lobby: who is connected, what each plays, the games one may watch, challenges.

Every terminal session is a ``Seat``.  Its game processes (the lobby, the title screen, a
watch, a duel) each talk to the lobby over their link; the lobby answers, tells the
other seats what changed, and decides what each seat runs next (``Seat.go``: the
process is told to leave, and the server starts the next one).

Messages from a process (``t``): ``name`` (a first login's name), ``go`` (``play`` or
``continue``), ``watch`` (a game's id), ``challenge`` (a player and a ruleset),
``answer`` (to a challenge), ``resume`` (an open duel), ``live`` (the game it shows, as
a save's document), ``play`` (a duel's order), ``web_password`` (a registered player's
password for the web door, set or changed).  To a process: ``lobby`` (everything the
lobby screen shows), ``named``, ``password_set``, ``notice``, ``leave``, ``watched`` and
``gone`` (a watch), ``duel``, ``order``, ``presence`` and ``rejected`` (a duel).  A
password is hashed off the server's event loop (``Lobby.work``) and never logged.  Nothing
hidden leaves the lobby: a duel's player is told only what their side may know
(``Duel.news``), and a watcher is handed the game up to its first order hidden from
anyone.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from attrs import define, field

from tui_naval.serve.duel import Duel, DuelError, duel_rulesets, new_setup
from tui_naval.serve.link import Message, ServerLink
from tui_naval.serve.passwords import BadPassword, hash_password
from tui_naval.serve.players import BadName, Book, Player

log = logging.getLogger("tui_naval.serve")

#: What a seat may run: the lobby, the title screen, the autosave resumed, a watch, a duel.
MODES = ("lobby", "play", "continue", "watch", "duel")
#: Seconds the lobby's updates wait, so that those of joins and leaves close together go
#: out as one (``Lobby.later``) ...
COALESCE = 0.25
#: ... and more for each lobby shown: every update redraws every lobby, so a full server
#: (players arriving every second, each redrawing them all) would spend its cores
#: redrawing.  At most one lobby redrawn per this many seconds, on average: with 200
#: players in the lobby, their list of who is on board is four seconds behind at worst.
PER_LOBBY = 0.02


T = TypeVar("T")


class Work(Protocol):
    """``work(blocking, done)``: run ``blocking`` away from the event loop (it may take a
    core for a while: a password's hash), then ``done`` with its result on the loop."""

    def __call__(self, blocking: Callable[[], T], done: Callable[[T], None]) -> None: ...


def in_thread(loop: asyncio.AbstractEventLoop) -> Work:
    """The server's ``Lobby.work``: ``blocking`` in the loop's default thread pool, then
    ``done`` on the loop.  A ``blocking`` that fails is logged (the lobby's own do not
    fail: they return what went wrong); one cancelled as the loop closes is forgotten."""

    def work(blocking: Callable[[], T], done: Callable[[T], None]) -> None:
        def finished(future: asyncio.Future[T]) -> None:
            if future.cancelled():
                return
            error = future.exception()
            if error is not None:
                log.error("work in a thread failed", exc_info=error)
                return
            done(future.result())

        loop.run_in_executor(None, blocking).add_done_callback(finished)

    return work


def at_once(blocking: Callable[[], T], done: Callable[[T], None]) -> None:
    """``Lobby.work`` without a thread (tests): ``blocking``, then ``done``."""
    done(blocking())


def hashed_or_why(password: str) -> str | BadPassword:
    """(A thread's work.)  The text to store for ``password``, or why it cannot be set.
    The book is not touched here: its SQLite connection is the event loop's thread's."""
    try:
        return hash_password(password)
    except BadPassword as exc:
        return exc
    except Exception:  # (not the password: say so, and keep the reason for the log)
        log.exception("hashing a web password failed")
        return BadPassword("the server could not set it now; try again later")


def player_folder(data: Path, player_id: int) -> Path:
    """A registered player's own folder: their saves, their settings."""
    return data / "players" / str(player_id)


def has_game(saves: Path) -> bool:
    """Whether a saves folder has an autosaved game or a voyage under way (what the title
    screen's Continue resumes)."""
    from tui_naval.app.session import autosave_path
    from tui_naval.voyage.store import voyage_path

    return autosave_path(saves).is_file() or voyage_path(saves).is_file()


@define(eq=False)
class Seat:
    """One terminal session: who sits there, what it runs, and its link to it."""

    id: int
    address: str
    #: The player's name (None: a key seen for the first time, its name not chosen yet).
    name: str | None
    #: The registered player (None for a guest, or before the name is chosen).
    player: Player | None
    guest: bool
    #: The folder the seat's games run in; ``saves`` in it holds their saves.
    folder: Path
    #: The key that logged in, for a first login's registration: (fingerprint, key).
    key: tuple[str, str] | None = None
    mode: str = "lobby"
    #: The game watched ("s3": seat 3's; "d5": duel 5) or the duel played (its id).
    target: str | None = None
    #: What the seat runs once its process has left (set by ``go``).
    next: tuple[str, str | None] | None = None
    link: ServerLink | None = None
    #: The game this seat's process shows, as a save's document (None: none now).
    live: Message | None = None
    #: The line the lobby shows for ``live``.
    live_title: str = ""
    #: The last lobby message its lobby process was sent (an update that would not change
    #: it is not sent: the process would draw the same screen again).
    shown: Message | None = None
    #: Whether the registered player has a web password (None: not looked up yet; the
    #: book is asked once a seat, not for every lobby shown, and a password set from any
    #: seat of hers sets it in all of them).
    web_password: bool | None = None
    #: A web password of this seat's is being hashed (one at a time).
    hashing: bool = False

    @property
    def saves(self) -> Path:
        return self.folder / "saves"

    def send(self, message: Message) -> None:
        if self.link is not None:
            self.link.send(message)

    def go(self, mode: str, target: str | None = None) -> None:
        """Run ``mode`` next: the process now running is told to leave."""
        self.next = (mode, target)
        self.send({"t": "leave"})

    def where(self) -> str:
        return {"lobby": "in the lobby", "play": "playing", "continue": "playing",
                "watch": "watching a game", "duel": "in a duel"}.get(self.mode, self.mode)


@define(eq=False)
class Challenge:
    """A challenge waiting for its answer: who made it, and the game's setup (a save's)."""

    by: Seat
    setup: Message
    title: str


@define(eq=False)
class Lobby:
    """Every seat, the open duels in play, and the challenges waiting for an answer."""

    book: Book
    data: Path
    seats: dict[int, Seat] = field(factory=dict)
    duels: dict[int, Duel] = field(factory=dict)
    #: Challenges by the seat challenged.
    challenges: dict[int, Challenge] = field(factory=dict)
    #: Whether a seat's autosave (or voyage) exists, to offer Continue.
    can_continue: Callable[[Seat], bool] = field(default=lambda seat: has_game(seat.saves))
    #: ``later(delay, callback)``: the server's event loop's ``call_later``.  With one,
    #: the updates of many joins and leaves close together go out once, ``COALESCE``
    #: seconds after the first (a hundred players arriving would otherwise redraw every
    #: lobby a hundred times); without one (tests), each goes out at once.
    later: Callable[[float, Callable[[], None]], object] | None = None
    #: ``work(blocking, done)``: runs ``blocking`` in a thread and ``done`` with its result
    #: on the event loop (``in_thread(loop)``): a password's hash takes 50 ms and 16 MB,
    #: too long for the loop every player's keys go through.  Without one (tests), both
    #: run at once.
    work: Work | None = None
    _pending: bool = field(default=False, init=False)

    # -- seats come and go -------------------------------------------------------------
    def join(self, seat: Seat) -> None:
        self.seats[seat.id] = seat

    def part(self, seat: Seat) -> None:
        self.seats.pop(seat.id, None)
        self.challenges.pop(seat.id, None)
        for key, challenge in list(self.challenges.items()):
            if challenge.by is seat:
                del self.challenges[key]
        self.broadcast()

    def opened(self, seat: Seat) -> Message:
        """A process has started in ``seat`` (in ``seat.mode``): the first message it is
        handed."""
        if seat.mode == "watch":
            return self._watch_start(seat)
        if seat.mode == "duel":
            return self._duel_start(seat)
        if seat.mode == "lobby":
            self.broadcast(but=seat)
            seat.shown = self.lobby_message(seat)
            return seat.shown
        self.broadcast(but=seat)
        return {"t": "hello", "name": seat.name}

    def closed(self, seat: Seat) -> None:
        """The process in ``seat`` has ended."""
        if seat.live is not None:
            seat.live = None
            self._tell_watchers(f"s{seat.id}", {"t": "gone", "why": f"{seat.name} has left "
                                                "the game"})
        if seat.mode == "duel" and seat.target is not None:
            duel = self.duels.get(int(seat.target))
            if duel is not None and seat.player is not None:
                side = duel.side_of(seat.player.id)
                self._tell_duel(duel, {"t": "presence", "side": side, "here": False},
                                but=seat)
        seat.link = None
        seat.mode = "gone"
        self.broadcast()

    # -- what the lobby screen shows ---------------------------------------------------
    def lobby_message(self, seat: Seat) -> Message:
        players = [{"name": s.name, "where": s.where(), "guest": s.guest}
                   for s in self.seats.values() if s.name and s.mode != "gone"]
        watch = self.watchable(but=seat)
        duels = []
        if seat.player is not None:
            for record in self.book.open_duels(seat.player.id):
                duel = self.duel(record.id)
                if duel is not None and not duel.over:
                    duels.append({"id": duel.id, "title": duel.title(),
                                  "turn": duel.game.state.turn})
        challenge = self.challenges.get(seat.id)
        return {"t": "lobby", "me": seat.name, "guest": seat.guest,
                "registered": seat.player is not None, "players": players, "watch": watch,
                "duels": duels, "continue": (seat.player is not None or seat.guest)
                and self.can_continue(seat),
                "rulesets": duel_rulesets() if seat.player is not None else [],
                "web_password": self.has_web_password(seat),
                "challenge": None if challenge is None else
                {"from": challenge.by.name, "title": challenge.title}}

    def has_web_password(self, seat: Seat) -> bool:
        """Whether the seat's registered player has a web password (False for a guest or a
        key with no name yet); the book is asked once a seat."""
        if seat.player is None or seat.guest:
            return False
        if seat.web_password is None:
            seat.web_password = self.book.has_password(seat.player.id)
        return seat.web_password

    def watchable(self, but: Seat | None = None) -> list[dict[str, str]]:
        """The games one may watch (``but``'s own left out): each one's id and title."""
        watch = [{"id": f"s{s.id}", "title": f"{s.name}: {s.live_title}"}
                 for s in self.seats.values()
                 if s.live is not None and s is not but]
        watch += [{"id": f"d{d.id}", "title": d.title()} for d in self.duels.values()
                  if not d.over and self._duel_seats(d)]
        return watch

    def broadcast(self, but: Seat | None = None) -> None:
        """Send every seat in the lobby what it shows now, where that has changed (``but``
        has just been sent its own); with ``later``, once for the changes of the next
        ``COALESCE`` seconds (more with many lobbies: ``PER_LOBBY``)."""
        if self.later is None:
            self._update(but)
        elif not self._pending:
            self._pending = True
            lobbies = sum(1 for seat in self.seats.values() if seat.mode == "lobby")
            self.later(max(COALESCE, lobbies * PER_LOBBY), self._flush)

    def _flush(self) -> None:
        self._pending = False
        self._update(None)

    def _update(self, but: Seat | None) -> None:
        for seat in list(self.seats.values()):
            if seat.mode == "lobby" and seat is not but:
                self.show(seat)

    def show(self, seat: Seat) -> None:
        """Send ``seat`` the lobby as it stands, unless it shows that already."""
        message = self.lobby_message(seat)
        if message != seat.shown:
            seat.shown = message
            seat.send(message)

    # -- messages from the processes ---------------------------------------------------
    def handle(self, seat: Seat, message: Message) -> None:
        kind = message["t"]
        handler = {"name": self._name, "go": self._go, "watch": self._watch,
                   "challenge": self._challenge, "answer": self._answer,
                   "resume": self._resume, "live": self._live, "play": self._play,
                   "web_password": self._web_password}.get(kind)
        if handler is None:
            log.warning("seat %s: unknown message %r", seat.id, kind)
            return
        handler(seat, message)

    def _name(self, seat: Seat, message: Message) -> None:
        if seat.player is not None or seat.key is None or seat.guest:
            seat.send({"t": "named", "ok": False, "error": "you have a name already"})
            return
        try:
            player = self.book.register(str(message.get("name", "")), *seat.key)
        except BadName as exc:
            seat.send({"t": "named", "ok": False, "error": str(exc)})
            return
        seat.player, seat.name = player, player.name
        seat.folder = player_folder(self.data, player.id)
        seat.folder.mkdir(parents=True, exist_ok=True)
        log.info("seat %s: new player %s", seat.id, player.name)
        seat.send({"t": "named", "ok": True, "name": player.name})
        self.show(seat)
        self.broadcast(but=seat)

    def _web_password(self, seat: Seat, message: Message) -> None:
        """A registered player sets (or changes) her password for the web door: hashed in
        a thread (``work``), stored, and answered (``password_set``) if the process that
        asked is still there."""
        player = seat.player
        if player is None or seat.guest:
            seat.send({"t": "password_set", "ok": False, "error": "only a registered player "
                       "(logged in with her key, her name chosen) may set a web password"})
            return
        if seat.hashing:
            seat.send({"t": "password_set", "ok": False,
                       "error": "your password is being set already"})
            return
        password = message.get("password")
        password = password if isinstance(password, str) else ""
        seat.hashing = True
        link = seat.link
        (self.work or at_once)(lambda: hashed_or_why(password),
            lambda hashed: self._password_hashed(seat, link, player, hashed))

    def _password_hashed(self, seat: Seat, link: ServerLink | None, player: Player,
                         hashed: str | BadPassword) -> None:
        seat.hashing = False
        answer: Message
        if isinstance(hashed, BadPassword):
            answer = {"t": "password_set", "ok": False, "error": str(hashed)}
        else:
            try:
                self.book.keep_password(player.id, hashed)
            except sqlite3.Error as exc:
                log.warning("seat %s: %s's web password not kept: %s", seat.id, player.name,
                            exc)
                answer = {"t": "password_set", "ok": False,
                          "error": "the server could not keep it; try again later"}
            else:
                log.info("seat %s: %s set a web password", seat.id, player.name)
                answer = {"t": "password_set", "ok": True}
                seat.web_password = True
        if link is not None and seat.link is link:  # (the process that asked: still there)
            seat.send(answer)
        if answer["ok"]:  # (her lobbies, at every terminal of hers, say "Change ...")
            for other in list(self.seats.values()):
                if other.player is not None and other.player.id == player.id:
                    other.web_password = True
                    if other.mode == "lobby":
                        self.show(other)

    def _go(self, seat: Seat, message: Message) -> None:
        to = message.get("to")
        if seat.name is None or to not in ("play", "continue"):
            return
        seat.go(str(to))

    def _watch(self, seat: Seat, message: Message) -> None:
        target = str(message.get("id", ""))
        if self._watched(target) is None:
            seat.send({"t": "notice", "text": "That game is no longer being played."})
            return
        seat.go("watch", target)

    def _watched(self, target: str) -> tuple[Message, str, str | None] | None:
        """A game one may watch: its document, its title, the side it is seen from."""
        kind, number = target[:1], target[1:]
        if not number.isdigit():
            return None
        if kind == "s":
            other = self.seats.get(int(number))
            if other is None or other.live is None:
                return None
            seats = other.live.get("seats") or {}
            side = next((s for s, who in seats.items() if who == "human"), None)
            return other.live, f"{other.name}: {other.live_title}", side
        if kind == "d":
            duel = self.duels.get(int(number))
            if duel is None or not self._duel_seats(duel):
                return None
            return duel.document(), duel.title(), None
        return None

    def _watch_start(self, seat: Seat) -> Message:
        found = self._watched(seat.target or "")
        if found is None:
            return {"t": "gone", "why": "That game is no longer being played."}
        doc, title, side = found
        return {"t": "watched", "doc": doc, "title": title, "side": side}

    def _tell_watchers(self, target: str, message: Message) -> None:
        for other in self.seats.values():
            if other.mode == "watch" and other.target == target:
                other.send(message)

    def _live(self, seat: Seat, message: Message) -> None:
        doc = message.get("doc")
        if not isinstance(doc, dict):
            was, seat.live = seat.live, None
            if was is not None:
                self._tell_watchers(f"s{seat.id}", {"t": "gone",
                                                    "why": f"{seat.name} left the game"})
                self.broadcast()
            return
        seat.live = doc
        title = f"{doc.get('ruleset', '?')} on {doc.get('setup', {}).get('map_name', '?')}, " \
                f"turn {doc.get('turn', '?')}"
        self._tell_watchers(f"s{seat.id}", {"t": "watched", "doc": doc})
        if title != seat.live_title:
            seat.live_title = title
            self.broadcast()

    # -- duels ---------------------------------------------------------------------------
    def _challenge(self, seat: Seat, message: Message) -> None:
        if seat.player is None:
            seat.send({"t": "notice", "text": "Guests cannot duel: log in with a key."})
            return
        name = str(message.get("name", ""))
        other = next((s for s in self.seats.values() if s.name == name and s.mode == "lobby"
                      and s.player is not None and s is not seat), None)
        if other is None:
            seat.send({"t": "notice", "text": f"{name} is not in the lobby now."})
            return
        if other.id in self.challenges:
            seat.send({"t": "notice", "text": f"{name} is answering another challenge."})
            return
        try:
            setup = new_setup(str(message.get("ruleset", "")))
        except DuelError as exc:
            seat.send({"t": "notice", "text": f"No duel: {exc}"})
            return
        from tui_naval.core.saves import get_converter
        from tui_naval.rulesets import find_ruleset

        title = f"{find_ruleset(setup.ruleset).title} on {setup.map_name}"
        self.challenges[other.id] = Challenge(seat, get_converter().unstructure(setup), title)
        seat.send({"t": "notice", "text": f"Challenge sent to {name}: {title}."})
        self.show(other)

    def _answer(self, seat: Seat, message: Message) -> None:
        challenge = self.challenges.pop(seat.id, None)
        if challenge is None or seat.player is None:
            return
        by = challenge.by
        if by.mode != "lobby" or by.player is None or self.seats.get(by.id) is not by:
            seat.send({"t": "notice", "text": f"{by.name} has left the lobby."})
            self.show(seat)
            return
        if not message.get("accept"):
            by.send({"t": "notice", "text": f"{seat.name} declined your challenge."})
            self.show(seat)
            return
        from tui_naval.core.history import Game
        from tui_naval.core.saves import get_converter
        from tui_naval.core.scenario import Setup
        from tui_naval.rulesets import find_ruleset

        setup = get_converter().structure(challenge.setup, Setup)
        sides = Game(find_ruleset(setup.ruleset), setup).state.sides
        duel_id = self.book.new_duel(challenge.setup, {sides[0]: by.player.id,
                                                       sides[1]: seat.player.id})
        duel = self.duel(duel_id)
        if duel is None:
            return
        log.info("duel %s: %s", duel.id, duel.title())
        keep_failed = duel.keep(self.book)
        if keep_failed:
            log.warning("duel %s: %s", duel.id, keep_failed)
        by.go("duel", str(duel_id))
        seat.go("duel", str(duel_id))

    def _resume(self, seat: Seat, message: Message) -> None:
        number = message.get("id")
        duel = self.duel(number) if isinstance(number, int) else None
        if duel is None or seat.player is None or duel.side_of(seat.player.id) is None:
            seat.send({"t": "notice", "text": "That duel is not yours, or is over."})
            return
        if any(s.mode == "duel" and s.target == str(duel.id) and s.player == seat.player
               for s in self.seats.values()):
            seat.send({"t": "notice", "text": "You are in that duel at another terminal."})
            return
        seat.go("duel", str(duel.id))

    def duel(self, duel_id: int) -> Duel | None:
        """An open duel, from the book if it is not in play yet."""
        if duel_id in self.duels:
            return self.duels[duel_id]
        record = self.book.duel(duel_id)
        if record is None or record.over:
            return None
        names, folders = {}, {}
        for side, player_id in record.seats.items():
            player = self.book.player(player_id)
            if player is None:
                return None
            names[side] = player.name
            folders[side] = player_folder(self.data, player_id) / "saves"
        try:
            duel = Duel(record, names, folders)
        except Exception as exc:  # a duel the rules can no longer replay
            log.warning("duel %s cannot be replayed: %s", duel_id, exc)
            return None
        self.duels[duel_id] = duel
        return duel

    def _duel_seats(self, duel: Duel) -> list[Seat]:
        return [s for s in self.seats.values()
                if s.mode == "duel" and s.target == str(duel.id)]

    def _tell_duel(self, duel: Duel, message: Message, but: Seat | None = None) -> None:
        for seat in self._duel_seats(duel):
            if seat is not but:
                seat.send(message)

    def _seat_duel(self, seat: Seat) -> Duel | None:
        """The open duel a seat plays in (None if it plays none)."""
        target = seat.target or ""
        return self.duel(int(target)) if seat.mode == "duel" and target.isdigit() else None

    def _duel_start(self, seat: Seat) -> Message:
        duel = self._seat_duel(seat)
        side = duel.side_of(seat.player.id) if duel is not None and seat.player else None
        if duel is None or side is None:
            return {"t": "gone", "why": "That duel is over or not yours."}
        self._tell_duel(duel, {"t": "presence", "side": side, "here": True}, but=seat)
        message = duel.start_message(side)
        message["here"] = [duel.side_of(s.player.id) for s in self._duel_seats(duel)
                           if s.player is not None]
        self.broadcast()
        return message

    def _play(self, seat: Seat, message: Message) -> None:
        duel = self._seat_duel(seat)
        if duel is None or seat.player is None:
            return
        side = duel.side_of(seat.player.id)
        try:
            duel.play(side or "", int(message.get("index", -1)), str(message.get("order", "")))
        except (DuelError, ValueError) as exc:
            seat.send({"t": "rejected", "error": str(exc)})
            return
        for other in self._duel_seats(duel):  # each told only what its side may know
            news = duel.news(duel.side_of(other.player.id) or "") \
                if other.player is not None else None
            if news is not None:
                other.send(news)
        failed = duel.keep(self.book)
        if failed:
            log.warning("duel %s: %s", duel.id, failed)
        self._tell_watchers(f"d{duel.id}", {"t": "watched", "doc": duel.document()})
        if duel.over:
            log.info("duel %s over: %s", duel.id, duel.game.state.outcome)
            self.duels.pop(duel.id, None)
