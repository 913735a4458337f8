"""Full screens: title, new game, battle, demo, load, rules."""
