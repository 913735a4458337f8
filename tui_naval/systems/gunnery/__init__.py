"""Gunnery systems: broadsides, their damage, and what the damage does to a ship."""
