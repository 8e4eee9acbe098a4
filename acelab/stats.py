"""Small statistics shared by every game's simulations and lessons."""

from __future__ import annotations

import math
from typing import Final

__all__ = ["Z_95", "wilson_interval"]

Z_95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion of ``successes`` out of ``trials``.

    Unlike "p ± 2 standard errors" it never leaves 0..1 and behaves at 0 and at ``trials``
    (which are returned as exactly 0 and 1).
    """
    if trials < 1 or not 0 <= successes <= trials:
        raise ValueError("An interval needs at least one trial and 0 to that many successes.")
    z = Z_95
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    return (0.0 if successes == 0 else low), (1.0 if successes == trials else high)
