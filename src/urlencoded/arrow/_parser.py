"""The parser's steps over a column: split, cut at "=", "+" to space, decode.

https://url.spec.whatwg.org/#concept-urlencoded-parser
"""

from __future__ import annotations

from typing import Any

from .._core import FormOptions, form_options, percent_decode_bytes
from .._encoding import UTF_8, Encoding, decode
from ._columns import SEPARATORS, Array, flatten_lists, np, one_list, pa, pc

_INPUT_FORMATS = ("query", "url", "target")
_ALL_ASCII = bytes(range(0x80))


def check_input_format(input_format: object) -> str:
    if not isinstance(input_format, str):
        raise TypeError(f"input_format must be a str, not {type(input_format).__name__}")
    if input_format not in _INPUT_FORMATS:
        raise ValueError(f"input_format must be 'query', 'url' or 'target', not {input_format!r}")
    return input_format


def queries_of(raw: Array) -> Array:
    """The query of each URL or request target, as :func:`urlencoded.query_params` takes it.

    https://url.spec.whatwg.org/#concept-basic-url-parser: strip leading
    and trailing C0 controls and spaces, remove every ASCII tab or newline;
    then the query is what follows the first ``?`` before the first ``#``
    (the empty string when there is none).
    """
    raw = pc.replace_substring_regex(raw, r"^[\x00-\x20]+|[\x00-\x20]+$", "")
    raw = pc.replace_substring_regex(raw, r"[\t\n\r]", "")
    raw = pc.replace_substring_regex(raw, r"(?s)#.*", "", max_replacements=1)
    return pc.replace_substring_regex(raw, r"(?s)^[^?]*(?:\?|$)", "", max_replacements=1)


_PLUS_TO_SPACE = bytes.maketrans(b"+", b" ")


def _plus_to_space(column: Array) -> Array:
    """Step 3.4 for every name and value at once: 0x2B (+) becomes 0x20 (SP) in *column*.

    One translation of the data buffer; lengths do not change, so the
    offsets and validity are shared with *column*.
    """
    validity, offsets, data = column.buffers()
    if data is None:
        return column
    translated = pa.py_buffer(memoryview(data).tobytes().translate(_PLUS_TO_SPACE))
    return pa.Array.from_buffers(
        column.type, len(column), [validity, offsets, translated], offset=column.offset
    )


def _at_first_equals(flat: Array) -> Array:
    """Steps 3.2-3.3 for every sequence: name, "=" and value, cut at the first 0x3D (=).

    Each sequence becomes three pieces (a sequence without "=" itself and
    two empty pieces), by offsets into the same data buffer: no copy.
    """
    large = pa.types.is_large_binary(flat.type)
    starts = np.frombuffer(flat.buffers()[1], dtype=np.int64 if large else np.int32)
    starts = starts[flat.offset : flat.offset + len(flat) + 1]
    begin, end = starts[:-1], starts[1:]
    equals = np.asarray(pc.find_substring(flat, "="))
    found = equals >= 0
    name_end = np.where(found, begin + equals, end)
    value_begin = np.where(found, name_end + 1, end)
    offsets = np.empty(3 * len(flat) + 1, dtype=starts.dtype)
    offsets[0:-1:3] = begin
    offsets[1:-1:3] = name_end
    offsets[2:-1:3] = value_begin
    offsets[-1] = starts[-1]
    return pa.Array.from_buffers(
        flat.type, 3 * len(flat), [None, pa.py_buffer(offsets), flat.buffers()[2]]
    )


class Split:
    """Steps 1-3 of the parser over a column: the raw names and values and their rows."""

    __slots__ = ("names", "offsets", "pieces", "queries", "rows")

    def __init__(self, queries: Array) -> None:
        self.queries = queries
        # Step 1: split each row on 0x26 (&). Step 3.4 comes first here, over
        # the whole buffer: "+" plays no part in steps 1-3.3.
        sequences = pc.split_pattern(_plus_to_space(queries), "&")
        flat, rows = flatten_lists(sequences)
        # Step 3.1: skip empty sequences.
        keep = pc.not_equal(pc.binary_length(flat), 0)
        if keep.false_count:
            flat = flat.filter(keep)
            rows = rows[np.asarray(keep, dtype=bool)]
        self.rows: Any = rows
        counts = np.bincount(rows, minlength=len(queries))
        large = pa.types.is_large_binary(queries.type)
        offsets = np.zeros(len(queries) + 1, dtype=np.int64 if large else np.int32)
        np.cumsum(counts, out=offsets[1:])
        self.offsets: Any = offsets
        # Steps 3.2-3.3: the name up to the first 0x3D (=), the value after it.
        self.pieces = _at_first_equals(flat)
        self.names = self.pieces.take(np.arange(0, len(self.pieces), 3))

    def values_at(self, indices: Any = None) -> Array:
        """The raw values of the sequences at *indices* (of all of them for None)."""
        if indices is None:
            indices = np.arange(len(self.names))
        return self.pieces.take(np.asarray(indices, dtype=np.int64) * 3 + 2)


def _joined_utf8(selected: Array, strict: bool) -> tuple[Array | None, int | None]:
    """Percent-decode and UTF-8 decode every element, in one pass over them joined.

    The elements are joined with an ASCII byte that is not a hex digit, in
    none of them and produced by none of their escapes: no escape spans it,
    and an ASCII byte is never part of an invalid UTF-8 sequence, so
    decoding the whole and splitting at it equals decoding each element.
    Returns (the decoded elements, None) or, in strict mode, (None, index of
    the first element that is not valid UTF-8).
    """
    count = len(selected)
    whole = one_list(selected)
    for separator in SEPARATORS:
        joined = pc.binary_join(whole, pa.scalar(bytes([separator]), pa.large_binary()))[0].as_py()
        if joined.count(separator) != count - 1:
            continue
        data = percent_decode_bytes(joined)
        if data.count(separator) != count - 1:
            continue
        try:
            text = data.decode("utf-8", "strict" if strict else "replace")
        except UnicodeDecodeError as error:
            return None, data.count(separator, 0, error.start)
        split = pc.split_pattern(pa.array([text], pa.large_string()), chr(separator))
        return split.flatten(), None
    # Every candidate is taken: element by element.
    decoded = []
    for index, element in enumerate(selected.to_pylist()):
        try:
            decoded.append(percent_decode_bytes(element).decode("utf-8", "strict"))
        except UnicodeDecodeError:
            if strict:
                return None, index
            decoded.append(percent_decode_bytes(element).decode("utf-8", "replace"))
    return pa.array(decoded, pa.large_string()), None


def _each_legacy(
    selected: Array, encoding: Encoding, strict: bool
) -> tuple[Array | None, int | None]:
    """Percent-decode and decode each element with a legacy *encoding*'s decoder.

    In strict mode a raw byte 0x80-0xFF (one not percent-encoded) is an
    error, as :func:`urlencoded.parse` makes it with a legacy encoding.
    """
    decoded = []
    for index, element in enumerate(selected.to_pylist()):
        if strict and not element.isascii():
            return None, index
        try:
            decoded.append(decode(encoding, percent_decode_bytes(element), fatal=strict))
        except UnicodeDecodeError:
            return None, index
    return pa.array(decoded, pa.large_string()), None


def decode_parts(
    parts: Array, encoding: Encoding, strict: bool, valid_utf8: bool
) -> tuple[Array | None, int | None]:
    """Step 3.5-3.6: percent-decode and decode names or values; (result, first bad index).

    Only the elements that need it go through Python: those with a ``%``,
    those with bytes above 0x7F unless the column is valid UTF-8 already,
    and, for an encoding that does not decode ASCII as ASCII, all of them.
    """
    large = pa.types.is_large_binary(parts.type)
    if encoding is UTF_8:
        needs = pa.array(_holding(parts, not valid_utf8))
    elif _keeps_ascii(encoding):
        needs = pa.array(_holding(parts, True))
    else:
        needs = pa.array(np.ones(len(parts), dtype=bool))
    selected = parts.filter(needs)
    if len(selected) == 0:
        decoded: Array | None = None
    else:
        if encoding is UTF_8:
            decoded, bad = _joined_utf8(selected, strict)
        else:
            decoded, bad = _each_legacy(selected, encoding, strict)
        if decoded is None:
            return None, int(np.flatnonzero(np.asarray(needs))[bad])
    if decoded is not None:
        kind = pa.large_binary() if large else pa.binary()
        parts = pc.replace_with_mask(parts, needs, decoded.cast(pa.large_binary()).cast(kind))
    return parts.view(pa.large_string() if large else pa.string()), None


def _holding(parts: Array, above_ascii: bool) -> Any:
    """Which elements of *parts* hold a "%" (or, if *above_ascii*, a byte above 0x7F).

    One pass over the data buffer: the bytes are found, then the elements
    they fall in, by the offsets.
    """
    large = pa.types.is_large_binary(parts.type)
    offsets = np.frombuffer(parts.buffers()[1], dtype=np.int64 if large else np.int32)
    offsets = offsets[parts.offset : parts.offset + len(parts) + 1]
    held = np.zeros(len(parts), dtype=bool)
    buffer = parts.buffers()[2]
    if buffer is None or len(parts) == 0:
        return held
    data = np.frombuffer(buffer, dtype=np.uint8)[offsets[0] : offsets[-1]]
    hits = data == 0x25
    if above_ascii:
        hits |= data >= 0x80
    found = np.flatnonzero(hits) + offsets[0]
    held[np.searchsorted(offsets, found, side="right") - 1] = True
    return held


def _keeps_ascii(encoding: Encoding) -> bool:
    """Whether *encoding* decodes every ASCII byte as itself."""
    return decode(encoding, _ALL_ASCII) == _ALL_ASCII.decode("ascii")


def parse_options(encoding: object, errors: object) -> FormOptions:
    return form_options(encoding=encoding, errors=errors)


def is_valid_utf8(chunk: Array, raw: Array) -> bool:
    if pa.types.is_string(chunk.type) or pa.types.is_large_string(chunk.type):
        return True
    try:
        raw.view(pa.large_string() if pa.types.is_large_binary(raw.type) else pa.string()).validate(
            full=True
        )
    except pa.ArrowInvalid:
        return False
    return True
