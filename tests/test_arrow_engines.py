"""The engine recipes of docs/scale.rst, run on real engines: each gives parse()'s answers.

The recipes live in ``docs/recipes/`` and the page includes them verbatim, so
what is shown is what runs here. Dask runs on a ``distributed.LocalCluster``
with two worker processes, started once for the module and closed after it.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import dask.dataframe as dd
import distributed
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

import urlencoded
from urlencoded import arrow

RECIPES = pathlib.Path(__file__).resolve().parent.parent / "docs" / "recipes"

QUERIES = [
    "utm_source=news&utm_medium=email&q=caf%C3%A9+au+lait",
    None,
    "",
    "q=%E6%97%A5%E6%9C%AC&q=second&utm_source=a%26b",
    "utm_source=%FF&%",
    "q",
    "=&&utm_medium=cpc+ad&utm_source=",
] * 7
NAMES = ["utm_source", "utm_medium", "q"]


def _recipe(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"{name}_recipe", RECIPES / f"{name}_recipe.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _expected(names: list[str]) -> list[dict[str, str | None] | None]:
    rows: list[dict[str, str | None] | None] = []
    for query in QUERIES:
        if query is None:
            rows.append(None)
            continue
        pairs = urlencoded.parse(query)
        rows.append({name: next((v for k, v in pairs if k == name), None) for name in names})
    return rows


def _with_nulls(rows: list[dict[str, str | None] | None], names: list[str]) -> list[Any]:
    """A null row, as a frame shows it: every field null."""
    return [dict.fromkeys(names) if row is None else row for row in rows]


def test_polars_lazy_frame() -> None:
    """The Polars recipe adds the first value of each name as a String column of a lazy frame."""
    recipe = _recipe("polars")
    frame = pl.LazyFrame({"query": QUERIES, "n": range(len(QUERIES))})
    result = recipe.with_query_fields(frame).collect()
    assert result.columns == ["query", "n", *recipe.NAMES]
    assert result.select(recipe.NAMES).to_dicts() == _with_nulls(
        _expected(recipe.NAMES), recipe.NAMES
    )
    assert all(result.schema[name] == pl.String for name in recipe.NAMES)


def test_duckdb_arrow_udfs() -> None:
    """The DuckDB UDFs answer in SQL, and the result reads back as Arrow."""
    recipe = _recipe("duckdb")
    connection = recipe.connect()
    logs = pa.table({"id": list(range(len(QUERIES))), "query": QUERIES})
    connection.register("logs", logs)
    table = recipe.query_table(
        connection,
        "SELECT query_get(query, 'q') AS q, query_get(query, 'utm_source') AS source, "
        "query_pairs(query) AS pairs FROM logs ORDER BY id",
    )
    expected = _expected(["q", "utm_source"])
    assert table.column("q").to_pylist() == [row and row["q"] for row in expected]
    assert table.column("source").to_pylist() == [row and row["utm_source"] for row in expected]
    pairs = [
        None if row is None else [(pair["name"], pair["value"]) for pair in row]
        for row in table.column("pairs").to_pylist()
    ]
    assert pairs == [None if query is None else urlencoded.parse(query) for query in QUERIES]
    names = connection.sql(
        "SELECT query_get(query, name) AS value FROM logs, "
        "(VALUES ('q'), ('utm_medium')) AS wanted(name) ORDER BY id, name"
    ).fetchall()
    assert [value for (value,) in names] == [
        value
        for row in _expected(["q", "utm_medium"])
        for value in ((None, None) if row is None else (row["q"], row["utm_medium"]))
    ]
    connection.close()


@pytest.mark.parametrize("dtype", [pd.ArrowDtype(pa.string()), "string[pyarrow]", object])
def test_pandas_arrow_dtype(dtype: Any) -> None:
    """The pandas recipe gives string[pyarrow] columns on the series' own index."""
    recipe = _recipe("pandas")
    queries = pd.Series(QUERIES, dtype=dtype, index=range(100, 100 + len(QUERIES)))
    frame = recipe.query_fields(queries, NAMES)
    assert list(frame.index) == list(queries.index)
    for kind in frame.dtypes:
        assert isinstance(kind, pd.ArrowDtype)
        assert pa.types.is_string(kind.pyarrow_dtype) or pa.types.is_large_string(
            kind.pyarrow_dtype
        )
    got = [
        {name: (None if pd.isna(value) else value) for name, value in row.items()}
        for row in frame.to_dict("records")
    ]
    assert got == _with_nulls(_expected(NAMES), NAMES)


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    """A LocalCluster of two worker processes with one thread each, closed after the module."""
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=50,
    )
    try:
        with distributed.Client(cluster, timeout=60) as connected:
            connected.wait_for_workers(2, timeout=60)
            yield connected
    finally:
        cluster.close(timeout=30)


def test_dask_on_two_worker_processes(client: distributed.Client) -> None:
    """The Dask recipe runs each partition on the cluster's worker processes."""
    recipe = _recipe("dask")
    # The recipe module is not installed on the workers: Dask ships it to them.
    client.upload_file(str(RECIPES / "dask_recipe.py"))
    workers = client.scheduler_info()["workers"]
    assert len(workers) == 2
    frame = pd.DataFrame({"query": pd.Series(QUERIES, dtype=pd.ArrowDtype(pa.string()))})
    partitions = dd.from_pandas(frame, npartitions=4)
    result = recipe.query_fields(partitions, "query", NAMES)
    with distributed.get_task_stream(client) as stream:
        local = client.compute(result).result(timeout=60)
    ran_on = {task["worker"] for task in stream.data}
    assert ran_on
    assert ran_on <= set(workers)
    got = [
        {name: (None if pd.isna(value) else value) for name, value in row.items()}
        for row in local.sort_index().to_dict("records")
    ]
    assert got == _with_nulls(_expected(NAMES), NAMES)
    pids = set(client.run(lambda: __import__("os").getpid()).values())
    assert len(pids) == 2


def test_arrow_columns_are_what_the_engines_share() -> None:
    """The column every recipe hands over parses as parse() does, row by row."""
    parsed = arrow.parse_array(pa.array(QUERIES))
    assert [
        None if row is None else [(pair["name"], pair["value"]) for pair in row]
        for row in parsed.to_pylist()
    ] == [None if query is None else urlencoded.parse(query) for query in QUERIES]
