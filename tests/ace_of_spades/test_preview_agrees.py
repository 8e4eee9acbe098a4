"""Devir's preview and Play Hand agree with the rules at every difficulty (issue 27): at Normal
a Hand is 5 cards, so 2♣ 2♥ 2♠ previews what is missing with Play Hand disabled; and every
preview the panel shows with Play Hand enabled is played, and the rules take it."""

from __future__ import annotations

import itertools
import random

import pytest

from acelab.ace_of_spades.panel import AceOfSpadesPanel
from acelab.ace_of_spades.table_view import hand_problem

DIFFICULTIES = ("easy", "normal", "hard", "nightmare")


def _hand_zone_note(panel) -> str:  # type: ignore[no-untyped-def]
    return " ".join(z["note"] for z in panel.table.zones if z["note"])


def _play_enabled(panel) -> bool:  # type: ignore[no-untyped-def]
    return not panel.table_view().control("play").disabled


def test_three_of_a_kind_at_normal_is_not_offered_as_a_hand():
    panel = AceOfSpadesPanel(seed=7, save=False)
    for card in ("2C", "2H", "2S"):
        assert panel.choose(card)
    assert not _play_enabled(panel)
    shown = _hand_zone_note(panel)
    assert "A Hand has 5 cards, not 3: choose 2 more." in shown, shown
    assert "3 damage" not in shown
    assert not panel.play_hand()  # and the rules say the same
    assert "A Hand has 5 cards" in panel.table.status_text


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_every_preview_with_play_hand_enabled_is_played(difficulty):
    rng = random.Random(difficulty)
    tried = 0
    for seed in range(4):
        panel = AceOfSpadesPanel(seed=seed, difficulty=difficulty, save=False)
        cards = [str(card) for card in panel.view.available]
        subsets = [c for size in range(1, 6) for c in itertools.combinations(cards, size)]
        for chosen in rng.sample(subsets, 12):
            panel.clear()
            for card in chosen:
                panel.choose(card)
            enabled = _play_enabled(panel)
            assert enabled == (not hand_problem(panel.view, chosen)), chosen
            if enabled:
                before = len(panel.history)
                assert panel.play_hand(), (chosen, panel.table.status_text)
                assert len(panel.history) == before + 1
                assert panel.undo()
                tried += 1
    assert tried >= 4
