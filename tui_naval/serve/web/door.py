"""The web door: log in (a name and web password, or as a guest), then play in the page.

``POST /login``, ``POST /guest`` and ``POST /logout`` set or clear the login's cookie
(``logins.COOKIE``: HttpOnly, SameSite=Strict, Path=/) and go back to the front page
(a failed login says why there, ``/?error=WORD``, in one line that never tells
whether the name exists).
``/play`` is the terminal page of a logged-in player, ``/play/socket`` its WebSocket (the
lobby, then the games picked there: ``play.WebSession``); ``/watch/ID`` and
``/watch/ID/socket`` follow a live game with no login (``pages.live_page`` links them).
``/static/...`` serves the terminal's client, from the textual-serve package.

A form or a WebSocket from another site is refused (its ``Origin`` must be this host),
so no page elsewhere can log a visitor in, out, or into a game.  Each WebSocket is a
session of the server's, counted with the SSH ones (``Host.count``); once open it
leaves the web port's count of connections and its time to live (``connections``).
"""

from __future__ import annotations

import logging
from pathlib import Path
from urllib.parse import urlsplit

import textual_serve
from aiohttp import web

from tui_naval.serve.host import Host
from tui_naval.serve.limits import source
from tui_naval.serve.web.logins import COOKIE, LIFETIME, Login, Logins
from tui_naval.serve.web.pages import LIVE_ID, TERMINAL_CSS, terminal_page
from tui_naval.serve.web.play import play

log = logging.getLogger("tui_naval.serve")

#: textual-serve's client: xterm.js and its glue, its stylesheet, its font.
CLIENT = Path(textual_serve.__file__).parent / "static"
STATIC = {"textual.js": (CLIENT / "js" / "textual.js", "application/javascript"),
          "xterm.css": (CLIENT / "css" / "xterm.css", "text/css"),
          "RobotoMono.ttf": (CLIENT / "fonts" / "RobotoMono-VariableFont_wght.ttf",
                             "font/ttf")}
#: What the terminal's page may load and run: this server's script, styles and font,
#: and its WebSocket.
TERMINAL_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                   "font-src 'self'; img-src 'self' data:; connect-src 'self'; "
                   "frame-ancestors 'none'")


class Door:
    """The web door of one server."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.logins = Logins(host)

    def routes(self) -> list[web.RouteDef]:
        return [web.post("/login", self.login), web.post("/guest", self.guest),
                web.post("/logout", self.logout), web.get("/play", self.page),
                web.get("/play/socket", self.socket), web.get("/watch/{id}", self.watch_page),
                web.get("/watch/{id}/socket", self.watch_socket),
                web.get("/static/terminal.css", self.terminal_css),
                web.get("/static/{name}", self.static)]

    # -- who is asking -------------------------------------------------------------------
    def login_of(self, request: web.Request) -> Login | None:
        return self.logins.get(request.cookies.get(COOKIE))

    @staticmethod
    def same_site(request: web.Request) -> bool:
        """Whether a form or WebSocket comes from this site's own page (a browser says
        where in ``Origin``; a request without one is no browser's, and no page's)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        parts = urlsplit(origin)
        return parts.netloc.lower() == request.host.lower() and parts.scheme in ("http",
                                                                                  "https")

    def _checked(self, request: web.Request) -> None:
        if not self.same_site(request):
            raise web.HTTPForbidden(text="forms come from this site's own pages\n")

    # -- logging in and out --------------------------------------------------------------
    async def login(self, request: web.Request) -> web.StreamResponse:
        self._checked(request)
        form = await request.post()
        name, password = form.get("name"), form.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            return back("form")
        login = await self.logins.password(source(request.remote or "?"), name, password)
        if isinstance(login, str):
            log.info("%s: a web login as %r failed", request.remote, name[:64])
            return back(login)
        log.info("%s: %s logged in at the web door", request.remote, login.name)
        return logged_in(login)

    async def guest(self, request: web.Request) -> web.StreamResponse:
        self._checked(request)
        login = self.logins.guest(source(request.remote or "?"))
        if isinstance(login, str):
            return back(login)
        return logged_in(login)

    async def logout(self, request: web.Request) -> web.StreamResponse:
        self._checked(request)
        login = self.login_of(request)
        if login is not None:
            self.logins.drop(login, "you have logged out: your game was saved")
        response = web.HTTPSeeOther("/")
        response.del_cookie(COOKIE, path="/")
        raise response

    # -- playing -------------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.StreamResponse:
        login = self.login_of(request)
        if login is None:
            raise web.HTTPSeeOther("/")
        return terminal(terminal_page(f"tui-naval: {login.name}", "/play/socket",
                                      [("/play", "Play again"), ("/", "The front page")]))

    async def socket(self, request: web.Request) -> web.StreamResponse:
        login = self.login_of(request)
        if login is None or not self.same_site(request):
            raise web.HTTPForbidden(text="log in first\n")
        try:
            return await play(request, self.host, login)
        finally:
            self.logins.left(login)

    async def watch_page(self, request: web.Request) -> web.StreamResponse:
        game = self._game(request)
        return terminal(terminal_page(f"tui-naval: watching {game}", f"/watch/{game}/socket",
                                      [("/live", "The games being played")]))

    async def watch_socket(self, request: web.Request) -> web.StreamResponse:
        game = self._game(request)
        if not self.same_site(request):
            raise web.HTTPForbidden(text="watch from this site's own page\n")
        if not self.host.logins.allow(source(request.remote or "?")):
            raise web.HTTPTooManyRequests(text="too many games opened from here: wait a "
                                               "minute\n")
        return await play(request, self.host, None, ("watch", game), lobby_after=False)

    @staticmethod
    def _game(request: web.Request) -> str:
        game = request.match_info["id"]
        if not LIVE_ID.fullmatch(game):
            raise web.HTTPNotFound(text="no such game\n")
        return game

    # -- the client ----------------------------------------------------------------------
    async def static(self, request: web.Request) -> web.StreamResponse:
        found = STATIC.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound(text="no such file\n")
        path, kind = found
        return web.FileResponse(path, headers={"Content-Type": kind,
                                               "Cache-Control": "max-age=86400"})

    async def terminal_css(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text=TERMINAL_CSS, content_type="text/css")

    def close(self) -> None:
        self.logins.close()


def terminal(text: str) -> web.Response:
    return web.Response(text=text, content_type="text/html", charset="utf-8",
                        headers={"Content-Security-Policy": TERMINAL_POLICY})


def back(error: str) -> web.StreamResponse:
    """To the front page, which says what ``error`` (a key of ``logins.ERRORS``) means."""
    raise web.HTTPSeeOther(f"/?error={error}")


def logged_in(login: Login) -> web.StreamResponse:
    response = web.HTTPSeeOther("/play")
    response.set_cookie(COOKIE, login.token, path="/", max_age=int(LIFETIME), httponly=True,
                        samesite="Strict")
    raise response
