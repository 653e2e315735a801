"""Tools for people: lint, explain and the command line.

The top layer: it may import every layer below it, and nothing imports it
but ``urlencoded.__main__`` and the public names that ``urlencoded``
re-exports on first use (``lint``, ``Finding``).
"""

from __future__ import annotations

import typing

from .._core import first_use

if typing.TYPE_CHECKING:
    from ._cli import main
    from ._lint import Finding, iter_lint, lint

# What the layers above may use; nothing else of this package crosses its line.
__all__ = [
    "Finding",
    "iter_lint",
    "lint",
    "main",
]

# Loaded on first use: name -> module.
__getattr__ = first_use(
    __name__,
    {
        "main": "_cli",
        "Finding": "_lint",
        "iter_lint": "_lint",
        "lint": "_lint",
    },
)
