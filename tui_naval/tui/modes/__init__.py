"""The ways to play, each a screen over a match: a battle, a lesson, a demo, a replay, a
watch, a duel, a voyage leg, a served game."""
