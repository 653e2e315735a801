"""Run the docstring examples of every module of the installed package."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import urlencoded
from tests.conftest import skip_reason

MODULES = [
    "urlencoded",
    *sorted(info.name for info in pkgutil.walk_packages(urlencoded.__path__, "urlencoded.")),
]


@pytest.mark.parametrize("module_name", MODULES)
def test_docstring_examples(module_name: str) -> None:
    """Every example in the module's docstrings gives the output it shows."""
    module = importlib.import_module(module_name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"


def test_examples_exist() -> None:
    """The public API is documented with examples, so finding few means the scan is broken."""
    finder = doctest.DocTestFinder()
    examples = sum(
        len(test.examples)
        for name in MODULES
        if skip_reason(f"test_doctests.py::test_docstring_examples[{name}]") is None
        for test in finder.find(importlib.import_module(name))
    )
    assert examples > 50
