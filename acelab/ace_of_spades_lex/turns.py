"""Former home of Lex's moves, kept so older imports work: see
:mod:`acelab.ace_of_spades_lex.actions`."""

from acelab.ace_of_spades_lex.actions import DOING, MOVES, legal, play

__all__ = ["DOING", "MOVES", "legal", "play"]
