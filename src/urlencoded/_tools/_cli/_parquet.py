"""``parse --lines --format parquet``: the parsed lines to a Parquet file, a batch at a time.

Needs pyarrow (the ``arrow`` extra); :func:`check_parquet` says so before any
input is read. Without ``--columns``, each line is one row of a ``pairs``
column (:func:`urlencoded.arrow.write_parquet`): its pairs, ``[]`` for a line
without a query, null for a line that failed or was not in the format. With
``--columns``, each named field is a string column, with the values the CSV
output gives, and only parsed and skipped lines make a row.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable
from itertools import islice
from typing import Any

from ._io import CliError

__all__ = ["check_parquet", "write_rows"]

_MISSING = "--format parquet needs pyarrow: pip install 'urlencoded[arrow]'"


def check_parquet() -> None:
    """Raise CliError, naming the extra, unless pyarrow (and urlencoded.arrow) can be imported."""
    try:
        importlib.import_module("urlencoded.arrow")
        importlib.import_module("pyarrow.parquet")
    except ImportError:
        raise CliError(_MISSING) from None


def write_rows(rows: Iterable[Any], path: str, columns: tuple[str, ...], batch_rows: int) -> int:
    """Write *rows* to the Parquet file *path*; return how many were written.

    Rows are lists of pairs (one ``pairs`` column) or, with *columns*, tuples of
    strings (one string column each); at most *batch_rows* are held at once.
    The *path* ``-`` is standard output (as ``--file -`` is standard input).
    """
    where: Any = path
    if path == "-":
        if sys.stdout is None:
            raise CliError("standard output is closed")
        where = getattr(sys.stdout, "buffer", sys.stdout)
    if not columns:
        from ...arrow import write_parquet

        return write_parquet(rows, where, column="pairs", batch_rows=batch_rows)
    pa: Any = importlib.import_module("pyarrow")
    pq: Any = importlib.import_module("pyarrow.parquet")
    schema = pa.schema([(name, pa.string()) for name in columns])
    written = 0
    iterator = iter(rows)
    with pq.ParquetWriter(where, schema) as writer:
        while True:
            batch = list(islice(iterator, batch_rows))
            if not batch and written:
                break
            values = list(zip(*batch)) if batch else [()] * len(columns)
            arrays = [pa.array(column, type=pa.string()) for column in values]
            writer.write_table(pa.Table.from_arrays(arrays, schema=schema))
            written += len(batch)
            if not batch:
                break
    return written
