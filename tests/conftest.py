"""Shared test configuration: hypothesis profiles and the markers set by module.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) runs more examples with no
deadline, since CI machines are shared and timing is noisy; ``dev``, the
default, tries 100; ``quick`` tries a handful of examples per
property, for the quick loop.

Tests that walk a whole space (every code point through every encoder) are
marked ``exhaustive`` here, by module, and the tests that run the installed
console script in new processes ``console``, so that ``-m "not exhaustive and
not console and not browser"`` is a quick loop; the full run includes them.

``NEEDS`` and ``PYPY_LACKS`` are the one place where a test is skipped for
something the interpreter lacks: the packages that the test extra does not
install on PyPy, PyPy's missing tracemalloc, and a MemoryError that PyPy does
not raise. On CPython nothing is skipped for a missing package: a
missing one fails the test that needs it, and tests/test_interpreters.py checks
that every package named here is installed.
"""

from __future__ import annotations

import importlib.util
import os
import platform
from pathlib import Path
from typing import NamedTuple

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
    """Mark the tests of whole modules, so that a quick loop can deselect them; skip the
    tests that need what this interpreter lacks (NEEDS, PYPY_LACKS)."""
    for item in items:
        marker = MODULE_MARKERS.get(item.path.name)
        if marker is not None:
            item.add_marker(marker)
        reason = skip_reason(f"{item.path.name}::{item.nodeid.partition('::')[2]}")
        if reason is not None:
            item.add_marker(pytest.mark.skip(reason=reason))


class Needs(NamedTuple):
    """What some tests import, and why an interpreter may not have it."""

    modules: tuple[str, ...]
    reason: str


ARROW = Needs(
    ("pyarrow", "numpy"),
    "pyarrow has no PyPy build (a C++ extension for CPython's C API), so urlencoded.arrow"
    " and --format parquet are CPython-only",
)
ARROW_ENGINES = Needs(
    ("pyarrow", "numpy", "pandas", "polars", "duckdb", "dask", "distributed"),
    "the Arrow engines (pyarrow, pandas, Polars, DuckDB, Dask) do not install on PyPy",
)
MYPY = Needs(
    ("mypy",),
    "mypy does not run on PyPy: its pure-Python build needs librt, which does not build"
    " there (the CPython stages type-check)",
)
TRACEMALLOC = Needs(("_tracemalloc",), "PyPy has no tracemalloc")

# Test files, or node ids up to a prefix, that need what PyPy lacks. Where such a
# need is missing on PyPy the test is skipped with its reason; anywhere else the
# test runs, and fails if the need is missing.
NEEDS = {
    "test_arrow.py": ARROW,
    "test_cli_parquet.py": ARROW,
    "test_lines_block.py::test_parquet_rows_are_the_json_lines": ARROW,
    "test_doctests.py::test_docstring_examples[urlencoded.arrow": ARROW,
    "test_cli_urls.py::test_url_format_agrees_with_arrow": ARROW,
    "test_fuzz_public.py::test_public_module_name[arrow-": ARROW,
    "test_fuzz_public.py::test_every_name_of_each_public_module_is_exercised[urlencoded.arrow]": (
        ARROW
    ),
    # The page's sessions write and read a Parquet file, with the ones around them.
    "test_docs_cli.py::test_console_sessions[cli.rst]": ARROW,
    "test_arrow_engines.py": ARROW_ENGINES,
    "test_typing.py": MYPY,
    "test_streaming.py::test_memory_is_bounded_by_the_largest_field": TRACEMALLOC,
    "test_percent.py::test_memory_is_a_few_copies_of_the_input": TRACEMALLOC,
    "test_percent.py::test_memory_of_malformed_escapes_is_a_few_copies": TRACEMALLOC,
}
# What PyPy does otherwise, that a test relies on and no package brings.
PYPY_LACKS = {
    "test_cli.py::test_memory_exhaustion_is_one_line": (
        "PyPy's garbage collector aborts the process when the system refuses it memory"
        " (RLIMIT_AS) instead of raising MemoryError"
    ),
}
PYPY = platform.python_implementation() == "PyPy"


def missing(needs: Needs) -> list[str]:
    """The modules of ``needs`` that this interpreter cannot import."""
    return [name for name in needs.modules if importlib.util.find_spec(name) is None]


def skip_reason(node_id: str) -> str | None:
    """Why the test ``file::name[params]`` is skipped here, or None when it runs."""
    if not PYPY:
        return None
    for prefix, reason in PYPY_LACKS.items():
        if node_id.startswith(prefix):
            return reason
    for prefix, needs in NEEDS.items():
        if node_id.startswith(prefix) and missing(needs):
            return f"{needs.reason} (missing: {', '.join(missing(needs))})"
    return None


class _SkippedModule(pytest.Module):
    """A test file that would not import here: collected as one skip, with the reason."""

    reason = ""

    def collect(self) -> list[pytest.Item | pytest.Collector]:
        pytest.skip(self.reason)


def pytest_pycollect_makemodule(
    module_path: Path, parent: pytest.Collector
) -> pytest.Module | None:
    """A file whose needs are missing is skipped whole, before it is imported."""
    reason = skip_reason(module_path.name)
    if reason is None:
        return None
    module = _SkippedModule.from_parent(parent, path=module_path)
    module.reason = reason
    return module
