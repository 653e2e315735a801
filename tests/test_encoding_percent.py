"""Percent-encode after encoding, in every encoding.

https://url.spec.whatwg.org/#string-percent-encode-after-encoding

The WPT vectors are tests/data/encoding/wpt-percent-encoding.json, a copy of
web-platform-tests url/resources/percent-encoding.json (see the README there).
Each column is the query (special-query percent-encode set) of a URL parsed in
a document of that encoding.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import reference_encoding as ref
from tests import reference_html
from tests.reference import to_scalar_value_string
from tests.strategies import text_with_surrogates
from urlencoded import (
    SPECIAL_QUERY_PERCENT_ENCODE_SET,
    URLENCODED_PERCENT_ENCODE_SET,
    PercentEncodeSet,
    get_encoding,
    get_output_encoding,
    percent_encode_after_encoding,
    percent_encode_bytes,
    serialize,
    utf8_percent_encode,
)

WPT = json.loads(
    (Path(__file__).parent / "data" / "encoding" / "wpt-percent-encoding.json").read_text("utf-8")
)
WPT_CASES = [
    (encoding, case["input"], expected)
    for case in WPT
    if isinstance(case, dict)
    for encoding, expected in case["output"].items()
]


def test_wpt_vectors_loaded() -> None:
    """All six WPT cases and their 14 columns are present."""
    assert len([case for case in WPT if isinstance(case, dict)]) == 6
    assert len(WPT_CASES) == 14


@pytest.mark.parametrize(("encoding", "text", "expected"), WPT_CASES)
def test_wpt_percent_encoding(encoding: str, text: str, expected: str) -> None:
    """Each column of WPT percent-encoding.json, with the special-query percent-encode set."""
    assert (
        percent_encode_after_encoding(encoding, text, SPECIAL_QUERY_PERCENT_ENCODE_SET) == expected
    )


# https://url.spec.whatwg.org/#example-percent-encode-operations
@pytest.mark.parametrize(
    ("encoding", "text", "percent_encode_set", "expected"),
    [
        ("Shift_JIS", " ", SPECIAL_QUERY_PERCENT_ENCODE_SET, "%20"),
        ("Shift_JIS", "≡", SPECIAL_QUERY_PERCENT_ENCODE_SET, "%81%DF"),
        ("Shift_JIS", "‽", SPECIAL_QUERY_PERCENT_ENCODE_SET, "%26%238253%3B"),
        ("ISO-2022-JP", "¥", SPECIAL_QUERY_PERCENT_ENCODE_SET, "%1B(J\\%1B(B"),
        (
            "Shift_JIS",
            "1+1 ≡ 2%20‽",
            URLENCODED_PERCENT_ENCODE_SET,
            "1%2B1+%81%DF+2%2520%26%238253%3B",
        ),
    ],
)
def test_spec_examples(encoding: str, text: str, percent_encode_set: object, expected: str) -> None:
    """The URL Standard's example table rows for percent-encode after encoding."""
    assert percent_encode_after_encoding(encoding, text, percent_encode_set) == expected  # type: ignore[arg-type]


def test_iso_2022_jp_state_carries_across_errors() -> None:
    """The ISO-2022-JP encoder keeps its state across an error: no escape before the reference."""
    assert (
        percent_encode_after_encoding("iso-2022-jp", "¥€¥", SPECIAL_QUERY_PERCENT_ENCODE_SET)
        == "%1B(J\\%26%238364%3B\\%1B(B"
    )
    assert (
        percent_encode_after_encoding("iso-2022-jp", "亜€亜", URLENCODED_PERCENT_ENCODE_SET)
        == "%1B%24B0%21%1B%28B%26%238364%3B%1B%24B0%21%1B%28B"
    )


def _reference_percent_encode(name: str, text: str, space_as_plus: bool) -> str:
    """The URL Standard's loop over the literal "encode or fail" (special-query or urlencoded)."""
    special_query = set(range(0x21)) | {0x22, 0x23, 0x3C, 0x3E, 0x27} | set(range(0x7F, 0x100))
    urlencoded = set(range(0x100)) - set(
        b"*-._0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    )
    percent_set = urlencoded if space_as_plus else special_query
    out = []
    for item in ref.encode_or_fail_loop(name, text):
        if isinstance(item, int):
            out.append(f"%26%23{item}%3B")
            continue
        for byte in item:
            if space_as_plus and byte == 0x20:
                out.append("+")
            elif byte in percent_set:
                out.append(f"%{byte:02X}")
            else:
                out.append(chr(byte))
    return "".join(out)


text_strategy = st.text(
    st.one_of(
        st.characters(max_codepoint=0x7F),
        st.sampled_from("¥‾\u2212€\ue5e5ｱ①\u2170\uf780"),
        st.characters(min_codepoint=0x80, blacklist_categories=("Cs",)),
    ),
    max_size=30,
)


@given(st.sampled_from(ref.ENCODER_NAMES), text_strategy, st.booleans())
def test_percent_encode_after_encoding_matches_reference(
    name: str, text: str, space_as_plus: bool
) -> None:
    """percent_encode_after_encoding equals the spec's loop over the literal encoder."""
    percent_set = (
        URLENCODED_PERCENT_ENCODE_SET if space_as_plus else SPECIAL_QUERY_PERCENT_ENCODE_SET
    )
    expected = _reference_percent_encode(name, text, space_as_plus)
    assert percent_encode_after_encoding(name, text, percent_set) == expected


@given(
    st.sampled_from(ref.ENCODER_NAMES),
    st.one_of(text_strategy, text_with_surrogates, st.text("aZ %&=~\x0e\x1b", max_size=8)),
    st.booleans(),
)
def test_percent_encode_after_encoding_again_matches_reference(
    name: str, text: str, space_as_plus: bool
) -> None:
    """A second call with the same label (the one that skips the checks) gives the steps'
    output too, for ASCII in every encoding and for lone surrogates (U+FFFD)."""
    percent_set = (
        URLENCODED_PERCENT_ENCODE_SET if space_as_plus else SPECIAL_QUERY_PERCENT_ENCODE_SET
    )
    expected = _reference_percent_encode(name, to_scalar_value_string(text), space_as_plus)
    assert percent_encode_after_encoding(name, text, percent_set) == expected
    assert percent_encode_after_encoding(name, text, percent_set) == expected
    explicit = percent_encode_after_encoding(
        name, text, percent_set, space_as_plus=space_as_plus, errors="replace"
    )
    assert explicit == expected


@pytest.mark.parametrize("label", sorted(set(ref.labels().values())))
def test_serialize_in_every_encoding(label: str) -> None:
    """serialize(encoding=) uses the output encoding; unencodable code points become %26%23N%3B."""
    pairs = [("a b", "≡‽¥"), ("ｱ", "é")]
    output = {"replacement": "UTF-8", "UTF-16BE": "UTF-8", "UTF-16LE": "UTF-8"}.get(label, label)
    expected = "&".join(
        _reference_percent_encode(output, name, True)
        + "="
        + _reference_percent_encode(output, value, True)
        for name, value in pairs
    )
    assert serialize(pairs, encoding=label) == expected
    assert serialize(pairs, encoding=get_encoding(label)) == expected


# Text that reaches the one-pass legacy serializer: the stand-ins it uses for "&"
# and "=", the characters it must escape, and runs short and long enough (over 64
# bytes together) for both ways of escaping bytes.
_legacy_piece = st.one_of(
    st.sampled_from(
        ["\x01", "\x02", "&", "=", "%01", "+", " ", "~", "日本語", "é", "€", "\U0001f600"]
    ),
    st.sampled_from(["ｱｲｳ", "한국어", "中文字", "Crème brûlée ", "a" * 300, "日" * 300]),
    st.characters(),
)
_legacy_text = st.lists(_legacy_piece, max_size=12).map("".join)


@given(
    st.lists(st.tuples(_legacy_text, _legacy_text), max_size=6),
    st.sampled_from(["windows-1252", "Shift_JIS", "EUC-JP", "GBK", "gb18030", "Big5", "EUC-KR"]),
)
def test_legacy_serialize_in_one_pass_agrees_with_reference(
    pairs: list[tuple[str, str]], encoding: str
) -> None:
    """serialize in a stateless legacy encoding equals the serializer's steps pair by pair."""
    # The serializer takes USV strings: lone surrogates become U+FFFD before its steps.
    usv = [(to_scalar_value_string(name), to_scalar_value_string(value)) for name, value in pairs]
    expected = reference_html.urlencoded_serialize(usv, encoding)
    assert serialize(pairs, encoding=encoding) == expected


@pytest.mark.parametrize("name", ["replacement", "UTF-16BE", "UTF-16LE"])
def test_encoding_without_encoder_is_refused(name: str) -> None:
    """An encoding with no encoder raises ValueError naming it and its output encoding."""
    for encoding in (name, get_encoding(name)):
        with pytest.raises(ValueError, match=f"{name} has no encoder") as info:
            percent_encode_after_encoding(encoding, "a", URLENCODED_PERCENT_ENCODE_SET)
        assert f"get_output_encoding({name!r}), which is UTF-8" in str(info.value)
    # The output encoding is what the caller passes instead.
    encoded = percent_encode_after_encoding(
        get_output_encoding(name), "é", URLENCODED_PERCENT_ENCODE_SET
    )
    assert encoded == "%C3%A9"


def test_percent_encoders_refuse_wrong_types() -> None:
    """Each percent-encoder raises TypeError, as documented, for each argument of the wrong type."""
    with pytest.raises(TypeError, match="takes bytes"):
        percent_encode_bytes("a", URLENCODED_PERCENT_ENCODE_SET)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="PercentEncodeSet"):
        percent_encode_bytes(b"a", None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="space_as_plus"):
        utf8_percent_encode("a", URLENCODED_PERCENT_ENCODE_SET, space_as_plus=0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="as str"):
        utf8_percent_encode(b"a", URLENCODED_PERCENT_ENCODE_SET)  # type: ignore[arg-type]


def test_percent_encode_set_refuses_wrong_types() -> None:
    """PercentEncodeSet and its methods raise TypeError or ValueError for bad arguments."""
    with pytest.raises(TypeError, match="set of int code points, not NoneType"):
        PercentEncodeSet(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be ints, not str"):
        PercentEncodeSet(frozenset("ab"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be ints, not bool"):
        PercentEncodeSet(frozenset({True}))
    with pytest.raises(ValueError, match="ASCII code points only, got 128"):
        PercentEncodeSet(frozenset({0x80}))
    with pytest.raises(TypeError, match="name must be a str"):
        PercentEncodeSet(frozenset(), None)  # type: ignore[arg-type]
    assert PercentEncodeSet([0x20, 0x20]) == PercentEncodeSet(frozenset({0x20}))  # type: ignore[arg-type]
    for method in ("byte_table", "unencoded_run_pattern"):
        flags: list[object] = [[], "yes", 1, None]
        for flag in flags:
            with pytest.raises(TypeError, match="space_as_plus as a bool"):
                getattr(URLENCODED_PERCENT_ENCODE_SET, method)(flag)
    with pytest.raises(TypeError, match="str or int"):
        URLENCODED_PERCENT_ENCODE_SET.add(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="out of range"):
        URLENCODED_PERCENT_ENCODE_SET.add(-1)
    with pytest.raises(TypeError, match="single code point"):
        assert "" in URLENCODED_PERCENT_ENCODE_SET
