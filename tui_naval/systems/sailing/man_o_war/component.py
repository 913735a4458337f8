"""A ship's Man-O-War sailing: her template, anchor, way and what damage has left her."""

from __future__ import annotations

from tui_naval.core.state import kept_or_evolved
from tui_naval.core.values import frozen
from tui_naval.systems.handicap import Handicap
from tui_naval.systems.sailing.man_o_war.tables import Template, tables


@frozen(cache_hash=True)
class MowSail:
    """How a ship sails by Man-O-War's Advanced Sailing rules."""

    #: Her template's key (``frigate``, ``longboat``...).
    type: str
    masts: int
    anchored: bool = False
    #: Inches made towards the next cell (fractions of a cell carry over).
    carry: int = 0
    #: On a square grid, whether her next diagonal step costs two cells.
    long_diagonal: bool = False
    #: Her share of sail the damage has left, in percent (sail lost, masts down).
    rig: int = 100
    #: Why damage has left her no sail she can work, or "".
    adrift: str = ""
    #: Why damage has left her no way upwind (close reach), or "".
    no_upwind: str = ""
    #: Her rudder answers (False: she cannot turn).
    steers: bool = True
    #: Masts the combat system has shot away.
    masts_shot: int = 0
    #: Last turn's movement for the UI.
    last_motion: str = ""

    @property
    def template(self) -> Template:
        return tables().ships[self.type]

    @property
    def full_masts(self) -> int:
        return self.template.masts

    @property
    def foundering(self) -> bool:
        """Man-O-War's sailing sinks no ship of its own (the combat system does)."""
        return False


def new_sail(type_key: str) -> MowSail:
    """A ship of a template fresh from the yard."""
    return MowSail(type=type_key, masts=tables().ships[type_key].masts)


def with_handicap(sail: MowSail, handicap: Handicap) -> MowSail:
    """Her sailing brought in line with a combat system's damage report.

    The base game's damage is not in the text: a ship sails with the share of her
    sail she can still work, the lower of the sail left and the masts left (her speed
    is that share of her template's, rounded down); with no sail she can work she
    cannot sail at all; a lost rudder stops her turning.
    """
    full = sail.template.masts
    fallen, of = handicap.masts_down
    shot = min(full, max(0, fallen - max(0, of - full)))
    lost, total = handicap.sail_lost
    left = 100 - lost * 100 // max(1, total)
    masts = full - shot
    rig = max(0, min(left, masts * 100 // full))
    return kept_or_evolved(sail, masts=masts, masts_shot=shot, rig=rig,
                           adrift=handicap.adrift or ("dismasted" if masts == 0 else ""),
                           no_upwind=handicap.no_upwind, steers=handicap.helm > 0)
