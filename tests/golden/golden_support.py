"""Golden playthroughs: the headless demo's output, digested, for every ruleset and map.

Each case is a ruleset, one of the maps it plays, one of the map's grids it plays
on, a seed, and the players (greedy against greedy, random against random).  Its
digest is the sha256 of what ``tui-naval demo --headless`` prints: every event
line and the RESULT line's outcome, turn and order count.  The RESULT line's own
``digest`` (a hash of the state's fields, its *shape*) is left out: the engine
refactor gives ships one component per system, which changes that shape and
nothing of the play.  The digests are pinned in ``goldens.json``; a change that
alters play must re-record them in the same commit and say why.

Record them anew with ``python tests/golden/golden_support.py --record``.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import sys
from pathlib import Path

from tui_naval import cli
from tui_naval.core.maps import available_maps, load_map
from tui_naval.core.scenario import unplayable_reason
from tui_naval.rulesets import load, registry

GOLDENS = Path(__file__).with_name("goldens.json")
SEEDS = (1, 2, 3)
PLAYERS = ("greedy", "random")


def cases() -> list[tuple[str, str, str, int, str]]:
    """(ruleset, map, grid, seed, players) for every pinned playthrough."""
    out = []
    entries = registry()
    specs = [load_map(str(path)) for path in available_maps()]
    for info in entries:
        ruleset = load(info)
        for spec in sorted(specs, key=lambda s: s.name):
            if unplayable_reason(ruleset, spec):
                continue
            for grid in spec.grids:
                if grid not in ruleset.grids:
                    continue
                for seed in SEEDS:
                    for players in PLAYERS:
                        out.append((info.id, spec.name, grid.value, seed, players))
    return out


def case_key(case: tuple[str, str, str, int, str]) -> str:
    return " ".join(map(str, case))


def transcript(ruleset: str, map_name: str, grid: str, seed: int, players: str) -> str:
    """What ``tui-naval demo --headless`` prints for one case."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(["demo", "--headless", "--ruleset", ruleset, "--map", map_name,
                         "--grid", grid, "--seed", str(seed), "--players", players])
    if code != 0:
        raise RuntimeError(f"demo exited {code} for {ruleset} {map_name} {grid} {seed}")
    return out.getvalue()


#: The RESULT line's hash of the final state's fields.
STATE_DIGEST = re.compile(r" \| digest [0-9a-f]+$", re.M)


def digest(text: str) -> str:
    """The pinned digest of a transcript: its text without the state's shape hash."""
    return hashlib.sha256(STATE_DIGEST.sub("", text).encode()).hexdigest()[:16]


def record() -> dict[str, str]:
    return {case_key(c): digest(transcript(*c)) for c in cases()}


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python tests/golden/golden_support.py --record")
    goldens = record()
    GOLDENS.write_text(json.dumps(goldens, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(goldens)} golden playthroughs in {GOLDENS}")
