"""The public web pages in a real browser: Debian's chromium, driven by Playwright (its
own browsers cannot be downloaded here; ``.ci/run`` installs the system's).  Skipped,
saying why, where either is missing."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.serve.support import Server
from tui_naval.voyage.hall import Entry, Hall

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright_api = pytest.importorskip("playwright.async_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")

HOSTILE = "<script>document.title='owned'</script><img src=x onerror=\"document.title='owned'\">"


async def test_the_hall_lists_a_finished_voyage_and_its_morgue_opens(tmp_path: Path) -> None:
    morgue = tmp_path / "morgue"
    morgue.mkdir()
    (morgue / "Ann-2026-12-02-7.txt").write_text("tui-naval: the voyage of Ann\n"
                                                 "Sank off Skerry Rock, turn 14\n")
    hall = Hall(tmp_path / "hall.sqlite3")
    hall.add(Entry("Ann", 7, "salt-n-tar", 3, 1, 120, "sank off Skerry Rock", "2026-12-02",
                   "", False, "{}", str(morgue / "Ann-2026-12-02-7.txt")))
    hall.add(Entry(HOSTILE, 8, "salt-n-tar", 1, 0, 10, HOSTILE, "2026-12-02"))
    server = Server(tmp_path, "--web", "0")
    try:
        address = server.web_address()
        async with playwright_api.async_playwright() as driver:
            browser = await driver.chromium.launch(executable_path=CHROMIUM,
                                                   args=["--no-sandbox"])
            try:
                page = await browser.new_page()
                await page.goto(address + "hall")
                assert await page.title() == "tui-naval: hall of fame"
                rows = page.locator("table tr")
                assert await rows.count() == 3  # the heading and two voyages
                first = await rows.nth(1).inner_text()
                assert "Ann" in first and "120" in first and "sank off Skerry Rock" in first
                assert HOSTILE in await rows.nth(2).inner_text()  # shown as text, not run
                await page.get_by_role("link", name="morgue").click()
                await page.wait_for_url(re.compile(r"/morgue/Ann-2026-12-02-7\.txt$"))
                assert "Sank off Skerry Rock, turn 14" in await page.inner_text("body")
                await page.goto(address + "live")
                assert "No game is being played" in await page.inner_text("body")
                await page.goto(address + "hall")
                assert await page.title() != "owned"
            finally:
                await browser.close()
    finally:
        assert server.stop() == 0
