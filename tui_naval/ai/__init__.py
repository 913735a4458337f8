"""Players that answer decisions: random and greedy."""
