"""A dialect's ``encode``, fast for the common call: a str in UTF-8.

https://url.spec.whatwg.org/#string-percent-encode-after-encoding

The escaping itself, step 7.3, is the package's one engine,
:class:`urlencoded._core._percent.Escaper` (three C calls for any input).
A loop over names and values spends as much time calling as escaping, so
:func:`utf8_encoder` builds a function that has the escaper's tables in its
closure and checks as little as it can before it escapes.
"""

from __future__ import annotations

import inspect
import re
from codecs import charmap_decode
from functools import lru_cache
from typing import TYPE_CHECKING, Callable

from .._core import (
    ascii_as_is,
    encode_after_encoding,
    join_pairs,
    output_encoding,
    serialize_pairs,
)
from .._encoding import UTF_8

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .._core import Escaper
    from .._encoding import Encoding
    from ._dialect import Value

__all__ = [
    "escape_code_units",
    "escaping_triplets",
    "keep_triplets",
    "serialize_escaping",
    "utf8_encoder",
    "utf8_whole",
]

# Runs of code points above U+00FF (a str pattern: lone surrogates included).
_BEYOND_LATIN_1 = re.compile("([\u0100-\U0010ffff]+)")
_HEX_DIGITS = b"0123456789ABCDEFabcdef"
# A "%" that does not start a triplet: "%" and two hex digits.
_LONE_PERCENT = re.compile("%(?![0-9A-Fa-f]{2})")


def _code_unit_escapes(run: str) -> str:
    """``%uXXXX`` for each UTF-16 code unit of *run* (a surrogate pair is two)."""
    units = run.encode("utf-16-be", "surrogatepass").hex(":", 2).upper()
    return "%u" + units.replace(":", "%u")


def escape_code_units(escapes: Escaper, text: str) -> str:
    """JavaScript's escape (https://tc39.es/ecma262/#sec-escape-string) with the set,
    space rule and hex case of *escapes*: a code unit below U+0100 as *escapes*
    writes that byte (kept, ``+`` or ``%XX``), any other as ``%uXXXX``.

    Text of code points up to U+00FF is its Latin-1 bytes escaped in one pass;
    other text alternates such runs with runs of ``%uXXXX``.
    """
    try:
        data = text.encode("latin-1")
    except UnicodeEncodeError:
        parts = _BEYOND_LATIN_1.split(text)
        escape = escapes.escape
        parts[0::2] = [escape(part.encode("latin-1")) for part in parts[0::2]]
        parts[1::2] = map(_code_unit_escapes, parts[1::2])
        return "".join(parts)
    return escapes.escape(data)


@lru_cache(maxsize=64)
def escaping_triplets(escapes: Escaper) -> Escaper | None:
    """*escapes*, but writing "%" as it is, for :func:`keep_triplets`; None where
    the set escapes a hex digit (then a kept "%" may not be told from an escape)."""
    if not all(byte in escapes.kept for byte in _HEX_DIGITS):
        return None
    return escapes.writing(((0x25, "%"),))


def keep_triplets(written: str, data: bytes, escapes: Escaper) -> str:
    """*written*, *data* escaped with "%" written as it is, with each "%" that does not
    start a triplet written ``%25`` (unless *escapes* keeps "%").

    https://www.rfc-editor.org/rfc/rfc6570#section-3.2.1: a "%" and two hex
    digits is copied, any other "%" escaped. The set keeps hex digits, and an
    escape is "%" and two hex digits: a "%" of *data* is followed by two hex
    digits in *written* exactly where it was in *data*.
    """
    if 0x25 in escapes.kept or b"%" not in data:
        return written
    return _LONE_PERCENT.sub("%25", written)


_NOTHING = object()
# What str.isidentifier() admits of ASCII.
_WORD = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"


# Stand-ins for "&" and "=" while the pairs are escaped at once, as in the
# URL Standard's one-pass serializer (_core/_bulk_serializer.py).
_STAND_INS = ((0x01, "&"), (0x02, "="))


def serialize_escaping(
    items: Sequence[object], escapes: Escaper, keep_escapes: bool, percent_u: bool
) -> str | None:
    """The UTF-8 serialization, in one pass, of str pairs in a dialect that keeps
    triplets or writes ``%u`` escapes (not both), or None: then pair by pair.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer with the
    dialect's encode: the pairs joined with stand-ins that no name or value
    holds, U+0001 and U+0002, escaped as :func:`escape_code_units` or
    :func:`keep_triplets` escape one string, the stand-ins written "&" and
    "=". Neither rule looks past a stand-in: a triplet is three ASCII
    characters, and code units are escaped one by one.
    """
    joined = join_pairs(items, "\x02", "\x01")
    if joined is None or keep_escapes == percent_u:
        return None
    count = len(items)
    if joined.count("\x02") != count or joined.count("\x01") != count - 1:
        return None
    if percent_u:
        return escape_code_units(escapes.writing(_STAND_INS), joined)
    if escaping_triplets(escapes) is None:
        return None
    try:
        data = joined.encode()
    except UnicodeEncodeError:
        return None  # surrogates: converted, or refused by a strict dialect, pair by pair
    return keep_triplets(escapes.writing((*_STAND_INS, (0x25, "%"))).escape(data), data, escapes)


def utf8_whole(
    escaper: Escaper, keep_escapes: bool, percent_u: bool
) -> Callable[[Sequence[object]], str | None]:
    """A dialect's one-pass UTF-8 serializer: the URL Standard's, or
    :func:`serialize_escaping`, with *escaper*."""
    if keep_escapes or percent_u:
        return lambda items: serialize_escaping(items, escaper, keep_escapes, percent_u)
    return lambda items: serialize_pairs(items, UTF_8, escaper)


def utf8_encoder(
    escaper: Escaper,
    general: Callable[[Value, str | Encoding], str],
    method: Callable[..., str],
    keep_escapes: bool = False,
    percent_u: bool = False,
    strict: bool = False,
) -> Callable[..., str] | None:
    """A dialect's ``encode``, fast for a str in UTF-8, *general* for anything else.

    https://url.spec.whatwg.org/#string-percent-encode-after-encoding with
    UTF-8 as the encoding: step 7's bytes are the str's UTF-8 encoding, each
    escaped by *escaper*, with the dialect's triplets kept
    (:func:`keep_triplets`) or its code units escaped instead
    (:func:`escape_code_units`). *general* takes the rest (other encodings,
    bytes, surrogates, wrong types). The function takes the docstring and
    signature of *method*, less ``self``. None for a dialect with both rules,
    or one that keeps triplets and escapes a hex digit. Another encoding is
    step 3-8 over the escaper, unless a rule (or *strict*: a lone surrogate
    raises) needs *general*.
    """
    kept_bytes = escaper.kept
    words = all(char in kept_bytes for char in _WORD.encode("ascii"))
    chars, digits = escaper.chars, escaper.digits
    triplets = escaping_triplets(escaper) if keep_escapes else None
    if (keep_escapes and percent_u) or (keep_escapes and triplets is None):
        return None
    legacy = not (keep_escapes or percent_u or strict)

    # encoding is keyword-only in effect: a second positional argument lands in
    # extra and is refused. A real keyword-only parameter would cost every call
    # a slower frame set-up (no CPython call specialisation handles one).
    def encode(value: Value, extra: object = _NOTHING, encoding: str | Encoding = "UTF-8") -> str:
        if type(value) is str and extra is _NOTHING:
            if encoding != "UTF-8":
                if legacy:
                    # Steps 3-8 with the escaper; the encoder converts surrogates.
                    return encode_after_encoding(output_encoding(encoding), value, escaper)
                # ASCII is its own encoding, but in a %u dialect, which takes only UTF-8.
                if (
                    percent_u
                    or not value.isascii()
                    or not ascii_as_is(output_encoding(encoding), value)
                ):
                    return general(value, encoding)
            if percent_u:
                return escape_code_units(escaper, value)
            if triplets is not None:
                try:
                    data = value.encode()
                except UnicodeEncodeError:
                    return general(value, encoding)  # surrogates
                return keep_triplets(triplets.escape(data), data, escaper)
            if not value.isascii():
                try:
                    data = value.encode()  # UTF-8, whatever the locale
                except UnicodeEncodeError:
                    return general(value, encoding)  # surrogates
            elif words and value.isidentifier():
                return value  # most names: two C calls without arguments say so
            else:
                data = value.encode()
                # Many values need no escape: one C pass finds out (a table
                # lookup per byte, where rstrip looks for each byte in the set).
                if not data.translate(None, kept_bytes):
                    return value
            # Escaper.__call__, inlined.
            return charmap_decode(data, "strict", chars)[0].encode().translate(digits).decode()
        if extra is not _NOTHING:
            raise TypeError("encode() takes 1 positional argument; encoding is keyword-only")
        return general(value, encoding)

    signature = inspect.signature(method)
    encode.__doc__ = method.__doc__
    encode.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=list(signature.parameters.values())[1:]
    )
    return encode
