"""Primitives from the Infra Standard and Web IDL that the algorithms share.

Python strings are sequences of code points, and may hold surrogate code
points (for example from ``surrogateescape``). The URL Standard's algorithms
take *scalar value strings*; browsers get there through Web IDL's USVString
conversion, which replaces every unpaired surrogate with U+FFFD. A Python str
has no UTF-16 code units to pair, so every surrogate code point in it is
unpaired and becomes U+FFFD. :func:`to_usv_string` does that, once, at the
edge of every public function that takes text; the encoders below this
layer convert with the same function, so it is defined with them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Union

from .._encoding import SURROGATE as SURROGATE
from .._encoding import to_usv_string as to_usv_string

__all__ = [
    "ANY_VALUE",
    "as_bytes",
    "first_values",
    "is_ascii_hex_digit",
    "isomorphic_decode",
    "to_usv_string",
    "utf8_encode",
    "utf16_code_unit_key",
    "values_by_name",
]

#: What the functions that take a body accept besides str.
BytesLike = Union[bytes, bytearray, memoryview]


def utf8_encode(text: str) -> bytes:
    """UTF-8 encode *text* as a scalar value string (surrogates become U+FFFD).

    https://encoding.spec.whatwg.org/#utf-8-encode
    """
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return to_usv_string(text).encode("utf-8")


def as_bytes(data: object, caller: str) -> bytes:
    """*data* as bytes: a str UTF-8 encoded (as the string parsers do), bytes-like copied.

    :raises TypeError: for any other type, naming *caller*.
    """
    if isinstance(data, bytes):
        return data
    if isinstance(data, str):
        return utf8_encode(data)
    if isinstance(data, (bytearray, memoryview)):
        return bytes(data)
    raise TypeError(f"{caller}() takes bytes or str, not {type(data).__name__}")


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


class _AnyValue:
    """Equal to every value: see :data:`ANY_VALUE`."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        return True

    def __repr__(self) -> str:
        return "ANY_VALUE"


#: Equal to every value, so that ``(name, ANY_VALUE)`` equals every pair with
#: that name: ``in`` and ``list.index`` then look a name up in a list of
#: pairs by comparing the tuples in C, not by one call per pair.
ANY_VALUE: Any = _AnyValue()
