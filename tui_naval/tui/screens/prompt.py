"""The prompt docked under the map: one decision, its options, and what they mean.

Short lists are answered with the number keys (1-9) or the arrows and Enter.
A list of more than nine options (an aim at one of thirty hexes, a hundred moves)
can also be narrowed by typing, whatever the ruleset: ``/`` (the ``prompt.filter``
binding) opens the filter, and what is typed then keeps the options it names
(``narrows``): an option's number (``12`` for the twelfth, which has no key of
its own), words its label begins a word with (``starboard, f``, ``12,8``), or the
start of its ``OptionInfo.key`` (a move typed as ``LF``; ``ask(typing="LFR0")``
names those keys in the hint).  While the filter is open every character typed is
the filter's, digits, commas and spaces too: none reaches the screen's keys (``l``
looks, ``f`` and ``a`` are the battle's, the digits answer).  Enter picks the
highlighted option, Backspace takes a character back and Escape ends the filter.
Each option keeps its number in the whole list as it is narrowed; text that keeps
none shows none (and rings the bell): Enter then answers nothing.

The prompt is as tall as what it says, up to a share of the screen: the title,
the option labels and the detail wrap rather than cut, and the detail scrolls
when it says more than the room left.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import ClassVar, cast

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.css.scalar import Scalar
from textual.css.styles import RulesMap
from textual.message import Message
from textual.visual import visualize
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui_naval.core.dice import Chance
from tui_naval.core.orders import Order
from tui_naval.core.presenter import OptionInfo
from tui_naval.tui import keys
from tui_naval.tui.widgets.glyphs import AsciiLines
from tui_naval.tui.widgets.option_list import (
    LONG,
    Narrowing,
    PagedOptionList,
    best_match,
    narrowing_hint,
    narrows,
)
from tui_naval.tui.widgets.text_panel import TextPanel


class PromptTitle(AsciiLines, Static):
    """The prompt's title (in ASCII with ``--ascii``: it may hold names from a map file)."""


class PromptPanel(Narrowing, Horizontal):
    """Asks one decision: number keys or arrows and Enter choose an option."""

    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.PROMPT)

    #: A chance table whose effects would get fewer columns is shown as odds per outcome.
    MIN_EFFECT = 24

    # The prompt is as tall as what it says, up to a share of the screen (the map and the
    # log take the rest); its title, options and detail wrap rather than cut words.
    DEFAULT_CSS = """
    PromptPanel {
        height: auto;
        max-height: 50vh;
        background: $boost;
        border-top: hkey $primary;
        &.-waiting {
            border-top: hkey $panel-lighten-2;
        }
        #prompt-title {
            split: top;
            height: auto;
            padding: 0 1;
        }
        #prompt-options {
            width: 24;
            max-width: 45%;
            height: auto;
            border: none;
            padding: 0;
            margin-right: 1;
            background: transparent;
            scrollbar-size-vertical: 1;
            text-wrap: wrap;
        }
        &.-waiting #prompt-options {
            width: 0;
            margin-right: 0;
        }
        #prompt-detail {
            width: 1fr;
            height: auto;
            padding: 0 0 0 1;
            color: $text-muted;
            scrollbar-size-vertical: 1;
            scrollbar-gutter: stable;
            scrollbar-size-horizontal: 0;
        }
        #prompt-options:nocolor > .option-list--option-highlighted {
            text-style: reverse bold;
        }
    }
    """

    class Chosen(Message):
        """The player chose ``order`` from the question numbered ``question`` (keys that
        come faster than the screen answers them may choose from a question gone by)."""

        def __init__(self, order: Order, question: int) -> None:
            super().__init__()
            self.order = order
            self.question = question

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: Every option of the decision, and the ones shown (narrowed by typing).
        self._all: list[tuple[Order, OptionInfo]] = []
        self._orders: list[Order] = []
        self._infos: list[OptionInfo] = []
        #: The number of each option on show in the whole list (1-based).
        self._numbers: list[int] = []
        #: Whether this decision's list may be narrowed (not a recorded one's).
        self._narrowable = False
        self._table: ChanceTable | None = None
        self._note: Text | None = None
        self._typing = ""
        self._typed = ""
        #: Whether ``/`` was pressed: typed characters then narrow the list.
        self._filtering = False
        #: What the detail was drawn from (it is drawn only anew).
        self._detail_key: tuple[object, ...] | None = None
        #: Told of each option highlighted, as the highlight moves (the screen's preview),
        #: in the same refresh: a key's whole effect reaches the terminal in one frame.
        self.on_highlight: Callable[[Order], None] | None = None
        #: How many questions (``ask`` and ``wait``) have been put: the number of the one
        #: on show.
        self.question = 0

    def compose(self) -> ComposeResult:
        # The title is split off the top (the stylesheet); options and detail side by side.
        yield PromptTitle("", id="prompt-title")
        yield PagedOptionList(id="prompt-options")
        yield PromptDetail(id="prompt-detail")

    @property
    def options(self) -> OptionList:
        return self.query_one("#prompt-options", OptionList)

    @property
    def asking(self) -> bool:
        """Whether a decision is waiting for the player (though what was typed may keep
        none of its options)."""
        return bool(self._all)

    @property
    def typed(self) -> str:
        """What the player has typed to narrow the list ("" when nothing)."""
        return self._typed

    @property
    def shown(self) -> list[Order]:
        """The options on show, in order (the number keys count in this list)."""
        return list(self._orders)

    def ask(self, title: str, options: Sequence[tuple[Order, OptionInfo]],
            table: ChanceTable | None = None, highlight: int = 0, typing: str = "",
            notes: Sequence[Text] | None = None, narrowable: bool = True) -> None:
        """Show a decision; ``table`` (a chance table) stays beside the options;
        ``typing``: the keys of the options (``OptionInfo.key``) that the hint names, a
        list of them narrowed by typing however short; ``notes``: what the screen will
        show beside each option (``set_detail``) when it is highlighted, if not the
        option's own detail; ``narrowable``: False for a list that is only looked at (a
        recording's), never narrowed.  The detail pane keeps room for the tallest from
        the start: moving the highlight does not lay the screen out again."""
        self.question += 1
        offered = self.narrowable
        self._all = list(options)
        self._narrowable = narrowable and (len(self._all) > LONG or bool(typing))
        if self.narrowable != offered and self.is_attached:
            # The filter's key comes or goes with the list: the key bar and ``?`` follow,
            # though the screen's other keys do not change (a long move after an ammo).
            self.screen.refresh_bindings()
        self._table = table
        self._note = None
        self._typing = typing.upper()
        self._typed = ""
        self._set_filtering(False)
        self._detail_key = None
        shown = notes if notes is not None else [self._info_text(i) for _, i in options]
        self.query_one(PromptDetail).reserve([self._detail(note) for note in shown])
        self.query_one("#prompt-title", Static).update(Text.from_markup(title, emoji=False))
        self.remove_class("-waiting")
        self._fill(highlight)

    def wait(self, title: str, detail: str = "") -> None:
        """No decision for the player: say what is happening instead."""
        self.question += 1
        self._all = []
        self._orders = []
        self._infos = []
        self._numbers = []
        self._narrowable = False
        self._table = None
        self._note = None
        self._typing = self._typed = ""
        self._set_filtering(False)
        self.border_title = None
        self.query_one("#prompt-title", Static).update(Text.from_markup(title, emoji=False))
        self.query_one(PromptDetail).reserve([])  # (as short as its words while waiting)
        self.options.clear_options()
        self.options.styles.width = None  # (the stylesheet's: none while waiting)
        self.add_class("-waiting")
        self._detail_key = None
        self.query_one(PromptDetail).show(Text.from_markup(detail, emoji=False))

    def choose(self, number: int) -> bool:
        """Answer with option ``number`` (1-based, in the list on show); False if none."""
        if not 1 <= number <= len(self._orders):
            return False
        self.post_message(self.Chosen(self._orders[number - 1], self.question))
        return True

    def set_detail(self, text: Text | str) -> None:
        """Show ``text`` beside the options (the screen's preview of the highlighted one);
        a chance table stays above it."""
        self._note = Text.from_markup(text, emoji=False) if isinstance(text, str) else text
        self._render_detail()

    # -- narrowing a long list by typing ----------------------------------------------
    @property
    def narrowable(self) -> bool:
        """Whether the list on show can be narrowed by typing (``/``)."""
        return self._narrowable and bool(self._all)

    def type_key(self, char: str) -> bool:
        """Narrow the list by one more typed character; False if it keeps no option (none
        is shown then, so Enter answers nothing the player did not name)."""
        self._typed += char.upper()
        self._fill()
        return bool(self._orders)

    def erase(self, everything: bool = False) -> None:
        """Take back the last typed character (or all of them); the option highlighted
        stays highlighted."""
        index = self.options.highlighted
        keep = self._orders[index] if index is not None and 0 <= index < len(self._orders) \
            else None
        self._typed = "" if everything else self._typed[:-1]
        self._fill(keep=keep)

    def filter_toggled(self) -> None:
        self._render_detail()  # (its hint, in the border)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "filter":
            return self.narrowing_check()
        return True

    def on_key(self, event: events.Key) -> None:
        if self._all:
            self.narrowing_key(event)

    def _fill(self, highlight: int | None = None, keep: Order | None = None) -> None:
        """Show the options that match what was typed and highlight one (``highlight``,
        else ``keep`` if it is shown, else the best match of what was typed)."""
        typed = self._typed
        numbered = [(number, order, info)
                    for number, (order, info) in enumerate(self._all, 1)
                    if not typed or narrows(typed, number, info.label, info.key)]
        self._numbers = [number for number, _, _ in numbered]
        self._orders = [order for _, order, _ in numbered]
        self._infos = [info for _, _, info in numbered]
        if highlight is None:
            highlight = self._orders.index(keep) if keep in self._orders \
                else best_match(typed, self._numbers, [info.label for info in self._infos],
                                [info.key for info in self._infos])
        option_list = self.options
        option_list.clear_options()
        digits = len(str(len(self._all)))
        labels = [self._option(number, info, digits)
                  for number, info in zip(self._numbers, self._infos, strict=True)]
        # As wide as the longest label and a scroll bar (the stylesheet caps it: then
        # the labels wrap).
        width = max((cell_len(str(label.prompt)) for label in labels), default=0) + 1
        if option_list.styles.width != Scalar.from_number(width):
            option_list.styles.width = width
        option_list.add_options(labels)
        index = min(highlight, len(self._orders) - 1)
        moved = option_list.highlighted != index
        # (The watcher previews it, if it moved; none is highlighted where none is kept.)
        option_list.highlighted = index if index >= 0 else None
        self._note = None
        self._render_detail()
        if typed or highlight:
            option_list.scroll_to_highlight()
        # Narrowed, another option may be highlighted at the same index: no watcher tells.
        if self._filtering and not moved and 0 <= index < len(self._orders) \
                and self.on_highlight is not None:
            self.on_highlight(self._orders[index])

    def typing_hint(self) -> str | None:
        """The prompt's border title while typing can narrow the list (markup), else None."""
        what = f"[b]{'/'.join(self._typing)}[/b]" if self._typing else ""
        return narrowing_hint(self, len(self._orders), len(self._all), what)

    def _option(self, number: int, info: OptionInfo, digits: int = 1) -> Option:
        """An option's line: its number in the whole list (dim past 9: typed after ``/``,
        not a key of its own), its label and a mark if it risks something."""
        label = Text.assemble((f"{number:>{digits}} ", "bold" if number <= LONG else "dim"),
                              info.label)
        if info.warning:
            label.append(" !", style="bold red")
        return Option(label)

    def _render_detail(self) -> None:
        """Draw the chance table and the note (else the highlighted option's detail),
        unless they are what is drawn already (an update re-lays the screen out)."""
        static = self.query_one(PromptDetail)
        self.border_title = self.typing_hint()
        index = self.options.highlighted
        info = (self._infos[index] if self._note is None and index is not None
                and 0 <= index < len(self._infos) else None)
        key = (id(self._table), self._note, info)
        if key == self._detail_key:
            return
        self._detail_key = key
        note = self._note if self._note is not None \
            else self._info_text(info) if info is not None else None
        static.show(self._detail(note))

    def _detail(self, note: Text | None) -> RenderableType:
        """The detail pane's content: the chance table (if any) above ``note``."""
        parts: list[RenderableType] = [part for part in (self._table, note) if part is not None]
        return Group(*parts) if len(parts) != 1 else parts[0]

    @staticmethod
    def _info_text(info: OptionInfo) -> Text:
        """An option's own detail, and its warning."""
        text = Text(info.detail)
        if info.warning:
            text.append(f"\n! {info.warning}", style="bold red")
        return text

    def on_mount(self) -> None:
        self.watch(self.options, "highlighted", self._highlight_moved, init=False)

    def _highlight_moved(self, index: int | None) -> None:
        """The highlight moved (a key, the mouse, the map's cursor): its detail, and the
        screen's preview, are drawn now, in the refresh that draws the highlight."""
        if index is None or not 0 <= index < len(self._orders):
            return
        self._note = None
        self._render_detail()
        if self.on_highlight is not None:
            self.on_highlight(self._orders[index])

    @on(OptionList.OptionHighlighted, "#prompt-options")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()  # (drawn as the highlight moved: ``_highlight_moved``)

    @on(OptionList.OptionSelected, "#prompt-options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose(event.option_index + 1)


class PromptDetail(TextPanel):
    """What the highlighted option means (and a chance table): wrapped to the pane's
    width, scrolled when it says more than the prompt's room."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: RenderableType = ""
        #: What each option of the decision shows, and the tallest's lines at a width.
        self._reserved: list[RenderableType] = []
        self._tallest: tuple[int, int] | None = None

    def reserve(self, renderables: Sequence[RenderableType]) -> None:
        """Keep room for the tallest of ``renderables`` (what the options of a new
        decision show), and forget the heights of the last decision's."""
        self._reserved = list(renderables)
        self._tallest = None
        self.min_lines = 0

    def least_lines(self, width: int) -> int:
        if width <= 0 or not self._reserved:
            return self.min_lines
        if self._tallest is None or self._tallest[0] != width:
            rules = cast(RulesMap, self.styles)  # (as Textual measures a widget's visual)
            lines = max(visualize(self, renderable, markup=False).get_height(rules, width)
                        for renderable in self._reserved)
            self._tallest = (width, lines)
        return max(self.min_lines, self._tallest[1])

    def show(self, renderable: RenderableType) -> None:
        self._shown = renderable
        if self.scroll_y:  # (a plain scroll_to is deferred: it would draw a frame of its own)
            self.scroll_to(y=0, animate=False, immediate=True)
        self.content_changed()
        # As tall as the tallest detail of the decision so far (``TextPanel.min_lines``).
        self.min_lines = max(self.min_lines, len(self._drawn))

    def content(self, width: int) -> RenderableType:
        return self._shown

    @property
    def shown(self) -> RenderableType:
        """What the pane shows."""
        return self._shown


class ChanceTable:
    """A chance table (faces, odds, effect) drawn in full where its effects get at least
    ``min_effect`` columns, else as the odds of each outcome (``compact_chance``): it
    fits whatever width it is drawn at, so it needs no size to be chosen.

    Laid out as a Rich ``Table(box=None, padding=(0, 1))`` would lay it out (right-
    aligned faces and odds, the odds dim, the effects wrapped), but as one ``Text``: a
    Rich table took a millisecond to draw, and a prompt draws it twice, to measure its
    height and to show it.
    """

    def __init__(self, notation: str, rows: Sequence[tuple[str, str, str]],
                 min_effect: int) -> None:
        self.notation = notation
        self.rows = list(rows)
        self.min_effect = min_effect

    def widths(self) -> tuple[int, int]:
        """The widths of the faces' and the odds' columns."""
        return (max(cell_len(text) for text in (self.notation, *(r[0] for r in self.rows))),
                max(cell_len(text) for text in ("odds", *(r[1] for r in self.rows))))

    def effect_width(self, width: int) -> int:
        """How wide the table's last column (the effects) would be in ``width``."""
        faces, odds = self.widths()
        return width - faces - odds - 2

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.effect_width(options.max_width) < self.min_effect:
            yield compact_chance(self.notation, self.rows)
            return
        faces, odds = self.widths()
        natural = max(cell_len(text) for text in ("effect", *(r[2] for r in self.rows)))
        effects = min(natural, options.max_width - faces - odds - 6)
        out = Text(no_wrap=True, overflow="crop")
        out.append(f" {self.notation:>{faces}}  {'odds':>{odds}}  {'effect':<{effects}} ",
                   style="bold")
        for face, chance, effect in self.rows:
            lines = Text(effect).wrap(console, effects, justify="left", overflow="fold")
            for index, line in enumerate(lines):
                line.pad_right(effects - line.cell_len)
                first = index == 0
                out.append(f"\n {face if first else '':>{faces}} ")
                out.append(f" {chance if first else '':>{odds}} ", style="dim")
                out.append(" ")
                out.append_text(line)
                out.append(" ")
        yield out


def chance_rows(chance: Chance) -> list[tuple[str, str, str]]:
    """(faces, odds, effect) rows of a chance table, equal neighbours merged."""
    rows: list[tuple[list[int], Fraction, str]] = []
    for outcome in chance.outcomes:
        if rows and rows[-1][2] == outcome.effect and rows[-1][0][-1] == outcome.value - 1:
            faces, odds, effect = rows[-1]
            rows[-1] = ([*faces, outcome.value], odds + outcome.probability, effect)
        else:
            rows.append(([outcome.value], outcome.probability, outcome.effect))
    out = []
    for faces, odds, effect in rows:
        face = str(faces[0]) if len(faces) == 1 else f"{faces[0]}-{faces[-1]}"
        out.append((face, f"{odds.numerator}/{odds.denominator}", effect or "-"))
    return out


_CRITICAL = re.compile(r"^critical (success|failure): ")


def compact_chance(notation: str, rows: Sequence[tuple[str, str, str]]) -> Text:
    """A chance table (faces, odds, effect) in few columns: the odds of each outcome,
    a critical result counted with its plain one ("84% the range changes")."""
    odds: dict[str, Fraction] = {}
    for _face, raw_odds, raw_effect in rows:
        effect = _CRITICAL.sub("", raw_effect)
        try:
            odds[effect] = odds.get(effect, Fraction(0)) + Fraction(raw_odds)
        except (ValueError, ZeroDivisionError):
            continue
    out = Text(f"{notation}:", style="bold")
    for effect, p in sorted(odds.items(), key=lambda item: -item[1]):
        out.append(f"\n{float(p):.0%} ", style="bold")
        out.append(effect)
    return out
