"""The rules of the ruleset in play (or the default one), from its Markdown help.

The page is drawn by ``RulesText``, one widget that lays the Markdown out itself
(headings, paragraphs, lists, tables, code blocks, bold, italics and code: what the
rulesets' help uses) into lines, once a width, kept for the next opening.  Textual's
``Markdown`` widget builds a widget for every block and cell, and took seconds to open
a long page on a loaded machine; keys typed meanwhile were lost.  Here the page is
drawn in the layout before the first frame, so the first frame is the whole page and
the keys typed as it opens (PageDown, Escape) act on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.geometry import Size
from textual.strip import Strip
from textual.widgets import Static

from tui_naval.rulesets import DEFAULT_RULESET, find_ruleset, registry
from tui_naval.tui import keys
from tui_naval.tui.screens.base import NavalScreen
from tui_naval.tui.widgets.glyphs import glyphs, to_ascii
from tui_naval.tui.widgets.key_bar import KeyBar
from tui_naval.tui.widgets.sized_view import SizedView


def rules_markdown(ruleset: Any) -> str:
    """A ruleset's help text, or a note that it has none yet."""
    try:
        text: str = ruleset.help_text()
    except (OSError, AttributeError) as exc:
        return f"# {ruleset.title}\n\nThe rules reference is not available ({exc})."
    return text


# -- the Markdown, as blocks -------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str


@dataclass(frozen=True, slots=True)
class Code:
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class ListBlock:
    """A bulleted or numbered list: each item's marker (``""`` for a bullet, ``"3."``)
    and its blocks."""

    items: tuple[tuple[str, tuple[Block, ...]], ...]


Block = Heading | Paragraph | Code | Table | ListBlock

_FENCE = re.compile(r"^\s{0,3}(```+|~~~+)")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d{1,9}[.)])(\s+|$)(.*)$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _starts_block(line: str) -> bool:
    """Whether ``line`` ends a paragraph: a heading, a fence, a table or a list item
    (a numbered one only from 1, as CommonMark has it)."""
    if _FENCE.match(line) or _HEADING.match(line) or line.lstrip().startswith("|"):
        return True
    item = _ITEM.match(line)
    return bool(item and item.group(4) and (not item.group(2)[0].isdigit()
                                            or item.group(2)[:-1] == "1"))


def _cells(line: str) -> tuple[str, ...]:
    inner = line.strip()
    inner = inner.removeprefix("|")
    if inner.endswith("|") and not inner.endswith("\\|"):
        inner = inner[:-1]
    return tuple(cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner))


def parse_blocks(text: str) -> tuple[Block, ...]:
    """The blocks of a Markdown text (the subset the rules pages use)."""
    return tuple(_blocks(text.expandtabs(4).splitlines()))


def _blocks(lines: Sequence[str]) -> Iterator[Block]:
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if fence := _FENCE.match(line):
            mark, indent = fence.group(1), _indent(line)
            body: list[str] = []
            i += 1
            while i < n and not lines[i].lstrip().startswith(mark):
                body.append(lines[i][min(indent, _indent(lines[i])):])
                i += 1
            i += 1
            yield Code(tuple(body))
        elif heading := _HEADING.match(line):
            yield Heading(len(heading.group(1)), heading.group(2))
            i += 1
        elif (line.lstrip().startswith("|") and i + 1 < n
              and _TABLE_RULE.match(lines[i + 1])):
            header = _cells(line)
            rows: list[tuple[str, ...]] = []
            i += 2
            while i < n and lines[i].lstrip().startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            yield Table(header, tuple(rows))
        elif _ITEM.match(line):
            i, block = _list(lines, i)
            yield block
        else:
            text = [line.strip()]
            i += 1
            while i < n and lines[i].strip() and not _starts_block(lines[i]):
                text.append(lines[i].strip())
                i += 1
            yield Paragraph(" ".join(text))


def _list(lines: Sequence[str], i: int) -> tuple[int, ListBlock]:
    """The list starting at line ``i``: where it ends, and the list."""
    first = _ITEM.match(lines[i])
    assert first is not None
    indent, bullet = len(first.group(1)), not first.group(2)[0].isdigit()
    items: list[tuple[str, tuple[Block, ...]]] = []
    n = len(lines)
    while i < n:
        item = _ITEM.match(lines[i])
        if (item is None or len(item.group(1)) != indent
                or (not item.group(2)[0].isdigit()) != bullet):
            break
        inside = item.start(4) if item.group(4) else item.end(2) + 1
        body = [item.group(4)]
        i += 1
        while i < n:
            line = lines[i]
            if not line.strip():
                # A blank line: the item goes on if what follows is indented into it.
                after = next((j for j in range(i, n) if lines[j].strip()), n)
                if after < n and _indent(lines[after]) >= inside:
                    body.extend([""] * (after - i))
                    i = after
                    continue
                break
            if _indent(line) >= inside:
                body.append(line[inside:])
            elif _ITEM.match(line) or _starts_block(line):
                break
            elif body[-1].strip():  # a lazy continuation of the item's paragraph
                body.append(line.strip())
            else:
                break
            i += 1
        marker = "" if bullet else item.group(2)[:-1] + "."
        items.append((marker, tuple(_blocks(body))))
        # A blank line between two items of the list.
        if i < n and not lines[i].strip():
            after = next((j for j in range(i, n) if lines[j].strip()), n)
            nxt = _ITEM.match(lines[after]) if after < n else None
            if nxt is not None and len(nxt.group(1)) == indent:
                i = after
    return i, ListBlock(tuple(items))


# -- inline: bold, italics, code, links -------------------------------------------------

_INLINE = re.compile(
    r"\\(?P<escaped>[!-/:-@\[-`{-~])"
    r"|(?P<ticks>`+)(?P<code>.+?)(?P=ticks)"
    r"|\*\*(?P<strong>.+?)\*\*(?!\*)"
    r"|__(?P<strong2>.+?)__"
    r"|\*(?P<em>[^*\s](?:.*?[^*\s])?)\*"
    r"|\[(?P<label>[^\]]+)\]\((?P<url>[^)\s]*)\)")


_BOLD = Style(bold=True)
_ITALIC = Style(italic=True)
_BOLD_ITALIC = Style(bold=True, italic=True)
_DIM = Style(dim=True)


@dataclass(frozen=True, slots=True)
class Styles:
    """The page's styles (the widget's component classes), and its glyphs."""

    h1: Style = _BOLD
    h2: Style = _BOLD
    h3: Style = _BOLD_ITALIC
    strong: Style = _BOLD
    em: Style = _ITALIC
    code: Style = _BOLD
    code_block: Style = _DIM
    table_header: Style = _BOLD
    rule: Style = _DIM
    ascii_only: bool = False


def inline(source: str, styles: Styles, base: Style | None = None) -> Text:
    """A paragraph's Markdown as styled text."""
    text = Text(style=base or "")
    _inline(source, styles, text, Style())
    return text


def _inline(source: str, styles: Styles, into: Text, style: Style) -> None:
    plain = to_ascii if styles.ascii_only else str
    at = 0
    for match in _INLINE.finditer(source):
        if match.start() > at:
            into.append(plain(source[at:match.start()]), style or None)
        at = match.end()
        kind = match.lastgroup
        if match.group("escaped") is not None:
            into.append(plain(match.group("escaped")), style or None)
        elif match.group("code") is not None:
            code = match.group("code")
            if code.startswith(" ") and code.endswith(" ") and code.strip():
                code = code[1:-1]
            into.append(plain(code), style + styles.code)
        elif kind in ("strong", "strong2"):
            _inline(match.group(kind), styles, into, style + styles.strong)
        elif kind == "em":
            _inline(match.group("em"), styles, into, style + styles.em)
        else:  # a link: its label (the rules pages link nowhere a terminal could open)
            _inline(match.group("label"), styles, into, style)
    if at < len(source):
        into.append(plain(source[at:]), style or None)


# -- laying the page out ----------------------------------------------------------------

def layout(blocks: Sequence[Block], width: int, styles: Styles, console: Console) -> list[Text]:
    """The page's lines at ``width`` cells: one ``Text`` each, no longer than the width."""
    lines: list[Text] = []
    for block in blocks:
        if lines and lines[-1].plain:
            lines.append(Text())
        lines.extend(_layout(block, max(8, width), styles, console))
    while lines and not lines[-1].plain:
        lines.pop()
    return lines


def _wrap(text: Text, width: int, console: Console) -> list[Text]:
    if not text.plain:
        return [Text()]
    return list(text.wrap(console, max(1, width), overflow="fold"))


def _layout(block: Block, width: int, styles: Styles, console: Console) -> list[Text]:
    g = glyphs(styles.ascii_only)
    if isinstance(block, Heading):
        style = (styles.h1, styles.h2, styles.h3)[min(block.level, 3) - 1]
        text = inline(block.text, styles, style)
        lines = _wrap(text, width, console)
        if block.level == 1:
            for line in lines:
                line.align("center", width)
        if block.level <= 2:
            rule = g.rule_heavy if block.level == 1 else g.rule
            lines.append(Text(rule * min(width, max(line.cell_len for line in lines)
                                         if block.level == 2 else width), styles.rule))
        return lines
    if isinstance(block, Paragraph):
        return _wrap(inline(block.text, styles), width, console)
    if isinstance(block, Code):
        code = [Text("  " + (to_ascii(line) if styles.ascii_only else line), styles.code_block)
                for line in block.lines]
        for line in code:
            line.truncate(width)
        return code
    if isinstance(block, ListBlock):
        return _list_lines(block, width, styles, console)
    return _table_lines(block, width, styles, console)


def _list_lines(block: ListBlock, width: int, styles: Styles, console: Console) -> list[Text]:
    g = glyphs(styles.ascii_only)
    marks = [marker or g.bullet for marker, _ in block.items]
    room = max(len(mark) for mark in marks) + 1
    lines: list[Text] = []
    for mark, (_marker, blocks) in zip(marks, block.items, strict=True):
        inner = layout(blocks, width - room - 1, styles, console) or [Text()]
        for k, line in enumerate(inner):
            prefix = (mark.rjust(room - 1) + " ") if k == 0 else " " * room
            lines.append(Text(" ") + Text(prefix) + line)
    return lines


def _table_lines(block: Table, width: int, styles: Styles, console: Console) -> list[Text]:
    g = glyphs(styles.ascii_only)
    count = max(len(block.header), *(len(row) for row in block.rows)) if block.rows else len(
        block.header)
    rows = [tuple(row) + ("",) * (count - len(row)) for row in (block.header, *block.rows)]
    cells = [[inline(cell, styles, styles.table_header if r == 0 else None) for cell in row]
             for r, row in enumerate(rows)]
    gap = len(g.table_column)
    room = max(count, width - gap * (count - 1))
    natural = [max(cells[r][c].cell_len for r in range(len(cells))) for c in range(count)]
    widths = _fit_columns(natural, [max((_longest_word(cells[r][c]) for r in range(len(cells))),
                                        default=1) for c in range(count)], room)
    lines: list[Text] = []
    for r, row in enumerate(cells):
        wrapped = [_wrap(cell, widths[c], console) for c, cell in enumerate(row)]
        for k in range(max(len(cell) for cell in wrapped)):
            line = Text()
            for c, cell in enumerate(wrapped):
                if c:
                    line.append(g.table_column, styles.rule)
                part = cell[k] if k < len(cell) else Text()
                line.append_text(part)
                if c < count - 1:
                    line.append(" " * max(0, widths[c] - part.cell_len))
            lines.append(line)
        if r == 0:
            lines.append(Text(g.table_cross.join(g.rule * w for w in widths), styles.rule))
    return lines


def _longest_word(text: Text) -> int:
    return max((len(word) for word in text.plain.split()), default=1)


def _fit_columns(natural: list[int], least: list[int], room: int) -> list[int]:
    """Column widths within ``room``: each its natural width when all fit, else the
    widest narrowed first, none below its longest word (nor 4) unless nothing else fits."""
    widths = [max(1, w) for w in natural]
    floor = [min(w, max(4, least_w)) for w, least_w in zip(widths, least, strict=True)]
    while sum(widths) > room:
        c = max(range(len(widths)), key=lambda k: widths[k] - floor[k])
        if widths[c] <= floor[c]:
            c = max(range(len(widths)), key=lambda k: widths[k])
            if widths[c] <= 1:
                break
        widths[c] -= 1
    return widths


# -- the page, drawn ----------------------------------------------------------------------

#: Laid-out pages: (text, width, styles) -> lines; a page opened again draws nothing anew.
_PAGES: dict[tuple[str, int, Styles], list[Strip]] = {}
_PAGES_KEPT = 12


def page_strips(text: str, width: int, styles: Styles, console: Console) -> list[Strip]:
    """The page's lines at ``width``, as strips (laid out once a text, width and style)."""
    key = (text, width, styles)
    found = _PAGES.get(key)
    if found is None:
        found = [Strip(line.render(console), line.cell_len).extend_cell_length(width)
                 for line in layout(parse_blocks(text), width, styles, console)]
        if len(_PAGES) >= _PAGES_KEPT:
            _PAGES.pop(next(iter(_PAGES)))
        _PAGES[key] = found
    return found


class RulesText(SizedView, can_focus=True):
    """A Markdown page, laid out by the widget itself and scrolled."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "rules--h1", "rules--h2", "rules--h3", "rules--strong", "rules--em", "rules--code",
        "rules--code-block", "rules--table-header", "rules--rule",
    }
    DEFAULT_CSS = """
    RulesText {
        overflow-x: hidden;
        overflow-y: scroll;
        .rules--h1 { text-style: bold; color: $text-primary; }
        .rules--h2 { text-style: bold; color: $text-secondary; }
        .rules--h3 { text-style: bold italic; }
        .rules--strong { text-style: bold; }
        .rules--em { text-style: italic; }
        .rules--code { color: $text-accent; }
        .rules--code-block { color: $text-muted; }
        .rules--table-header { text-style: bold; }
        .rules--rule { color: $text-muted; }
    }
    """

    def __init__(self, markdown: str, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.markdown = markdown
        self.ascii_only = ascii_only
        self._styles: Styles | None = None
        #: Scrolls asked for before the first layout (None once laid out).
        self._pending: list[Callable[[], None]] | None = []

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = None

    def show(self, markdown: str) -> None:
        """Another page, from its top."""
        self.markdown = markdown
        self.scroll_home(animate=False)
        self._fit_content()
        self.refresh()

    # -- keys typed as the page opens ---------------------------------------------------------
    # The page has the focus as the screen opens, but its size only after its first layout:
    # a scroll before that would scroll nothing.  Those typed so early wait for the layout,
    # and are done then in the order they were typed.
    def _scroll(self, action: Callable[[], None]) -> None:
        if self._pending is None:
            action()
            return
        self._pending.append(action)
        if len(self._pending) == 1:
            self.call_after_refresh(self._scroll_pending)

    def _scroll_pending(self) -> None:
        if not self.size.height:
            self.call_after_refresh(self._scroll_pending)
            return
        pending, self._pending = self._pending or [], None
        for action in pending:
            action()

    # (Not animated: a second PageDown typed while the first still slides would go from
    # where the page is, not from where it is going, and be lost.)
    def action_scroll_up(self) -> None:
        self._scroll(lambda: self.scroll_up(animate=False))

    def action_scroll_down(self) -> None:
        self._scroll(lambda: self.scroll_down(animate=False))

    def action_page_up(self) -> None:
        self._scroll(lambda: self.scroll_page_up(animate=False))

    def action_page_down(self) -> None:
        self._scroll(lambda: self.scroll_page_down(animate=False))

    def action_scroll_home(self) -> None:
        self._scroll(lambda: self.scroll_home(animate=False))

    def action_scroll_end(self) -> None:
        self._scroll(lambda: self.scroll_end(animate=False))

    def styles_of_page(self) -> Styles:
        """The page's styles, from the component classes (read once a style change)."""
        if self._styles is None:
            def get(name: str) -> Style:
                return self.get_component_rich_style(f"rules--{name}", partial=True)

            self._styles = Styles(
                h1=get("h1"), h2=get("h2"), h3=get("h3"), strong=get("strong"), em=get("em"),
                code=get("code"), code_block=get("code-block"),
                table_header=get("table-header"), rule=get("rule"),
                ascii_only=self.ascii_only)
        return self._styles

    def _content_width(self) -> int:
        # The scroll bar always shows (``overflow-y: scroll``): counted from the first
        # layout on, so the page is laid out once, at its one width.
        return self.container_size.width - self.styles.scrollbar_size_vertical

    def strips(self, width: int) -> list[Strip]:
        return page_strips(self.markdown, max(1, width), self.styles_of_page(), self.app.console)

    def _fit_content(self) -> None:
        width = self._content_width()
        if width > 0:
            self._set_content_size(Size(width, len(self.strips(width))))
            if self._pending == []:
                self._pending = None

    def render_line(self, y: int) -> Strip:
        width = self._content_width()
        lines = self.strips(width)
        index = y + int(self.scroll_y)
        style = self.rich_style
        if 0 <= index < len(lines):
            return lines[index].apply_style(style)
        return Strip.blank(width, style)


def ruleset_ids() -> list[str]:
    """Every ruleset's id, in the registry's (the menus') order: the order r turns in."""
    return [info.id for info in registry()]


class RulesScreen(NavalScreen[None]):
    """Scrollable rules; Escape goes back."""

    COMMAND_SET = keys.RULES
    BINDINGS: ClassVar[list[BindingType]] = keys.bindings(keys.RULES)
    STYLESHEET = "rules"
    AUTO_FOCUS = "#rules-text"

    def __init__(self, ruleset_name: str | None = None) -> None:
        super().__init__()
        self.ruleset_name = ruleset_name

    def compose(self) -> ComposeResult:
        if self.ruleset_name is None:
            self.ruleset_name = self._playing() or DEFAULT_RULESET
        ruleset = find_ruleset(self.ruleset_name)
        self.ruleset_name = ruleset.name
        ascii_only = self.naval.config.ascii_only
        yield Static(self._title(ruleset.title), id="rules-title")
        yield RulesText(rules_markdown(ruleset), ascii_only=ascii_only, id="rules-text")
        yield KeyBar()

    def _title(self, ruleset_title: str) -> Text:
        """The title line: the ruleset's name and where it is among them all (the key bar
        says the key to the next)."""
        ascii_only = self.naval.config.ascii_only
        plain = to_ascii if ascii_only else str
        names = ruleset_ids()
        return Text.assemble(("Rules", "bold"), f" {glyphs(ascii_only).dot} ",
                             plain(ruleset_title),
                             (f"  {names.index(self.ruleset_name or '') + 1} of {len(names)}"
                              "  Escape goes back", "dim"))

    def _playing(self) -> str | None:
        session = getattr(self.app, "session", None)
        return session.game.ruleset.name if session is not None else None

    def show_ruleset(self, name: str) -> None:
        """Show another ruleset's rules, from the top."""
        ruleset = find_ruleset(name)
        self.ruleset_name = ruleset.name
        self.query_one("#rules-title", Static).update(self._title(ruleset.title))
        page = self.query_one("#rules-text", RulesText)
        page.show(rules_markdown(ruleset))

    def _step(self, by: int) -> None:
        names = ruleset_ids()
        self.show_ruleset(names[(names.index(self.ruleset_name or "") + by) % len(names)])

    def action_next_ruleset(self) -> None:
        self._step(1)

    def action_previous_ruleset(self) -> None:
        self._step(-1)

    def action_close(self) -> None:
        self.dismiss(None)
