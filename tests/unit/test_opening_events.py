"""A game's opening lines speak of its own rules: a composed ruleset's systems never name
a ruleset it is not made of (Ships & Sails' gunnery said "Salt'n'Tar's ships are fouled
before they touch" in a Man-O-War game)."""

from __future__ import annotations

import pytest

from tui_naval.app.setup import new_game
from tui_naval.rulesets import load, registry

#: The rulebooks' names as a game's text writes them.
BOOKS = ("Salt'n'Tar", "Kyngesreach", "Ships & Sails", "Man-O-War", "Salamis")


@pytest.mark.parametrize("entry", registry(), ids=lambda e: e.id)
def test_the_opening_names_no_rulebook_the_ruleset_is_not_made_of(entry) -> None:  # type: ignore[no-untyped-def]
    ruleset = load(entry)
    game = new_game(entry.id, None, 5, None)
    opening = " ".join(event.text for event in game.state.events)
    foreign = [book for book in BOOKS if book in opening and book not in ruleset.title]
    assert not foreign, opening
