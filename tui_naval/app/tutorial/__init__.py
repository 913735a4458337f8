"""The tutorial's lessons: each a real game, with the real rules, against the greedy AI.

A lesson names its ruleset, its map (a ``.map`` file here, beside this module: the
lessons' own, kept out of the maps offered for play) and its seed, so every player's
first voyage is the same one; the hints come from the ruleset
(``core.hints``), as in any game with hints on.  The TUI reads the lessons from here
and names no ruleset itself.
"""

from __future__ import annotations

from pathlib import Path

from attrs import frozen

#: Where the lessons' maps are.
HERE = Path(__file__).parent


@frozen
class Lesson:
    """One lesson: a title, what it teaches, and the game it is."""

    title: str
    about: str
    ruleset: str
    map: str
    seed: int
    #: The side the player sails.
    side: str = "blue"

    @property
    def map_path(self) -> str:
        """The lesson's map file, as ``cli.new_game`` reads a path."""
        return str(HERE / f"{self.map}.map")


LESSONS: tuple[Lesson, ...] = (
    Lesson("A first race", "wind and bearings, speed, luck, Strain, sails and anchor, the "
           "helm preview, undo and saving", "salt-n-tar", "first-voyage", 7),
    Lesson("A first battle", "the wind gauge, range, broadsides and ammunition",
           "salt-and-shot", "first-broadside", 3),
)
