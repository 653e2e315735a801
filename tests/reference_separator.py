"""A literal transcription of the urlencoded parser with a set of separators.

https://url.spec.whatwg.org/#concept-urlencoded-parser, step 1 generalized:
the sequences end at any byte of *separators* instead of at 0x26 (&) alone,
as HTML 4 (appendix B.2.2) advised servers to accept ``;`` beside ``&``.
Steps 2 onwards are the spec's, through :mod:`tests.reference`.
"""

from __future__ import annotations

from tests.reference import percent_decode_bytes, utf8_decode_without_bom


def parse_to_bytes(data: bytes, separators: bytes) -> list[tuple[bytes, bytes]]:
    """Steps 1-3.5 (percent-decoding, no text decoding) splitting on each of *separators*."""
    # Step 1: split on each separator byte, strictly (empty sequences kept).
    sequences: list[bytes] = []
    current = bytearray()
    for byte in data:
        if byte in separators:
            sequences.append(bytes(current))
            current = bytearray()
        else:
            current.append(byte)
    sequences.append(bytes(current))
    output: list[tuple[bytes, bytes]] = []
    for sequence in sequences:
        # Step 3.1.
        if sequence == b"":
            continue
        # Steps 3.2-3.3.
        if 0x3D in sequence:
            position = sequence.index(0x3D)
            name, value = sequence[:position], sequence[position + 1 :]
        else:
            name, value = sequence, b""
        # Step 3.4.
        name = bytes(0x20 if byte == 0x2B else byte for byte in name)
        value = bytes(0x20 if byte == 0x2B else byte for byte in value)
        # Step 3.5 (percent-decode part).
        output.append((percent_decode_bytes(name), percent_decode_bytes(value)))
    return output


def parse(data: bytes, separators: bytes) -> list[tuple[str, str]]:
    """The parser with UTF-8 decoding (step 3.5) splitting on each of *separators*."""
    return [
        (utf8_decode_without_bom(name), utf8_decode_without_bom(value))
        for name, value in parse_to_bytes(data, separators)
    ]
