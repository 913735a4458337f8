"""The SSH server: logins, refusals, limits, and a game process per terminal.

A connection logs in with a public key (a player, known by the key's fingerprint) or,
with ``--guests``, with any password or keyboard-interactive answer (a guest, whose
games are not kept).  Each session that asks for a terminal and a shell gets the lobby,
then the games the player picks there, each in its own process on its own pty
(``terminal.PtyProcess``).  Anything else (no terminal, a command, a subsystem, port
forwarding, an agent) is refused with one line.  SIGTERM (and SIGINT) stop the server:
every game is told to stop (it autosaves), then the server ends.

A connection is counted from the moment it is accepted (``Limits``): one over the cap of
connections not yet logged in, in all or from its address, is closed at once; one that
has not logged in within the grace time is closed, and so is a logged-in connection that
has had no session for the unused-connection timeout.  What the server cannot do (no
file descriptor, a full disk) is logged once a second at most.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import resource
import secrets
import shutil
import signal
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncssh
import asyncssh.kex
import attrs
from attrs import define, field, frozen

from tui_naval.ai.search_helper import SLOTS_ENV, slots_setting
from tui_naval.serve.limits import Limits, RateLimiter, SessionCount, Tally, Throttle, source
from tui_naval.serve.link import ServerLink
from tui_naval.serve.lobby import Lobby, Seat, player_folder
from tui_naval.serve.players import Book
from tui_naval.serve.private import keep_private
from tui_naval.serve.terminal import PtyProcess, Size, start_zygote, stop_zygote

if TYPE_CHECKING:
    from tui_naval.serve.web.site import Listening

log = logging.getLogger("tui_naval.serve")

HOST_KEY = "ssh_host_ed25519_key"
DEFAULT_TERM = "xterm-256color"
#: How often idle sessions are looked for, in seconds (at most).
IDLE_CHECK = 5.0
#: The errors of a server out of something (file descriptors, memory, disk): said once a
#: second at most, in one line.
RESOURCE_ERRORS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM,
                             errno.ENOSPC, errno.EDQUOT})
#: The most bytes of keys held while no game process can take them (``GameSession``).
HELD_KEYS = 4096


class ServeError(Exception):
    """The server cannot start (a bad host key, a port in use); one line."""


@frozen
class ServeConfig:
    """What ``tui-naval serve`` was told."""

    data: Path
    host: str = "127.0.0.1"
    port: int = 2222
    guests: bool = False
    limits: Limits = field(factory=Limits)
    #: The Python that runs the game processes.
    python: str = sys.executable
    #: The port of the public web pages (``serve.web``), or None: no web server.
    web_port: int | None = None


def key_exchanges() -> list[str]:
    """asyncssh's key exchanges, with curve25519-sha256 first and no sntrup761.

    A client may send its first key-exchange message before it has seen the server's
    list, guessing (Dropbear's ``dbclient`` does).  By RFC 4253 the guess is right when
    both sides list the same algorithm first; asyncssh instead takes it as right when the
    algorithm agreed on is the client's first.  Where the two differ, dbclient sends its
    message again, asyncssh has already answered the first, and the second ends the
    connection ("Key exchange not in progress").  Dropbear lists curve25519-sha256 first
    up to 2022, then sntrup761 (which this server then does not offer, so both sides
    agree that the guess was wrong).  The order costs nothing: the client's order
    chooses the algorithm."""
    first = "curve25519-sha256"
    names = [alg.decode("ascii") for alg in asyncssh.kex.get_default_kex_algs()]
    return [first, *(name for name in names
                     if name != first and not name.startswith("sntrup761"))]


def raise_descriptor_limit() -> int:
    """Raise the soft limit on open files to the hard limit; the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 1 << 20
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def host_key(data: Path) -> asyncssh.SSHKey:
    """The server's host key, made in the data folder on the first run and kept."""
    path = data / HOST_KEY
    if path.exists():
        try:
            return asyncssh.read_private_key(path)
        except (OSError, asyncssh.KeyImportError, ValueError) as exc:
            raise ServeError(f"cannot read the host key {path}: {exc} (move it away and a "
                             "new one is made; players will see the host's key change)") \
                from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    data.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".new")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
        os.replace(temporary, path)
    except OSError as exc:
        raise ServeError(f"cannot write the host key {path}: {exc.strerror or exc}") from None
    return key


@define(eq=False)
class Host:
    """What every connection shares: the settings, the book, the lobby and the limits."""

    config: ServeConfig
    book: Book
    lobby: Lobby
    count: SessionCount
    logins: RateLimiter
    #: Connections not yet logged in, and those logged in.
    startups: Tally
    logged_in: Tally
    throttle: Throttle = field(factory=Throttle)
    sessions: set[GameSession] = field(factory=set)
    closing: bool = False
    _next_seat: int = 0
    _next_guest: int = 0

    @classmethod
    def make(cls, config: ServeConfig, book: Book, lobby: Lobby) -> Host:
        limits = config.limits
        return cls(config, book, lobby, SessionCount(limits),
                   RateLimiter(limits.logins, limits.login_window),
                   Tally(limits.startups, limits.startups_per_address),
                   Tally(limits.connections, limits.connections_per_address))

    def say(self, kind: str, message: str, *args: object, level: int = logging.INFO,
            exc_info: BaseException | None = None) -> None:
        """Log ``message`` unless something of its ``kind`` was logged in the last second
        (then it is counted, and the next one says how many went unsaid)."""
        unsaid = self.throttle.allow(kind)
        if unsaid is None:
            return
        if unsaid:
            message += f" (and {unsaid} more like it)"
        log.log(level, message, *args, exc_info=exc_info)

    def failed(self, kind: str, what: str, exc: BaseException) -> None:
        """Log a failure of some ``kind``: out of a resource, one line; else with its
        traceback (each once a second at most)."""
        if isinstance(exc, OSError) and exc.errno in RESOURCE_ERRORS:
            self.say(f"errno {exc.errno}", "%s: %s", what, exc.strerror or exc,
                     level=logging.ERROR)
        else:
            self.say(f"{kind} {type(exc).__name__}", "%s", what, level=logging.ERROR,
                     exc_info=exc)

    def loop_exception(self, loop: asyncio.AbstractEventLoop,
                       context: dict[str, Any]) -> None:
        """The event loop's exception handler: asyncio's accept loop says here that
        ``accept()`` had no file descriptor (and tries again a second later)."""
        exc = context.get("exception")
        message = str(context.get("message", "event loop error"))
        if isinstance(exc, BaseException):
            self.failed("event loop", message, exc)
        else:
            self.say("event loop", "%s", message, level=logging.ERROR)

    def seat_number(self) -> int:
        self._next_seat += 1
        return self._next_seat

    def guest_name(self) -> str:
        self._next_guest += 1
        return f"guest-{self._next_guest}"

    async def close_idle(self) -> None:
        """End sessions that have had no key for the idle timeout, or have lasted the
        session limit, until the server ends."""
        timeout = self.config.limits.idle_timeout
        most = self.config.limits.session_limit
        if timeout <= 0 and most <= 0:
            return
        every = min(IDLE_CHECK, *(t / 4 for t in (timeout, most) if t > 0))
        while not self.closing:
            await asyncio.sleep(every)
            now = time.monotonic()
            for session in list(self.sessions):
                if 0 < timeout <= now - session.last_input:
                    session.end(f"no key for {minutes(timeout)}: your game was saved")
                elif 0 < most <= now - session.started:
                    session.end(f"a session lasts {minutes(most)} at most here: your game "
                                "was saved")

    async def shut_down(self) -> None:
        """Stop every game (each autosaves) and end every session."""
        self.closing = True
        await asyncio.gather(*(s.shut_down() for s in list(self.sessions)),
                             return_exceptions=True)


def minutes(seconds: float) -> str:
    """``seconds`` said in minutes ("0.5 minutes", "1 minute")."""
    count = seconds / 60
    return f"{count:g} minute{'s' * (count != 1)}"


class Connection(asyncssh.SSHServer):
    """One SSH connection: its login, and what it may open."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        #: What the connection is counted under (its address, or its /64 for IPv6).
        self.source = "?"
        self.refusal: str | None = None
        #: Where the connection is counted: "startup" (not logged in), "in" (logged in).
        self.counted: str | None = None
        #: Sessions (channels) open on this connection, and the timer that closes it
        #: while it has none.
        self.channels = 0
        self.unused: asyncio.TimerHandle | None = None
        #: The public key of the last key login tried (None after a guest login).
        self.key: asyncssh.SSHKey | None = None
        self.guest_folder: Path | None = None
        self.guest_name: str | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.source = source(self.address)
        startups = self.host.startups
        if startups.full(self.source):  # closed at once, before a byte is read
            limits = self.host.config.limits
            where = ("in all" if startups.full_in_all() else f"from {self.source}")
            self.host.say("startups", "closing new connections %s: %s not yet logged in",
                          where, limits.startups if startups.full_in_all()
                          else limits.startups_per_address)
            conn.abort()
            return
        startups.open(self.source)
        self.counted = "startup"
        if self.host.closing:
            self.refusal = "the server is shutting down"
        elif not self.host.logins.allow(self.source):
            self.refusal = "too many logins from your address: wait a minute"

    def connection_lost(self, exc: Exception | None) -> None:
        self._uncount()
        self._stop_unused_timer()
        if self.guest_folder is not None:
            shutil.rmtree(self.guest_folder, ignore_errors=True)

    def _uncount(self) -> None:
        if self.counted == "startup":
            self.host.startups.close(self.source)
        elif self.counted == "in":
            self.host.logged_in.close(self.source)
        self.counted = None

    def _refuse(self, why: str) -> None:
        self.host.say("refused", "%s refused: %s", self.address, why)
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, f"tui-naval: {why}")

    # -- login ---------------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        refusal = self.refusal or self._full()
        if refusal:
            self._refuse(refusal)
        return True

    def _full(self) -> str | None:
        """Why one more logged-in connection from this address is refused (or None)."""
        logged_in = self.host.logged_in
        if logged_in.full_in_all():
            return "the server is full: try again later"
        if logged_in.full(self.source):
            return "too many connections from your address: close one first"
        return None

    def auth_completed(self) -> None:
        """Logged in: counted among the logged-in connections, not the startups."""
        self._uncount()
        refusal = self._full()  # (others may have logged in since begin_auth)
        if refusal:
            self._refuse(refusal)
            return
        self.host.logged_in.open(self.source)
        self.counted = "in"
        self._start_unused_timer()

    # -- connections with no session -----------------------------------------------------
    def channel_opened(self) -> None:
        self.channels += 1
        self._stop_unused_timer()

    def channel_closed(self) -> None:
        self.channels -= 1
        if self.channels == 0 and self.counted == "in":
            self._start_unused_timer()

    def _start_unused_timer(self) -> None:
        timeout = self.host.config.limits.unused_timeout
        if timeout > 0 and self.unused is None:
            self.unused = asyncio.get_running_loop().call_later(timeout, self._close_unused)

    def _stop_unused_timer(self) -> None:
        if self.unused is not None:
            self.unused.cancel()
            self.unused = None

    def _close_unused(self) -> None:
        self.unused = None
        if self.conn is not None and self.channels == 0:
            timeout = self.host.config.limits.unused_timeout
            self.host.say("unused", "%s: closed, no session for %g s", self.address, timeout)
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION,
                                 f"tui-naval: no session for {timeout:g} s: closing")

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Any key may log in: an unknown key is a new player, who then chooses a name.
        # (asyncssh checks the signature after this; the last key tried is the one that
        # logged in, unless a guest login follows.)
        self.key = key
        return True

    def password_auth_supported(self) -> bool:
        return self.host.config.guests

    def validate_password(self, username: str, password: str) -> bool:
        self.key = None
        return self.host.config.guests

    def kbdint_auth_supported(self) -> bool:
        return self.host.config.guests

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.key = None
        return self.host.config.guests

    # -- what a connection may open ------------------------------------------------------
    def session_requested(self) -> GameSession:
        return GameSession(self.host, self)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        "tui-naval: no port forwarding here")

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                        "tui-naval: no socket forwarding here")

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def seat(self, number: int) -> Seat:
        """The seat a new terminal session of this connection takes."""
        data = self.host.config.data
        if self.key is None:  # a guest
            if self.guest_folder is None:
                self.guest_name = self.host.guest_name()
                self.guest_folder = data / "guests" / secrets.token_hex(8)
                (self.guest_folder / "saves").mkdir(parents=True, exist_ok=True)
            return Seat(number, self.address, self.guest_name, None, True, self.guest_folder)
        fingerprint = self.key.get_fingerprint("sha256")
        player = self.host.book.player_for_key(fingerprint)
        if player is None:
            key_text = self.key.export_public_key().decode("ascii").strip()
            return Seat(number, self.address, None, None, False, data / "players" / "new",
                        key=(fingerprint, key_text))
        folder = player_folder(data, player.id)
        (folder / "saves").mkdir(parents=True, exist_ok=True)
        return Seat(number, self.address, player.name, player, False, folder)


class GameSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """A terminal session: the lobby and the games the player picks, one process each."""

    def __init__(self, host: Host, connection: Connection) -> None:
        self.host = host
        self.connection = connection
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size: Size = (80, 24, 0, 0)
        self.refusal: str | None = None
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

    # -- what the client asks for ----------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        self.connection.channel_opened()

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.term = term_type or DEFAULT_TERM
        if term_size[0] and term_size[1]:
            self.size = term_size
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.refusal = "no commands here: the game opens with a plain `ssh` to this host"
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.refusal = f"no {subsystem[:20]} here: the game opens with a plain `ssh`"
        return True

    def session_started(self) -> None:
        if self.refusal is None and self.term is None:
            self.refusal = "the game needs a terminal: connect without -T (or force one with -t)"
        if self.refusal is None and self.host.closing:
            self.refusal = "the server is shutting down"
        if self.refusal is None:
            self.refusal = self.host.count.refusal(self.connection.source)
        if self.refusal is not None:
            self.host.say("refused", "%s refused: %s",
                          self.connection.address, self.refusal)
            self._finish(self.refusal, status=1)
            return
        self.host.count.open(self.connection.source)
        self.counted = True
        self.host.sessions.add(self)
        self._task = asyncio.create_task(self.run())

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        leaving = self.seat is not None and self.seat.next is not None
        if self.child is not None and self._ready and not leaving:
            self.child.write(data)
        else:
            self._held += data[:max(0, HELD_KEYS - len(self._held))]

    def _child_ready(self) -> None:
        """The game process's first screen is up: the keys held go to it."""
        self._ready = True
        keys = bytes(self._typed + self._held)[:HELD_KEYS]
        if self.child is not None and keys:
            self.child.write(keys)
        self._typed.clear()
        self._held.clear()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if width and height:
            self.size = (width, height, pixwidth, pixheight)
            if self.child is not None:
                self.child.resize(self.size)

    def eof_received(self) -> bool:
        self.hang_up()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        self.connection.channel_closed()
        self.hang_up()

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause_reading()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume_reading()

    # -- the session's life ----------------------------------------------------------------
    def write(self, data: bytes) -> None:
        """The game's output to the player; dropped once the channel is closing (the
        player has hung up: the game is told, ``hang_up``)."""
        if self.chan is None:
            return
        try:
            self.chan.write(data)
        except (BrokenPipeError, asyncssh.Error):  # (its traceback filled the log)
            self.chan = None
            self.hang_up()

    def _finish(self, line: str | None, status: int = 0) -> None:
        """Say ``line`` (on stderr) and close the channel."""
        if self.chan is None:
            return
        with contextlib.suppress(OSError, asyncssh.Error):
            if line:
                end = "\r\n" if self.term else "\n"
                self.chan.write_stderr(f"tui-naval: {line}{end}".encode())
            self.chan.exit(status)
        self.chan = None

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
        client = self.chan.get_environment() if self.chan is not None else {}
        if client.get("COLORTERM") in ("truecolor", "24bit"):
            env["COLORTERM"] = str(client["COLORTERM"])
        return env

    async def run(self) -> None:
        """The lobby, then each game picked there, until the player quits or goes."""
        lobby = self.host.lobby
        seat: Seat | None = None
        code = 0
        try:
            seat = self.connection.seat(self.host.seat_number())
            self.seat = seat
            lobby.join(seat)
            log.info("%s: %s logged in (seat %s)", self.connection.address,
                     seat.name or "a new key", seat.id)
            code = await self.play(seat)
        except Exception as exc:
            self.host.failed("session", f"session of {self.connection.address} failed", exc)
            self.ended = "the server could not go on with your session"
            if self.child is not None:
                await self.child.stop()
                self.child.close()
        finally:
            if seat is not None:
                lobby.part(seat)
            self.host.sessions.discard(self)
            if self.counted:
                self.host.count.close(self.connection.source)
            line = self.ended or ("the game stopped unexpectedly" if code not in (0, 130)
                                  else None)
            self._finish(line or None)
            self._done.set()

    async def play(self, seat: Seat) -> int:
        """Run the seat's processes one after another; the last one's exit code."""
        lobby = self.host.lobby
        mode: str | None = "lobby"
        target: str | None = None
        code = 0
        notice: str | None = None
        while mode is not None and self.ended is None:
            seat.next = None
            seat.folder.mkdir(parents=True, exist_ok=True)
            self._ready = False
            child = await PtyProcess.start(self.argv(mode), self.environment(seat),
                                           seat.folder, self.size, self.write)
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
            if seat.next is not None:
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


async def serve(config: ServeConfig) -> None:
    """Run the server until SIGTERM or SIGINT."""
    keep_private(config.data)
    descriptors = raise_descriptor_limit()
    asked, limits = config.limits, config.limits.fitted(descriptors)
    config = attrs.evolve(config, limits=limits)
    key = host_key(config.data)
    book = Book(config.data)
    loop = asyncio.get_running_loop()
    lobby = Lobby(book, config.data, later=loop.call_later)
    host = Host.make(config, book, lobby)
    loop.set_exception_handler(host.loop_exception)
    try:
        server = await asyncssh.listen(
            config.host, config.port, server_factory=lambda: Connection(host),
            server_host_keys=[key], encoding=None, line_editor=False,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            kex_algs=key_exchanges(), login_timeout=limits.login_grace,
            keepalive_interval=60, backlog=max(100, limits.startups))
    except OSError as exc:
        book.close()
        raise ServeError(f"cannot listen on {config.host}:{config.port}: "
                         f"{exc.strerror or exc}") from None
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    port = server.sockets[0].getsockname()[1] if server.sockets else config.port
    print(f"tui-naval: serving on {config.host}:{port} (host key "
          f"{key.get_fingerprint('sha256')}); play with: ssh -p {port} {config.host}",
          file=sys.stderr, flush=True)
    if limits != asked:
        print(f"tui-naval: limits lowered to fit {descriptors} open files and to keep one "
              f"address from the rest: {limits.sessions} games, {limits.startups} "
              f"connections not yet logged in ({limits.startups_per_address} from one "
              "address)", file=sys.stderr, flush=True)
    try:
        pages = await start_pages(config, lobby, port)
    except ServeError:
        server.close()
        book.close()
        raise
    idle = asyncio.create_task(host.close_idle())
    # (Sessions that come before the zygote is ready start their games afresh.)
    zygote = asyncio.create_task(start_zygote(config.python))
    try:
        await stop.wait()
        print("tui-naval: shutting down: saving every game", file=sys.stderr, flush=True)
        server.close()
        await host.shut_down()
    finally:
        idle.cancel()
        zygote.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await zygote
        await stop_zygote()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
        if pages is not None:
            await pages.close()
        server.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 5)
        book.close()
    print("tui-naval: stopped", file=sys.stderr, flush=True)


async def start_pages(config: ServeConfig, lobby: Lobby, ssh_port: int) -> Listening | None:
    """Start the public web pages on ``config.web_port`` (None: there are none)."""
    if config.web_port is None:
        return None
    # (aiohttp and the pages are imported only by a server asked for them.)
    from tui_naval.serve.web.pages import LiveGame
    from tui_naval.serve.web.site import Site, listen

    site = Site(config.data, lambda: [LiveGame(g["id"], g["title"])
                                      for g in lobby.watchable()], ssh_port)
    try:
        listening = await listen(site, config.host, config.web_port)
    except OSError as exc:
        raise ServeError(f"cannot listen on {config.host}:{config.web_port} for the web "
                         f"pages: {exc.strerror or exc}") from None
    print(f"tui-naval: web pages on http://{config.host}:{listening.port}/ (the hall of "
          "fame, the live games)", file=sys.stderr, flush=True)
    return listening
