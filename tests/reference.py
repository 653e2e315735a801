"""Literal, step-by-step transcriptions of the URL Standard's algorithms.

Slow and obviously right: each function follows its algorithm one byte or one
code point at a time, with the spec's step numbers, and uses nothing from the
package under test; UTF-8 encoding and decoding come from the Encoding
Standard's transcription in tests/reference_encoding.py. The hypothesis
properties check the package against these.

https://url.spec.whatwg.org/#percent-encoded-bytes
https://url.spec.whatwg.org/#application/x-www-form-urlencoded
"""

from __future__ import annotations

from typing import Callable

from tests.reference_encoding import encode_or_fail_loop, process_queue_decode

PercentEncodeSetPredicate = Callable[[int], bool]

# --- Infra ---------------------------------------------------------------------


def is_ascii_hex_digit(byte: int) -> bool:
    """https://infra.spec.whatwg.org/#ascii-hex-digit"""
    return 0x30 <= byte <= 0x39 or 0x41 <= byte <= 0x46 or 0x61 <= byte <= 0x66


def to_scalar_value_string(text: str) -> str:
    """https://infra.spec.whatwg.org/#javascript-string-convert, per code point."""
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)


# --- Encoding Standard: UTF-8, from the Encoding Standard transcription ---------


def utf8_encode(text: str) -> bytes:
    """https://encoding.spec.whatwg.org/#utf-8-encode (UTF-8 never fails)."""
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in text), "needs a scalar value string"
    return b"".join(item for item in encode_or_fail_loop("UTF-8", text) if isinstance(item, bytes))


class DecoderError(ValueError):
    """The decoder's error in fatal mode; *position* is where the bad sequence starts."""

    def __init__(self, position: int) -> None:
        super().__init__(position)
        self.position = position


def utf8_decode_without_bom(data: bytes, fatal: bool = False) -> str:
    """https://encoding.spec.whatwg.org/#utf-8-decode-without-bom

    Replacement mode emits U+FFFD per error; fatal mode raises
    :class:`DecoderError` at the first, giving where the bad sequence starts:
    everything decoded before it came from complete sequences, so that is
    the length of their UTF-8 encoding.
    """
    text, error_at = process_queue_decode("UTF-8", data, fatal)
    if error_at is not None:
        raise DecoderError(len(utf8_encode(text)))
    return text


# --- URL Standard: percent-encoded bytes ------------------------------------------


def percent_encode(byte: int) -> str:
    """https://url.spec.whatwg.org/#percent-encode"""
    return "%" + "0123456789ABCDEF"[byte >> 4] + "0123456789ABCDEF"[byte & 0xF]


def percent_decode_bytes(data: bytes) -> bytes:
    """https://url.spec.whatwg.org/#percent-decode"""
    # Step 1.
    output = bytearray()
    # Step 2.
    index = 0
    while index < len(data):
        byte = data[index]
        # Step 2.1.
        if byte != 0x25 or not (
            index + 2 < len(data)
            and is_ascii_hex_digit(data[index + 1])
            and is_ascii_hex_digit(data[index + 2])
        ):
            output.append(byte)
        # Step 2.3.
        else:
            byte_point = int(data[index + 1 : index + 3].decode("latin-1"), 16)
            output.append(byte_point)
            index += 2
        index += 1
    # Step 3.
    return bytes(output)


def percent_decode_string(text: str) -> bytes:
    """https://url.spec.whatwg.org/#string-percent-decode"""
    # Step 1: UTF-8 encode. Step 2: percent-decode.
    return percent_decode_bytes(utf8_encode(text))


# --- The percent-encode sets, as predicates written from the spec's prose ----------


def in_c0_control_set(cp: int) -> bool:
    """C0 controls and all code points greater than U+007E (~)."""
    return cp <= 0x1F or cp > 0x7E


def in_fragment_set(cp: int) -> bool:
    return in_c0_control_set(cp) or cp in (0x20, 0x22, 0x3C, 0x3E, 0x60)


def in_query_set(cp: int) -> bool:
    return in_c0_control_set(cp) or cp in (0x20, 0x22, 0x23, 0x3C, 0x3E)


def in_special_query_set(cp: int) -> bool:
    return in_query_set(cp) or cp == 0x27


def in_path_set(cp: int) -> bool:
    return in_query_set(cp) or cp in (0x3F, 0x5E, 0x60, 0x7B, 0x7D)


def in_userinfo_set(cp: int) -> bool:
    return in_path_set(cp) or cp in (0x2F, 0x3A, 0x3B, 0x3D, 0x40, 0x7C) or 0x5B <= cp <= 0x5D


def in_component_set(cp: int) -> bool:
    return in_userinfo_set(cp) or 0x24 <= cp <= 0x26 or cp in (0x2B, 0x2C)


def in_urlencoded_set(cp: int) -> bool:
    return in_component_set(cp) or cp == 0x21 or 0x27 <= cp <= 0x29 or cp == 0x7E


SETS: dict[str, PercentEncodeSetPredicate] = {
    "C0_CONTROL_PERCENT_ENCODE_SET": in_c0_control_set,
    "FRAGMENT_PERCENT_ENCODE_SET": in_fragment_set,
    "QUERY_PERCENT_ENCODE_SET": in_query_set,
    "SPECIAL_QUERY_PERCENT_ENCODE_SET": in_special_query_set,
    "PATH_PERCENT_ENCODE_SET": in_path_set,
    "USERINFO_PERCENT_ENCODE_SET": in_userinfo_set,
    "COMPONENT_PERCENT_ENCODE_SET": in_component_set,
    "URLENCODED_PERCENT_ENCODE_SET": in_urlencoded_set,
}


def utf8_percent_encode(text: str, in_set: PercentEncodeSetPredicate, space_as_plus: bool) -> str:
    """https://url.spec.whatwg.org/#string-percent-encode-after-encoding with UTF-8.

    UTF-8 encodes every scalar value, so "encode or fail" never fails and the
    loop of step 7 runs once.
    """
    # Steps 3-6.
    output = ""
    # Step 7.2: encode or fail (UTF-8 never fails).
    encode_output = utf8_encode(text)
    # Step 7.3.
    for byte in encode_output:
        # Step 7.3.1.
        if space_as_plus and byte == 0x20:
            output += "+"
            continue
        # Step 7.3.2.
        isomorph = chr(byte)
        # Step 7.3.3.
        assert all(in_set(cp) for cp in (0x80, 0xFF, 0x10FFFF))
        # Step 7.3.4.
        if not in_set(byte):
            output += isomorph
        # Step 7.3.5.
        else:
            output += percent_encode(byte)
    # Step 8.
    return output


# --- application/x-www-form-urlencoded ------------------------------------------


def urlencoded_parse_to_bytes(data: bytes) -> list[tuple[bytes, bytes]]:
    """Steps 1-3 of https://url.spec.whatwg.org/#concept-urlencoded-parser, up to
    the percent-decoding of step 3.5 (no text decoding)."""
    # Step 1: split on 0x26 (&), strictly (empty sequences kept).
    sequences: list[bytes] = []
    current = bytearray()
    for byte in data:
        if byte == 0x26:
            sequences.append(bytes(current))
            current = bytearray()
        else:
            current.append(byte)
    sequences.append(bytes(current))
    # Step 2.
    output: list[tuple[bytes, bytes]] = []
    # Step 3.
    for sequence in sequences:
        # Step 3.1.
        if sequence == b"":
            continue
        # Step 3.2.
        if 0x3D in sequence:
            position = sequence.index(0x3D)
            name = sequence[:position]
            value = sequence[position + 1 :]
        # Step 3.3.
        else:
            name = sequence
            value = b""
        # Step 3.4.
        name = bytes(0x20 if byte == 0x2B else byte for byte in name)
        value = bytes(0x20 if byte == 0x2B else byte for byte in value)
        # Step 3.5 (percent-decode part).
        output.append((percent_decode_bytes(name), percent_decode_bytes(value)))
    return output


def urlencoded_parse(data: bytes) -> list[tuple[str, str]]:
    """https://url.spec.whatwg.org/#concept-urlencoded-parser"""
    # Step 3.5: UTF-8 decode without BOM each percent-decoded name and value.
    # Step 3.6: append.
    return [
        (utf8_decode_without_bom(name), utf8_decode_without_bom(value))
        for name, value in urlencoded_parse_to_bytes(data)
    ]


def urlencoded_string_parse(text: str) -> list[tuple[str, str]]:
    """https://url.spec.whatwg.org/#concept-urlencoded-string-parser

    The input must be a scalar value string; callers holding a Python str
    with surrogates convert it first, as Web IDL does.
    """
    return urlencoded_parse(utf8_encode(text))


def urlencoded_serialize(tuples: list[tuple[str, str]]) -> str:
    """https://url.spec.whatwg.org/#concept-urlencoded-serializer, with UTF-8."""
    # Step 1: the output encoding of UTF-8 is UTF-8.
    # Step 2.
    output = ""
    # Step 3.
    for name_string, value_string in tuples:
        # Step 3.1.
        assert to_scalar_value_string(name_string) == name_string
        assert to_scalar_value_string(value_string) == value_string
        # Step 3.2.
        name = utf8_percent_encode(name_string, in_urlencoded_set, space_as_plus=True)
        # Step 3.3.
        value = utf8_percent_encode(value_string, in_urlencoded_set, space_as_plus=True)
        # Step 3.4.
        if output != "":
            output += "&"
        # Step 3.5.
        output += name + "=" + value
    # Step 4.
    return output
