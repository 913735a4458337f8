"""The rules screen: its own Markdown layout (every ruleset's page whole, nothing of the
Markdown's marks left), keys typed while it opens, and its page laid out once.

(How fast F2 opens it is measured in ``bench/rules.py``, not here.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from app_support import make_app, screen_text, wait_for_screen, wait_until
from markdown_it import MarkdownIt
from rich.console import Console
from textual import events
from textual.pilot import Pilot

from tui_naval.rulesets import find_ruleset, registry
from tui_naval.tui.screens import rules
from tui_naval.tui.screens.rules import (
    Code,
    Heading,
    ListBlock,
    Paragraph,
    RulesScreen,
    RulesText,
    Styles,
    Table,
    layout,
    parse_blocks,
    rules_markdown,
)
from tui_naval.tui.screens.title import TitleScreen

RULESETS = [info.id for info in registry()]


def count(blocks: Any, kind: type) -> int:
    """Blocks of ``kind`` in ``blocks``, inside lists too; a list counts its items."""
    total = 0
    for block in blocks:
        if isinstance(block, ListBlock):
            total += len(block.items) if kind is ListBlock else 0
            total += sum(count(inner, kind) for _marker, inner in block.items)
        elif isinstance(block, kind):
            total += 1
    return total


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_page_is_read_as_markdown_it_reads_it(ruleset: str) -> None:
    """The same headings, tables (and their rows), list items, code blocks and
    paragraphs as CommonMark finds (markdown-it, as Textual's Markdown widget read it)."""
    text = rules_markdown(find_ruleset(ruleset))
    tokens = MarkdownIt("commonmark").enable("table").parse(text)

    def found(kind: str) -> int:
        return sum(1 for token in tokens if token.type == kind)

    blocks = parse_blocks(text)
    assert count(blocks, Heading) == found("heading_open")
    assert count(blocks, Table) == found("table_open")
    assert sum(len(b.rows) for b in _all(blocks) if isinstance(b, Table)) == found("tr_open") - \
        found("table_open")
    assert count(blocks, ListBlock) == found("list_item_open")
    assert count(blocks, Code) == found("fence") + found("code_block")
    assert count(blocks, Paragraph) == found("paragraph_open")


def _all(blocks: Any) -> list[Any]:
    out: list[Any] = []
    for block in blocks:
        out.append(block)
        if isinstance(block, ListBlock):
            for _marker, inner in block.items:
                out.extend(_all(inner))
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("width", [40, 76, 96, 196])
@pytest.mark.parametrize("ascii_only", [False, True])
def test_a_page_is_laid_out_within_its_width(ruleset: str, width: int, ascii_only: bool) -> None:
    """Every line within the width; no Markdown marks left (``**``, a table's ``|---``,
    a heading's ``#``); every word of the page shown; in ASCII, ASCII only."""
    text = rules_markdown(find_ruleset(ruleset))
    console = Console(width=width, color_system="truecolor")
    lines = layout(parse_blocks(text), width, Styles(ascii_only=ascii_only), console)
    shown = "\n".join(line.plain for line in lines)
    assert all(line.cell_len <= width for line in lines), max(line.cell_len for line in lines)
    code = "\n".join("\n".join(b.lines) for b in _all(parse_blocks(text))
                     if isinstance(b, Code))
    prose = shown.replace(code, "") if code else shown
    assert "**" not in prose
    headings = [b for b in _all(parse_blocks(text)) if isinstance(b, Heading)]
    assert not any(f"{'#' * h.level} {h.text}" in prose for h in headings)
    assert not re.search(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*\|", prose, re.M)
    if ascii_only:
        assert shown.isascii()
    words = set(re.findall(r"[A-Za-z]{4,}", text))
    missing = {w for w in words if w not in shown}
    # (A word cut by a table cell's folding at 40 columns is the only way one goes missing.)
    assert not missing or width == 40, sorted(missing)[:10]


def test_inline_marks_become_styles() -> None:
    styles = Styles()
    text = rules.inline(r"a **bold _x_** and *it* `co*de` \*not\* [link](http://x)", styles)
    assert text.plain == "a bold _x_ and it co*de *not* link"
    styled = {text.plain[span.start:span.end]: span.style for span in text.spans}
    assert styled["bold _x_"] == styles.strong
    assert styled["it"] == styles.em
    assert styled["co*de"] == styles.code


def test_nested_lists_and_a_table_cell_too_long() -> None:
    text = ("- one\n  - inner *a*\n  - inner b\n- two\n\n1. first\n2. second\n\n"
            "| a | b |\n|---|---|\n| " + "word " * 30 + "| x |\n")
    blocks = parse_blocks(text)
    assert [type(b) for b in blocks] == [ListBlock, ListBlock, Table]
    first = blocks[0]
    assert isinstance(first, ListBlock) and len(first.items) == 2
    assert isinstance(first.items[0][1][1], ListBlock)
    lines = layout(blocks, 40, Styles(), Console(width=40))
    assert all(line.cell_len <= 40 for line in lines)
    plain = [line.plain for line in lines]
    assert any("inner a" in line for line in plain)
    assert any(line.lstrip().startswith("2. second") for line in plain)


# -- on screen ------------------------------------------------------------------------------

async def opened(pilot: Pilot[Any], typed: tuple[str, ...]) -> None:
    """F2, and ``typed`` keys after it, all in the app's queue before the rules open."""
    app = pilot.app
    for key in ("f2", *typed):
        app.post_message(events.Key(key, None))
    await pilot.pause()


async def test_keys_typed_while_the_rules_open_act_on_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    composed: list[RulesScreen] = []
    compose = RulesScreen.compose

    def counted(screen: RulesScreen) -> Any:
        composed.append(screen)
        return compose(screen)

    monkeypatch.setattr(RulesScreen, "compose", counted)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        title = await wait_for_screen(pilot, TitleScreen)
        await opened(pilot, ("pagedown", "pagedown"))
        screen = await wait_for_screen(pilot, RulesScreen)
        page = screen.query_one(RulesText)
        await wait_until(pilot, lambda: page.scroll_y == 2 * page.scrollable_content_region.height
                         > 0, what="the page scrolled down two pages")
        assert page.has_focus
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is title, what="the title again")
        await opened(pilot, ("escape",))
        await wait_until(pilot, lambda: len(composed) == 2, what="the rules opened again")
        await wait_until(pilot, lambda: app.screen is title, what="the rules closed")
        await pilot.pause()
        assert app.screen is title
        assert not any(isinstance(screen, RulesScreen) for screen in app.screen_stack)


async def test_the_page_is_laid_out_once_for_every_opening(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("f2")
        first = await wait_for_screen(pilot, RulesScreen)
        page = first.query_one(RulesText)
        lines = page.strips(page._content_width())
        assert "Salt'n'Tar" in screen_text(app)
        assert len(lines) == page.virtual_size.height > 300
        await pilot.press("escape")
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("f2")
        again = await wait_for_screen(pilot, RulesScreen)
        assert again is not first
        assert again.query_one(RulesText).strips(page._content_width()) is lines


async def test_r_turns_to_the_next_rulesets_rules_from_the_top(tmp_path: Path) -> None:
    """The title's Rules shows the default ruleset's; r turns to every other ruleset's in
    the registry's order (and round again), R back; each page from its top."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("f2")
        screen = await wait_for_screen(pilot, RulesScreen)
        page = screen.query_one(RulesText)
        assert screen.ruleset_name == RULESETS[0]
        await pilot.press("pagedown")
        await wait_until(pilot, lambda: page.scroll_y > 0, what="the page scrolled")
        for at in [*range(1, len(RULESETS)), 0]:
            await pilot.press("r")
            ruleset = find_ruleset(RULESETS[at])
            await pilot.pause()
            assert screen.ruleset_name == ruleset.name
            assert page.markdown == rules_markdown(ruleset)
            assert page.scroll_y == 0
            head = screen_text(app).splitlines()[0]
            assert ruleset.title in head and f"{at + 1} of {len(RULESETS)}" in head
        await pilot.press("R")
        await pilot.pause()
        assert screen.ruleset_name == RULESETS[-1]


@pytest.mark.parametrize("where", ["new game", "voyage"])
async def test_f2_on_a_setup_screen_opens_the_chosen_rulesets_rules(
        tmp_path: Path, where: str) -> None:
    from textual.widgets import Select

    from tui_naval.tui.screens.new_game import NewGameScreen
    from tui_naval.tui.screens.voyage_setup import VoyageSetupScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("n" if where == "new game" else "v")
        form = await wait_for_screen(pilot, NewGameScreen if where == "new game"
                                     else VoyageSetupScreen)
        form.query_one("#ng-ruleset" if where == "new game" else "#vs-ruleset",
                       Select).value = RULESETS[-1]
        await wait_until(pilot, lambda: form.rules_ruleset() == RULESETS[-1],
                         what="the ruleset chosen")
        await pilot.press("f2")
        screen = await wait_for_screen(pilot, RulesScreen)
        assert screen.ruleset_name == RULESETS[-1]
        assert find_ruleset(RULESETS[-1]).title in screen_text(app).splitlines()[0]
