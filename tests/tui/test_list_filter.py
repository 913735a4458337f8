"""The ``/`` filter on every prompt list of more than nine options, whatever the ruleset
(issue 61): what is typed narrows the list by an option's number or the words of its
label, none of it fires one of the screen's keys, Enter answers the highlighted match
and Escape gives the whole list back."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from app_support import SIZE, make_app, screen_text, wait_for_screen, wait_until
from textual import events
from textual.keys import key_to_character
from textual.pilot import Pilot

from tui_naval.app.session import Session
from tui_naval.app.setup import new_game
from tui_naval.core.history import Game
from tui_naval.core.orders import Order
from tui_naval.tui.app import NavalApp
from tui_naval.tui.dialogs.keys import merged, screen_keys
from tui_naval.tui.modes.battle import BattleMode, battle_screen
from tui_naval.tui.screens.lobby import ChoiceDialog
from tui_naval.tui.screens.match import MatchScreen
from tui_naval.tui.screens.title import TitleScreen
from tui_naval.tui.widgets.key_bar import KeyBar
from tui_naval.tui.widgets.option_list import best_match, narrows


def advanced(ruleset: str, kind: str, seed: int = 3) -> Game:
    """A game of ``ruleset`` played on (seeded random answers) to the first side's first
    ``kind`` decision of more than nine options."""
    game = new_game(ruleset, None, seed, None)
    first = game.state.sides[0]
    rng = random.Random(seed)
    for _ in range(2000):
        decision = game.decision()
        assert decision is not None, "the game ended first"
        if decision.kind == kind and decision.side == first and len(decision.options) > 9:
            return game
        game.play(rng.choice(list(decision.options)))
    raise AssertionError(f"no long {kind} decision")


def replayed(ruleset: str, orders: list[Order], seed: int = 3) -> Game:
    game = new_game(ruleset, None, seed, None)
    for order in orders:
        game.play(order)
    return game


def short_then_long(ruleset: str, kind: str, seed: int = 3) -> tuple[Game, Order]:
    """A game of ``ruleset`` at a decision of nine options or fewer of the first side,
    and the option of it after which the same side is asked a ``kind`` decision of more
    than nine (no other side's move between them)."""
    game = new_game(ruleset, None, seed, None)
    first = game.state.sides[0]
    rng = random.Random(seed)
    orders: list[Order] = []
    for _ in range(2000):
        decision = game.decision()
        assert decision is not None, "the game ended first"
        if decision.side == first and len(decision.options) <= 9:
            for option in decision.options:
                after = replayed(ruleset, [*orders, option], seed).decision()
                if after is not None and after.side == first and after.kind == kind \
                        and len(after.options) > 9:
                    return game, option
        order = rng.choice(list(decision.options))
        game.play(order)
        orders.append(order)
    raise AssertionError(f"no short decision before a long {kind}")


def battle_app(tmp_path: Path, game: Game) -> NavalApp:
    seats = {side: "human" if n == 0 else "greedy" for n, side in enumerate(game.state.sides)}
    return make_app(tmp_path, lambda: battle_screen(Session(game, seats)))


async def asked(pilot: Pilot[Any], kind: str) -> MatchScreen:
    screen: MatchScreen = await wait_for_screen(pilot, BattleMode)
    await wait_until(pilot, lambda: screen.prompt.asking, what="the prompt")
    await pilot.pause()
    decision = screen.match.game.decision()
    assert decision is not None and decision.kind == kind
    return screen


async def answer(pilot: Pilot[Any], screen: MatchScreen, *keys: str) -> Order:
    """Press ``keys``, wait until they have played an order, and return it."""
    played = len(screen.match.game.orders)
    await pilot.press(*keys)
    await wait_until(pilot, lambda: len(screen.match.game.orders) > played, what="an order")
    return screen.match.game.orders[played]


def bar(screen: MatchScreen) -> list[str]:
    return [key for key, *_ in screen.query_one(KeyBar).shown_keys()]


def footer(app: NavalApp) -> str:
    """The key bar as drawn (the screen's last line)."""
    return screen_text(app).splitlines()[-1]


def options(screen: MatchScreen) -> list[tuple[Order, str]]:
    """The question's options, in order: each order and its label."""
    question = screen.asked
    assert question is not None
    return [(option.order, option.label) for option in question.options]


def labels(screen: MatchScreen) -> list[str]:
    return [label for _, label in options(screen)]


def label_of(screen: MatchScreen, order: Order) -> str:
    return dict(options(screen))[order]


# -- what a typed text keeps ------------------------------------------------------------

def test_typed_text_keeps_an_options_number_its_words_or_its_key() -> None:
    port = "Port at 12,8"
    assert narrows("12,8", 3, port) and narrows("port AT 1", 3, port)
    assert narrows("12", 12, "Hold fire")  # its number, past the keys' 9
    assert not narrows("12", 1, "Hold fire")
    assert not narrows("2,8", 3, port)  # not from inside a word
    assert not narrows("1", 3, "Port at 0,25")
    assert narrows("LF", 9, "LF (2) to N", "LF") and narrows("l", 9, "LF (2) to N", "LF")
    assert not narrows("F", 9, "LF (2) to N", "LF")
    assert narrows("0", 1, "Swing port to N", "0L")  # (a key's start)
    assert narrows("starboard, f", 1, "Starboard, full move + anchor")
    assert not narrows("starboard, h", 1, "Starboard, full move")


def test_the_best_match_is_the_typed_number_then_the_typed_key() -> None:
    names = ["Port at 1,2", "Port at 12,8", "Hold"]
    assert best_match("12", [5, 12, 14], names) == 1
    assert best_match("PORT", [1, 2, 3], names) == 0
    assert best_match("hold", [1, 2, 3], names) == 2
    assert best_match("F", [1, 2], ["FF (2) to NE", "F (1) to NE"], ["FF", "F"]) == 1


# -- on the battle's screen -------------------------------------------------------------

async def test_an_aim_past_nine_is_answered_by_its_hex(tmp_path: Path) -> None:
    """An aim list of thirty-odd hexes (Ships & Sails gunnery): ``/`` then a hex answers
    that hex, not option 1 (Hold fire), and the keys list offers the filter."""
    app = battle_app(tmp_path, advanced("salt-and-sails", "aim"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await asked(pilot, "aim")
        names = labels(screen)
        every = len(names)
        assert every > 9 and "slash" in bar(screen)
        assert f"/ then type a number or words to narrow the {every}" in screen_text(app)
        rows = {row.id: row for row in merged(screen_keys(screen), every)}
        assert rows["prompt.filter"].enabled
        assert f"10-{every}: / then the number" in rows["game.choose_N"].what
        # A hex past the ninth option, named by no other option.
        hexes = [name.rsplit(" ", 1)[-1] for name in names]
        number = next(n for n in range(10, every + 1) if hexes.count(hexes[n - 1]) == 1)
        wanted = options(screen)[number - 1][0]
        await pilot.press("slash", *hexes[number - 1])
        await pilot.pause()
        assert screen.prompt.filtering and screen.prompt.shown == [wanted]
        assert f"{number} {names[number - 1]}" in screen_text(app)  # its own number kept
        assert await answer(pilot, screen, "enter") == wanted


async def test_an_option_past_nine_is_answered_by_its_number(tmp_path: Path) -> None:
    app = battle_app(tmp_path, advanced("salt-and-sails", "aim"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await asked(pilot, "aim")
        twelfth = options(screen)[11][0]
        played = len(screen.match.game.orders)
        await pilot.press("slash", *"12,99")  # (no such hex: no option, Enter answers none)
        await pilot.pause()
        assert screen.prompt.typed == "12,99" and screen.prompt.shown == []
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*["backspace"] * 3)
        await pilot.pause()
        assert screen.prompt.typed == "12"
        assert len(screen.match.game.orders) == played  # (the digits answered nothing)
        highlighted = screen.prompt.options.highlighted
        assert highlighted is not None
        assert screen.prompt.shown[highlighted] == twelfth
        assert await answer(pilot, screen, "enter") == twelfth


async def test_typed_words_fire_no_key_of_the_screen(tmp_path: Path) -> None:
    """Man-O-War's eighteen moves: ``/Starboard, f`` keeps the full moves to starboard,
    and none of its letters, its comma or its space does what the battle binds them to (a
    opened the admiral's thinking); nor do q, u, O, . or a digit typed after it."""
    app = battle_app(tmp_path, advanced("mow-and-sails", "move"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await asked(pilot, "move")
        every = len(labels(screen))
        assert every > 9 and "slash" in bar(screen)
        fast, played = screen.mode.fast, len(screen.match.game.orders)
        await pilot.press("slash", *"Starboard, f")
        await pilot.pause()
        assert app.screen is screen and not screen.looking and screen.mode.fast == fast
        assert screen.prompt.typed == "STARBOARD, F"
        kept = [label_of(screen, order) for order in screen.prompt.shown]
        assert kept and all(label.startswith("Starboard, full move") for label in kept)
        assert not {"q", "s", "slash"} & set(bar(screen))  # (the filter's, not the bar's)
        await pilot.press("q", "O", "full_stop", "1", "space", "question_mark", "u")
        await pilot.pause()
        assert app.screen is screen and screen.prompt.filtering
        assert screen.prompt.typed == "STARBOARD, FQO.1 ?U"
        assert len(screen.match.game.orders) == played and screen.mode.fast == fast
        # Text that keeps no option shows none: Enter answers nothing.
        assert screen.prompt.shown == [] and f"0 of {every}" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.match.game.orders) == played and screen.prompt.asking
        await pilot.press(*["backspace"] * 7)
        await pilot.pause()
        assert [label_of(screen, order) for order in screen.prompt.shown] == kept
        # Escape gives the whole list back, the match still highlighted; f is the
        # battle's key again.
        highlighted = screen.prompt.options.highlighted
        assert highlighted is not None
        chosen = screen.prompt.shown[highlighted]
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.prompt.filtering and len(screen.prompt.shown) == every
        highlighted = screen.prompt.options.highlighted
        assert highlighted is not None and screen.prompt.shown[highlighted] == chosen
        await pilot.press("f")
        await pilot.pause()
        assert screen.mode.fast != fast
        # Filtered again, Enter answers the highlighted match.
        await pilot.press("slash", *"starboard, full move + a")
        await pilot.pause()
        [anchor] = screen.prompt.shown
        assert label_of(screen, anchor) == "Starboard, full move + anchor"
        assert await answer(pilot, screen, "enter") == anchor


async def test_no_filter_on_nine_options_or_fewer(tmp_path: Path) -> None:
    app = battle_app(tmp_path, advanced("salt-and-sails", "aim"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await asked(pilot, "aim")
        await answer(pilot, screen, "enter")
        await wait_until(pilot, lambda: screen.prompt.asking
                         and len(screen.prompt.shown) <= 9, what="a short list")
        await pilot.pause()
        assert "slash" not in bar(screen) and "to narrow" not in screen_text(app)
        rows = {row.id: row for row in merged(screen_keys(screen), len(screen.prompt.shown))}
        assert not rows["prompt.filter"].enabled
        await pilot.press("slash")
        await pilot.pause()
        assert not screen.prompt.filtering


async def test_the_key_bar_offers_the_filter_as_a_long_list_follows_a_short_one(
        tmp_path: Path) -> None:
    """An ammunition prompt, then the same side's eighteen moves: the key bar drawn
    offers / with the moves (it was drawn again only when the prompt's asking changed)."""
    game, option = short_then_long("mow-and-sails", "move")
    app = battle_app(tmp_path, game)
    async with app.run_test(size=SIZE) as pilot:
        screen: MatchScreen = await wait_for_screen(pilot, BattleMode)
        await wait_until(pilot, lambda: screen.prompt.asking, what="the prompt")
        await pilot.pause()
        assert "/ Filter" not in footer(app)
        await answer(pilot, screen, str(screen.prompt.shown.index(option) + 1))
        await wait_until(pilot, lambda: len(screen.prompt.shown) > 9, what="the moves")
        await pilot.pause()
        assert "/ Filter" in footer(app)


async def test_words_typed_in_a_burst_after_the_slash_are_the_filters(tmp_path: Path) -> None:
    """``/Starboard, f`` all in the app's queue at once (a fast typist, a slow SSH link):
    the letters after the slash came to the prompt before the slash's binding had run,
    and fired the battle's keys (a: the admiral's thinking)."""
    app = battle_app(tmp_path, advanced("mow-and-sails", "move"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await asked(pilot, "move")
        fast = screen.mode.fast
        for key in ("slash", *"Starboard", "comma", "space", "f"):
            app.post_message(events.Key(key, key_to_character(key)))
        await wait_until(pilot, lambda: screen.prompt.typed == "STARBOARD, F",
                         timeout=5, what="the words typed")
        await pilot.pause()
        assert app.screen is screen and screen.mode.fast == fast and not screen.looking
        assert all(label_of(screen, order).startswith("Starboard, full move")
                   for order in screen.prompt.shown)


# -- a dialog's choices --------------------------------------------------------------------

async def test_a_dialogs_long_list_of_choices_is_narrowed_the_same_way(tmp_path: Path) -> None:
    """A dialog of twelve choices (the lobby's games, a battle's standing orders): ``/``
    then a number or words, Enter picks; digits and letters typed are the filter's (not
    a choice's number nor the title's keys), and Escape ends the filter, not the dialog."""
    choices = [(f"game-{n}", f"{name} vs {other}")
               for n, (name, other) in enumerate(zip(
                   ["anne", "bart", "cleo", "dirk", "ella", "finn", "gus", "hal", "ivy",
                    "jon", "kit", "lea"],
                   ["zed", "yan", "xia", "will", "vic", "uma", "tom", "sam", "rob", "quin",
                    "pia", "olaf"], strict=True), 1)]
    app = make_app(tmp_path)
    picked: list[str | None] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        app.push_screen(ChoiceDialog("Watch which game?", choices), picked.append)
        dialog = await wait_for_screen(pilot, ChoiceDialog)
        assert "/ then type a number or words to narrow the 12" in screen_text(app)
        await pilot.press("slash", "1", "2")
        await pilot.pause()
        assert app.screen is dialog and "12  lea vs olaf" in screen_text(app)
        assert "1  anne" not in screen_text(app)
        await pilot.press("backspace", "backspace", *"jon vs", "escape")
        await pilot.pause()
        assert app.screen is dialog  # (Escape ended the filter only)
        assert "1  anne vs zed" in screen_text(app)
        await pilot.press("slash", "n")  # (no word starts with n: no choice)
        await pilot.pause()
        assert app.screen is dialog and "0 of 12" in screen_text(app)
        await pilot.press("enter", "backspace", *"wil")
        await pilot.pause()
        assert app.screen is dialog and "4  dirk vs will" in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(picked), what="the choice")
    assert picked == ["game-4"]
