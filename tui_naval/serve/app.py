"""The app a served game process runs: the game's own, with its link to the server.

It tells the server what game it shows, as a save's document, whenever the game moves
(the lobby's watchers draw it from that; only the game up to its first order still hidden
in a plot), leaves when the server says so (saving as on
quit), and hands the other messages to the screen that listens for them (the lobby,
a watch, a duel), on the app's own loop: a message that fails there fails as any of the
app's errors (the crash log, one line), never in the link's thread.  Once the app is
leaving, what the server says is dropped: its screens are being taken down.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from typing import Any

from rich.console import RenderableType
from textual import events

from tui_naval.app.link import Listener, Message
from tui_naval.serve.link import ChildLink
from tui_naval.tui.app import Config, NavalApp, ScreenFactory

#: Seconds between looks at the game in progress, for the watchers.
LIVE_EVERY = 0.5


class ServedApp(NavalApp):
    """``NavalApp`` with a link to the server."""

    def __init__(self, config: Config, link: ChildLink, first: ScreenFactory | None = None,
                 resume: bool = False) -> None:
        super().__init__(config, first)
        self.link = link
        self.server = self  # (a ``ServerLine``: the served screens talk through it)
        #: Continue the autosaved game (or voyage) as the title screen would.
        self.resume = resume
        #: The screen the server's messages go to (``listen``), and those that came before
        #: it was there.
        self.listener: Listener | None = None
        self._unheard: list[Message] = []
        self._live_key: tuple[object, ...] | None = None
        #: The app is leaving (``exit``): the server's messages go nowhere.
        self.leaving = False
        #: Lines for the player once the terminal is given back (``tell``).
        self.last_words: list[str] = []
        #: The lobby's key for another game was pressed: the keys typed from then on
        #: are that game's, sent back to the server (``typed``), which hands them on.
        self.handing_over = False

    def on_mount(self) -> None:
        # (Textual calls NavalApp.on_mount as well, after this: each class's handler in
        # turn.  Calling it here too opened every screen twice, and the server's first
        # messages went to a screen under the one shown.)
        self.link.listen(self._heard)
        self.set_interval(LIVE_EVERY, self.publish)
        if self.resume:
            self.call_after_refresh(self._continue)

    def on_unmount(self) -> None:
        # (NavalApp.on_unmount is called by Textual after this, as on_mount.)
        self.leaving = True

    def _open_screens(self) -> None:
        super()._open_screens()
        # (The server holds the keys typed meanwhile: as the lobby hands over to a game,
        # and before the first screen is up.)
        self.call_after_refresh(self.send, {"t": "ready"})

    def _continue(self) -> None:
        from tui_naval.tui.screens.title import TitleScreen

        screen = self.screen
        if isinstance(screen, TitleScreen):
            screen.action_continue_game()
        else:
            self.call_after_refresh(self._continue)

    def send(self, message: Message) -> None:
        self.link.send(message)

    async def on_event(self, event: events.Event) -> None:
        # (Keys come here first, in the order typed; a key's binding runs later, after
        # the keys behind it have been passed on to the screen: ``pn`` typed at once
        # opened the title screen, the ``n`` gone with the lobby.)
        if isinstance(event, events.Key) and not event.is_forwarded:
            from tui_naval.tui.screens.lobby import LobbyScreen

            if self.handing_over:
                if event.character:
                    self.send({"t": "typed", "keys": event.character})
                return
            screen = self.screen
            if isinstance(screen, LobbyScreen) and screen.hands_over(event.key):
                self.handing_over = True
        await super().on_event(event)

    def _heard(self, message: Message | None) -> None:
        """(The link's thread.)  Queue ``heard`` on the app's loop, behind what is queued
        there already: its errors are the app's."""
        if self.leaving or not self.is_running:
            return
        with contextlib.suppress(RuntimeError):  # the app has closed
            self.call_from_thread(self.call_later, self.heard, message)

    def exit(self, result: int | None = None, return_code: int = 0,
             message: RenderableType | None = None) -> None:
        self.leaving = True
        super().exit(result, return_code, message)

    def crashing(self, error: Exception) -> None:
        self.leaving = True
        super().crashing(error)

    def heard(self, message: Message | None) -> None:
        if self.leaving:
            return
        if message is None or message.get("t") == "leave":
            self.action_quit()
            return
        if message.get("t") == "notice":  # (a game refused says why)
            self.handing_over = False

        if self.listener is None:
            self._unheard.append(message)
        else:
            self.listener.link_message(message)

    def listen(self, listener: Listener) -> None:
        """Send the server's messages to ``listener`` from now on (and those held)."""
        self.listener = listener
        held, self._unheard = self._unheard, []
        for message in held:
            listener.link_message(message)

    def forget(self, listener: Listener) -> None:
        """``listener`` has closed: hold the messages until the next one listens."""
        if self.listener is listener:
            self.listener = None

    def publish(self) -> None:
        """Send the game in progress to the server if it has moved since last time: up to
        its first order still hidden from anyone (a plot's, the AI's or the player's, until
        its step closes; a duel's other side's never reach this process before)."""
        session = self.match.session if self.match is not None else None
        if session is None:
            key: tuple[object, ...] | None = None
        else:
            game = session.game
            key = (id(game), len(game.orders), id(game.state))
        if key == self._live_key:
            return
        self._live_key = key
        if session is None:
            self.send({"t": "live", "doc": None})
            return
        from tui_naval.core.saves import to_document

        doc: dict[str, Any] = to_document(session.game.revealed())  # no plot in hiding
        doc["seats"] = dict(session.seats)
        self.send({"t": "live", "doc": doc})


#: The app running in this process (``run_served``), for ``tell``.
running: ServedApp | None = None


def tell(line: str) -> None:
    """Show the player ``line``, from any thread: a notice while the app runs; once it is
    leaving, on the terminal after the app has given it back."""
    app = running
    if app is None:
        print(line, file=sys.__stderr__, flush=True)
    elif app.leaving or not app.is_running:
        app.last_words.append(line)
    elif threading.current_thread() is threading.main_thread():  # (the app's thread)
        app.notify(line, severity="error", markup=False, timeout=10)
    else:
        try:
            app.call_from_thread(app.notify, line, severity="error", markup=False,
                                 timeout=10)
        except RuntimeError:  # it has stopped meanwhile
            app.last_words.append(line)


def run_served(config: Config, link: ChildLink, first: ScreenFactory | None = None,
               resume: bool = False) -> int:
    """Run the served app until it exits; its return code (as ``launch.run_app``)."""
    from tui_naval.tui.launch import run_app

    global running
    app = running = ServedApp(config, link, first, resume)
    try:
        return run_app(config, app=app)
    finally:
        running = None
        for line in app.last_words:
            print(line, file=sys.__stderr__, flush=True)

