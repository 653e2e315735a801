"""write_parquet: rows of parsed pairs to a Parquet file, for the command line and others."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .._core import to_usv_string
from ._columns import PAIR_TYPE, pa
from ._serialize import pairs_array

if TYPE_CHECKING:
    import os


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

    :param rows: an iterable of lists of ``(name, value)`` str pairs, or None
        (a lone surrogate in a name or value becomes U+FFFD, as
        :func:`pairs_array` writes it).
    :param where: a path or a writable binary file.
    :param column: the column's name (a lone surrogate becomes U+FFFD).
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
    # Arrow's names are UTF-8: a lone surrogate becomes U+FFFD, as names and values do.
    schema = pa.schema([(to_usv_string(column), PAIR_TYPE)])
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
