"""The morgue file: a voyage's end in plain text, as roguelikes write it (the ship, the
chart sailed, each leg's outcome, the last turns of the log)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

from tui_naval.core.data_folder import data_folder
from tui_naval.core.history import Game
from tui_naval.core.messages import plural, printable
from tui_naval.core.ruleset import Ruleset
from tui_naval.core.saves import write_atomic
from tui_naval.voyage.chart import draw
from tui_naval.voyage.fleet import part_text
from tui_naval.voyage.voyage import Voyage, chart_of

#: Turns of the last leg's log the morgue keeps.
LAST_TURNS = 3


def last_turns(game: Game | None, turns: int = LAST_TURNS) -> list[str]:
    """The log lines of a leg's last few turns (replayed loud from its setup)."""
    if game is None:
        return []
    again = Game(game.ruleset, game.setup)
    lines = [str(e) for e in again.state.events]
    for order in game.orders:
        again.play(order)
        lines += [str(e) for e in again.state.events]
    first = max(1, game.state.turn - turns + 1)
    return [line for line in lines if _turn(line) >= first]


def _turn(line: str) -> int:
    found = re.match(r"T\s*(\d+)", line)
    return int(found.group(1)) if found else 0


def morgue_text(voyage: Voyage, ruleset: Ruleset[Any], log: Sequence[str], when: date) -> str:
    """The morgue's text."""
    out = [f"tui-naval voyage: {voyage.name or 'a captain'} in {ruleset.title}",
           f"{'Daily voyage of ' + voyage.daily if voyage.daily else 'Voyage'}, "
           f"seed {voyage.seed}, {voyage.grid.value}, ended {when.isoformat()}", "",
           f"How it ended: {voyage.ended or 'still at sea'}",
           f"Score {voyage.score}: {plural(voyage.sailed, 'leg')} sailed, {voyage.earned} "
           f"gold won, {plural(voyage.prizes_taken, 'prize')}"
           f"{', the final action won' if voyage.won else ''}; "
           f"{voyage.gold} gold in the purse.", "", "The fleet at the end:"]
    for vessel in voyage.fleet:
        parts = ", ".join(part_text(key, have, full) for key, have, full in vessel.parts)
        out.append(f"  {vessel.name} ({vessel.kind}): {parts}")
    for prize in voyage.prizes:
        out.append(f"  prize in tow: {prize.name} ({prize.kind})")
    chart = chart_of(voyage, ruleset)
    out += ["", "The chart (@ where it ended, * the course sailed):"]
    out += ["  " + "".join(ch for ch, _ in row).rstrip()
            for row in draw(chart, voyage.at, voyage.route, ascii_only=True)]
    out += ["", "The legs:"]
    for leg in voyage.legs:
        # Numbered by the chart's column, as the voyage and `replay --hall --leg` number it.
        out.append(f"  {chart.place(leg.place).column:>2}. {leg.text}")
    if log:
        out += ["", "The last turns of the log:", *(f"  {line}" for line in log)]
    return "\n".join(out) + "\n"


#: The most of a morgue file the hall of fame reads back (a morgue is a few kilobytes).
MORGUE_READ_LIMIT = 256_000


def morgue_sections(path: Path) -> dict[str, list[str]]:
    """A morgue file's sections, each under its heading (the first line of a block: "The
    legs:", "The chart (...)"); OSError if it cannot be read.  Every line made printable:
    the file is the player's, and anything may have been written into it since."""
    with path.open("rb") as file:
        text = file.read(MORGUE_READ_LIMIT).decode("utf-8", errors="replace")
    sections: dict[str, list[str]] = {}
    for block in text.split("\n\n"):
        lines = [printable(line.rstrip()) for line in block.strip("\n").splitlines()]
        if lines:
            sections.setdefault(lines[0], lines[1:])
    return sections


def morgue_folder(data: Path | None = None) -> Path:
    """Where the morgue files are kept: ``morgue`` in ``data``, by default the game's data
    folder."""
    return (data or data_folder()) / "morgue"


def morgue_path(voyage: Voyage, when: date, folder: Path | None = None) -> Path:
    """NAME-DATE-SEED.txt in the morgue folder; a voyage sailed again the same day (the
    same captain, the same seed) gets -2, -3...: an earlier voyage's morgue is kept."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", voyage.name or "captain").strip("-") or "captain"
    base = (folder or morgue_folder()) / f"{stem}-{when.isoformat()}-{voyage.seed}"
    path, n = base.with_name(base.name + ".txt"), 1
    while path.exists():
        n += 1
        path = base.with_name(f"{base.name}-{n}.txt")
    return path


def write_morgue(voyage: Voyage, ruleset: Ruleset[Any], log: Sequence[str], when: date,
                 folder: Path | None = None) -> Path:
    """Write the morgue file; its path (OSError if it cannot be written)."""
    path = morgue_path(voyage, when, folder)
    write_atomic(path, morgue_text(voyage, ruleset, log, when))
    return path
