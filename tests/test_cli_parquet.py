"""``parse --lines --format parquet``, through the installed console script."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from urlencoded import LimitExceeded, parse

pytestmark = pytest.mark.console

SCRIPT = Path(sys.executable).parent / "urlencoded"

LINES = [
    "a=1&b=caf%C3%A9&a=2",
    "",
    "q=%zz+x&&=",
    "x=1&y=2&z=3&w=4",
    "a=%FF;b",
    "b=only",
]


def run(
    *args: str, stdin: bytes = b"", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, timeout=120, env=env
    )


def errors(result: subprocess.CompletedProcess[bytes]) -> list[str]:
    lines = result.stderr.decode("utf-8").splitlines()
    return [line for line in lines if ": note: " not in line]


def expected_pairs(line: str, **options: object) -> list[tuple[str, str]] | None:
    """What parse gives for one line, as the pairs column holds it (None for a failure)."""
    try:
        return parse(line, **options)  # type: ignore[arg-type]
    except LimitExceeded:
        return None


def pairs_column(path: Path) -> list[list[tuple[str, str]] | None]:
    rows = pq.read_table(path).column("pairs").to_pylist()
    return [None if row is None else [(p["name"], p["value"]) for p in row] for row in rows]


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("from_file", [True, False])
def test_pairs_column_is_what_parse_gives(jobs: str, from_file: bool, tmp_path: Path) -> None:
    """Each line is one row of the pairs column: parse's pairs, [] when empty, null on failure."""
    data = "".join(line + "\n" for line in LINES).encode()
    path = tmp_path / "in.txt"
    path.write_bytes(data)
    out = tmp_path / "out.parquet"
    source = ["--file", str(path)] if from_file else []
    result = run(
        "parse", "--lines", "--input-format", "body", "--max-fields", "3", "--jobs", jobs,
        "--format", "parquet", "--output", str(out), *source,
        stdin=b"" if from_file else data,
    )  # fmt: skip
    expected = [expected_pairs(line, max_fields=3) for line in LINES]
    assert None in expected
    assert pairs_column(out) == expected
    assert result.returncode == 1  # a failed line, as with JSON Lines
    assert result.stdout == b""


def test_unmatched_lines_are_null_rows(tmp_path: Path) -> None:
    """A line not in the input format is a null row; a request without a query an empty one."""
    head = '203.0.113.7 - - [10/Oct/2025:13:55:36 +0000] "GET '
    lines = [head + t + ' HTTP/1.1" 200 5' for t in ("/s?q=a+b#top", "/path", "/p?x=%41")]
    lines.insert(1, "not a log line")
    out = tmp_path / "out.parquet"
    result = run(
        "parse", "--lines", "--input-format", "common", "--format", "parquet", "-o", str(out),
        stdin="".join(line + "\n" for line in lines).encode(),
    )  # fmt: skip
    assert result.returncode == 1
    assert pairs_column(out) == [[("q", "a b")], None, [], [("x", "A")]]


@pytest.mark.parametrize("all_values", [[], ["--all-values"], ["--all-values", "+"]])
def test_columns_hold_what_csv_holds(all_values: list[str], tmp_path: Path) -> None:
    """With --columns, one string column per field, with the values the CSV output has."""
    data = "".join(line + "\n" for line in LINES).encode()
    out = tmp_path / "out.parquet"
    common = ["parse", "--lines", "--columns", "a,b,q", *all_values]
    parquet = run(*common, "--format", "parquet", "-o", str(out), stdin=data)
    as_csv = run(*common, "--format", "csv", stdin=data)
    assert parquet.returncode == as_csv.returncode == 0
    table = pq.read_table(out)
    assert table.column_names == ["a", "b", "q"]
    rows = [list(row.values()) for row in table.to_pylist()]
    assert rows == list(csv.reader(io.StringIO(as_csv.stdout.decode())))[1:]
    join = None if not all_values else (all_values[1:] or ["|"])[0]
    first = parse(LINES[0])
    a_values = [value for name, value in first if name == "a"]
    assert rows[0][0] == (a_values[0] if join is None else join.join(a_values))


def test_many_lines_are_written_in_row_groups(tmp_path: Path) -> None:
    """A long input is written batch by batch: several row groups, every line in order."""
    count = 140_000
    data = b"".join(b"n=%d&m=%%41\n" % index for index in range(count))
    path = tmp_path / "in.txt"
    path.write_bytes(data)
    out = tmp_path / "out.parquet"
    result = run(
        "parse", "--lines", "-j", "2", "--format", "parquet", "-o", str(out), "-f", str(path)
    )
    assert result.returncode == 0, result
    parquet = pq.ParquetFile(out)
    assert parquet.metadata.num_rows == count
    assert parquet.metadata.num_row_groups > 1
    rows = parquet.read().column("pairs").to_pylist()
    assert rows[0] == [{"name": "n", "value": "0"}, {"name": "m", "value": "A"}]
    assert rows[-1] == [{"name": "n", "value": str(count - 1)}, {"name": "m", "value": "A"}]


def test_empty_input_writes_an_empty_file(tmp_path: Path) -> None:
    """No lines: a Parquet file with the pairs column and no rows."""
    out = tmp_path / "out.parquet"
    result = run(
        "parse", "--lines", "--format", "parquet", "-o", str(out), "--input-format", "body"
    )
    assert result.returncode == 0, result
    table = pq.read_table(out)
    assert table.column_names == ["pairs"]
    assert table.num_rows == 0


def test_without_output_is_a_usage_error(tmp_path: Path) -> None:
    """--format parquet needs --output; --output needs --format parquet: status 2, one line."""
    missing = run("parse", "--lines", "--format", "parquet", stdin=b"a=1\n")
    assert missing.returncode == 2
    (line,) = errors(missing)
    assert "--output" in line
    stray = run("parse", "--lines", "--output", str(tmp_path / "x"), stdin=b"a=1\n")
    assert stray.returncode == 2
    (line,) = errors(stray)
    assert "--format parquet" in line
    assert not (tmp_path / "x").exists()


def test_repeated_column_is_a_usage_error(tmp_path: Path) -> None:
    """A field named twice in --columns cannot be two Parquet columns: status 2, one line."""
    out = tmp_path / "out.parquet"
    result = run(
        "parse", "--lines", "--format", "parquet", "-o", str(out), "--columns", "a,b,a",
        stdin=b"a=1\n",
    )  # fmt: skip
    assert result.returncode == 2
    (line,) = errors(result)
    assert "'a' twice" in line
    assert not out.exists()


def test_without_pyarrow_names_the_extra(tmp_path: Path) -> None:
    """Where pyarrow cannot be imported, one line names the extra, and the status is 2."""
    blocker = tmp_path / "blocker" / "pyarrow"
    blocker.mkdir(parents=True)
    (blocker / "__init__.py").write_text("raise ImportError('No module named pyarrow')\n")
    path = os.pathsep.join(filter(None, [str(blocker.parent), os.environ.get("PYTHONPATH")]))
    out = tmp_path / "out.parquet"
    result = run(
        "parse", "--lines", "--format", "parquet", "-o", str(out),
        stdin=b"a=1\n", env={**os.environ, "PYTHONPATH": path},
    )  # fmt: skip
    assert result.returncode == 2
    (line,) = errors(result)
    assert "pip install 'urlencoded[arrow]'" in line
    assert "Traceback" not in line
    assert not out.exists()


def test_output_dash_is_standard_output(tmp_path: Path) -> None:
    """--output - writes the Parquet file to standard output (no file named '-')."""
    data = "".join(line + "\n" for line in LINES).encode()
    result = subprocess.run(
        [str(SCRIPT), "parse", "--lines", "--max-fields", "3", "--format", "parquet", "-o", "-"],
        input=data,
        capture_output=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 1  # a failed line
    rows = pq.read_table(io.BytesIO(result.stdout)).column("pairs").to_pylist()
    expected = [expected_pairs(line, max_fields=3) for line in LINES]
    assert [None if row is None else [(p["name"], p["value"]) for p in row] for row in rows] == (
        expected
    )
    assert list(tmp_path.iterdir()) == []


def test_output_dash_to_a_terminal_is_a_usage_error(tmp_path: Path) -> None:
    """Binary Parquet is not written to a terminal: status 2, one line, before any input."""
    import pty

    leader, follower = pty.openpty()
    try:
        result = subprocess.run(
            [str(SCRIPT), "parse", "--lines", "--format", "parquet", "--output", "-"],
            input=b"a=1\n",
            stdout=follower,
            stderr=subprocess.PIPE,
            timeout=120,
            cwd=tmp_path,
        )
    finally:
        os.close(follower)
        os.close(leader)
    assert result.returncode == 2
    (line,) = [text for text in result.stderr.decode().splitlines() if ": note: " not in text]
    assert "standard output is a terminal" in line
    assert list(tmp_path.iterdir()) == []
