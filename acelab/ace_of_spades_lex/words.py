"""How Lex's Ace of Spades speaks of its seats and cards: a seat called "You" takes the second
person ("You win", "your pile"), every other name the third ("Bot 1 wins", "Bot 1's pile")."""

from __future__ import annotations

__all__ = ["cards", "object_case", "possessive", "sixes", "verb"]


def verb(name: str, third_person: str) -> str:
    """``third_person`` ("wins", "is", "has") agreeing with ``name``: a seat called "You" takes
    the second person ("win", "are", "have")."""
    if name != "You":
        return third_person
    return {"is": "are", "has": "have", "was": "were"}.get(third_person, third_person[:-1])


def possessive(name: str) -> str:
    """``name``'s, or "your" for a seat called "You"."""
    return "your" if name == "You" else f"{name}'s"


def object_case(name: str) -> str:
    """``name`` as the object of a sentence ("Bot 1 steals from you")."""
    return "you" if name == "You" else name


def sixes(count: int) -> str:
    """ "1 six" or "3 sixes"."""
    return "1 six" if count == 1 else f"{count} sixes"


def cards(count: int) -> str:
    """ "1 card" or "3 cards"."""
    return "1 card" if count == 1 else f"{count} cards"
