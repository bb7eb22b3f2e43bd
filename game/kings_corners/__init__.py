"""Kings Corners: a shedding card game for 2 to 4 players (rules in rules.py)."""
