"""A battle: the player at the helm of a side against the AI (or a friend), with undo, named
saves and an autosave at every turn's end; a game-over dialog at the end."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from tui_naval.app.happened import Happening, Over, Played
from tui_naval.app.match import Match, Undo
from tui_naval.app.question import Question
from tui_naval.app.record import note_finished
from tui_naval.app.session import Session, load_session, save_path, save_session
from tui_naval.app.standing import StandingOrder, offers, one_turn
from tui_naval.core.history import Game
from tui_naval.core.saves import SaveError, prepare_saving
from tui_naval.tui import keys
from tui_naval.tui.modes.base import Mode
from tui_naval.tui.screens.match import MatchScreen

#: An AI side with this many vessels afloat or fewer has each move shown for the whole delay;
#: a larger fleet's moves are shown faster, so that a turn takes about as long.
PACED_FLEET = 3


class BattleMode(Mode):
    """A game with the player here on at least one side."""

    COMMANDS: ClassVar[tuple[keys.Command, ...]] = keys.BATTLE
    TAG = "battle"
    over_hint = "u undoes your last decision, q goes back to the menu"
    #: Named saves and loads (``s``, ``o``).
    saves = True

    def __init__(self, match: Match) -> None:
        super().__init__(match)
        #: The AI's moves fast-forwarded.
        self.fast = False
        self._over_shown = False
        match.pace = self.pace

    def pace(self) -> float:
        """The AI's moves one by one at the set pace; a large fleet's faster (``PACED_FLEET``
        vessels' worth of moves a step), so a 20-ship turn takes a few seconds."""
        if self.fast:
            return 0.0
        state = self.match.state
        afloat = sum(1 for s in state.ships if s.afloat and not self.match.is_here(s.side))
        return self.screen.naval.config.ai_delay * min(1.0, PACED_FLEET / max(1, afloat))

    def mounted(self) -> None:
        self.autosaved()
        # Once the screen is drawn, a thread does what the first autosave would do the
        # first time (imports, the save converter): the end of turn 1 does not stall.
        game = self.match.game
        self.screen.call_after_refresh(
            lambda: self.screen.run_worker(lambda: prepare_saving(game), thread=True,
                                           group="saves", exit_on_error=False))

    def autosaved(self) -> None:
        """This game is the one the app autosaves (on quit, on a hang-up)."""
        self.screen.naval.match = self.match

    # -- keys ------------------------------------------------------------------------------
    def check(self, name: str) -> bool | None:
        match = self.match
        if name in ("undo", "redo"):
            if match.undo_policy is Undo.NONE:
                return False
            able = match.can_undo() if name == "undo" else match.can_redo()
            return None if not able else True
        if name in ("save", "load"):
            return self.saves
        if name == "skip":
            return match.thinking
        return True

    def bindings_key(self) -> tuple[object, ...]:
        return (self.match.can_undo(), self.match.can_redo())

    def do_undo(self) -> None:
        if not self.match.undo():
            self.screen.notify("Nothing to undo: you have made no decision yet.", timeout=3)
            return
        self._over_shown = False

    def do_redo(self) -> None:
        if not self.match.redo():
            self.screen.notify("Nothing to redo.", timeout=3)

    def do_toggle_fast(self) -> None:
        self.fast = not self.fast
        if self.fast:
            self.match.skip()
        self.screen.notify("The AI's moves are fast-forwarded." if self.fast
                           else "The AI's moves are shown one by one.", timeout=2)

    def do_skip(self) -> None:
        self.match.skip()

    # -- standing orders ---------------------------------------------------------------
    def _asked_here(self) -> Question | None:
        question = self.screen.asked
        if question is None or not self.match.is_here(question.side) \
                or self.match.question is not question:
            self.screen.notify("Standing orders are given at one of your prompts.", timeout=3)
            return None
        return question

    def do_standing(self) -> None:
        """Offer the standing orders for the decision asked (this ship's, or every
        ship's), and the cancelling of those given."""
        from tui_naval.tui.screens.lobby import ChoiceDialog

        question = self._asked_here()
        if question is None:
            return
        decision = question.decision
        offered = {offer.key: offer for offer in offers(self.match.ruleset, decision.kind)}
        choices = []
        for offer in offered.values():
            if decision.ship:
                choices.append((f"ship {offer.key}", f"{offer.label}  ({decision.ship} only)"))
            choices.append((f"side {offer.key}", f"{offer.label}  (every ship)"))
        given = [o for o in self.match.standing.orders if o.side == decision.side]
        if given:
            choices.append(("cancel", f"Cancel your standing orders ({len(given)}: "
                            + "; ".join(o.describe() for o in given) + ")"))
        title = (f"Standing orders: who answers {decision.kind} decisions until something "
                 "changes (you are asked then, and told why)")

        def chosen(choice: str | None) -> None:
            if choice == "cancel":
                self.match.cancel(decision.side)
                self.screen.notify("Your standing orders are cancelled.", timeout=3)
            elif choice:
                whose, key = choice.split(" ", 1)
                self.match.give(StandingOrder(key, decision.kind, decision.side,
                                              decision.ship if whose == "ship" else "",
                                              label=offered[key].label))

        self.screen.app.push_screen(ChoiceDialog(title, choices), chosen)

    def do_same_as_last_turn(self) -> None:
        """Every ship of the player's side gives this turn the orders she gave last turn."""
        question = self._asked_here()
        if question is not None:
            self.match.give(one_turn(question.side, self.match.state.turn))

    def do_save(self) -> None:
        from tui_naval.tui.dialogs.save import SaveDialog

        setup = self.match.game.setup
        default = f"{setup.map_name}-seed{setup.seed}-turn{self.match.state.turn}"
        config = self.screen.naval.config
        self.screen.app.push_screen(SaveDialog(default, config.save_dir), self._save_as)

    def _save_as(self, name: str | None) -> None:
        if not name:
            return
        config = self.screen.naval.config
        path = save_path(config.save_dir, name)
        try:
            save_session(self.match.session, path, config.clock())
        except SaveError as exc:
            self.screen.notify(str(exc), title="Not saved", severity="error", markup=False)
            return
        from tui_naval.tui.dialogs.save import shown_path

        self.screen.notify(f"Saved to {shown_path(path)}", title="Saved", timeout=4,
                           markup=False)

    def do_load(self) -> None:
        from tui_naval.tui.dialogs.load import LoadDialog

        self.screen.app.push_screen(LoadDialog(self.screen.naval.config.save_dir), self._load)

    def _load(self, path: Path | None) -> None:
        if path is None:
            return
        naval = self.screen.naval
        try:
            session = load_session(path, naval.opponent())
        except SaveError as exc:
            self.screen.notify(str(exc), title="Cannot load", severity="error", markup=False)
            return
        naval.autosave()
        naval.switch_screen(session_screen(session))

    def do_leave(self) -> None:
        self.leave()

    def leave(self) -> None:
        """Autosave and go back to the title screen."""
        naval = self.screen.naval
        naval.autosave(quiet=False)
        naval.match = None
        self.screen.dismiss(None)

    # -- as the match goes -----------------------------------------------------------------
    def happened(self, happening: Happening) -> None:
        super().happened(happening)
        if isinstance(happening, Played):
            move = happening.move
            if move.after.turn != move.before.turn or move.after.outcome is not None:
                self.turn_ended()
        elif isinstance(happening, Over) and not self._over_shown:
            self._over_shown = True
            here = self.match.session.human_sides()
            if here:
                note_finished(self.screen.naval.config.save_dir,
                              won=happening.outcome.winner in here)
            self.over()

    def turn_ended(self) -> None:
        """A turn has ended (or the game): the autosave."""
        self.screen.naval.autosave(quiet=False)

    def over(self) -> None:
        """The game is over: what next."""
        from tui_naval.tui.dialogs.game_over import GameOverDialog

        self.screen.app.push_screen(GameOverDialog(self.match.session,
                                                   undo=self.check("undo") is True),
                                    self._after_game)

    def _after_game(self, choice: str | None) -> None:
        naval = self.screen.naval
        if choice == "rematch":
            session = self.match.session
            game = Game(session.game.ruleset, session.game.setup)
            naval.switch_screen(battle_screen(Session(game, session.seats)))
        elif choice == "new":
            naval.new_game()
        elif choice == "quit":
            naval.action_quit()
        elif choice == "undo":  # back into the game, as u on the map does
            self.do_undo()


def battle_screen(session: Session) -> MatchScreen:
    """A battle of ``session``: its seats as it names them, undo back to the player's
    decisions."""
    match = Match.of_session(session)
    return MatchScreen(match, BattleMode(match))


def session_screen(session: Session) -> MatchScreen:
    """The screen that plays a session: a battle if anyone plays here, else a demo."""
    if session.human_sides():
        return battle_screen(session)
    from tui_naval.tui.modes.demo import demo_screen

    return demo_screen(session)
