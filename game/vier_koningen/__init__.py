"""4 Koningen (Four Kings): the solo patience. Rules in rules.py (pure Python)."""
