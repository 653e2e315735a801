"""``urlencoded encode`` and ``urlencoded decode``, in every dialect, run as the console script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from urlencoded.dialects import DIALECTS

SCRIPT = Path(sys.executable).parent / "urlencoded"


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(SCRIPT), *args], input=stdin, capture_output=True, timeout=120)


def failure(result: subprocess.CompletedProcess[bytes]) -> str:
    """Assert status 2 and one stderr line without a traceback; return the line."""
    assert result.returncode == 2
    (line,) = result.stderr.decode().splitlines()
    assert "Traceback" not in line
    return line


@pytest.mark.parametrize("name", sorted(DIALECTS))
def test_encode_decode_every_dialect(name: str) -> None:
    """encode and decode --dialect NAME print what the dialect's methods return."""
    dialect = DIALECTS[name]
    text = "a b~*+/é日"
    encoded = run("encode", "--dialect", name.lower().replace("_", "-"), text)
    assert encoded.stdout.decode() == dialect.encode(text) + "\n"
    decoded = run("decode", "--dialect", name, dialect.encode(text))
    assert decoded.stdout.decode("utf-8") == dialect.decode(dialect.encode(text)) + "\n"


def test_encode_default_is_the_form_dialect() -> None:
    """Without --dialect, encode writes what a browser's form serializer writes."""
    assert run("encode", "café au lait~").stdout == b"caf%C3%A9+au+lait%7E\n"
    assert run("encode", "--dialect", "OAUTH1", "café au lait~").stdout == (
        b"caf%C3%A9%20au%20lait~\n"
    )


def test_encode_stdin_and_encoding() -> None:
    """Standard input is read as UTF-8 text, or as bytes when it is not UTF-8."""
    assert run("encode", "--encoding", "shift_jis", stdin="日本".encode()).stdout == (
        b"%93%FA%96%7B\n"
    )
    assert run("encode", stdin=b"\xff ").stdout == b"%FF+\n"
    line = failure(run("encode", "--encoding", "shift_jis", stdin=b"\xff"))
    assert "not UTF-8 text" in line


def test_encode_newline_rule() -> None:
    """A final newline on stdin is encoded with a warning, or dropped with --strip-newline."""
    warned = run("encode", stdin=b"a\n")
    assert warned.stdout == b"a%0A\n"
    assert b"--strip-newline" in warned.stderr
    assert run("encode", "--strip-newline", stdin=b"a\n").stdout == b"a\n"


def test_decode_options() -> None:
    """decode --encoding, --bytes and --strict."""
    assert run("decode", "--encoding", "shift_jis", "%93%FA%96%7B").stdout.decode() == "日本\n"
    assert run("decode", "--bytes", "%12%34+").stdout == b"\x124 "
    assert run("decode", "%FF").stdout.decode() == "\ufffd\n"
    assert "URI malformed" in failure(run("decode", "-d", "js-uri-component", "--strict", "%E0%A4"))
    assert "not valid Shift_JIS" in failure(
        run("decode", "--encoding", "shift_jis", "--strict", "%82")
    )


def test_decode_lone_surrogate_is_shown_escaped() -> None:
    """JavaScript's unescape can give a lone surrogate; it is printed as \\ud800."""
    assert (
        run("decode", "--dialect", "js-escape", "%u65E5%uD800").stdout == b"\xe6\x97\xa5\\ud800\n"
    )


def test_list_dialects() -> None:
    """--list-dialects names every dialect, aliases pointing to the dialect they are."""
    lines = run("encode", "--list-dialects").stdout.decode().splitlines()
    assert [line.split()[0] for line in lines] == list(DIALECTS)
    assert "OAUTH1                   the same as RFC3986" in lines
    assert run("decode", "--list-dialects").stdout.decode().splitlines() == lines


def test_unknown_dialect_is_one_line() -> None:
    """An unknown dialect name exits 2 with one line naming it."""
    assert "unknown dialect 'nope'" in failure(run("encode", "--dialect", "nope", "x"))
    assert "unknown dialect 'nope'" in failure(run("decode", "--dialect", "nope", "x"))


@pytest.mark.parametrize("command", ["encode", "decode"])
def test_help_examples(command: str) -> None:
    """encode and decode --help end with examples."""
    text = run(command, "--help").stdout.decode()
    assert f"examples:\n  urlencoded {command}" in text
