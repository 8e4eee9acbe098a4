"""Every public function of every game package and every public method of its panel, called
with arguments of the wrong type and wild values (hypothesis): each returns, or refuses with a
ValueError holding one sentence, and a refusal changes nothing. How long the calls take is
measured by ``benchmarks/fuzz_conformance.py``, not asserted here."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acelab.games import NAMES
from tests.conformance.fuzz import Target, arguments, call, real_values, targets

EXAMPLES = 3
"""Calls per public function or method (``make soak``: :data:`SOAK_EXAMPLES`)."""
SOAK_EXAMPLES = 150

CASES = [(name, target) for name in NAMES for target in targets(name)]


def fuzz(name: str, target: Target, examples: int, soak: bool = False) -> None:
    real = real_values(name)

    @settings(
        max_examples=examples,
        database=None,
        suppress_health_check=list(HealthCheck),
        deadline=None,
        derandomize=not soak,  # the quick run is the same every time; the soak explores
    )
    @given(data=st.data())
    def one_call(data: st.DataObject) -> None:
        args, kwargs = data.draw(arguments(name, target, real))
        result = call(name, target, args, kwargs)
        assert result.kind in ("returned", "refused"), f"{target.label}: {result.detail}"

    one_call()


@pytest.mark.parametrize(("name", "target"), CASES, ids=lambda case: getattr(case, "label", case))
def test_public_call_returns_or_refuses_in_a_sentence(name: str, target: Target) -> None:
    fuzz(name, target, EXAMPLES)


@pytest.mark.soak
@pytest.mark.parametrize(("name", "target"), CASES, ids=lambda case: getattr(case, "label", case))
def test_many_public_calls_return_or_refuse_in_a_sentence(name: str, target: Target) -> None:
    fuzz(name, target, SOAK_EXAMPLES, soak=True)
