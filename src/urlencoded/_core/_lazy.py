"""Names loaded on first use (PEP 562), for the package and its layers.

``import urlencoded`` costs the parser, the serializer and the encodings only;
the request-body helpers, nested names, lint and the command line load when
one of their names is first asked for. A package that offers such names
gives its module a ``__getattr__`` made here from a table of name -> module,
and keeps plain imports of the same names under ``typing.TYPE_CHECKING`` so
that type checkers see them.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from typing import Any, Callable

__all__ = ["first_use"]


def first_use(package: str, modules: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for *package* that imports ``package.modules[name]`` on first use.

    The value is then stored in the package, so the next lookup is an ordinary one.
    """

    def __getattr__(name: str) -> Any:
        try:
            module = modules[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
