"""Percent-encoding and percent-decoding.

https://url.spec.whatwg.org/#percent-encoded-bytes

The spec describes these algorithms one byte at a time. Here the per-byte
work happens inside C-level primitives: decoding splits the input into runs
of well-formed ``%XX`` escapes with one regular expression and turns each run
into bytes with ``binascii.unhexlify``; encoding writes each encoded byte's
output through 256-entry tables (``codecs.charmap_decode``, or three
``bytes.translate`` planes interleaved). The step-by-step transcription of the spec in
``tests/reference.py`` and the hypothesis properties in ``tests/`` prove that
both give the spec's output for any input.
"""

from __future__ import annotations

import re
from binascii import a2b_qp, unhexlify
from codecs import charmap_decode
from functools import cache, lru_cache
from itertools import repeat
from typing import NamedTuple, Union, cast

from .._encoding import (
    Encoding,
    encode_or_fail,
    encode_with_references,
    get_encoding,
    get_output_encoding,
)
from ._infra import to_usv_string
from ._sets import URLENCODED_PERCENT_ENCODE_SET, PercentEncodeSet

__all__ = [
    "percent_decode",
    "percent_decode_bytes",
    "percent_encode",
    "percent_encode_after_encoding",
    "percent_encode_bytes",
    "utf8_percent_encode",
]

BytesLike = Union[bytes, bytearray, memoryview]

_ESCAPE_RUNS = re.compile(rb"((?:%[0-9A-Fa-f]{2})+)")


def percent_encode(byte: int) -> str:
    """Percent-encode a byte: ``%`` and two upper-case hex digits.

    https://url.spec.whatwg.org/#percent-encode

    :param byte: an int from 0 to 255.
    :raises TypeError: if *byte* is not an int.
    :raises ValueError: if *byte* is out of range.

    >>> percent_encode(0x23), percent_encode(0x7F)
    ('%23', '%7F')

    .. versionadded:: 1.0
    """
    if not isinstance(byte, int) or isinstance(byte, bool):
        raise TypeError(f"percent_encode() takes an int byte value, not {type(byte).__name__}")
    if not 0 <= byte <= 0xFF:
        raise ValueError(f"a byte is 0 to 255, got {byte!r}")
    return f"%{byte:02X}"


# Quoted-printable decoding (binascii.a2b_qp) is percent-decoding with "=" for
# "%", in one C loop: "=XX" becomes the byte, any other "=" stays. It differs
# only on "==", a trailing "=" and "=" before CR or LF, so the fast paths below
# exclude CR and LF and then check that every "%" consumed exactly two bytes,
# which none of those cases does; counts of the bytes that were swapped in and
# out prove no decoded byte was mistaken for one of them.
_SWAP_PERCENT_EQUALS = bytes.maketrans(b"%=", b"=%")
_PERCENT_TO_EQUALS = bytes.maketrans(b"%", b"=")


def percent_decode_bytes(data: bytes) -> bytes:
    """Percent-decode a byte sequence (no type checks; the hot path).

    https://url.spec.whatwg.org/#percent-decode

    A ``%`` not followed by two ASCII hex digits is kept as it is.

    >>> percent_decode_bytes(b"%25%s%1G")
    b'%%s%1G'
    """
    if b"%" not in data:
        return data
    if b"\n" not in data and b"\r" not in data:
        decoded = a2b_qp(data.translate(_SWAP_PERCENT_EQUALS))
        if len(data) - len(decoded) == 2 * data.count(b"%") and decoded.count(b"%") == data.count(
            b"="
        ):
            # Every "%" was an escape, and every "%" left stands for a literal "=".
            return decoded.translate(_PERCENT_TO_EQUALS)
    # When every "%" starts a valid escape, "%XX" is exactly Python's "\xXX":
    # with literal backslashes doubled, the unicode_escape codec decodes it.
    try:
        escaped = data.replace(b"\\", b"\\\\").replace(b"%", b"\\x")
        return escaped.decode("unicode_escape").encode("latin-1")
    except UnicodeDecodeError:
        pass  # some "%" is not followed by two hex digits; it stays as it is
    parts = _ESCAPE_RUNS.split(data)
    # parts alternates: literal, run of escapes, literal, ..., literal.
    parts[1::2] = map(unhexlify, map(bytes.replace, parts[1::2], repeat(b"%"), repeat(b"")))
    return b"".join(parts)


def percent_decode(data: BytesLike | str) -> bytes:
    """Percent-decode a byte sequence, or a string after UTF-8 encoding it.

    https://url.spec.whatwg.org/#percent-decode (bytes) and
    https://url.spec.whatwg.org/#string-percent-decode (str).

    Invalid sequences pass through unchanged. A str is converted to a scalar
    value string first (each surrogate becomes U+FFFD).

    :param data: bytes, bytearray, memoryview or str.
    :returns: the decoded bytes.
    :raises TypeError: for any other type.

    >>> percent_decode(b"%25%s%1G")
    b'%%s%1G'
    >>> percent_decode("‽%25%2E")
    b'\\xe2\\x80\\xbd%.'

    .. versionadded:: 1.0
    """
    if isinstance(data, str):
        # https://url.spec.whatwg.org/#string-percent-decode
        # Step 1: UTF-8 encode. Step 2: percent-decode the bytes.
        return percent_decode_bytes(utf8_encode(data))
    if isinstance(data, (bytes, bytearray, memoryview)):
        return percent_decode_bytes(bytes(data))
    raise TypeError(f"percent_decode() takes bytes or str, not {type(data).__name__}")


def utf8_encode(text: str) -> bytes:
    """UTF-8 encode *text* as a scalar value string (surrogates become U+FFFD).

    https://encoding.spec.whatwg.org/#utf-8-encode
    """
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return to_usv_string(text).encode("utf-8")


def percent_encode_bytes(
    data: bytes, percent_encode_set: PercentEncodeSet, *, space_as_plus: bool | None = None
) -> str:
    """Percent-encode each byte of *data* that, as a code point, is in the set.

    This is step 7.3 of "percent-encode after encoding" on its own, for
    byte strings that are already encoded (binary tokens); space becomes
    ``+`` when *space_as_plus* is true (default: when the set is the
    application/x-www-form-urlencoded set).

    :raises TypeError: if *data* is not bytes, bytearray or memoryview, the
        set is not a :class:`PercentEncodeSet`, or *space_as_plus* is not a
        bool or ``None``.

    >>> percent_encode_bytes(b"\\x12\\x34 V", URLENCODED_PERCENT_ENCODE_SET)
    '%124+V'
    >>> percent_encode_bytes(b"a b", URLENCODED_PERCENT_ENCODE_SET, space_as_plus=False)
    'a%20b'

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       The *space_as_plus* keyword.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"percent_encode_bytes() takes bytes, not {type(data).__name__}")
    if not isinstance(percent_encode_set, PercentEncodeSet):
        kind = type(percent_encode_set).__name__
        raise TypeError(f"percent_encode_set must be a PercentEncodeSet, not {kind}")
    plus = _space_as_plus(percent_encode_set, space_as_plus, "percent_encode_bytes")
    return _escape_encoded(bytes(data), percent_encode_set, plus)


# Inputs up to this many bytes are escaped with charmap_decode, longer ones in planes.
_SHORT = 64
# The filler byte of the planes: never an output byte, which are all ASCII.
_FILLER = b"\xff"


class _Escapes(NamedTuple):
    """Step 7.3's output for each byte value, as a table and as three planes.

    ``table[b]`` is the output for byte ``b``: the byte itself (as a code point)
    or ``%XX``. ``planes[i][b]`` is its character ``i``, or :data:`_FILLER` where
    it has fewer. ``references`` says whether the set holds "&", "#" and ";",
    so that an error's ``%26%23N%3B`` is the escape of ``b"&#N;"``.
    """

    table: list[str]
    planes: tuple[bytes, bytes, bytes]
    references: bool


def _escapes_for(table: list[str]) -> _Escapes:
    planes = tuple(
        bytes(ord(out[i]) if i < len(out) else _FILLER[0] for out in table) for i in range(3)
    )
    references = table[0x26] != "&" and table[0x23] != "#" and table[0x3B] != ";"
    return _Escapes(table, cast("tuple[bytes, bytes, bytes]", planes), references)


@lru_cache(maxsize=64)
def _escapes(percent_encode_set: PercentEncodeSet, space_as_plus: bool) -> _Escapes:
    """The :class:`_Escapes` of a set, with 0x20 as "+" when *space_as_plus*."""
    return _escapes_for(percent_encode_set.byte_table(space_as_plus))


@cache
def _serializer_escapes() -> _Escapes:
    """The urlencoded set's escapes (space as "+"), with 0x01 written "&" and 0x02 "=".

    For the one-pass serializers (UTF-8 and legacy), whose stand-ins for "&"
    and "=" are the only sources of those two bytes.
    """
    table = list(URLENCODED_PERCENT_ENCODE_SET.byte_table(True))
    table[0x01], table[0x02] = "&", "="
    return _escapes_for(table)


def _escape_encoded(data: bytes, percent_encode_set: PercentEncodeSet, space_as_plus: bool) -> str:
    """Step 7.3 of percent-encode after encoding, for a run of encoder output."""
    return _escape_bytes(data, _escapes(percent_encode_set, space_as_plus))


def _escape_bytes(data: bytes, escapes: _Escapes) -> str:
    """Each byte of *data* replaced by its output in *escapes*.

    A short input goes through ``codecs.charmap_decode``, a per-byte table
    lookup. A longer one is written in three planes: ``bytes.translate`` gives
    each byte's first, second and third output character (the filler where
    a kept byte has none), the planes are interleaved into one buffer by
    extended-slice assignment, and deleting the filler leaves the output.
    Every step is a C loop with no per-byte object, several times as fast as
    the lookup once the input is longer than a few dozen bytes.
    """
    if len(data) <= _SHORT:
        # The stubs admit only one-character maps; CPython takes any sequence of str.
        return charmap_decode(data, "strict", cast("dict[int, int]", escapes.table))[0]
    first, second, third = escapes.planes
    out = bytearray(3 * len(data))
    out[0::3] = data.translate(first)
    out[1::3] = data.translate(second)
    out[2::3] = data.translate(third)
    return out.translate(None, _FILLER).decode("ascii")


def _encode_after_encoding(
    encoding: Encoding, text: str, percent_encode_set: PercentEncodeSet, space_as_plus: bool
) -> str:
    """Steps 3-8 of percent-encode after encoding, for a scalar value string."""
    escapes = _escapes(percent_encode_set, space_as_plus)
    if encoding.name == "UTF-8":
        # UTF-8 encodes every scalar value: one run, no errors.
        return _escape_bytes(text.encode("utf-8"), escapes)
    if escapes.references:
        # The set escapes "&", "#" and ";", so an error written as b"&#N;" among the
        # bytes comes out as step 7.4's "%26%23N%3B": one escape pass over all of it.
        return _escape_bytes(encode_with_references(encoding, text), escapes)
    output: list[str] = []
    # Step 7: each item is a run of encoder output bytes or an error's code point;
    # the encoder (and ISO-2022-JP's state) is one for the whole input.
    for item in encode_or_fail(encoding, text):
        if isinstance(item, int):
            # Step 7.4: "%26%23", the code point in decimal, "%3B", whatever the set.
            output.append(f"%26%23{item}%3B")
        else:
            output.append(_escape_bytes(item, escapes))
    return "".join(output)


def _check_text_and_set(text: object, percent_encode_set: object, caller: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"{caller}() takes the input as str, not {type(text).__name__}")
    if not isinstance(percent_encode_set, PercentEncodeSet):
        raise TypeError(
            f"{caller}() takes a PercentEncodeSet, not {type(percent_encode_set).__name__}"
        )


def _space_as_plus(percent_encode_set: PercentEncodeSet, flag: object, caller: str) -> bool:
    """The spaceAsPlus argument; left out, it is true for the urlencoded set only."""
    if flag is None:
        return percent_encode_set == URLENCODED_PERCENT_ENCODE_SET
    if not isinstance(flag, bool):
        kind = type(flag).__name__
        raise TypeError(f"{caller}() takes space_as_plus as a bool or None, not {kind}")
    return flag


def percent_encode_after_encoding(
    encoding: str | Encoding,
    text: str,
    percent_encode_set: PercentEncodeSet,
    *,
    space_as_plus: bool | None = None,
) -> str:
    """Encode *text* with *encoding*, then percent-encode the bytes in the set.

    https://url.spec.whatwg.org/#string-percent-encode-after-encoding

    Space becomes ``+`` exactly when *space_as_plus* is true (step 7.3.1,
    spaceAsPlus); left out, it is true when *percent_encode_set* is
    :data:`URLENCODED_PERCENT_ENCODE_SET` and false otherwise. A code point
    the encoding cannot represent becomes ``%26%23``, its decimal value and
    ``%3B`` (an HTML numeric character reference, percent-encoded). The
    spec asserts that a non-UTF-8 encoding is used only with the
    special-query or urlencoded set; this function accepts any set and
    applies the same rule, since every set holds all non-ASCII code points.
    Surrogates in *text* become U+FFFD first (USVString conversion).

    :param encoding: an encoding label or :class:`Encoding`.
    :param text: the string to encode.
    :param percent_encode_set: one of the ``*_PERCENT_ENCODE_SET`` values or a derived set.
    :param space_as_plus: write space as ``+`` (``None``: only for the urlencoded set).
    :returns: an ASCII string.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    :raises TypeError: for arguments of the wrong type.
    :raises ValueError: for replacement, UTF-16BE and UTF-16LE, which have no
        encoder: step 3 "gets an encoder", and the Encoding Standard asserts
        (https://encoding.spec.whatwg.org/#get-an-encoder) that it is never
        asked for one of theirs. Callers pass the encoding's output encoding
        (:func:`get_output_encoding`, UTF-8 for all three), as the URL
        parser and form submission do; this function does not switch
        encodings behind the caller's back.

    >>> percent_encode_after_encoding("UTF-8", "1+1 ≡ 2", URLENCODED_PERCENT_ENCODE_SET)
    '1%2B1+%E2%89%A1+2'
    >>> from urlencoded import COMPONENT_PERCENT_ENCODE_SET as COMPONENT
    >>> percent_encode_after_encoding("UTF-8", "a b", COMPONENT, space_as_plus=True)
    'a+b'

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       The *space_as_plus* keyword; the :class:`ValueError` for an encoding
       without an encoder names its output encoding.
    """
    resolved = get_encoding(encoding)
    _check_text_and_set(text, percent_encode_set, "percent_encode_after_encoding")
    plus = _space_as_plus(percent_encode_set, space_as_plus, "percent_encode_after_encoding")
    output = get_output_encoding(resolved)
    if output is not resolved:
        raise ValueError(
            f"percent_encode_after_encoding(): {resolved.name} has no encoder (the Encoding "
            "Standard asserts that none is ever asked of replacement, UTF-16BE or UTF-16LE); "
            f"pass its output encoding, get_output_encoding({resolved.name!r}), "
            f"which is {output.name}"
        )
    return _encode_after_encoding(resolved, to_usv_string(text), percent_encode_set, plus)


def utf8_percent_encode(
    text: str, percent_encode_set: PercentEncodeSet, *, space_as_plus: bool | None = None
) -> str:
    """UTF-8 percent-encode *text* using *percent_encode_set*.

    https://url.spec.whatwg.org/#string-utf-8-percent-encode

    Space becomes ``+`` when *space_as_plus* is true; left out, as in
    :func:`percent_encode_after_encoding`.

    :raises TypeError: if *text* is not a str, the set is not a
        :class:`PercentEncodeSet`, or *space_as_plus* is not a bool or ``None``.

    >>> from urlencoded import USERINFO_PERCENT_ENCODE_SET
    >>> utf8_percent_encode("Say what‽", USERINFO_PERCENT_ENCODE_SET)
    'Say%20what%E2%80%BD'

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       The *space_as_plus* keyword.
    """
    _check_text_and_set(text, percent_encode_set, "utf8_percent_encode")
    plus = _space_as_plus(percent_encode_set, space_as_plus, "utf8_percent_encode")
    return _escape_encoded(to_usv_string(text).encode("utf-8"), percent_encode_set, plus)
