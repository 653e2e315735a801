"""parse_array and extract: the parser over a column, and the fields of each row."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .._core import FormOptions, parse, to_usv_string
from .._encoding import Encoding
from .._errors import DecodeError, RowDecodeError
from ._columns import (
    PAIR_TYPE,
    Array,
    ArrayLike,
    binary,
    column_chunks,
    flatten_lists,
    is_pairs,
    np,
    pa,
    pc,
    rejoin,
)
from ._parser import (
    Split,
    check_input_format,
    decode_parts,
    is_valid_utf8,
    parse_options,
    queries_of,
)


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
) -> tuple[Split, Array, Array]:
    """(the split, decoded names, decoded values) of one chunk."""
    raw = binary(chunk)
    queries = raw if input_format == "query" else queries_of(raw)
    split = Split(queries)
    valid = is_valid_utf8(chunk, raw)
    names, bad_name = decode_parts(split.names, options.encoding, options.strict, valid)
    values, bad_value = decode_parts(split.values_at(), options.encoding, options.strict, valid)
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
    options = parse_options(encoding, errors)
    input_format = check_input_format(input_format)
    chunks, chunked = column_chunks(array, "parse_array")
    results = []
    first_row = 0
    for chunk in chunks:
        split, names, values = _parse_chunk(chunk, options, input_format, first_row)
        results.append(_pairs(split, names, values, chunk))
        first_row += len(chunk)
    kind = results[0].type if results else PAIR_TYPE
    return rejoin(results, chunked, kind)


def _pairs(split: Split, names: Array, values: Array, chunk: Array) -> Array:
    pairs = pa.StructArray.from_arrays([names, values], names=["name", "value"])
    mask = chunk.is_null()
    offsets = pa.array(split.offsets)
    if pa.types.is_large_string(names.type):
        return pa.LargeListArray.from_arrays(offsets, pairs, mask=mask)
    return pa.ListArray.from_arrays(offsets, pairs, mask=mask)


class _Fields:
    """The names of a chunk's pairs, decoded, and their values, decoded when asked for."""

    def __init__(
        self, chunk: Array, options: FormOptions, input_format: str, first_row: int
    ) -> None:
        self.valid = True
        self.split: Split | None = None
        self.encoding = options.encoding
        if is_pairs(chunk.type):
            flat, self.rows = flatten_lists(chunk)
            self.names = flat.field("name")
            self.values: Array = flat.field("value")
        elif options.strict:
            split, self.names, self.values = _parse_chunk(chunk, options, input_format, first_row)
            self.rows = split.rows
        else:
            # The values of the requested names only are decoded.
            raw = binary(chunk)
            self.split = Split(raw if input_format == "query" else queries_of(raw))
            self.valid = is_valid_utf8(chunk, raw)
            self.rows = self.split.rows
            names, _ = decode_parts(self.split.names, self.encoding, False, self.valid)
            assert names is not None
            self.names = names
            self.values = None

    def values_at(self, indices: Any) -> Array:
        if self.split is None:
            return self.values.take(pa.array(indices, pa.int64()))
        decoded, _ = decode_parts(self.split.values_at(indices), self.encoding, False, self.valid)
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
    for index, name in enumerate(checked):
        if not isinstance(name, str):
            raise TypeError(f"names must be a list of str, not one holding {type(name).__name__}")
        # A name is looked up as URLSearchParams.get() takes it, a USVString:
        # a lone surrogate is U+FFFD, which is what the parser decodes one to.
        checked[index] = to_usv_string(name)
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
        for code unit (a lone surrogate in one is U+FFFD, as in a decoded name).
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
    options = parse_options(encoding, errors)
    input_format = check_input_format(input_format)
    chunks, chunked = column_chunks(array, "extract")
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
    return rejoin(results, chunked, results[0].type)
