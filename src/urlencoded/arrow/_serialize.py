"""serialize_array and pairs_array: the serializer over a column, and rows as a column."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .._core import URLENCODED_PERCENT_ENCODE_SET, escaper, to_usv_string
from ._columns import (
    SEPARATORS,
    Array,
    ArrayLike,
    column_chunks,
    flatten_lists,
    is_pairs,
    np,
    one_list,
    pa,
    pc,
    rejoin,
)

# A name or value the urlencoded set leaves as it is, but for space.
_PLAIN = r"^[A-Za-z0-9*\-._ ]*$"


_FORM_ESCAPES = escaper(URLENCODED_PERCENT_ENCODE_SET, True)


def _escape_each(selected: Array) -> Array:
    """Step 3 of the serializer for each element: percent-encode, space as ``+``.

    Joined with a byte the set escapes and none of them holds, written as
    ``&`` (which the set escapes everywhere else), all of them are escaped
    in one pass and split at each ``&``.
    """
    count = len(selected)
    whole = one_list(selected)
    for separator in SEPARATORS:
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
    if not is_pairs(chunk.type):
        raise TypeError(
            "serialize_array() expected a column of list<struct<name: string, value: string>> "
            f"(binary names or values are taken as already encoded), not {chunk.type}"
        )
    flat, rows = flatten_lists(chunk)
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
    >>> from urlencoded.arrow import parse_array
    >>> serialize_array(parse_array(pa.array(["q=caf%C3%A9+au+lait&x", None]))).to_pylist()
    ['q=caf%C3%A9+au+lait&x=', None]

    .. versionadded:: 1.1
    """
    chunks, chunked = column_chunks(list_array, "serialize_array")
    results = []
    first_row = 0
    for chunk in chunks:
        results.append(_serialize_chunk(chunk, first_row))
        first_row += len(chunk)
    return rejoin(results, chunked, results[0].type if results else pa.string())


def _string_array(texts: list[str]) -> Array:
    """A ``string`` array of *texts*; a lone surrogate becomes U+FFFD, as everywhere."""
    try:
        return pa.array(texts, pa.string())
    except UnicodeEncodeError:
        # Arrow strings are UTF-8, which has no surrogates: the text is taken
        # as a scalar value string, as Web IDL's USVString conversion does.
        return pa.array([to_usv_string(text) for text in texts], pa.string())


def pairs_array(rows: Iterable[Sequence[tuple[str, str]] | None]) -> Any:
    """A :data:`PAIR_TYPE` column from rows of ``(name, value)`` pairs, None for a null row.

    What :func:`urlencoded.parse` returns, one list per row, as Arrow. A lone
    surrogate in a name or value becomes U+FFFD (Arrow strings are UTF-8), as
    in every function of the library that takes text.

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
        [_string_array(names), _string_array(values)], names=["name", "value"]
    )
    mask = pa.array([not flag for flag in valid], pa.bool_())
    return pa.ListArray.from_arrays(pa.array(offsets, pa.int32()), pairs, mask=mask)
