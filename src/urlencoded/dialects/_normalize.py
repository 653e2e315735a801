"""Percent-encoding normalization: one spelling for text that means the same.

https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1 (case) and
https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.2 (percent-encoding),
with RFC 2396 §2.4.2's rule that a string is never escaped or unescaped twice.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import overload

from .._core import BytesLike
from ._dialect import Dialect
from ._named import RFC3986, UNRESERVED

__all__ = ["normalize"]

_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
_ESCAPE_OR_CODE_UNIT = re.compile(r"%(?:([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4}))")
# A "%" that starts no escape, with what follows it so far: a character
# appended here could complete an escape that the input did not hold.
_PENDING = re.compile(r"%[0-9A-Fa-f]?\Z")
_PENDING_CODE_UNIT = re.compile(r"%(?:[0-9A-Fa-f]?|u[0-9A-Fa-f]{0,3})\Z")
_HEX = frozenset("0123456789ABCDEFabcdef")


@lru_cache(maxsize=64)
def _decodable(dialect: Dialect) -> frozenset[str]:
    """The characters whose escapes normalization decodes in *dialect*.

    RFC 3986's unreserved characters that the dialect never escapes, less
    those whose escapes its decoding keeps (``decodeURI``'s).
    """
    return frozenset(UNRESERVED).intersection(dialect.kept).difference(dialect.decode_keeps)


@overload
def normalize(text: str, *, dialect: Dialect = RFC3986) -> str: ...
@overload
def normalize(text: BytesLike, *, dialect: Dialect = RFC3986) -> bytes: ...
def normalize(text: str | BytesLike, *, dialect: Dialect = RFC3986) -> str | bytes:
    """Normalize the percent-encoding of *text*: upper-case hex, unreserved escapes decoded.

    https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1 and
    https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.2

    Every ``%XX`` escape gets upper-case hex digits (``%2f`` becomes
    ``%2F``), and an escape of a character that is unreserved in RFC 3986
    and that *dialect* never escapes is decoded (``%7E`` becomes ``~`` in
    :data:`~urlencoded.dialects.RFC3986`; it stays ``%7E`` in
    :data:`~urlencoded.dialects.WHATWG_FORM`, which escapes ``~``).
    Reserved characters' escapes (``%2F``, ``%26``, ``%2B``) and escapes of
    non-ASCII bytes stay escaped, since decoding them could change what the
    text means; nothing is ever escaped, a ``%`` that starts no escape stays
    as it is, and no escape is decoded where its character would make a new
    escape with a ``%`` before it (RFC 2396 §2.4.2: never unescape twice).
    So ``dialect.decode(normalize(text)) == dialect.decode(text)``, and
    normalizing twice changes nothing. The one exception to upper-casing:
    escapes that the dialect's decoding keeps as written
    (:data:`~urlencoded.dialects.JS_URI`'s reserved ones, as ``decodeURI``
    returns ``%3a`` as ``%3a``) stay exactly as they are.

    This is percent-encoding normalization only: it does not lower-case a
    scheme or host, remove dot segments or drop a default port, which need
    a URL parser. For a dialect with ``%uXXXX`` escapes
    (:data:`~urlencoded.dialects.JS_ESCAPE`) those are normalized too.

    :param text: a str, or bytes (also bytearray, memoryview; bytes above
        0x7F pass through).
    :param dialect: the :class:`~urlencoded.dialects.Dialect` the text is in.
    :returns: the normalized text, of the type given (bytes for any bytes-like).
    :raises TypeError: if *text* is not str or bytes-like, or *dialect* not a
        :class:`~urlencoded.dialects.Dialect`.

    >>> from urlencoded import normalize
    >>> normalize("%7euser/a%2fb%3F%c3%a9%41%25%zz")
    '~user/a%2Fb%3F%C3%A9A%25%zz'
    >>> normalize(b"%7e%2b")
    b'~%2B'

    .. versionadded:: 1.1
    """
    if not isinstance(dialect, Dialect):
        raise TypeError(f"dialect must be a Dialect, not {type(dialect).__name__}")
    if isinstance(text, str):
        return _normalize(text, dialect) if "%" in text else str(text)
    if isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
        if b"%" not in data:
            return data
        return _normalize(data.decode("latin-1"), dialect).encode("latin-1")
    raise TypeError(f"normalize() takes str or bytes, not {type(text).__name__}")


def _normalize(text: str, dialect: Dialect) -> str:
    decodable = _decodable(dialect)
    code_units = dialect.percent_u
    escapes = _ESCAPE_OR_CODE_UNIT if code_units else _ESCAPE
    out: list[str] = []
    tail = ""  # the last few characters written, for the pending-"%" check
    position = 0
    for match in escapes.finditer(text):
        literal = text[position : match.start()]
        byte = match.group(1)
        unit = match.group(2) if code_units else None
        code = int(byte or unit or "", 16)
        char = chr(code)
        if char in decodable and not _extends_pending(tail + literal, char, code_units):
            piece = literal + char
        elif byte and char in dialect.decode_keeps:
            # Its decoding keeps this escape as written, case included.
            piece = literal + match.group()
        else:
            # RFC 3986 §6.2.2.1: upper-case hex digits (the "u" stays as JavaScript writes it).
            piece = literal + (f"%{code:02X}" if byte else f"%u{code:04X}")
        out.append(piece)
        tail = (tail + piece)[-6:]
        position = match.end()
    out.append(text[position:])
    return "".join(out)


def _extends_pending(written: str, char: str, code_units: bool) -> bool:
    """Whether *char*, written after *written*, would continue a "%" into an escape."""
    pending = _PENDING_CODE_UNIT if code_units else _PENDING
    if pending.search(written[-6:]) is None:
        return False
    return char in _HEX or (code_units and char == "u" and written.endswith("%"))
