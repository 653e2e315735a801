"""CSV and TSV output of ``parse --lines``: Python's csv module's bytes, and NUL the same
on every Python (quoted; 3.9's csv quoted it, 3.10's failed, 3.11's writes it bare).

Runs on any supported interpreter with only pytest and hypothesis installed
(``PYTHONPATH=src python -m pytest tests/test_cli_csv.py``): the command line
runs as ``python -m urlencoded``.
"""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from urlencoded import parse
from urlencoded._core import form_options
from urlencoded._tools._cli import _lines
from urlencoded._tools._cli._csv import DELIMITERS, csv_text

# A stand-in for NUL while Python's csv reads or writes: before 3.11 its reader
# refuses NUL, and its writer's handling of NUL differs between versions.
STAND_IN = "\ue000"
END = "\ue001"

FIELD_TEXT = st.text(st.sampled_from(list(',\t"\r\n\x00 ab\x0b\ufffd\u2028é')), max_size=6)
ROWS = st.integers(1, 3).flatmap(
    lambda width: st.lists(st.lists(FIELD_TEXT, min_size=width, max_size=width), max_size=5)
)


def python_csv(rows: list[list[str]], output: str) -> str:
    """What Python's csv module writes, with a field holding NUL quoted.

    The writer quotes a field holding a character of its line terminator: NUL
    is written as a stand-in that the terminator holds, then put back (the
    terminator ends with a second one, which no field holds, to find it by).
    """
    text = io.StringIO()
    writer = csv.writer(
        text,
        dialect="excel" if output == "csv" else "excel-tab",
        lineterminator="\r\n" + STAND_IN + END,
    )
    writer.writerows([[field.replace("\x00", STAND_IN) for field in row] for row in rows])
    return text.getvalue().replace(STAND_IN + END, "").replace(STAND_IN, "\x00")


def read_csv(text: str, output: str) -> list[list[str]]:
    """Rows read back with Python's csv module, NUL included, on any version."""
    reader = csv.reader(
        io.StringIO(text.replace("\x00", STAND_IN), newline=""),
        dialect="excel" if output == "csv" else "excel-tab",
    )
    return [[field.replace(STAND_IN, "\x00") for field in row] for row in reader]


@given(ROWS, st.sampled_from(["csv", "tsv"]))
@example([[""]], "csv")
@example([["a\x00b", "x"]], "tsv")
def test_rows_are_what_python_csv_writes(rows: list[list[str]], output: str) -> None:
    """Every row is what Python's csv module writes, a field holding NUL quoted."""
    text = csv_text(rows, DELIMITERS[output])
    assert text == python_csv(rows, output)
    assert read_csv(text, output) == rows


@pytest.mark.parametrize(
    ("rows", "output", "text"),
    [
        ([["a,b", "c"]], "csv", '"a,b",c\r\n'),
        ([['a"b']], "csv", '"a""b"\r\n'),
        ([["a\rb", "\n"]], "csv", '"a\rb","\n"\r\n'),
        ([[""]], "csv", '""\r\n'),
        ([["", ""]], "csv", ",\r\n"),
        ([[" a ", "\x0b\u2028"]], "csv", " a ,\x0b\u2028\r\n"),
        ([["a\tb", "a,b"]], "csv", 'a\tb,"a,b"\r\n'),
        ([["a\tb", "a,b"]], "tsv", '"a\tb"\ta,b\r\n'),
        ([["a\x00b", "x"], ["\x00"]], "csv", '"a\x00b",x\r\n"\x00"\r\n'),
        ([["a\x00b", "x"], ["", ""]], "tsv", '"a\x00b"\tx\r\n\t\r\n'),
    ],
)
def test_rows_are_the_same_everywhere(rows: list[list[str]], output: str, text: str) -> None:
    """RFC 4180's quoting, and NUL quoted, whatever the Python: the bytes are these."""
    assert csv_text(rows, DELIMITERS[output]) == text


@pytest.mark.parametrize("output", ["csv", "tsv"])
def test_a_nul_value_in_a_block(output: str) -> None:
    """Lines with %00 and raw NUL give rows with their values whole, quoted."""
    _lines._set_settings(
        _lines.LineSettings(
            options=form_options(),
            input_format="body",
            regex=None,
            group="",
            output=output,
            nested=False,
            columns=("a", "b"),
            join=None,
            candidates=(),
            nested_options={},
        )
    )
    lines = [b"a=x%00y&b=2", b"a=1&b=%00", b"b=\x00", b"a=,"]
    output_bytes, failures, _ = _lines.parse_block(b"\n".join(lines) + b"\n")
    assert failures == []
    assert isinstance(output_bytes, bytes)
    text = output_bytes.decode("utf-8")
    expected = []
    for line in lines:
        first = dict(reversed(parse(line)))
        expected.append([first.get("a", ""), first.get("b", "")])
    assert read_csv(text, output) == expected
    delimiter = DELIMITERS[output]
    assert text.splitlines()[0] == f'"x\x00y"{delimiter}2'


def test_command_line_writes_nul_values() -> None:
    """parse --lines --format csv on a value with %00 exits 0 with the value quoted."""
    result = subprocess.run(
        [
            *(sys.executable, "-m", "urlencoded", "parse", "--lines", "--input-format", "body"),
            *("--format", "csv", "--columns", "q,n", "--no-summary"),
        ],
        input=b"q=a%00b&n=1\nq=plain\n",
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == b'q,n\r\n"a\x00b",1\r\nplain,\r\n'
