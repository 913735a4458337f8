"""A player's session at either door: the lobby, then each game picked there, one
process each on a pty of its own (``terminal.PtyProcess``).

``PlayerSession`` is the session whatever carries its bytes: an SSH channel
(``server.GameSession``) or a browser's WebSocket (``web.play.WebSession``).  A door
makes one, hands it the player's keys (``typed``) and window size (``resized``), and
says how output reaches the player (``send``) and how the session ends for her
(``close_door``).  Everything else is the same at both doors: the seat in the lobby, the
limits it is counted in, the keys held while one game process gives way to the next, the
hang-up that autosaves.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tui_naval.ai.search_helper import SLOTS_ENV, slots_setting
from tui_naval.serve.link import ServerLink
from tui_naval.serve.lobby import Seat
from tui_naval.serve.terminal import PtyProcess, Size

if TYPE_CHECKING:
    from tui_naval.serve.host import Host

log = logging.getLogger("tui_naval.serve")

DEFAULT_TERM = "xterm-256color"
#: The most bytes of keys held while no game process can take them.
HELD_KEYS = 4096


class PlayerSession:
    """A terminal's session: the lobby and the games the player picks, one process each.

    ``first`` is what it runs first (``("lobby", None)``; a watcher from the web page's
    list of live games: ``("watch", id)``); with ``lobby_after`` False the session ends
    when that process does instead of going back to the lobby."""

    #: The door's name in the server's log ("ssh", "web").
    door = "?"

    def __init__(self, host: Host, address: str, source: str,
                 first: tuple[str, str | None] = ("lobby", None),
                 lobby_after: bool = True) -> None:
        self.host = host
        self.address = address
        #: What the session is counted under (its address, or its /64 for IPv6).
        self.source = source
        self.first = first
        self.lobby_after = lobby_after
        self.term: str | None = None
        self.size: Size = (80, 24, 0, 0)
        self.seat: Seat | None = None
        self.child: PtyProcess | None = None
        self.last_input = self.started = time.monotonic()
        self.ended: str | None = None
        self.counted = False
        self._task: asyncio.Task[None] | None = None
        self._done = asyncio.Event()
        #: Keys typed while no process could take them: from when one is told to leave
        #: (or starts) until the next says it is ready (its first screen is up).
        self._held = bytearray()
        self._ready = False
        #: Keys the process told to leave had read after the player chose the next game,
        #: passed back (``typed``): typed before those held here.
        self._typed = bytearray()

    # -- what a door provides ------------------------------------------------------------
    def send(self, data: bytes) -> None:
        """The game's output to the player."""
        raise NotImplementedError

    def close_door(self, line: str | None, status: int = 0) -> None:
        """Say ``line`` to the player (if any) and close her connection."""
        raise NotImplementedError

    def make_seat(self, number: int) -> Seat:
        """The seat this session takes in the lobby."""
        raise NotImplementedError

    def client_environment(self) -> Mapping[str, str]:
        """What the client said of itself that the game may use (``COLORTERM``)."""
        return {}

    # -- what the door hands on ----------------------------------------------------------
    def begin(self) -> str | None:
        """Start the session, counted among the server's (None), or why it is refused."""
        refusal = ("the server is shutting down" if self.host.closing
                   else self.host.count.refusal(self.source))
        if refusal is not None:
            self.host.say("refused", "%s refused: %s", self.address, refusal)
            return refusal
        self.host.count.open(self.source)
        self.counted = True
        self.host.sessions.add(self)
        self._task = asyncio.create_task(self.run())
        return None

    def typed(self, data: bytes) -> None:
        """Keys from the player: to the game process, or held until one is ready."""
        self.last_input = time.monotonic()
        leaving = self.seat is not None and self.seat.next is not None
        if self.child is not None and self._ready and not leaving:
            self.child.write(data)
        else:
            self._held += data[:max(0, HELD_KEYS - len(self._held))]

    def resized(self, size: Size) -> None:
        if size[0] > 0 and size[1] > 0:
            self.size = size
            if self.child is not None:
                self.child.resize(size)

    def _child_ready(self) -> None:
        """The game process's first screen is up: the keys held go to it."""
        self._ready = True
        keys = bytes(self._typed + self._held)[:HELD_KEYS]
        if self.child is not None and keys:
            self.child.write(keys)
        self._typed.clear()
        self._held.clear()

    def pause_output(self) -> None:
        """The player's connection is backed up: stop reading the game's output."""
        if self.child is not None:
            self.child.pause_reading()

    def resume_output(self) -> None:
        if self.child is not None:
            self.child.resume_reading()

    # -- the session's life ----------------------------------------------------------------
    def hang_up(self) -> None:
        """The player has gone: the game is told (SIGHUP: it autosaves and leaves)."""
        if self.ended is None:
            self.ended = ""
        if self.child is not None:
            self.child.send_signal(signal.SIGHUP)

    def end(self, why: str) -> None:
        """End the session with a line for the player (the game autosaves)."""
        if self.ended is None:
            self.ended = why
        if self.child is not None:
            self.child.send_signal(signal.SIGHUP)

    async def shut_down(self) -> None:
        if self.ended is None:
            self.ended = "the server is shutting down: your game was saved"
        if self.child is not None:
            await self.child.stop(signal.SIGTERM)
        await self._done.wait()

    async def finished(self) -> None:
        """Wait until the session has ended (its last process gone)."""
        await self._done.wait()

    def argv(self, mode: str) -> list[str]:
        return [self.host.config.python, "-m", "tui_naval.serve.child", mode]

    def environment(self, seat: Seat) -> dict[str, str]:
        """The game process's environment: the player's own folders, the shared data."""
        env = {"PATH": os.environ.get("PATH", os.defpath), "TERM": self.term or DEFAULT_TERM,
               "LANG": "C.UTF-8", "HOME": str(seat.folder),
               "XDG_CONFIG_HOME": str(seat.folder / "config"),
               "XDG_DATA_HOME": str(seat.folder / "data"),
               "TUI_NAVAL_SAVES": str(seat.saves),
               "PYTHONDONTWRITEBYTECODE": "1",  # (nothing written in the code's folder)
               "TUI_NAVAL_DATA": str(self.host.config.data),
               SLOTS_ENV: slots_setting(self.host.config.data / "search-slots")}
        for name in ("PYTHONPATH",):
            if name in os.environ:
                env[name] = os.environ[name]
        if self.client_environment().get("COLORTERM") in ("truecolor", "24bit"):
            env["COLORTERM"] = "truecolor"
        return env

    async def run(self) -> None:
        """The lobby, then each game picked there, until the player quits or goes."""
        lobby = self.host.lobby
        seat: Seat | None = None
        code = 0
        try:
            seat = self.make_seat(self.host.seat_number())
            self.seat = seat
            lobby.join(seat)
            log.info("%s: %s logged in (seat %s, %s)", self.address,
                     seat.name or "a new key", seat.id, self.door)
            code = await self.play(seat)
        except Exception as exc:
            self.host.failed("session", f"session of {self.address} failed", exc)
            self.ended = "the server could not go on with your session"
            if self.child is not None:
                await self.child.stop()
                self.child.close()
        finally:
            if seat is not None:
                lobby.part(seat)
            self.host.sessions.discard(self)
            if self.counted:
                self.host.count.close(self.source)
            line = self.ended or ("the game stopped unexpectedly" if code not in (0, 130)
                                  else None)
            self.close_door(line or None)
            self._done.set()

    async def play(self, seat: Seat) -> int:
        """Run the seat's processes one after another; the last one's exit code."""
        lobby = self.host.lobby
        mode: str | None
        mode, target = self.first
        code = 0
        notice: str | None = None
        while mode is not None and self.ended is None:
            seat.next = None
            seat.folder.mkdir(parents=True, exist_ok=True)
            self._ready = False
            child = await PtyProcess.start(self.argv(mode), self.environment(seat),
                                           seat.folder, self.size, self.send)
            self.child = child
            # (The lobby counts the seat as in its mode once it can be told things.)
            seat.mode, seat.target, seat.link = mode, target, child.link
            if self.ended is not None:  # hung up while the process started
                child.send_signal(signal.SIGHUP)
            child.link.send(lobby.opened(seat))
            if notice is not None:
                child.link.send({"t": "notice", "text": notice})
                notice = None
            listening = asyncio.create_task(self.listen(seat, child.link))
            code = await child.wait()
            self.child = None
            listening.cancel()
            lobby.closed(seat)
            if not self.lobby_after:  # (a watcher from the web page: no lobby)
                mode = None
            elif seat.next is not None:
                mode, target = seat.next
            elif mode == "lobby":
                mode = None
            else:
                if code not in (0, 130):  # the game crashed or was killed: say so
                    log.warning("seat %s: %s process ended with %s", seat.id, mode, code)
                    notice = ("Your game stopped unexpectedly. Its last autosave, if it "
                              "had one, is under Continue.")
                mode, target = "lobby", None
        return code

    async def listen(self, seat: Seat, link: ServerLink) -> None:
        async for message in link.messages():
            if message["t"] == "ready":
                self._child_ready()
                continue
            if message["t"] == "typed":
                keys = str(message.get("keys", "")).encode()
                self._typed += keys[:max(0, HELD_KEYS - len(self._typed))]
                continue

            try:
                self.host.lobby.handle(seat, message)
            except Exception as exc:
                self.host.failed("message",
                                 f"seat {seat.id}: message {message.get('t')!r} failed", exc)
