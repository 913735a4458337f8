"""The battle's launch in parts: how much of its time over a bare Textual app is the game
(its model) and how much is the battle screen.

Run from the checkout (needs pyte: ``pip install -e '.[bench]'``)::

    .venv/bin/python bench/launch_parts.py [--runs 12]

Three programs, each launched ``--runs`` times in a 120x40 pseudo-terminal and timed to
its first complete frame as ``bench/tui.py`` times a launch (the launches interleaved, so
the machine's drift hits all three alike):

- ``bare``: a Textual hello-world app.
- ``model``: the same app, started once it has built what ``tui-naval play --seed 1``
  builds below its screen: the game (ruleset, map, state), its session with the easy
  admiral, the match, and the first question with its options, detail and preview read.
  No widget of the game's is made.  Garbage collection is off, as the game keeps it
  off until its first frame.
- ``play``: ``tui-naval play --seed 1``, the battle screen and its first prompt.

``model - bare`` is the game's share of the launch, ``play - model`` the screen's (its
modules, widgets and stylesheets, the first frame drawn).  Issue 59 asks for ``play`` at
most 1.5x ``bare``.
"""

from __future__ import annotations

import argparse
import statistics
import sys

import tui  # bench/tui.py: run as a script, this file's folder is on the path

#: The hello-world app, after the game that ``tui-naval play --seed 1`` plays is built.
#: Garbage collection stays off, as the game's launch keeps it off until its first frame.
MODEL = """\
import gc

gc.disable()
from tui_naval.app.match import Match
from tui_naval.app.seats import HUMAN
from tui_naval.app.session import Session
from tui_naval.app.setup import new_game

game = new_game("salt-n-tar", None, 1, None)
session = Session(game, {side: HUMAN if index == 0 else "easy"
                         for index, side in enumerate(game.state.sides)})
match = Match.of_session(session)
match.advance()
question = match.question
assert question is not None
for option in question.options:
    question.detail(option.order)

""" + tui.BARE


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=12, help="launches of each program")
    args = parser.parse_args()
    try:
        import pyte  # noqa: F401
    except ImportError:
        print("bench/launch_parts.py needs pyte: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    programs = {
        "bare": [sys.executable, "-c", tui.BARE],
        "model": [sys.executable, "-c", MODEL],
        "play": [*tui.program(), "play", "--seed", "1"],
    }
    times = tui.launch_times(args.runs, programs)
    medians = {name: statistics.median(found) for name, found in times.items()}
    bare = medians["bare"]
    print(f"launch to the first complete frame, {tui.LAUNCH_SIZE[0]}x{tui.LAUNCH_SIZE[1]} "
          f"pseudo-terminal, median of {args.runs} processes each")
    for name, found in times.items():
        print(f"    {name:6} {medians[name]:7.1f} ms  x{medians[name] / bare:4.2f}"
              f"   (each round's own ratio x{tui.paired_ratio(times, name):4.2f}, "
              f"min {min(found):.1f})")
    print(f"    the game's share (model - bare):   {medians['model'] - bare:6.1f} ms")
    print(f"    the screen's share (play - model): {medians['play'] - medians['model']:6.1f} ms")
    print(f"    1.5x bare leaves {0.5 * bare:.1f} ms for both")
    return 0


if __name__ == "__main__":
    sys.exit(main())
