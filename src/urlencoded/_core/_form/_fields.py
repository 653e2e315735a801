"""The parser's loop over the fields, one at a time, as the spec writes it.

https://url.spec.whatwg.org/#concept-urlencoded-parser, steps 1-5 for each
sequence: split on the separator, name and value at the first "=", "+" to
space, percent-decode, decode. The fast paths in ``_bulk.py`` fall back to
this loop for what they cannot do exactly, and every legacy encoding runs
it. Here also: the ``_charset_`` rule (step 3.5 of the parser until 2017),
the isindex rule, the swap that lets another separator stand in for "&",
and the strict-mode refusal of a raw byte 0x80-0xFF in a legacy encoding
(a documented deviation).
"""

from __future__ import annotations

import re

from ..._encoding import UTF_8, Encoding, decode, get_encoding
from ..._errors import DecodeError, UnknownEncodingError
from .._percent import percent_decode_bytes


def _decode_field(encoding: Encoding, data: bytes, strict: bool, offset: int) -> str:
    """Decode one percent-decoded name or value; *offset* locates it for errors."""
    if encoding.name == "UTF-8":
        # https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
        try:
            return data.decode("utf-8", "strict" if strict else "replace")
        except UnicodeDecodeError as error:
            raise DecodeError(encoding.name, offset, error.start, data) from None
    try:
        return decode(encoding, data, fatal=strict)
    except UnicodeDecodeError as error:
        raise DecodeError(encoding.name, offset, error.start, data) from None


def _split_fields(
    body: bytes, separator: bytes = b"&", offset: int = 0
) -> list[tuple[bytes, bytes, int, int]]:
    """Steps 1-4 of the parser: (name, value, name offset, value offset) per sequence.

    *separator* stands in for 0x26 (&) when a caller opts into another one;
    *offset* is where *body* starts in the input.
    """
    fields = []
    # Step 1: split on 0x26 (&).
    for sequence in body.split(separator):
        # Step 3.1: skip empty sequences.
        if sequence:
            # Steps 3.2-3.3: name up to the first 0x3D (=), value after it.
            name, _, value = sequence.partition(b"=")
            # Step 3.4: replace 0x2B (+) with 0x20 (SP); then percent-decode.
            fields.append(
                (
                    percent_decode_bytes(name.replace(b"+", b" ")),
                    percent_decode_bytes(value.replace(b"+", b" ")),
                    offset,
                    offset + len(name) + 1,
                )
            )
        offset += len(sequence) + 1
    return fields


def charset_field_encoding(body: bytes, separator: bytes, field: bytes) -> Encoding | None:
    """The encoding named by the first field called *field* that holds a known label.

    The URL Standard's parser had this rule until 2017, as its "use _charset_
    flag" (step 3.5 of the parser then): after "+" became a space, and before
    any percent-decoding, a sequence whose name is ``_charset_`` has its
    value isomorphic decoded and looked up with "get an encoding"
    (https://encoding.spec.whatwg.org/#concept-encoding-get); the first
    known label wins and an unknown one is passed over. *field* generalizes
    the name, for Google-style ``ie=``.
    """
    if b" " not in field and field not in body:
        return None
    for sequence in body.split(separator):
        name, _, value = sequence.partition(b"=")
        if name.replace(b"+", b" ") == field:
            try:
                return get_encoding(value.replace(b"+", b" ").decode("latin-1"))
            except UnknownEncodingError:
                continue
    return None


def _isindex_first(body: bytes, separator: bytes = b"&") -> bool:
    """Whether the first sequence is an isindex value: non-empty, with no "="."""
    first = body.split(separator, 1)[0]
    return bool(first) and b"=" not in first


def _apply_separator(body: bytes, separator: bytes) -> tuple[bytes, bytes, bytes]:
    """(body to parse, its separator, body for the limit scan) for a chosen *separator*.

    The limit scan counts "&"-separated sequences, so it gets the body with
    "&" and the separator swapped: same lengths, same offsets. A body without
    a literal "&" becomes exactly that swapped body, parsed with "&" on the
    usual paths; one with a literal "&" is split on the separator field by field.
    """
    if separator == b"&":
        return body, separator, body
    swapped = body.translate(bytes.maketrans(b"&" + separator, separator + b"&"))
    if b"&" not in body:
        return swapped, b"&", swapped
    return body, separator, swapped


def _separated(body: bytes, separator: bytes) -> tuple[bytes, bytes]:
    """(body to parse, its separator): :func:`_apply_separator` without the limit scan's body."""
    if separator == b"&" or b"&" in body:
        return body, separator
    return body.translate(bytes.maketrans(b"&" + separator, separator + b"&")), b"&"


def _decode_fields(
    fields: list[tuple[bytes, bytes, int, int]], encoding: Encoding, strict: bool
) -> list[tuple[str, str]]:
    """Step 3.5's decode of each field's name and value."""
    return [
        (
            _decode_field(encoding, name, strict, name_offset),
            _decode_field(encoding, value, strict, value_offset),
        )
        for name, value, name_offset, value_offset in fields
    ]


def _parse_fields(
    encoding: Encoding, strict: bool, separator: bytes, start: int, block: bytes, offset: int
) -> list[tuple[str, str]]:
    """The parser field by field on *block*, at *offset* in a region at *start* in the input.

    Every strict decode of whole sequences with a legacy encoding comes here.
    """
    if strict and encoding is not UTF_8:
        _refuse_raw_high_byte(block, separator, start + offset, encoding)
    return _decode_fields(_split_fields(block, separator, start + offset), encoding, strict)


_RAW_HIGH_BYTE = re.compile(rb"[\x80-\xff]")


def _refuse_raw_high_byte(block: bytes, separator: bytes, offset: int, encoding: Encoding) -> None:
    """Strict mode, legacy encoding: raise at the first byte 0x80-0xFF not percent-encoded.

    A deviation from the URL Standard, which decodes such a byte with the
    encoding like any other: the parsers of the legacy-encoding era stopped
    at it, since the sender's encoding of raw bytes is anyone's guess. Errors
    keep input order: a bad field before the byte raises first.
    """
    if block.isascii():
        return
    match = _RAW_HIGH_BYTE.search(block)
    if match is None:
        return
    raw_at = match.start()
    field_start = block.rfind(separator, 0, raw_at) + 1
    # The fields completed before this one are judged first.
    _decode_fields(_split_fields(block[:field_start], separator, offset), encoding, True)
    sequence = block[field_start:].split(separator, 1)[0]
    at = raw_at - field_start
    equals = sequence.find(b"=")
    part_start = 0
    if 0 <= equals < at:
        name = percent_decode_bytes(sequence[:equals].replace(b"+", b" "))
        _decode_field(encoding, name, True, offset + field_start)
        part_start = equals + 1
    elif equals != -1:
        sequence = sequence[:equals]
    part = sequence[part_start:].replace(b"+", b" ")
    # Percent-decoding is local, so the byte's place in the decoded bytes is
    # the length of what precedes it, decoded.
    position = len(percent_decode_bytes(part[: at - part_start]))
    raise DecodeError(
        encoding.name,
        offset + field_start + part_start,
        position,
        percent_decode_bytes(part),
        raw_offset=offset + raw_at,
    )
