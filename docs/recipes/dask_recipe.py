"""Dask: query-string fields over a partitioned frame, on as many workers as you have."""

from __future__ import annotations

import dask.dataframe as dd
import pandas as pd
import pyarrow as pa

from urlencoded.arrow import extract


def _partition_fields(partition: pd.DataFrame, column: str, names: list[str]) -> pd.DataFrame:
    fields = extract(pa.array(partition[column]), names)
    frame = pa.Table.from_struct_array(fields).to_pandas(types_mapper=pd.ArrowDtype)
    frame.index = partition.index
    return frame


def query_fields(frame: dd.DataFrame, column: str, names: list[str]) -> dd.DataFrame:
    """One ``string[pyarrow]`` column per name; each partition is parsed where it lives."""
    meta = pd.DataFrame({name: pd.Series(dtype=pd.ArrowDtype(pa.string())) for name in names})
    return frame.map_partitions(_partition_fields, column, names, meta=meta)
