"""The lobby of ``tui-naval serve``: play, continue, watch, challenge, or return to a duel.

The server sends everything the screen shows (``lobby`` messages: the players connected
and where they are, the games one may watch, one's open duels, a challenge waiting for
an answer) and hears the player's choices; it then starts the game chosen in a process
of its own and tells this one to leave.  A first login chooses a name here, and a
registered player may set the password she logs in with at the web page.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui_naval.app.link import Message, ServerLine
from tui_naval.tui import keys
from tui_naval.tui.screens.base import NavalModal, NavalScreen
from tui_naval.tui.widgets.key_bar import KeyBar
from tui_naval.tui.widgets.option_list import ChoiceList, PagedOptionList

LOBBY_KEYS = keys.LOBBY
DIALOG_KEYS = keys.CHOICE
#: The players the lobby's "On board" list names at most (the player first), the rest
#: counted: a full server's list would push the menu off the screen, and each arrival
#: would lay every lobby out again.
PEOPLE_SHOWN = 14


def served(screen: Any) -> ServerLine:
    """The line to the server of the app a screen is on (only served apps show these
    screens)."""
    server: ServerLine | None = screen.app.server
    assert server is not None, "a served screen outside tui-naval serve"
    return server


class ChoiceDialog(NavalModal[str | None]):
    """A title and a list of choices (numbered: a digit picks one, and ``/`` narrows a
    list of more than nine by typing); dismisses with the id chosen, or None."""

    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(DIALOG_KEYS)

    def __init__(self, title: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog lobby-dialog"):
            yield Static(Text(self.title_text, style="bold"), classes="dialog-title")
            yield ChoiceList(self.choices, id="choice-list")
            yield Static("Enter chooses, Escape goes back", classes="dialog-note")

    def on_mount(self) -> None:
        self.query_one("#choice-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#choice-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self.choices):
            self.dismiss(self.choices[number - 1][0])


class NameDialog(NavalModal[str | None]):
    """A first login chooses the name the other players see; the server says whether it
    may be taken (``named``).  Escape leaves the server."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog lobby-dialog"):
            yield Static("[b]Welcome aboard![/b] Choose your name", classes="dialog-title")
            yield Input(id="name-input", placeholder="2 to 16 letters, digits, - or _",
                        max_length=16)
            yield Static("Your key will log you in under this name from now on. "
                         "Enter takes it, Escape leaves.", id="name-note",
                         classes="dialog-note")

    def on_mount(self) -> None:
        self.query_one("#name-input", Input).focus()

    @on(Input.Submitted, "#name-input")
    def _submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if name:
            served(self).send({"t": "name", "name": name})

    def named(self, message: Message) -> None:
        if message.get("ok"):
            self.dismiss(str(message.get("name")))
            return
        note = self.query_one("#name-note", Static)
        note.update(Text(f"Not taken: {message.get('error', '')}", style="bold red"))

    def action_close(self) -> None:
        self.app.exit(0)


class PasswordDialog(NavalModal[bool | None]):
    """A registered player sets (or changes) her web password: typed twice, the two
    compared here, the server saying whether it may be set (``password_set``); dismisses
    with True once it is.  Escape leaves."""

    def __init__(self, name: str, change: bool) -> None:
        super().__init__()
        self.name_text = name
        self.change = change
        #: Sent: the server's answer awaited (Enter does nothing meanwhile).
        self.waiting = False
        #: The answer, come while another dialog (a challenge) was over this one.
        self.answer: Message | None = None

    def compose(self) -> ComposeResult:
        title = "Change your web password" if self.change else "Set a web password"
        with Vertical(classes="dialog lobby-dialog"):
            yield Static(Text(title, style="bold"), classes="dialog-title")
            yield Input(id="password-input", placeholder="8 to 128 characters",
                        password=True, max_length=128)
            yield Input(id="password-again", placeholder="the same again", password=True,
                        max_length=128)
            yield Static(self.hint(), id="password-note", classes="dialog-note")

    def hint(self) -> Text:
        return Text.assemble("To play in a browser: log in at the server's web page with "
                             "your name ", (self.name_text, "bold"), " and this password. "
                             "Enter goes on, Escape leaves.")

    def on_mount(self) -> None:
        self.query_one("#password-input", Input).focus()

    def say(self, text: str) -> None:
        self.query_one("#password-note", Static).update(Text(text, style="bold red"))

    @on(Input.Submitted, "#password-input")
    def _first(self, event: Input.Submitted) -> None:
        self.query_one("#password-again", Input).focus()

    @on(Input.Submitted, "#password-again")
    def _again(self, event: Input.Submitted) -> None:
        first = self.query_one("#password-input", Input)
        again = self.query_one("#password-again", Input)
        if self.waiting:
            return
        if not first.value:
            first.focus()
            return
        if again.value != first.value:
            again.clear()
            self.say("The two passwords differ: type it again.")
            return
        self.waiting = True
        self.query_one("#password-note", Static).update("Setting it...")
        served(self).send({"t": "web_password", "password": first.value})

    def on_screen_resume(self) -> None:
        answer, self.answer = self.answer, None
        if answer is not None:
            self.password_set(answer)

    def password_set(self, message: Message) -> None:
        if self.app.screen is not self:  # (a challenge's dialog is over it: later)
            self.answer = message
            return
        self.waiting = False
        if message.get("ok"):
            self.dismiss(True)
            return
        self.say(f"Not set: {message.get('error', '')}")
        self.query_one("#password-input", Input).focus()


class LobbyScreen(NavalScreen[None]):
    """The server's lobby."""

    COMMAND_SET = LOBBY_KEYS
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(LOBBY_KEYS)
    STYLESHEET = "lobby"

    def __init__(self, message: Message) -> None:
        super().__init__()
        self.data = message
        self._answering = False
        #: The menu as last filled: refilled only when it changes (a player arriving
        #: changes the list of people, not the menu).
        self._menu: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            yield Static(Text("tui-naval", style="bold"), id="lobby-title")
            yield Static("", id="lobby-welcome")
            with Horizontal(id="lobby-main"):
                yield PagedOptionList(id="lobby-menu")
                yield Static("", id="lobby-people")
        yield KeyBar()

    def on_mount(self) -> None:
        served(self).listen(self)
        self.fill()
        self.query_one("#lobby-menu", OptionList).focus()
        if self.data.get("me") is None:
            self.app.push_screen(NameDialog(), self._named)

    def on_unmount(self) -> None:
        served(self).forget(self)

    def _named(self, name: str | None) -> None:
        if self.built():
            self.query_one("#lobby-menu", OptionList).focus()

    def built(self) -> bool:
        """Whether the screen's widgets are up (Textual removes them first as the screen
        goes, the screen still attached, and a message from the server may come then)."""
        return self.is_attached and all(self.query(f"#lobby-{part}")
                                        for part in ("welcome", "menu", "people"))

    # -- what the server says ------------------------------------------------------------
    def link_message(self, message: Message) -> None:
        if not self.built():
            return
        kind = message.get("t")
        if kind == "lobby":
            self.data = message
            self.fill()
        elif kind == "named":
            dialog = self.app.screen
            if isinstance(dialog, NameDialog):
                dialog.named(message)
        elif kind == "password_set":
            for screen in self.app.screen_stack:
                if isinstance(screen, PasswordDialog):
                    screen.password_set(message)
        elif kind == "notice":
            self.notify(str(message.get("text", "")), markup=False, timeout=5)

    def menu_keys(self) -> dict[str, str]:
        """Each menu entry's key, as the player's keymap has it."""
        keymap = self.naval.config.keymap
        return {c.action.split("'")[1]: keys.key_label(c, keymap)
                for c in LOBBY_KEYS if c.action.startswith("choose('")}

    def fill(self) -> None:
        data = self.data
        me = data.get("me")
        welcome = Text.assemble(("Welcome aboard, ", "dim"), (str(me or "new sailor"), "bold"))
        if data.get("guest"):
            welcome.append("  (a guest: your games are not kept)", style="dim")
        self.query_one("#lobby-welcome", Static).update(welcome)
        items = self.menu()
        if items != self._menu:
            self._menu = items
            menu = self.query_one("#lobby-menu", OptionList)
            highlighted = menu.highlighted
            menu.clear_options()
            shortcuts = self.menu_keys()
            menu.add_options([Option(Text.assemble(label, (f"  {shortcuts[key]}", "dim"))
                                     if key in shortcuts else Text(label), id=key)
                              for key, label in items])
            if menu.option_count:
                menu.highlighted = min(highlighted or 0, menu.option_count - 1)
            self.refresh_bindings()
        self.query_one("#lobby-people", Static).update(self.people())
        self.answer_challenge()

    def menu(self) -> list[tuple[str, str]]:
        data = self.data
        items = [("play", "Play: the title screen (new game, voyage, load)")]
        if data.get("continue"):
            items.append(("continue", "Continue your last game"))
        items.extend((f"resume:{duel['id']}", f"Return to your duel: {duel['title']}, "
                      f"turn {duel['turn']}") for duel in data.get("duels", []))
        watch = data.get("watch", [])
        if watch:
            items.append(("watch", f"Watch a game ({len(watch)} being played)"))
        if data.get("registered") and self.opponents():
            items.append(("challenge", "Challenge a player to a duel"))  # (no count: the
            # menu would change, and be built again, with each player arriving)
        if data.get("registered") and not data.get("guest"):
            items.append(("password", "Change your web password" if data.get("web_password")
                          else "Set a web password (to play in a browser)"))
        items.append(("quit", "Quit"))
        return items

    def opponents(self) -> list[str]:
        """The players in the lobby one may challenge."""
        me = self.data.get("me")
        return [str(p["name"]) for p in self.data.get("players", [])
                if p.get("where") == "in the lobby" and not p.get("guest") and p["name"] != me]

    def people(self) -> Text:
        """Who is on board and where: the player first, then the others as the server
        lists them, at most ``PEOPLE_SHOWN`` named and the rest counted."""
        me = self.data.get("me")
        players = self.data.get("players", [])
        players = sorted(players, key=lambda p: p["name"] != me)  # (stable: hers first)
        text = Text(f"On board ({len(players)})\n" if len(players) > PEOPLE_SHOWN
                    else "On board\n", style="bold")
        shown = players if len(players) <= PEOPLE_SHOWN else players[:PEOPLE_SHOWN - 1]
        for player in shown:
            text.append(f"{player['name']}", style="bold" if player["name"] == me else "")
            text.append(f"  {player['where']}\n", style="dim")
        if len(shown) < len(players):
            text.append(f"and {len(players) - len(shown)} more", style="dim")
        return text

    # -- the player's choices --------------------------------------------------------------
    @on(OptionList.OptionSelected, "#lobby-menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def hands_over(self, key: str) -> bool:
        """Whether ``key`` pressed now starts a game in another process (Play, Continue,
        Return): the keys typed after it are that game's."""
        if self.app.screen is not self or self.data.get("me") is None:
            return False
        keymap = self.naval.config.keymap
        for command in LOBBY_KEYS:
            choice = command.action.split("'")[1] if "'" in command.action else ""
            bound = [k.strip() for k in keymap.get(command.id, command.key).split(",")]
            if choice in ("play", "continue", "resume") and key in bound:
                return bool(self.check_action("choose", (choice,)))
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key works when its entry is in the menu now."""
        if action == "choose" and parameters:
            wanted = str(parameters[0])
            offered = [key.split(":", 1)[0] for key, _label in self.menu()]
            return wanted in offered or None
        return True

    def action_choose(self, choice: str) -> None:
        """Do what a menu entry says (``resume``: the first duel in progress)."""
        app = served(self)
        if choice == "resume":
            duels = self.data.get("duels", [])
            if not duels:
                return
            choice = f"resume:{duels[0]['id']}"
        if self.data.get("me") is None:
            self.app.push_screen(NameDialog(), self._named)
        elif choice in ("play", "continue"):
            app.send({"t": "go", "to": choice})
        elif choice.startswith("resume:"):
            app.send({"t": "resume", "id": int(choice.split(":", 1)[1])})
        elif choice == "watch":
            games = [(str(g["id"]), str(g["title"])) for g in self.data.get("watch", [])]
            self.app.push_screen(ChoiceDialog("Watch which game?", games), self._watch)
        elif choice == "challenge":
            people = [(name, name) for name in self.opponents()]
            self.app.push_screen(ChoiceDialog("Challenge whom?", people), self._whom)
        elif choice == "password":
            self.app.push_screen(PasswordDialog(str(self.data.get("me")),
                                                bool(self.data.get("web_password"))),
                                 self._password_set)
        elif choice == "quit":
            self.app.exit(0)

    def _password_set(self, done: bool | None) -> None:
        if done:
            self.notify(f"Web password set: log in at the web page with your name "
                        f"{self.data.get('me')} and it.", markup=False, timeout=8)
        if self.built():
            self.query_one("#lobby-menu", OptionList).focus()

    def _watch(self, game: str | None) -> None:
        if game:
            served(self).send({"t": "watch", "id": game})

    def _whom(self, name: str | None) -> None:
        if not name:
            return
        rulesets = [(str(r[0]), str(r[1])) for r in self.data.get("rulesets", [])]
        self.app.push_screen(ChoiceDialog(f"A duel with {name}: which rules?", rulesets),
                             lambda ruleset: self._challenge(name, ruleset))

    def _challenge(self, name: str, ruleset: str | None) -> None:
        if ruleset:
            served(self).send({"t": "challenge", "name": name, "ruleset": ruleset})

    def answer_challenge(self) -> None:
        """A challenge waits for this player's answer: ask it, once."""
        challenge = self.data.get("challenge")
        if not challenge or self._answering:
            return
        self._answering = True
        title = f"{challenge['from']} challenges you to a duel: {challenge['title']}"
        self.app.push_screen(ChoiceDialog(title, [("yes", "Accept"), ("no", "Decline")]),
                             self._answered)

    def _answered(self, answer: str | None) -> None:
        self._answering = False
        served(self).send({"t": "answer", "accept": answer == "yes"})
