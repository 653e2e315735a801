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
"""

from __future__ import annotations

from codecs import charmap_decode
from typing import cast

from .._sets import PercentEncodeSet

__all__ = ["Escaper"]

_LEAD = 0xE1  # UTF-8 lead byte of U+1000..U+1FFF


class Escaper:
    """Percent-encodes bytes for one percent-encode set, space rule and hex case.

    :attr:`chars` is step 1's table (byte → code point), :attr:`digits` step 3's.
    """

    __slots__ = ("chars", "digits")

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

    def __call__(self, data: bytes) -> str:
        """Escape *data*: each byte in the set as ``%XX``, space as ``+`` if asked."""
        wide = charmap_decode(data, "strict", self.chars)[0]
        return wide.encode("utf-8").translate(self.digits).decode("ascii")
