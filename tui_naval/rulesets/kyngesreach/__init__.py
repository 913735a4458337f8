"""Kyngesreach Naval Combat (GURPS): wind gauge, range bands and broadsides.

``gunnery`` is the gunnery on its own (for composing with a sailing system);
``rules`` is the stand-alone ruleset that wraps it with the wind gauge and the
range bands.
"""
