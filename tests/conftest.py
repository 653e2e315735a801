"""Shared test configuration: hypothesis profiles.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) runs more examples with no
deadline, since CI machines are shared and timing is noisy; ``dev`` is the
quicker default for local runs.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
