"""Playing in the browser (``tui-naval serve --web``), in Debian's chromium driven by
Playwright: a guest starts a game and answers a prompt with the keyboard; a registered
player logs in with her web password and finds her SSH-side autosave under Continue; a
watcher's tab follows a live game.  Skipped, saying why, without chromium.

What the terminal shows is drawn on a canvas (xterm.js), so the tests look at it as a
player does, by its pixels (a screenshot that changes), and at what the server says of it
(``/live`` names each game being played, by its player)."""

from __future__ import annotations

import asyncio
import re
import shutil
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.serve.support import TIMEOUT, Server
from tui_naval.app.session import autosave_path
from tui_naval.app.setup import new_game
from tui_naval.core.saves import save_game
from tui_naval.serve.lobby import player_folder
from tui_naval.serve.players import Book

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright_api = pytest.importorskip("playwright.async_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")

PASSWORD = "a long web password"
WINDOW = {"width": 1100, "height": 700}


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    async with playwright_api.async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=CHROMIUM,
                                                args=["--no-sandbox"])
        try:
            yield launched
        finally:
            await launched.close()


async def terminal_up(page: Any) -> None:
    """The terminal's page has its first screen (xterm.js has been sent it)."""
    await page.wait_for_selector("body.-first-byte", state="attached", timeout=TIMEOUT * 1000)


async def settled(page: Any, timeout: float = TIMEOUT) -> bytes:
    """The page's picture once it has stopped changing."""
    end = time.monotonic() + timeout
    last = await page.screenshot()
    while time.monotonic() < end:
        await asyncio.sleep(0.4)
        now = await page.screenshot()
        if now == last:
            return now
        last = now
    raise AssertionError("the page never stopped changing")


async def changed(page: Any, before: bytes, timeout: float = TIMEOUT) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if await page.screenshot() != before:
            return
        await asyncio.sleep(0.2)
    raise AssertionError("the page did not change")


async def press(page: Any, *keys: str) -> None:
    """Keys typed into the terminal, as a player types them."""
    await page.focus(".xterm-helper-textarea")
    for key in keys:
        await page.keyboard.press(key)
        await asyncio.sleep(0.15)


async def live_titles(page: Any, address: str) -> list[str]:
    await page.goto(address + "live")
    return [text.strip() for text in await page.locator("ul li a").all_inner_texts()]


async def until_live(page: Any, address: str, start: str) -> str:
    """The title of the live game whose title starts with ``start`` (``/live``)."""
    end = time.monotonic() + TIMEOUT
    while time.monotonic() < end:
        for title in await live_titles(page, address):
            if title.startswith(start):
                return title
        await asyncio.sleep(0.5)
    raise AssertionError(f"no live game of {start!r}")


async def test_a_guest_starts_a_game_and_answers_a_prompt_with_the_keyboard(
        tmp_path: Path, browser: Any) -> None:
    server = Server(tmp_path, "--web", "0", "--guests")
    try:
        address = server.web_address()
        page = await browser.new_page(viewport=WINDOW)
        await page.goto(address)
        await page.click("#guest")
        await page.wait_for_url(re.compile(r"/play$"))
        await terminal_up(page)
        await settled(page)
        await press(page, "p")  # the lobby's Play: the title screen
        await settled(page)
        await press(page, "n")  # New game
        await settled(page)
        await press(page, "Enter", "Enter")  # on the defaults
        other = await browser.new_page()
        assert (await until_live(other, address, "guest-1:")).startswith("guest-1: ")
        before = await settled(page)
        await press(page, "1")  # the first prompt's first option
        await changed(page, before)
        await settled(page)
        await press(page, "q")  # autosave, and back to the title screen
        saves = list((tmp_path / "guests").glob("*/saves"))
        end = time.monotonic() + TIMEOUT
        while not any(autosave_path(folder).is_file() for folder in saves):
            assert time.monotonic() < end, "no autosave"
            await asyncio.sleep(0.2)
    finally:
        server.stop()


def player_with_autosave(data: Path) -> None:
    """Ann, known by her SSH key, with a web password and an autosaved game."""
    book = Book(data)
    ann = book.register("Ann", "SHA256:annkey", "ssh-ed25519 AAAAC3 ann")
    book.set_password(ann.id, PASSWORD)
    book.close()
    saves = player_folder(data, ann.id) / "saves"
    saves.mkdir(parents=True)
    save_game(new_game("salt-n-tar", "coast-chase", 7, None), autosave_path(saves))


async def test_a_registered_player_logs_in_and_continues_her_game_and_a_watcher_follows(
        tmp_path: Path, browser: Any) -> None:
    player_with_autosave(tmp_path)
    server = Server(tmp_path, "--web", "0")
    try:
        address = server.web_address()
        page = await browser.new_page(viewport=WINDOW)
        await page.goto(address)
        await page.fill("input[name=name]", "Ann")
        await page.fill("input[name=password]", "not her password")
        await page.click("button[type=submit]")
        error = await page.locator(".error").inner_text()
        assert "do not match" in error
        await page.fill("input[name=name]", "Ann")
        await page.fill("input[name=password]", PASSWORD)
        await page.click("button[type=submit]")
        await page.wait_for_url(re.compile(r"/play$"))
        await terminal_up(page)
        await settled(page)
        await press(page, "c")  # Continue: her autosave
        elsewhere = await browser.new_context(viewport=WINDOW)  # (no login: a visitor)
        watcher = await elsewhere.new_page()
        title = await until_live(watcher, address, "Ann:")
        assert "salt-n-tar on coast-chase" in title  # (hers: a new game is on channel-race)
        await watcher.get_by_role("link", name=title).click()
        await watcher.wait_for_url(re.compile(r"/watch/s\d+$"))
        await terminal_up(watcher)
        await settled(page)
        seen = await settled(watcher)
        await press(page, "1")  # Ann answers her prompt ...
        await changed(watcher, seen)  # ... and the watcher's tab follows
        await elsewhere.close()
    finally:
        server.stop()
