"""Polars: query-string fields as columns of a lazy frame, through Arrow."""

from __future__ import annotations

import polars as pl

from urlencoded.arrow import extract

NAMES = ["utm_source", "utm_medium", "q"]


def _fields(queries: pl.Series) -> pl.Series:
    # Series.to_arrow() hands the column over without copying it (a view
    # type is copied once, to large_string); the result comes back the same way.
    return pl.Series(extract(queries.to_arrow(), NAMES))


def with_query_fields(frame: pl.LazyFrame, column: str = "query") -> pl.LazyFrame:
    """*frame* with one String column per name in NAMES, read from *column*."""
    fields = pl.col(column).map_batches(
        _fields,
        return_dtype=pl.Struct(dict.fromkeys(NAMES, pl.String)),
        is_elementwise=True,  # row by row: Polars may stream it in batches
    )
    return frame.with_columns(fields.alias("fields")).unnest("fields")
