"""Shared test configuration: hypothesis profiles and the ``exhaustive`` marker.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) runs more examples with no
deadline, since CI machines are shared and timing is noisy; ``dev`` is the
quicker default for local runs; ``quick`` tries a handful of examples per
property, for the quick loop.

Tests that walk a whole space (every code point through every encoder) are
marked ``exhaustive`` here, by module, so that ``-m "not exhaustive and not
browser"`` is a quick loop; the full run still includes them.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# For the quick loop (CONTRIBUTING.md): a smoke test of each property, not a search.
settings.register_profile(
    "quick", max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# Modules whose every test is exhaustive; other slow tests carry the marker themselves.
EXHAUSTIVE_MODULES = frozenset({"test_encoding_exhaustive.py"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of the exhaustive modules, so that a quick loop can deselect them."""
    for item in items:
        if item.path.name in EXHAUSTIVE_MODULES:
            item.add_marker(pytest.mark.exhaustive)
