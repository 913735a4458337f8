"""The parts rulesets are made of: sailing, gunnery, initiative and goals.

Each system adds one component to a ship (a frozen value kept in a field of
the ruleset's ship class: ``sail``, ``gunnery``, ``progress``...) and offers
the steps and the questions a ruleset's turn is built from.  Systems know no
ruleset; a ruleset pairs them (``rulesets/<name>/rules.py``).  A system that
meets another does so only through what both sides declare: a combat system's
``Handicap`` (what its damage does to sailing) and the ``Combat`` protocol.
"""
