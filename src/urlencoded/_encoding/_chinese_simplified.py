"""gb18030 and GBK: their encoders' handler and their decoder.

The legacy multi-byte Chinese (simplified) encodings:
https://encoding.spec.whatwg.org/#gb18030 (the
https://encoding.spec.whatwg.org/#gb18030-encoder and
https://encoding.spec.whatwg.org/#gb18030-decoder) and
https://encoding.spec.whatwg.org/#gbk (the
https://encoding.spec.whatwg.org/#gbk-encoder and the
https://encoding.spec.whatwg.org/#gbk-decoder, which is gb18030's).
"""

from __future__ import annotations

import codecs
from typing import Callable

from ._coders import (
    _INCOMPLETE,
    _Sink,
)
from ._indexes import (
    _UNMAPPED,
    _first_pointers,
    _gb18030_ranges_code_point,
    _index_table,
)

# https://encoding.spec.whatwg.org/#gb18030-encoder (Step 5's table)
_GB18030_PUA: dict[int, bytes] = {
    0xE78D: b"\xa6\xd9", 0xE78E: b"\xa6\xda", 0xE78F: b"\xa6\xdb", 0xE790: b"\xa6\xdc",
    0xE791: b"\xa6\xdd", 0xE792: b"\xa6\xde", 0xE793: b"\xa6\xdf", 0xE794: b"\xa6\xec",
    0xE795: b"\xa6\xed", 0xE796: b"\xa6\xf3", 0xE81E: b"\xfe\x59", 0xE826: b"\xfe\x61",
    0xE82B: b"\xfe\x66", 0xE82C: b"\xfe\x67", 0xE832: b"\xfe\x6d", 0xE843: b"\xfe\x7e",
    0xE854: b"\xfe\x90", 0xE864: b"\xfe\xa0",
}  # fmt: skip


# https://encoding.spec.whatwg.org/#gb18030-encoder
def _gb18030_handler(gb18030: dict[int, int], is_gbk: bool) -> Callable[[int], bytes | None]:
    """The gb18030 (GBK) encoder's handler for one non-ASCII code point, over index ``gb18030``."""
    pointers = _first_pointers(gb18030)
    four_byte = codecs.getencoder("gb18030")

    def handler(code_point: int) -> bytes | None:
        # Step 3.
        if code_point == 0xE5E5:
            return None
        # Step 4.
        if is_gbk and code_point == 0x20AC:
            return b"\x80"
        # Step 5.
        if code_point in _GB18030_PUA:
            return _GB18030_PUA[code_point]
        # Steps 6-7.
        pointer = pointers.get(code_point)
        if pointer is not None:
            leading, trailing = divmod(pointer, 190)
            offset = 0x40 if trailing < 0x3F else 0x41
            return bytes([leading + 0x81, trailing + offset])
        # Step 8.
        if is_gbk:
            return None
        # Steps 9-17: index gb18030 ranges pointer. Step 1 of that algorithm
        # (U+E7C7 -> 7457) is where the codec differs; otherwise it follows the ranges.
        if code_point == 0xE7C7:
            return b"\x81\x35\xf4\x37"
        return four_byte(chr(code_point), "strict")[0]

    return handler


# https://encoding.spec.whatwg.org/#gb18030-decoder
def _decode_gb18030_slow(data: bytes, sink: _Sink) -> None:
    index = _index_table("gb18030")
    parts = sink.parts
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        # Steps 6-9.
        if byte <= 0x7F:
            parts.append(chr(byte))
            i += 1
            continue
        if byte == 0x80:
            parts.append("\u20ac")
            i += 1
            continue
        if byte == 0xFF:
            sink.error(i, i + 1)
            i += 1
            continue
        # gb18030 first is set.
        if i + 1 == n:
            sink.error(i, n, _INCOMPLETE)  # Step 2
            return
        second = data[i + 1]
        if 0x30 <= second <= 0x39:
            # Step 5.1: gb18030 second is set.
            if i + 2 == n:
                sink.error(i, n, _INCOMPLETE)
                return
            third = data[i + 2]
            if not 0x81 <= third <= 0xFE:
                # Step 4.2: restore « second, byte ».
                sink.error(i, i + 1)
                i += 1
                continue
            if i + 3 == n:
                sink.error(i, n, _INCOMPLETE)
                return
            fourth = data[i + 3]
            if not 0x30 <= fourth <= 0x39:
                # Step 3.1: restore « second, third, byte ».
                sink.error(i, i + 1)
                i += 1
                continue
            # Steps 3.2-3.5.
            code_point = _gb18030_ranges_code_point(
                (byte - 0x81) * (10 * 126 * 10)
                + (second - 0x30) * (10 * 126)
                + (third - 0x81) * 10
                + fourth
                - 0x30
            )
            if code_point is None:
                sink.error(i, i + 4)
            else:
                parts.append(chr(code_point))
            i += 4
            continue
        # Steps 5.2-5.10: a two-byte sequence.
        char = _UNMAPPED
        offset = 0x40 if second < 0x7F else 0x41
        if 0x40 <= second <= 0x7E or 0x80 <= second <= 0xFE:
            char = index[(byte - 0x81) * 190 + (second - offset)]
        if char != _UNMAPPED:
            parts.append(char)
            i += 2
        elif second <= 0x7F:
            sink.error(i, i + 1)
            i += 1
        else:
            sink.error(i, i + 2)
            i += 2
