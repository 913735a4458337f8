"""Helpers for the app's Pilot tests: a configured app, waiting, and reading the screen."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from tui_naval.tui.app import Config, NavalApp, ScreenFactory

SIZE = (100, 30)
FIXED_NOW = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def make_config(tmp_path: Path, **extra: Any) -> Config:
    """A config that writes under ``tmp_path``, never waits, always seeds 3 and faces
    greedy (an opponent whose answers take no clock)."""
    values: dict[str, Any] = {
        "save_dir": tmp_path / "saves", "keymap": {}, "clock": lambda: FIXED_NOW,
        "ai": "greedy", "ai_delay": 0.0, "demo_delay": 0.0, "handle_signals": False,
        "new_seed": lambda: 3,
    }
    values.update(extra)
    return Config(**values)


def make_app(tmp_path: Path, first: ScreenFactory | None = None, **extra: Any) -> NavalApp:
    return NavalApp(make_config(tmp_path, **extra), first)


async def wait_until(pilot: Pilot[Any], condition: Callable[[], bool], timeout: float = 20.0,
                     what: str = "condition") -> None:
    """Let the app run until ``condition()`` holds (AssertionError after ``timeout`` s)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.01)


async def wait_for_screen(pilot: Pilot[Any], kind: type, timeout: float = 20.0) -> Any:
    """Wait until a screen of ``kind`` is on top (or a match's screen whose mode is a
    ``kind``: a battle, a demo, a replay...), mounted, built (the title screen is built
    after it is mounted) and drawn; returns it."""
    app = pilot.app

    def on_top() -> bool:
        screen = app.screen
        return ((isinstance(screen, kind) or isinstance(mode_of(screen), kind))
                and screen.is_mounted and getattr(screen, "built", True))

    await wait_until(pilot, on_top, timeout, kind.__name__)
    await pilot.pause()
    await pilot.pause()
    return app.screen


def mode_of(screen: object) -> Any:
    """The mode of a match's screen (a battle's, a demo's...); None for any other screen."""
    return getattr(screen, "mode", None)


def screen_text(app: App[Any]) -> str:
    """The whole screen as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())
