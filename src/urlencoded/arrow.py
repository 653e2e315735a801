"""Query strings in Apache Arrow columns: parse, pick fields and serialize a whole column.

https://url.spec.whatwg.org/#concept-urlencoded-parser and
https://url.spec.whatwg.org/#concept-urlencoded-serializer, over a column of
inputs at once.

Each function gives, row for row, what :func:`urlencoded.parse` and
:func:`urlencoded.serialize` give, without a Python call per row: the
parser's steps 1-3 (split on ``&``, drop empty sequences, split at the first
``=``, ``+`` to space) run as ``pyarrow.compute`` kernels over the column's
buffers, and only the names and values that hold a ``%`` (or bytes that are
not ASCII) are percent-decoded and decoded, all of them in one pass over one
joined buffer. Polars, DuckDB, pandas (``ArrowDtype``), Dask and Spark hand
columns over as Arrow without copying; :doc:`scale` has a recipe for each.

Needs ``pyarrow`` and ``numpy``: ``pip install 'urlencoded[arrow]'``.

.. versionadded:: 1.1
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

try:
    import numpy
    import pyarrow
    import pyarrow.compute
except ImportError as error:  # pragma: no cover - the test extra installs both
    raise ImportError(
        f"urlencoded.arrow needs pyarrow and numpy ({error.name} is missing): "
        "pip install 'urlencoded[arrow]'"
    ) from error

from ._core import (
    URLENCODED_PERCENT_ENCODE_SET,
    FormOptions,
    escaper,
    form_options,
    parse,
    percent_decode_bytes,
)
from ._encoding import UTF_8, Encoding, decode
from ._errors import DecodeError, RowDecodeError

# Arrow's and NumPy's types are checked by their own tests; here, columns are Any.
pa: Any = pyarrow
pc: Any = pyarrow.compute
np: Any = numpy
Array = Any

if TYPE_CHECKING:
    import os

__all__ = [
    "PAIR_TYPE",
    "RowDecodeError",
    "extract",
    "pairs_array",
    "parse_array",
    "serialize_array",
    "write_parquet",
]

#: One row's pairs: ``list<struct<name: string, value: string>>``.
PAIR_TYPE = pa.list_(pa.struct([("name", pa.string()), ("value", pa.string())]))

# Accepted inputs: an Arrow array or chunked array, or anything that exports one.
ArrayLike = Any
_INPUT_FORMATS = ("query", "url", "target")
# Bytes that can stand between joined names or values: ASCII, not hex digits.
_SEPARATORS = (0x1F, 0x1E, 0x1D, 0x1C, 0x00, 0x7F, *range(0x01, 0x09))
_ALL_ASCII = bytes(range(0x80))
# A name or value the urlencoded set leaves as it is, but for space.
_PLAIN = r"^[A-Za-z0-9*\-._ ]*$"


def _binary(chunk: Array) -> Array:
    """*chunk* as binary or large_binary, without copying where Arrow allows."""
    kind = chunk.type
    if pa.types.is_string(kind):
        return chunk.view(pa.binary())
    if pa.types.is_large_string(kind):
        return chunk.view(pa.large_binary())
    if pa.types.is_binary(kind) or pa.types.is_large_binary(kind):
        return chunk
    if pa.types.is_string_view(kind) or pa.types.is_binary_view(kind):
        return chunk.cast(pa.large_binary())
    if pa.types.is_null(kind):
        return pa.nulls(len(chunk), pa.binary())
    raise TypeError(
        f"expected a column of strings or binary (string, large_string, binary, "
        f"large_binary, string_view, binary_view), not {kind}"
    )


def _chunks(array: ArrayLike, caller: str) -> tuple[list[Array], bool]:
    """(the chunks of *array*, whether it was chunked)."""
    if isinstance(array, pa.ChunkedArray):
        return list(array.chunks), True
    if isinstance(array, pa.Array):
        return [array], False
    if hasattr(array, "__arrow_c_stream__"):
        return list(pa.chunked_array(array).chunks), True
    if hasattr(array, "__arrow_c_array__"):
        return [pa.array(array)], False
    raise TypeError(
        f"{caller}() expected a pyarrow Array or ChunkedArray (or an object exporting one), "
        f"not {type(array).__name__}"
    )


def _rejoin(chunks: list[Array], chunked: bool, kind: Any) -> Any:
    if chunked:
        return pa.chunked_array(chunks, type=kind)
    return chunks[0]


def _check_input_format(input_format: object) -> str:
    if not isinstance(input_format, str):
        raise TypeError(f"input_format must be a str, not {type(input_format).__name__}")
    if input_format not in _INPUT_FORMATS:
        raise ValueError(f"input_format must be 'query', 'url' or 'target', not {input_format!r}")
    return input_format


def _queries(raw: Array) -> Array:
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


def _flat(lists: Array) -> tuple[Array, Any]:
    """(every item of *lists*, the row of each), items under null rows included."""
    offsets = np.asarray(lists.offsets)
    flat = lists.values.slice(offsets[0], offsets[-1] - offsets[0])
    return flat, np.repeat(np.arange(len(lists)), np.diff(offsets))


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


class _Split:
    """Steps 1-3 of the parser over a column: the raw names and values and their rows."""

    __slots__ = ("names", "offsets", "pieces", "queries", "rows")

    def __init__(self, queries: Array) -> None:
        self.queries = queries
        # Step 1: split each row on 0x26 (&). Step 3.4 comes first here, over
        # the whole buffer: "+" plays no part in steps 1-3.3.
        sequences = pc.split_pattern(_plus_to_space(queries), "&")
        flat, rows = _flat(sequences)
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


def _one_list(selected: Array) -> Array:
    """A one-row list column holding every element of *selected*, for ``binary_join``."""
    items = selected.cast(pa.large_binary())
    return pa.LargeListArray.from_arrays(pa.array([0, len(items)], pa.int64()), items)


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
    whole = _one_list(selected)
    for separator in _SEPARATORS:
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
    """Percent-decode and decode each element with a legacy *encoding*'s decoder."""
    decoded = []
    for index, element in enumerate(selected.to_pylist()):
        try:
            decoded.append(decode(encoding, percent_decode_bytes(element), fatal=strict))
        except UnicodeDecodeError:
            return None, index
    return pa.array(decoded, pa.large_string()), None


def _decode(
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


def _options(encoding: object, errors: object) -> FormOptions:
    return form_options(encoding=encoding, errors=errors)


def _is_valid_utf8(chunk: Array, raw: Array) -> bool:
    if pa.types.is_string(chunk.type) or pa.types.is_large_string(chunk.type):
        return True
    try:
        raw.view(pa.large_string() if pa.types.is_large_binary(raw.type) else pa.string()).validate(
            full=True
        )
    except pa.ArrowInvalid:
        return False
    return True


def _raise_row(queries: Array, row: int, options: FormOptions) -> None:
    """Raise the :class:`RowDecodeError` of *row*, as :func:`urlencoded.parse` finds it."""
    try:
        parse(queries[row].as_py(), encoding=options.encoding, errors="strict")
    except DecodeError as error:
        raise RowDecodeError(
            row, error.encoding, error.offset, error.position, error.data
        ) from None
    raise AssertionError(f"row {row} was expected to hold invalid {options.encoding.name}")


def _parse_chunk(
    chunk: Array, options: FormOptions, input_format: str, first_row: int
) -> tuple[_Split, Array, Array]:
    """(the split, decoded names, decoded values) of one chunk."""
    raw = _binary(chunk)
    queries = raw if input_format == "query" else _queries(raw)
    split = _Split(queries)
    valid = _is_valid_utf8(chunk, raw)
    names, bad_name = _decode(split.names, options.encoding, options.strict, valid)
    values, bad_value = _decode(split.values_at(), options.encoding, options.strict, valid)
    if names is None or values is None:
        bad_rows = [int(split.rows[bad]) for bad in (bad_name, bad_value) if bad is not None]
        try:
            _raise_row(queries, min(bad_rows), options)
        except RowDecodeError as error:
            raise RowDecodeError(
                first_row + error.row, error.encoding, error.offset, error.position, error.data
            ) from None
    assert names is not None
    assert values is not None
    return split, names, values


def parse_array(
    array: ArrayLike,
    *,
    encoding: str | Encoding = "UTF-8",
    errors: str = "replace",
    input_format: str = "query",
) -> Any:
    """Parse each row of a column of application/x-www-form-urlencoded strings.

    https://url.spec.whatwg.org/#concept-urlencoded-parser, row by row, as
    :func:`urlencoded.parse` does it on each row's bytes (a string row is its
    UTF-8 bytes, so its escapes may hold bytes of a legacy *encoding*).

    :param array: a ``pyarrow.Array`` or ``ChunkedArray`` of ``string``,
        ``large_string``, ``binary``, ``large_binary``, ``string_view`` or
        ``binary_view`` (the views are copied), or an object that exports one
        through the Arrow PyCapsule interface (a Polars ``Series``).
    :param encoding: decode names and values with this encoding (a label or
        :class:`~urlencoded.Encoding`), as :func:`urlencoded.parse` does.
    :param errors: ``"replace"`` (the spec) or ``"strict"``: raise
        :class:`RowDecodeError`, which names the first row with invalid bytes.
    :param input_format: ``"query"`` (each row is a query or body);
        ``"url"`` or ``"target"`` (each row is a URL or an HTTP request
        target such as ``/search?q=1``, whose query is taken as
        :func:`urlencoded.query_params` takes it: after the first ``?``
        before the first ``#``, once C0 controls and spaces are stripped from
        the ends and tabs and newlines removed; no query gives no pairs).
    :returns: ``list<struct<name: string, value: string>>`` (:data:`PAIR_TYPE`),
        one list per row; a null row gives a null list. ``large_string`` and
        ``large_binary`` input give ``large_string`` names and values. A
        ``ChunkedArray`` in gives one out, chunk for chunk.
    :raises TypeError: if *array* is not an Arrow column of strings or
        binary, or an option has the wrong type.
    :raises ValueError: for an unknown *errors* or *input_format*.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    :raises RowDecodeError: with ``errors="strict"``, for the first row whose
        names or values are not valid in the encoding; its offsets are those
        :func:`urlencoded.parse` reports for that row's query.

    >>> import pyarrow as pa
    >>> parse_array(pa.array(["q=caf%C3%A9+au+lait&x", None, ""])).to_pylist()
    [[{'name': 'q', 'value': 'café au lait'}, {'name': 'x', 'value': ''}], None, []]

    .. versionadded:: 1.1
    """
    options = _options(encoding, errors)
    input_format = _check_input_format(input_format)
    chunks, chunked = _chunks(array, "parse_array")
    results = []
    first_row = 0
    for chunk in chunks:
        split, names, values = _parse_chunk(chunk, options, input_format, first_row)
        results.append(_pairs(split, names, values, chunk))
        first_row += len(chunk)
    kind = results[0].type if results else PAIR_TYPE
    return _rejoin(results, chunked, kind)


def _pairs(split: _Split, names: Array, values: Array, chunk: Array) -> Array:
    pairs = pa.StructArray.from_arrays([names, values], names=["name", "value"])
    mask = chunk.is_null()
    offsets = pa.array(split.offsets)
    if pa.types.is_large_string(names.type):
        return pa.LargeListArray.from_arrays(offsets, pairs, mask=mask)
    return pa.ListArray.from_arrays(offsets, pairs, mask=mask)


def _is_pairs(kind: Any) -> bool:
    """Whether *kind* is a list of structs with string or binary "name" and "value"."""
    if not (pa.types.is_list(kind) or pa.types.is_large_list(kind)):
        return False
    item = kind.value_type
    if not pa.types.is_struct(item):
        return False
    fields = {item.field(index).name: item.field(index).type for index in range(item.num_fields)}
    return all(
        name in fields
        and (
            pa.types.is_string(fields[name])
            or pa.types.is_large_string(fields[name])
            or pa.types.is_binary(fields[name])
            or pa.types.is_large_binary(fields[name])
        )
        for name in ("name", "value")
    )


class _Fields:
    """The names of a chunk's pairs, decoded, and their values, decoded when asked for."""

    def __init__(
        self, chunk: Array, options: FormOptions, input_format: str, first_row: int
    ) -> None:
        self.valid = True
        self.split: _Split | None = None
        self.encoding = options.encoding
        if _is_pairs(chunk.type):
            flat, self.rows = _flat(chunk)
            self.names = flat.field("name")
            self.values: Array = flat.field("value")
        elif options.strict:
            split, self.names, self.values = _parse_chunk(chunk, options, input_format, first_row)
            self.rows = split.rows
        else:
            # The values of the requested names only are decoded.
            raw = _binary(chunk)
            self.split = _Split(raw if input_format == "query" else _queries(raw))
            self.valid = _is_valid_utf8(chunk, raw)
            self.rows = self.split.rows
            names, _ = _decode(self.split.names, self.encoding, False, self.valid)
            assert names is not None
            self.names = names
            self.values = None

    def values_at(self, indices: Any) -> Array:
        if self.split is None:
            return self.values.take(pa.array(indices, pa.int64()))
        decoded, _ = _decode(self.split.values_at(indices), self.encoding, False, self.valid)
        assert decoded is not None
        return decoded


def _first_of_each_row(rows: Any, found: Any) -> Any:
    """The entries of *found* (sorted pair indices) that are the first of their row."""
    chosen = rows[found]
    first = np.ones(len(found), dtype=bool)
    first[1:] = chosen[1:] != chosen[:-1]
    return found[first]


def _first_values(rows: Any, found: Any, values: Array, count: int) -> Array:
    """One value per row: *values* (those of the pairs *found*) at their rows, null elsewhere.

    The values are in row order already, so the column is theirs with new
    offsets (an absent row is empty and null): no copy of the data.
    """
    if values.null_count:
        # Null values (from a pairs column) keep their nulls through a take.
        positions = np.full(count, -1, dtype=np.int64)
        positions[rows[found]] = np.arange(len(found))
        return values.take(pa.array(positions, mask=positions < 0))
    large = pa.types.is_large_string(values.type) or pa.types.is_large_binary(values.type)
    kind = np.int64 if large else np.int32
    given = np.frombuffer(values.buffers()[1], dtype=kind)
    given = given[values.offset : values.offset + len(values) + 1]
    lengths = np.zeros(count, dtype=kind)
    present = np.zeros(count, dtype=bool)
    chosen = rows[found]
    lengths[chosen] = np.diff(given)
    present[chosen] = True
    offsets = np.empty(count + 1, dtype=kind)
    offsets[0] = given[0]
    np.cumsum(lengths, out=offsets[1:])
    offsets[1:] += given[0]
    validity = pa.py_buffer(np.packbits(present, bitorder="little"))
    return pa.Array.from_buffers(
        values.type,
        count,
        [validity, pa.py_buffer(offsets), values.buffers()[2] or pa.py_buffer(b"")],
        null_count=count - len(found),
    )


def _all_values(rows: Any, found: Any, values: Array, count: int) -> Array:
    """A list per row of *values* (those of the pairs *found*), null for a row without any."""
    counts = np.bincount(rows[found], minlength=count)
    large = pa.types.is_large_string(values.type) or pa.types.is_large_binary(values.type)
    offsets = np.zeros(count + 1, dtype=np.int64 if large else np.int32)
    np.cumsum(counts, out=offsets[1:])
    make = pa.LargeListArray if large else pa.ListArray
    return make.from_arrays(pa.array(offsets), values, mask=pa.array(counts == 0))


def _extract_chunk(fields: _Fields, names: list[str], all_values: bool, count: int) -> list[Array]:
    """One column per name; the values of all of them are taken and decoded in one go."""
    # One hash lookup per pair gives the index of its name in *names*, or -1.
    wanted = pa.array(names, pa.string()).cast(fields.names.type)
    codes = np.asarray(pc.index_in(fields.names, value_set=wanted).fill_null(-1))
    found = []
    for index in range(len(names)):
        matches = np.flatnonzero(codes == index)
        found.append(matches if all_values else _first_of_each_row(fields.rows, matches))
    values = fields.values_at(np.concatenate(found))
    pick = _all_values if all_values else _first_values
    columns = []
    start = 0
    for matches in found:
        columns.append(pick(fields.rows, matches, values.slice(start, len(matches)), count))
        start += len(matches)
    return columns


def _check_names(names: object) -> list[str]:
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise TypeError(f"names must be a list of str, not {type(names).__name__}")
    checked = list(names)
    for name in checked:
        if not isinstance(name, str):
            raise TypeError(f"names must be a list of str, not one holding {type(name).__name__}")
    if not checked:
        raise ValueError("names must hold at least one name")
    if len(set(checked)) != len(checked):
        raise ValueError(f"names must not repeat a name: {checked!r}")
    return checked


def extract(
    array: ArrayLike,
    names: Sequence[str],
    *,
    all_values: bool = False,
    encoding: str | Encoding = "UTF-8",
    errors: str = "replace",
    input_format: str = "query",
) -> Any:
    """One column per name: each row's first value of that name (or all of them).

    https://url.spec.whatwg.org/#concept-urlencoded-parser, then what
    ``URLSearchParams.get()`` (https://url.spec.whatwg.org/#dom-urlsearchparams-get)
    and ``getAll()`` do with each row's pairs.

    :param array: a column as :func:`parse_array` takes it, or the result of
        :func:`parse_array` (or any ``list<struct<name, value>>`` column,
        whose values keep their type).
    :param names: the names to look up, compared after decoding, code unit
        for code unit.
    :param all_values: give each row a list of every value of the name, in
        order, instead of the first.
    :param encoding: as for :func:`parse_array`.
    :param errors: as for :func:`parse_array`; ``"strict"`` checks every
        name and value, not only the ones returned.
    :param input_format: as for :func:`parse_array`.
    :returns: a ``StructArray`` (a ``ChunkedArray`` of them for a chunked
        column) with one ``string`` field per name (``list<string>`` with
        *all_values*); a row without the name has null there, and a null row
        is null. ``pyarrow.Table.from_struct_array`` makes it a table.
    :raises TypeError: if *array* is not a column of strings, binary or
        pairs, *names* is not a list of str, or an option has the wrong type.
    :raises ValueError: if *names* is empty or repeats a name, or for an
        unknown *errors* or *input_format*.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    :raises RowDecodeError: with ``errors="strict"``, as :func:`parse_array`.

    >>> import pyarrow as pa
    >>> column = pa.array(["utm_source=news&q=a+b&q=c", "q=%E6%97%A5", None])
    >>> extract(column, ["q", "utm_source"]).to_pylist()
    [{'q': 'a b', 'utm_source': 'news'}, {'q': '日', 'utm_source': None}, None]
    >>> extract(column, ["q"], all_values=True).field("q").to_pylist()
    [['a b', 'c'], ['日'], None]

    .. versionadded:: 1.1
    """
    checked = _check_names(names)
    if not isinstance(all_values, bool):
        raise TypeError(f"all_values must be a bool, not {type(all_values).__name__}")
    options = _options(encoding, errors)
    input_format = _check_input_format(input_format)
    chunks, chunked = _chunks(array, "extract")
    results = []
    first_row = 0
    for chunk in chunks:
        fields = _Fields(chunk, options, input_format, first_row)
        count = len(chunk)
        columns = _extract_chunk(fields, checked, all_values, count)
        results.append(pa.StructArray.from_arrays(columns, names=checked, mask=chunk.is_null()))
        first_row += count
    if not results:
        item = pa.list_(pa.string()) if all_values else pa.string()
        return pa.chunked_array([], pa.struct([(name, item) for name in checked]))
    return _rejoin(results, chunked, results[0].type)


_FORM_ESCAPES = escaper(URLENCODED_PERCENT_ENCODE_SET, True)


def _escape_each(selected: Array) -> Array:
    """Step 3 of the serializer for each element: percent-encode, space as ``+``.

    Joined with a byte the set escapes and none of them holds, written as
    ``&`` (which the set escapes everywhere else), all of them are escaped
    in one pass and split at each ``&``.
    """
    count = len(selected)
    whole = _one_list(selected)
    for separator in _SEPARATORS:
        joined = pc.binary_join(whole, pa.scalar(bytes([separator]), pa.large_binary()))[0].as_py()
        if joined.count(separator) == count - 1:
            text = _FORM_ESCAPES.writing(((separator, "&"),))(joined)
            return pc.split_pattern(pa.array([text], pa.large_string()), "&").flatten()
    return pa.array([_FORM_ESCAPES(element) for element in selected.to_pylist()], pa.large_string())


def _escape(parts: Array) -> Array:
    needs = pc.invert(pc.match_substring_regex(parts, _PLAIN))
    # Step 3.1's exceptions: 0x20 (SP) becomes "+", the rest of the plain bytes stay.
    out = pc.replace_substring(parts, " ", "+")
    selected = parts.filter(needs)
    if len(selected):
        escaped = _escape_each(selected).cast(pa.large_binary()).cast(out.type)
        out = pc.replace_with_mask(out, needs, escaped)
    return out


def _serialize_chunk(chunk: Array, first_row: int) -> Array:
    if not _is_pairs(chunk.type):
        raise TypeError(
            "serialize_array() expected a column of list<struct<name: string, value: string>> "
            f"(binary names or values are taken as already encoded), not {chunk.type}"
        )
    flat, rows = _flat(chunk)
    valid = np.asarray(chunk.is_valid())[rows]
    for part in (flat, flat.field("name"), flat.field("value")):
        if part.null_count and np.asarray(part.is_null())[valid].any():
            index = int(np.flatnonzero(np.asarray(part.is_null()) & valid)[0])
            raise TypeError(
                f"row {first_row + int(rows[index])} holds a null pair, name or value; "
                "serialize() takes str or bytes"
            )
    large = pa.types.is_large_list(chunk.type)
    kind = pa.large_binary() if large else pa.binary()
    names = _escape(flat.field("name").cast(kind))
    values = _escape(flat.field("value").cast(kind))
    # Step 3.3-3.4: name "=" value, and "&" between pairs.
    pairs = pc.binary_join_element_wise(names, values, pa.scalar(b"=", kind))
    counts = np.bincount(rows, minlength=len(chunk))
    offsets = np.zeros(len(chunk) + 1, dtype=np.int64 if large else np.int32)
    np.cumsum(counts, out=offsets[1:])
    make = pa.LargeListArray if large else pa.ListArray
    lists = make.from_arrays(pa.array(offsets), pairs, mask=chunk.is_null())
    joined = pc.binary_join(lists, pa.scalar(b"&", kind))
    return joined.view(pa.large_string() if large else pa.string())


def serialize_array(list_array: ArrayLike) -> Any:
    """Serialize each row's pairs as application/x-www-form-urlencoded.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer, row by row,
    as :func:`urlencoded.serialize` does it (UTF-8, space as ``+``).

    :param list_array: ``list<struct<name, value>>`` as :func:`parse_array`
        gives (names and values ``string`` or ``large_string``; ``binary`` ones
        are taken as already encoded, as :func:`urlencoded.serialize` takes bytes).
    :returns: a ``StringArray`` (``large_string`` for ``large_list`` input;
        a ``ChunkedArray`` for a chunked column); a null row gives null, an
        empty list the empty string.
    :raises TypeError: if *list_array* is not such a column, or a pair, name
        or value in it is null (the row is named).

    >>> import pyarrow as pa
    >>> serialize_array(parse_array(pa.array(["q=caf%C3%A9+au+lait&x", None]))).to_pylist()
    ['q=caf%C3%A9+au+lait&x=', None]

    .. versionadded:: 1.1
    """
    chunks, chunked = _chunks(list_array, "serialize_array")
    results = []
    first_row = 0
    for chunk in chunks:
        results.append(_serialize_chunk(chunk, first_row))
        first_row += len(chunk)
    return _rejoin(results, chunked, results[0].type if results else pa.string())


def pairs_array(rows: Iterable[Sequence[tuple[str, str]] | None]) -> Any:
    """A :data:`PAIR_TYPE` column from rows of ``(name, value)`` pairs, None for a null row.

    What :func:`urlencoded.parse` returns, one list per row, as Arrow.

    :param rows: each a list of ``(name, value)`` str pairs, or None.
    :returns: a ``ListArray`` of ``struct<name: string, value: string>``.
    :raises TypeError: if a row is not a list of pairs of str.

    >>> from urlencoded import parse
    >>> pairs_array([parse("a=1&b"), None]).to_pylist()
    [[{'name': 'a', 'value': '1'}, {'name': 'b', 'value': ''}], None]

    .. versionadded:: 1.1
    """
    offsets = [0]
    valid = []
    names: list[str] = []
    values: list[str] = []
    for index, row in enumerate(rows):
        valid.append(row is not None)
        if row is not None:
            for pair in row:
                if not (
                    isinstance(pair, (tuple, list))
                    and len(pair) == 2
                    and isinstance(pair[0], str)
                    and isinstance(pair[1], str)
                ):
                    raise TypeError(
                        f"row {index}: expected (name, value) pairs of str, got {pair!r}"
                    )
                names.append(pair[0])
                values.append(pair[1])
        offsets.append(len(names))
    pairs = pa.StructArray.from_arrays(
        [pa.array(names, pa.string()), pa.array(values, pa.string())], names=["name", "value"]
    )
    mask = pa.array([not flag for flag in valid], pa.bool_())
    return pa.ListArray.from_arrays(pa.array(offsets, pa.int32()), pairs, mask=mask)


def write_parquet(
    rows: Iterable[Sequence[tuple[str, str]] | None],
    where: str | os.PathLike[str] | Any,
    *,
    column: str = "pairs",
    batch_rows: int = 65536,
) -> int:
    """Write rows of parsed pairs to a Parquet file, a batch of rows at a time.

    One column, *column*, of :data:`PAIR_TYPE`: each row is what
    :func:`urlencoded.parse` returned for one input (None for a null row).
    At most *batch_rows* rows are held at once, each batch one row group, so
    a long stream of rows takes bounded memory.

    :param rows: an iterable of lists of ``(name, value)`` str pairs, or None.
    :param where: a path or a writable binary file.
    :param column: the column's name.
    :param batch_rows: rows per row group, 1 or more.
    :returns: the number of rows written.
    :raises TypeError: if a row is not a list of pairs of str, or an option
        has the wrong type.
    :raises ValueError: if *batch_rows* is less than 1.
    :raises OSError: if the file cannot be written.

    .. versionadded:: 1.1
    """
    pq: Any = importlib.import_module("pyarrow.parquet")

    if not isinstance(column, str):
        raise TypeError(f"column must be a str, not {type(column).__name__}")
    if not isinstance(batch_rows, int) or isinstance(batch_rows, bool):
        raise TypeError(f"batch_rows must be an int, not {type(batch_rows).__name__}")
    if batch_rows < 1:
        raise ValueError(f"batch_rows must be 1 or more, not {batch_rows}")
    schema = pa.schema([(column, PAIR_TYPE)])
    written = 0
    batch: list[Sequence[tuple[str, str]] | None] = []
    with pq.ParquetWriter(where, schema) as writer:
        for row in rows:
            batch.append(row)
            if len(batch) == batch_rows:
                writer.write_table(pa.Table.from_arrays([pairs_array(batch)], schema=schema))
                written += len(batch)
                batch = []
        if batch or not written:
            writer.write_table(pa.Table.from_arrays([pairs_array(batch)], schema=schema))
            written += len(batch)
    return written
