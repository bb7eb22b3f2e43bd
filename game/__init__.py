"""Spelavond: the game collection (rules, scenes and the app shell)."""
