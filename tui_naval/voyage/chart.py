"""The voyage's chart: a seeded archipelago of legs from a home port to a fleet action.

Columns of places run west to east, the home port in the first and the final fleet action
in the last; from each place two or three sea lanes lead on to the next column.  What
waits at a place (a race, a chase, a battle, a storm, a merchant, a port) is drawn from
the encounters the ruleset can play.  ``random.Random`` is used here only, as in
``core.mapgen``: this is chart making, not the game's dice.
"""

from __future__ import annotations

import itertools
import random

from tui_naval.core.state import GoalKind
from tui_naval.core.values import frozen

#: Columns of the chart: the home port, six legs, the final fleet action.
COLUMNS = 8
#: Lanes a column's places may sit in, top to bottom.
LANES = 5
#: The legs (columns) that always have a port on them.
PORT_LEGS = (2, 5)
#: Characters across one column and down one lane of the drawn chart.
COL_WIDTH, LANE_HEIGHT = 10, 2

HOME, PORT, RACE, FLEE, HUNT, BATTLE, MERCHANT, STORM, FINAL = (
    "home", "port", "race", "flee", "hunt", "battle", "merchant", "storm", "final")

#: Each kind of place: its letter on the chart and what it is, in a few words.
KINDS: dict[str, tuple[str, str]] = {
    HOME: ("H", "home port"),
    PORT: ("P", "a port: repair, refit, hire, sell prizes"),
    RACE: ("R", "a race for a purse"),
    FLEE: ("C", "a chase: run from hunters"),
    HUNT: ("C", "a chase: run down a merchant"),
    BATTLE: ("B", "a battle"),
    MERCHANT: ("M", "a merchant to take"),
    STORM: ("S", "a storm to ride out"),
    FINAL: ("X", "the final fleet action"),
}

_FIRST = ("Skerry", "Gull", "Black", "Amber", "Tern", "Salt", "Crow", "Wrack", "Heron", "Ember",
          "Cod", "Kelp", "Grey", "Mist", "Rook", "Seal", "Flint", "Wolf", "Dune", "Otter")
_LAST = ("Rock", "Sound", "Holm", "Reach", "Ness", "Bay", "Isle", "Haven", "Cay", "Point",
         "Roads", "Deeps", "Shoals", "Head", "Key", "Strait")


@frozen
class Place:
    """A place on the chart: where it is drawn, what waits there and its name."""

    id: int
    column: int
    lane: int
    kind: str
    name: str
    #: What waits there, where the kind's own words do not fit the ruleset ("" for them).
    what: str = ""

    @property
    def letter(self) -> str:
        return KINDS[self.kind][0]

    @property
    def about(self) -> str:
        return self.what or KINDS[self.kind][1]


@frozen
class Chart:
    """The places and the sea lanes (from, to) between them."""

    seed: int
    places: tuple[Place, ...]
    lanes: tuple[tuple[int, int], ...]
    #: Land drawn between the places: (row, column) of each island character.
    land: frozenset[tuple[int, int]]

    def place(self, place_id: int) -> Place:
        return self.places[place_id]

    def onward(self, place_id: int) -> tuple[Place, ...]:
        """The places a lane leads to from ``place_id``, top to bottom."""
        return tuple(self.places[b] for a, b in self.lanes if a == place_id)

    @property
    def home(self) -> Place:
        return self.places[0]


def encounter_kinds(goals: tuple[str, ...]) -> tuple[str, ...]:
    """The kinds of leg a ruleset that plays ``goals`` can meet on its way (a merchant is
    taken in battle where the ruleset fights, else run down in a chase)."""
    kinds = [STORM]
    if GoalKind.RACE in goals:
        kinds.append(RACE)
    if GoalKind.CHASE in goals:
        kinds += [FLEE, HUNT]
    if GoalKind.BATTLE in goals:
        kinds += [BATTLE, BATTLE, MERCHANT]
    return tuple(kinds)


def make_chart(seed: int, goals: tuple[str, ...]) -> Chart:
    """The chart for a voyage's seed and a ruleset's goals, the same for the same seed."""
    rng = random.Random(f"chart/{seed}")
    kinds = encounter_kinds(goals)
    places: list[Place] = []
    lanes: list[tuple[int, int]] = []
    used: set[str] = set()
    columns: list[list[Place]] = []
    for column in range(COLUMNS):
        count = 1 if column in (0, COLUMNS - 1) else rng.choice((2, 3, 3))
        rows = sorted(rng.sample(range(LANES), count)) if count > 1 else [LANES // 2]
        # A port on leg 2 (every place on it is reachable from home: a port before the
        # third leg, whichever way is sailed first) and another on leg 5.
        port_at = rng.randrange(count) if column in PORT_LEGS else -1
        here = []
        for i, lane in enumerate(rows):
            if column == 0:
                kind = HOME
            elif column == COLUMNS - 1:
                kind = FINAL
            elif i == port_at:
                kind = PORT
            else:
                kind = rng.choice(kinds if column < 2 else (*kinds, PORT))
            what = "the great race" if kind == FINAL and GoalKind.BATTLE not in goals else ""
            here.append(Place(len(places), column, lane, kind, _name(rng, used), what))
            places.append(here[-1])
        columns.append(here)
    for left, right in itertools.pairwise(columns):
        reached: set[int] = set()
        for place in left:
            near = sorted(right, key=lambda p: (abs(p.lane - place.lane), p.lane))
            for target in near[:rng.choice((1, 2, 2)) if len(right) > 1 else 1]:
                lanes.append((place.id, target.id))
                reached.add(target.id)
        for target in right:
            if target.id not in reached:
                source = min(left, key=lambda p: abs(p.lane - target.lane))
                lanes.append((source.id, target.id))
    chart = Chart(seed, tuple(places), tuple(sorted(set(lanes))), frozenset())
    return Chart(seed, chart.places, chart.lanes, _land(rng, chart))


def _name(rng: random.Random, used: set[str]) -> str:
    while True:
        name = f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
        if name not in used:
            used.add(name)
            return name


def position(place: Place, scale: int = 1) -> tuple[int, int]:
    """Where a place's letter is drawn: (row, column) of the chart's text (drawn ``scale``
    times as large)."""
    return (place.lane * LANE_HEIGHT + 1) * scale, (place.column * COL_WIDTH + 2) * scale


def _lane_cells(chart: Chart) -> set[tuple[int, int]]:
    cells: set[tuple[int, int]] = set()
    for a, b in chart.lanes:
        cells.update(_line(position(chart.place(a)), position(chart.place(b))))
    return cells


def _line(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """The characters between two places (both ends left out)."""
    (r0, c0), (r1, c1) = start, end
    steps = max(abs(c1 - c0), abs(r1 - r0))
    return [(round(r0 + (r1 - r0) * i / steps), round(c0 + (c1 - c0) * i / steps))
            for i in range(1, steps)]


def size(scale: int = 1) -> tuple[int, int]:
    """The drawn chart's (rows, columns) (drawn ``scale`` times as large)."""
    return LANES * LANE_HEIGHT * scale, ((COLUMNS - 1) * COL_WIDTH + 5) * scale


def _land(rng: random.Random, chart: Chart) -> frozenset[tuple[int, int]]:
    """Islands in the water the lanes leave free."""
    rows, cols = size()
    busy = _lane_cells(chart)
    for place in chart.places:
        r, c = position(place)
        busy.update((r + dr, c + dc) for dr in (-1, 0, 1) for dc in range(-2, 3))
    land: set[tuple[int, int]] = set()
    for _ in range(rng.randint(9, 14)):
        r0, c0 = rng.randrange(rows), rng.randrange(cols)
        for _ in range(rng.randint(2, 7)):
            if (r0, c0) not in busy and 0 <= r0 < rows and 0 <= c0 < cols:
                land.add((r0, c0))
            r0 += rng.choice((-1, 0, 0, 1))
            c0 += rng.choice((-1, 1, 1))
    return frozenset(land)


def draw(chart: Chart, at: int, sailed: tuple[int, ...], ascii_only: bool = False,
         scale: int = 1, chosen: int | None = None) -> list[list[tuple[str, str]]]:
    """The chart as rows of (character, role) cells; roles: sea, land, lane, sailed, place,
    here, next (a place one lane on from ``at``), chosen (the place ``chosen``, the one
    the list highlights), past (a place sailed through).  At
    ``scale`` 2 (a large terminal's) it is drawn twice as wide and high: the same places,
    lanes and islands, spread out."""
    rows, cols = size(scale)
    grid = [[(" ", "sea") for _ in range(cols)] for _ in range(rows)]
    for r, c in chart.land:
        for dr, dc in itertools.product(range(scale), repeat=2):
            grid[r * scale + dr][c * scale + dc] = ("^" if ascii_only else "▲", "land")
    path = set(itertools.pairwise(sailed))
    for a, b in chart.lanes:
        role = "sailed" if (a, b) in path else "lane"
        for r, c in _line(position(chart.place(a), scale), position(chart.place(b), scale)):
            grid[r][c] = (("." if ascii_only else "·") if role == "lane" else "*", role)
    onward = {p.id for p in chart.onward(at)}
    for place in chart.places:
        r, c = position(place, scale)
        if place.id == at:
            role = "here"
        elif place.id == chosen:
            role = "chosen"
        elif place.id in onward:
            role = "next"
        elif place.id in sailed:
            role = "past"
        else:
            role = "place"
        grid[r][c] = ("@" if place.id == at else place.letter, role)
        if role == "chosen":
            # Bracketed, so that it stands out in any colours (or none).
            grid[r][c - 1], grid[r][c + 1] = ("[", role), ("]", role)
    return grid
