"""What the ways of playing under ``tui-naval serve`` share (a duel, a watched game): they
hear the server's messages while their screen is up, and ``q`` leaves for the lobby (the
game's process ends; the server shows the lobby again)."""

from __future__ import annotations

from tui_naval.app.link import Message
from tui_naval.tui.modes.base import Mode
from tui_naval.tui.screens.lobby import served


class ServedMode(Mode):
    """A way of playing that talks with the server."""

    def mounted(self) -> None:
        served(self.screen).listen(self)

    def unmounted(self) -> None:
        served(self.screen).forget(self)

    def do_leave(self) -> None:
        self.leave()

    def leave(self) -> None:
        """For the lobby: the game's process leaves."""
        self.screen.naval.action_quit()

    def link_message(self, message: Message) -> None:
        """What the server says (each served mode hears its own kinds)."""
