"""Step 7.3 of "percent-encode after encoding" for one dialect, fast.

https://url.spec.whatwg.org/#string-percent-encode-after-encoding

The spec escapes one byte at a time. A Python loop over bytes (what
``urllib.parse.quote`` runs) costs tens of nanoseconds a byte, so each
:class:`Escaper` picks C-level primitives instead:

* ``binascii.b2a_qp``, quoted-printable encoding, which is
  percent-encoding with ``=`` for ``%`` in one C loop: it escapes every byte
  that is not printable ASCII, and ``=``, as ``=XX`` with upper-case hex. The
  few printable characters the dialect escapes too are then replaced one
  ``bytes.replace`` each (only those present), ``=`` becomes ``%``, and the
  quoted-printable extras are undone: soft line breaks (``=`` before a line
  break; a literal line break is always escaped, so every one is soft), and
  a ``.`` it escapes at the start of a line.
* for short inputs, where many different printable characters are to be
  escaped, or where the quoted-printable path would not be exact, ``str.translate`` with a
  256-entry table (byte → output).

The quoted-printable path is used only where it is exact: upper-case hex, no
hex digit among the printable characters to escape (a replacement would hit
the digits of an escape), and not both ``%`` and ``=`` kept.
``tests/test_dialects.py`` checks every dialect against the byte-by-byte
transcription.
"""

from __future__ import annotations

from binascii import b2a_qp

from .._sets import PercentEncodeSet

__all__ = ["Escaper"]

_PRINTABLE = range(0x21, 0x7F)
_EQUALS_TO_PERCENT = bytes.maketrans(b"=", b"%")
# Below this many bytes, or with more distinct printable characters to escape
# than _MANY, the fixed cost of the quoted-printable path outweighs its speed.
_SHORT = 64
_MANY = 8


class Escaper:
    """Percent-encodes bytes for one percent-encode set, space rule and hex case."""

    __slots__ = ("_dot", "_equals", "_plus", "_printables", "_qp", "_table")

    def __init__(
        self, percent_encode_set: PercentEncodeSet, space_as_plus: bool, lowercase: bool
    ) -> None:
        kept = bytes(byte for byte in range(0x80) if byte not in percent_encode_set)
        digits = "0123456789abcdef" if lowercase else "0123456789ABCDEF"
        table = [f"%{digits[byte >> 4]}{digits[byte & 15]}" for byte in range(256)]
        for byte in kept:
            table[byte] = chr(byte)
        if space_as_plus:
            table[0x20] = "+"
        self._table = table
        self._plus = space_as_plus
        printables = bytes(b for b in _PRINTABLE if b not in kept and b != 0x3D)
        # Everything but the printable characters to escape, for finding those present.
        self._printables = bytes(b for b in range(256) if b not in printables)
        self._equals = 0x3D in kept
        self._dot = 0x2E in kept
        self._qp = (
            not lowercase
            and not any(b in b"0123456789ABCDEF" for b in printables)
            and not (0x25 in kept and self._equals)
            and all(b in _PRINTABLE for b in kept)
        )

    def __call__(self, data: bytes) -> str:
        """Escape *data*: each byte in the set as ``%XX``, space as ``+`` if asked."""
        if len(data) < _SHORT or not self._qp:
            return data.decode("latin-1").translate(self._table)
        # The printable characters to escape that *data* holds, each once.
        printables = set(data.translate(None, self._printables))
        if len(printables) > _MANY:
            return data.decode("latin-1").translate(self._table)
        out = b2a_qp(data, True, False, False)
        if b"\n" in out:
            # Soft line breaks, "=\r\n" when the input holds CR LF, else "=\n".
            out = out.replace(b"=\r\n", b"").replace(b"=\n", b"")
        for byte in printables:
            out = out.replace(bytes((byte,)), b"=%02X" % byte)
        if self._dot and b"=2E" in out:
            out = out.replace(b"=2E", b".")
        if self._plus:
            out = out.replace(b"=20", b"+")
        out = out.translate(_EQUALS_TO_PERCENT)
        if self._equals:
            out = out.replace(b"%3D", b"=")
        return out.decode("ascii")
