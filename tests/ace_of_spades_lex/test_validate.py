"""The one check of a state: damaged and edited saves are refused in words."""

from __future__ import annotations

import pytest

from acelab.cards import parse_card
from acelab.engine import from_json, to_json
from tests.ace_of_spades_lex.helpers import GAME, stack

C = parse_card


def test_a_damaged_save_is_refused() -> None:
    state = stack("3S")
    text = to_json(state, GAME).replace('"3S"', '"4S"', 1)
    with pytest.raises(ValueError, match=r"more than once|missing"):
        from_json(GAME, text)
