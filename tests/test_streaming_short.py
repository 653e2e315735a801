"""IncrementalParser on short bodies, against the spec transcriptions.

https://url.spec.whatwg.org/#concept-urlencoded-parser

A first chunk short enough to cross no limit is parsed as it is, and the
parser counts its bytes and fields only if another chunk follows. These
properties compare every such path with ``tests/reference.py`` (the parser),
``tests/reference_encoding.py`` (the decoders) and
``tests/reference_separator.py`` (a set of separators): short bodies in one
chunk, in several, cut inside escapes, with limits, in strict mode, and what
:attr:`IncrementalParser.bytes_received` and ``repr`` report after each chunk.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urlencoded
from tests import reference, reference_separator
from tests import reference_encoding as ref_encoding
from tests.strategies import form_bodies
from tests.test_streaming import _chunks, _feed_all
from urlencoded import (
    BodyTooLarge,
    DecodeError,
    FieldTooLarge,
    IncrementalParser,
    LimitExceeded,
    TooManyFields,
    URLEncodedError,
)

_NO_LIMITS: dict[str, object] = {"max_fields": None, "max_field_size": None, "max_body_size": None}

_SEQUENCES = [
    b"",
    b"a",
    b"a=1",
    b"=",
    b"=d",
    b"e=",
    b"+",
    b"a+b=c+d",
    b"%",
    b"%2",
    b"%20",
    b"%3D=%26",
    b"%1E%1f",
    b"%FF",
    b"f=%C3",
    b"%C3%A9=g+h",
    b"i=j=k",
    b"\x1e\x1f",
    b"\x1b$B",
    b"\xc3\xa9=\xff",
]
#: Bodies of at most a few dozen bytes: the shapes of short queries.
short_bodies = st.one_of(
    st.lists(st.sampled_from(_SEQUENCES), max_size=6).map(b"&".join),
    form_bodies.filter(lambda body: len(body) <= 300),
)
cut_lists = st.lists(st.integers(min_value=0, max_value=64), max_size=4)

#: (label, the encoding's name as the Encoding Standard spells it).
_ENCODINGS = [
    ("UTF-8", "UTF-8"),
    ("windows-1252", "windows-1252"),
    ("iso-8859-2", "ISO-8859-2"),
    ("shift_jis", "Shift_JIS"),
    ("euc-jp", "EUC-JP"),
    ("iso-2022-jp", "ISO-2022-JP"),
    ("gbk", "GBK"),
    ("gb18030", "gb18030"),
    ("big5", "Big5"),
    ("euc-kr", "EUC-KR"),
    ("utf-16le", "UTF-16LE"),
    ("iso-2022-kr", "replacement"),
]


def _reference(body: bytes, name: str = "UTF-8") -> list[tuple[str, str]]:
    """The spec's parser, decoding each name and value with *name*'s decoder."""
    return [
        (ref_encoding.reference_decode(name, raw_name), ref_encoding.reference_decode(name, raw))
        for raw_name, raw in reference.urlencoded_parse_to_bytes(body)
    ]


def _fields(body: bytes) -> int:
    """The spec's step 1 and 3.1: how many non-empty sequences *body* holds."""
    return sum(1 for sequence in body.split(b"&") if sequence)


@given(body=short_bodies, cuts=cut_lists)
@example(body=b"a=1", cuts=[])
@example(body=b"a=%20", cuts=[])
@example(body=b"q=caf%C3%A9+au+lait&x", cuts=[])
@example(body=b"q=caf%C3%A9+au+lait&x", cuts=[6])  # inside %C3
@example(body=b"q=caf%C3%A9+au+lait&x", cuts=[8, 9])  # between the escapes, then inside %A9
@example(body=b"a=%C3%A9", cuts=[3])  # just after the "%"
@example(body=b"a=%2", cuts=[])  # an escape cut short by the end
@example(body=b"a=1&b=%20&", cuts=[])  # ends with the separator
@example(body=b"&&a=%", cuts=[1])
@example(body=b"a+b=c+d&e", cuts=[3, 8])
@example(body=b"a=%1E&b=%1f", cuts=[])  # the short path's stand-ins, escaped
@example(body=b"a=%3D&%26", cuts=[])
def test_short_bodies_equal_the_reference(body: bytes, cuts: list[int]) -> None:
    """A short body, whole or in chunks, gives the spec's pairs (UTF-8)."""
    expected = reference.urlencoded_parse(body)
    assert _feed_all(IncrementalParser(**_NO_LIMITS), _chunks(body, cuts)) == expected  # type: ignore[arg-type]
    assert _feed_all(IncrementalParser(), _chunks(body, cuts)) == expected


@pytest.mark.parametrize(("label", "name"), _ENCODINGS)
@given(body=short_bodies, cuts=cut_lists)
@example(body=b"a=1", cuts=[])
@example(body=b"a=%20", cuts=[])
@example(body=b"q=%93%FA+x&x", cuts=[])
@example(body=b"q=%93%FA+x&x", cuts=[4])  # inside %93
@example(body=b"a=\x1b$B&b", cuts=[])  # ISO-2022-JP's escape, raw
@example(body=b"a=b", cuts=[1])
@example(body=b"=%C30=\x00&=", cuts=[])  # gb18030: a cut four-byte sequence, then "="
@example(body=b"a=%81%30%81=b", cuts=[])
def test_short_bodies_in_each_encoding_equal_the_reference(
    label: str, name: str, body: bytes, cuts: list[int]
) -> None:
    """In every encoding, a short body gives the pairs the spec's decoder gives."""
    parser = IncrementalParser(encoding=label, **_NO_LIMITS)  # type: ignore[arg-type]
    assert _feed_all(parser, _chunks(body, cuts)) == _reference(body, name)


@given(body=short_bodies, cuts=cut_lists)
@example(body=b"a=1&b=%FF", cuts=[])
@example(body=b"%FF&a=1", cuts=[])
@example(body=b"a=%C3", cuts=[4])
@example(body=b"a=%C3%A9&b=\xff", cuts=[5])
def test_short_bodies_strict_equal_the_reference(body: bytes, cuts: list[int]) -> None:
    """In strict mode the pairs are the spec's, or a DecodeError exactly when some
    name or value is not UTF-8, at the offset parse() reports."""
    try:
        expected: object = [
            (
                reference.utf8_decode_without_bom(name, fatal=True),
                reference.utf8_decode_without_bom(value, fatal=True),
            )
            for name, value in reference.urlencoded_parse_to_bytes(body)
        ]
    except reference.DecoderError:
        with pytest.raises(DecodeError) as caught:
            urlencoded.parse(body, errors="strict")
        expected = (caught.value.offset, caught.value.position)
    parser = IncrementalParser(errors="strict")
    try:
        got: object = _feed_all(parser, _chunks(body, cuts))
    except DecodeError as error:
        got = (error.offset, error.position)
    assert got == expected


@given(body=short_bodies.map(lambda body: body.replace(b"&", b";")), cuts=cut_lists)
@example(body=b"a=1;b=2", cuts=[])
@example(body=b"a=1;b=%3B&c", cuts=[3])
def test_short_bodies_with_two_separators_equal_the_reference(body: bytes, cuts: list[int]) -> None:
    """With separator=("&", ";") a short body gives the pairs of the spec's parser
    generalized to a set of separators."""
    parser = IncrementalParser(separator=("&", ";"))
    assert _feed_all(parser, _chunks(body, cuts)) == reference_separator.parse(body, b"&;")


@given(body=short_bodies, cuts=cut_lists)
@example(body=b"a", cuts=[])
@example(body=b"%41%C3%A9&b=c", cuts=[])
@example(body=b"x&a=1", cuts=[1])
@example(body=b"&x", cuts=[])
def test_short_bodies_isindex_equal_the_reference(body: bytes, cuts: list[int]) -> None:
    """With isindex, a first sequence without "=" is a value with an empty name."""
    expected = reference.urlencoded_parse(body)
    first = body.split(b"&", 1)[0]
    if first and b"=" not in first:
        expected[0] = ("", expected[0][0])
    assert _feed_all(IncrementalParser(isindex=True), _chunks(body, cuts)) == expected


_small = st.one_of(st.none(), st.integers(min_value=0, max_value=12))


def _limit_outcome(error: URLEncodedError) -> object:
    assert isinstance(error, LimitExceeded)
    return (type(error).__name__, error.limit, error.value, error.offset)


@given(
    body=short_bodies,
    cuts=cut_lists,
    max_fields=_small,
    max_field_size=_small,
    max_body_size=_small,
)
@example(body=b"a&b&c", cuts=[3], max_fields=2, max_field_size=None, max_body_size=None)
@example(body=b"a=1&bcdef", cuts=[4], max_fields=None, max_field_size=3, max_body_size=None)
@example(body=b"ab=c&d", cuts=[2], max_fields=None, max_field_size=2, max_body_size=None)
@example(body=b"a=1&b=2", cuts=[4], max_fields=None, max_field_size=None, max_body_size=6)
@example(body=b"a", cuts=[], max_fields=0, max_field_size=None, max_body_size=None)
@example(body=b"", cuts=[], max_fields=0, max_field_size=0, max_body_size=0)
def test_limits_after_a_short_first_chunk_equal_parse(
    body: bytes,
    cuts: list[int],
    max_fields: int | None,
    max_field_size: int | None,
    max_body_size: int | None,
) -> None:
    """Limits count the first chunk too, even when it was parsed before they were
    checked: the pairs, or the same limit error at the same offset as parse()."""
    limits: dict[str, object] = {
        "max_fields": max_fields,
        "max_field_size": max_field_size,
        "max_body_size": max_body_size,
    }
    try:
        expected: object = urlencoded.parse(body, **limits)  # type: ignore[arg-type]
    except LimitExceeded as error:
        expected = _limit_outcome(error)
    try:
        got: object = _feed_all(IncrementalParser(**limits), _chunks(body, cuts))  # type: ignore[arg-type]
    except LimitExceeded as error:
        got = _limit_outcome(error)
    assert got == expected
    if isinstance(expected, list):
        assert expected == reference.urlencoded_parse(body)


def _progress(state: str, received: bytes, limited: bool) -> str:
    """What repr() shows after *received*: the fields only where limits count them."""
    fields = f" fields={_fields(received)}" if limited else ""
    return f"<IncrementalParser {state} encoding='UTF-8' received={len(received)}{fields}>"


@given(body=short_bodies, cuts=cut_lists, limited=st.booleans())
@example(body=b"a=1", cuts=[], limited=False)
@example(body=b"a=1&&b=2&c", cuts=[5], limited=True)
@example(body=b"&", cuts=[], limited=True)
@example(body=b"&a&", cuts=[], limited=False)
@example(body=b"&a&", cuts=[], limited=True)  # empty sequences are not fields
@example(body=b"x&&y&z&", cuts=[1], limited=False)
def test_progress_after_each_chunk(body: bytes, cuts: list[int], limited: bool) -> None:
    """bytes_received and repr() count every byte (and, with a field limit, every
    non-empty sequence) so far, also after a short first chunk and after close()."""
    parser = IncrementalParser() if limited else IncrementalParser(**_NO_LIMITS)  # type: ignore[arg-type]
    received = b""
    for chunk in _chunks(body, cuts):
        parser.feed(chunk)
        received += chunk
        assert parser.bytes_received == len(received)
        assert repr(parser) == _progress("open", received, limited)
    parser.close()
    assert parser.bytes_received == len(body)
    assert repr(parser) == _progress("closed", body, limited)


@pytest.mark.parametrize(
    "body",
    [b"\x1b$B", b"%1B$B", b"a=1&\x1b(B&b", b"%1B%24B&a", b"\x1b(B" + b"&x" * 200],
    ids=["raw", "escaped", "between", "escaped-first", "long"],
)
def test_an_iso_2022_jp_escape_alone_is_a_field(body: bytes) -> None:
    """A sequence that is only an ISO-2022-JP escape decodes to "" but is not
    empty: step 3.1 keeps it, as a pair of empty strings."""
    expected = _reference(body, "ISO-2022-JP")
    assert ("", "") in expected
    assert urlencoded.parse(body, encoding="iso-2022-jp") == expected
    parser = IncrementalParser(encoding="iso-2022-jp")
    assert _feed_all(parser, [body]) == expected


@pytest.mark.parametrize("label", ["gb18030", "gbk"])
@pytest.mark.parametrize(
    "body",
    [b"=%C30=\x00&=", b"a=%81%30%81=b", b"a=%81%30=b&c=d", b"=\x810=\x00", b"x=1&a=%810=b" * 20],
    ids=["escaped", "three-bytes", "two-fields", "raw", "long"],
)
def test_a_cut_gb18030_sequence_before_an_equals_sign(label: str, body: bytes) -> None:
    """A four-byte gb18030 sequence cut short by a later "=" of the value gives back
    its second byte: the value decodes whole, as the spec decodes it."""
    expected = _reference(body, label if label == "gb18030" else "GBK")
    assert urlencoded.parse(body, encoding=label) == expected
    assert _feed_all(IncrementalParser(encoding=label), [body]) == expected


def test_a_short_body_then_close_is_final() -> None:
    """After close(), a parser that took one short chunk refuses more."""
    parser = IncrementalParser()
    assert parser.feed(b"a=1&b") == [("a", "1")]
    assert parser.close() == [("b", "")]
    with pytest.raises(ValueError, match="closed"):
        parser.feed(b"c")
    with pytest.raises(ValueError, match="closed"):
        parser.close()


def test_an_empty_parser_closes_empty() -> None:
    """close() with nothing fed gives no pairs, and then refuses more."""
    parser = IncrementalParser()
    assert parser.close() == []
    assert parser.bytes_received == 0
    with pytest.raises(ValueError, match="closed"):
        parser.feed(b"")


@pytest.mark.parametrize("when", ["feed", "close"])
def test_a_decode_error_in_a_short_body_fails_the_parser(when: str) -> None:
    """A DecodeError from a short first chunk leaves the parser failed."""
    parser = IncrementalParser(errors="strict")
    if when == "feed":
        with pytest.raises(DecodeError):
            parser.feed(b"a=%FF&b")
    else:
        assert parser.feed(b"a=%FF") == []
        with pytest.raises(DecodeError):
            parser.close()
    with pytest.raises(ValueError, match="failed before"):
        parser.feed(b"c")
    with pytest.raises(ValueError, match="failed before"):
        parser.close()


def test_a_short_first_chunk_is_copied() -> None:
    """A bytearray taken as the short first chunk is copied: reusing it changes nothing."""
    buffer = bytearray(b"a=1&b=2")
    parser = IncrementalParser()
    assert parser.feed(buffer) == [("a", "1")]
    buffer[:] = b"x=9&y=8"
    assert parser.feed(b"&c") == [("b", "2")]
    assert parser.close() == [("c", "")]


@pytest.mark.parametrize(
    ("limits", "chunks", "error"),
    [
        ({"max_fields": 1}, [b"a&", b"b"], TooManyFields),
        ({"max_field_size": 3}, [b"ab=", b"cd"], FieldTooLarge),
        ({"max_body_size": 4}, [b"a=1", b"&b"], BodyTooLarge),
    ],
)
def test_limits_count_a_short_first_chunk(
    limits: dict[str, int], chunks: list[bytes], error: type[LimitExceeded]
) -> None:
    """A limit crossed by the second chunk counts the first chunk's bytes and
    fields: the error and offset of parse() on the whole body."""
    with pytest.raises(error) as whole:
        urlencoded.parse(b"".join(chunks), **limits)  # type: ignore[arg-type]
    parser = IncrementalParser(**limits)  # type: ignore[arg-type]
    parser.feed(chunks[0])
    with pytest.raises(error) as streamed:
        parser.feed(chunks[1])
    assert streamed.value.offset == whole.value.offset
