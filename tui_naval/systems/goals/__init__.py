"""Goals: how a game is won (race, chase, battle) and how it is judged."""
