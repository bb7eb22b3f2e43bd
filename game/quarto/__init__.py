"""Quarto: the rules (`rules.py`) and, later, the scene that draws them."""
