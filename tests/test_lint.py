"""lint(): one test per code, agreement with the reference, linear-time shape."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reference_lint import reference_lint
from urlencoded import Finding, UnknownEncodingError, lint, parse
from urlencoded._lint import CODES

DOCS = Path(__file__).parent.parent / "docs" / "lint.rst"


def codes(data: bytes | str, encoding: str = "UTF-8") -> list[tuple[int, str]]:
    return [(finding.offset, finding.code) for finding in lint(data, encoding=encoding)]


# One example per code: (input, encoding, expected (offset, code) findings).
EXAMPLES: dict[str, tuple[bytes | str, str, list[tuple[int, str]]]] = {
    "U101": ("?q=1", "UTF-8", [(0, "U101")]),
    "U102": (b"a=1\n", "UTF-8", [(3, "U102")]),
    "U103": ("a=1;b=2", "UTF-8", [(3, "U103")]),
    "U104": ("a=1&&b=2&", "UTF-8", [(3, "U104"), (8, "U104")]),
    "U201": ("a=100%&b=%zz", "UTF-8", [(5, "U201"), (9, "U201")]),
    "U202": ("q=%c3%a9", "UTF-8", [(2, "U202")]),
    "U203": ("q=a+b&r=c%20d", "UTF-8", [(9, "U203")]),
    "U204": ("path=%252Fetc", "UTF-8", [(5, "U204")]),
    "U301": (b"q=caf\xc3\xa9", "UTF-8", [(5, "U301")]),
    "U302": ("q=a b", "UTF-8", [(3, "U302")]),
    "U303": (b"q=a\tb", "UTF-8", [(3, "U303")]),
    "U304": ("q=%93%FA%96%7B", "UTF-8", [(2, "U304")]),
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
     b"{", b"}", b"[x]", b"_charset_", b"sjis", b"x", b"7"]
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


@pytest.mark.parametrize(
    "unit",
    [b"&", b"a&", b"%", b"%zz", b";a=", b"a=1;b=", b"a&a=", b"[", b"a[b]", b"\xff", b"%25",
     b"=", b"\n", b" ", b"_charset_=x&"],
)  # fmt: skip
def test_findings_grow_with_fields_not_bytes(unit: bytes) -> None:
    """On repetitive hostile input, findings grow at most with the number of sequences."""
    body = unit * 2000
    assert len(lint(body)) <= body.count(b"&") * 3 + 16
