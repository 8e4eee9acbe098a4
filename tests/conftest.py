"""Shared test settings: a hypothesis profile that suits a 2-core CI machine."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "acelab",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    max_examples=int(os.environ.get("HYPOTHESIS_MAX_EXAMPLES", "100")),
)
settings.load_profile("acelab")
