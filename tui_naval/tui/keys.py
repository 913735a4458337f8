"""Key bindings as data, and the keymap file that remaps them.

One ``Command`` drives a screen's key binding, its footer entry, the ``?`` key
list and its command-palette entry.  Every command has an id (``battle.undo``);
a keymap file maps ids to keys and is applied with ``App.set_keymap``::

    # ~/.config/tui-naval/keys.toml
    [keys]
    "battle.undo" = "z"
    "battle.redo" = ["y", "ctrl+y"]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from textual.binding import Binding, BindingType

from tui_naval.core.values import frozen


class KeymapError(ValueError):
    """A keymap file that cannot be used; the message is one line for the player."""


@frozen
class Command:
    """One player action: its binding id, default key(s), action and texts."""

    id: str
    key: str
    action: str
    title: str
    help: str = ""
    #: Shown in the footer.
    show: bool = True
    #: Offered in the command palette.
    palette: bool = True
    priority: bool = False
    key_display: str | None = None

    def binding(self) -> Binding:
        return Binding(self.key, self.action, self.title, show=self.show, id=self.id,
                       priority=self.priority, tooltip=self.help, key_display=self.key_display)


def bindings(commands: Iterable[Command]) -> list[BindingType]:
    """Textual bindings for a screen's commands."""
    return [c.binding() for c in commands]


C = Command


def mode_action(name: str, tag: str) -> str:
    """The action of a way of playing's command on the match's screen: the screen runs
    ``name`` on its mode if the mode's ``TAG`` is ``tag`` (another mode's command of the
    same key stays hidden)."""
    return f"mode('{name}', '{tag}')"


def battle(name: str) -> str:
    return mode_action(name, "battle")


def demo(name: str) -> str:
    return mode_action(name, "demo")


def replay(name: str) -> str:
    return mode_action(name, "replay")

APP = (
    C("app.quit", "ctrl+q", "quit", "Quit", "Save the game in progress and leave tui-naval",
      show=False, priority=True),
    C("app.keys", "question_mark,f1", "show_keys", "Keys", "List the keys of this screen",
      key_display="?"),
    C("app.rules", "f2", "show_rules", "Rules", "Read the rules of the game", show=False),
)

TITLE = (
    C("title.new", "n", "new_game", "New game", "Set up a new game"),
    C("title.continue", "c", "continue_game", "Continue",
      "Resume the last autosaved game or voyage"),
    C("title.voyage", "v", "voyage", "Voyage",
      "A roguelike voyage: one ship across a chart of encounters (or resume yours)"),
    C("title.hall", "f", "hall", "Hall of fame", "The best voyages sailed", show=False),
    C("title.load", "l", "load_game", "Load", "Choose a saved game to resume"),
    C("title.tutorial", "t", "tutorial", "Tutorial", "A first race, with the rules explained"),
    C("title.demo", "d", "demo", "Demo", "Watch the AI sail against itself"),
    C("title.rules", "r", "app.show_rules", "Rules", "Read the rules of the game"),
    C("title.quit", "q", "app.quit", "Quit", "Leave tui-naval"),
)

NEW_GAME = (
    C("newgame.start", "ctrl+g", "start", "Start", "Start the game with these settings"),
    C("newgame.reseed", "ctrl+r", "reseed", "New seed", "Pick another random seed"),
    C("newgame.back", "escape", "back", "Back", "Back to the title screen"),
)

_CHOOSE = tuple(
    C(f"game.choose_{n}", str(n), f"choose({n})", f"Option {n}",
      f"Answer the prompt with option {n}", show=False, palette=False)
    for n in range(1, 10)
)

GAME = (
    *_CHOOSE,
    C("game.next_ship", "tab", "cycle_ship(1)", "Next ship",
      "Select the next ship (yours first, then the others')", key_display="tab"),
    C("game.prev_ship", "shift+tab", "cycle_ship(-1)", "Previous ship",
      "Select the previous ship", show=False),
    C("game.center", "c", "center", "Center", "Center the map on the selected ship",
      show=False),
    C("game.look", "l", "look", "Look", "Move a cursor over the map to look at cells"),
    C("game.zoom", "z", "zoom", "Zoom", "Detailed, compact, whole-map or large view",
      show=False),
    C("game.fleets", "v", "fleets", "Fleets", "Both fleets side by side: hull, rigging, crew...",
      show=False),
    C("game.hints", "h", "hints('toggle')", "Hints", "Explain the rules as they come up, or not",
      show=False),
    C("game.hints_more", "H", "hints('more')", "More hints",
      "Scroll the hints a page on (from the top again at their end)", show=False),
    C("game.prompt", "escape", "focus_prompt", "Prompt", "Back to the prompt", show=False),
    C("game.messages", "m", "toggle_log", "Log", "Enlarge or shrink the message log",
      show=False),
    C("game.log_back", "left_square_bracket", "log('back')", "Log back",
      "Page the message log back, as far as the game's start", key_display="[", show=False),
    C("game.log_on", "right_square_bracket", "log('on')", "Log on",
      "Page the message log on, to the newest entry (which it follows again)",
      key_display="]", show=False),
    C("game.log_start", "left_curly_bracket", "log('start')", "Log start",
      "The message log from the game's start", key_display="{", show=False),
    C("game.log_end", "right_curly_bracket", "log('end')", "Log end",
      "The message log's newest entry (which it follows again)", key_display="}",
      show=False),
    C("game.admiral", "a", "admiral", "Admiral",
      "The admiral's thinking: the AI's best options and their values for its last "
      "decisions (in a demo, a panel shown or hidden)", show=False),
)

#: The prompt's own: a list of more than nine options (thirty aims, a hundred moves) is
#: narrowed by typing once ``/`` is pressed; whatever is typed then is the filter's, so it
#: leaves the screen's keys (``l`` Look, ``f``, the digits...) alone.
PROMPT = (
    C("prompt.filter", "slash", "filter", "Filter",
      "Narrow a list of more than nine options by typing an option's number or words of "
      "its label (Enter picks, Escape ends)", key_display="/"),
)

BATTLE = (
    C("battle.undo", "u,ctrl+z", battle("undo"), "Undo", "Go back to your previous decision",
      key_display="u"),
    # Redo and Fast AI stay out of the footer, so that it fits 80 columns (``?`` lists them).
    C("battle.redo", "r,ctrl+y", battle("redo"), "Redo",
      "Go forward to your next decision again", key_display="r", show=False),
    C("battle.fast", "f", battle("toggle_fast"), "Fast AI",
      "Watch the AI's moves or fast-forward them", show=False),
    C("battle.skip", "space", battle("skip"), "Skip", "Skip the wait on the AI's current move",
      show=False),
    C("battle.standing", "O", battle("standing"), "Orders",
      "Standing orders: leave this kind of decision, for this ship or every ship, to an "
      "order that answers it until something changes", key_display="O"),
    C("battle.same", "full_stop", battle("same_as_last_turn"), "Same as last turn",
      "Every ship gives this turn the orders she gave last turn (you are asked where one "
      "cannot, or her situation has changed)", key_display=".", show=False),
    C("battle.save", "s", battle("save"), "Save", "Save the game under a name"),
    C("battle.load", "o", battle("load"), "Load", "Load a saved game", show=False),
    C("battle.quit", "q", battle("leave"), "Menu", "Autosave and go back to the title screen"),
)

DEMO = (
    C("demo.pause", "space,p", demo("toggle_pause"), "Pause", "Pause or resume the demo",
      key_display="space"),
    # ([ and ] page the log, as in every game.)
    C("demo.faster", "plus,equals_sign", demo("faster"), "Faster",
      "Play the demo faster", key_display="+"),
    C("demo.slower", "minus", demo("slower"), "Slower",
      "Play the demo slower", key_display="-"),
    C("demo.quit", "q", demo("leave"), "Quit", "Stop the demo"),
)

REPLAY = (
    C("replay.play", "space,p", replay("toggle_play"), "Play", "Play the recording on, or pause it",
      key_display="space"),
    C("replay.back", "left,comma", replay("step_back"), "Back", "Step back one decision",
      key_display="<-"),
    C("replay.forward", "right,full_stop", replay("step_forward"), "Step",
      "Step forward one decision", key_display="->"),
    C("replay.turn_back", "shift+left,less_than_sign", replay("turn_back"), "Turn back",
      "Back to the start of this turn, or of the one before", key_display="<", show=False),
    C("replay.turn_forward", "shift+right,greater_than_sign", replay("turn_forward"), "Turn",
      "On to the start of the next turn", key_display=">"),
    # Home and End are the prompt's option list's too: the replay's come first.
    C("replay.start", "home", replay("to_start"), "Start", "Jump to the start of the game",
      show=False, priority=True),
    C("replay.end", "end", replay("to_end"), "End", "Jump to the end of the recording", show=False,
      priority=True),
    C("replay.faster", "plus,equals_sign", replay("faster"), "Faster",
      "Play the recording faster", show=False),
    C("replay.slower", "minus", replay("slower"), "Slower", "Play the recording slower",
      show=False),
    C("replay.take_over", "t", replay("take_over"), "Take over",
      "Play on from here, on a side of your choice against an AI (the recording is kept)"),
    C("replay.quit", "q", replay("leave"), "Quit", "Stop watching"),
)

GAME_OVER = (
    C("over.rematch", "r", "choose('rematch')", "Rematch", "Play the same game again, same seed"),
    C("over.new", "n", "choose('new')", "New game", "Set up a new game"),
    C("over.review", "escape,b", "choose('review')", "Review", "Back to the map (undo works)",
      key_display="esc"),
    C("over.replay", "p", "choose('replay')", "Replay",
      "Watch this game again from its start, step by step"),
    C("over.quit", "q", "choose('quit')", "Quit", "Leave tui-naval"),
    # (the footer and the prompt behind the dialog offer u: it undoes there too)
    C("over.undo", "u,ctrl+z", "choose('undo')", "Undo",
      "Back into the game with your last decision undone", key_display="u"),
)

LOAD = (
    C("load.open", "enter", "open", "Load", "Load the highlighted save", show=True),
    C("load.replay", "p", "replay", "Replay", "Watch the highlighted save again, step by step"),
    C("load.delete", "delete", "delete", "Delete", "Delete the highlighted save"),
    C("load.filter", "slash", "filter", "Filter",
      "Narrow a list of more than nine saves by what you type (name, ruleset, map)"),
    C("load.back", "escape", "back", "Back", "Close this list (or end the filter)"),
)

DIALOG = (
    C("dialog.close", "escape", "close", "Close", "Close this window"),
)

#: The voyage's screen (the options' number keys are the game's).
VOYAGE = (
    *_CHOOSE,
    C("voyage.leave", "q", "leave", "Menu", "Save the voyage and go back to the title"),
    C("voyage.hall", "f", "hall", "Hall of fame", "The best voyages sailed"),
)

HALL = (
    C("hall.all", "a", "all", "All voyages", "The best voyages of all days"),
    C("hall.daily", "d", "daily", "Daily", "Today's daily voyage board"),
    C("hall.ruleset", "r", "ruleset", "Ruleset", "One ruleset's voyages, then the next's"),
    C("hall.replay", "p", "replay", "Replay", "Watch the highlighted voyage's last leg again"),
    C("hall.filter", "slash", "filter", "Filter",
      "Narrow a board of more than nine voyages by what you type (captain, ruleset, end)"),
    C("hall.close", "escape,q", "close", "Back", "Close the hall of fame (or end the filter)",
      key_display="esc"),
)

VOYAGE_SETUP = (
    C("voyage.start", "ctrl+g", "start", "Set sail", "Start the voyage"),
    C("voyage.back", "escape", "back", "Back", "Back to the title screen"),
)

RULES = (
    C("rules.next", "r", "next_ruleset", "Next ruleset", "The rules of the next ruleset"),
    C("rules.previous", "R", "previous_ruleset", "Previous ruleset",
      "The rules of the previous ruleset", show=False),
    C("rules.close", "escape,q", "close", "Back", "Close the rules", key_display="esc"),
)

# -- the screens of ``tui-naval serve`` ---------------------------------------------------

LOBBY = (
    C("lobby.play", "p", "choose('play')", "Play",
      "The title screen: a new game, a voyage, a saved game"),
    C("lobby.continue", "c", "choose('continue')", "Continue", "Resume your last game"),
    C("lobby.watch", "w", "choose('watch')", "Watch", "Watch a game being played"),
    C("lobby.challenge", "d", "choose('challenge')", "Duel",
      "Challenge a player in the lobby to a duel"),
    C("lobby.resume", "r", "choose('resume')", "Return", "Return to your duel in progress",
      show=False),
    C("lobby.password", "s", "choose('password')", "Web password",
      "Set or change the password you log in with at the server's web page", show=False),
    C("lobby.quit", "q", "choose('quit')", "Quit", "Leave the server"),
)

#: A lobby dialog's numbered choices.
CHOICE = tuple(C(f"choice.{n}", str(n), f"pick({n})", f"Choice {n}", show=False,
                 palette=False) for n in range(1, 10))

DUEL = (
    C("duel.quit", "q", mode_action("leave", "duel"), "Lobby",
      "Leave for the lobby: the duel waits for you to come back"),
)

WATCH = (
    C("watch.quit", "q", mode_action("leave", "watch"), "Lobby",
      "Stop watching: back to the lobby"),
)

ALL: tuple[Command, ...] = (*APP, *TITLE, *NEW_GAME, *GAME, *PROMPT, *BATTLE, *DEMO, *REPLAY,
                            *GAME_OVER, *LOAD, *DIALOG, *RULES, *VOYAGE[len(_CHOOSE):],
                            *VOYAGE_SETUP, *LOBBY, *CHOICE, *DUEL, *WATCH)
KNOWN_IDS = frozenset(c.id for c in ALL)
#: The commands live together on one screen (each screen with the app's own): a key may do
#: only one of them there.
SCREENS: tuple[tuple[Command, ...], ...] = (
    TITLE, NEW_GAME, (*GAME, *PROMPT, *BATTLE), (*GAME, *PROMPT, *DEMO),
    (*GAME, *PROMPT, *DUEL), (*GAME, *PROMPT, *WATCH), (*REPLAY, *GAME, *PROMPT), GAME_OVER,
    LOAD, DIALOG, VOYAGE, HALL, VOYAGE_SETUP, RULES, LOBBY, (*CHOICE, *PROMPT),
)


def command(command_id: str) -> Command:
    """The command of a binding id (KeyError for an unknown one)."""
    for found in ALL:
        if found.id == command_id:
            return found
    raise KeyError(command_id)


def default_keymap_path() -> Path:
    """``$XDG_CONFIG_HOME/tui-naval/keys.toml`` (``~/.config`` when unset)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tui-naval" / "keys.toml"


def parse_keymap(data: Mapping[str, object], source: str) -> dict[str, str]:
    """Binding id -> comma-separated keys, from a TOML document's ``[keys]`` (or top) table."""
    table = data.get("keys", data)
    if not isinstance(table, Mapping):
        raise KeymapError(f"{source}: [keys] must be a table of binding id = key")
    out: dict[str, str] = {}
    for ident, value in table.items():
        if ident not in KNOWN_IDS:
            known = ", ".join(sorted(KNOWN_IDS))
            raise KeymapError(f"{source}: unknown binding id {ident!r} (known: {known})")
        if isinstance(value, str):
            keys = [k.strip() for k in value.split(",")]
        elif isinstance(value, list) and all(isinstance(k, str) for k in value):
            keys = [k.strip() for k in value]
        else:
            raise KeymapError(f"{source}: {ident}: expected a key or a list of keys")
        if not keys or not all(keys):
            raise KeymapError(f"{source}: {ident}: empty key")
        out[ident] = ",".join(keys)
    clash = first_clash(out)
    if clash:
        raise KeymapError(f"{source}: {clash}")
    return out


def first_clash(keymap: Mapping[str, str]) -> str:
    """Where ``keymap`` binds one key to two commands of one screen (with the app's own),
    the first such key said in words; "" where there is none."""
    for screen in SCREENS:
        doing: dict[str, Command] = {}
        for command in (*APP, *screen):
            for key in keymap.get(command.id, command.key).split(","):
                other = doing.setdefault(key.strip(), command)
                if other.id != command.id:
                    return (f"{key.strip()!r} would be both {other.id} ({other.title}) and "
                            f"{command.id} ({command.title}) on one screen")
    return ""


def load_keymap(path: Path | None, *, required: bool = False) -> dict[str, str]:
    """Read a keymap file; a missing default file is an empty keymap."""
    path = path or default_keymap_path()
    if not path.is_file():
        if required:
            raise KeymapError(f"{path}: no such keymap file")
        return {}
    import tomllib  # only when there is a file to read: keeps launch quick

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise KeymapError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise KeymapError(f"{path}: not valid TOML: {exc}") from None
    return parse_keymap(data, str(path))


def key_namer(keymap: Mapping[str, str]) -> Callable[[str], str]:
    """The key that runs a command, by the command's id, as ``keymap`` has it (for the
    coach's hints that name keys)."""
    return lambda command_id: key_label(command(command_id), keymap)


def key_label(command: Command, keymap: Mapping[str, str]) -> str:
    """The first key of a command, as the player would press it."""
    from textual.keys import format_key

    key = keymap.get(command.id, command.key).split(",")[0].strip()
    if command.key_display and command.id not in keymap:
        return command.key_display
    return format_key(key)
