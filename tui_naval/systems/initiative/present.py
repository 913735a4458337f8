"""How the wind gauge presents itself: its events' styles."""

from __future__ import annotations

#: Event kind -> log style.
STYLES = {"gauge": "cyan", "weather": "cyan", "tactics": "cyan"}
