"""The end of a game in sentences: who won and why, what each side lost, how the chart's
figures went, and the record; the same words for every ruleset."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from attrs import evolve

from tui_naval.ai.players import make_player
from tui_naval.app.setup import new_game
from tui_naval.core.controller import play
from tui_naval.core.history import Game
from tui_naval.core.presenter import Series
from tui_naval.core.ruleset import Departure, Fate, RulesetInfo
from tui_naval.core.state import End, GameState, Outcome, ShipBase
from tui_naval.core.summary import (
    chart_note,
    chart_scale,
    fates_sentence,
    figures_sentence,
    losses_sentence,
    result_sentence,
    summarise,
    turn_states,
)
from tui_naval.rulesets import find_ruleset, registry


def finished(ruleset: str, map_name: str | None, player: str = "greedy", seed: int = 3) -> Game:
    game = new_game(ruleset, map_name, seed, None)
    play(game, {side: make_player(player, game.ruleset) for side in game.state.sides})
    assert game.state.outcome is not None
    return game


# -- the result ----------------------------------------------------------------------------
def test_the_result_names_the_winner_the_turn_and_the_reason_once() -> None:
    outcome = Outcome("red", "R1 Cutter finished first, on turn 27", End.FINISHED, ("R1",))
    assert result_sentence(outcome, 27) == "Red wins on turn 27: R1 Cutter finished first."
    lost = Outcome(None, "every ship is lost (turn 5)", End.SUNK)
    assert result_sentence(lost, 5) == "A draw on turn 5: every ship is lost."
    heat = Outcome(None, "dead heat: B1 Cutter and R1 Cutter finished together on turn 9",
                   End.FINISHED, ("B1", "R1"))
    assert result_sentence(heat, 9) == \
        "A draw on turn 9. Dead heat: B1 Cutter and R1 Cutter finished together."


def test_a_reason_about_another_turn_keeps_its_number() -> None:
    outcome = Outcome("blue", "the quarry survived 40 turns", End.TURN_LIMIT)
    assert result_sentence(outcome, 41) == "Blue wins on turn 41: the quarry survived 40 turns."
    early = Outcome("blue", "B1 Longship escaped over the W edge on turn 8", End.ESCAPED, ("B1",))
    assert result_sentence(early, 9).endswith("escaped over the W edge on turn 8.")


def test_a_game_without_an_outcome_says_it_stopped() -> None:
    assert result_sentence(None, 4) == "The game stopped on turn 4, undecided."


# -- the losses ----------------------------------------------------------------------------
def squadron() -> GameState:
    state = new_game("kyngesreach", "sas-squadron", 3, None).state
    assert [s.side for s in state.ships].count("blue") == 3
    assert [s.side for s in state.ships].count("red") == 2
    return state


def changed(state: GameState, ship_id: str, **fields: object) -> GameState:
    return state.with_ship(evolve(state.ship(ship_id), **fields))  # type: ignore[arg-type]


def ids(state: GameState, side: str) -> list[str]:
    return [s.id for s in state.ships if s.side == side]


def afloat_or_sunk(state: GameState, ship: ShipBase) -> Fate:
    return Fate.AFLOAT if ship.afloat else Fate.SUNK


def test_losses_count_the_ships_each_side_began_with() -> None:
    first = squadron()
    fate = find_ruleset("kyngesreach").fate
    assert losses_sentence(first, first, fate) == "Neither side lost a ship."
    blue, red = ids(first, "blue"), ids(first, "red")
    one = changed(first, blue[0], afloat=False)
    assert losses_sentence(first, one, fate) == "Blue lost 1 of 3 ships; red lost none."
    all_blue = one
    for ship_id in blue[1:]:
        all_blue = changed(all_blue, ship_id, afloat=False)
    both_red = changed(changed(all_blue, red[0], afloat=False), red[1], afloat=False)
    assert losses_sentence(first, both_red, fate) == \
        "Blue lost all 3 ships; red lost both its ships."


def test_a_ship_taken_by_the_enemy_is_lost_to_her_side() -> None:
    first = squadron()
    red = ids(first, "red")
    taken = changed(first, red[0], side="blue")
    assert losses_sentence(first, taken, afloat_or_sunk) == \
        "Blue lost none; red lost 1 of 2 ships (taken)."


def test_a_ship_going_down_or_struck_is_lost_though_still_afloat() -> None:
    """A ship the ruleset reads as sinking (still afloat until she goes down) or as a
    prize (struck her colours) is lost to her side: the summary had said "Neither side
    lost a ship" over a loser whose last ship was sinking."""
    first = squadron()
    blue, red = ids(first, "blue"), ids(first, "red")
    kyng = find_ruleset("kyngesreach")
    sinking = changed(first, blue[0], gunnery=evolve(first.ship(blue[0]).gunnery,
                                                     sinking=True))
    assert sinking.ship(blue[0]).afloat and kyng.fate(sinking, sinking.ship(blue[0])) \
        is Fate.SUNK
    assert losses_sentence(first, sinking, kyng.fate) == \
        "Blue lost 1 of 3 ships; red lost none."
    struck = changed(sinking, red[0], gunnery=evolve(first.ship(red[0]).gunnery, struck=True))
    assert losses_sentence(first, struck, kyng.fate) == \
        "Blue lost 1 of 3 ships; red lost 1 of 2 ships (taken)."


def test_a_side_of_one_ship_loses_its_only_ship() -> None:
    game = new_game("ships-and-sails", "ss-duel", 3, None)
    first = game.state
    (blue,) = ids(first, "blue")
    assert losses_sentence(first, changed(first, blue, afloat=False), game.ruleset.fate) == \
        "Blue lost its only ship; red lost none."


# -- ships that left the play --------------------------------------------------------------
def striking(ship_id: str) -> Callable[[GameState, ShipBase], Departure | None]:
    """Rules by which one ship has struck her colours (and a ship not afloat is sunk)."""

    def departure(state: GameState, ship: ShipBase) -> Departure | None:
        if not ship.afloat:
            return Departure.SUNK
        return Departure.STRUCK if ship.id == ship_id else None

    return departure


def still(state: GameState, ship: ShipBase) -> Departure | None:
    return None


def test_ships_that_left_the_play_are_told_unless_the_outcome_names_them() -> None:
    state = squadron()
    ship = state.ships[0]
    label = f"{ship.id} {ship.name}" if ship.name else ship.id
    assert fates_sentence(state, still, None) == ""
    assert fates_sentence(state, striking(ship.id), None) == \
        f"At the end: {label} struck her colours."
    named = Outcome("red", f"{ship.id} struck first, on turn 3", End.OUT_OF_ACTION, (ship.id,))
    assert fates_sentence(state, striking(ship.id), named) == ""
    unnamed = Outcome("red", f"{ship.id} struck first, on turn 3", End.OUT_OF_ACTION)
    assert fates_sentence(state, striking(ship.id), unnamed) != "", "the words are not read"
    sunk = changed(state, ship.id, afloat=False)  # a sunk ship is a loss, not a fate
    assert fates_sentence(sunk, striking(ship.id), None) == ""


def test_a_captured_ship_is_told_with_her_captor() -> None:
    state = squadron()
    ship = state.ships[0]
    taken = changed(state, ship.id, side="red")

    def captured(state: GameState, one: ShipBase) -> Departure | None:
        return Departure.CAPTURED if one.id == ship.id else None

    assert fates_sentence(taken, captured, None).endswith(" captured by red.")


@pytest.mark.parametrize("info", registry(), ids=lambda info: info.id)
def test_every_rulesets_fate_is_its_departures(info: RulesetInfo) -> None:
    """``fate`` reads the rules' ``departure``: afloat while she has none."""
    game = finished(info.id, None, player="random")
    ruleset = game.ruleset
    for ship in game.state.ships:
        left = ruleset.departure(game.state, ship)
        assert ruleset.fate(game.state, ship) is (Fate.AFLOAT if left is None else left.fate)
        assert (left is None) <= ship.afloat


def test_the_departures_read_the_rules_state() -> None:
    first = squadron()
    kyng = find_ruleset("kyngesreach")
    blue = ids(first, "blue")[0]
    ship = first.ship(blue)
    assert kyng.departure(first, ship) is None
    struck = changed(first, blue, gunnery=evolve(ship.gunnery, struck=True))
    assert kyng.departure(struck, struck.ship(blue)) is Departure.STRUCK
    sinking = changed(first, blue, gunnery=evolve(ship.gunnery, sinking=True))
    assert kyng.departure(sinking, sinking.ship(blue)) is Departure.SINKING
    assert kyng.departure(first, evolve(ship, afloat=False)) is Departure.SUNK
    race = new_game("salt-n-tar", "channel-race", 3, None).state
    racer = race.ships[0]
    salt = find_ruleset("salt-n-tar")
    assert salt.departure(race, racer) is None
    done = evolve(racer, progress=evolve(racer.progress, finished=4))
    assert salt.departure(race, done) is Departure.FINISHED
    assert salt.fate(race, done) is Fate.GONE


# -- the chart -----------------------------------------------------------------------------
def test_the_figures_read_as_one_sentence() -> None:
    chart = Series("strength left (%), turn by turn",
                   (("blue", (100.0, 80.0, 76.0)), ("red", (100.0, 63.0))))
    assert figures_sentence(chart) == "Blue went from 100 to 76; red from 100 to 63."
    still = Series("ships afloat", (("blue", (1.0, 1.0)), ("red", (2.0, 1.0))))
    assert figures_sentence(still) == "Blue stayed at 1; red went from 2 to 1."
    assert figures_sentence(Series("nothing", ())) == ""



@pytest.mark.parametrize("ruleset", [info.id for info in registry()])
def test_a_strength_chart_says_what_it_counts_in_the_ship_panels_words(ruleset: str) -> None:
    """The game-over strength is not everything the ship panel shows (Kyngesreach's counts
    HIP and Crew readiness, not a battery shot half away): the figures say what it counts,
    naming the panel's rows."""
    game = finished(ruleset, None, seed=5)
    summary = summarise(game)
    chart = summary.chart
    if not chart.title.startswith("strength"):
        assert chart.measure == ""  # a race's distance to go, the ships afloat...
        return
    assert chart.measure.startswith("strength is ")
    assert summary.figures.endswith(" " + chart.measure[0].upper() + chart.measure[1:] + ".")
    state = game.states()[0]
    labels = {row.label for ship in state.ships
              for row in game.ruleset.describe(state, ship.id)}
    counted = re.findall(r"\b[A-Z][A-Za-z]+", chart.measure.split(";")[0])
    assert counted and set(counted) <= labels, (counted, labels)


def test_the_figures_end_with_what_they_count() -> None:
    chart = Series("strength left (%), turn by turn", (("red", (100.0, 100.0)),),
                   "strength is the mean of HIP and Crew readiness; batteries do not count")
    assert figures_sentence(chart) == ("Red stayed at 100. Strength is the mean of HIP and "
                                       "Crew readiness; batteries do not count.")


def test_one_scale_for_the_whole_chart() -> None:
    chart = Series("distance", (("blue", (51.2, 8.9)), ("red", (50.0, 0.0))))
    assert chart_scale(chart) == 51.2
    assert chart_note(chart) == "bars 0 to 51.2"
    assert chart_scale(Series("empty", ())) == 0.0


# -- whole games ---------------------------------------------------------------------------
def test_a_race_to_the_finish() -> None:
    game = finished("salt-n-tar", "channel-race")
    summary = summarise(game)
    outcome = game.state.outcome
    assert outcome is not None and outcome.winner is not None
    turn = game.state.turn
    assert summary.result.startswith(f"{outcome.winner.capitalize()} wins on turn {turn}: ")
    assert summary.result.count(str(turn)) == 1, "the turn is told once"
    assert summary.losses == "Neither side lost a ship."
    assert summary.record == (f"Played on channel-race with seed 3: {turn} turns, "
                              f"{len(game.orders)} orders.")
    assert summary.sentences == (summary.result, summary.losses)


def test_the_chart_is_the_presenters_from_each_turns_start() -> None:
    game = finished("ships-and-sails", "ss-duel", player="random")
    states = turn_states(game)
    assert states[0] is game.states()[0] and states[-1] is game.state
    assert {s.turn for s in states} == {s.turn for s in game.states()}
    turns = [s.turn for s in states[:-1]]
    assert turns == sorted(set(turns)), "one state a turn, and the last"
    assert summarise(game).chart == game.ruleset.presenter.progress(states)


@pytest.mark.parametrize("info", registry(), ids=lambda info: info.id)
def test_every_ruleset_ends_in_sentences(info: RulesetInfo) -> None:
    game = finished(info.id, None)
    summary = summarise(game)
    for text in (*summary.sentences, summary.figures, summary.record):
        assert text[0].isupper() and text.endswith("."), text
        assert "->" not in text
        assert not re.fullmatch(r"\W*\d+\W*", text)
    assert summary.result.count(f"turn {game.state.turn}") == 1
    assert len(summary.chart.values) == len(game.state.sides)
