"""A duel over ``tui-naval serve``: this player's side at this terminal, the other
player's at theirs.

The server referees (``serve.duel``); this screen plays the same orders on its own copy
of the game: the player's own through the prompt (each sent to the server as it is
played), the other side's as they arrive (a ``RemotePlayer`` waits for them, as the
battle waits for an AI).  The game is shown as this side may know it (``observe``: the
other side's plotted orders stay hidden until both have plotted), with a clock on the
decision the game waits for.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import BindingType

from tui_naval.app.seats import HumanPlayer, RemotePlayer
from tui_naval.app.session import HUMAN, Session
from tui_naval.core.history import Game
from tui_naval.core.orders import IllegalOrder
from tui_naval.core.state import GameState
from tui_naval.tui import keys
from tui_naval.tui.screens.game import GameScreen
from tui_naval.tui.screens.lobby import served

Message = dict[str, Any]

DUEL_KEYS = keys.DUEL


def duel_screen(message: Message) -> DuelScreen | str:
    """The screen for the server's ``duel`` message (the game replayed to where it
    stands), or why there is none."""
    from tui_naval.core.saves import get_converter
    from tui_naval.core.scenario import Setup
    from tui_naval.rulesets import UnknownRuleset, find_ruleset

    try:
        setup = get_converter().structure(message["setup"], Setup)
        game = Game(find_ruleset(setup.ruleset), setup)
        for text in message.get("orders", []):
            decision = game.decision()
            if decision is None:
                return "the duel's orders go on past its end"
            game.play(decision.find(str(text)))
    except (KeyError, ValueError, TypeError, UnknownRuleset, IllegalOrder) as exc:
        return f"the duel cannot be shown: {exc}"
    side = str(message.get("side"))
    if side not in game.state.sides:
        return "the duel has no side for you"
    names = {str(k): str(v) for k, v in dict(message.get("names", {})).items()}
    here = {str(s) for s in message.get("here", [])}
    return DuelScreen(game, side, names, here, int(message.get("id", 0)))


class DuelScreen(GameScreen):
    """One side of a duel."""

    COMMAND_SET = DUEL_KEYS
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(DUEL_KEYS)
    OVER_HINT = "q goes back to the lobby; the duel is in your saves"

    def __init__(self, game: Game, side: str, names: dict[str, str], here: set[str],
                 duel_id: int = 0) -> None:
        super().__init__(Session(game, dict.fromkeys(game.state.sides, HUMAN)))
        self.side = side
        self.names = names
        self.duel_id = duel_id
        self.remote = RemotePlayer()
        self.players = {s: HumanPlayer() if s == side else self.remote
                        for s in game.state.sides}
        #: The sides whose players are at their terminals now.
        self.here = here | {side}
        #: The sides that left since this screen opened (their return is "back").
        self._gone: set[str] = set()
        #: Orders before this index are played here already.
        self._known = len(game.orders)
        #: When the decision the game waits on was first asked (for the clock).
        self._asked_at = (len(game.orders), time.monotonic())
        self.out_of_step = ""

    def on_mount(self) -> None:
        super().on_mount()
        served(self).listen(self)
        self.set_interval(1.0, self.set_status)

    def on_unmount(self) -> None:
        self.remote.close()
        served(self).forget(self)

    def ai_delay(self) -> float:
        return 0.0  # the other side's orders are shown as soon as they arrive

    def advance(self) -> None:
        if self.out_of_step:
            self.prompt.wait(f"[b]{self.out_of_step}[/b]",
                             "[dim]q goes back to the lobby; return to the duel from there"
                             "[/dim]")
            return
        if self._asked_at[0] != len(self.game.orders):
            self._asked_at = (len(self.game.orders), time.monotonic())
        super().advance()

    def played(self, before: GameState, after: GameState) -> None:
        decision = self.game.ruleset.decision(before)
        index = len(self.game.orders) - 1
        if index >= self._known:
            self._known = index + 1
        if decision is not None and decision.side == self.side:
            served(self).send({"t": "play", "index": index,
                               "order": str(self.game.orders[-1])})

    def script_stopped(self, problem: str) -> None:
        self.notify("The other side's orders stopped coming: back to the lobby, and return "
                    "to the duel from there.", severity="error", markup=False)

    # -- what the server says ------------------------------------------------------------
    def link_message(self, message: Message) -> None:
        kind = message.get("t")
        if kind == "order" and message.get("by") != self.side:
            index = int(message.get("index", -1))
            if index >= self._known:
                self._known = index + 1
                self.remote.deliver(str(message.get("order", "")))
        elif kind == "presence":
            side = str(message.get("side"))
            name = self.names.get(side, side)
            if message.get("here"):
                if side in self._gone:
                    self.notify(f"{name} is back.", timeout=4, markup=False)
                elif side not in self.here:
                    self.notify(f"{name} joins the duel.", timeout=4, markup=False)
                self._gone.discard(side)
                self.here.add(side)
            else:
                self.here.discard(side)
                self._gone.add(side)
                self.notify(f"{name} has left the duel; it waits for them to come back.",
                            timeout=6, markup=False)
            self.set_status()
        elif kind == "rejected":
            self.out_of_step = "The server did not take your order"
            self.notify(str(message.get("error", "")), title=self.out_of_step,
                        severity="error", markup=False)
            self.advance()

    # -- the status line -------------------------------------------------------------------
    def viewer(self) -> str | None:
        return self.side

    def status_right(self) -> Text:
        """Who plays which side, whose decision it is, and for how long it has waited."""
        text = Text.assemble(("You: ", "dim"), (self.side, "bold"))
        decision = self.game.decision()
        if decision is None or self.game.state.outcome is not None:
            return text.append(" ")
        waited = int(time.monotonic() - self._asked_at[1])
        who = "you" if decision.side == self.side else \
            self.names.get(decision.side, decision.side)
        text.append(f"  {who} to decide ", style="dim")
        text.append(f"{waited // 60}:{waited % 60:02d}", style="bold")
        if decision.side not in self.here:
            text.append(" (away)", style="bold yellow")
        return text.append(" ")
