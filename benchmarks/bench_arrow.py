"""Query-string columns: urlencoded.arrow against per-row loops, DuckDB, Polars and Dask.

Run it as a plain script (needs ``pip install -e '.[test]'`` for the engines)::

    python benchmarks/bench_arrow.py                 # 1,000,000 rows, a few minutes
    python benchmarks/bench_arrow.py --rows 100000   # a quick run
    python benchmarks/bench_arrow.py --no-dask       # skip the cluster runs

The input is a generated access log's query strings: UTM and search
parameters in a realistic mix, 10 % of the rows with escapes (UTF-8
``q=caf%C3%A9+au+lait``, ``%2F`` in paths, ``%26`` in values) and 1 % with
bytes that are not UTF-8 (Shift_JIS or windows-1252 escapes, which the
URL Standard's parser decodes to U+FFFD). Every path picks the first value
of the same five names from each row:

- ``extract``: :func:`urlencoded.arrow.extract` over the Arrow column.
- (a) a Python loop calling :func:`urlencoded.parse` per row.
- (b) the same loop with :func:`urllib.parse.parse_qsl`.
- (c) DuckDB SQL doing the nearest equivalent: ``regexp_extract`` of each
  name's raw value, ``+`` to space, then ``url_decode``.
- (d) Polars string expressions: ``str.extract`` and ``+`` to space (Polars
  has no percent-decoding).

It also times every pair of every row: :func:`urlencoded.arrow.parse_array`
against ``parse()`` per row, and :func:`urlencoded.arrow.serialize_array`
against ``serialize()`` per row.

Each is timed as the best of ``--repeat`` runs (the best is the run least
disturbed by the rest of the machine), the paths taking turns, and printed as rows per second and as
a ratio to (a), measured in the same run: absolute times drift on a shared
machine, ratios hold. For (b), (c) and (d), the rows where any of the five
answers differs from :func:`urlencoded.parse`'s are counted. The peak memory
of the Arrow paths, relative to the Arrow input's size, is measured in a
fresh process each (Arrow's memory pool peak plus Python's, by tracemalloc).
With Dask, ``extract`` runs over partitions persisted on a
``distributed.LocalCluster`` of one worker process, then of two, and the
ratio of the two times is printed. ``uptime``'s load average is printed
first: on a loaded machine, the two-worker ratio says little.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
import urllib.parse
from typing import Any, Callable

import pyarrow as pa

import urlencoded
from urlencoded import arrow

NAMES = ["utm_source", "utm_medium", "utm_campaign", "q", "gclid"]
SOURCES = ["google", "newsletter", "facebook", "bing", "twitter", "partner-site", "direct"]
MEDIUMS = ["cpc", "email", "social", "display", "organic", "referral"]
WORDS = ["shoes", "running", "red", "sale", "winter", "jacket", "kids", "size", "42", "cheap"]
ESCAPED_WORDS = ["caf%C3%A9", "na%C3%AFve", "%E6%97%A5%E6%9C%AC", "a%26b", "50%25", "x%2Fy"]
LEGACY_WORDS = ["%93%FA%96%7B", "caf%E9", "%82%A0", "%A3%A4"]


def make_queries(rows: int, seed: int = 2026) -> list[str]:
    """*rows* query strings of a generated access log (see the module docstring)."""
    pick = random.Random(seed)
    queries = []
    for index in range(rows):
        fields = []
        if pick.random() < 0.6:
            fields.append(f"utm_source={pick.choice(SOURCES)}")
            fields.append(f"utm_medium={pick.choice(MEDIUMS)}")
            fields.append(f"utm_campaign=spring_{pick.randrange(2020, 2027)}_{pick.randrange(99)}")
        words = [pick.choice(WORDS) for _ in range(pick.randrange(1, 4))]
        kind = index % 100
        if kind < 10:
            # 10 % with escapes, 1 % of them bytes that are not UTF-8.
            words.append(pick.choice(LEGACY_WORDS if kind == 0 else ESCAPED_WORDS))
        fields.append("q=" + "+".join(words))
        if pick.random() < 0.3:
            fields.append(f"gclid=Cj0KCQiA{pick.getrandbits(64):016x}")
        if pick.random() < 0.5:
            fields.append(f"page={pick.randrange(1, 20)}")
        pick.shuffle(fields)
        queries.append("&".join(fields))
    return queries


def first_values_loop(queries: list[str]) -> list[tuple[str | None, ...]]:
    """(a): urlencoded.parse per row, then the first value of each name."""
    out = []
    for query in queries:
        found: dict[str, str] = {}
        for name, value in urlencoded.parse(query):
            found.setdefault(name, value)
        out.append(tuple(found.get(name) for name in NAMES))
    return out


def stdlib_loop(queries: list[str]) -> list[tuple[str | None, ...]]:
    """(b): urllib.parse.parse_qsl per row."""
    out = []
    for query in queries:
        found: dict[str, str] = {}
        for name, value in urllib.parse.parse_qsl(query, keep_blank_values=True):
            found.setdefault(name, value)
        out.append(tuple(found.get(name) for name in NAMES))
    return out


def arrow_extract(column: Any) -> list[tuple[str | None, ...]] | None:
    result = arrow.extract(column, NAMES)
    return result  # type: ignore[no-any-return]


def rows_of_struct(result: Any) -> list[tuple[str | None, ...]]:
    columns = [result.field(name).to_pylist() for name in NAMES]
    return list(zip(*columns))


def duckdb_sql(table: Any) -> Any:
    """(c): the nearest DuckDB SQL: regexp_extract, "+" to space, url_decode."""
    import duckdb

    connection = duckdb.connect()
    connection.register("logs", table)
    columns = ", ".join(
        f"CASE WHEN regexp_matches(query, '(^|&){name}(=|&|$)') THEN "
        f"try(url_decode(replace(regexp_extract(query, '(^|&){name}=([^&]*)', 2), '+', ' '))) "
        f"END AS {name}"
        for name in NAMES
    )
    result = pa.table(connection.sql(f"SELECT {columns} FROM logs"))
    connection.close()
    return result


def polars_expressions(table: Any) -> Any:
    """(d): Polars str.extract of each raw value, "+" to space; no percent-decoding."""
    import polars as pl

    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame.select(
        pl.when(pl.col("query").str.contains(f"(^|&){name}(=|&|$)"))
        .then(
            pl.col("query")
            .str.extract(f"(?:^|&){name}=([^&]*)", 1)
            .fill_null("")
            .str.replace_all("+", " ", literal=True)
        )
        .alias(name)
        for name in NAMES
    )


def table_rows(table: Any) -> list[tuple[str | None, ...]]:
    columns = [table.column(name).to_pylist() for name in NAMES]
    return list(zip(*columns))


def best(function: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """(the best time of *repeat* calls, the last result)."""
    return interleaved([function], repeat)[0]


def interleaved(functions: list[Callable[[], Any]], repeat: int) -> list[tuple[float, Any]]:
    """(best time, last result) of each function, called in turn *repeat* times.

    Taking turns spreads the changes in the machine's load over all of them,
    so that their ratios hold better than those of runs made one after another.
    """
    times: list[list[float]] = [[] for _ in functions]
    results: list[Any] = [None] * len(functions)
    for _ in range(repeat):
        for index, function in enumerate(functions):
            results[index] = None  # the last turn's result is freed before the call
            start = time.perf_counter()
            results[index] = function()
            times[index].append(time.perf_counter() - start)
    return [(min(spent), result) for spent, result in zip(times, results)]


def differing(rows: list[tuple[str | None, ...]], expected: list[tuple[str | None, ...]]) -> int:
    return sum(got != want for got, want in zip(rows, expected))


def memory_child(rows: int, path: str) -> None:
    """In a fresh process: peak memory of one Arrow path, as JSON on stdout."""
    import tracemalloc

    column = pa.array(make_queries(rows), pa.string())
    size = column.nbytes
    pool: Any = pa.default_memory_pool()
    before = pool.bytes_allocated()
    peak_before = pool.max_memory()
    tracemalloc.start()
    if path == "extract":
        result = arrow.extract(column, NAMES)
    elif path == "parse_array":
        result = arrow.parse_array(column)
    else:
        parsed = arrow.parse_array(column)
        tracemalloc.reset_peak()
        before = pool.bytes_allocated()
        peak_before = pool.max_memory()
        size = parsed.nbytes
        result = arrow.serialize_array(parsed)
    python_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    arrow_peak = max(pool.max_memory(), peak_before) - before
    print(
        json.dumps(
            {
                "input": size,
                "output": result.nbytes,
                "peak": arrow_peak + python_peak,
                "pool": pool.backend_name,
            }
        )
    )


def memory(rows: int, path: str) -> dict[str, Any]:
    output = subprocess.run(
        [sys.executable, __file__, "--memory-child", path, "--rows", str(rows)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(output)  # type: ignore[no-any-return]


def dask_runs(rows: int, partitions: int, repeat: int) -> dict[int, float]:
    """Best time of extract over persisted partitions on 1 and on 2 worker processes.

    Each partition's queries are made on its worker (as a real cluster reads
    its own files), then persisted; only extract is timed, a new task key
    each run so that nothing is reused.
    """
    import dask.dataframe as dd
    import distributed
    import pandas as pd

    per_partition = -(-rows // partitions)

    def make_partition(index: int) -> pd.DataFrame:
        queries = make_queries(per_partition, seed=index)
        return pd.DataFrame({"query": pd.Series(queries, dtype=pd.ArrowDtype(pa.string()))})

    def fields(partition: pd.DataFrame) -> pd.DataFrame:
        result = arrow.extract(pa.array(partition["query"]), NAMES)
        return pa.Table.from_struct_array(result).to_pandas(types_mapper=pd.ArrowDtype)

    meta = pd.DataFrame({name: pd.Series(dtype=pd.ArrowDtype(pa.string())) for name in NAMES})
    times = {}
    for workers in (1, 2):
        cluster = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, dashboard_address=None, silence_logs=50
        )
        with cluster, distributed.Client(cluster) as client:
            data = client.persist(dd.from_map(make_partition, range(partitions)))
            distributed.wait(data)
            runs = iter(range(repeat + 1))

            def run(
                data: Any = data, client: Any = client, runs: Any = runs, workers: int = workers
            ) -> None:
                token = f"extract-{workers}-{next(runs)}"
                done = client.persist(data.map_partitions(fields, meta=meta, token=token))
                distributed.wait(done)
                del done

            run()  # warm the workers' imports
            times[workers] = best(run, repeat)[0]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000, help="query strings (1,000,000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per path; the best counts")
    parser.add_argument("--no-dask", action="store_true", help="skip the LocalCluster runs")
    parser.add_argument("--partitions", type=int, default=8, help="Dask partitions (8)")
    parser.add_argument("--memory-child", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.memory_child:
        memory_child(arguments.rows, arguments.memory_child)
        return
    rows = arguments.rows
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    print(f"uptime: {load}")
    print(f"cores: {os.cpu_count()}, rows: {rows:,}, best of {arguments.repeat}")
    queries = make_queries(rows)
    column = pa.array(queries, pa.string())
    table = pa.table({"query": column})
    print(f"Arrow input: {column.nbytes / 1e6:.1f} MB")

    timed = interleaved(
        [
            lambda: first_values_loop(queries),
            lambda: arrow.extract(column, NAMES),
            lambda: stdlib_loop(queries),
            lambda: duckdb_sql(table),
            lambda: polars_expressions(table),
        ],
        arguments.repeat,
    )
    (loop_time, expected), (extract_time, extracted) = timed[:2]
    (stdlib_time, stdlib_rows), (duck_time, duck), (polars_time, polars_frame) = timed[2:]
    assert rows_of_struct(extracted) == expected, "extract differs from parse per row"
    polars_rows = [tuple(row) for row in polars_frame.select(NAMES).iter_rows()]
    results: list[tuple[str, float, int | None]] = [
        ("urlencoded.arrow.extract", extract_time, 0),
        ("(a) parse() per row", loop_time, None),
        ("(b) parse_qsl() per row", stdlib_time, differing(stdlib_rows, expected)),
        ("(c) DuckDB url_decode SQL", duck_time, differing(table_rows(duck), expected)),
        ("(d) Polars expressions", polars_time, differing(polars_rows, expected)),
    ]
    del timed, extracted, stdlib_rows, duck, polars_frame, polars_rows

    print()
    print(f"{'path':<28} {'rows/s':>12} {'x (a)':>7} {'rows differing':>15}")
    for name, seconds, differ in results:
        differs = "-" if differ is None else f"{differ:,}"
        print(f"{name:<28} {rows / seconds:>12,.0f} {loop_time / seconds:>7.2f} {differs:>15}")

    # Every pair of every row: parse_array against parse() per row, and back.
    parsed_rows = [urlencoded.parse(query) for query in queries]
    pairs = arrow.parse_array(column)
    (pairs_loop_time, _), (pairs_time, _), (serialize_loop_time, _), (serialize_time, _) = (
        interleaved(
            [
                lambda: [urlencoded.parse(query) for query in queries],
                lambda: arrow.parse_array(column),
                lambda: [urlencoded.serialize(row) for row in parsed_rows],
                lambda: arrow.serialize_array(pairs),
            ],
            arguments.repeat,
        )
    )
    print()
    print(f"{'every pair':<28} {'rows/s':>12} {'x loop':>7}")
    for name, seconds, baseline in (
        ("parse() per row", pairs_loop_time, pairs_loop_time),
        ("urlencoded.arrow.parse_array", pairs_time, pairs_loop_time),
        ("serialize() per row", serialize_loop_time, serialize_loop_time),
        ("serialize_array", serialize_time, serialize_loop_time),
    ):
        print(f"{name:<28} {rows / seconds:>12,.0f} {baseline / seconds:>7.2f}")

    print()
    print("peak memory, relative to the Arrow input (fresh process each):")
    for path in ("extract", "parse_array", "serialize_array"):
        found = memory(rows, path)
        print(
            f"  {path:<16} peak {found['peak'] / found['input']:.2f}x the input "
            f"({found['input'] / 1e6:.1f} MB in, {found['output'] / 1e6:.1f} MB out, "
            f"pool {found['pool']})"
        )

    if not arguments.no_dask:
        times = dask_runs(rows, arguments.partitions, arguments.repeat)
        print()
        print(
            f"Dask extract over {arguments.partitions} persisted partitions: "
            f"1 worker {rows / times[1]:,.0f} rows/s, 2 workers {rows / times[2]:,.0f} rows/s, "
            f"2 workers / 1 worker: {times[1] / times[2]:.2f}x"
        )
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    print(f"\nuptime at the end: {load}")


if __name__ == "__main__":
    main()
