"""Small text faults: a hint's sentence ends once; an ammunition option counts its
reload in the unit its prompt names."""

from __future__ import annotations

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.app.setup import new_game
from tui_naval.systems.sailing.salt_n_tar.hints import sentence


def test_an_event_ends_as_one_sentence() -> None:
    assert sentence("no effect ... not yet!") == "no effect ... not yet!"
    assert sentence("Wind Roll 4") == "Wind Roll 4."


def test_the_ammunition_options_count_turns_where_the_prompt_does() -> None:
    game = new_game("salt-and-shot", "sas-duel", 1, "hex-flat")
    rules, state, greedy = game.ruleset, game.state, GreedyPlayer(game.ruleset)
    for _ in range(400):
        decision = rules.decision(state)
        assert decision is not None
        if decision.kind == "ammo":
            break
        state = rules.apply(state, greedy.choose(rules.observe(state, decision.side), decision))
    assert "turns" in decision.prompt
    labels = [rules.presenter.option_info(state, decision, o) for o in decision.options]
    timed = [info for info in labels if "loaded" not in info.label]
    assert timed and all(info.label.endswith(" turns)") for info in timed)
    assert all("loaded in" not in info.detail or " turns\n" in info.detail for info in labels)


def test_a_ships_and_sails_ammunition_prompt_counts_its_rounds_in_words() -> None:
    """"loading, 1 round to go", "2 rounds to go": not "round(s)"."""
    from attrs import evolve

    from tui_naval.systems.gunnery.ships_and_sails.armament import ammo_prompt, new_armament

    a = new_armament("ship-of-the-line")
    assert ammo_prompt("B1", a) == ("B1: ammunition (ball loaded; a switch takes a round "
                                    "more)")
    assert "(ball loading, 1 round to go;" in ammo_prompt("B1", evolve(a, reload=1))
    assert "(ball loading, 2 rounds to go;" in ammo_prompt("B1", evolve(a, reload=2))


def test_a_class_is_named_with_its_article() -> None:
    """The fleets view said "sails as a Elf Hawkship"."""
    from tui_naval.app.setup import new_game as game_of
    from tui_naval.core.messages import a_or_an

    assert a_or_an("Frigate") == "a Frigate" and a_or_an("Elf Hawkship") == "an Elf Hawkship"
    game = game_of("mow-and-shot", "mow-three-navies", 2205, "hex-flat")
    rows = {row.label: row.value for row in game.ruleset.describe(game.state, "R1")}
    assert rows["Class"].startswith("sails as an Elf Hawkship, fights as a ")
