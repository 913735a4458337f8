"""Option lists whose PageUp and PageDown work at every size, and lists narrowed by
typing.

A list of more than nine options (``LONG``: the number keys reach no further) is
narrowed by typing once ``/`` (the ``prompt.filter`` binding) is pressed, wherever it
is (the prompt's options, a dialog's choices: ``Narrowing``): what is typed keeps the
options it names (``narrows``), by number (``12``), by words their labels have from
the start of a word on (``starboard, f``, ``12,8``) or by the start of their keys (a
move's ``LF``).  While the filter is open every character typed is the filter's, so
none reaches the screen's keys; Enter picks the highlighted option (text that keeps
no option shows none, and rings the bell), Backspace takes a character back and
Escape ends the filter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Literal

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.binding import BindingType
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui_naval.tui import keys
from tui_naval.tui.textual_contract import LaidOutView
from tui_naval.tui.widgets.glyphs import AsciiLines

#: A list of more options than this can be narrowed by typing (the number keys reach no
#: further).
LONG = 9


def matches(words: str, *texts: str) -> bool:
    """Whether every word typed is found in one of ``texts`` (any case): how a table's
    filter (the saves, the hall of fame) narrows its rows."""
    hay = " ".join(texts).lower()
    return all(word in hay for word in words.lower().split())

#: Down (1) or up (-1) the list.
Direction = Literal[-1, 1]


def lines_known(option_list: OptionList) -> bool:
    """Whether Textual knows where the options' lines are: the list has a place on screen
    (Textual measures the lines at its width, as soon as it has one)."""
    return bool(option_list.scrollable_content_region)


def next_enabled(options: Sequence[Option], start: int, direction: Direction) -> int | None:
    """The first option from ``start`` on (``start`` included) in ``direction`` that is not
    disabled; None if there is none."""
    index = start
    while 0 <= index < len(options):
        if not options[index].disabled:
            return index
        index += direction
    return None


def page_by_options(option_list: OptionList, direction: Direction) -> None:
    """Move the highlight a page of options, as many as the list is high (at least one)."""
    options = option_list.options
    if not options:
        return
    highlighted = option_list.highlighted or 0
    page = max(1, option_list.scrollable_content_region.height)
    target = max(0, min(len(options) - 1, highlighted + direction * page))
    option_list.highlighted = next_enabled(options, target, direction)


def page(option_list: OptionList, direction: Direction) -> None:
    """PageDown (1) or PageUp (-1) in ``option_list``: Textual's, by the lines the options
    take; by options while the list has no place on screen (Textual's raised ``KeyError``
    there, its lines not measured)."""
    if option_list.highlighted is not None and not lines_known(option_list):
        page_by_options(option_list, direction)
    elif direction > 0:
        option_list.action_page_down()  # type: ignore[no-untyped-call]
    else:
        option_list.action_page_up()  # type: ignore[no-untyped-call]


class PagedOptionList(AsciiLines, LaidOutView, OptionList):
    """Textual's ``OptionList``, paging safely before it is laid out or while hidden, and
    not drawing its scroll bar again after each layout.

    Textual's pages by the lines the options take, which it measures only once the list
    has a size: a list not laid out yet, or hidden (``display: none``, behind the
    too-small notice), raised ``KeyError`` on PageUp and PageDown.  Without lines, this
    one pages by options (``page_by_options``).  (As a ``LaidOutView`` it keeps the
    virtual size it measures: compared with the region's size that the layout hands it,
    Textual would refresh the scroll bar of a list that scrolls after every layout, in a
    frame of its own.)
    """

    def action_page_down(self) -> None:
        if self.highlighted is not None and not lines_known(self):
            page_by_options(self, 1)
        else:
            super().action_page_down()  # type: ignore[no-untyped-call]

    def action_page_up(self) -> None:
        if self.highlighted is not None and not lines_known(self):
            page_by_options(self, -1)
        else:
            super().action_page_up()  # type: ignore[no-untyped-call]


# -- narrowing a list by typing --------------------------------------------------------------

def word_starts(text: str) -> list[int]:
    """Where the words of ``text`` start: its start, and each character after one that is
    not a letter or a digit (``Port at 12,8``: ``P``, ``a``, ``1`` and ``8``)."""
    return [i for i in range(len(text)) if i == 0 or not text[i - 1].isalnum()]


def _is_number(typed: str, number: int) -> bool:
    return typed.isdecimal() and typed.isascii() and int(typed) == number


def narrows(typed: str, number: int, label: str, key: str = "") -> bool:
    """Whether the option numbered ``number`` (1-based, in the whole list) is kept by the
    filter text ``typed`` (either case): its number, the start of its ``key``, or text its
    ``label`` has from the start of a word on."""
    wanted = typed.casefold()
    if not wanted or _is_number(wanted, number):
        return True
    if key and key.casefold().startswith(wanted):
        return True
    folded = label.casefold()
    return any(folded.startswith(wanted, start) for start in word_starts(folded))


def best_match(typed: str, numbers: Sequence[int], labels: Sequence[str],
               keys: Sequence[str] = ()) -> int:
    """Which of the options kept by ``typed`` to highlight (an index in them): the one of
    that number, else the one whose key or label is what was typed, else the first."""
    wanted = typed.casefold()
    for index, number in enumerate(numbers):
        if _is_number(wanted, number):
            return index
    for index, name in [*enumerate(keys), *enumerate(labels)]:
        if name.casefold() == wanted:
            return index
    return 0


def typeable(character: str | None) -> bool:
    """Whether a key's character is filter text (one printable character)."""
    return character is not None and len(character) == 1 and character.isprintable()


if TYPE_CHECKING:
    _WidgetMixin = Widget
else:
    _WidgetMixin = object  # (a mixin, not a Widget: see ``LaidOutView``)


class Narrowing(_WidgetMixin):
    """For a widget whose list typing narrows (put it first among the bases; it binds
    ``prompt.filter``): its ``filter`` action opens the filter where ``narrowable``;
    then every printable character typed goes to ``type_key``, Backspace to ``erase``
    (or ends the filter when nothing is typed) and Escape ends it, the typed text
    erased.  The widget calls ``narrowing_key`` first in its ``on_key`` and
    ``narrowing_check`` from its ``check_action``; ``filter_toggled`` tells it the
    filter opened or ended (to say so)."""

    _filtering = False

    @property
    def narrowable(self) -> bool:
        """Whether the list on show can be narrowed now."""
        raise NotImplementedError

    def type_key(self, char: str) -> bool:
        """Narrow the list by one more typed character; False if it keeps no option (none
        is shown then: Enter picks nothing the player did not name)."""
        raise NotImplementedError

    def erase(self, everything: bool = False) -> None:
        """Take back the last typed character (or all of them)."""
        raise NotImplementedError

    @property
    def typed(self) -> str:
        """What the player has typed to narrow the list ("" when nothing)."""
        raise NotImplementedError

    def filter_toggled(self) -> None:
        """The player opened the filter or ended it."""

    @property
    def filtering(self) -> bool:
        """Whether typed characters narrow the list now (``/`` was pressed)."""
        return self._filtering

    def _set_filtering(self, on: bool) -> None:
        if on != self._filtering:
            self._filtering = on
            if self.is_attached:
                self.screen.refresh_bindings()  # (the keys it takes leave the key bar)

    def narrowing_check(self) -> bool:
        """Whether the ``filter`` action can run: a list to narrow, and not twice."""
        return self.narrowable and not self._filtering

    def action_filter(self) -> None:
        """Start narrowing the list by typing."""
        if self.narrowable:
            self._set_filtering(True)
            self.filter_toggled()

    def _opens_filter(self, key: str) -> bool:
        """Whether ``key`` is the filter's (``prompt.filter``, as the keymap has it) and
        may open it now."""
        if not self.narrowing_check():
            return False
        active = self.screen.active_bindings.get(key)
        return active is not None and active.node is self and active.enabled \
            and active.binding.action == "filter"

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """While filtering, every character typed, Backspace and Escape are the list's:
        the screen's keys of those characters (``l`` Look, ``f``, the digits) leave the
        key bar and do nothing until the filter ends."""
        if not self._filtering:
            return False
        return key in ("backspace", "escape") or typeable(character)

    def narrowing_key(self, event: events.Key) -> None:
        """A key for the filter: ``/`` opens it now, not once the key has gone up to the
        app's bindings (the keys typed straight after it, by a fast typist or over a slow
        link, reach the list before that); while it is open, the typed text."""
        if self._opens_filter(event.key):
            self.action_filter()
        elif not self._filtering:
            return
        elif typeable(event.character):
            assert event.character is not None
            if not self.type_key(event.character):
                self.app.bell()
        elif event.key == "backspace":
            if self.typed:
                self.erase()
            else:
                self._set_filtering(False)
                self.filter_toggled()
        elif event.key == "escape":
            self._set_filtering(False)
            self.erase(everything=True)
            self.filter_toggled()
        else:
            return
        event.stop()
        event.prevent_default()


def narrowing_hint(narrowing: Narrowing, shown: int, every: int, what: str = "") -> str | None:
    """What a list narrowed by typing says of it (markup; None where it cannot be):
    how to start, what to type, or what was typed and how many options it keeps of
    ``every``; ``what``: what to type (markup), if not a number or words."""
    if not narrowing.narrowable:
        return None
    what = what or "a [b]number[/b] or [b]words[/b]"
    if not narrowing.filtering:
        return f"[b]/[/b] then type {what} to narrow the {every}"
    if not narrowing.typed:
        return f"type {what} to narrow the {every}, [b]esc[/b] ends"
    return (f"[reverse b] {escape(narrowing.typed)} [/] {shown} of {every}, "
            "[b]backspace[/b]/[b]esc[/b] erase")


class ChoiceList(Narrowing, PagedOptionList):
    """Choices (an id and a label each), numbered; a list of more than nine is narrowed
    by typing after ``/``, its number or words of its label, as the prompt's is (the
    hint in its border).  ``OptionSelected`` carries the chosen one's id."""

    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.PROMPT)

    def __init__(self, choices: Sequence[tuple[str, str]], *, id: str | None = None) -> None:
        self.choices = list(choices)
        self._typed = ""
        super().__init__(*self._choice_options(), id=id)
        self.border_title = narrowing_hint(self, len(self.choices), len(self.choices))

    def _kept(self) -> list[tuple[int, str, str]]:
        """The choices the typed text keeps: number, id and label."""
        return [(n, ident, label) for n, (ident, label) in enumerate(self.choices, 1)
                if narrows(self._typed, n, label)]

    def _choice_options(self) -> list[Option]:
        digits = len(str(len(self.choices)))
        return [Option(Text.assemble((f"{n:>{digits}}  ", "bold" if n <= LONG else "dim"),
                                     label), id=ident)
                for n, ident, label in self._kept()]

    @property
    def narrowable(self) -> bool:
        return len(self.choices) > LONG

    @property
    def typed(self) -> str:
        return self._typed

    def type_key(self, char: str) -> bool:
        self._typed += char.upper()
        self._refill()
        return self.option_count > 0

    def erase(self, everything: bool = False) -> None:
        self._typed = "" if everything else self._typed[:-1]
        self._refill()

    def filter_toggled(self) -> None:
        self._refill()

    def _refill(self) -> None:
        """Show the choices the typed text keeps, the best match highlighted (else the one
        highlighted before, where it is still shown)."""
        before = self.highlighted
        kept_before = self.get_option_at_index(before).id \
            if before is not None and 0 <= before < self.option_count else None
        kept = self._kept()
        self.clear_options()
        self.add_options(self._choice_options())
        ids = [ident for _, ident, _ in kept]
        if self._typed:
            index = best_match(self._typed, [n for n, _, _ in kept],
                               [label for _, _, label in kept])
        else:
            index = ids.index(kept_before) if kept_before in ids else 0
        self.highlighted = index if ids else None
        self.border_title = narrowing_hint(self, len(kept), len(self.choices))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "filter":
            return self.narrowing_check()
        return super().check_action(action, parameters)

    def on_key(self, event: events.Key) -> None:
        self.narrowing_key(event)
