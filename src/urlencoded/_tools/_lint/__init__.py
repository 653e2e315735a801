"""Lint: what in a urlencoded body is likely a mistake, and where.

The URL Standard's parser accepts every byte sequence
(https://url.spec.whatwg.org/#concept-urlencoded-parser): a ``%`` without two
hex digits stays a ``%``, a ``;`` is part of the value, a raw newline is part
of the last value. That leniency hides mistakes that make a signature fail
or a server read something else than the sender meant. :func:`lint` reports
them as :class:`Finding` values, each with a stable code, a severity, the
byte offset in the input where it starts and a message.

The parts: ``_findings`` (the codes and :class:`Finding`), ``_checks`` (one
check per kind of mistake) and ``_driver`` (:func:`lint`, :func:`iter_lint`).
"""

from __future__ import annotations

from ..._core import BytesLike as BytesLike
from ..._core import as_bytes as as_bytes
from ._checks import _empty_sequences as _empty_sequences
from ._checks import blocks as blocks
from ._driver import findings_of as findings_of
from ._driver import iter_lint, lint
from ._findings import CODES, Finding

__all__ = ["CODES", "Finding", "iter_lint", "lint"]
