"""Initiative systems: who moves last and fires first."""
