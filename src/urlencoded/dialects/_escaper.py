"""Step 7.3 of "percent-encode after encoding" for one dialect, in three C calls.

https://url.spec.whatwg.org/#string-percent-encode-after-encoding

The spec escapes one byte at a time. A Python loop over bytes (what
``urllib.parse.quote`` runs), or ``str.translate`` with multi-character
outputs, costs tens of nanoseconds a byte. An :class:`Escaper` instead maps
each byte to one code point and lets UTF-8 do the widening:

1. ``codecs.charmap_decode`` with a 256-character table maps a kept byte to
   itself (or space to ``+``) and a byte to escape to U+1000 + 64 × high
   nibble + low nibble, between U+1000 and U+13CF.
2. UTF-8 encodes each of those code points as three bytes: ``E1``, then
   ``80`` + the high nibble, then ``80`` + the low nibble; kept characters are
   ASCII and stay one byte.
3. ``bytes.translate`` turns ``E1`` into ``%`` and ``80``-``8F`` into the
   hex digits, and leaves ASCII alone.

Each step is one C loop over the input whatever its shape, and the result is
exact for every percent-encode set, space rule and hex case: the bytes it
rewrites in step 3 are never ASCII. ``tests/test_dialects.py`` checks it
against the byte-by-byte transcription, for every dialect and for derived
ones.

:func:`utf8_encoder` builds a dialect's ``encode`` for the common call, a str
in UTF-8: a loop over names and values spends as much time calling as
escaping, so that function has the tables in its closure and checks as little
as it can before it escapes.
"""

from __future__ import annotations

import inspect
from codecs import charmap_decode
from typing import TYPE_CHECKING, Callable, cast

from .._core._sets import PercentEncodeSet

if TYPE_CHECKING:
    from .._encoding import Encoding
    from ._dialect import Value

__all__ = ["Escaper", "utf8_encoder"]

_LEAD = 0xE1  # UTF-8 lead byte of U+1000..U+1FFF
_NOTHING = object()
# What str.isidentifier() admits of ASCII.
_WORD = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"


class Escaper:
    """Percent-encodes bytes for one percent-encode set, space rule and hex case.

    :attr:`chars` is step 1's table (byte → code point), :attr:`digits` step 3's;
    :attr:`kept` holds the bytes that are output as they are.
    """

    __slots__ = ("chars", "digits", "kept")

    def __init__(
        self, percent_encode_set: PercentEncodeSet, space_as_plus: bool, lowercase: bool
    ) -> None:
        chars = []
        for byte in range(256):
            if space_as_plus and byte == 0x20:
                chars.append("+")
            elif byte < 0x80 and byte not in percent_encode_set:
                chars.append(chr(byte))
            else:
                chars.append(chr(0x1000 | (byte >> 4) << 6 | (byte & 15)))
        digits = bytearray(range(256))
        digits[_LEAD] = 0x25
        digits[0x80:0x90] = b"0123456789abcdef" if lowercase else b"0123456789ABCDEF"
        # The stubs admit only dict maps; CPython takes a 256-character str.
        self.chars = cast("dict[int, int]", "".join(chars))
        self.digits = bytes(digits)
        self.kept = bytes(byte for byte in range(0x80) if chars[byte] == chr(byte))

    def __call__(self, data: bytes) -> str:
        """Escape *data*: each byte in the set as ``%XX``, space as ``+`` if asked."""
        wide = charmap_decode(data, "strict", self.chars)[0]
        return wide.encode("utf-8").translate(self.digits).decode("ascii")


def utf8_encoder(
    escaper: Escaper, general: Callable[[Value, str | Encoding], str], method: Callable[..., str]
) -> Callable[..., str]:
    """A dialect's ``encode``, fast for a str in UTF-8, *general* for anything else.

    https://url.spec.whatwg.org/#string-percent-encode-after-encoding with
    UTF-8 as the encoding: step 7's bytes are the str's UTF-8 encoding, each
    escaped by *escaper*. For a dialect without keep_escapes or ``%u``, where
    this is the whole algorithm; *general* takes the rest (other encodings,
    bytes, surrogates, wrong types). The function takes the docstring and
    signature of *method*, less ``self``.
    """
    kept_bytes = escaper.kept
    words = all(char in kept_bytes for char in _WORD.encode("ascii"))
    chars, digits = escaper.chars, escaper.digits

    # encoding is keyword-only in effect: a second positional argument lands in
    # extra and is refused. A real keyword-only parameter would cost every call
    # a slower frame set-up (no CPython call specialisation handles one).
    def encode(value: Value, extra: object = _NOTHING, encoding: str | Encoding = "UTF-8") -> str:
        if encoding == "UTF-8" and type(value) is str and extra is _NOTHING:
            if not value.isascii():
                try:
                    data = value.encode()  # UTF-8, whatever the locale
                except UnicodeEncodeError:
                    return general(value, encoding)  # surrogates
            elif words and value.isidentifier():
                return value  # most names: two C calls without arguments say so
            else:
                data = value.encode()
                # Many values need no escape: one C pass finds out.
                if not data.rstrip(kept_bytes):
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
