"""The rules of the ruleset in play (or the default one), rendered from its Markdown help."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.widgets import Markdown, Static

from tui_naval.rulesets import DEFAULT_RULESET, find_ruleset
from tui_naval.tui import keys
from tui_naval.tui.screens.base import NavalScreen
from tui_naval.tui.widgets.key_bar import KeyBar


def rules_markdown(ruleset: Any) -> str:
    """A ruleset's help text, or a note that it has none yet."""
    try:
        text: str = ruleset.help_text()
    except (OSError, AttributeError) as exc:
        return f"# {ruleset.title}\n\nThe rules reference is not available ({exc})."
    return text


class RulesScreen(NavalScreen[None]):
    """Scrollable rules; Escape goes back."""

    COMMAND_SET = keys.RULES
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.RULES)
    STYLESHEET = "rules"

    def __init__(self, ruleset_name: str | None = None) -> None:
        super().__init__()
        self.ruleset_name = ruleset_name

    def compose(self) -> ComposeResult:
        name = self.ruleset_name or self._playing() or DEFAULT_RULESET
        ruleset = find_ruleset(name)
        yield Static(f"[b]Rules[/b] · {ruleset.title}  [dim]Escape goes back[/dim]",
                     id="rules-title")
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(rules_markdown(ruleset), id="rules-text")
        yield KeyBar()

    def _playing(self) -> str | None:
        session = getattr(self.app, "session", None)
        return session.game.ruleset.name if session is not None else None

    def on_mount(self) -> None:
        self.query_one("#rules-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
