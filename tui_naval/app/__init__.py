"""What every way of playing shares, with no user interface: a game built from a player's
choices (``setup``), its seats and its saves (``session``), the match that plays it
(``match``), scripts, lessons, voyages begun, and the crash log.

The command line, the Textual views and the server stand on this layer; it stands on
the core, the systems, the rulesets, the AI and the voyage, and imports none of what
stands on it.
"""
