"""Reusable widgets: the board, the wind rose, the ship and look panels."""

from tui_naval.tui.widgets.board_layout import BoardLayout
from tui_naval.tui.widgets.look_panel import LookPanel
from tui_naval.tui.widgets.ocean import OceanView
from tui_naval.tui.widgets.ship_panel import ShipPanel
from tui_naval.tui.widgets.wind_rose import WindRose

__all__ = ["BoardLayout", "LookPanel", "OceanView", "ShipPanel", "WindRose"]
