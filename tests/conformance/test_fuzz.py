"""Every public function of every game package and every public method of its panel, called
with arguments of the wrong type and wild values (hypothesis): each returns, or refuses with a
ValueError holding one sentence, and a refusal changes nothing. How long the calls take is
measured by ``benchmarks/fuzz_conformance.py``, not asserted here."""

from __future__ import annotations

import os

import pytest

from acelab.engine.games import NAMES
from tests.conformance.fuzz import Result, Target, run, targets

EXAMPLES = 3
"""Calls per public function or method, the same every run (``make soak``: :data:`SOAK_EXAMPLES`
 each)."""
SOAK_EXAMPLES = 40
EXPLORE = int(os.environ.get("ACELAB_FUZZ_EXPLORE", "0") or 0)
"""``ACELAB_FUZZ_EXPLORE=300 make soak`` makes that many new calls each run, to look for new
failures; CI and a plain ``make soak`` make the same calls every run, so a pass stays a pass."""

CASES = [(name, target) for name in NAMES for target in targets(name)]


def judge(result: Result) -> None:
    assert result.kind in ("returned", "refused"), result.detail


@pytest.mark.parametrize(("name", "target"), CASES, ids=lambda case: getattr(case, "label", case))
def test_public_call_returns_or_refuses_in_a_sentence(name: str, target: Target) -> None:
    run(name, target, EXAMPLES, judge)


@pytest.mark.soak
@pytest.mark.parametrize(("name", "target"), CASES, ids=lambda case: getattr(case, "label", case))
def test_many_public_calls_return_or_refuse_in_a_sentence(name: str, target: Target) -> None:
    run(name, target, EXPLORE or SOAK_EXAMPLES, judge, explore=EXPLORE > 0)
