"""The Salt'n'Tar advisor never leaves a ship sitting in irons (issue 61).

Head to wind a ship goes astern: a turn of it may be the price of a tack, but the
advisor used to keep her there, against an edge that stopped her astern way or where
the Euclidean way to the goal looked no nearer by beating off (``bench/irons.py``
counts it over many games).
"""

from __future__ import annotations

from attrs import evolve

from tui_naval.ai.greedy import GreedyPlayer
from tui_naval.app.setup import new_game
from tui_naval.core.controller import play
from tui_naval.core.grid import Cell
from tui_naval.core.state import Event, Terrain
from tui_naval.core.wind import Wind
from tui_naval.rulesets.salt_n_tar.advisor import choose_helm, distance_to_goal, in_irons
from tui_naval.rulesets.salt_n_tar.projection import project
from tui_naval.rulesets.salt_n_tar.state import SaltState
from tui_naval.systems.fields import FAR
from tui_naval.systems.goals.course import Progress
from tui_naval.systems.sailing.salt_n_tar.motion import Way, motion
from tui_naval.systems.sailing.salt_n_tar.steps import helm_options, helm_points


def _placed(map_name: str, ship_id: str, cell: Cell, heading: str, wind: str, speed: int,
            **ships: Cell) -> SaltState:
    """A new game on ``map_name`` with ``ship_id`` put at ``cell`` on ``heading`` (and the
    other ships named at theirs), the wind from ``wind``."""
    state = new_game("salt-n-tar", map_name, 1, None).state
    assert isinstance(state, SaltState)
    grid = state.grid
    placed = tuple(evolve(s, cell=cell, heading=grid.parse_facing(heading)) if s.id == ship_id
                   else evolve(s, cell=ships.get(s.id, s.cell)) for s in state.ships)
    return evolve(state, ships=placed, wind=Wind(grid.parse_facing(wind), speed))


def _goes_astern(state: SaltState, ship_id: str) -> bool:
    """Whether the advisor's helm order leaves the ship head to wind, going astern."""
    ship = state.ship(ship_id)
    order = choose_helm(state, ship, helm_options(state, ship))
    heading = state.grid.turn(ship.heading, helm_points(order))
    return motion(ship.sail, state.grid, state.wind, heading).way is Way.BACKWARDS


def test_a_cutter_against_the_south_edge_beats_off_it() -> None:
    # The demo's seed 7: red's cutter at the south edge, the last mark (3, at 9,19) to
    # the west-north-west, the wind from the north-west.  Heading south-west she is
    # stopped by the edge; the advisor turned her into the wind (a tack's turn astern)
    # and kept her there, as beating north off the edge looked no nearer the mark.
    state = _placed("channel-race", "R1", Cell(15, 21), "SW", "NW", 2)
    ship = evolve(state.ship("R1"), progress=Progress(rounded=2))
    state = evolve(state, ships=tuple(ship if s.id == "R1" else s for s in state.ships))
    astern_now = _goes_astern(state, "R1")
    ship = state.ship("R1")
    then = project(state, ship, helm_points(choose_helm(state, ship,
                                                        helm_options(state, ship))))
    state = evolve(state, ships=tuple(
        evolve(s, cell=then.cell, heading=then.heading) if s.id == "R1" else s
        for s in state.ships))
    assert not (astern_now and _goes_astern(state, "R1"))
    # In irons (heading north-west) she comes out of them at once.
    state = evolve(state, ships=tuple(
        evolve(s, cell=Cell(15, 21), heading=state.grid.parse_facing("NW")) if s.id == "R1"
        else s for s in state.ships))
    assert not _goes_astern(state, "R1")


def test_a_ship_in_irons_pays_for_it() -> None:
    # Head to wind a turn's way is lost: the look-ahead prices it, on no other heading.
    state = _placed("channel-race", "R1", Cell(15, 10), "NW", "NW", 2)
    ship = state.ship("R1")
    grid = state.grid
    assert in_irons(state, ship, grid.parse_facing("NW")) == 2 * 5 / 4  # WS 2 x BN 5, 4" a cell
    assert all(in_irons(state, ship, grid.parse_facing(h)) == 0
               for h in ("N", "NE", "SE", "S", "SW"))


def test_a_hunter_chases_a_quarry_on_the_flats() -> None:
    # Coast chase: the longship on the western flats, where the schooner cannot sail.  No
    # way there is nearer than another, and the schooner sat head to wind going astern
    # for ten turns (her helm's first option, "hold", where all were level).
    state = _placed("coast-chase", "R1", Cell(42, 8), "NW", "NW", 2, B1=Cell(3, 18))
    assert state.board.terrain_at(Cell(3, 18)) is Terrain.SHOAL
    hunter = state.ship("R1")
    assert distance_to_goal(state, hunter, hunter.cell, 0) >= FAR / 2  # no way to her
    assert not _goes_astern(state, "R1")


def _astern_runs(events: list[Event]) -> dict[str, int]:
    """Each ship's longest run of consecutive turns going astern."""
    turns: dict[str, set[int]] = {}
    for event in events:
        if event.kind == "move" and f" {Way.BACKWARDS.value}:" in event.text:
            turns.setdefault(event.ship, set()).add(event.turn)
    runs: dict[str, int] = {}
    for ship, astern in turns.items():
        for turn in astern:
            run = 1
            while turn + run in astern:
                run += 1
            runs[ship] = max(runs.get(ship, 0), run)
    return runs


def test_greedy_never_goes_astern_three_turns_running() -> None:
    # The seeds where greedy sat in irons before (bench/irons.py plays the full set).
    for map_name, seeds in (("channel-race", (1, 2, 7)), ("coast-chase", (4, 6))):
        for seed in seeds:
            game = new_game("salt-n-tar", map_name, seed, None)
            players = {side: GreedyPlayer(game.ruleset) for side in game.state.sides}
            events: list[Event] = []
            play(game, players, on_events=events.extend)
            runs = _astern_runs(events)
            assert all(run < 3 for run in runs.values()), (map_name, seed, runs)
