"""UTF-8 and UTF-16BE/LE: the stdlib codecs, and the spec's decoders for errors.

https://encoding.spec.whatwg.org/#utf-8 (the
https://encoding.spec.whatwg.org/#utf-8-encoder and
https://encoding.spec.whatwg.org/#utf-8-decoder) and the
https://encoding.spec.whatwg.org/#shared-utf-16-decoder of
https://encoding.spec.whatwg.org/#utf-16be and https://encoding.spec.whatwg.org/#utf-16le.
"""

from __future__ import annotations

from ._coders import (
    _INCOMPLETE,
    _Output,
    _Sink,
)


class _Utf8Encoder:
    """https://encoding.spec.whatwg.org/#utf-8-encoder: never fails on scalar values."""

    def encode_or_fail(self, text: str, out: _Output) -> None:
        out.write(text.encode("utf-8"))


# https://encoding.spec.whatwg.org/#utf-8-decoder
def _decode_utf8_slow(data: bytes, sink: _Sink) -> None:
    parts = sink.parts
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        if byte <= 0x7F:
            parts.append(chr(byte))
            i += 1
            continue
        lower, upper = 0x80, 0xBF
        if 0xC2 <= byte <= 0xDF:
            needed, code_point = 1, byte & 0x1F
        elif 0xE0 <= byte <= 0xEF:
            lower = 0xA0 if byte == 0xE0 else 0x80
            upper = 0x9F if byte == 0xED else 0xBF
            needed, code_point = 2, byte & 0xF
        elif 0xF0 <= byte <= 0xF4:
            lower = 0x90 if byte == 0xF0 else 0x80
            upper = 0x8F if byte == 0xF4 else 0xBF
            needed, code_point = 3, byte & 0x7
        else:
            sink.error(i, i + 1)
            i += 1
            continue
        j = i + 1
        while needed:
            if j == n:
                sink.error(i, n, _INCOMPLETE)
                return
            if not lower <= data[j] <= upper:
                break  # Step 4: restore the byte; it is read again.
            lower, upper = 0x80, 0xBF
            code_point = (code_point << 6) | (data[j] & 0x3F)
            needed -= 1
            j += 1
        if needed:
            sink.error(i, j)
        else:
            parts.append(chr(code_point))
        i = j


# https://encoding.spec.whatwg.org/#shared-utf-16-decoder
def _decode_utf16_slow(data: bytes, sink: _Sink, is_be: bool) -> None:
    parts = sink.parts
    i, n = 0, len(data)
    while i < n:
        if i + 1 == n:
            sink.error(i, n, _INCOMPLETE)
            return
        unit = (data[i] << 8) + data[i + 1] if is_be else (data[i + 1] << 8) + data[i]
        if 0xD800 <= unit <= 0xDBFF:
            if i + 2 >= n:
                sink.error(i, n, _INCOMPLETE)
                return
            if i + 3 == n:
                sink.error(i, n, _INCOMPLETE)
                return
            trail = (data[i + 2] << 8) + data[i + 3] if is_be else (data[i + 3] << 8) + data[i + 2]
            if 0xDC00 <= trail <= 0xDFFF:
                parts.append(chr(0x10000 + ((unit - 0xD800) << 10) + (trail - 0xDC00)))
                i += 4
            else:
                sink.error(i, i + 2, "unpaired high surrogate")
                i += 2  # the two bytes of the next code unit are restored
            continue
        if 0xDC00 <= unit <= 0xDFFF:
            sink.error(i, i + 2, "unpaired low surrogate")
        else:
            parts.append(chr(unit))
        i += 2
