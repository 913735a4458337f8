"""Daily voyages: the seed taken from the date (UTC), the same for every player that day."""

from __future__ import annotations

from datetime import UTC, date, datetime


def daily_seed(day: date) -> int:
    """A daily voyage's seed: the date's digits (2026-11-25: 20261125)."""
    return int(day.strftime("%Y%m%d"))


def today() -> date:
    """Today's date in UTC (the daily board's day everywhere)."""
    return datetime.now(UTC).date()
