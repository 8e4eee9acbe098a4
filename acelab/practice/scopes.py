"""Where practice keeps ratings in the progress store (:meth:`acelab.store.Store.save_rating`).

The learner's ability per game in :data:`LEARNER_SCOPE` (item: the game), each Ace Pilot deal's
rating in :data:`ITEM_SCOPE`, the ability after each deal in :data:`HISTORY_SCOPE` (item: the
attempt number, seven digits, so they sort in order), and the time of the last practice in
:data:`CLOCK_SCOPE` (rating: seconds since 1970).
"""

from __future__ import annotations

from typing import Final

__all__ = ["CLOCK_SCOPE", "GAME", "HISTORY_SCOPE", "ITEM_SCOPE", "LEARNER_SCOPE"]

GAME: Final = "ace_pilot"
LEARNER_SCOPE: Final = "learner"
ITEM_SCOPE: Final = f"item:{GAME}"
HISTORY_SCOPE: Final = f"history:{GAME}"
CLOCK_SCOPE: Final = "clock"
