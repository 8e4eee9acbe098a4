"""Moves a seat may make before its go, held by the table until its go comes (issue 25).

Absolutely Aces' two picks are secret and made at the same time, but its engine takes them in
seat order (player 0's, then player 1's). At a class table the second seat may pick first: the
table holds that pick (:meth:`acelab.tables.room.TableRoom.move`), shows nobody what it is (the
other seat hears only that this seat has picked) and applies it the moment it is that seat's go.
:func:`early_moves` says which moves a seat may make early; every other game has none.
"""

from __future__ import annotations

from typing import Any

__all__ = ["early_moves"]


def early_moves(game: str, state: Any, seat: int) -> list[Any]:
    """The moves ``seat`` may make now though it is not its go (held until it is): in
    Absolutely Aces, during the secret pick, a pick from its hand when it has not picked; none
    otherwise."""
    if game != "absolutely_aces":
        return []
    from acelab.absolutely_aces.moves import Pick
    from acelab.absolutely_aces.state import Phase

    if state.phase is not Phase.PICK or seat not in (0, 1) or state.picks[seat] is not None:
        return []
    return [Pick(seat, card) for card in state.hands[seat]]
