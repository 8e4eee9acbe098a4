"""The shipped first duels are the duels the bots play (issue 17: the class report builds the
lesson's questions without playing them; tests/engine/test_shipped.py makes the file again)."""

from __future__ import annotations

import pytest

from acelab.ace_of_spades import duels


@pytest.mark.parametrize("seed", [1, 200])
@pytest.mark.parametrize("strategy", ["greedy", "strong"])
def test_shipped_wins_are_the_duels_played(strategy: str, seed: int) -> None:
    assert duels.first_duels(strategy, seed) == duels.play_first_duels(strategy, seed), (
        "The bots play differently now: make the shipped wins again with "
        "python -m acelab.ace_of_spades.duels --make (about 3 minutes on 2 cores)."
    )


def test_other_seeds_and_counts_are_played() -> None:
    assert duels.first_duels("greedy", 201, 20) == duels.play_first_duels("greedy", 201, 20)
    assert duels.first_duels("greedy", "7B", 10).duels == 10
    with pytest.raises(ValueError, match="strategies"):
        duels.play_first_duels("lucky", 1)
