"""Arrow columns as the parser and serializer take them: types, chunks and offsets.

Imports pyarrow and numpy for the rest of the package, and raises the
ImportError that names the extra when either is missing.
"""

from __future__ import annotations

from typing import Any

try:
    import numpy
    import pyarrow
    import pyarrow.compute
except ImportError as error:  # pragma: no cover - the test extra installs both
    raise ImportError(
        f"urlencoded.arrow needs pyarrow and numpy ({error.name} is missing): "
        "pip install 'urlencoded[arrow]'"
    ) from error

# Arrow's and NumPy's types are checked by their own tests; here, columns are Any.
pa: Any = pyarrow
pc: Any = pyarrow.compute
np: Any = numpy
Array = Any
# Accepted inputs: an Arrow array or chunked array, or anything that exports one.
ArrayLike = Any

#: One row's pairs: ``list<struct<name: string, value: string>>``.
PAIR_TYPE = pa.list_(pa.struct([("name", pa.string()), ("value", pa.string())]))

# Bytes that can stand between joined names or values: ASCII, not hex digits.
SEPARATORS = (0x1F, 0x1E, 0x1D, 0x1C, 0x00, 0x7F, *range(0x01, 0x09))


def binary(chunk: Array) -> Array:
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


def column_chunks(array: ArrayLike, caller: str) -> tuple[list[Array], bool]:
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


def rejoin(chunks: list[Array], chunked: bool, kind: Any) -> Any:
    if chunked:
        return pa.chunked_array(chunks, type=kind)
    return chunks[0]


def flatten_lists(lists: Array) -> tuple[Array, Any]:
    """(every item of *lists*, the row of each), items under null rows included."""
    offsets = np.asarray(lists.offsets)
    flat = lists.values.slice(offsets[0], offsets[-1] - offsets[0])
    return flat, np.repeat(np.arange(len(lists)), np.diff(offsets))


def is_pairs(kind: Any) -> bool:
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


def one_list(selected: Array) -> Array:
    """A one-row list column holding every element of *selected*, for ``binary_join``."""
    items = selected.cast(pa.large_binary())
    return pa.LargeListArray.from_arrays(pa.array([0, len(items)], pa.int64()), items)
