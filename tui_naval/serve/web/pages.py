"""The public pages as HTML text: the front page, the hall of fame, the live games.

Plain HTML with one small inline stylesheet and no script (but the terminal's page,
``terminal_page``, which runs textual-serve's client from this server).  Everything that comes from
the database or from players (names, how a voyage ended, a game's title) is escaped
(``html.escape``), in text and in attributes alike.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from pathlib import Path
from urllib.parse import urlencode

from tui_naval.core.values import frozen
from tui_naval.voyage.hall import Entry

#: A morgue file's name as ``voyage.morgue.morgue_path`` makes it: NAME-DATE-SEED.txt, or
#: NAME-DATE-SEED-N.txt for the same voyage sailed again that day.  Nothing else is served.
MORGUE_NAME = re.compile(r"[A-Za-z0-9_-]{1,200}\.txt")
#: A live game's id as the lobby gives them: a seat's ("s3") or a duel's ("d5").
LIVE_ID = re.compile(r"[sd][0-9]{1,9}")

STYLE = """
body { font-family: ui-monospace, monospace; background: #0b1a2a; color: #d8e2ec;
       margin: 2em auto; max-width: 60em; padding: 0 1em; }
a { color: #7cc7ff; }
h1 { color: #ffd166; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.2em 0.6em; border-bottom: 1px solid #243a52;
         white-space: nowrap; }
td.why { white-space: normal; min-width: 12em; }
.board { overflow-x: auto; }
td.n { text-align: right; }
nav a { margin-right: 1em; }
.dim { color: #8aa0b4; }
.error { color: #ff8a80; }
input, button { font: inherit; background: #12283d; color: #d8e2ec;
                border: 1px solid #3b5a78; padding: 0.3em 0.5em; margin: 0.2em 0; }
button { cursor: pointer; }
"""


@frozen
class LiveGame:
    """A game being played, as the lobby's watch list names it."""

    id: str
    title: str


def page(title: str, body: str) -> str:
    """A whole page: ``title`` (plain text) and ``body`` (HTML, already escaped)."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
            "<nav><a href=\"/\">tui-naval</a><a href=\"/hall\">Hall of fame</a>"
            f"<a href=\"/live\">Live games</a></nav>{body}</body></html>\n")


def front_page(ssh: str, door: DoorShown | None = None) -> str:
    """The front page: how to play (``ssh``: the command that reaches the game; ``door``:
    the web door's forms, where the server has one)."""
    play = ""
    if door is not None:
        play = "<h2>Play in your browser</h2>"
        if door.error:
            play += f"<p class=\"error\" role=\"alert\">{escape(door.error)}</p>"
        if door.name:
            play += (f"<p>Logged in as <b>{escape(door.name)}</b>. "
                     "<a href=\"/play\" id=\"play\">Play</a></p>"
                     "<form method=\"post\" action=\"/logout\"><button type=\"submit\">"
                     "Log out</button></form>")
        else:
            play += (
                "<form method=\"post\" action=\"/login\" class=\"login\">"
                "<label>Name <input name=\"name\" autocomplete=\"username\" required "
                "maxlength=\"64\"></label> <label>Password <input name=\"password\" "
                "type=\"password\" autocomplete=\"current-password\" required "
                "maxlength=\"128\"></label> <button type=\"submit\">Log in</button></form>"
                "<p class=\"dim\">A player known by her SSH key sets her web password in "
                "the SSH lobby (<b>Set a web password</b>): the same saves, Continue and "
                "duels at either door.</p>")
            if door.guests:
                play += ("<form method=\"post\" action=\"/guest\"><button type=\"submit\" "
                         "id=\"guest\">Play as a guest</button> <span class=\"dim\">(your "
                         "games are kept until you log out)</span></form>")
    return page("tui-naval", (
        "<h1>tui-naval</h1><p>A naval wargame in the terminal: wind, sails, broadsides "
        f"and an AI admiral.</p>{play}"
        f"<h2>Play over SSH</h2><p><code>{escape(ssh)}</code></p>"
        "<p><a href=\"/hall\">The hall of fame</a>: the best voyages sailed here, each "
        "with its morgue file.<br><a href=\"/live\">The games being played</a> now.</p>"))


@frozen
class DoorShown:
    """What the front page shows of the web door: who is logged in (``name``, or ""),
    whether guests may come, the last login's error."""

    name: str = ""
    guests: bool = False
    error: str = ""


def terminal_page(title: str, socket: str, ends: Sequence[tuple[str, str]]) -> str:
    """A page that is one terminal (xterm.js, textual-serve's client) on the WebSocket
    ``socket`` (a path of this server); ``ends``: the links (address, label) shown once
    the session has ended."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title>"
            "<link rel=\"stylesheet\" href=\"/static/xterm.css\">"
            "<link rel=\"stylesheet\" href=\"/static/terminal.css\">"
            "<script src=\"/static/textual.js\"></script></head><body>"
            f"<div id=\"terminal\" class=\"textual-terminal\" "
            f"data-session-websocket-url=\"{escape(socket)}\" data-font-size=\"16\"></div>"
            "<div class=\"ended\"><p>The session has ended.</p><p>"
            + " &middot; ".join(f"<a href=\"{escape(href)}\">{escape(label)}</a>"
                                for href, label in ends)
            + "</p></div></body></html>\n")


#: The terminal page's own stylesheet (``/static/terminal.css``): the font xterm.js asks
#: for, served here (nothing is loaded from elsewhere), and the end of a session.
TERMINAL_CSS = """
@font-face { font-family: 'Roboto Mono'; src: url('/static/RobotoMono.ttf'); }
body { margin: 0; background: #0c181f; color: #d8e2ec; overflow: hidden; }
.ended { display: none; }
body.-closed .ended { display: block; position: fixed; top: 40%; width: 100%;
    text-align: center; font-family: ui-monospace, monospace; font-size: 18px;
    background: #12232d; padding: 1em 0; }
.ended a { color: #7cc7ff; }
"""


def morgue_link(entry: Entry, folder: Path) -> str | None:
    """The address of ``entry``'s morgue file when it is one this server keeps (in
    ``folder``, named as the game names them), else None."""
    if not entry.morgue:
        return None
    path = Path(entry.morgue)
    if path.parent != folder or not MORGUE_NAME.fullmatch(path.name):
        return None
    return f"/morgue/{path.name}"


def hall_page(entries: Sequence[tuple[int, Entry]], rulesets: Sequence[str], daily: str,
              ruleset: str, today: str, morgues: Path, problem: str = "") -> str:
    """The hall of fame: ``entries`` (ranked; the daily voyage of ``daily``, or all, of
    ``ruleset`` or all), the boards one may choose (all, ``today``'s daily voyage, each
    ruleset's), ``problem`` in place of the board when the hall could not be read."""
    def board_link(label: str, **query: str) -> str:
        chosen = {k: v for k, v in query.items() if v}
        href = "/hall" + (f"?{urlencode(chosen)}" if chosen else "")
        here = query.get("daily", "") == daily and query.get("ruleset", "") == ruleset
        return f"<b>{escape(label)}</b>" if here else \
            f"<a href=\"{escape(href)}\">{escape(label)}</a>"

    what = f"Daily voyage of {daily}" if daily else "All voyages"
    if ruleset:
        what += f", {ruleset}"
    boards = [board_link("All"), board_link("Today's daily voyage", daily=today)]
    boards += [board_link(name, ruleset=name, daily=daily) for name in rulesets]
    parts = [f"<h1>Hall of fame</h1><p>{' &middot; '.join(boards)}</p>",
             f"<h2>{escape(what)}</h2>"]
    if problem:
        parts.append(f"<p>{escape(problem)}</p>")
    elif not entries:
        parts.append("<p class=\"dim\">No voyage has ended here yet.</p>")
    else:
        rows = ["<tr><th>#</th><th>Captain</th><th>Score</th><th>Ruleset</th><th>Legs</th>"
                "<th>Prizes</th><th>How it ended</th><th>Date</th><th>Morgue</th></tr>"]
        for rank, (_id, entry) in enumerate(entries, 1):
            link = morgue_link(entry, morgues)
            morgue = f"<a href=\"{escape(link)}\">morgue</a>" if link else ""
            rows.append(
                f"<tr><td class=\"n\">{rank}</td><td>{escape(entry.name)}</td>"
                f"<td class=\"n\">{entry.score}</td><td>{escape(entry.ruleset)}</td>"
                f"<td class=\"n\">{entry.legs}</td><td class=\"n\">{entry.prizes}</td>"
                f"<td class=\"why\">{escape(entry.cause)}</td><td>{escape(entry.date)}</td>"
                f"<td>{morgue}</td></tr>")
        parts.append(f"<div class=\"board\"><table>{''.join(rows)}</table></div>")
    return page("tui-naval: hall of fame", "".join(parts))


def live_page(games: Sequence[LiveGame], ssh: str) -> str:
    """The games being played now, each with a link that watches it here."""
    if games:
        items = "".join(f"<li><a href=\"/watch/{escape(game.id)}\">{escape(game.title)}</a>"
                        "</li>" for game in games if LIVE_ID.fullmatch(game.id))
        body = f"<ul>{items}</ul>"
    else:
        body = "<p class=\"dim\">No game is being played just now.</p>"
    return page("tui-naval: live games", (
        f"<h1>Live games</h1>{body}<p>Follow one here, or from the SSH lobby (<b>w</b>): "
        f"<code>{escape(ssh)}</code></p>"))
