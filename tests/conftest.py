"""Shared test settings: a hypothesis profile that suits a 2-core CI machine."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "acelab",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    max_examples=int(os.environ.get("HYPOTHESIS_MAX_EXAMPLES", "100")),
    # CI makes the same examples every run, so a pass on a developer's CI=true run stays a pass
    # there; elsewhere each run tries new ones (and ACELAB_FUZZ_EXPLORE widens the fuzz)
    derandomize=os.environ.get("CI") == "true",
)
settings.load_profile("acelab")
