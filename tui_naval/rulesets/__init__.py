"""The ruleset registry: rulesets found by name or alias, imported only when asked for.

A ruleset not listed here is not offered anywhere (menus, CLI): rules that are
not implemented are absent, never faked.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from attrs import frozen

from tui_naval.core.ruleset import Ruleset


class UnknownRuleset(LookupError):
    """No ruleset answers to that name."""


@frozen
class RulesetEntry:
    """Where a ruleset lives, and the names it answers to."""

    name: str
    title: str
    aliases: tuple[str, ...]
    module: str
    summary: str
    #: The map a new game opens on when none is named.
    default_map: str = ""

    def load(self) -> Ruleset[Any]:
        ruleset: Ruleset[Any] = importlib.import_module(self.module).RULESET
        return ruleset


REGISTRY: tuple[RulesetEntry, ...] = (
    RulesetEntry(
        "salt-n-tar", "Salt'n'Tar", ("saltntar", "salt", "snt", "regatta"),
        "tui_naval.rulesets.salt_n_tar.rules",
        "Regatta-style sailing: races round buoys and chases; wind, luck and strain rolls.",
        "channel-race",
    ),
    RulesetEntry(
        "kyngesreach", "Kyngesreach", ("kyngesreach-naval", "kr", "gurps", "gurps-naval"),
        "tui_naval.rulesets.kyngesreach.rules",
        "GURPS broadsides: the wind gauge, range bands, hit location, Hull Integrity Points, "
        "sails, masts and called shots.",
        "kr-duel",
    ),
    RulesetEntry(
        "ships-and-sails", "Ships & Sails", ("shipsandsails", "ships", "sns", "s&s"),
        "tui_naval.rulesets.ships_and_sails.rules",
        "Hex-ocean broadside battles: plotted moves, d12 wind, aimed ball, chain and grape, "
        "collisions.",
        "ss-duel",
    ),
    RulesetEntry(
        "salt-and-shot", "Salt'n'Tar with Kyngesreach gunnery",
        ("saltandshot", "sas", "saltnshot", "salt-shot"),
        "tui_naval.rulesets.salt_and_shot.rules",
        "Salt'n'Tar's combat turn of half moves fought with Kyngesreach broadsides: range "
        "bands measured on the map, firing arcs, reloads, called shots; damage slows, "
        "dismasts and cripples the helm.",
        "sas-duel",
    ),
)

DEFAULT_RULESET = "salt-n-tar"


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def find_entry(name: str) -> RulesetEntry:
    """The registry entry for a name or alias (case, spaces and punctuation ignored)."""
    wanted = _key(name)
    for entry in REGISTRY:
        if wanted in {_key(entry.name), _key(entry.title), *map(_key, entry.aliases)}:
            return entry
    known = ", ".join(e.name for e in REGISTRY)
    raise UnknownRuleset(f"unknown ruleset {name!r} (known: {known})")


def find_ruleset(name: str) -> Ruleset[Any]:
    """Load a ruleset by name or alias; UnknownRuleset if there is none."""
    return find_entry(name).load()
