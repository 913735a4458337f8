"""Players by name, for the CLI and the new-game screen, and the opponent levels.

The registry is names and factories: a player's module is imported when one is
made, so checking or listing names (the CLI, a game starting) imports no AI.  A player
is made for a ruleset, and plays that ruleset's games (it is handed it, never looks it
up).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tui_naval.core.controller import Player
    from tui_naval.core.ruleset import Ruleset


def _greedy(ruleset: Ruleset[Any]) -> Player:
    from tui_naval.ai.greedy import GreedyPlayer

    return GreedyPlayer(ruleset)


def _random(ruleset: Ruleset[Any]) -> Player:
    from tui_naval.ai.random_player import RandomPlayer

    return RandomPlayer()


def _easy(ruleset: Ruleset[Any]) -> Player:
    from tui_naval.ai.easy import EasyPlayer

    return EasyPlayer(ruleset)


def _search(level: str) -> Callable[[Ruleset[Any]], Player]:
    def make(ruleset: Ruleset[Any]) -> Player:
        from tui_naval.ai.search import SearchPlayer
        from tui_naval.ai.search_levels import LEVEL_SETTINGS

        name = "search" if level == "normal" else f"search:{level}"
        return SearchPlayer(ruleset, LEVEL_SETTINGS[level], name=name)

    return make


PLAYERS: dict[str, Callable[[Ruleset[Any]], Player]] = {
    "greedy": _greedy,
    "random": _random,
    "easy": _easy,
    "search": _search("normal"),
    "search:hard": _search("hard"),
}

#: Other names for the players above (accepted, not listed).
ALIASES: dict[str, str] = {"search:easy": "easy", "search:normal": "search", "normal": "search",
                           "hard": "search:hard"}

#: The opponent a game gives the player unless told otherwise: the search at the normal
#: level (docs/strength.md: never weaker than greedy, clearly stronger in five rulesets).
DEFAULT_OPPONENT = "search"

#: The opponent levels players choose (``--ai``, the new-game screen), as player names.
LEVELS: dict[str, str] = {"easy": "easy", "normal": "search", "hard": "search:hard"}

#: The players a person may face, as lists offer them (name, what the list says): the
#: levels first (``normal (search)``), then the other players.
OPPONENTS: tuple[tuple[str, str], ...] = (
    *((name, level if level == name else f"{level} ({name})") for level, name in LEVELS.items()),
    *((name, name) for name in PLAYERS if name not in LEVELS.values()))


class UnknownPlayer(LookupError):
    """No AI player of that name."""


def check_player(name: str) -> str:
    """The registry's name for ``name`` (any case); UnknownPlayer if there is no such AI."""
    key = name.lower()
    key = ALIASES.get(key, key)
    if key not in PLAYERS:
        raise UnknownPlayer(f"unknown player {name!r} (known: {', '.join(PLAYERS)}; "
                            f"levels: {', '.join(LEVELS)})")
    return key


def make_player(name: str, ruleset: Ruleset[Any]) -> Player:
    """The AI called ``name``, playing ``ruleset`` (UnknownPlayer if there is none)."""
    return PLAYERS[check_player(name)](ruleset)
