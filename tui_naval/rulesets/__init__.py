"""The ruleset registry: rulesets found by name or alias, their rules imported only when asked.

Each ruleset is a package here whose ``__init__`` declares its names once, as a
``RulesetInfo`` named ``INFO``; its ``rules`` module holds ``RULESET``.  Reading
the names imports only those small ``__init__`` modules.  A ruleset not listed
in ``PACKAGES`` is not offered anywhere (menus, CLI): rules that are not
implemented are absent, never faked.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from typing import Any

from tui_naval.core import maps
from tui_naval.core.ruleset import Ruleset, RulesetInfo

#: The ruleset packages, in the order menus list them.
PACKAGES = ("salt_n_tar", "kyngesreach", "ships_and_sails", "salt_and_shot", "salt_and_sails",
            "mow_and_shot", "mow_and_sails", "salamis")

DEFAULT_RULESET = "salt-n-tar"


class UnknownRuleset(LookupError):
    """No ruleset answers to that name."""


@cache
def registry() -> tuple[RulesetInfo, ...]:
    """Every ruleset's ``RulesetInfo``, in menu order."""
    out = []
    for package in PACKAGES:
        info: RulesetInfo = importlib.import_module(f"{__name__}.{package}").INFO
        out.append(info)
    return tuple(out)


# The map reader asks the registry for the map keys and game kinds the rulesets bring
# when it first reads a map: no caller need read the registry before a map.
maps.provide(registry)


def load(info: RulesetInfo) -> Ruleset[Any]:
    """The ruleset an entry names (its rules imported now)."""
    ruleset: Ruleset[Any] = importlib.import_module(f"{info.package}.rules").RULESET
    return ruleset


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def find_entry(name: str) -> RulesetInfo:
    """The registry entry for a name or alias (case, spaces and punctuation ignored)."""
    wanted = _key(name)
    for info in registry():
        if wanted in {_key(info.id), _key(info.title), *map(_key, info.aliases)}:
            return info
    known = ", ".join(info.id for info in registry())
    raise UnknownRuleset(f"unknown ruleset {name!r} (known: {known})")


def find_pairing(sailing: str, gunnery: str) -> RulesetInfo:
    """The ruleset made of a sailing system and a gunnery system (names as
    ``tui-naval rulesets`` lists them; case and punctuation ignored); UnknownRuleset if no
    ruleset joins the two."""
    want = (_key(sailing), _key(gunnery))
    for info in registry():
        if (_key(info.sailing), _key(info.gunnery)) == want:
            return info
    pairs = ", ".join(f"{info.sailing}+{info.gunnery}" for info in registry()
                      if info.sailing and info.gunnery)
    raise UnknownRuleset(f"no ruleset pairs sailing {sailing!r} with gunnery {gunnery!r} "
                         f"(pairs: {pairs})")


#: The names players read for the sailing and gunnery systems the rulesets are made of.
SYSTEM_TITLES = {"salt-n-tar": "Salt'n'Tar", "ships-and-sails": "Ships & Sails",
                 "man-o-war": "Man-O-War Advanced Sailing", "kyngesreach": "Kyngesreach (GURPS)"}


def system_title(name: str, kind: str) -> str:
    """A system's name for menus; ``kind`` ("sailing" or "gunnery") words a ruleset's lack
    of one."""
    if not name:
        return "none (no sailing rules)" if kind == "sailing" else "none (no guns)"
    return SYSTEM_TITLES.get(name, name)


def systems(kind: str) -> tuple[str, ...]:
    """The sailing (or gunnery) systems of the registry's rulesets, in menu order; then "",
    standing for the rulesets that have none."""
    names = dict.fromkeys(getattr(info, kind) for info in registry())
    return (*(name for name in names if name), *(name for name in names if not name))


def nearest_pairing(sailing: str, gunnery: str, keep: str) -> RulesetInfo:
    """The ruleset joining ``sailing`` and ``gunnery``; when none does, the first that keeps
    the system named by ``keep`` ("sailing" or "gunnery")."""
    for info in registry():
        if (info.sailing, info.gunnery) == (sailing, gunnery):
            return info
    wanted = sailing if keep == "sailing" else gunnery
    for info in registry():
        if getattr(info, keep) == wanted:
            return info
    raise UnknownRuleset(f"no ruleset has the {keep} system {wanted!r}")


def find_ruleset(name: str) -> Ruleset[Any]:
    """Load a ruleset by name or alias; UnknownRuleset if there is none."""
    return load(find_entry(name))
