"""The HTML Standard's form rules beyond the URL Standard's parser and serializer.

Built on ``_core``: the text/plain encoding
(https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#text/plain-encoding-algorithm)
in ``_text_plain``, and reading legacy forms whose encoding is not known
(a probe field, or a guess among candidate encodings) in ``_legacy``.
"""

from __future__ import annotations

import typing

from .._core import first_use

if typing.TYPE_CHECKING:
    from ._detect import Plausibility, detect_encoding, parse_mixed, rank_encodings
    from ._isindex import isindex_argv
    from ._legacy import detect_probe_encoding, guess_encoding, parse_with_probe
    from ._text_plain import parse_text_plain, serialize_text_plain

# What the layers above may use; nothing else of this package crosses its line.
__all__ = [
    "Plausibility",
    "detect_encoding",
    "detect_probe_encoding",
    "guess_encoding",
    "isindex_argv",
    "parse_mixed",
    "parse_text_plain",
    "parse_with_probe",
    "rank_encodings",
    "serialize_text_plain",
]

# Loaded on first use: name -> module.
__getattr__ = first_use(
    __name__,
    {
        "Plausibility": "_detect",
        "detect_encoding": "_detect",
        "parse_mixed": "_detect",
        "rank_encodings": "_detect",
        "detect_probe_encoding": "_legacy",
        "guess_encoding": "_legacy",
        "isindex_argv": "_isindex",
        "parse_with_probe": "_legacy",
        "parse_text_plain": "_text_plain",
        "serialize_text_plain": "_text_plain",
    },
)
