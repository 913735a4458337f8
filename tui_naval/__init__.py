"""tui-naval: a terminal naval skirmish game."""

__version__ = "0.1.0"
