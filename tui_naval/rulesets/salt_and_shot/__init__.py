"""Salt'n'Tar with Kyngesreach gunnery: a composed ruleset.

Salt'n'Tar's combat game turn (half moves round a missile phase) sails the
ships (``salt_n_tar.sailing`` and the Salt'n'Tar ruleset's wind, luck, strain,
stepping and maneuver steps); Kyngesreach's ``gunnery`` fires the broadsides,
with the range band measured on the map.  ``compose`` joins the two: the ship
classes that pair a sailing type with a gunnery class, and how gunnery damage
changes a ship's sailing.
"""
