"""The SSH door of ``tui-naval serve`` (and the server's start: the web door beside it).

A connection logs in with a public key (a player, known by the key's fingerprint) or,
with ``--guests``, with any password or keyboard-interactive answer (a guest, whose
games are not kept).  Each session that asks for a terminal and a shell gets the lobby,
then the games the player picks there, each in its own process on its own pty
(``session.PlayerSession``, which the web door's sessions run too).  Anything else
(no terminal, a command, a subsystem, port forwarding, an agent) is refused with one
line.  SIGTERM (and SIGINT) stop the server:
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
import logging
import os
import resource
import shutil
import signal
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncssh
import asyncssh.kex
import attrs

from tui_naval.serve.host import Host, ServeConfig
from tui_naval.serve.limits import source
from tui_naval.serve.lobby import Lobby, Seat, in_thread
from tui_naval.serve.players import Book
from tui_naval.serve.private import keep_private
from tui_naval.serve.session import DEFAULT_TERM, PlayerSession
from tui_naval.serve.terminal import start_zygote, stop_zygote

if TYPE_CHECKING:
    from tui_naval.serve.web.site import Listening

log = logging.getLogger("tui_naval.serve")

HOST_KEY = "ssh_host_ed25519_key"


class ServeError(Exception):
    """The server cannot start (a bad host key, a port in use); one line."""


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
                self.guest_folder = self.host.guest_folder()
            return self.host.guest_seat(number, self.address, self.guest_name,
                                        self.guest_folder)
        fingerprint = self.key.get_fingerprint("sha256")
        player = self.host.book.player_for_key(fingerprint)
        if player is None:
            key_text = self.key.export_public_key().decode("ascii").strip()
            return Seat(number, self.address, None, None, False, data / "players" / "new",
                        key=(fingerprint, key_text))
        return self.host.player_seat(number, self.address, player)


class GameSession(PlayerSession, asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """A session over SSH: a channel with a terminal and a shell (``PlayerSession``)."""

    door = "ssh"

    def __init__(self, host: Host, connection: Connection) -> None:
        super().__init__(host, connection.address, connection.source)
        self.connection = connection
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.refusal: str | None = None

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
        if self.refusal is not None:
            self.host.say("refused", "%s refused: %s", self.address, self.refusal)
        else:
            self.refusal = self.begin()
        if self.refusal is not None:
            self.close_door(self.refusal, status=1)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.typed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.resized((width, height, pixwidth, pixheight))

    def eof_received(self) -> bool:
        self.hang_up()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        self.connection.channel_closed()
        self.hang_up()

    def pause_writing(self) -> None:
        self.pause_output()

    def resume_writing(self) -> None:
        self.resume_output()

    # -- the door ----------------------------------------------------------------------------
    def send(self, data: bytes) -> None:
        """The game's output to the player; dropped once the channel is closing (the
        player has hung up: the game is told, ``hang_up``)."""
        if self.chan is None:
            return
        try:
            self.chan.write(data)
        except (BrokenPipeError, asyncssh.Error):  # (its traceback filled the log)
            self.chan = None
            self.hang_up()

    def close_door(self, line: str | None, status: int = 0) -> None:
        """Say ``line`` (on stderr) and close the channel."""
        if self.chan is None:
            return
        with contextlib.suppress(OSError, asyncssh.Error):
            if line:
                end = "\r\n" if self.term else "\n"
                self.chan.write_stderr(f"tui-naval: {line}{end}".encode())
            self.chan.exit(status)
        self.chan = None

    def make_seat(self, number: int) -> Seat:
        return self.connection.seat(number)

    def client_environment(self) -> Mapping[str, str]:
        return self.chan.get_environment() if self.chan is not None else {}


async def serve(config: ServeConfig) -> None:
    """Run the server until SIGTERM or SIGINT."""
    keep_private(config.data)
    descriptors = raise_descriptor_limit()
    asked, limits = config.limits, config.limits.fitted(descriptors)
    config = attrs.evolve(config, limits=limits)
    key = host_key(config.data)
    book = Book(config.data)
    loop = asyncio.get_running_loop()
    lobby = Lobby(book, config.data, later=loop.call_later, work=in_thread(loop))
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
        pages = await start_pages(host, port)
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


async def start_pages(host: Host, ssh_port: int) -> Listening | None:
    """Start the web door and the public pages on ``web_port`` (None: there are none)."""
    config = host.config
    if config.web_port is None:
        return None
    # (aiohttp and the pages are imported only by a server asked for them.)
    from tui_naval.serve.web.door import Door
    from tui_naval.serve.web.pages import LiveGame
    from tui_naval.serve.web.site import Site, listen

    site = Site(config.data, lambda: [LiveGame(g["id"], g["title"])
                                      for g in host.lobby.watchable()], ssh_port,
                door=Door(host), names=config.web_names)
    try:
        listening = await listen(site, config.host, config.web_port)
    except OSError as exc:
        raise ServeError(f"cannot listen on {config.host}:{config.web_port} for the web "
                         f"pages: {exc.strerror or exc}") from None
    print(f"tui-naval: web door on http://{config.host}:{listening.port}/ (play in the "
          "browser; the hall of fame, the live games)", file=sys.stderr, flush=True)
    return listening
