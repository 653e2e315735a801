"""The command line on real inputs: request targets, URLs, access logs, columns and counts.

Every test runs the installed ``urlencoded`` console script in a new process.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from urlencoded import parse, query_params, serialize_nested
from urlencoded._web._nested import ListFormat

pytestmark = pytest.mark.console

SCRIPT = Path(sys.executable).parent / "urlencoded"


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(SCRIPT), *args], input=stdin, capture_output=True, timeout=120)


def stderr_lines(result: subprocess.CompletedProcess[bytes]) -> list[str]:
    return result.stderr.decode("utf-8").splitlines()


def usage_error(result: subprocess.CompletedProcess[bytes]) -> str:
    """Assert status 2 and one line on stderr; return it."""
    assert result.returncode == 2, result
    (line,) = stderr_lines(result)
    assert "Traceback" not in line
    return line


def log_line(target: str, *, status: str = "200", combined: bool = True) -> str:
    """One access-log line as nginx writes it, for a request of *target*."""
    line = f'203.0.113.7 - - [10/Oct/2025:13:55:36 +0000] "GET {target} HTTP/1.1" {status} 512'
    if combined:
        line += ' "https://example.com/" "Mozilla/5.0 (X11; Linux x86_64)"'
    return line


LOG = (
    "\n".join(
        [
            log_line("/search?q=caf%C3%A9&utm_source=news&utm_medium=mail"),
            log_line("/"),
            log_line("/search?q=a%2Cb&q=2&utm_source=ads"),
            "this line is not a log line",
            log_line("/s?q=\\x22quoted\\x22&utm_source=x%20y"),
        ]
    ).encode()
    + b"\n"
)


# Inputs, one at a time


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        ("q=1&r=2", None),
        ("?q=1&r=2", "a query; dropped the leading '?'"),
        ("/search?q=1&r=2#top", "a request target; parsing its query (bytes 8-14)"),
        ("https://example.com/search?q=1&r=2", "a URL; parsing its query (bytes 27-33)"),
    ],
)
def test_parse_takes_each_kind_of_input(data: str, kind: str | None) -> None:
    """A body, '?query', request target and URL give the same pairs; stderr says which it was."""
    result = run("parse", data)
    assert json.loads(result.stdout) == [["q", "1"], ["r", "2"]]
    expected = [] if kind is None else [f"urlencoded parse: note: input: {kind}"]
    assert stderr_lines(result) == expected


def test_parse_input_format_body_takes_the_input_as_it_is() -> None:
    """--input-format body parses a request target as a body, as the URL Standard's parser would."""
    result = run("parse", "--input-format", "body", "/search?q=1")
    assert json.loads(result.stdout) == [["/search?q", "1"]]
    assert result.stderr == b""


def test_parse_one_log_line() -> None:
    """--input-format combined takes the query of one log line; a non-log line is an error."""
    result = run("parse", "--input-format", "combined", log_line("/a?x=%C3%A9"))
    assert json.loads(result.stdout) == [["x", "é"]]
    assert "a combined-format log line" in result.stderr.decode()
    assert "not an access-log line" in usage_error(run("parse", "--input-format", "common", "a=1"))


@pytest.mark.parametrize(
    ("data", "pairs", "note"),
    [
        ("example.com/s?q=1#f", [["q", "1"]], "a URL; parsing its query (bytes 14-16)"),
        ("a=1", [], "a URL without a query"),
        ("?a=1", [["a", "1"]], "a query; dropped the leading '?'"),
    ],
)
def test_parse_input_format_url_reads_any_input_as_a_url(
    data: str, pairs: list[list[str]], note: str
) -> None:
    """--input-format url reads the input as query_params reads a URL, with or without a scheme."""
    result = run("parse", "--input-format", "url", data)
    assert result.returncode == 0
    assert json.loads(result.stdout) == pairs == [list(pair) for pair in query_params(data)]
    assert stderr_lines(result) == [f"urlencoded parse: note: input: {note}"]


def test_explain_shows_what_the_input_was() -> None:
    """explain says the input was a request target, where its query was, and explains the query."""
    result = run("explain", "/search?q=1")
    lines = result.stdout.decode().splitlines()
    assert lines[0] == "input: a request target; explaining its query, bytes 8-10 of the input"
    assert lines[1] == "encoding: UTF-8, 3 bytes, 1 pair"
    assert result.returncode == 0
    document = json.loads(run("explain", "--json", "https://e.org/?a=1").stdout)
    assert (document["input"], document["query_start"], document["size"]) == ("url", 15, 3)
    # A body keeps the document's shape of 1.0.
    assert "input" not in json.loads(run("explain", "--json", "a=1").stdout)


def test_explain_exit_status_follows_the_findings() -> None:
    """explain exits 1 when it reports an error, 0 otherwise, in every output form."""
    for options in ([], ["--json"], ["--format", "json"], ["--max-findings", "0"]):
        assert run("explain", *options, "a=%zz").returncode == 1
        assert run("explain", *options, "a=1&&b").returncode == 0


def test_lint_flags_a_url_or_log_line_given_as_a_body() -> None:
    """lint --input-format body reports U105 for a target; a log line is U106 either way."""
    target = run("lint", "--input-format", "body", "/search?q=1")
    assert target.returncode == 1
    assert target.stdout.decode().startswith("byte 0: U105 url-as-body (error)")
    log = run("lint", log_line("/a?b=1", combined=False))
    assert log.returncode == 1
    assert "U106 log-line-as-body (error)" in log.stdout.decode()
    # By default lint takes the query of a target, and says so.
    plain = run("lint", "/search?q=1")
    assert (plain.returncode, plain.stdout) == (0, b"")
    assert "a request target; parsing its query" in plain.stderr.decode()


def test_lint_reports_invisible_characters() -> None:
    """A zero-width space and a byte order mark inside values are findings."""
    result = run("lint", "a=x%E2%80%8B&b=%EF%BB%BFy&c=%E2%80%AE")
    assert [line.split(" (")[0] for line in result.stdout.decode().splitlines()] == [
        "byte 2: U305 invisible-character",
        "byte 15: U305 invisible-character",
        "byte 28: U306 bidi-control",
    ]
    assert result.returncode == 0  # warnings only


# --lines: input formats


def test_lines_auto_detects_a_combined_log(tmp_path: Path) -> None:
    """auto finds the combined format, takes each request's query, and counts every line."""
    path = tmp_path / "access.log"
    path.write_bytes(LOG)
    result = run("parse", "--lines", "--summary", "--file", str(path))
    assert result.stdout.decode().splitlines() == [
        '[["q", "café"], ["utm_source", "news"], ["utm_medium", "mail"]]',
        "[]",
        '[["q", "a,b"], ["q", "2"], ["utm_source", "ads"]]',
        "null",
        '[["q", "\\"quoted\\""], ["utm_source", "x y"]]',
    ]
    assert stderr_lines(result) == [
        "urlencoded parse: note: input format: combined (4 of the first 5 lines)",
        "urlencoded parse: error: line 4: not in the combined format",
        "urlencoded parse: summary: 5 lines: 3 parsed, 1 skipped (no query), "
        "1 not in the format, 0 failed; 8 fields, 0 with U+FFFD; UTF-8 3; format combined",
    ]
    assert result.returncode == 1


@pytest.mark.parametrize(
    ("lines", "detected"),
    [
        ([log_line("/a?x=1", combined=False), log_line("/b", combined=False)], "common"),
        (["/a?x=1", "https://e.org/b?x=2#f", "example.com/?q=1"], "url"),
        (["x=1", "?x=2"], "body"),
        (["x=1", "y=2"], "body"),
    ],
)
def test_lines_auto_detects_each_format(lines: list[str], detected: str) -> None:
    """auto says which format it took for common logs, URLs and targets, and bodies."""
    result = run("parse", "--lines", stdin="\n".join(lines).encode())
    assert stderr_lines(result)[0].startswith(f"urlencoded parse: note: input format: {detected} (")
    assert result.returncode == 0


def test_lines_explicit_formats_count_lines_not_in_them() -> None:
    """With --input-format common, a combined line is not in the format: null, reported, 1."""
    common = run("parse", "--lines", "--input-format", "common", "--summary", stdin=LOG)
    assert common.stdout.decode().splitlines() == ["null"] * 5
    assert "line 1: not in the common format" in common.stderr.decode()
    assert "5 lines: 0 parsed, 0 skipped (no query), 5 not in the format" in (
        common.stderr.decode()
    )
    assert common.returncode == 1


def test_lines_url_format_reads_every_line_as_a_url() -> None:
    """--input-format url reads each line as query_params reads a URL: none is out of format."""
    lines = ["/a?x=1", "x=2", "/b", "example.com/?y=3", "e.org:8080/p?z=4#f?w=5"]
    result = run(
        "parse", "--lines", "--input-format", "url", "--summary",
        stdin="\n".join(lines).encode() + b"\n",
    )  # fmt: skip
    output = [json.loads(text) for text in result.stdout.decode().splitlines()]
    assert output == [[list(pair) for pair in query_params(line)] for line in lines]
    assert output == [[["x", "1"]], [], [], [["y", "3"]], [["z", "4"]]]
    assert "5 lines: 3 parsed, 2 skipped (no query), 0 not in the format" in (
        result.stderr.decode()
    )
    assert result.returncode == 0


@pytest.mark.parametrize("input_format", [[], ["--input-format", "body"]])
def test_lines_mixed_bodies_and_urls_are_each_read_as_what_they_are(
    input_format: list[str],
) -> None:
    """Bodies and URLs (with a scheme, without, targets) in one input: each line as what it is."""
    lines = ["a=1&b=2", "https://x.test/p?q=%C3%A9", "example.com/?q=x", "q=a/b?c", "/p?r=1"]
    result = run("parse", "--lines", *input_format, stdin="\n".join(lines).encode() + b"\n")
    assert result.returncode == 0, result
    assert [json.loads(text) for text in result.stdout.decode().splitlines()] == [
        [["a", "1"], ["b", "2"]],
        [["q", "é"]],
        [["q", "x"]],
        [["q", "a/b?c"]],
        [["r", "1"]],
    ]


def test_lines_body_format_keeps_today_s_behaviour() -> None:
    """--input-format body reads bodies, '?queries' and URLs on lines, silently."""
    result = run("parse", "--lines", "--input-format", "body", stdin=b"a=1\n?b=2\nhttps://e/?c=3\n")
    assert result.stdout.decode().splitlines() == ['[["a", "1"]]', '[["b", "2"]]', '[["c", "3"]]']
    assert (result.returncode, result.stderr) == (0, b"")


def test_lines_regex_with_a_query_or_target_group() -> None:
    """--regex takes the named group 'query' as the query, or 'target' as a URL or target."""
    stdin = b"t=1 GET /a?x=1 ok\nt=2 POST /b ok\nnothing here\n"
    target = run("parse", "--lines", "--regex", r"(?:GET|POST) (?P<target>\S+)", stdin=stdin)
    assert target.stdout.decode().splitlines() == ['[["x", "1"]]', "[]", "null"]
    assert target.returncode == 1
    query = run("parse", "--lines", "--regex", r"\?(?P<query>\S*)", stdin=stdin)
    assert query.stdout.decode().splitlines() == ['[["x", "1"]]', "null", "null"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--regex", "(?P<other>x)"], "one named group"),
        (["--regex", "(?P<query>"], "not a regular expression"),
        (["--input-format", "regex"], "needs --regex"),
        (["--input-format", "common", "--regex", "(?P<query>x)"], "does not go with"),
        (["--format", "csv"], "needs --columns"),
        (["--columns", "a"], "--columns goes with --format csv, tsv or parquet"),
        (
            [
                "--format",
                "csv",
                "--columns",
                "a,",
            ],
            "names separated by commas",
        ),
        (["--all-values"], "--all-values goes with --columns"),
        (["--nested", "--format", "tsv", "--columns", "a"], "--nested writes JSON"),
        (["--guess-encoding", "utf-8,klingon"], "klingon"),
        (["--jobs", "0"], "--jobs must be 1 or more"),
    ],
)
def test_lines_option_errors(args: list[str], message: str) -> None:
    """Options that do not make sense are one line and status 2, before any input is read."""
    assert message in usage_error(run("parse", "--lines", *args, stdin=b"a=1\n"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--jobs", "2"], "--jobs goes with --lines"),
        (["--format", "csv", "--columns", "a"], "--format csv goes with --lines"),
        (["--summary"], "--summary goes with --lines"),
        (["--regex", "(?P<query>.*)"], "--regex goes with --lines"),
    ],
)
def test_line_options_need_lines(args: list[str], message: str) -> None:
    """--jobs, --format csv, --summary and --regex without --lines are errors, not ignored."""
    assert message in usage_error(run("parse", *args, "a=1"))


# --lines: outputs


def test_lines_csv_columns_rfc_4180(tmp_path: Path) -> None:
    """--format csv writes a header, then the first value of each column per request (RFC 4180)."""
    path = tmp_path / "access.log"
    path.write_bytes(LOG)
    result = run(
        "parse", "--lines", "--format", "csv", "--columns", "utm_source,utm_medium,q",
        "--file", str(path),
    )  # fmt: skip
    assert result.stdout == (
        b"utm_source,utm_medium,q\r\n"
        b"news,mail,caf\xc3\xa9\r\n"
        b",,\r\n"
        b'ads,,"a,b"\r\n'
        b'x y,,"""quoted"""\r\n'
    )
    rows = list(csv.reader(io.StringIO(result.stdout.decode())))
    assert rows[3] == ["ads", "", "a,b"]
    assert result.returncode == 1  # the line not in the format


def test_lines_all_values_and_tsv() -> None:
    """--all-values joins repeated values (with '|' or SEP); --format tsv separates with tabs."""
    stdin = b"q=a&q=b&t=1\nq=c\n"
    joined = run("parse", "--lines", "--format", "tsv", "--columns", "q,t", "--all-values",
                 stdin=stdin)  # fmt: skip
    assert joined.stdout == b"q\tt\r\na|b\t1\r\nc\t\r\n"
    separator = run("parse", "--lines", "--format", "csv", "--columns", "q", "--all-values=;",
                    stdin=stdin)  # fmt: skip
    assert separator.stdout.decode().splitlines() == ["q", "a;b", "c"]


def test_lines_csv_value_with_a_newline_stays_one_record() -> None:
    """A value holding CR or LF is quoted, so that the CSV still has one record per request."""
    result = run("parse", "--lines", "--format", "csv", "--columns", "a", stdin=b"a=x%0D%0Ay\n")
    assert list(csv.reader(io.StringIO(result.stdout.decode(), newline=""))) == [
        ["a"],
        ["x\r\ny"],
    ]


def test_nested_output() -> None:
    """--nested prints bracketed names as nested JSON, for one input and for each line."""
    one = run("parse", "--nested", "user[name]=ada&tags[]=a&tags[]=b")
    assert json.loads(one.stdout) == {"user": {"name": "ada"}, "tags": ["a", "b"]}
    lines = run(
        "parse", "--lines", "--input-format", "body", "--nested", stdin=b"a[b]=1\n/x\n/y?c[0]=2\n"
    )
    assert [json.loads(line) for line in lines.stdout.splitlines()] == [
        {"a": {"b": "1"}},
        {},
        {"c": ["2"]},
    ]


def test_serialize_nested() -> None:
    """serialize --nested writes bracketed names, as serialize_nested does, in each list format."""
    data: dict[str, Any] = {"user": {"name": "ada"}, "tags": ["a", "b"], "n": 3}
    text = json.dumps(data)
    list_formats: tuple[ListFormat, ...] = ("indices", "brackets", "repeat")
    for list_format in list_formats:
        result = run("serialize", "--nested", "--list-format", list_format, text)
        assert result.stdout.decode().strip() == serialize_nested(data, list_format=list_format)
    assert "expects a JSON object" in usage_error(run("serialize", "--nested", "[1]"))
    assert "is not an integer" in usage_error(run("serialize", "--nested", '{"a": 1.5}'))


# Encodings per line, and counts


def _encoded(word: str, encoding: str) -> str:
    return quote(word.encode(encoding))


def mixed_log() -> bytes:
    """A log whose search terms are in UTF-8, Shift_JIS and EUC-JP, one with an ie= field."""
    targets = [
        f"/search?q={_encoded('日本語', 'utf-8')}",
        f"/search?q={_encoded('東京', 'shift_jis')}",
        f"/search?q={_encoded('検索', 'euc-jp')}",
        f"/search?q={_encoded('日本語', 'euc-jp')}&page=2",
        f"/search?ie=EUC-JP&q={_encoded('東京', 'euc-jp')}",
        "/search?q=plain",
        "/search?q=%FF%FF",
        "/",
    ]
    return "\n".join(log_line(target) for target in targets).encode() + b"\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_lines_guess_encoding_per_line_with_counts(tmp_path: Path, jobs: str) -> None:
    """Each line is read in the most plausible candidate that decodes it (%FF%FF, which none
    decodes, in the one that replaces the fewest bytes); the summary counts them."""
    path = tmp_path / "access.log"
    path.write_bytes(mixed_log())
    result = run(
        "parse", "--lines", "--guess-encoding", "utf-8,shift_jis,euc-jp", "--summary",
        "--format", "csv", "--columns", "q", "--jobs", jobs, "--file", str(path),
    )  # fmt: skip
    # The csv module quotes a lone empty field, so that the record is no blank line.
    assert result.stdout.decode().splitlines() == [
        "q", "日本語", "東京", "検索", "日本語", "東京", "plain", "\ufffd\ufffd", '""',
    ]  # fmt: skip
    assert stderr_lines(result)[-1] == (
        "urlencoded parse: summary: 8 lines: 7 parsed, 1 skipped (no query), "
        "0 not in the format, 0 failed; 9 fields, 1 with U+FFFD; EUC-JP 3, Shift_JIS 1, "
        "UTF-8 3; 0 close calls; format combined"
    )
    assert result.returncode == 0


def test_lines_charset_field_is_honoured_first() -> None:
    """With --charset-field ie, a line's ie= field decides its encoding before any guess."""
    stdin = f"ie=Shift_JIS&q={_encoded('東京', 'shift_jis')}\nq={_encoded('東京', 'euc-jp')}\n"
    result = run(
        "parse", "--lines", "--charset-field", "ie", "--guess-encoding", "euc-jp,utf-8",
        "--summary", stdin=stdin.encode(),
    )  # fmt: skip
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows == [[["ie", "Shift_JIS"], ["q", "東京"]], [["q", "東京"]]]
    assert "EUC-JP 1, Shift_JIS 1" in stderr_lines(result)[-1]
    without = run("parse", "--lines", "--charset-field", "ie", "--summary", stdin=stdin.encode())
    assert "Shift_JIS 1, UTF-8 1" in stderr_lines(without)[-1]
    assert "1 with U+FFFD" in stderr_lines(without)[-1]


def test_summary_only_when_asked_or_on_a_terminal() -> None:
    """Without a terminal the summary needs --summary; --no-summary turns it off."""
    assert "summary" not in run("parse", "--lines", stdin=b"a=1\n").stderr.decode()
    assert "summary" not in run("parse", "--lines", "--no-summary", stdin=b"a=1\n").stderr.decode()
    counted = run("parse", "--lines", "--summary", "--max-fields", "1", stdin=b"a=1\nb&c\n\n")
    assert stderr_lines(counted)[-1] == (
        "urlencoded parse: summary: 3 lines: 1 parsed, 1 skipped (no query), "
        "0 not in the format, 1 failed; 1 fields, 0 with U+FFFD; UTF-8 1; format body"
    )
    assert counted.returncode == 1


def test_lines_stdin_and_jobs_give_the_same_csv(tmp_path: Path) -> None:
    """From a file or standard input, with one or two jobs, the CSV is the same."""
    path = tmp_path / "access.log"
    lines = [log_line(f"/p?i={index}&q=caf%C3%A9+{index}") for index in range(30_000)]
    data = ("\n".join(lines) + "\n").encode()
    path.write_bytes(data)
    args = ["parse", "--lines", "--format", "csv", "--columns", "i,q"]
    outputs = {
        run(*args, "--jobs", "1", "--file", str(path)).stdout,
        run(*args, "--jobs", "2", "--file", str(path)).stdout,
        run(*args, "--jobs", "2", stdin=data).stdout,
        run(*args, stdin=data).stdout,
    }
    (output,) = outputs
    rows = output.decode().splitlines()
    assert len(rows) == 30_001
    assert rows[-1] == "29999,café 29999"
    assert parse("q=caf%C3%A9+29999") == [("q", "café 29999")]


def test_many_bad_lines_are_counted_after_ten() -> None:
    """The first ten bad lines are reported one by one; the rest in one line."""
    result = run("parse", "--lines", "--input-format", "common", stdin=b"x\n" * 25)
    errors = [line for line in stderr_lines(result) if ": error: " in line]
    assert len(errors) == 11
    assert errors[-1] == "urlencoded parse: error: 15 more lines not in the format or failed"


@pytest.mark.parametrize("encoding", ["replacement", "utf-16le"])
def test_lines_in_an_encoding_that_does_not_read_ascii(encoding: str) -> None:
    """Lines in 'replacement' or UTF-16 give what parse gives each line, with status 0."""
    lines = [b"a=1&b=2", b"c=3", b"", b"d"]
    result = run(
        "parse", "--lines", "--input-format", "body", "--encoding", encoding,
        stdin=b"\n".join(lines) + b"\n",
    )  # fmt: skip
    assert result.returncode == 0, result
    output = [json.loads(text) for text in result.stdout.decode().splitlines()]
    assert output == [[list(pair) for pair in parse(line, encoding=encoding)] for line in lines]
