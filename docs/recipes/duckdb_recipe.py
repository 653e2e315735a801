"""DuckDB: vectorized Arrow UDFs that read query strings in SQL."""

from __future__ import annotations

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from urlencoded.arrow import extract, parse_array


def _query_get(queries: pa.Array, names: pa.Array) -> pa.Array:
    # DuckDB calls this with chunked arrays of many rows; the name is usually a constant.
    result = pa.nulls(len(queries), pa.string())
    for name in pc.unique(names).drop_null().to_pylist():
        values = pc.struct_field(extract(queries, [name]), [0])
        result = pc.if_else(pc.equal(names, name), values, result)
    return result


def _query_pairs(queries: pa.Array) -> pa.Array:
    return parse_array(queries)


def connect() -> duckdb.DuckDBPyConnection:
    """A connection with query_get(query, name) and query_pairs(query)."""
    connection = duckdb.connect()
    connection.create_function(
        "query_get",
        _query_get,
        ["VARCHAR", "VARCHAR"],
        "VARCHAR",
        type="arrow",
        null_handling="special",  # an absent name is NULL, a NULL query too
    )
    connection.create_function(
        "query_pairs",
        _query_pairs,
        ["VARCHAR"],
        "STRUCT(name VARCHAR, value VARCHAR)[]",
        type="arrow",
        null_handling="special",
    )
    return connection


def query_table(connection: duckdb.DuckDBPyConnection, sql: str) -> pa.Table:
    """The result of *sql* as an Arrow table (DuckDB exports it as an Arrow stream)."""
    return pa.table(connection.sql(sql))
