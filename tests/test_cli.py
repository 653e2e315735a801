"""The command line, run as the installed ``urlencoded`` console script."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.census import JIT_HOLDS, count_is_exact
from urlencoded import __version__, lint, parse
from urlencoded.__main__ import main
from urlencoded._tools._cli._lines import BLOCK_SIZE
from urlencoded._tools._explain import explain, render_json, render_text

SCRIPT = Path(sys.executable).parent / "urlencoded"


def run(
    *args: str, stdin: bytes = b"", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, timeout=120, env=env
    )


def one_line_failure(result: subprocess.CompletedProcess[bytes], status: int = 2) -> str:
    """Assert the exit status and exactly one line on stderr but notes, no traceback; return it."""
    assert result.returncode == status, result
    lines = [line for line in result.stderr.decode("utf-8").splitlines() if ": note: " not in line]
    assert len(lines) == 1, lines
    assert "Traceback" not in lines[0]
    return lines[0]


def test_console_script_is_installed() -> None:
    """The console script next to the interpreter is the one under test."""
    assert SCRIPT.is_file()


def test_version() -> None:
    """--version prints the package version."""
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.decode().strip() == f"urlencoded {__version__}"


@pytest.mark.parametrize("command", ["parse", "serialize", "explain", "lint"])
def test_help_has_examples(command: str) -> None:
    """Each subcommand's --help ends with examples that use it."""
    result = run(command, "--help")
    assert result.returncode == 0
    text = result.stdout.decode()
    assert "examples:" in text
    assert f"urlencoded {command}" in text.split("examples:")[1]


# parse


def test_parse_argument() -> None:
    """parse prints the pairs of its argument as JSON."""
    result = run("parse", "q=caf%C3%A9+au+lait&x")
    assert result.returncode == 0
    assert json.loads(result.stdout) == [["q", "café au lait"], ["x", ""]]


def test_parse_stdin_bytes() -> None:
    """parse reads raw bytes from standard input, invalid UTF-8 included."""
    result = run("parse", stdin=b"a=\xff&b=%E2%82%AC")
    assert json.loads(result.stdout.decode("utf-8")) == [["a", "\ufffd"], ["b", "€"]]
    assert result.stderr == b""


def test_parse_argument_bytes_are_kept() -> None:
    """An argument that is not UTF-8 is parsed as the bytes the shell passed."""
    result = subprocess.run([os.fsencode(SCRIPT), b"parse", b"a=\xe9"], capture_output=True)
    assert json.loads(result.stdout) == [["a", "\ufffd"]]


def test_parse_trailing_newline_warns() -> None:
    """A newline at the end of stdin stays in the value, with one warning line on stderr."""
    result = run("parse", stdin=b"a=1\n")
    assert result.returncode == 0
    assert json.loads(result.stdout) == [["a", "1\n"]]
    (warning,) = result.stderr.decode().splitlines()
    assert "warning" in warning
    assert "--strip-newline" in warning


@pytest.mark.parametrize(
    ("stdin", "pairs"),
    [(b"a=1\n", [["a", "1"]]), (b"a=1\r\n", [["a", "1"]]), (b"a=1\n\n", [["a", "1\n"]])],
)
def test_parse_strip_newline(stdin: bytes, pairs: list[list[str]]) -> None:
    """--strip-newline drops exactly one final LF or CRLF, silently."""
    result = run("parse", "--strip-newline", stdin=stdin)
    assert json.loads(result.stdout) == pairs
    assert result.stderr == b""


@pytest.mark.parametrize(
    ("data", "pairs", "note"),
    [
        ("?q=a+b&x=1", [["q", "a b"], ["x", "1"]], "a query; dropped the leading '?'"),
        ("https://example.com/s?q=a+b#frag", [["q", "a b"]], "a URL; parsing its query"),
        ("https://example.com/s#f?q=1", [], "a URL"),
        ("/search?q=1&x", [["q", "1"], ["x", ""]], "a request target; parsing its query"),
    ],
)
def test_parse_question_mark_and_url(data: str, pairs: list[list[str]], note: str) -> None:
    """A leading '?', a URL or a request target is accepted: its query is parsed, stderr says so."""
    for result in (run("parse", data), run("parse", stdin=data.encode())):
        assert json.loads(result.stdout) == pairs
        assert f"note: input: {note}" in result.stderr.decode()


def test_parse_streamed_url_across_chunks() -> None:
    """A URL on stdin whose query starts after the first 64 KiB chunk is still found."""
    url = b"http://example.com/" + b"p" * 100_000 + b"?a=1&b=2#" + b"f" * 70_000
    result = run("parse", stdin=url)
    assert json.loads(result.stdout) == [["a", "1"], ["b", "2"]]


def test_parse_encoding_and_strict() -> None:
    """--encoding decodes legacy bytes; --strict turns invalid bytes into an error."""
    result = run("parse", "--encoding", "shift_jis", "q=%93%FA%96%7B")
    assert json.loads(result.stdout) == [["q", "日本"]]
    line = one_line_failure(run("parse", "--strict", "a=%FF"))
    assert line.startswith("urlencoded parse: error: invalid UTF-8")


def test_parse_isindex() -> None:
    """--isindex reads a first field without '=' as a value."""
    assert json.loads(run("parse", "--isindex", "hello+world&a=1").stdout) == [
        ["", "hello world"],
        ["a", "1"],
    ]


def test_parse_charset_field() -> None:
    """--charset-field NAME decodes every field in the encoding that field names."""
    body = b"_charset_=Shift_JIS&q=%93%FA%96%7B"
    result = run("parse", "--charset-field", "_charset_", stdin=body)
    assert json.loads(result.stdout) == [["_charset_", "Shift_JIS"], ["q", "日本"]]
    google = run("parse", "--charset-field", "ie", "ie=euc-jp&q=%C6%FC")
    assert json.loads(google.stdout) == [["ie", "euc-jp"], ["q", "日"]]


def test_parse_separator() -> None:
    """--separator picks the character that separates fields, in every mode."""
    assert json.loads(run("parse", "--separator", ";", "a=1;b=2&c").stdout) == [
        ["a", "1"],
        ["b", "2&c"],
    ]
    lines = run("parse", "--lines", "--separator", ";", stdin=b"a=1;b=2\n")
    assert json.loads(lines.stdout) == [["a", "1"], ["b", "2"]]
    assert "repeat" in one_line_failure(run("parse", "--separator", ";;", "a"))


def test_parse_guess_encoding() -> None:
    """--guess-encoding parses in the most plausible candidate that decodes, and says which."""
    result = run("parse", "--guess-encoding", "utf-8,euc-jp,shift_jis", "q=%93%FA%96%7B")
    assert json.loads(result.stdout) == [["q", "日本"]]
    assert "parsing as Shift_JIS" in result.stderr.decode()
    failed = one_line_failure(run("parse", "--guess-encoding", "utf-8", "q=%FF"))
    assert "none of utf-8 decodes every field" in failed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--max-fields", "2", "a&b&c"), "max_fields=2"),
        (("--max-field-size", "3", "abcd=1"), "max_field_size=3"),
        (("--max-body-size", "4", "a=123"), "max_body_size=4"),
    ],
)
def test_parse_limits(args: tuple[str, ...], message: str) -> None:
    """Each limit option stops the parse with one line naming it."""
    assert message in one_line_failure(run("parse", *args))


def test_parse_limits_on_by_default_and_none_lifts_them() -> None:
    """1001 fields exceed the default limit; '--max-fields none' lifts it."""
    body = b"&".join([b"a=1"] * 1001)
    assert "max_fields=1000" in one_line_failure(run("parse", stdin=body))
    result = run("parse", "--max-fields", "none", stdin=body)
    assert len(json.loads(result.stdout)) == 1001


def test_parse_large_stdin_stops_at_the_limit() -> None:
    """40 MB on stdin stops at the body limit with one line, not a MemoryError."""
    line = one_line_failure(run("parse", stdin=b"a=" + b"x" * 40_000_000))
    assert "max_field_size" in line or "max_body_size" in line


def test_parse_streams_stdin_through_the_incremental_parser() -> None:
    """A body bigger than one read chunk parses exactly as parse() does."""
    body = b"&".join(b"k%d=v+%%C3%%A9%d" % (i, i) for i in range(900)) * 1
    body = body + b"&tail=" + b"z" * 70_000
    assert json.loads(run("parse", stdin=body).stdout) == [list(pair) for pair in parse(body)]


def test_parse_file(tmp_path: Path) -> None:
    """--file reads the input from a file; a missing file is one line."""
    path = tmp_path / "body"
    path.write_bytes(b"a=1&b=2")
    assert json.loads(run("parse", "--file", str(path)).stdout) == [["a", "1"], ["b", "2"]]
    line = one_line_failure(run("parse", "--file", str(tmp_path / "missing")))
    assert "No such file" in line
    assert "missing" in line


def test_parse_argument_and_file_conflict(tmp_path: Path) -> None:
    """An argument and --file together are refused in one line."""
    assert "not both" in one_line_failure(run("parse", "a", "--file", str(tmp_path)))


def test_terminal_input_says_what_it_waits_for() -> None:
    """On a terminal with no input argument, parse says it reads the terminal."""
    import pty

    leader, follower = pty.openpty()
    try:
        process = subprocess.Popen(
            [str(SCRIPT), "parse"], stdin=follower, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        os.write(leader, b"a=1\n\x04")
        out, err = process.communicate(timeout=60)
    finally:
        os.close(leader)
        os.close(follower)
    assert "reading the input from the terminal" in err.decode()
    assert json.loads(out) == [["a", "1\n"]]


# parse --lines


def test_lines(tmp_path: Path) -> None:
    """--lines prints one JSON list per line; URLs, '?', CRLF and empty lines are handled."""
    path = tmp_path / "lines"
    path.write_bytes(b"a=1&b=2\r\n?q=x\n\nhttps://e.org/?u=%C3%A9#f\nlast")
    result = run("parse", "--lines", "--file", str(path))
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert lines == [[["a", "1"], ["b", "2"]], [["q", "x"]], [], [["u", "é"]], [["last", ""]]]


def test_lines_failure_is_null_and_one_line(tmp_path: Path) -> None:
    """A failing line prints null in its place and one stderr line; the status is 1."""
    result = run("parse", "--lines", "--max-fields", "1", stdin=b"a=1\nb=1&c=2\nd=4\n")
    assert result.returncode == 1
    assert result.stdout.decode().splitlines() == ['[["a", "1"]]', "null", '[["d", "4"]]']
    note, line = result.stderr.decode().splitlines()
    assert note == (
        "urlencoded parse: note: input format: body (line by line, a body or a URL: "
        "0 of the first 3 lines are URLs)"
    )
    assert line.startswith("urlencoded parse: error: line 2: max_fields=1")


@pytest.mark.parametrize(("jobs", "from_file"), [("1", False), ("2", False), ("2", True)])
def test_lines_overlong_line_is_skipped_without_holding_it(
    jobs: str, from_file: bool, tmp_path: Path
) -> None:
    """A line longer than --max-body-size becomes null; the next lines still parse."""
    stdin = b"a=1\n" + b"x" * 3_000_000 + b"\nb=2\n"
    args = ["parse", "--lines", "--jobs", jobs, "--max-body-size", "100"]
    if from_file:
        (tmp_path / "lines").write_bytes(stdin)
        result = run(*args, "--file", str(tmp_path / "lines"))
    else:
        result = run(*args, stdin=stdin)
    assert result.stdout.decode().splitlines() == ['[["a", "1"]]', "null", '[["b", "2"]]']
    assert "line 2: max_body_size=100" in one_line_failure(result, 1)


def test_lines_jobs_give_the_same_output(tmp_path: Path) -> None:
    """--jobs 2 writes exactly what --jobs 1 writes, in input order, across many blocks."""
    path = tmp_path / "queries"
    # About 2.4 MB: three blocks.
    lines = [b"id=%d&q=caf%%C3%%A9+%d&t=%%E2%%82%%AC" % (i, i * 7) for i in range(60_000)]
    path.write_bytes(b"\n".join(lines) + b"\n")
    assert path.stat().st_size > 2 * BLOCK_SIZE
    one = run("parse", "--lines", "--jobs", "1", "--file", str(path))
    two = run("parse", "--lines", "--jobs", "2", "--file", str(path))
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout
    output = one.stdout.decode().splitlines()
    assert len(output) == len(lines)
    assert json.loads(output[-1]) == [list(pair) for pair in parse(lines[-1])]


@pytest.mark.parametrize("skip_lines", [0, 3])
def test_lines_jobs_on_standard_input_from_a_file(tmp_path: Path, skip_lines: int) -> None:
    """Standard input redirected from a file, even part-read, gives --jobs 1's output with -j 2."""
    path = tmp_path / "queries"
    lines = [b"id=%d&q=caf%%C3%%A9+%d&t=%%E2%%82%%AC" % (i, i * 7) for i in range(60_000)]
    path.write_bytes(b"\n".join(lines) + b"\n")
    rest = tmp_path / "rest"
    rest.write_bytes(b"".join(line + b"\n" for line in lines[skip_lines:]))
    one = run("parse", "--lines", "--jobs", "1", "--file", str(rest))
    with path.open("rb") as stdin:
        # Where the shell's earlier reader left off: the offset is shared with the child.
        stdin.seek(sum(len(line) + 1 for line in lines[:skip_lines]))
        two = subprocess.run(
            [str(SCRIPT), "parse", "--lines", "--jobs", "2"],
            stdin=stdin,
            capture_output=True,
            timeout=120,
        )
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout
    assert len(two.stdout.splitlines()) == len(lines) - skip_lines


def test_lines_rejects_bad_jobs_and_argument() -> None:
    """--jobs 0 and --lines with an argument are one-line errors."""
    assert "--jobs" in one_line_failure(run("parse", "--lines", "--jobs", "0", stdin=b"a"))
    assert "--lines" in one_line_failure(run("parse", "--lines", "a=1"))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_closed_pipe_ends_quietly(tmp_path: Path, jobs: str) -> None:
    """When the reader of stdout goes away, the command stops silently with status 141."""
    path = tmp_path / "queries"
    path.write_bytes(b"a=1&b=2\n" * 400_000)  # blocks of output, more than a pipe holds
    process = subprocess.Popen(
        [str(SCRIPT), "parse", "--lines", "--jobs", jobs, "--file", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=120) == 141
    assert [line for line in err.decode().splitlines() if ": note: " not in line] == []


def test_head_under_pipefail_gives_no_message(tmp_path: Path) -> None:
    """`| head -1` under `set -o pipefail` prints one line, no message, and the SIGPIPE status."""
    path = tmp_path / "queries"
    path.write_bytes(b"a=1&b=2\n" * 400_000)
    result = subprocess.run(
        [
            "bash",
            "-c",
            f"set -o pipefail; '{SCRIPT}' parse --lines --no-summary "
            f"--input-format body --file '{path}' | head -1",
        ],
        capture_output=True,
        timeout=120,
    )
    assert result.stdout == b'[["a", "1"], ["b", "2"]]\n'
    assert result.stderr == b""
    assert result.returncode == 141


# serialize


def test_serialize_list_and_object() -> None:
    """serialize accepts a JSON list of pairs or a JSON object."""
    assert run("serialize", '[["a b", "~"], ["a", "é"]]').stdout == b"a+b=%7E&a=%C3%A9\n"
    assert run("serialize", stdin=b'{"x": "1"}').stdout == b"x=1\n"


def test_serialize_object_keeps_repeated_names() -> None:
    """A JSON object's repeated names are all kept, in order."""
    assert run("serialize", '{"a": "1", "b": "2", "a": "3"}').stdout == b"a=1&b=2&a=3\n"


def test_serialize_numbers_and_booleans() -> None:
    """Numbers are written as they appear in the JSON; booleans as true and false."""
    result = run("serialize", '[["n", 1.50], ["e", -2E+3], ["t", true], ["f", false], [7, 0]]')
    assert result.stdout == b"n=1.50&e=-2E%2B3&t=true&f=false&7=0\n"


def test_serialize_browser_options() -> None:
    """--newlines crlf, --fill-charset-field, --no-space-as-plus, --separator and --isindex."""
    browser = run(
        "serialize",
        "--encoding",
        "sjis",
        "--newlines",
        "crlf",
        "--fill-charset-field",
        '[["_charset_", ""], ["t", "a\\nb"]]',
    )
    assert browser.stdout == b"_charset_=Shift_JIS&t=a%0D%0Ab\n"
    mailto = run("serialize", "--no-space-as-plus", "--separator", ";", '{"a": "1 2", "b": "3"}')
    assert mailto.stdout == b"a=1%202;b=3\n"
    assert run("serialize", "--isindex", '{"isindex": "a b", "x": "1"}').stdout == b"a+b&x=1\n"


def test_serialize_encoding() -> None:
    """--encoding picks the output encoding."""
    assert (
        run("serialize", "--encoding", "shift_jis", '{"q": "日本"}').stdout == b"q=%93%FA%96%7B\n"
    )


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("serialize", "{"), b"", "is not JSON"),
        (("serialize", '[["a"]]'), b"", "item 0 is not a [name, value] pair"),
        (("serialize", '[["a", null]]'), b"", "null"),
        (("serialize", '[["a", [1]]]'), b"", "must be a string, number or boolean"),
        (("serialize", '{"a": {"b": 1}}'), b"", "must be a string, number or boolean"),
        (("serialize", "3"), b"", "expected a JSON list"),
        (("serialize", "[NaN]"), b"", "not a JSON number"),
        (("serialize",), b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (("serialize",), b'[["a", "\xff"]]', "is not UTF-8: byte 0xff at offset 8"),
        (("serialize", "--max-body-size", "5"), b'{"a": "b"}', "--max-body-size=5"),
        (("parse", "--encoding", "nope", "a"), b"", "unknown encoding label: 'nope'"),
        (("parse", "--max-fields", "lots", "a"), b"", "expected a number or 'none'"),
        (("parse", "--bogus"), b"", "unrecognized arguments"),
        (("frobnicate",), b"", "invalid choice"),
        ((), b"", "required"),
    ],
    ids=lambda value: value[:20] if isinstance(value, (str, bytes)) else None,
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...], stdin: bytes, message: str) -> None:
    """Bad input gives exit status 2 and one line on stderr, never a traceback."""
    result = run(*args, stdin=stdin)
    assert message in one_line_failure(result)
    assert result.stdout == b""


def test_memory_exhaustion_is_one_line() -> None:
    """Running out of memory ends with one line and status 2, not a MemoryError traceback."""
    data = b"[" + b",".join([b'["a","b"]'] * 2_000_000) + b"]"

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (200 * 2**20, 200 * 2**20))

    result = subprocess.run(
        [str(SCRIPT), "serialize", "--max-body-size", "none"],
        input=data,
        capture_output=True,
        preexec_fn=limit_memory,
        timeout=120,
    )
    assert "out of memory" in one_line_failure(result)


# explain


def test_explain_text() -> None:
    """explain shows each pair's range, raw bytes, decoding and findings, aligned."""
    result = run("explain", "a=1;b=2&&c=%zz")
    assert result.returncode == 1  # an error among the findings
    assert result.stdout.decode() == (
        "encoding: UTF-8, 14 bytes, 2 pairs\n"
        "pair 1  bytes 0-6   'a=1;b=2'\n"
        "  name:  'a'\n"
        "  value: '1;b=2'\n"
        "    byte 3: U103 semicolon-separator (warning): ';' then 'b=2' looks like a separator;"
        " only '&' separates fields, so this is all one value\n"
        "pair 2  bytes 9-13  'c=%zz'\n"
        "  name:  'c'\n"
        "  value: '%zz'\n"
        "    byte 11: U201 bad-percent (error): '%' followed by 'zz' is not an escape;"
        " it stays a literal '%' (encode it as %25)\n"
        "between pairs:\n"
        "    byte 7: U104 empty-sequence (info): 1 empty sequence between fields;"
        " parse skips it\n"
        "1 error, 1 warning, 1 info\n"
    )


def test_explain_shows_invisible_characters() -> None:
    """Invisible characters in names and values are shown escaped."""
    text = run("explain", "%E2%80%8Bname=a%0A%EF%BB%BF").stdout.decode()
    assert "name:  '\\u200bname'" in text
    assert "value: 'a\\n\\ufeff'" in text


def test_explain_json() -> None:
    """--json gives the same information for scripts."""
    data = json.loads(run("explain", "--json", "q=%93%FA").stdout)
    assert data["encoding"] == "UTF-8"
    (pair,) = data["pairs"]
    assert (pair["start"], pair["end"], pair["raw"], pair["name"]) == (0, 8, "q=%93%FA", "q")
    assert [finding["code"] for finding in pair["findings"]] == ["U304"]


def test_explain_encoding_and_guess() -> None:
    """--guess-encoding lists the candidates that decode and reads in the most plausible."""
    result = run("explain", "--guess-encoding", "utf-8,shift_jis,euc-jp", "q=%93%FA%96%7B")
    lines = result.stdout.decode().splitlines()
    assert lines[0] == "decodes every field: Shift_JIS (tried utf-8, shift_jis, euc-jp)"
    assert "  value: '日本'" in lines
    forced = run("explain", "--encoding", "euc-jp", "--guess-encoding", "utf-8,sjis", "q=%93%FA")
    assert "encoding: EUC-JP" in forced.stdout.decode()
    assert "unknown encoding" in one_line_failure(run("explain", "--guess-encoding", "x", "a"))
    assert "separated by commas" in one_line_failure(run("explain", "--guess-encoding", "x,", "a"))


def test_explain_no_color_when_piped() -> None:
    """Piped output has no terminal escapes."""
    assert b"\033[" not in run("explain", "a=%zz").stdout


# lint


def test_lint_exit_status() -> None:
    """lint exits 1 when an error is found, 0 for warnings only or nothing."""
    error = run("lint", "a=%zz")
    assert error.returncode == 1
    assert error.stdout.decode().startswith("byte 2: U201 bad-percent (error):")
    warning = run("lint", "a=1;b=2")
    assert warning.returncode == 0
    assert b"U103" in warning.stdout
    clean = run("lint", "a=1&b=2")
    assert (clean.returncode, clean.stdout, clean.stderr) == (0, b"", b"")


def test_lint_json_and_stdin_newline() -> None:
    """lint --json lists the findings; a newline from echo is reported, or stripped."""
    findings = json.loads(run("lint", "--json", stdin=b"a=1\n").stdout)
    assert [finding["code"] for finding in findings] == ["U102"]
    assert run("lint", "--strip-newline", stdin=b"a=1\n").returncode == 0


def test_lint_encoding() -> None:
    """lint --encoding checks the decoded bytes in that encoding."""
    assert run("lint", "q=%93%FA").returncode == 1
    assert run("lint", "--encoding", "shift_jis", "q=%93%FA").returncode == 0


# explain and lint: --max-findings, --format json, --json


def _lines(result: subprocess.CompletedProcess[bytes]) -> list[str]:
    return result.stdout.decode("utf-8").splitlines()


# 250 bad escapes (errors), then one ';' separator (a warning).
MANY = "&".join(f"k{index}=%zz" for index in range(250)) + "&b=1;c=2"


def test_lint_max_findings_default_and_closing_line() -> None:
    """Text output stops after 100 findings and says how many more there were, and which."""
    result = run("lint", MANY)
    lines = _lines(result)
    assert len(lines) == 101
    assert all(line.startswith("byte ") for line in lines[:100])
    assert lines[100] == (
        "... 151 more findings not shown (150 errors, 1 warning, 0 info): "
        "--max-findings none shows all"
    )
    assert result.returncode == 1


def test_lint_max_findings_options() -> None:
    """--max-findings N shows N findings, 'none' shows all, and 0 only the closing line."""
    assert len(_lines(run("lint", "--max-findings", "3", MANY))) == 4
    everything = _lines(run("lint", "--max-findings", "none", MANY))
    assert everything == [str(finding) for finding in lint(MANY)]
    (closing,) = _lines(run("lint", "--max-findings", "0", MANY))
    assert closing.startswith("... 251 findings not shown (250 errors, 1 warning, 0 info)")
    assert "expected 0 or more" in one_line_failure(run("lint", "--max-findings", "-1", "a"))


def test_lint_exit_status_counts_findings_not_shown() -> None:
    """An error past the limit still makes lint exit 1; warnings past it do not."""
    late_error = "a=1;b=2&" * 5 + "c=%zz"
    shown = run("lint", "--max-findings", "1", late_error)
    assert _lines(shown)[0].startswith("byte 3: U103")
    assert _lines(shown)[1].startswith("... 6 more findings not shown (1 error, 4 warnings")
    assert shown.returncode == 1
    assert run("lint", "--max-findings", "1", "a=1;b=2&" * 5).returncode == 0


def test_lint_format_json_lines() -> None:
    """--format json prints one JSON object per finding and a summary, all of them by default."""
    result = run("lint", "--format", "json", MANY)
    objects = [json.loads(line) for line in _lines(result)]
    findings = lint(MANY)
    assert len(objects) == len(findings) + 1 == 252
    assert objects[:-1] == [
        {
            "type": "finding",
            "code": finding.code,
            "name": finding.name,
            "severity": finding.severity,
            "offset": finding.offset,
            "message": finding.message,
        }
        for finding in findings
    ]
    assert objects[-1] == {
        "type": "summary",
        "findings": 251,
        "severities": {"error": 250, "warning": 1, "info": 0},
        "not_shown": 0,
    }
    assert result.returncode == 1


def test_lint_format_json_lines_with_a_limit() -> None:
    """--format json with --max-findings prints N findings and counts the rest in the summary."""
    result = run("lint", "--format", "json", "--max-findings", "5", MANY)
    objects = [json.loads(line) for line in _lines(result)]
    assert [item["type"] for item in objects] == ["finding"] * 5 + ["summary"]
    assert (objects[-1]["findings"], objects[-1]["not_shown"]) == (251, 246)
    clean = [json.loads(line) for line in _lines(run("lint", "--format", "json", "a=1"))]
    assert clean == [
        {
            "type": "summary",
            "findings": 0,
            "severities": {"error": 0, "warning": 0, "info": 0},
            "not_shown": 0,
        }
    ]


def test_explain_max_findings_counts_pairs_and_findings_between() -> None:
    """explain shows N pieces (a pair, or a finding between pairs); the totals count all."""
    body = "a=1&&b=%zz&&c=3;d=4&&e"
    lines = _lines(run("explain", "--max-findings", "2", body))
    assert lines[0] == "encoding: UTF-8, 22 bytes, 4 pairs"
    assert [line for line in lines if line.startswith("pair ")] == ["pair 1  bytes 0-2    'a=1'"]
    assert lines[-3:] == [
        "    byte 3: U104 empty-sequence (info): 1 empty sequence between fields; parse skips it",
        "... 3 more pairs and 2 more findings between pairs not shown: "
        "--max-findings none shows all",
        "1 error, 1 warning, 3 info",
    ]
    assert lines[-4] == "between pairs:"
    everything = run("explain", "--max-findings", "none", body)
    assert everything.stdout.decode() == render_text(explain(body.encode())) + "\n"


def test_explain_default_limit_is_100_pieces() -> None:
    """By default the text shows 100 pairs and counts the rest; the errors make the status 1."""
    body = "&".join(f"k{index}=%zz" for index in range(150))
    result = run("explain", body)
    lines = _lines(result)
    assert sum(line.startswith("pair ") for line in lines) == 100
    assert lines[-2:] == [
        "... 50 more pairs not shown: --max-findings none shows all",
        "150 errors, 0 warnings, 0 info",
    ]
    assert result.returncode == 1


def test_explain_format_json_lines() -> None:
    """--format json prints a pair or finding object per line, in input order, then a summary."""
    body = "a=1&&b=%zz&&c=3;d=4&&e"
    objects = [json.loads(line) for line in _lines(run("explain", "--format", "json", body))]
    expected = explain(body.encode())
    pairs = [item for item in objects if item["type"] == "pair"]
    assert [{k: v for k, v in pair.items() if k != "type"} for pair in pairs] == render_json(
        expected
    )["pairs"]
    assert [item["type"] for item in objects] == [
        "pair", "finding", "pair", "finding", "pair", "finding", "pair", "summary"
    ]  # fmt: skip
    assert objects[-1] == {
        "type": "summary",
        "encoding": "UTF-8",
        "size": 22,
        "pairs": 4,
        "findings": 5,
        "severities": {"error": 1, "warning": 1, "info": 3},
        "not_shown": 0,
    }
    limited = run("explain", "--format", "json", "--max-findings", "1", body)
    first, summary = (json.loads(line) for line in _lines(limited))
    assert (first["type"], summary["pairs"], summary["not_shown"]) == ("pair", 4, 6)


def test_explain_format_json_with_guess() -> None:
    """The summary of --format json carries the candidates and the matches of --guess-encoding."""
    result = run("explain", "--format", "json", "--guess-encoding", "utf-8,sjis", "q=%93%FA")
    summary = json.loads(_lines(result)[-1])
    assert (summary["candidates"], summary["matches"]) == (["utf-8", "sjis"], ["Shift_JIS"])
    assert summary["encoding"] == "Shift_JIS"


@pytest.mark.parametrize(
    "body",
    [b"", b"&", b"a=1;b=2&&c=%zz", MANY.encode(), b"&&x=%FF&y=[1]&_charset_=sjis&&", b"\xff=\n"],
)
def test_json_document_is_unchanged(body: bytes, tmp_path: Path) -> None:
    """--json prints the one document it always did, every finding included, whatever the count."""
    path = tmp_path / "body"
    path.write_bytes(body)
    explained = run("explain", "--json", "--file", str(path))
    expected = json.dumps(render_json(explain(body)), ensure_ascii=False) + "\n"
    assert explained.stdout.decode("utf-8") == expected
    linted = run("lint", "--json", "--file", str(path))
    findings = [
        {
            "code": finding.code,
            "name": finding.name,
            "severity": finding.severity,
            "offset": finding.offset,
            "message": finding.message,
        }
        for finding in lint(body)
    ]
    assert linted.stdout.decode("utf-8") == json.dumps(findings, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("command", ["explain", "lint"])
def test_json_options_that_do_not_go_together(command: str) -> None:
    """--json with --format, or with --max-findings, is a one-line error."""
    assert "not allowed with argument" in one_line_failure(
        run(command, "--json", "--format", "json", "a")
    )
    assert "--max-findings" in one_line_failure(run(command, "--json", "--max-findings", "3", "a"))


class _Alive:
    """The most objects of a class alive at once, by standing in for it in a module."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> None:
        import weakref

        self.made = self.alive = self.peak = 0
        census = self
        original = getattr(module, name)

        def born(item: object) -> None:
            census.made += 1
            census.alive += 1
            if count_is_exact(census.made):
                census.peak = max(census.peak, census.alive)
            weakref.finalize(item, census.died)

        class Counted(original):  # type: ignore[misc, valid-type]
            def __init__(self, *args: object, **kwargs: object) -> None:
                super().__init__(*args, **kwargs)
                born(self)

        monkeypatch.setattr(module, name, Counted)

    def died(self) -> None:
        self.alive -= 1


# 10**5 short lines, three findings each: the shape of a log of bad queries.
MANY_LINES = b"a=1&b=%z;\n" * 100_000


@pytest.mark.parametrize("options", [[], ["--max-findings", "none"], ["--format", "json"]])
def test_lint_holds_no_list_of_findings(
    options: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    """lint on a large input of many lines keeps only a few findings alive at any time."""
    from urlencoded._tools._lint import _checks as _lint

    path = tmp_path / "lines"
    path.write_bytes(MANY_LINES)
    findings = _Alive(monkeypatch, _lint, "Finding")
    assert main(["lint", *options, "--file", str(path)]) == 1
    assert findings.made == 300_000
    assert findings.peak < 40
    assert capsysbinary.readouterr().out.count(b"\n") > 100


@pytest.mark.parametrize("options", [[], ["--max-findings", "none"], ["--format", "json"]])
def test_explain_holds_no_list_of_pairs(
    options: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    """explain on a large input of many lines keeps only a few pairs and findings alive."""
    from urlencoded._tools import _explain
    from urlencoded._tools._lint import _checks as _lint

    path = tmp_path / "lines"
    path.write_bytes(MANY_LINES)
    findings = _Alive(monkeypatch, _lint, "Finding")
    pairs = _Alive(monkeypatch, _explain, "ExplainedPair")
    assert main(["explain", *options, "--file", str(path)]) == 1
    assert findings.made >= 300_000
    assert findings.peak < 40
    # Past the limit (and the one piece that shows there is more), no pair is made.
    assert pairs.made in (101, 100_001)
    assert pairs.peak <= 2 + JIT_HOLDS
    assert capsysbinary.readouterr().out.count(b"\n") > 100


def test_main_returns_status(capsys: pytest.CaptureFixture[str]) -> None:
    """main() returns the exit status instead of exiting."""
    assert main(["parse", "a=1"]) == 0
    assert main(["serialize", "[1]"]) == 2
    assert main(["--help"]) == 0
    captured = capsys.readouterr()
    assert "item 0 is not a [name, value] pair" in captured.err


def _on_a_terminal(args: list[str], stdin: bytes = b"") -> tuple[int, bytes, bytes]:
    """Run the script with stderr on a pseudo-terminal: (status, stdout, what the terminal got)."""
    import pty

    leader, follower = pty.openpty()
    try:
        result = subprocess.run(
            [str(SCRIPT), *args],
            input=stdin,
            stdout=subprocess.PIPE,
            stderr=follower,
            timeout=120,
        )
        os.close(follower)
        drawn = b""
        while True:
            try:
                piece = os.read(leader, 4096)
            except OSError:
                break
            if not piece:
                break
            drawn += piece
    finally:
        os.close(leader)
    return result.returncode, result.stdout, drawn


def test_lines_progress_bar_on_a_terminal(tmp_path: Path) -> None:
    """With a file and stderr on a terminal, --lines shows bytes, lines, MB/s and time left."""
    path = tmp_path / "queries"
    path.write_bytes(b"a=1\n" * 250_000)
    status, out, drawn = _on_a_terminal(["parse", "--lines", "--file", str(path)])
    assert status == 0
    assert len(out.splitlines()) == 250_000
    assert b"100% of 1.0 MB, 250,000 lines, " in drawn
    assert b" MB/s, 0 s left" in drawn
    # Cleared at the end, then the summary, shown by default on a terminal.
    assert drawn.endswith(
        b"\rurlencoded parse: summary: 250000 lines: 250000 parsed, 0 skipped (no query), "
        b"0 not in the format, 0 failed; 250000 fields, 0 with U+FFFD; UTF-8 250000; "
        b"format body\r\n"
    )


def test_lines_progress_on_stdin_shows_lines_and_rate() -> None:
    """From standard input (size unknown) the progress shows bytes, lines and MB/s, no percent."""
    status, out, drawn = _on_a_terminal(
        ["parse", "--lines", "--no-summary"], stdin=b"a=1\n" * 250_000
    )
    assert status == 0
    assert len(out.splitlines()) == 250_000
    assert b"\r1.0 MB, 250,000 lines, " in drawn
    assert b"%" not in drawn
    assert b"summary" not in drawn


def test_closed_stdout_and_stderr() -> None:
    """A closed standard output is one line on stderr; a closed stderr is no failure."""
    closed_out = subprocess.run(
        f"'{SCRIPT}' parse a >&-", shell=True, capture_output=True, timeout=60
    )
    assert closed_out.returncode == 2
    assert closed_out.stderr == b"urlencoded parse: error: standard output is closed\n"
    closed_err = subprocess.run(
        f"printf 'a\\n' | '{SCRIPT}' parse 2>&-", shell=True, capture_output=True, timeout=60
    )
    assert (closed_err.returncode, closed_err.stdout) == (0, b'[["a\\n", ""]]\n')


def test_lines_failure_numbers_across_blocks(tmp_path: Path) -> None:
    """With --jobs 2, a failing line deep in a file is reported with its own line number."""
    # About 1.6 MB: the failing line is in the second block.
    lines = [b"a=%d&b=2" % index for index in range(150_000)]
    lines[140_000] = b"a&b&c&d"
    path = tmp_path / "lines"
    path.write_bytes(b"\n".join(lines))
    assert path.stat().st_size > BLOCK_SIZE
    result = run("parse", "--lines", "--jobs", "2", "--max-fields", "3", "--file", str(path))
    assert "line 140001: max_fields=3" in one_line_failure(result, 1)
    output = result.stdout.decode().splitlines()
    assert len(output) == 150_000
    assert output[140_000] == "null"
    assert output[-1] == '[["a", "149999"], ["b", "2"]]'
