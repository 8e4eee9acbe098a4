"""The one Wilson interval every simulation and lesson uses."""

import pytest

from acelab.engine.stats import wilson_interval


def test_wilson_interval_known_values_and_ends():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 20) == (0.0, pytest.approx(0.1611, abs=1e-4))
    assert wilson_interval(20, 20)[1] == 1.0


@pytest.mark.parametrize(("successes", "trials"), [(1, 0), (-1, 5), (6, 5)])
def test_wilson_interval_refuses_impossible_counts(successes, trials):
    with pytest.raises(ValueError, match="at least one trial"):
        wilson_interval(successes, trials)
