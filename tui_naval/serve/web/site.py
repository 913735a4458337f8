"""The web server of ``tui-naval serve --web PORT`` (aiohttp): the public pages.

``/`` how to play, ``/hall`` the hall of fame (``?daily=YYYY-MM-DD`` a day's daily voyage,
``?ruleset=ID`` one ruleset's), ``/morgue/NAME.txt`` a voyage's morgue file (plain
text), ``/live`` the games being played.  No login, nothing written.

Hostile input: only GET and HEAD; a request body is refused; query values are checked
(a bad one is a 400); a morgue file is served only by a name of the form the game gives
them, from the morgue folder itself (no path reaches another file); each address may
ask ``REQUESTS_PER_MINUTE`` pages a minute (then 429); every page says the browser may
run no script and load nothing from elsewhere (Content-Security-Policy); connections
are capped and given a time to live as the SSH port's are (``connections``).  A request
must ask for a name the server is known by (``rebound``): a page elsewhere whose name was
pointed at this server (DNS rebinding) is refused.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from aiohttp import web

from tui_naval.serve.limits import RateLimiter, ip_of
from tui_naval.serve.web.connections import guarded, new_tally
from tui_naval.serve.web.door import Door
from tui_naval.serve.web.logins import ERRORS
from tui_naval.serve.web.pages import (
    MORGUE_NAME,
    DoorShown,
    LiveGame,
    front_page,
    hall_page,
    live_page,
)
from tui_naval.voyage.hall import TOP, Entry, Hall, HallError, hall_path
from tui_naval.voyage.morgue import morgue_folder

log = logging.getLogger("tui_naval.serve")

#: Pages one address may ask for in a minute.
REQUESTS_PER_MINUTE = 120
#: Seconds a connection may wait between requests.
KEEPALIVE = 5.0
#: A day as the hall keeps it, and a ruleset's id.
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
RULESET = re.compile(r"[a-z0-9-]{1,40}")
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # ("no-referrer" makes a form's Origin "null")
    "Server": "tui-naval",  # (not aiohttp's and Python's versions)
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Site:
    """The pages of one server: its data folder, its games (``live``), how to reach it."""

    def __init__(self, data: Path, live: Callable[[], Sequence[LiveGame]], ssh_port: int,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC),
                 door: Door | None = None, names: Sequence[str] = ()) -> None:
        self.data = data
        self.live = live
        self.ssh_port = ssh_port
        self.clock = clock
        #: The web door (logins, games in the page), or None: the pages only.
        self.door = door
        #: The names this server is known by (``--web-name``: its public name, a proxy's,
        #: an alias in /etc/hosts), besides localhost's; when given, the only ones.
        self.names = frozenset(name.lower() for name in names)
        self.limiter = RateLimiter(REQUESTS_PER_MINUTE, 60.0)

    def application(self) -> web.Application:
        app = web.Application(middlewares=[self.guard], client_max_size=1024)
        app.add_routes([web.get("/", self.front), web.get("/hall", self.hall),
                        web.get("/morgue/{name}", self.morgue), web.get("/live", self.games)])
        if self.door is not None:
            app.add_routes(self.door.routes())
        return app

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The limits every request meets, and the headers every answer carries."""
        address = request.remote or "?"
        if self.rebound(request):
            raise web.HTTPMisdirectedRequest(text="this server is not known by that name\n",
                                             headers=HEADERS)
        if not self.limiter.allow(address):
            raise web.HTTPTooManyRequests(text="too many requests: wait a minute\n",
                                          headers={"Retry-After": "60", **HEADERS})
        if request.body_exists and request.method != "POST":
            raise web.HTTPBadRequest(text="a page is asked for with no body\n",
                                     headers=HEADERS)
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            exc.headers.update(HEADERS)
            raise
        for name, value in HEADERS.items():  # (the terminal's page has a policy of its own)
            response.headers.setdefault(name, value)
        return response

    def rebound(self, request: web.Request) -> bool:
        """Whether a request asks for a name this server is not known by.  A page
        elsewhere whose name is pointed at this server's address (DNS rebinding) is, to
        its visitor's browser, the same site as its own: it could read these pages and
        play as a guest.  Over the loopback the names are localhost's (``*.localhost``, a
        loopback address) and ``names``; from elsewhere any name, unless ``names`` are
        given: then one of them, or an address."""
        name = asked_name(request).lower().rstrip(".")
        if name in self.names:
            return False
        transport = request.transport
        here = transport.get_extra_info("sockname") if transport is not None else None
        if here and loopback(str(here[0])):
            return not (name == "localhost" or name.endswith(".localhost") or loopback(name))
        return bool(self.names) and ip_of(name) is None

    def ssh(self, request: web.Request) -> str:
        """The command that reaches the game, by the name the visitor asked for this
        page by (the server may listen on every address)."""
        return f"ssh -p {self.ssh_port} {asked_name(request) or '127.0.0.1'}"

    async def front(self, request: web.Request) -> web.StreamResponse:
        shown = None
        if self.door is not None:
            login = self.door.login_of(request)
            shown = DoorShown(login.name if login is not None else "",
                              self.door.host.config.guests,
                              ERRORS.get(request.query.get("error", ""), ""))
        return html(front_page(self.ssh(request), shown))

    async def hall(self, request: web.Request) -> web.StreamResponse:
        daily = request.query.get("daily", "")
        ruleset = request.query.get("ruleset", "")
        if daily == "today":
            daily = self.today()
        if (daily and not DAY.fullmatch(daily)) or (ruleset and not RULESET.fullmatch(ruleset)):
            raise web.HTTPBadRequest(text="no such board\n")
        entries, rulesets, problem = await asyncio.to_thread(self._board, daily, ruleset)
        return html(hall_page(entries, rulesets, daily, ruleset, self.today(),
                              morgue_folder(self.data), problem))

    def _board(self, daily: str, ruleset: str) -> tuple[list[tuple[int, Entry]],
                                                        list[str], str]:
        hall = Hall(hall_path(self.data))
        try:
            return list(hall.top(TOP, daily=daily, ruleset=ruleset)), hall.rulesets(), ""
        except HallError as exc:  # (its words name the file: the server's log only)
            log.warning("web pages: %s", exc)
            return [], [], "The hall of fame cannot be read just now."

    async def morgue(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = morgue_folder(self.data) / name
        if not MORGUE_NAME.fullmatch(name) or not path.is_file() or path.is_symlink():
            raise web.HTTPNotFound(text="no such morgue file\n")
        text = await asyncio.to_thread(path.read_text, "utf-8", "replace")
        return web.Response(text=text, content_type="text/plain", charset="utf-8")

    async def games(self, request: web.Request) -> web.StreamResponse:
        return html(live_page(self.live(), self.ssh(request)))

    def today(self) -> str:
        return self.clock().astimezone(UTC).date().isoformat()


def asked_name(request: web.Request) -> str:
    """The host name a request asked for (its ``Host``, without the port); "" if it
    names none or one that cannot be read (``[::1]x``, a port past 65535)."""
    try:
        return request.url.host or ""
    except ValueError:
        return ""


def loopback(text: str) -> bool:
    """Whether ``text`` is a loopback address (127.0.0.0/8, ::1, or 127.x as IPv6)."""
    ip = ip_of(text)
    return ip is not None and ip.is_loopback


def html(text: str) -> web.Response:
    return web.Response(text=text, content_type="text/html", charset="utf-8")


class Listening:
    """The site served on a port (``listen``): where, and how to stop."""

    def __init__(self, site: Site, runner: web.AppRunner, server: asyncio.Server) -> None:
        self.site = site
        self.runner = runner
        self.server = server
        sockets = server.sockets
        self.port: int = sockets[0].getsockname()[1] if sockets else 0

    async def close(self) -> None:
        self.server.close()
        await self.runner.cleanup()
        if self.site.door is not None:
            self.site.door.close()


async def listen(site: Site, host: str, port: int) -> Listening:
    """Serve ``site`` on ``host``:``port``, its connections guarded as the SSH port's are
    (``connections``); OSError if the port cannot be had."""
    runner = web.AppRunner(site.application(), access_log=None, handle_signals=False,
                           keepalive_timeout=KEEPALIVE)
    await runner.setup()
    try:
        server = await asyncio.get_running_loop().create_server(
            guarded(runner.server, new_tally()), host, port, backlog=128)  # type: ignore[arg-type]
    except OSError:
        await runner.cleanup()
        raise
    return Listening(site, runner, server)
