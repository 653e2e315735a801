"""Primitives from the Infra Standard and Web IDL that the algorithms share.

Python strings are sequences of code points, and may hold surrogate code
points (for example from ``surrogateescape``). The URL Standard's algorithms
take *scalar value strings*; browsers get there through Web IDL's USVString
conversion, which replaces every unpaired surrogate with U+FFFD. A Python str
has no UTF-16 code units to pair, so every surrogate code point in it is
unpaired and becomes U+FFFD. :func:`to_usv_string` does that, once, at the
edge of every public function that takes text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = [
    "first_values",
    "is_ascii_hex_digit",
    "isomorphic_decode",
    "to_usv_string",
    "utf16_code_unit_key",
    "values_by_name",
]

_SURROGATE = re.compile("[\ud800-\udfff]")


def to_usv_string(text: str) -> str:
    """Return *text* with each surrogate code point replaced by U+FFFD.

    https://webidl.spec.whatwg.org/#es-USVString (conversion to a scalar value string)

    >>> to_usv_string("a\\udc80b")
    'a\\ufffdb'
    """
    # Fast path: a string that encodes to UTF-8 has no surrogates.
    if text.isascii():
        return text
    return _SURROGATE.sub("\ufffd", text)


def is_ascii_hex_digit(byte: int) -> bool:
    """Whether *byte* is an ASCII hex digit (https://infra.spec.whatwg.org/#ascii-hex-digit).

    >>> is_ascii_hex_digit(ord("f")), is_ascii_hex_digit(ord("g"))
    (True, False)
    """
    return 0x30 <= byte <= 0x39 or 0x41 <= byte <= 0x46 or 0x61 <= byte <= 0x66


def isomorphic_decode(data: bytes) -> str:
    """Map each byte to the code point of the same value.

    https://infra.spec.whatwg.org/#isomorphic-decode

    >>> isomorphic_decode(b"%\\xff")
    '%ÿ'
    """
    return data.decode("latin-1")


def utf16_code_unit_key(text: str) -> bytes:
    """A sort key that orders strings by UTF-16 code units, as JavaScript does.

    https://infra.spec.whatwg.org/#code-unit-less-than

    >>> sorted(["\\uff61", "\\U0001f600"], key=utf16_code_unit_key) == ["\\U0001f600", "\\uff61"]
    True
    """
    return text.encode("utf-16-be", "surrogatepass")


def first_values(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Each name's first value, names in order of first appearance."""
    result: dict[str, str] = {}
    for name, value in pairs:
        result.setdefault(name, value)
    return result


def values_by_name(pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """Each name's values in order, names in order of first appearance."""
    result: dict[str, list[str]] = {}
    for name, value in pairs:
        result.setdefault(name, []).append(value)
    return result
