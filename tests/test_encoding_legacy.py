"""Reading legacy forms: parse(encoding=), the _charset_ rule, isindex and the probe field.

parse() decodes each name and value with the chosen encoding's decoder; the
exhaustive decoder checks are in test_encoding_exhaustive.py, so this file
checks a representative set through parse() and the legacy helpers.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import reference_encoding as ref
from urlencoded import (
    Encoding,
    ProbeError,
    UnknownEncodingError,
    detect_probe_encoding,
    get_encoding,
    parse,
    parse_bytes,
    serialize,
)
from urlencoded._html._legacy import parse_with_probe  # deprecated at the top level


@pytest.mark.parametrize(
    ("label", "body", "expected"),
    [
        ("shift_jis", b"q=%93%FA%96%7B%8C%EA", [("q", "日本語")]),
        ("euc-jp", b"q=%C6%FC%CB%DC%B8%EC", [("q", "日本語")]),
        ("iso-2022-jp", b"q=%1B%24BF%7CK%5C8l%1B%28B", [("q", "日本語")]),
        ("gbk", b"q=%D6%D0%CE%C4&e=%80", [("q", "中文"), ("e", "€")]),
        ("gb18030", b"q=%949%FC6", [("q", "\U0001f600")]),
        ("big5", b"q=%A4%A4%A4%E5", [("q", "中文")]),
        ("euc-kr", b"q=%C7%D1%B1%DB", [("q", "한글")]),
        ("windows-1252", b"q=%80%81+%E9", [("q", "€\x81 é")]),
        ("koi8-u", b"q=%AE%BE", [("q", "ўЎ")]),
        ("x-user-defined", b"q=%80a", [("q", "\uf780a")]),
        ("utf-16le", b"q%00=a%00%3D%D8", [("q", "a\ufffd")]),
        ("replacement", b"a=b&c=", [("\ufffd", "\ufffd"), ("\ufffd", "")]),
        ("shift_jis", b"q=%82", [("q", "\ufffd")]),
        ("shift_jis", b"%82=%82%A0%82", [("\ufffd", "あ\ufffd")]),
    ],
)
def test_parse_in_legacy_encodings(
    label: str, body: bytes, expected: list[tuple[str, str]]
) -> None:
    """parse(encoding=label) decodes names and values with that encoding's decoder."""
    assert parse(body, encoding=label) == expected
    assert parse(body, encoding=get_encoding(label)) == expected


@given(
    st.sampled_from(ref.DECODER_NAMES),
    st.lists(st.tuples(st.binary(max_size=6), st.binary(max_size=6)), max_size=4),
)
def test_parse_decodes_each_field_like_the_reference(
    name: str, pairs: list[tuple[bytes, bytes]]
) -> None:
    """Each field decodes separately, exactly as the spec's decoder decodes its bytes."""
    body = serialize(pairs).encode("ascii")
    decoded = [
        (ref.reference_decode(name, n), ref.reference_decode(name, v)) for n, v in parse_bytes(body)
    ]
    assert parse(body, encoding=name) == decoded


def test_parse_unknown_encoding() -> None:
    """An unknown label raises UnknownEncodingError."""
    with pytest.raises(UnknownEncodingError):
        parse(b"a=b", encoding="klingon")


def test_charset_field_rule() -> None:
    """With charset_field="_charset_", a _charset_ field naming a known label picks the encoding."""
    body = b"_charset_=Shift_JIS&q=%93%FA%96%7B"
    assert parse(body, charset_field="_charset_") == [("_charset_", "Shift_JIS"), ("q", "日本")]
    # Off by default: the spec's parser is UTF-8 only.
    assert parse(body)[1] == ("q", "\ufffd\ufffd\ufffd{")
    # An unknown label falls back to the given encoding.
    body = b"_charset_=klingon&q=%C6%FC"
    assert parse(body, encoding="euc-jp", charset_field="_charset_")[1] == ("q", "日")


def test_isindex() -> None:
    """With isindex, a first sequence without "=" is a value with an empty name."""
    assert parse(b"%93%FA%96%7B&a=b", encoding="sjis", isindex=True) == [("", "日本"), ("a", "b")]
    assert parse(b"x=1&y", isindex=True) == [("x", "1"), ("y", "")]
    assert parse(b"q&a=b") == [("q", ""), ("a", "b")]


# --- The probe field --------------------------------------------------------------------------

CANDIDATES = ["utf-8", "shift_jis", "euc-jp", "iso-2022-jp"]


@pytest.mark.parametrize("label", CANDIDATES)
def test_probe_picks_the_encoding_the_form_used(label: str) -> None:
    """The candidate whose encoding of the probe text was submitted is chosen, and decodes all."""
    body = serialize([("dot", "・"), ("name", "山田 太郎"), ("x", "€")], encoding=label)
    encoding, pairs = parse_with_probe(body, "dot", "・", CANDIDATES)
    assert encoding is get_encoding(label)
    expected_euro = "€" if label == "utf-8" else "&#8364;"
    assert pairs == [("dot", "・"), ("name", "山田 太郎"), ("x", expected_euro)]
    assert detect_probe_encoding(body.encode("ascii"), "dot", "・", CANDIDATES) is encoding


def test_probe_without_a_match() -> None:
    """No candidate matching (or no probe field) raises ProbeError with no matches."""
    body = serialize([("dot", "・")], encoding="euc-kr")
    with pytest.raises(ProbeError) as info:
        detect_probe_encoding(body, "dot", "・", CANDIDATES)
    assert info.value.matches == ()
    assert isinstance(info.value, ValueError)
    assert "matches none" in str(info.value)
    with pytest.raises(ProbeError, match="no probe field 'dot'") as info:
        detect_probe_encoding("other=1", "dot", "・", CANDIDATES)
    assert info.value.matches == ()


def test_probe_with_several_matches() -> None:
    """An ASCII probe matches every ASCII-compatible candidate: ProbeError lists them."""
    body = serialize([("dot", "x"), ("q", "日本")], encoding="shift_jis")
    with pytest.raises(ProbeError) as info:
        detect_probe_encoding(body, "dot", "x", CANDIDATES)
    assert len(info.value.matches) > 1
    assert "several" in str(info.value)


def test_probe_matches_that_agree_are_one() -> None:
    """Candidates that decode the whole body the same way are not ambiguous."""
    body = serialize([("dot", "é"), ("q", "abc")], encoding="windows-1252")
    encoding = detect_probe_encoding(body, "dot", "é", ["latin1", "iso-8859-15"])
    assert encoding is Encoding("windows-1252")


def test_probe_uses_output_encodings() -> None:
    """A UTF-16 page submits UTF-8, so a UTF-16 candidate is tried as UTF-8."""
    body = serialize([("dot", "・")])
    assert detect_probe_encoding(body, "dot", "・", ["utf-16le"]) is Encoding("UTF-8")


def test_probe_argument_errors() -> None:
    """Bad arguments raise TypeError, ValueError or UnknownEncodingError."""
    with pytest.raises(TypeError):
        detect_probe_encoding(b"", "dot", "・", "utf-8")
    with pytest.raises(TypeError):
        detect_probe_encoding(b"", b"dot", "・", ["utf-8"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no candidate"):
        detect_probe_encoding(b"", "dot", "・", [])
    with pytest.raises(UnknownEncodingError):
        detect_probe_encoding(b"", "dot", "・", ["klingon"])


def test_probe_error_pickles() -> None:
    """ProbeError survives pickling with its attributes."""
    import pickle

    body = serialize([("dot", "x"), ("q", "日本")], encoding="shift_jis")
    for data, text in ((body, "x"), (b"a=1", "・"), (b"dot=%FF", "・")):
        with pytest.raises(ProbeError) as info:
            detect_probe_encoding(data, "dot", text, CANDIDATES)
        copy = pickle.loads(pickle.dumps(info.value))
        assert type(copy) is ProbeError
        assert str(copy) == str(info.value)
        assert vars(copy) == vars(info.value)
