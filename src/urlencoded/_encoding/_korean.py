"""EUC-KR: its encoder's handler and its decoder.

https://encoding.spec.whatwg.org/#legacy-multi-byte-korean-encodings:
https://encoding.spec.whatwg.org/#euc-kr (the
https://encoding.spec.whatwg.org/#euc-kr-encoder and
https://encoding.spec.whatwg.org/#euc-kr-decoder).
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


# https://encoding.spec.whatwg.org/#euc-kr-encoder
def _euc_kr_handler(euc_kr: dict[int, int]) -> Callable[[int], bytes | None]:
    """The encoder's handler for one non-ASCII code point, over index ``euc_kr``."""
    pointers = _first_pointers(euc_kr)

    def handler(code_point: int) -> bytes | None:
        pointer = pointers.get(code_point)
        if pointer is None:
            return None
        return bytes([pointer // 190 + 0x81, pointer % 190 + 0x41])

    return handler


# https://encoding.spec.whatwg.org/#euc-kr-decoder
def _decode_euc_kr_slow(data: bytes, sink: _Sink) -> None:
    index = _index_table("euc_kr")

    def pair(lead: int, byte: int) -> str | None:
        # Step 3.
        if not 0x41 <= byte <= 0xFE:
            return None
        return _mapped(index, (lead - 0x81) * 190 + (byte - 0x41))

    _decode_double_byte(data, sink, _ascii, lambda byte: 0x81 <= byte <= 0xFE, pair)
