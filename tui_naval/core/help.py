"""Rules pages built from parts: a ruleset's help may include sections of a system's help.

A line ``{{include sailing/salt_n_tar: Wind, Bearings}}`` in a ruleset's
``help.md`` is replaced by those ``## `` sections of
``tui_naval/systems/sailing/salt_n_tar/help.md``, in the order named;
``| appendix`` after the names sets them one heading level down (for an
appendix under a ``##`` heading of the page).  A system's rules are written
once, in its own help, and every ruleset that uses it shows them.
"""

from __future__ import annotations

import re

from tui_naval.core.package_data import read_package_text

INCLUDE = re.compile(r"^\{\{include ([a-z_/]+): ([^|}]+?)(?: \| (appendix))?\}\}$", re.M)


def sections(text: str) -> dict[str, str]:
    """A help page's ``## `` sections: name -> body (stripped)."""
    found = {}
    for part in re.split(r"^## ", text, flags=re.M)[1:]:
        head, _, body = part.partition("\n")
        found[head.strip()] = body.strip()
    return found


def system_help(path: str) -> str:
    """The help page of a system (``sailing/salt_n_tar``)."""
    return read_package_text("tui_naval.systems." + path.replace("/", "."), "help.md")


def expand(text: str) -> str:
    """``text`` with every include line replaced by the sections it names
    (KeyError for a section the system's help lacks)."""

    def included(match: re.Match[str]) -> str:
        found = sections(system_help(match.group(1)))
        names = [name.strip() for name in match.group(2).split(",")]
        out = []
        for name in names:
            body = found[name]
            if match.group(3):
                body = re.sub(r"^(#+) ", r"#\1 ", body, flags=re.M)
                out.append(f"### {name}\n\n{body}")
            else:
                out.append(f"## {name}\n\n{body}")
        return "\n\n".join(out)

    return INCLUDE.sub(included, text)
