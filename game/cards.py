"""The standard 52-card deck as plain data, shared by every card game.

Pure Python (no pygame): rules modules and the AI use it. A card is an immutable,
hashable, picklable NamedTuple; rank 1..13 (ace 1, jack 11, queen 12, king 13) and a
suit letter. Each game decides its own ordering (Kingen ranks the ace high).
"""
from __future__ import annotations

from typing import NamedTuple

SUITS = "SHCD"  # spades, hearts, clubs, diamonds
RANKS = range(1, 14)
SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "C": "\u2663", "D": "\u2666"}
RANK_LABEL = {1: "A", 11: "J", 12: "Q", 13: "K"}
_LABEL_RANK = {"A": 1, "J": 11, "Q": 12, "K": 13, "B": 11, "V": 12, "H": 13, "T": 10}


class Card(NamedTuple):
    rank: int
    suit: str

    @property
    def red(self) -> bool:
        return self.suit in "HD"

    @property
    def label(self) -> str:
        """Rank as printed in a card's corner: A 2 .. 10 J Q K."""
        return RANK_LABEL.get(self.rank, str(self.rank)) if type(self.rank) is int else str(self.rank)

    def __str__(self) -> str:
        # never raises: an error message may have to show a card a caller made up
        symbol = SUIT_SYMBOL.get(self.suit, str(self.suit)) if isinstance(self.suit, str) else str(self.suit)
        return self.label + symbol

    def __repr__(self) -> str:
        return f"Card({self.label}{self.suit})"

    @property
    def code(self) -> str:
        """ASCII code such as 'QS' or '10H': used in save files and tests."""
        return self.label + self.suit

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read 'QS', '10h', 'AH', 'TD' or 'Q♠' back into a card."""
        text = text.strip()
        for letter, symbol in SUIT_SYMBOL.items():
            text = text.replace(symbol, letter)
        if len(text) < 2:
            raise ValueError(f"not a card: {text!r}")
        rank_text, suit = text[:-1].upper(), text[-1].upper()
        if suit not in SUITS:
            raise ValueError(f"not a card: {text!r} (suit must be one of S H C D)")
        rank = _LABEL_RANK.get(rank_text)
        if rank is None:
            if not rank_text.isdigit() or not 2 <= int(rank_text) <= 10:
                raise ValueError(f"not a card: {text!r}")
            rank = int(rank_text)
        return cls(rank, suit)


def is_card(value) -> bool:
    """A real card of the deck: a Card (not a look-alike tuple) with rank 1..13 and suit S H C D."""
    return (type(value) is Card and type(value.rank) is int and 1 <= value.rank <= 13
            and type(value.suit) is str and value.suit in ("S", "H", "C", "D"))


def full_deck() -> list[Card]:
    """All 52 cards in a fixed order (suit by suit, ace to king)."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def cards(text: str) -> list[Card]:
    """Several cards from a space-separated string: cards('QS 10H AD')."""
    return [Card.parse(part) for part in text.split()]
