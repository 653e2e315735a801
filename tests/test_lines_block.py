"""``parse --lines`` in process: a block of lines gives, line for line, what parse gives each.

The command parses the queries of a block together where it can (one parse of
them all, joined by a marking field) and line by line where it cannot (a
limit within reach, a NUL, strict decoding, guessing); these properties
check that both ways give the pairs :func:`urlencoded.parse` gives for each
line's query, as ``find_query`` and ``log_target`` find it.
"""

from __future__ import annotations

import csv
import io
import json

from hypothesis import example, given
from hypothesis import strategies as st

from urlencoded import parse
from urlencoded._core import form_options
from urlencoded._tools._cli import _lines
from urlencoded._web import find_query, log_target

PIECES = st.sampled_from(
    [b"a", b"b", b"=", b"&", b"&&", b"%", b"%41", b"%C3%A9", b"%FF", b"%00", b"\x00", b"+",
     b"?", b"#", b"/", b"http://h", b" ", b"\t", b"\r", b"\xe9", b"%26", b"%3D", b"\\", b'"']
)  # fmt: skip
QUERIES = st.lists(PIECES, max_size=12).map(b"".join)


def settings(input_format: str, output: str = "json", **options: object) -> _lines.LineSettings:
    return _lines.LineSettings(
        options=form_options(**options),
        input_format=input_format,
        regex=None,
        group="",
        output=output,
        nested=False,
        columns=("a", "b") if output != "json" else (),
        join=None,
        candidates=(),
        nested_options={},
    )


def as_bytes(output: _lines.Output) -> bytes:
    """The output of a block in a text format, checked to be bytes."""
    assert isinstance(output, bytes)
    return output


# csv.reader rejects a NUL before Python 3.11, and on PyPy: NUL travels as a stand-in.
_NUL_STAND_IN = "\ue000"


def read_csv(text: str) -> list[list[str]]:
    """The rows of CSV text (RFC 4180), on every interpreter."""
    assert _NUL_STAND_IN not in text
    rows = csv.reader(io.StringIO(text.replace("\x00", _NUL_STAND_IN), newline=""))
    return [[field.replace(_NUL_STAND_IN, "\x00") for field in row] for row in rows]


def expected_body(line: bytes) -> list[list[str]] | None:
    """What one line of --input-format body gives, from the public functions."""
    line = line[:-1] if line.endswith(b"\r") else line
    if not line:
        return []
    found = find_query(line)
    return [list(pair) for pair in parse(found.query or b"")]


@given(st.lists(QUERIES, min_size=1, max_size=20))
def test_body_lines_agree_with_parse(lines: list[bytes]) -> None:
    """Each output line is the JSON of what parse gives that line's query."""
    lines = [line.replace(b"\n", b"") for line in lines]
    _lines._set_settings(settings("body"))
    output, failures, counts = _lines.parse_block(b"\n".join(lines) + b"\n")
    assert failures == []
    assert [json.loads(text) for text in as_bytes(output).decode().splitlines()] == [
        expected_body(line) for line in lines
    ]
    assert counts["lines"] == len(lines)
    assert counts["parsed"] + counts["skipped"] == len(lines)


def log_line(target: bytes) -> bytes:
    return b'h - - [t] "GET ' + target + b' HTTP/1.1" 200 5 "-" "agent"'


@given(st.lists(st.tuples(st.booleans(), QUERIES), min_size=1, max_size=20))
# A logged "\\ " is a space at the end of the target, which the URL parser strips.
@example([(True, b"\\ ")])
def test_log_lines_agree_with_parse(items: list[tuple[bool, bytes]]) -> None:
    """In a combined log, each line gives the pairs of its target's query; others are null."""
    lines = []
    expected: list[object] = []
    for is_log, query in items:
        query = query.replace(b"\n", b"")
        line = log_line(b"/p?" + query) if is_log else query
        lines.append(line)
        target = log_target(line, "combined")
        if target is None:
            expected.append(None)
            continue
        found = find_query(target) if target else None
        if found is None or found.kind == "body" or found.query is None:
            expected.append([])
        else:
            expected.append([list(pair) for pair in parse(found.query)])
    _lines._set_settings(settings("combined"))
    output, failures, counts = _lines.parse_block(b"\n".join(lines) + b"\n")
    assert [json.loads(text) for text in as_bytes(output).decode().splitlines()] == expected
    assert counts["unmatched"] == expected.count(None) == len(failures)


@given(st.lists(QUERIES, min_size=1, max_size=20), st.integers(1, 4))
def test_limits_apply_to_each_line(lines: list[bytes], max_fields: int) -> None:
    """With a limit, the lines over it fail alone, and the others parse as before."""
    lines = [line.replace(b"\n", b"").replace(b"\r", b"") for line in lines]
    _lines._set_settings(settings("body", max_fields=max_fields))
    output, failures, _ = _lines.parse_block(b"\n".join(lines) + b"\n")
    failed = {index for index, _ in failures}
    for index, (line, text) in enumerate(zip(lines, as_bytes(output).decode().splitlines())):
        if index in failed:
            assert text == "null"
        else:
            assert json.loads(text) == expected_body(line)


@given(st.lists(QUERIES, min_size=1, max_size=20))
def test_csv_columns_are_the_first_values(lines: list[bytes]) -> None:
    """A CSV row holds the first value of each column's name, or nothing."""
    lines = [line.replace(b"\n", b"").replace(b"\r", b"") for line in lines]
    _lines._set_settings(settings("body", output="csv"))
    output, _, _ = _lines.parse_block(b"\n".join(lines) + b"\n")
    rows = read_csv(as_bytes(output).decode())
    assert len(rows) == len(lines)
    for line, row in zip(lines, rows):
        first: dict[str, str] = {}
        for name, value in expected_body(line) or []:
            first.setdefault(name, value)
        assert row == [first.get("a", ""), first.get("b", "")]


@given(st.lists(QUERIES, min_size=1, max_size=20), st.sampled_from([None, 2]))
def test_parquet_rows_are_the_json_lines(lines: list[bytes], max_fields: int | None) -> None:
    """For Parquet, a block gives one row per line: the pairs JSON Lines shows, or None for null."""
    lines = [line.replace(b"\n", b"") for line in lines]
    block = b"\n".join(lines) + b"\n"
    _lines._set_settings(settings("body", max_fields=max_fields))
    as_json, json_failures, json_counts = _lines.parse_block(block)
    _lines._set_settings(settings("body", "parquet", max_fields=max_fields)._replace(columns=()))
    rows, failures, counts = _lines.parse_block(block)
    assert isinstance(rows, list)
    expected = [json.loads(line) for line in as_bytes(as_json).decode().splitlines()]
    assert [None if row is None else [list(pair) for pair in row] for row in rows] == expected
    assert (failures, counts) == (json_failures, json_counts)
