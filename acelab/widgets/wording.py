"""A checker for the words a panel shows a learner, usable by every game's tests.

Messages speak the learner's language: cards as ``Q♣`` (never the code ``QC``), pilots and
players by name, no internal notation such as ``D(9,2)``, one sentence per fact, and no doubled
punctuation. :func:`wording_problems` lists what is wrong with one message.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["assert_good_wording", "wording_problems"]

_CARD_CODE: Final = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9TJQKA])[SHDC](?![\w(])")
_NOTATION: Final = re.compile(r"\b[HCDS]\(\s*\d")
_DOUBLED: Final = re.compile(r"\.\.(?!\.)|[!?,;:]\s*[.,;:]|\.\s*[,;:]|,,")
_RAW: Final = re.compile(r"\b(?:None|True|False|Traceback|KeyError|TypeError|Card\(|Suit\.)")
_SENTENCE_END: Final = re.compile(r"[.!?](?:\s|$)")
_MAX_SENTENCE: Final = 40  # words


def wording_problems(text: str) -> list[str]:
    """What is wrong with ``text`` as a message for a learner; empty when nothing is."""
    problems = []
    if (code := _CARD_CODE.search(text)) is not None:
        problems.append(f"a card code {code.group()!r} (write cards as Q♣)")
    if (notation := _NOTATION.search(text)) is not None:
        problems.append(f"internal notation {notation.group()!r}")
    if (doubled := _DOUBLED.search(text)) is not None:
        problems.append(f"doubled punctuation {doubled.group()!r}")
    if (raw := _RAW.search(text)) is not None:
        problems.append(f"a programmer's word {raw.group()!r}")
    if "  " in text.strip():
        problems.append("a double space")
    for sentence in _SENTENCE_END.split(text):
        if len(sentence.split()) > _MAX_SENTENCE:
            problems.append(f"a sentence of more than {_MAX_SENTENCE} words (one fact each)")
            break
    return problems


def assert_good_wording(text: str) -> None:
    """Raise ``AssertionError`` naming the problems of ``text``, if it has any."""
    problems = wording_problems(text)
    assert not problems, f"{text!r}: {'; '.join(problems)}"
