"""The single-byte encodings and x-user-defined, over corrected 256-character tables.

https://encoding.spec.whatwg.org/#legacy-single-byte-encodings: the
https://encoding.spec.whatwg.org/#single-byte-encoder and
https://encoding.spec.whatwg.org/#single-byte-decoder; and
https://encoding.spec.whatwg.org/#x-user-defined, whose encoder and decoder are
the same kind of table.
"""

from __future__ import annotations

import codecs
from typing import Any, Callable

from ._coders import (
    _Sink,
    _StatelessEncoder,
)


# https://encoding.spec.whatwg.org/#single-byte-encoder and
# https://encoding.spec.whatwg.org/#x-user-defined-encoder
class _CharmapEncoder(_StatelessEncoder):
    """A single-byte encoder over a corrected table: no special code points."""

    def __init__(self, table: str) -> None:
        mapping = codecs.charmap_build(table)

        def encode(text: str, errors: str) -> bytes:
            return codecs.charmap_encode(text, errors, mapping)[0]

        # The table marks a byte the index lacks with U+FFFE, as the stdlib's
        # decoding tables do. CPython's charmap_build leaves U+FFFE out; PyPy's
        # maps it to that byte. Where this interpreter's map encodes U+FFFE,
        # it is a special code point that the encoder refuses.
        special: dict[str, bytes | None] = {}
        try:
            encode(_UNDEFINED, "strict")
        except UnicodeEncodeError:
            pass
        else:
            special[_UNDEFINED] = None
        super().__init__(encode, special)


# What a decoding table holds for a byte without a code point.
_UNDEFINED = "\ufffe"


def _x_user_defined_table() -> str:
    # https://encoding.spec.whatwg.org/#x-user-defined-decoder: 0x80-0xFF <-> U+F780-U+F7FF.
    return "".join(map(chr, range(0x80))) + "".join(
        chr(0xF780 + b - 0x80) for b in range(0x80, 0x100)
    )


def _charmap_decoder(table: str) -> Callable[[bytes, _Sink], None]:
    # https://encoding.spec.whatwg.org/#single-byte-decoder over a corrected table.
    # (charmap_decode takes a 256-character str as its table, as the stdlib's own
    # single-byte codecs do; typeshed only lists the dict and EncodingMap forms.)
    mapping: Any = table

    def run(data: bytes, sink: _Sink) -> None:
        try:
            sink.parts.append(codecs.charmap_decode(data, "strict", mapping)[0])
        except UnicodeDecodeError as error:
            if sink.fatal:
                sink.error(error.start, error.start + 1, "byte not in the index")
            sink.parts.append(codecs.charmap_decode(data, "replace", mapping)[0])

    return run
