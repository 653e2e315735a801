"""Big5: its encoder's handler and its decoder.

The legacy multi-byte Chinese (traditional) encodings:
https://encoding.spec.whatwg.org/#big5 (the
https://encoding.spec.whatwg.org/#big5-encoder and
https://encoding.spec.whatwg.org/#big5-decoder).
"""

from __future__ import annotations

from typing import Callable

from ._coders import (
    _ascii,
    _decode_double_byte,
    _mapped,
    _Sink,
)
from ._indexes import (
    _first_pointers,
    _index_table,
)


# https://encoding.spec.whatwg.org/#big5-encoder
def _big5_handler(big5: dict[int, int]) -> Callable[[int], bytes | None]:
    """The encoder's handler for one non-ASCII code point, over index ``big5``."""
    # https://encoding.spec.whatwg.org/#index-big5-pointer
    # Step 1: leave out pointers below (0xA1 - 0x81) × 157 (HKSCS extensions).
    index = {p: cp for p, cp in big5.items() if p >= (0xA1 - 0x81) * 157}
    pointers = _first_pointers(index)
    # Step 2: these code points take their *last* pointer.
    for code_point in (0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345):
        pointers[code_point] = max(p for p, cp in index.items() if cp == code_point)

    def handler(code_point: int) -> bytes | None:
        pointer = pointers.get(code_point)
        if pointer is None:
            return None
        leading, trailing = divmod(pointer, 157)
        offset = 0x40 if trailing < 0x3F else 0x62
        return bytes([leading + 0x81, trailing + offset])

    return handler


_BIG5_TWO_CODE_POINTS = {
    1133: "\u00ca\u0304",
    1135: "\u00ca\u030c",
    1164: "\u00ea\u0304",
    1166: "\u00ea\u030c",
}


# https://encoding.spec.whatwg.org/#big5-decoder
def _decode_big5_slow(data: bytes, sink: _Sink) -> None:
    index = _index_table("big5")

    def pair(lead: int, byte: int) -> str | None:
        # Step 3.
        offset = 0x40 if byte < 0x7F else 0x62
        if not (0x40 <= byte <= 0x7E or 0xA1 <= byte <= 0xFE):
            return None
        pointer = (lead - 0x81) * 157 + (byte - offset)
        # Step 4: the pointers that give two code points.
        if pointer in _BIG5_TWO_CODE_POINTS:
            return _BIG5_TWO_CODE_POINTS[pointer]
        # Step 5.
        return _mapped(index, pointer)

    _decode_double_byte(data, sink, _ascii, lambda byte: 0x81 <= byte <= 0xFE, pair)
