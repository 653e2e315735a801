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

from .._errors import RowDecodeError
from ._columns import PAIR_TYPE
from ._parquet import write_parquet
from ._parse import extract, parse_array
from ._serialize import pairs_array, serialize_array

__all__ = [
    "PAIR_TYPE",
    "RowDecodeError",
    "extract",
    "pairs_array",
    "parse_array",
    "serialize_array",
    "write_parquet",
]
