"""lint(): one test per code, agreement with the reference, linear-time shape, streaming."""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.census import count_is_exact
from tests.reference_lint import materialized_lint, reference_lint
from urlencoded import Finding, UnknownEncodingError, lint, parse
from urlencoded._tools._lint import CODES, iter_lint
from urlencoded._tools._lint import _checks as lint_module

DOCS = Path(__file__).parent.parent / "docs" / "lint.rst"


def codes(data: bytes | str, encoding: str = "UTF-8") -> list[tuple[int, str]]:
    return [(finding.offset, finding.code) for finding in lint(data, encoding=encoding)]


# One example per code: (input, encoding, expected (offset, code) findings).
EXAMPLES: dict[str, tuple[bytes | str, str, list[tuple[int, str]]]] = {
    "U101": ("?q=1", "UTF-8", [(0, "U101")]),
    "U102": (b"a=1\n", "UTF-8", [(3, "U102")]),
    "U103": ("a=1;b=2", "UTF-8", [(3, "U103")]),
    "U104": ("a=1&&b=2&", "UTF-8", [(3, "U104"), (8, "U104")]),
    "U105": ("/search?q=1", "UTF-8", [(0, "U105")]),
    "U106": (
        '203.0.113.7 - - [10/Oct/2025:13:55:36 +0000] "GET /s?q=1 HTTP/1.1" 200 5',
        "UTF-8",
        [(0, "U106"), (11, "U302")],
    ),
    "U107": ("hl=en&amp;q=a&#38;x=1&#X26;y", "UTF-8", [(6, "U107"), (14, "U107"), (22, "U107")]),
    "U201": ("a=100%&b=%zz", "UTF-8", [(5, "U201"), (9, "U201")]),
    "U202": ("q=%c3%a9", "UTF-8", [(2, "U202")]),
    "U203": ("q=a+b&r=c%20d", "UTF-8", [(9, "U203")]),
    "U204": ("path=%252Fetc", "UTF-8", [(5, "U204")]),
    "U301": (b"q=caf\xc3\xa9", "UTF-8", [(5, "U301")]),
    "U302": ("q=a b", "UTF-8", [(3, "U302")]),
    "U303": (b"q=a\tb", "UTF-8", [(3, "U303")]),
    "U304": ("q=%93%FA%96%7B", "UTF-8", [(2, "U304")]),
    "U305": ("q=caf%C3%A9%E2%80%8B&bom=%EF%BB%BFx", "UTF-8", [(2, "U305"), (25, "U305")]),
    "U306": ("file=%E2%80%AEtxt.exe", "UTF-8", [(5, "U306")]),
    "U401": ("_charset_=Shift_JIS&q=%93%FA", "Shift_JIS", [(0, "U401")]),
    "U402": ("tag=a&tag=b", "UTF-8", [(6, "U402")]),
    "U403": ("user[name]=ada&ids=[1,2]", "UTF-8", [(0, "U403"), (19, "U403")]),
}


def test_every_code_has_an_example() -> None:
    """The examples below cover every lint code."""
    assert set(EXAMPLES) == set(CODES)


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_code_example(code: str) -> None:
    """Each code's example triggers exactly the findings listed for it."""
    data, encoding, expected = EXAMPLES[code]
    assert codes(data, encoding) == expected


@pytest.mark.parametrize("code", sorted(CODES))
def test_code_documented_with_example(code: str) -> None:
    """docs/lint.rst has a section for each code, with its name and a doctest calling lint."""
    text = DOCS.read_text(encoding="utf-8")
    name = CODES[code][0]
    section = re.search(rf"^{code} {name}\n[-=~]+\n(.*?)(?=^U\d{{3}} |\Z)", text, re.M | re.S)
    assert section is not None, f"no section '{code} {name}' in {DOCS.name}"
    assert ">>> " in section.group(1)
    assert code in section.group(1)


def test_clean_input_has_no_findings() -> None:
    """A body as a browser writes it gives no finding."""
    assert lint("q=caf%C3%A9+au+lait&tilde=%7E&empty=&flag") == []


def test_findings_are_once_per_sequence() -> None:
    """A code is reported at its first occurrence in each sequence only."""
    assert codes("a=%zz%zz%zz&b=%zz") == [(2, "U201"), (14, "U201")]


def test_trailing_newline_is_not_a_control() -> None:
    """The final CR/LF is reported as U102 alone, not also as a raw control byte."""
    assert codes(b"a=1\r\n") == [(3, "U102")]
    assert codes(b"a=1\r\nb=2\n") == [(3, "U303"), (8, "U102")]


def test_charset_field_severity() -> None:
    """_charset_ is info when it names the encoding in use, a warning otherwise."""
    (same,) = lint("_charset_=utf-8")
    (other,) = lint("_charset_=Shift_JIS")
    (unknown,) = lint("_charset_=klingon")
    assert (same.severity, other.severity, unknown.severity) == ("info", "warning", "warning")
    assert "Shift_JIS" in other.message
    assert "klingon" in unknown.message


def test_semicolon_needs_a_field_after_it() -> None:
    """A ';' inside a value with no name=value after it is not flagged."""
    assert codes("a=x;y") == []
    assert codes("a;b=1") == []
    assert codes("a=1;x;b=2") == [(5, "U103")]


def test_invalid_encoding_under_legacy_encoding() -> None:
    """U304 follows the encoding argument: Shift_JIS bytes are fine in Shift_JIS only."""
    assert codes("q=%93%FA%96%7B", "shift_jis") == []
    assert codes("q=%82", "shift_jis") == [(2, "U304")]


def test_str_offsets_count_utf8_bytes() -> None:
    """Offsets in a str input count its UTF-8 bytes."""
    assert codes("é=1&x=%zz") == [(0, "U301"), (7, "U201")]


def test_finding_fields_and_str() -> None:
    """A Finding has code, name, severity, offset and message, and prints as one line."""
    finding = Finding("U201", 3, "bad")
    assert (finding.name, finding.severity) == ("bad-percent", "error")
    assert str(finding) == "byte 3: U201 bad-percent (error): bad"
    with pytest.raises(ValueError, match="code"):
        Finding("X999", 0, "?")
    with pytest.raises(ValueError, match="severity"):
        Finding("U201", 0, "?", "fatal")
    with pytest.raises(ValueError, match="offset must be 0 or more, got -1"):
        Finding("U201", -1, "?")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((201, 0, "?"), "code must be a str, not int"),
        (("U201", "3", "?"), "offset must be an int, not str"),
        (("U201", True, "?"), "offset must be an int, not bool"),
        (("U201", 3, b"?"), "message must be a str, not bytes"),
        (("U201", 3, "?", None), "severity must be a str, not NoneType"),
    ],
)
def test_finding_wrong_types(arguments: tuple[object, ...], message: str) -> None:
    """A Finding of wrong types is a TypeError naming the field, not a broken object."""
    with pytest.raises(TypeError, match=message):
        Finding(*arguments)  # type: ignore[arg-type]


def test_bad_arguments() -> None:
    """Wrong types raise TypeError; an unknown encoding raises UnknownEncodingError."""
    with pytest.raises(TypeError, match="bytes or str"):
        lint(3)  # type: ignore[arg-type]
    with pytest.raises(UnknownEncodingError):
        lint("a", encoding="klingon")


def test_findings_match_what_parse_does() -> None:
    """The U102 and U103 messages describe what parse really returns."""
    assert parse(b"a=1\n") == [("a", "1\n")]
    assert parse("a=1;b=2") == [("a", "1;b=2")]


TOKENS = st.sampled_from(
    [b"a", b"b", b"=", b"&", b";", b"%", b"%2", b"%25", b"%20", b"%e9", b"%E9", b"%C3%A9",
     b"%FF", b"+", b" ", b"?", b"\r", b"\n", b"\t", b"\x7f", b"\xc3\xa9", b"\xff", b"[", b"]",
     b"{", b"}", b"[x]", b"_charset_", b"sjis", b"x", b"7", b"%E2%80%8B", b"%e2%80%ae",
     b"\xe2\x81\xa6", b"%EF%BB%BF", b"%EF", b"/", b"http://", b"#", b"%81%40", b"amp;",
     b"&amp;", b"&AmP;", b"&#38;", b"&#038;", b"&#x26;", b"#X026;", b"#39;", b"#x", b"26;"]
)  # fmt: skip
BODIES = st.lists(TOKENS, max_size=24).map(b"".join)


@given(BODIES, st.sampled_from(["UTF-8", "Shift_JIS", "windows-1252"]))
def test_agrees_with_reference(body: bytes, encoding: str) -> None:
    """lint reports the same codes at the same offsets as the byte-by-byte reference."""
    assert codes(body, encoding) == reference_lint(body, encoding)


@given(st.binary(max_size=64))
def test_any_bytes(body: bytes) -> None:
    """Any bytes lint without error; findings are sorted and point into the input."""
    findings = lint(body)
    assert findings == sorted(findings, key=lambda finding: (finding.offset, finding.code))
    assert all(0 <= finding.offset <= len(body) for finding in findings)
    assert codes(body) == reference_lint(body)


HOSTILE_UNITS = [
    b"&", b"a&", b"%", b"%zz", b";a=", b"a=1;b=", b"a&a=", b"[", b"a[b]", b"\xff", b"%25",
    b"=", b"\n", b" ", b"_charset_=x&", b";", b"a=1;", b"=;", b";=", b"a=;x;", b"%5D&",
    b"&amp;", b"&#0", b"&#00038;",
]  # fmt: skip


@pytest.mark.parametrize("unit", HOSTILE_UNITS)
def test_findings_grow_with_fields_not_bytes(unit: bytes) -> None:
    """On repetitive hostile input, findings grow at most with the number of sequences."""
    body = unit * 2000
    assert len(lint(body)) <= body.count(b"&") * 3 + 16


# iter_lint: the same findings, yielded as they are found.

ENCODINGS = st.sampled_from(["UTF-8", "Shift_JIS", "windows-1252"])
MORE_TOKENS = st.sampled_from(
    [b"=;", b";x=", b"%5D", b"%7d", b"{a}", b"[]", b"a[b][c]", b"_charset_=sjis", b"_charset_=x",
     b"&&", b"%25%32", b"%2"]
)  # fmt: skip
RICH_BODIES = st.lists(st.one_of(TOKENS, MORE_TOKENS), max_size=40).map(b"".join)


@given(st.one_of(BODIES, RICH_BODIES, st.binary(max_size=64)), ENCODINGS)
def test_iter_lint_agrees_with_materialized_lint(body: bytes, encoding: str) -> None:
    """iter_lint yields exactly the findings lint listed before it streamed, in the same order."""
    expected = materialized_lint(body, encoding)
    assert list(iter_lint(body, encoding=encoding)) == expected
    assert lint(body, encoding=encoding) == expected


@pytest.mark.parametrize("unit", HOSTILE_UNITS)
def test_iter_lint_agrees_on_hostile_input(unit: bytes) -> None:
    """On long repetitive input, iter_lint still yields exactly the materialized findings."""
    body = unit * 3000
    assert list(iter_lint(body)) == materialized_lint(body)


def test_iter_lint_accepts_what_lint_accepts() -> None:
    """iter_lint takes str (offsets in UTF-8 bytes), bytearray, memoryview and an Encoding."""
    from urlencoded import get_encoding

    expected = lint("é=1&x=%zz")
    assert list(iter_lint("é=1&x=%zz")) == expected
    assert list(iter_lint(bytearray("é=1&x=%zz".encode()))) == expected
    assert list(iter_lint(memoryview("é=1&x=%zz".encode()))) == expected
    assert list(iter_lint(b"q=%82", encoding=get_encoding("shift_jis"))) == lint(
        b"q=%82", encoding="shift_jis"
    )


def test_iter_lint_checks_arguments_when_called() -> None:
    """Bad arguments fail at the call, before any finding is asked for."""
    with pytest.raises(TypeError, match=r"iter_lint\(\) takes bytes or str, not int"):
        iter_lint(3)  # type: ignore[arg-type]
    with pytest.raises(UnknownEncodingError):
        iter_lint("a", encoding="klingon")


class _Census:
    """Counts the findings made and the most alive at once, by standing in for Finding."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made = 0
        self.alive = 0
        self.peak = 0
        census = self

        class Counted(Finding):
            def __post_init__(self) -> None:
                super().__post_init__()
                census.made += 1
                census.alive += 1
                if count_is_exact(census.made):
                    census.peak = max(census.peak, census.alive)
                weakref.finalize(self, census.died)

        monkeypatch.setattr(lint_module, "Finding", Counted)

    def died(self) -> None:
        self.alive -= 1


# About 3 findings per line (U201, U103, U303), as in a log of bad queries.
HUGE = b"a=1&b=%z;\n" * 50_000


def test_first_finding_does_not_check_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    """Taking the first finding of a huge input makes a handful of findings, not all of them."""
    census = _Census(monkeypatch)
    findings = iter_lint(HUGE)
    assert census.made == 0
    first = next(findings)
    assert (first.offset, first.code) == (6, "U201")
    assert census.made < 20
    rest = sum(1 for _ in findings)
    assert rest > 100_000
    assert census.made == rest + 1


def test_findings_are_not_held(monkeypatch: pytest.MonkeyPatch) -> None:
    """While a huge input is linted, only a few findings are alive at any time."""
    census = _Census(monkeypatch)
    count = 0
    for _ in iter_lint(HUGE):
        count += 1
    assert count == census.made > 100_000
    assert census.peak < 40


def _offsets(findings: Iterator[Finding]) -> list[tuple[int, str]]:
    return [(finding.offset, finding.code) for finding in findings]


def test_repeated_name_waits_for_its_second_field() -> None:
    """U402 comes at the second field, in order, yet gives the count of all of them."""
    findings = list(iter_lint("tag=a&x=%zz&tag=b&tag=c"))
    assert _offsets(iter(findings)) == [(8, "U201"), (12, "U402")]
    assert "appears 3 times (first at byte 0)" in findings[1].message


def test_invisible_characters_in_other_encodings() -> None:
    """U305 and U306 look at the decoded text, whatever the encoding writes them as."""
    assert codes("q=%81%45", "gb18030") == []
    zero_width = "\u200b".encode("gb18030")
    body = b"q=" + b"".join(b"%%%02X" % byte for byte in zero_width)
    assert codes(body, "gb18030") == [(2, "U305")]
    # In UTF-16LE the ASCII bytes 0B 20 are U+200B.
    assert (2, "U305") in codes(b"q=\x0b\x20", "UTF-16LE")


def test_invisible_reported_once_per_sequence() -> None:
    """A sequence with an invisible character in its name and its value gets one U305."""
    assert codes("a%E2%80%8B=%E2%80%8B&b=%E2%80%8F") == [(0, "U305"), (23, "U306")]


def test_not_a_body_messages() -> None:
    """U105 says where the query is; U106 names the log format and the target."""
    (target,) = lint("/search?q=1")
    assert "a request target, not a body: its query starts at byte 8" in target.message
    (url,) = lint("https://example.com/")
    assert "a URL, not a body: it has no query" in url.message
    log = lint(b'h - - [t] "GET /a?b=1 HTTP/1.1" 200 - "https://r/" "agent x" 0.001')[0]
    assert log.code == "U106"
    assert "(combined format) with the target '/a?b=1'" in log.message
    assert lint("a=/path") == []
    assert lint("q=http://x/") == []


def test_lowercase_and_double_encoded_point_at_normalize() -> None:
    """U202 and U204 point at urlencoded.normalize for the canonical form."""
    for finding in lint("a=%e9&b=%2541"):
        if finding.code in ("U202", "U204"):
            assert "urlencoded.normalize(text)" in finding.message


LOG_PIECES = st.sampled_from(
    [b"h", b" ", b"-", b"[", b"]", b'"', b"\\", b"GET", b"/a?b=1", b"200", b"12", b"x",
     b'"-"', b"\\x22", b"\\\\", b"\\\"", b"a b", b"\r", b"\n", b"\\\n"]
)  # fmt: skip
LOG_LINES = st.one_of(
    st.lists(LOG_PIECES, max_size=30).map(b"".join),
    st.tuples(
        st.sampled_from([b"h - - [t] ", b"h - u [d z] ", b"h -  [t] "]),
        st.lists(LOG_PIECES, max_size=8).map(b"".join),
        st.sampled_from(
            [b" 200 5", b" - -", b" 200 5 ", b" 20 5", b' 200 5 "r" "a"', b' 200 - "r" "a" x']
        ),
    ).map(lambda parts: parts[0] + b'"' + parts[1] + b'"' + parts[2]),
)


@given(LOG_LINES)
def test_log_line_detection_agrees_with_reference(line: bytes) -> None:
    """The access-log patterns agree with the field-by-field reference reading of a line."""
    from tests.reference_lint import log_line
    from urlencoded._web import LOG_FORMATS

    expected = log_line(line)
    found = None
    for name, pattern in LOG_FORMATS.items():
        match = pattern.fullmatch(line)
        if match is not None:
            found = (name, match.group("target"))
            break
    assert found == expected
    assert codes(line) == reference_lint(line)


@pytest.mark.console
def test_command_line_fails_on_html_escaped_ampersand() -> None:
    """urlencoded lint 'a=1&amp;b=2' reports U107 and exits with status 1, as for any error."""
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "urlencoded", "lint", "a=1&amp;b=2"],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1
    assert "U107 html-escaped-ampersand (error)" in result.stdout.decode()
