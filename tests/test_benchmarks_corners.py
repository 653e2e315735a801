"""The sweep of benchmarks/bench_corners.py compares like with like.

Each row of the sweep is timed against a standard-library call that it
claims gives the same result (``kind == "same"``) or that is only the
nearest one. These tests run every row once on small versions of the
shapes (the 1 MB shapes cut to a few kB) and check each "same" claim, and
that ``yarl.query_to_pairs`` agrees where the sweep times it (when yarl is
installed). The real-query benchmark's corpus is checked the same way.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))

import bench_corners
import bench_queries
import corners_rows
from corners_shapes import ENCODINGS, SHAPES, Inputs

SMALL = 3_000  # bytes of the "1 MB" shapes here


def _rows(path: str) -> Iterator[corners_rows.Row]:
    inputs: dict[tuple[str, str], Inputs] = {}
    for name, shape, encoding, build in corners_rows.row_specs("all"):
        if name == path:
            key = (shape, encoding)
            if key not in inputs:
                inputs[key] = Inputs(shape, encoding, SMALL)
            yield build(inputs[key])


@pytest.mark.parametrize("path", corners_rows.path_names())
def test_each_row_agrees_with_its_stdlib_call(path: str) -> None:
    checked = 0
    for row in _rows(path):
        ours = row.normalize(row.ours())
        theirs = row.stdlib()
        if row.kind == "same":
            assert ours == theirs, row.key
        if row.yarl is not None:
            assert row.yarl() == theirs, row.key
        checked += 1
    assert checked >= len(SHAPES)


def test_the_sweep_covers_every_shape_and_encoding() -> None:
    specs = list(corners_rows.row_specs())
    assert {shape for _, shape, _, _ in specs} == set(SHAPES)
    assert {encoding for _, _, encoding, _ in specs} == set(ENCODINGS)
    keys = [corners_rows.row_key(*spec[:3]) for spec in specs]
    assert len(keys) == len(set(keys))


def test_a_few_rows_are_measured(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--quick", "--size", "2000", "--only", r"^parse\(str\) \| a=%20 \| UTF-8$"]
    assert bench_corners.main(argv) == 0
    output = capsys.readouterr().out
    assert "parse(str) | a=%20 | UTF-8" in output
    assert "1 rows, 1 run(s)" in output


def test_the_real_queries_agree_with_parse_qsl() -> None:
    urls = bench_queries.load()
    assert len(urls) == 2331
    for _title, items, _loops, calls in bench_queries.rounds(urls):
        differing = bench_queries.disagreements(calls, items)
        assert differing["urllib.parse"] == []


def test_a_written_table_reads_back_for_compare(tmp_path: Path) -> None:
    json_file = tmp_path / "sweep.json"
    argv = ["--quick", "--size", "2000", "--only", r"^percent_decode \| a=(1|%20) \|"]
    assert bench_corners.main([*argv, "--json", str(json_file), "--write", str(tmp_path)]) == 0
    from_json = bench_corners.compared(json_file)
    from_text = bench_corners.compared(tmp_path / f"{bench_corners.TABLE_STEM}.txt")
    assert (
        set(from_text)
        == set(from_json)
        == {
            "percent_decode | a=1 | UTF-8",
            "percent_decode | a=%20 | UTF-8",
        }
    )
    for key, row in from_text.items():
        assert row["ratio"] == pytest.approx(from_json[key]["ratio"], abs=0.005)
