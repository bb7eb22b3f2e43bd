"""Keezen: the Dutch team race with cards on a cross-shaped board (rules in rules.py)."""
