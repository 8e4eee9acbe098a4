"""Shared by Absolutely Aces' tests: states reached by random play, junk for the bad-input
tests, and what a learner is shown as text and whether it names a card (for the tests that
hidden cards never leak: the other hand during the secret pick, the other pick, the cards
sitting out)."""

import json
import re

from hypothesis import strategies as st

from acelab.absolutely_aces import CARDS, AbsolutelyAces, AcesState
from acelab.engine import derive_rng
from acelab.engine.cards import random_index

GAME = AbsolutelyAces()

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.binary(max_size=10),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.text(max_size=5), st.text(max_size=5)),
)
"""Values that are no argument of any public function here."""


def reached(seed: int, steps: int, target: int | None = 5) -> AcesState:
    """The state after up to ``steps`` random legal moves of a match dealt from ``seed``."""
    state = GAME.new_state(seed, target=target)
    rng = derive_rng("reached", seed)
    for _ in range(steps):
        moves = GAME.legal_moves(state)
        if not moves:
            break
        state = GAME.apply(state, moves[random_index(rng, len(moves))])
    return state


def shown_text(panel, log_from: int = 0) -> str:
    """Everything the browser is sent that can change (the faces of all twelve cards are sent
    once, whatever happens) and the move log from entry ``log_from`` (every round deals the
    same twelve cards, so earlier rounds name them all). A status line that repeats an earlier
    log entry (how the last round ended) counts as that entry."""
    table = panel.table
    earlier = {panel.last_said()} if len(panel.log.entries) <= log_from else set()
    traits = {
        "zones": table.zones,
        "controls": table.controls,
        "status": table.status if table.status["text"] not in earlier else {},
        "prompt": table.prompt,
    }
    return json.dumps(traits, ensure_ascii=False) + "\n".join(panel.log.entries[log_from:])


def mentions(text: str, code: str) -> bool:
    """Does ``text`` name the card ``code``, by its key or its label (``7♠``, ``7 of spades``)?"""
    card = CARDS.by_code[code]
    number = re.escape(str(card.number))
    return (
        f'"{code}"' in text
        or re.search(rf"(?<!\d){number}{'♥' if card.suit == 'Hearts' else '♠'}", text) is not None
        or re.search(rf"(?<!\d){number} of {card.suit.lower()}", text) is not None
    )
