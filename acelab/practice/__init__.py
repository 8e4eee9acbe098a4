"""Practice at the learner's level, progress a learner can see, and what to do next.

- :mod:`acelab.practice.rating`: the Elo-style rating of learners and items (Math Garden:
  P(right) = logistic(ability − difficulty)); a learner with no history starts in the middle.
- :mod:`acelab.practice.deals`: Ace Pilot deals' starting difficulty from the exact solver's
  figures (:mod:`acelab.ace_pilot.deal_figures`), the next deal at a predicted 0.75, and why.
- :mod:`acelab.practice.session`: one learner's Ace Pilot Practice, kept in the store.
- :mod:`acelab.practice.mastery`: lesson exercises and skills mastered, lesson ratings.
- :mod:`acelab.practice.progress`: My progress and the one suggested next step.
- :mod:`acelab.practice.calibrate`: ``python -m acelab.practice calibrate FOLDER``.
- :mod:`acelab.practice.simulate`: simulated learners, for the checks and the benchmark.

Everything here is pure Python but for the store it reads and writes.
"""

from __future__ import annotations

__all__: list[str] = []
