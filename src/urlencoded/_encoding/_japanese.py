"""Shift_JIS and EUC-JP: their encoders' handlers and their decoders.

https://encoding.spec.whatwg.org/#legacy-multi-byte-japanese-encodings, less
ISO-2022-JP: https://encoding.spec.whatwg.org/#shift_jis (the
https://encoding.spec.whatwg.org/#shift_jis-encoder and
https://encoding.spec.whatwg.org/#shift_jis-decoder) and
https://encoding.spec.whatwg.org/#euc-jp (the
https://encoding.spec.whatwg.org/#euc-jp-encoder and
https://encoding.spec.whatwg.org/#euc-jp-decoder).
"""

from __future__ import annotations

from functools import cache
from typing import Callable

from ._coders import (
    _INCOMPLETE,
    _decode_double_byte,
    _FastThenSlow,
    _mapped,
    _Sink,
)
from ._indexes import (
    _UNMAPPED,
    _first_pointers,
    _index_table,
)


# https://encoding.spec.whatwg.org/#shift_jis-encoder
def _shift_jis_handler(jis0208: dict[int, int]) -> Callable[[int], bytes | None]:
    """The encoder's handler for one non-ASCII code point, over index ``jis0208``."""
    # https://encoding.spec.whatwg.org/#index-shift_jis-pointer
    # Step 1: index jis0208 excluding pointers 8272 to 8835 (NEC-selected IBM
    # extensions duplicated later in the index).
    pointers = _first_pointers(jis0208, lambda p: 8272 <= p <= 8835)

    def handler(code_point: int) -> bytes | None:
        # Step 2: an ASCII code point or U+0080.
        if code_point == 0x80:
            return b"\x80"
        # Steps 3-5.
        if code_point == 0xA5:
            return b"\x5c"
        if code_point == 0x203E:
            return b"\x7e"
        if 0xFF61 <= code_point <= 0xFF9F:
            return bytes([code_point - 0xFF61 + 0xA1])
        # Step 6.
        if code_point == 0x2212:
            code_point = 0xFF0D
        # Steps 7-8.
        pointer = pointers.get(code_point)
        if pointer is None:
            return None
        # Steps 9-13.
        leading, trailing = divmod(pointer, 188)
        leading_offset = 0x81 if leading < 0x1F else 0xC1
        offset = 0x40 if trailing < 0x3F else 0x41
        return bytes([leading + leading_offset, trailing + offset])

    return handler


# https://encoding.spec.whatwg.org/#euc-jp-encoder
def _euc_jp_handler(jis0208: dict[int, int]) -> Callable[[int], bytes | None]:
    """The encoder's handler for one non-ASCII code point, over index ``jis0208``."""
    pointers = _first_pointers(jis0208)

    def handler(code_point: int) -> bytes | None:
        # Steps 3-5.
        if code_point == 0xA5:
            return b"\x5c"
        if code_point == 0x203E:
            return b"\x7e"
        if 0xFF61 <= code_point <= 0xFF9F:
            return bytes([0x8E, code_point - 0xFF61 + 0xA1])
        # Step 6.
        if code_point == 0x2212:
            code_point = 0xFF0D
        # Steps 7-8.
        pointer = pointers.get(code_point)
        if pointer is None:
            return None
        # Steps 9-11.
        return bytes([pointer // 94 + 0xA1, pointer % 94 + 0xA1])

    return handler


# https://encoding.spec.whatwg.org/#euc-jp-decoder
def _decode_euc_jp_slow(data: bytes, sink: _Sink) -> None:
    jis0208 = _index_table("jis0208")
    parts = sink.parts
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        # Steps 6-8.
        if byte <= 0x7F:
            parts.append(chr(byte))
            i += 1
            continue
        if not (byte in (0x8E, 0x8F) or 0xA1 <= byte <= 0xFE):
            sink.error(i, i + 1)
            i += 1
            continue
        start = i
        leading = byte
        i += 1
        if i == n:
            sink.error(start, n, _INCOMPLETE)
            return
        byte = data[i]
        # Step 3.
        if leading == 0x8E and 0xA1 <= byte <= 0xDF:
            parts.append(chr(0xFF61 - 0xA1 + byte))
            i += 1
            continue
        # Step 4.
        index = jis0208
        if leading == 0x8F and 0xA1 <= byte <= 0xFE:
            index = _index_table("jis0212")  # loaded only for input that uses it
            leading = byte
            i += 1
            if i == n:
                sink.error(start, n, _INCOMPLETE)
                return
            byte = data[i]
        # Step 5.
        char = _UNMAPPED
        if 0xA1 <= leading <= 0xFE and 0xA1 <= byte <= 0xFE:
            char = index[(leading - 0xA1) * 94 + byte - 0xA1]
        if char != _UNMAPPED:
            parts.append(char)
            i += 1
        elif byte <= 0x7F:
            sink.error(start, i)  # the ASCII byte is restored
        else:
            sink.error(start, i + 1)
            i += 1


# https://encoding.spec.whatwg.org/#shift_jis-decoder
@cache
def _euc_jp_decoder() -> _FastThenSlow:
    """https://encoding.spec.whatwg.org/#euc-jp-decoder: the codec where it is the spec's."""
    # euc_jp decodes six jis0208 pairs to the JIS mapping (e.g. 0xA1 0xC1 to U+301C,
    # where the index has U+FF5E), and 0x8F 0xA2 0xB7 to U+007E; JIS X 0212 is
    # rare, so any 0x8F byte takes the transcription.
    return _FastThenSlow(
        "euc_jp", "\u00a2\u00a3\u00ac\u2016\u2212\u301c", _decode_euc_jp_slow, b"\x8f"
    )


def _decode_shift_jis_slow(data: bytes, sink: _Sink) -> None:
    index = _index_table("jis0208")

    def single(byte: int) -> str | None:
        # Steps 4-5: ASCII and 0x80, then half-width katakana.
        if byte <= 0x80:
            return chr(byte)
        if 0xA1 <= byte <= 0xDF:
            return chr(0xFF61 - 0xA1 + byte)
        return None

    def is_lead(byte: int) -> bool:
        # Step 6.
        return 0x81 <= byte <= 0x9F or 0xE0 <= byte <= 0xFC

    def pair(lead: int, byte: int) -> str | None:
        # Step 3.
        if not (0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFC):
            return None
        offset = 0x40 if byte < 0x7F else 0x41
        lead_offset = 0x81 if lead < 0xA0 else 0xC1
        pointer = (lead - lead_offset) * 188 + byte - offset
        # Step 3.3: the EUDC range maps to the Private Use Area.
        if 8836 <= pointer <= 10715:
            return chr(0xE000 - 8836 + pointer)
        return _mapped(index, pointer)

    _decode_double_byte(data, sink, single, is_lead, pair)
