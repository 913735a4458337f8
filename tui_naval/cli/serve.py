"""``tui-naval serve``: the command line's part (``add``)."""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tui_naval.app.setup import SetupError
from tui_naval.core.messages import one_line

EXIT_USAGE = 2


def add(sub: Any, name: str = "serve") -> None:
    """Add ``serve`` to the command line's subcommands (``sub``: argparse's)."""
    serve = sub.add_parser(
        "serve", help="serve the game over SSH: players connect with `ssh -p PORT HOST`",
        epilog="Players log in with their SSH key (the first login chooses a name); with "
               "--guests anyone may log in with any password, and guests' games are not "
               "kept.  The host key, the players and their games live in the data folder.")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    serve.add_argument("--port", type=port_number, default=2222, help="port (default 2222)")
    serve.add_argument("--web", type=port_number, metavar="PORT",
                       help="also open the web door on PORT (same address): the game in "
                            "a browser tab (a name and web password, or a guest), the hall "
                            "of fame with its morgue files, the games being played")
    serve.add_argument("--web-name", action="append", default=[], metavar="NAME",
                       help="a name the web door is known by (its public name, a reverse "
                            "proxy's, an alias in /etc/hosts; may be given again): pages "
                            "asked for by another name are refused, a guard against DNS "
                            "rebinding (without it: over the loopback only localhost's "
                            "names, from elsewhere any name)")
    serve.add_argument("--data", metavar="DIR",
                       help="data folder: host key, players, saves (default: the game's "
                            "data folder, $TUI_NAVAL_DATA or ~/.local/share/tui-naval)")
    serve.add_argument("--guests", action="store_true",
                       help="let anyone in as a guest: over SSH with any password, at the "
                            "web door with Play as a guest")
    serve.add_argument("--max-sessions", type=positive, default=32, metavar="N",
                       help="games at once, in all (default 32)")
    serve.add_argument("--max-per-address", type=positive, default=4, metavar="N",
                       help="games at once from one address (default 4)")
    serve.add_argument("--idle-timeout", type=minutes, default=30.0, metavar="MINUTES",
                       help="close a session after this long without a key (default 30; "
                            "0: never)")
    serve.add_argument("--session-limit", type=minutes, default=0.0, metavar="MINUTES",
                       help="close a session after this long, however busy (default 0: "
                            "no limit)")
    serve.add_argument("--logins-per-minute", type=positive, default=10, metavar="N",
                       help="connections one address may open a minute (default 10)")
    serve.add_argument("--max-startups", type=positive, default=64, metavar="N",
                       help="connections not yet logged in, in all: more are closed at "
                            "once (default 64)")
    serve.add_argument("--max-startups-per-address", type=positive, default=8, metavar="N",
                       help="connections not yet logged in from one address (default 8)")
    serve.add_argument("--login-grace", type=seconds, default=30.0, metavar="SECONDS",
                       help="time a connection has to log in (default 30)")
    serve.add_argument("--unused-timeout", type=seconds, default=60.0, metavar="SECONDS",
                       help="close a logged-in connection with no session after this long "
                            "(default 60; 0: never)")
    serve.set_defaults(func=cmd_serve)


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {one_line(text, 20)!r}") \
            from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError("a port is 0 to 65535")
    return port


def positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {one_line(text, 20)!r}") \
            from None
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def duration(unit: str, most: float, most_said: str) -> Callable[[str], float]:
    """An option's parser for a number of ``unit`` from 0 to ``most``."""

    def parse(text: str) -> float:
        try:
            number = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"not a number of {unit}: {one_line(text, 20)!r}") from None
        if not 0 <= number <= most:
            raise argparse.ArgumentTypeError(f"0 to {most:g} {unit} ({most_said})")
        return number

    return parse


minutes = duration("minutes", 7 * 24 * 60, "a week")
seconds = duration("seconds", 24 * 60 * 60, "a day")


def config_from(args: argparse.Namespace) -> Any:
    """The server's settings from the command line (a one-line SetupError if unusable)."""
    from tui_naval.core.data_folder import data_folder
    from tui_naval.serve.host import ServeConfig
    from tui_naval.serve.limits import Limits

    host = args.host.strip()
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if not host or any(c.isspace() for c in host):
            raise SetupError(f"--host {one_line(host, 40)!r}: not an address") from None
    data = Path(args.data).expanduser() if args.data else data_folder()
    if data.exists() and not data.is_dir():
        raise SetupError(f"--data {one_line(str(data), 60)}: not a folder")
    limits = Limits(sessions=args.max_sessions, per_address=args.max_per_address,
                    idle_timeout=args.idle_timeout * 60,
                    session_limit=args.session_limit * 60, logins=args.logins_per_minute,
                    startups=args.max_startups,
                    startups_per_address=args.max_startups_per_address,
                    login_grace=args.login_grace, unused_timeout=args.unused_timeout)
    names = tuple(web_name(name) for name in args.web_name)
    return ServeConfig(data=data, host=host, port=args.port, guests=args.guests,
                       limits=limits, web_port=args.web, web_names=names)


#: A host name as ``--web-name`` takes it.
HOST_NAME = re.compile(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*")


def web_name(text: str) -> str:
    """A ``--web-name``: a host name, in lower case (a one-line SetupError if not one)."""
    name = text.strip().lower().rstrip(".")
    if len(name) > 253 or not HOST_NAME.fullmatch(name):
        raise SetupError(f"--web-name {one_line(text, 40)!r}: not a host name")
    return name


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the server until SIGTERM or Ctrl+C."""
    import logging

    from tui_naval.serve.server import ServeError, serve

    config = config_from(args)
    logging.basicConfig(level=logging.WARNING, format="tui-naval: %(message)s")
    logging.getLogger("tui_naval.serve").setLevel(logging.INFO)
    try:
        asyncio.run(serve(config))
    except ServeError as exc:
        raise SetupError(str(exc)) from None
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m tui_naval.cli.serve [OPTIONS]``: ``tui-naval serve`` on its own
    (errors in one line, exit status 2)."""
    import sys


    parser = argparse.ArgumentParser(prog="tui-naval")
    add(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["serve", *(sys.argv[1:] if argv is None else argv)])
    try:
        code: int = args.func(args)
    except SetupError as exc:
        print(one_line(f"tui-naval: error: {exc}"), file=sys.stderr)
        return EXIT_USAGE
    return code


if __name__ == "__main__":
    raise SystemExit(main())
