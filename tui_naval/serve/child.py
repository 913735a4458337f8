"""What runs inside each pseudo-terminal the server opens: ``python -m
tui_naval.serve.child MODE``.

MODE is ``lobby``, ``play`` (the title screen), ``continue`` (the autosaved game, as
the title screen's Continue), ``watch`` or ``duel``; the lobby, a watch and a duel
read what they show from the server's first message on the link.

No traceback reaches the player: whatever fails, in any thread, goes to the crash log
in the server's data folder, and the player is told one line naming the log (not
where it is: the host's folder).
"""

from __future__ import annotations

import contextlib
import fcntl
import signal
import sys
import termios
import warnings
from collections.abc import Sequence

from tui_naval.app import crash_log
from tui_naval.serve.link import ChildLink, Message

#: Seconds to wait for the server's first message.
FIRST_MESSAGE = 30.0


def take_terminal() -> None:
    """Make standard input's terminal this process's controlling terminal (the process
    leads a session of its own), so resizes reach it as SIGWINCH and a hang-up as
    SIGHUP; and let a hang-up end it until the game's own handler saves first (a server
    started under ``nohup`` hands its games SIGHUP ignored)."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    with contextlib.suppress(OSError):
        fcntl.ioctl(sys.stdin.fileno(), termios.TIOCSCTTY, 0)


def tell_player(line: str) -> None:
    """The crash hooks' line to the player: on the game's screen while it runs, else on
    the terminal."""
    from tui_naval.serve import app  # (Textual: imported by then, unless very early)

    app.tell(line)


def say(line: str) -> int:
    print(f"tui-naval: {line}", file=sys.stderr)
    return 1


def first_message(link: ChildLink) -> Message | None:
    link.sock.settimeout(FIRST_MESSAGE)
    try:
        return link.read()
    finally:
        link.sock.settimeout(None)


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    mode = words[0] if words else "lobby"
    crash_log.hide_paths()
    crash_log.install_hooks(tell_player)
    # (A warning is printed with the server's paths, on the player's terminal.)
    warnings.simplefilter("ignore")
    take_terminal()
    link = ChildLink.from_environment()
    if link is None:
        return say("this runs under `tui-naval serve` only")
    from tui_naval.app.collection import collection_paused

    first = first_message(link)
    if first is None:
        return say("the server did not answer")
    if first.get("t") == "gone":
        return say(str(first.get("why", "that game is gone")))
    with collection_paused():
        return run(mode, link, first)


def run(mode: str, link: ChildLink, first: Message) -> int:
    from tui_naval.serve.app import run_served
    from tui_naval.tui.app import Config

    # (The first message of a game of her own names the player: her voyages' captain.)
    config = Config(player=str(first.get("name") or "") if first.get("t") == "hello" else "")
    if mode == "lobby":
        from tui_naval.tui.screens.lobby import LobbyScreen

        return run_served(config, link, lambda: LobbyScreen(first))
    if mode == "play":
        return run_served(config, link)
    if mode == "continue":
        return run_served(config, link, resume=True)
    if mode == "watch" and first.get("t") == "watched":
        from tui_naval.tui.modes.watch import watch_screen

        screen = watch_screen(first)
        if isinstance(screen, str):
            return say(screen)
        return run_served(config, link, lambda: screen)
    if mode == "duel" and first.get("t") == "duel":
        from tui_naval.tui.modes.duel import duel_screen

        duel = duel_screen(first)
        if isinstance(duel, str):
            return say(duel)
        return run_served(config, link, lambda: duel)
    return say(f"unknown mode {mode!r}")


if __name__ == "__main__":
    sys.exit(main())
