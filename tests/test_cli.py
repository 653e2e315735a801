"""The command line: python -m urlencoded parse|serialize."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from urlencoded.__main__ import main


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "urlencoded", *args], input=stdin, capture_output=True, timeout=60
    )


def test_parse_argument() -> None:
    """parse prints the pairs of its argument as JSON."""
    result = run("parse", "q=caf%C3%A9+au+lait&x")
    assert result.returncode == 0
    assert json.loads(result.stdout) == [["q", "café au lait"], ["x", ""]]


def test_parse_stdin_bytes() -> None:
    """parse reads raw bytes from standard input, invalid UTF-8 included."""
    result = run("parse", stdin=b"a=\xff&b=%E2%82%AC")
    assert json.loads(result.stdout.decode("utf-8")) == [["a", "\ufffd"], ["b", "€"]]


def test_serialize_list_and_object() -> None:
    """serialize accepts a JSON list of pairs or a JSON object."""
    assert run("serialize", '[["a b", "~"], ["a", "é"]]').stdout == b"a+b=%7E&a=%C3%A9\n"
    assert run("serialize", stdin=b'{"x": "1"}').stdout == b"x=1\n"


@pytest.mark.parametrize(
    "args",
    [
        ("serialize", "{"),
        ("serialize", '[["a"]]'),
        ("serialize", '[["a", null]]'),
        ("serialize", "3"),
        ("parse", "--encoding", "nope", "a"),
        ("parse", "--strict", "a=%FF"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...]) -> None:
    """Bad input gives exit status 2 and one line on stderr, never a traceback."""
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == b""
    assert len(result.stderr.decode().strip().splitlines()) == 1
    assert b"Traceback" not in result.stderr


def test_main_returns_status(capsys: pytest.CaptureFixture[str]) -> None:
    """main() returns the exit status instead of exiting."""
    assert main(["parse", "a=1"]) == 0
    assert main(["serialize", "[1]"]) == 2
    captured = capsys.readouterr()
    assert "item 0 is not a [name, value] pair" in captured.err
