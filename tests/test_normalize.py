"""Tests for urlencoded.normalize: percent-encoding normalization (RFC 3986 §6.2.2.1-2).

Properties for every dialect: idempotent, the dialect decodes the result as
it decodes the input, no "%25" appears that was not there, every escape has
upper-case hex; agreement with the transcription in tests/reference_normalize.py
and with the rfc3986 package's percent-encoding normalization.
"""

from __future__ import annotations

import re
from typing import Callable

import pytest
import rfc3986.normalizers  # type: ignore[import-untyped]
from hypothesis import given
from hypothesis import strategies as st

import urlencoded
from tests import reference_normalize as reference
from urlencoded import dialects, normalize
from urlencoded.dialects import Dialect, URIError

ALL_DIALECTS = sorted(set(dialects.DIALECTS.values()), key=lambda dialect: dialect.name)

_PIECES = st.one_of(
    st.sampled_from(["%", "%%", "%2", "%zz", "%u", "%u00", "+", "&", "=", "/", " ", "~", "é"]),
    st.sampled_from(["%41", "%7e", "%7E", "%2f", "%2F", "%25", "%2b", "%20", "%c3%a9", "%ff"]),
    st.sampled_from(["%30", "%34", "%61", "%62", "%75", "%2d", "%2E", "%5f", "%2a", "%3A"]),
    st.sampled_from(["%u0041", "%u00e9", "%u7e", "%uD83D", "%u0030"]),
    st.builds(lambda byte: f"%{byte:02x}", st.integers(0, 255)),
    st.builds(lambda byte: f"%{byte:02X}", st.integers(0, 255)),
    st.text(max_size=3),
)
texts = st.lists(_PIECES, max_size=12).map("".join)
dialect_names = st.sampled_from([dialect.name for dialect in ALL_DIALECTS])


def _decodes(dialect: Dialect) -> set[str]:
    """The characters whose escapes normalization decodes, from the dialect's own fields."""
    kept = {chr(cp) for cp in range(0x80) if cp not in dialect.percent_encode_set}
    return (set(reference.UNRESERVED) & kept) - set(dialect.decode_keeps)


def _decoded(dialect: Dialect, text: str) -> tuple[str, object]:
    """What the dialect's decode gives, or the error it raises."""
    try:
        return ("text", dialect.decode(text))
    except URIError:
        return ("error", None)


@given(text=texts, name=dialect_names)
def test_idempotent(text: str, name: str) -> None:
    """Normalizing twice gives what normalizing once gives."""
    dialect = dialects.get_dialect(name)
    once = normalize(text, dialect=dialect)
    assert normalize(once, dialect=dialect) == once


@given(text=texts, name=dialect_names)
def test_decoding_is_unchanged(text: str, name: str) -> None:
    """dialect.decode(normalize(x)) == dialect.decode(x): the text means the same."""
    dialect = dialects.get_dialect(name)
    normalized = normalize(text, dialect=dialect)
    assert _decoded(dialect, normalized) == _decoded(dialect, text)
    if not dialect.strict:
        assert dialect.decode_bytes(normalized) == dialect.decode_bytes(text)


@given(text=texts, name=dialect_names)
def test_never_introduces_percent_25(text: str, name: str) -> None:
    """No "%25" appears that the input did not hold, and no escape is made or lost."""
    dialect = dialects.get_dialect(name)
    normalized = normalize(text, dialect=dialect)
    assert normalized.count("%25") == text.count("%25")
    assert normalized.count("%") <= text.count("%")


@given(text=texts, name=dialect_names)
def test_escapes_are_upper_case(text: str, name: str) -> None:
    """Every escape left has upper-case hex digits, but those the dialect decodes as written."""
    dialect = dialects.get_dialect(name)
    pattern = r"%u[0-9A-Fa-f]{4}|%[0-9A-Fa-f]{2}" if dialect.percent_u else r"%[0-9A-Fa-f]{2}"
    for escape in re.findall(pattern, normalize(text, dialect=dialect)):
        if escape[1] == "u":
            assert escape == "%u" + escape[2:].upper()
        elif chr(int(escape[1:], 16)) not in dialect.decode_keeps:
            assert escape == escape.upper()


@given(text=texts, name=dialect_names)
def test_agrees_with_transcription(text: str, name: str) -> None:
    """normalize() gives what the step-by-step transcription gives."""
    dialect = dialects.get_dialect(name)
    expected = reference.normalize(text, _decodes(dialect), dialect.percent_u, dialect.decode_keeps)
    assert normalize(text, dialect=dialect) == expected


@given(data=st.lists(st.one_of(_PIECES.map(str.encode), st.binary(max_size=3)), max_size=8))
def test_bytes_agree_with_str(data: list[bytes]) -> None:
    """Bytes are normalized as their Latin-1 reading is; bytes above 0x7F pass through."""
    raw = b"".join(data)
    expected = reference.normalize(raw.decode("latin-1"), _decodes(dialects.RFC3986))
    assert normalize(raw) == expected.encode("latin-1")
    assert normalize(bytearray(raw)) == normalize(memoryview(raw)) == normalize(raw)


# --- the rfc3986 package -----------------------------------------------------------------

_UNRESERVED_ESCAPE = re.compile(r"%(2[dDeE]|3[0-9]|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])")


@given(text=texts)
def test_case_agrees_with_rfc3986_package(text: str) -> None:
    """Where no escape is of an unreserved character, the result is rfc3986's normalization."""
    plain = _UNRESERVED_ESCAPE.sub("", text)
    assert normalize(plain) == rfc3986.normalizers.normalize_percent_characters(plain)


@given(text=texts)
def test_rfc3986_package_then_decoding_unreserved(text: str) -> None:
    """rfc3986's case normalization, then §6.2.2.2's decoding, give normalize()'s result."""
    cased = rfc3986.normalizers.normalize_percent_characters(text)
    assert normalize(cased) == normalize(text)
    assert rfc3986.normalizers.normalize_percent_characters(normalize(text)) == normalize(text)
    assert reference.normalize(cased, set(reference.UNRESERVED)) == normalize(text)


def test_rfc3986_package_agrees_on_examples() -> None:
    """On RFC 3986's examples, rfc3986's normalized path is normalize()'s, dots aside."""
    for uri in ["http://example.com/%7euser/a%2fb", "eXAMPLE://a/b/%63/%7bfoo%7d"]:
        path = rfc3986.uri_reference(uri).normalize().path
        assert normalize(path) == normalize(rfc3986.normalizers.normalize_percent_characters(path))


# --- examples --------------------------------------------------------------------------


def test_rfc3986_section_6_2_2_example() -> None:
    """RFC 3986 §6.2.2's example: escapes fixed, but no case folding of scheme or host, no dots."""
    assert normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d") == "eXAMPLE://a/./b/../b/c/%7Bfoo%7D"


def test_reserved_and_non_ascii_escapes_stay() -> None:
    """Escapes of reserved characters and of non-ASCII bytes keep their meaning: they stay."""
    assert normalize("%2f%3f%23%26%3d%2b%2c%3b%c3%a9%ff") == "%2F%3F%23%26%3D%2B%2C%3B%C3%A9%FF"


def test_double_encoding_is_not_undone() -> None:
    """ "%2541" is an escaped "%" then "41": normalize never unescapes twice."""
    assert normalize("%2541%252f") == "%2541%252f"


def test_no_new_escape_from_a_lone_percent() -> None:
    """A hex digit's escape after a lone "%" stays escaped, or a new escape would appear."""
    assert normalize("%%34%31") == "%%341"
    assert normalize("%4%31") == "%4%31"
    assert normalize("%%41") == "%%41"
    assert normalize("%%47") == "%G"
    assert normalize("%%34z") == "%%34z"


def test_dialect_decides_what_is_unreserved() -> None:
    """WHATWG_FORM escapes "~", so "%7E" stays; decodeURI keeps reserved escapes as written."""
    assert normalize("%7e%2D", dialect=dialects.WHATWG_FORM) == "%7E-"
    assert normalize("%41%2f%2F%7e", dialect=dialects.JS_URI) == "A%2f%2F~"


def test_code_unit_escapes() -> None:
    """In JS_ESCAPE, "%uXXXX" escapes get upper-case hex and decode when unreserved."""
    assert normalize("%u0041%u00e9%7e", dialect=dialects.JS_ESCAPE) == "A%u00E9%7E"
    assert normalize("%%75%30041", dialect=dialects.JS_ESCAPE) == "%%750041"


def test_types() -> None:
    """str gives str, any bytes-like gives bytes; other types raise TypeError."""
    assert normalize("a%7e") == "a~"
    assert normalize(bytearray(b"a%7e\xff")) == b"a~\xff"
    bad: list[Callable[[], object]] = [
        lambda: normalize(1),  # type: ignore[call-overload]
        lambda: normalize("a", dialect="RFC3986"),  # type: ignore[call-overload]
    ]
    for call in bad:
        with pytest.raises(TypeError):
            call()


def test_top_level_name_is_the_dialects_function() -> None:
    """urlencoded.normalize is urlencoded.dialects.normalize."""
    assert urlencoded.normalize is dialects.normalize
