"""The urlencoded parser over a whole input at once, in blocks.

https://url.spec.whatwg.org/#concept-urlencoded-parser (the serializer's
one-pass paths are in ``_bulk_serializer.py``)

The spec's parser splits the input on the separator (``&``), splits each
sequence at its first ``=``, replaces ``+`` with a space, percent-decodes and
UTF-8 decodes name and value. Done field by field in Python that is a dozen
calls per field; here each step runs once over a block of many fields, inside
C-level primitives, and gives the same pairs:

- Before decoding, every separator byte and every ``=`` is replaced by an
  ASCII control byte that the block does not hold (0x1E and 0x1F, the record
  and unit separators, when they are free). An escape such as ``%26`` or
  ``%3D`` then decodes to a plain ``&`` or ``=`` inside a name or value and
  is not taken for a separator. Counting the stand-ins after decoding proves
  that no escape decoded to one of them; if one did, the block goes the slow
  way.
- Percent-decoding is ``binascii.a2b_qp`` (quoted-printable decoding, which
  is percent-decoding with ``=`` for ``%``), checked as in
  :func:`urlencoded._core._percent.percent_decode_bytes`.
- UTF-8 decoding the whole block equals decoding each part, because the
  stand-ins are ASCII and an ASCII byte never belongs to an invalid sequence.
- Splitting the decoded text on the stand-ins then gives the pairs. When the
  raw block alternates strictly between the two (every sequence holds
  exactly one ``=``), one ``str.split`` gives names and values together.

A block of a few long fields (values of escaped text in a script other
than Latin) is cheaper another way, in ``_sparse.py``.

Inputs longer than :data:`BLOCK` are cut after a separator into blocks of
about that size, so that the temporary copies stay in the CPU cache and the
cost per megabyte stays flat however long the body is, as in the streaming
parser. A block that is one sequence (a field longer than a block) needs no
stand-ins: its name and value are cut at the first ``=`` and decoded, to
text, in pieces cut after an ASCII byte outside any escape, so that no
escape or UTF-8 sequence spans a cut and no copy of the whole field is
made on the way (the bytes parser joins the decoded pieces). A block that
cannot be done this way (an escape decodes to a stand-in, no stand-in is
free, strict decoding fails) goes to the caller's field-by-field fallback,
with its offset in the input. ``tests/reference.py`` transcribes the spec
step by step, and the hypothesis properties in
``tests/test_reference_agreement.py`` and ``tests/test_bulk.py`` check every
path against it, including inputs that cross block boundaries.
"""

from __future__ import annotations

import re
from binascii import a2b_qp
from collections.abc import Iterable, Iterator
from itertools import repeat
from operator import itemgetter
from typing import Any, Callable, TypeVar

from .._encoding import Encoding, decode_runs
from ._bulk_serializer import _joints
from ._options import BLOCK
from ._percent import decoded_as_escapes, percent_decode_bytes
from ._sparse import parse_sparse

__all__ = [
    "BLOCK",
    "form_shape",
    "may_decode_to_nothing",
    "pair_up",
    "parse_ascii_text",
    "parse_bytes_whole",
    "parse_encoded_whole",
    "parse_utf8_whole",
    "shape",
    "split_text",
]

# Stand-ins for the separator and "=", most likely free first: controls that
# a2b_qp and the parser copy as they are (not CR, LF or tab).
_STAND_INS = [bytes([byte]) for byte in (0x1F, 0x1E, *range(0x1D, 0x0D, -1), 0x0C, 0x0B)]
_STAND_INS += [bytes([byte]) for byte in (*range(0x08, -1, -1), 0x7F)]

# The stand-ins to try first, the ASCII unit and record separators.
_FIRST_CHOICE = (b"\x1e", b"\x1f")

_Pair = TypeVar("_Pair")
_Text = TypeVar("_Text", str, bytes)
_NO_SHAPE = (False, True)
_ALTERNATING = (True, False)
# Separators that the decoding steps would change: the field-by-field path splits on them first.
_NOT_IN_BULK = (b"%", b"+")
_NAME_AND_VALUE = itemgetter(0, 2)
# Where a long name or value may be cut: after an ASCII byte that is in no escape.
_ASCII_OUTSIDE_ESCAPES = re.compile(rb"[^%][^%][\x00-\x24\x26-\x7f]")
_ASCII_OUTSIDE_ESCAPES_TEXT = re.compile(_ASCII_OUTSIDE_ESCAPES.pattern.decode("ascii"))
# For a2b_qp on a name or value without "=": "%" becomes its "=", "+" a space.
_PLUS_AND_PERCENT = bytes.maketrans(b"%+", b"= ")
# Translation tables per (separator, pair stand-in, name stand-in), built on first use.
_DECODE_TABLES: dict[tuple[bytes, bytes, bytes], tuple[bytes, bytes]] = {}
# For each pair of joints: every other byte, to find the joints of a block.
_NOT_JOINTS: dict[bytes, bytes] = {}


def _others(pair_end: bytes, name_end: bytes) -> bytes:
    """Every byte but *pair_end* and *name_end*, to delete all but the joints."""
    key = pair_end + name_end
    table = _NOT_JOINTS.get(key)
    if table is None:
        table = bytes(byte for byte in range(256) if byte not in key)
        _NOT_JOINTS[key] = table
    return table


_NOT_AMPERSAND_OR_EQUALS = _others(b"&", b"=")


def _tables(separator: bytes, pair_end: bytes, name_end: bytes) -> tuple[bytes, bytes]:
    """(table for a2b_qp, table for the general decoder) for these stand-ins."""
    key = (separator, pair_end, name_end)
    tables = _DECODE_TABLES.get(key)
    if tables is None:
        tables = (
            # "%" becomes a2b_qp's "=", "+" a space, the joints their stand-ins.
            bytes.maketrans(b"%=+" + separator, b"=" + name_end + b" " + pair_end),
            bytes.maketrans(b"=+" + separator, name_end + b" " + pair_end),
        )
        _DECODE_TABLES[key] = tables
    return tables


def _blocks(body: _Text, separator: _Text) -> Iterator[tuple[_Text, int]]:
    """Step 1 in bulk: (block, its offset) for runs of whole sequences of about BLOCK bytes."""
    size = len(body)
    if size <= BLOCK:
        yield body, 0
        return
    start = 0
    while start < size:
        end = body.rfind(separator, start, start + BLOCK)
        if end == -1:
            # One sequence longer than a block: it stays whole.
            end = body.find(separator, start + BLOCK)
            if end == -1:
                end = size
        yield body[start:end], start
        start = end + 1


def _decode_block(
    block: bytes, separator: bytes
) -> tuple[bytes, bytes, bytes, tuple[bool, bool]] | None:
    """Steps 3.4 and 3.5 (percent-decoding) over a block with a "%" in it.

    Returns the decoded block, in which each raw separator and "=" of the
    block is a stand-in and nothing else is, the two stand-ins and the
    block's :func:`shape`; or None.
    """
    pair_end, name_end = _FIRST_CHOICE
    if pair_end in block or name_end in block or separator in _FIRST_CHOICE:
        free = []
        for stand_in in _STAND_INS:
            if stand_in not in block and stand_in != separator:
                free.append(stand_in)
                if len(free) == 2:
                    break
        else:
            return None
        pair_end, name_end = free
    qp_table, table = _tables(separator, pair_end, name_end)
    decoded = None
    if b"\n" not in block and b"\r" not in block:
        decoded = a2b_qp(block.translate(qp_table))
        if not decoded_as_escapes(block, decoded):
            decoded = None
    if decoded is None:
        decoded = percent_decode_bytes(block.translate(table))
    found = decoded.translate(None, _others(pair_end, name_end))
    # Every raw joint became a stand-in; as many stand-ins as joints means
    # that no escape decoded to one.
    if _count_joints(block, separator, len(found)) != len(found):
        return None
    return decoded, pair_end, name_end, _shape(found, pair_end, name_end)


# A block at least this many times longer than its joints has them counted
# by memchr-based finds, one Python step per joint, rather than a pass over
# every byte.
_SPARSE = 256


def _count_joints(block: bytes, separator: bytes, expected: int) -> int:
    """The raw separators and "=" in *block*, or any other number if not *expected*."""
    if expected * _SPARSE > len(block):
        return len(block.translate(None, _others(separator, b"=")))
    count = 0
    for joint in (separator, b"="):
        at = block.find(joint)
        while at != -1:
            count += 1
            if count > expected:
                return count
            at = block.find(joint, at + 1)
    return count


def form_shape(data: bytes) -> tuple[bool, bool]:
    """:func:`shape` for the joints "&" and "=", at any length."""
    found = data.translate(None, _NOT_AMPERSAND_OR_EQUALS)
    if found == _joints((len(found) + 1) >> 1):
        return _ALTERNATING
    return False, b"==" in found


def shape(data: bytes, pair_end: bytes, name_end: bytes = b"=") -> tuple[bool, bool]:
    """(every sequence holds exactly one name end, some sequence holds two or more).

    Read from the pair and name ends of *data* (raw, or decoded with its
    stand-ins), in order. For short data finding them costs more than it
    saves: (False, True) claims nothing.
    """
    if len(data) <= 64:
        return _NO_SHAPE
    return _shape(data.translate(None, _others(pair_end, name_end)), pair_end, name_end)


def _shape(found: bytes, pair_end: bytes, name_end: bytes) -> tuple[bool, bool]:
    """:func:`shape`, given the joints in order."""
    return found == name_end + (pair_end + name_end) * (len(found) >> 1), name_end * 2 in found


def pair_up(text: str, joint: str = "=") -> list[tuple[str, str]]:
    """Names and values from *text*, where *joint* ends every name and every value but the last."""
    parts = iter(text.split(joint))
    return list(zip(parts, parts))


def split_text(
    text: str, pair_end: str, name_end: str, block_shape: tuple[bool, bool] = _NO_SHAPE
) -> list[tuple[str, str]]:
    """Steps 1-3.3 on decoded text whose joints are *pair_end* and *name_end*.

    *block_shape*, from :func:`shape` on the raw input, may show that every
    sequence holds exactly one *name_end* (one split does), or that none holds
    two (no value needs its "=" put back).
    """
    if pair_end not in text:
        # One sequence (or none): no list of sequences to build.
        if not text:
            return []
        name, _, value = text.partition(name_end)
        # Later "=" in the sequence belong to the value: put them back.
        return [(name, value if name_end == "=" else value.replace(name_end, "="))]
    if block_shape[0]:
        return pair_up(text.replace(pair_end, name_end), name_end)
    # Steps 3.2-3.3: (name, separator, value) without the separator.
    pairs: list[tuple[str, str]] = list(
        map(
            _NAME_AND_VALUE,
            map(str.partition, _sequences(text, pair_end), repeat(name_end)),
        )
    )
    # Later "=" in a sequence belong to the value: put them back.
    if (
        name_end != "="
        and block_shape[1]
        and any(map(str.__contains__, _values(pairs), repeat(name_end)))
    ):
        pairs = [(name, value.replace(name_end, "=")) for name, value in pairs]
    return pairs


def _split_bytes(
    data: bytes, pair_end: bytes, name_end: bytes, block_shape: tuple[bool, bool]
) -> list[tuple[bytes, bytes]]:
    """:func:`split_text` on bytes."""
    if block_shape[0]:
        parts = data.replace(pair_end, name_end).split(name_end)
        return list(zip(parts[::2], parts[1::2]))
    pairs: list[tuple[bytes, bytes]] = list(
        map(
            _NAME_AND_VALUE,
            map(bytes.partition, _sequences(data, pair_end), repeat(name_end)),
        )
    )
    if (
        name_end != b"="
        and block_shape[1]
        and any(map(bytes.__contains__, _values(pairs), repeat(name_end)))
    ):
        pairs = [(name, value.replace(name_end, b"=")) for name, value in pairs]
    return pairs


def _sequences(text: _Text, pair_end: _Text) -> Iterable[_Text]:
    """Steps 1 and 3.1: the non-empty sequences between pair ends."""
    # Runs of pair ends would fill a split's list with empty strings: shorten
    # them first. Each pass halves every run, so a run of n takes log2(n) passes.
    double = pair_end * 2
    while double in text:
        text = text.replace(double, pair_end)
    return filter(None, text.split(pair_end))


def _values(pairs: list[tuple[_Pair, _Pair]]) -> Iterator[_Pair]:
    return (value for _, value in pairs)


def _parse_utf8_block(
    block: bytes, separator: bytes, errors: str, text: str | None = None
) -> list[tuple[str, str]] | None:
    """The parser over one block, or None where the fallback must do it.

    *text* is the block as an ASCII str, when the caller has it.
    """
    if 0x25 not in block:
        # Step 3.4 only: nothing to percent-decode, so the joints stay as they are.
        decoded, pair_end, name_end = block.replace(b"+", b" "), separator, b"="
        block_shape = shape(block, separator) if separator in block else _NO_SHAPE
    elif separator not in block:
        return _parse_one_sequence(block, errors)
    else:
        if separator == b"&":
            sparse = parse_sparse(block, errors, text)
            if sparse is not None:
                return sparse
        found = _decode_block(block, separator)
        if found is None:
            return None
        decoded, pair_end, name_end, block_shape = found
    try:
        # https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
        text = decoded.decode("utf-8", errors)
    except UnicodeDecodeError:
        return None  # the field-by-field path reports the field's offset
    return split_text(
        text,
        pair_end.decode("latin-1"),
        name_end.decode("latin-1"),
        block_shape,
    )


# Encodings whose decoding of a value is not the decoding of its parts between
# "=": a byte's meaning depends on the bytes before it (ISO-2022-JP's escapes,
# UTF-16's code units), any input is one error (replacement), or a cut
# four-byte sequence loses the digit that an "=" after it would give back
# (the gb18030 decoder, also GBK's, prepends its second byte to the queue,
# where the end drops it).
_STATEFUL = frozenset(["ISO-2022-JP", "UTF-16BE", "UTF-16LE", "replacement", "gb18030", "GBK"])


def _parse_encoded_block(
    block: bytes, separator: bytes, encoding: Encoding, strict: bool
) -> list[tuple[str, str]] | None:
    """:func:`_parse_utf8_block` with a legacy *encoding*: its decoder runs over the
    whole decoded block, each name and value apart (:func:`decode_runs`)."""
    if 0x25 not in block:
        decoded, pair_end, name_end = block.replace(b"+", b" "), separator, b"="
        if encoding.name in _STATEFUL:
            block_shape = _shape(block.translate(None, _others(separator, b"=")), separator, b"=")
        else:
            block_shape = shape(block, separator) if separator in block else _NO_SHAPE
    elif separator not in block:
        # One sequence: its name and value, each percent-decoded whole (a legacy
        # sequence may hold an ASCII byte, so decoding in pieces would not do).
        name, value = [
            decode_runs(encoding, b"".join(_decoded_pieces(block, *part)), b"", strict)
            for part in _one_sequence(block)
        ]
        return None if name is None or value is None else [(name, value)]
    else:
        found = _decode_block(block, separator)
        if found is None:
            return None
        decoded, pair_end, name_end, block_shape = found
    if block_shape[1] and encoding.name in _STATEFUL:
        return None  # a value with "=" is decoded whole, field by field
    text = decode_runs(encoding, decoded, pair_end + name_end, strict)
    if text is None:
        return None  # the field-by-field path reports the field's offset
    return split_text(text, pair_end.decode("latin-1"), name_end.decode("latin-1"), block_shape)


def _one_sequence(block: bytes | str) -> tuple[tuple[int, int], tuple[int, int]]:
    """Steps 3.2-3.3 for a block that is one sequence: where its name and value lie."""
    size = len(block)
    equals = block.find("=") if isinstance(block, str) else block.find(b"=")
    if equals == -1:
        return (0, size), (size, size)
    return (0, equals), (equals + 1, size)


def _parse_one_sequence(block: bytes | str, errors: str) -> list[tuple[str, str]] | None:
    """Steps 3.2-3.5 for a block that is one sequence (one long field).

    With one sequence there are no joints to tell apart from escapes: name
    and value are cut at the first "=" and decoded on their own, without
    stand-ins or counting them. Each decoded piece ends with an ASCII byte,
    so decoding the pieces as UTF-8 one by one equals decoding the whole,
    and no copy of the whole field is made. *block* may be an ASCII str,
    which is then UTF-8 encoded piece by piece.
    """
    try:
        # https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
        name, value = [
            "".join([piece.decode("utf-8", errors) for piece in _decoded_pieces(block, *part)])
            for part in _one_sequence(block)
        ]
    except UnicodeDecodeError:
        return None  # the field-by-field path reports the field's offset
    return [(name, value)]


def _raw(data: bytes | str, start: int, end: int) -> bytes:
    """``data[start:end]`` as bytes: an ASCII str is its own UTF-8 encoding."""
    piece = data[start:end]
    return piece.encode("ascii") if isinstance(piece, str) else piece


def _decoded_pieces(data: bytes | str, start: int, end: int) -> Iterator[bytes]:
    """Steps 3.4 and 3.5 ("+" to space, percent-decode) for ``data[start:end]``, in pieces.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    A long range is decoded in pieces that stay in the cache. A cut comes
    after a byte that is ASCII and in no escape (neither it nor the two bytes
    before it are "%"), so each decoded piece ends with that byte: no escape
    and no UTF-8 sequence, valid or not, spans a cut. *data* may be an ASCII
    str: each piece is then encoded on its own, so that no encoded copy of
    the whole is made.
    """
    cuts: re.Pattern[Any] = (
        _ASCII_OUTSIDE_ESCAPES_TEXT if isinstance(data, str) else _ASCII_OUTSIDE_ESCAPES
    )
    while start < end:
        found = None
        if end - start > BLOCK:
            found = cuts.search(data, start + BLOCK, end)
        cut = end if found is None else found.end()
        piece = _raw(data, start, cut)
        # a2b_qp would take a raw "=" for an escape, or join lines after a
        # "%"; no piece ends with "%", so a piece can be judged on its own.
        if b"=" in piece or b"\n" in piece or b"\r" in piece:
            break
        decoded = a2b_qp(piece.translate(_PLUS_AND_PERCENT))
        if not decoded_as_escapes(piece, decoded):
            break
        yield decoded
        start = cut
    if start < end:
        yield percent_decode_bytes(_raw(data, start, end).replace(b"+", b" "))


def parse_ascii_text(
    text: str, fallback: Callable[[bytes, int], list[tuple[str, str]]]
) -> list[tuple[str, str]]:
    """:func:`parse_utf8_whole` with "&" and replacement for an ASCII str.

    https://url.spec.whatwg.org/#concept-urlencoded-string-parser

    An ASCII str is its own UTF-8 encoding, byte for byte, so blocks are cut
    from the str and encoded one at a time, and a block that is one long
    field is encoded piece by piece: no encoded copy of the whole input is
    made, which for inputs of megabytes also spares the system mapping
    fresh memory for it on every call. Each block is also offered as a str
    to the sparse path (``_sparse.py``).
    """
    if "&" not in text:
        found = _parse_one_sequence(text, "replace")
        return fallback(text.encode("ascii"), 0) if found is None else found
    if len(text) <= BLOCK:
        raw = text.encode("ascii")
        found = _parse_utf8_block(raw, b"&", "replace", text)
        return fallback(raw, 0) if found is None else found
    output: list[tuple[str, str]] = []
    for block, offset in _blocks(text, "&"):
        if "&" in block:
            raw = block.encode("ascii")
            pairs = _parse_utf8_block(raw, b"&", "replace", block)
            output += fallback(raw, offset) if pairs is None else pairs
        elif block:
            found = _parse_one_sequence(block, "replace")
            output += fallback(block.encode("ascii"), offset) if found is None else found
    return output


def parse_utf8_whole(
    body: bytes,
    errors: str,
    fallback: Callable[[bytes, int], list[tuple[str, str]]],
    separator: bytes = b"&",
) -> list[tuple[str, str]]:
    """The urlencoded parser with UTF-8, block by block.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    *fallback* parses a block field by field, given the block and its offset
    in *body*; *errors* is ``"replace"`` or ``"strict"``. *separator* is
    one ASCII byte other than "=".
    """
    if separator in _NOT_IN_BULK:
        return fallback(body, 0)
    if len(body) <= BLOCK:
        pairs = _parse_utf8_block(body, separator, errors)
        return fallback(body, 0) if pairs is None else pairs
    output: list[tuple[str, str]] = []
    for block, offset in _blocks(body, separator):
        pairs = _parse_utf8_block(block, separator, errors)
        output += fallback(block, offset) if pairs is None else pairs
    return output


def may_decode_to_nothing(body: bytes, encoding: Encoding, separator: bytes = b"&") -> bool:
    """Whether a non-empty sequence of *body* may decode to nothing.

    In ISO-2022-JP an escape sequence alone (raw or percent-encoded) decodes
    to "", and the whole-text split would drop its pair as if the sequence
    were empty; step 3.1 skips only sequences without bytes. Such a sequence
    has no "=", starts with ESC and is at most three bytes when decoded.
    """
    if encoding is not _ISO_2022_JP:
        return False
    patterns = _ESCAPE_ALONE.get(separator)
    if patterns is None:
        sep = re.escape(separator)
        alone = rb"(?:\x1b|%%1[Bb])[^%s=]{0,6}(?:%s|\Z)" % (sep, sep)
        # The first sequence, and any other (found by its separator, quickly).
        patterns = _ESCAPE_ALONE[separator] = (re.compile(alone), re.compile(sep + alone))
    return patterns[0].match(body) is not None or patterns[1].search(body) is not None


_ISO_2022_JP = Encoding("ISO-2022-JP")
# may_decode_to_nothing's patterns, per separator.
_ESCAPE_ALONE: dict[bytes, tuple[re.Pattern[bytes], re.Pattern[bytes]]] = {}


def parse_encoded_whole(
    body: bytes,
    encoding: Encoding,
    strict: bool,
    fallback: Callable[[bytes, int], list[tuple[str, str]]],
    separator: bytes = b"&",
) -> list[tuple[str, str]]:
    """The urlencoded parser with a legacy *encoding*, block by block.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    As :func:`parse_utf8_whole`; in *strict* mode a block with a raw byte
    0x80-0xFF goes field by field, where it is refused.
    """
    if separator in _NOT_IN_BULK or may_decode_to_nothing(body, encoding, separator):
        return fallback(body, 0)
    output: list[tuple[str, str]] = []
    for block, offset in _blocks(body, separator):
        pairs = None
        if not strict or block.isascii():
            pairs = _parse_encoded_block(block, separator, encoding, strict)
        output += fallback(block, offset) if pairs is None else pairs
    return output


def parse_bytes_whole(
    body: bytes,
    fallback: Callable[[bytes], list[tuple[bytes, bytes]]],
    separator: bytes = b"&",
) -> list[tuple[bytes, bytes]]:
    """Steps 1-3.5 of the parser without the UTF-8 decode, block by block.

    *fallback* gives a block's pairs field by field.
    """
    if separator in _NOT_IN_BULK:
        return fallback(body)
    output: list[tuple[bytes, bytes]] = []
    for block, _ in _blocks(body, separator):
        if b"%" not in block:
            pairs = _split_bytes(
                block.replace(b"+", b" "), separator, b"=", shape(block, separator)
            )
        elif separator not in block:
            name, value = [b"".join(_decoded_pieces(block, *part)) for part in _one_sequence(block)]
            pairs = [(name, value)]
        else:
            found = _decode_block(block, separator)
            pairs = fallback(block) if found is None else _split_bytes(*found)
        output += pairs
    return output
