"""One learner's Ace Pilot Practice: a deal at a time, rated, kept in the progress store.

:class:`AcePilotPractice` offers a deal (:meth:`~AcePilotPractice.next`), checks the equations
the learner writes for it (:meth:`~AcePilotPractice.answer`, as the lesson's checker does:
nothing typed is evaluated), and after the first answer to a deal (or giving up) moves the
learner's ability and the deal's rating (:mod:`acelab.practice.rating`). Ratings are kept in
the store (:meth:`acelab.store.Store.save_rating`): the learner's ability in scope
``"learner"``, each deal's rating in ``"item:ace_pilot"``, the ability after each deal in
``"history:ace_pilot"`` (for the plot of ability over time).

Nothing here stops practice: a learner with no history starts in the middle, a store that
cannot save (damaged, foreign, newer), a rated deal this acelab no longer has, a clock that
went backwards — each is said once in :attr:`~AcePilotPractice.notes`, and practice goes on
(in memory when the store cannot save); nothing in the store is deleted.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping

from acelab.ace_pilot.deal_figures import Deal
from acelab.ace_pilot.lessons.order_of_operations import check_equation
from acelab.ace_pilot.pilots import PILOTS
from acelab.ace_pilot.situations import Situation
from acelab.ace_pilot.solver import solve
from acelab.practice.deals import Offer, choose_deal, deal_keys, difficulty
from acelab.practice.rating import MIDDLE, Rating, update
from acelab.practice.scopes import (
    CLOCK_SCOPE,
    GAME,
    HISTORY_SCOPE,
    ITEM_SCOPE,
    LEARNER_SCOPE,
)
from acelab.store import Store
from acelab.teaching.answers import Verdict

__all__ = [
    "CLOCK_SCOPE",
    "GAME",
    "HISTORY_SCOPE",
    "ITEM_SCOPE",
    "LEARNER_SCOPE",
    "AcePilotPractice",
]


def situation_of(deal: Deal) -> Situation:
    """The lesson's situation of a Practice deal (the other three pilots Ready)."""
    return Situation(
        deal.hand, deal.target, deal.start, tuple(p for p in PILOTS if p is not deal.start)
    )


class AcePilotPractice:
    """Ace Pilot Practice for the learner of ``store`` (``None``: nothing is kept).

    ``seed`` fixes the deals drawn (for tests); ``class_ratings`` (deal key → rating, from
    ``python -m acelab.practice calibrate``) start the deals this learner has not rated yet.
    """

    def __init__(
        self,
        store: Store | None = None,
        seed: int | None = None,
        class_ratings: Mapping[str, tuple[float, int]] | None = None,
        clock: float | None = None,
    ) -> None:
        self.store = store
        self.rng = random.Random(seed)
        self.notes: list[str] = []
        self.offer: Offer | None = None
        self._answered = False
        self._seen: list[str] = []
        if store is not None and store.problem is not None:
            self.notes.append(f"{store.problem} Practice goes on, but nothing is kept.")
        kept = self._ratings(LEARNER_SCOPE).get(GAME)
        if kept is None:
            self.me = Rating(MIDDLE)
            self.notes.append(
                "No Ace Pilot practice yet: you start in the middle (rating 0), and the deals "
                "find your level in a few rounds."
            )
        else:
            self.me = Rating(*kept)
        known = set(deal_keys())
        kept_items = self._ratings(ITEM_SCOPE)
        items = {k: v for k, v in (class_ratings or {}).items() if k in known}  # deals only
        items.update(kept_items)
        gone = [key for key in kept_items if key not in known]
        if gone:
            self.notes.append(
                f"{len(gone)} rated deal(s) are no longer dealt by this acelab: their ratings "
                "stay in the store and are not used."
            )
        self.items = {key: value for key, value in items.items() if key in known}
        history = self._ratings(HISTORY_SCOPE)
        self.history = [history[key][0] for key in sorted(history)]
        self._clock(time.time() if clock is None else clock)

    def _ratings(self, scope: str) -> dict[str, tuple[float, int]]:
        return self.store.ratings(scope) if self.store is not None else {}

    def _save(self, scope: str, item: str, rating: float, attempts: int) -> None:
        if self.store is not None:
            self.store.save_rating(scope, item, rating, attempts)

    def _clock(self, now: float) -> None:
        last = self._ratings(CLOCK_SCOPE).get(GAME)
        if last is not None and now < last[0]:
            self.notes.append(
                "This computer's clock is behind the time of your last practice: your ratings "
                "go on in the order you answer."
            )
        self._save(CLOCK_SCOPE, GAME, max(now, last[0] if last else now), 0)

    @property
    def ability(self) -> float:
        """The learner's rating in logits (0 is the middle)."""
        return self.me.value

    def next(self) -> Offer:
        """The next deal at the learner's level, with why it comes next."""
        before = self.offer.deal if self.offer is not None else None
        if self.offer is not None and not self._answered:
            self._rate(0.0)  # a deal left unsolved counts as not solved
        self.offer = choose_deal(self.me.value, self.items, self.rng, before, self._seen[-200:])
        self._seen.append(str(self.offer.deal))
        self._answered = False
        return self.offer

    def answer(self, text: str) -> Verdict:
        """Check an equation written for the deal on offer (``D(6,12) H(10)``); the first
        answer to a deal rates it, right or wrong."""
        if self.offer is None:
            raise ValueError("There is no deal yet: ask for one with next().")
        verdict = check_equation(situation_of(self.offer.deal))(text)
        if not self._answered:
            self._rate(1.0 if verdict.correct else 0.0)
        return verdict

    @property
    def answered(self) -> bool:
        """True once the deal on offer is rated (answered, solved, given up)."""
        return self._answered

    def record_round(self, solved: bool) -> bool:
        """Rate the deal on offer as ``solved`` or not, played on the game's own table (Ace
        Pilot's Practice mode): only the first result of a deal counts. True when it rated."""
        if self.offer is None:
            raise ValueError("There is no deal yet: ask for one with next().")
        if not isinstance(solved, bool):
            raise ValueError("A round is solved (True) or not (False).")
        if self._answered:
            return False
        self._rate(1.0 if solved else 0.0)
        return True

    def give_up(self) -> str:
        """A winning equation of the deal on offer, in words (the deal counts as not solved)."""
        if self.offer is None:
            raise ValueError("There is no deal yet: ask for one with next().")
        if not self._answered:
            self._rate(0.0)
        deal = self.offer.deal
        found = solve(deal.hand, deal.target, deal.start)[0]
        return f"One way: {found}. {found.explain(deal.target)}"

    def _rate(self, score: float) -> None:
        assert self.offer is not None
        key = str(self.offer.deal)
        item = Rating(*self.items[key]) if key in self.items else Rating(difficulty(key, {}))
        self.me, item = update(self.me, item, score)
        self.items[key] = (item.value, item.attempts)
        self.history.append(self.me.value)
        self._answered = True
        self._save(LEARNER_SCOPE, GAME, self.me.value, self.me.attempts)
        self._save(ITEM_SCOPE, key, item.value, item.attempts)
        self._save(HISTORY_SCOPE, f"{self.me.attempts:07d}", self.me.value, self.me.attempts)
