"""The save and load dialogs show a save's folder from the home folder (``~/saves``): a
served player's home is her own folder, and the host's paths are never shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import SIZE, make_app, wait_until
from textual.widgets import Static

from tui_naval.tui.dialogs.load import LoadDialog
from tui_naval.tui.dialogs.save import SaveDialog, shown_path


def test_a_path_under_home_is_shown_from_it(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "players" / "7"))
    assert shown_path(tmp_path / "players" / "7" / "saves" / "x.json") == "~/saves/x.json"
    assert shown_path(tmp_path / "players" / "7") == "~"
    assert shown_path(Path("/elsewhere/saves")) == "/elsewhere/saves"


async def test_the_dialogs_show_no_host_path(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "srv" / "players" / "7"
    monkeypatch.setenv("HOME", str(home))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for dialog, part in ((SaveDialog("mine", home / "saves"), "#save-where"),
                             (LoadDialog(home / "saves"), ".dialog-title")):
            app.push_screen(dialog)
            await wait_until(pilot, lambda d=dialog: d.is_mounted)  # type: ignore[misc]
            await pilot.pause()
            shown = " ".join(str(w.render()) for w in dialog.query(part).results(Static))
            assert "~/saves" in shown and str(tmp_path) not in shown, shown
            dialog.dismiss(None)
            await pilot.pause()
