"""Table codes: 6 letters a pupil reads out and types without confusing any two of them."""

from __future__ import annotations

import secrets
from typing import Final

from acelab.tables.words import BAD_CODE, TableRefused

__all__ = ["ALPHABET", "LENGTH", "new_code", "read_code"]

ALPHABET: Final = "ACDEFHJKMNPRTUVWXY"
"""18 capital letters, none easily taken for a digit or another letter (no B, G, I, L, O, Q, S,
Z): 18**6, about 34 million codes."""
LENGTH: Final = 6
EXAMPLE: Final = "KMPRTX"


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A fresh random code (from :mod:`secrets`, never from a game's seed) not in ``taken``."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if code not in taken:
            return code


def read_code(text: object) -> str:
    """``text`` as a table code: capitals, spaces and dashes dropped. Raises
    :class:`TableRefused` with a sentence for anything that cannot be a code."""
    if not isinstance(text, str) or len(text) > 40:
        raise TableRefused(BAD_CODE.format(example=EXAMPLE))
    code = "".join(ch for ch in text.upper() if ch not in " -_\t")
    if len(code) != LENGTH or any(ch not in ALPHABET for ch in code):
        raise TableRefused(BAD_CODE.format(example=EXAMPLE))
    return code
