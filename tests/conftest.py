"""Shared test configuration: hypothesis profiles and the markers set by module.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) runs more examples with no
deadline, since CI machines are shared and timing is noisy; ``dev``, the
default, tries 100; ``quick`` tries a handful of examples per
property, for the quick loop.

Tests that walk a whole space (every code point through every encoder) are
marked ``exhaustive`` here, by module, and the tests that run the installed
console script in new processes ``console``, so that ``-m "not exhaustive and
not console and not browser"`` is a quick loop; the full run includes them.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# dev, the default, tries as many examples as Hypothesis does by default.
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
# A search before a release or after a change to a fast path: ten times ci.
settings.register_profile(
    "deep", max_examples=10_000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# Modules whose every test carries a marker; other tests carry theirs themselves.
MODULE_MARKERS = {
    "test_encoding_exhaustive.py": pytest.mark.exhaustive,
    "test_cli.py": pytest.mark.console,
    "test_cli_dialects.py": pytest.mark.console,
    "test_docs_cli.py": pytest.mark.console,
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of whole modules, so that a quick loop can deselect them."""
    for item in items:
        marker = MODULE_MARKERS.get(item.path.name)
        if marker is not None:
            item.add_marker(marker)
