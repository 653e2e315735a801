"""``parse --lines`` in process: a block of lines gives, line for line, what parse gives each.

The command parses the queries of a block together where it can (one parse of
them all, joined by a marking field) and line by line where it cannot (a
limit within reach, a NUL, strict decoding, guessing); these properties
check that both ways give the pairs :func:`urlencoded.parse` gives for each
line's query, as ``find_query`` and ``log_target`` find it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from hypothesis import example, given
from hypothesis import strategies as st

from urlencoded import parse
from urlencoded._core import form_options
from urlencoded._tools._cli import _lines
from urlencoded._tools._cli._output import pairs_json
from urlencoded._web import find_query, log_target

from .test_cli_csv import read_csv

PIECES = st.sampled_from(
    [b"a", b"b", b"=", b"&", b"&&", b"%", b"%41", b"%C3%A9", b"%FF", b"%00", b"\x00", b"+",
     b"?", b"#", b"/", b"http://h", b" ", b"\t", b"\r", b"\xe9", b"%26", b"%3D", b"\\", b'"',
     b"%22", b"%5c", b"%5C", b"%0A", b"%1f", b"%7F", b"\x1b", b"%E2%80%A8"]
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


def json_lines(output: _lines.Output) -> list[str]:
    """The lines of JSON Lines output (split at LF only: U+2028 may be in a string)."""
    text = as_bytes(output).decode("utf-8")
    assert text.endswith("\n")
    return text[:-1].split("\n")


def reads_as_url(line: bytes) -> bool:
    """A line is a URL when its first '/' or '?' comes before any '=' or '&'."""
    for byte in line.lstrip(bytes(range(0x21))):
        if byte in b"/?":
            return True
        if byte in b"=&":
            return False
    return False


def line_query(line: bytes) -> bytes | None:
    """The query of one line of --input-format body: the line, or a URL's query."""
    return find_query(line, as_url=True).query if reads_as_url(line) else line


def expected_body(line: bytes) -> list[list[str]] | None:
    """What one line of --input-format body gives, from the public functions."""
    line = line[:-1] if line.endswith(b"\r") else line
    if not line:
        return []
    return [list(pair) for pair in parse(line_query(line) or b"")]


@given(st.lists(QUERIES, min_size=1, max_size=20))
def test_body_lines_agree_with_parse(lines: list[bytes]) -> None:
    """Each output line is the JSON of what parse gives that line's query."""
    lines = [line.replace(b"\n", b"") for line in lines]
    _lines._set_settings(settings("body"))
    output, failures, counts = _lines.parse_block(b"\n".join(lines) + b"\n")
    assert failures == []
    assert [json.loads(text) for text in json_lines(output)] == [
        expected_body(line) for line in lines
    ]
    assert counts["lines"] == len(lines)
    assert counts["parsed"] + counts["skipped"] == len(lines)


def log_line(target: bytes) -> bytes:
    return b'h - - [t] "GET ' + target + b' HTTP/1.1" 200 5 "-" "agent"'


@given(st.lists(QUERIES, min_size=1, max_size=20), st.sampled_from(["utf-8", "windows-1252"]))
def test_json_lines_are_what_json_dumps_writes(lines: list[bytes], encoding: str) -> None:
    """Each output line is byte for byte json.dumps(pairs, ensure_ascii=False)."""
    lines = [line.replace(b"\n", b"") for line in lines]
    _lines._set_settings(settings("body", encoding=encoding))
    output, _, _ = _lines.parse_block(b"\n".join(lines) + b"\n")
    expected = []
    for line in lines:
        line = line[:-1] if line.endswith(b"\r") else line
        query = line_query(line) if line else None
        pairs = [] if query is None else parse(query, encoding=encoding)
        expected.append(json.dumps(pairs, ensure_ascii=False) + "\n")
    assert as_bytes(output) == "".join(expected).encode("utf-8")


@given(st.lists(st.text(), max_size=4), st.lists(st.text(), max_size=4))
def test_json_of_pairs_is_json_dumps(names: list[str], values: list[str]) -> None:
    """The JSON of a line's pairs, one string at a time, is what json.dumps writes."""
    pairs = list(zip(names, values))
    assert pairs_json(pairs) == json.dumps(pairs, ensure_ascii=False)


def test_json_needs_no_interpreter_specific_function() -> None:
    """parse --lines and explain --format json run where json.encoder has only its public
    names (PyPy has neither c_encode_basestring nor py_encode_basestring)."""
    script = textwrap.dedent(
        """
        import json.encoder
        for name in ("c_encode_basestring", "py_encode_basestring"):
            if hasattr(json.encoder, name):
                delattr(json.encoder, name)
        import io, sys
        from urlencoded._tools._cli import main
        sys.stdin = io.TextIOWrapper(io.BytesIO(b'q=caf%C3%A9+%22x%22\\n/p?a=%00\\n'))
        assert main(["parse", "--lines", "--input-format", "body", "--no-summary"]) == 0
        assert main(["explain", "--format", "json", "a=%22&b"]) == 0
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert result.returncode == 0, result.stderr.decode()
    lines = result.stdout.decode("utf-8").splitlines()
    assert lines[:2] == ['[["q", "café \\"x\\""]]', '[["a", "\\u0000"]]']
    assert json.loads(lines[2])["value"] == '"'


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
    assert [json.loads(text) for text in json_lines(output)] == expected
    assert counts["unmatched"] == expected.count(None) == len(failures)


@given(st.lists(QUERIES, min_size=1, max_size=20), st.integers(1, 4))
def test_limits_apply_to_each_line(lines: list[bytes], max_fields: int) -> None:
    """With a limit, the lines over it fail alone, and the others parse as before."""
    lines = [line.replace(b"\n", b"").replace(b"\r", b"") for line in lines]
    _lines._set_settings(settings("body", max_fields=max_fields))
    output, failures, _ = _lines.parse_block(b"\n".join(lines) + b"\n")
    failed = {index for index, _ in failures}
    for index, (line, text) in enumerate(zip(lines, json_lines(output))):
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
    rows = read_csv(as_bytes(output).decode(), "csv")
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
    expected = [json.loads(line) for line in json_lines(as_json)]
    assert [None if row is None else [list(pair) for pair in row] for row in rows] == expected
    assert (failures, counts) == (json_failures, json_counts)
