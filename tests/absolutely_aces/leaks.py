"""What a learner is shown, as text, and whether it names a card: for the tests that hidden
cards never leak (the other hand during the secret pick, the other pick, the cards sitting
out)."""

import json
import re

from acelab.absolutely_aces import CARDS


def shown_text(panel, log_from: int = 0) -> str:
    """Everything the browser is sent that can change (the faces of all twelve cards are sent
    once, whatever happens) and the move log from entry ``log_from`` (every round deals the
    same twelve cards, so earlier rounds name them all)."""
    table = panel.table
    traits = {
        "zones": table.zones,
        "controls": table.controls,
        "status": table.status,
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
