"""The roguelike voyage: a chart of encounters sailed with one ship, and its hall of fame."""
