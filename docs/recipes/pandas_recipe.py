"""pandas: query-string fields as ArrowDtype columns."""

from __future__ import annotations

import pandas as pd
import pyarrow as pa

from urlencoded.arrow import extract


def query_fields(queries: pd.Series, names: list[str]) -> pd.DataFrame:
    """One ``string[pyarrow]`` column per name, on the index of *queries*."""
    # An ArrowDtype column is already Arrow: pa.array() takes it without a copy
    # (a column of Python objects is converted once).
    fields = extract(pa.array(queries), names)
    table = pa.Table.from_struct_array(fields)
    frame = table.to_pandas(types_mapper=pd.ArrowDtype)
    frame.index = queries.index
    return frame
