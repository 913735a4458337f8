"""The ``?`` dialog: every key of the screen underneath, as it is bound now, with the
binding id a ``keys.toml`` remaps it by.

A key that does nothing at the moment (undo before any decision, skip while no AI
is thinking, the prompt's filter on a list of nine options or fewer) is listed dim,
marked "not now"; the option keys are listed as far as the prompt has options, and
how to reach those past nine (the filter) where there are more.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import define, field
from rich.table import Table
from rich.text import Text
from textual.actions import parse as parse_action
from textual.app import App, ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Static

from tui_naval.tui.keys import KNOWN_IDS
from tui_naval.tui.screens.base import NavalModal
from tui_naval.tui.screens.prompt import PromptPanel
from tui_naval.tui.textual_contract import modal_binding_chain

#: Keys the list adds by hand, with no binding id: the lists' own and Textual's.
EXTRA = (
    ("\u2191 \u2193 \u23ce", "Move in a list (the prompt, the menu) and choose"),
    ("pgup pgdn", "Move a page in a long list"),
    ("^p", "Command palette: every command of this screen by name"),
)

#: The prefix of the option keys' ids (``game.choose_1`` ... ``game.choose_9``).
CHOOSE = "game.choose_"


@define
class KeyRow:
    """One command of the screen: its keys (as shown), what it does, whether it does
    anything now."""

    id: str
    what: str
    labels: list[str] = field(factory=list)
    enabled: bool = False


def action_state(app: App[object], action: str, namespace: DOMNode) -> bool | None:
    """Whether ``action``, bound in ``namespace``, can be done now: what its target's
    ``check_action`` says (True, False, or None: shown but not possible now), as Textual
    asks it for a key (its target: ``namespace``, or the ``app``, ``screen`` or
    ``focused`` widget the action names)."""
    target_name, name, parameters = parse_action(action)
    targets: dict[str, DOMNode | None] = {
        "": namespace, "app": app, "screen": app.screen, "focused": app.focused}
    target = targets.get(target_name)
    return None if target is None else target.check_action(name, parameters)


def screen_keys(screen: Screen[object]) -> list[KeyRow]:
    """Every command bound on ``screen`` (its focused widget's, the screen's and the
    app's), in the order Textual looks them up, one row a binding id."""
    app = screen.app
    rows: dict[str, KeyRow] = {}
    # A screen that says its commands (a match's: the game's and its mode's) binds other
    # modes' keys too, hidden: they are not its keys.
    own = getattr(screen, "commands", None)
    allowed = {command.id for command in own} if own is not None else None
    for namespace, bindings in modal_binding_chain(screen):
        for key, binding in bindings:
            ident = binding.id
            if ident not in KNOWN_IDS:
                continue
            if namespace is screen and allowed is not None and ident not in allowed:
                continue
            row = rows.get(ident)
            if row is None:
                row = rows[ident] = KeyRow(ident, binding.tooltip or binding.description)
            state = action_state(app, binding.action, namespace)
            row.enabled = row.enabled or bool(state)
            label = app.get_key_display(binding.with_key(key))
            if label not in row.labels:
                row.labels.append(label)
    return list(rows.values())


def options_on_show(screen: Screen[object]) -> int:
    """How many options the screen's prompt lists (0: no prompt, or none asked)."""
    prompts = screen.query(PromptPanel)
    return len(prompts.first().shown) if prompts else 0


def merged(rows: Iterable[KeyRow], options: int) -> list[KeyRow]:
    """The option keys as one row, ``1-N`` for the N options on show."""
    out: list[KeyRow] = []
    choose: list[KeyRow] = []
    for row in rows:
        if row.id.startswith(CHOOSE):
            if not choose:
                out.append(KeyRow(f"{CHOOSE}N", "Answer the prompt with that option"))
            choose.append(row)
        else:
            out.append(row)
    if choose:
        usable = [r for r in choose if r.enabled and int(r.id.removeprefix(CHOOSE)) <= options]
        row = next(r for r in out if r.id == f"{CHOOSE}N")
        shown = usable or choose
        first, last = shown[0].labels[0], shown[-1].labels[0]
        row.labels = [first if first == last else f"{first}-{last}"]
        row.enabled = bool(usable)
        if options > len(choose):  # (the options past 9 are reached through the filter)
            row.what += f"; {len(choose) + 1}-{options}: / then the number, Enter"
    return out


def keys_table(screen: Screen[object]) -> Table:
    """Key, what it does and its binding id, for every command bound on a screen (as
    remapped); those that do nothing now dim."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_header=True, header_style="bold")
    table.add_column("Key", style="bold cyan", no_wrap=True)
    table.add_column("Does")
    table.add_column("Id", style="dim", no_wrap=True)
    for row in merged(screen_keys(screen), options_on_show(screen)):
        what = Text(row.what)
        if not row.enabled:
            what.stylize("dim")
            what.append(" (not now)", style="dim italic")
        table.add_row(" ".join(row.labels), what, row.id)
    for key, extra in EXTRA:
        table.add_row(key, Text(extra, style="dim"), "-")
    return table


class KeysDialog(NavalModal[None]):
    """Lists the keys of the screen it was opened over."""

    def __init__(self, over: Screen[object]) -> None:
        super().__init__()
        self.over = over

    def compose(self) -> ComposeResult:
        with Vertical(id="keys-box", classes="dialog"):
            yield Static("[b]Keys[/b] [dim]Escape closes; ctrl+p finds any command[/dim]",
                         classes="dialog-title")
            with VerticalScroll():
                yield Static(keys_table(self.over), id="keys-table")
