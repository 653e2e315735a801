"""Command line: ``python -m urlencoded`` (also installed as ``urlencoded``).

The commands live in ``urlencoded._tools._cli``; see ``urlencoded --help``.
"""

from __future__ import annotations

import sys

from ._tools import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
