"""``--separator`` with several characters, through the installed console script."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from urlencoded import LimitExceeded, parse, parse_nested

pytestmark = pytest.mark.console

SCRIPT = Path(sys.executable).parent / "urlencoded"
BOTH = ("&", ";")


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(SCRIPT), *args], input=stdin, capture_output=True, timeout=120)


def json_lines(result: subprocess.CompletedProcess[bytes]) -> list[object]:
    return [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]


def errors(result: subprocess.CompletedProcess[bytes]) -> list[str]:
    lines = result.stderr.decode("utf-8").splitlines()
    return [line for line in lines if ": note: " not in line]


@pytest.mark.parametrize("body", ["a=1;b=2&c=3", "a=%3B;;b&", ";x=1;", "a=1&b=2"])
def test_several_characters_split_on_each(body: str) -> None:
    """--separator '&;' splits on both characters, as parse(separator=('&', ';')) does."""
    result = run("parse", "--separator", "&;", body)
    assert result.returncode == 0, result
    assert json.loads(result.stdout) == [list(pair) for pair in parse(body, separator=BOTH)]


def test_one_character_still_works() -> None:
    """--separator ';' alone leaves '&' inside values, as separator=';' does."""
    body = "a=1;b=2&c=3"
    result = run("parse", "--separator", ";", body)
    assert json.loads(result.stdout) == [list(pair) for pair in parse(body, separator=";")]
    assert json.loads(result.stdout)[1] == ["b", "2&c=3"]


@pytest.mark.parametrize("separator", ["&=", "&&", "é"])
def test_bad_separators_are_one_line_usage_errors(separator: str) -> None:
    """A separator with '=', a repeated character or a non-ASCII one is status 2, one line."""
    result = run("parse", "--separator", separator, "a=1")
    assert result.returncode == 2
    (line,) = errors(result)
    assert "separator" in line
    assert "Traceback" not in line


def test_serialize_still_takes_one_character() -> None:
    """serialize writes one separator, so '&;' is a usage error there."""
    result = run("serialize", "--separator", "&;", '{"a": "1"}')
    assert result.returncode == 2
    (line,) = errors(result)
    assert "--separator" in line


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_max_fields_counts_every_separator_in_lines(jobs: str, tmp_path: Path) -> None:
    """In --lines, a line of ';'-separated fields over --max-fields fails, as parse does."""
    lines = ["a=1;b=2;c=3", "x=1&y=2", "p=1;q=2&r=3;s=4", "k=v"]
    path = tmp_path / "queries.txt"
    path.write_text("".join(line + "\n" for line in lines))
    result = run(
        "parse", "--lines", "--jobs", jobs, "--separator", "&;", "--max-fields", "2",
        "--file", str(path),
    )  # fmt: skip
    expected: list[object] = []
    for line in lines:
        try:
            expected.append([list(pair) for pair in parse(line, separator=BOTH, max_fields=2)])
        except LimitExceeded:
            expected.append(None)
    assert None in expected
    assert json_lines(result) == expected
    assert result.returncode == 1
    assert sum("max_fields=2" in line for line in errors(result)) == expected.count(None)


def test_max_fields_in_lines_from_standard_input() -> None:
    """The limit holds too when the lines come from a pipe, one block at a time."""
    result = run(
        "parse", "--lines", "--separator", ";&", "--max-fields", "3",
        stdin=b"a;b;c;d\na;b;c\n",
    )  # fmt: skip
    assert json_lines(result) == [None, [["a", ""], ["b", ""], ["c", ""]]]
    assert result.returncode == 1


def test_charset_field_in_lines_sees_every_separator() -> None:
    """--charset-field finds its field after a ';' as parse(charset_field=...) does."""
    body = "q=%93%FA;_charset_=shift_jis"
    result = run(
        "parse", "--lines", "--separator", "&;", "--charset-field", "_charset_",
        stdin=body.encode() + b"\n",
    )  # fmt: skip
    expected = parse(body, separator=BOTH, charset_field="_charset_")
    assert json_lines(result) == [[list(pair) for pair in expected]]
    assert expected[0] == ("q", "日")


def test_nested_splits_on_each() -> None:
    """parse --nested passes the tuple on, as parse_nested(separator=('&', ';')) takes it."""
    body = "a[b]=1;a[c]=2&d[]=x;d[]=y"
    result = run("parse", "--nested", "--separator", "&;", body)
    assert json.loads(result.stdout) == parse_nested(body, separator=BOTH)


def test_nested_lines_split_on_each() -> None:
    """parse --lines --nested passes the tuple on to each line."""
    result = run("parse", "--lines", "--nested", "--separator", "&;", stdin=b"a[b]=1;a[c]=2\n")
    assert json_lines(result) == [parse_nested("a[b]=1;a[c]=2", separator=BOTH)]


@pytest.mark.parametrize("lines", [False, True])
def test_guess_encoding_splits_on_each(lines: bool) -> None:
    """--guess-encoding ranks the fields split on every separator, whole input or per line."""
    body = "q=%93%FA%96%7B;r=%8C%EA"
    args = ["parse", "--separator", "&;", "--guess-encoding", "utf-8,shift_jis"]
    if lines:
        result = run(*args, "--lines", stdin=body.encode() + b"\n")
        (output,) = json_lines(result)
    else:
        result = run(*args, body)
        output = json.loads(result.stdout)
    assert result.returncode == 0, result
    assert output == [list(pair) for pair in parse(body, separator=BOTH, encoding="shift_jis")]


def test_streamed_standard_input_splits_on_each() -> None:
    """A body streamed from standard input, with a charset field after a ';', reads as parse's."""
    body = "q=%93%FA;_charset_=shift_jis&r=%96%7B"
    result = run("parse", "--separator", "&;", "--charset-field", "_charset_", stdin=body.encode())
    assert result.returncode == 0, result
    expected = parse(body, separator=BOTH, charset_field="_charset_")
    assert json.loads(result.stdout) == [list(pair) for pair in expected]
    assert expected[-1] == ("r", "本")
