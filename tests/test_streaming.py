"""Tests for urlencoded.IncrementalParser, the streaming urlencoded parser.

https://url.spec.whatwg.org/#concept-urlencoded-parser

The central property: for any body and any way of cutting it into chunks, the
pairs that :meth:`feed` and :meth:`close` return equal ``parse(body)`` with
the same options, and a limit or decode error is the same exception with
the same offset.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TypedDict

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlencoded
from tests.strategies import form_bodies
from urlencoded import (
    BodyTooLarge,
    DecodeError,
    FieldTooLarge,
    IncrementalParser,
    LimitExceeded,
    TooManyFields,
    UnknownEncodingError,
    URLEncodedError,
)

Outcome = tuple[str, object]


def _chunks(body: bytes, cuts: Iterable[int]) -> list[bytes]:
    """Cut *body* at the given offsets (any order, repeats allowed)."""
    points = sorted({min(max(cut, 0), len(body)) for cut in cuts})
    bounds = [0, *points, len(body)]
    return [body[start:end] for start, end in zip(bounds, bounds[1:])]


def _feed_all(parser: IncrementalParser, chunks: Iterable[bytes]) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for chunk in chunks:
        pairs += parser.feed(chunk)
    pairs += parser.close()
    return pairs


def _outcome_of_parse(body: bytes, **options: object) -> Outcome:
    try:
        return ("pairs", urlencoded.parse(body, **options))  # type: ignore[arg-type]
    except URLEncodedError as error:
        return _describe(error)


def _outcome_of_stream(chunks: list[bytes], **options: object) -> Outcome:
    try:
        return ("pairs", _feed_all(IncrementalParser(**options), chunks))  # type: ignore[arg-type]
    except URLEncodedError as error:
        return _describe(error)


def _describe(error: URLEncodedError) -> Outcome:
    if isinstance(error, LimitExceeded):
        return (type(error).__name__, (error.limit, error.value, error.offset))
    if isinstance(error, DecodeError):
        return ("DecodeError", (error.encoding, error.offset, error.position, error.data))
    raise error


class _Limits(TypedDict):
    max_fields: int | None
    max_field_size: int | None
    max_body_size: int | None


_NO_LIMITS: _Limits = {"max_fields": None, "max_field_size": None, "max_body_size": None}

cut_lists = st.lists(st.integers(min_value=0, max_value=200), max_size=12)
_SEQUENCES = [b"", b"a", b"b=c", b"=d", b"e=", b"%FF", b"f=%C3", b"%C3%A9=g+h", b"i=j=k", b"+"]
# Bodies of many short "&"-separated sequences, as well as the shared form_bodies.
bodies = st.one_of(
    form_bodies,
    st.lists(st.one_of(st.sampled_from(_SEQUENCES), form_bodies), max_size=12).map(b"&".join),
)
small_limits = st.one_of(st.none(), st.integers(min_value=0, max_value=40))


@given(body=bodies, cuts=cut_lists)
def test_any_chunking_equals_parse(body: bytes, cuts: list[int]) -> None:
    """For any body and any cut into chunks, the streamed pairs equal parse(body)."""
    streamed = _feed_all(IncrementalParser(**_NO_LIMITS), _chunks(body, cuts))
    assert streamed == urlencoded.parse(body)


@given(body=bodies)
def test_one_byte_at_a_time_equals_parse(body: bytes) -> None:
    """Feeding one byte at a time gives the pairs of parse(body)."""
    chunks = [body[i : i + 1] for i in range(len(body))]
    assert _feed_all(IncrementalParser(**_NO_LIMITS), chunks) == urlencoded.parse(body)


@given(body=bodies, cuts=cut_lists, isindex=st.booleans())
def test_strict_and_isindex_agree_with_parse(body: bytes, cuts: list[int], isindex: bool) -> None:
    """In strict mode and with isindex, the pairs or the DecodeError and its offsets match parse."""
    options: dict[str, object] = {"errors": "strict", "isindex": isindex}
    expected = _outcome_of_parse(body, **options)
    assert _outcome_of_stream(_chunks(body, cuts), **options, **_NO_LIMITS) == expected


@given(
    body=bodies,
    cuts=cut_lists,
    max_fields=small_limits,
    max_field_size=small_limits,
    max_body_size=st.one_of(st.none(), st.integers(min_value=0, max_value=120)),
)
def test_limits_agree_with_parse(
    body: bytes,
    cuts: list[int],
    max_fields: int | None,
    max_field_size: int | None,
    max_body_size: int | None,
) -> None:
    """With any limits and chunking, the pairs or the limit error and its offset match parse."""
    limits = {
        "max_fields": max_fields,
        "max_field_size": max_field_size,
        "max_body_size": max_body_size,
    }
    expected = _outcome_of_parse(body, **limits)
    assert _outcome_of_stream(_chunks(body, cuts), **limits) == expected


@given(
    body=bodies,
    max_fields=small_limits,
    max_field_size=small_limits,
    max_body_size=st.one_of(st.none(), st.integers(min_value=0, max_value=120)),
)
def test_one_chunk_strict_with_limits_equals_parse(
    body: bytes, max_fields: int | None, max_field_size: int | None, max_body_size: int | None
) -> None:
    """Fed in one chunk, strict mode with limits raises what parse raises, in input order."""
    options: dict[str, object] = {
        "errors": "strict",
        "max_fields": max_fields,
        "max_field_size": max_field_size,
        "max_body_size": max_body_size,
    }
    assert _outcome_of_stream([body], **options) == _outcome_of_parse(body, **options)


LEGACY_ENCODINGS = ["shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "big5", "windows-1252"]


@pytest.mark.parametrize("label", LEGACY_ENCODINGS)
@given(body=form_bodies, text=st.text(max_size=20), cuts=cut_lists, strict=st.booleans())
def test_legacy_encoding_any_chunking_equals_parse(
    label: str, body: bytes, text: str, cuts: list[int], strict: bool
) -> None:
    """With a legacy encoding=, any chunking gives parse(body, encoding=...), errors included."""
    encoding = urlencoded.get_encoding(label)
    # Raw and percent-encoded bytes of the encoding, cut anywhere, also inside characters.
    raw = text.encode(label, "replace") + b"=" + body + b"&"
    raw += urlencoded.serialize([(text, text[::-1])], encoding=encoding).encode("ascii")
    options: dict[str, object] = {"encoding": encoding, "errors": "strict" if strict else "replace"}
    expected = _outcome_of_parse(raw, **options)
    assert _outcome_of_stream(_chunks(raw, cuts), **options, **_NO_LIMITS) == expected


@given(
    body=bodies,
    cuts=st.lists(st.integers(min_value=0, max_value=80), max_size=3),
    block=st.integers(min_value=1, max_value=16),
    isindex=st.booleans(),
    strict=st.booleans(),
)
def test_large_regions_decoded_in_blocks_equal_parse(
    body: bytes, cuts: list[int], block: int, isindex: bool, strict: bool
) -> None:
    """Regions parsed in blocks of whole sequences give parse()'s pairs or DecodeError offsets."""
    options: dict[str, object] = {"isindex": isindex, "errors": "strict" if strict else "replace"}
    expected = _outcome_of_parse(body, **options)
    saved = urlencoded._core._bulk.BLOCK
    urlencoded._core._bulk.BLOCK = block
    try:
        assert _outcome_of_stream(_chunks(body, cuts), **options, **_NO_LIMITS) == expected
    finally:
        urlencoded._core._bulk.BLOCK = saved


@pytest.mark.parametrize("label", ["shift_jis", "iso-2022-jp", "windows-1252"])
@given(
    body=bodies,
    cuts=st.lists(st.integers(min_value=0, max_value=80), max_size=3),
    block=st.integers(min_value=1, max_value=16),
    separator=st.sampled_from(["&", ";"]),
    strict=st.booleans(),
)
def test_legacy_regions_decoded_in_blocks_equal_parse(
    label: str, body: bytes, cuts: list[int], block: int, separator: str, strict: bool
) -> None:
    """With a legacy encoding or another separator, blocks give parse()'s pairs or offsets."""
    options: dict[str, object] = {
        "encoding": label,
        "separator": separator,
        "errors": "strict" if strict else "replace",
    }
    expected = _outcome_of_parse(body, **options)
    saved = urlencoded._core._bulk.BLOCK
    urlencoded._core._bulk.BLOCK = block
    try:
        assert _outcome_of_stream(_chunks(body, cuts), **options, **_NO_LIMITS) == expected
    finally:
        urlencoded._core._bulk.BLOCK = saved


def test_feed_does_not_call_the_public_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    """feed() and close() hand regions to the internal region parser, never to parse()."""
    public_parse = urlencoded._core._form.parse

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the public parse() was called")

    # Every module's binding of parse, wherever it was imported.
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("urlencoded"):
            for name, value in list(vars(module).items()):
                if value is public_parse:
                    monkeypatch.setattr(module, name, refuse)
    body = b"a=caf%C3%A9&_charset_=sjis&q=%93%FA&" + b"x=1&" * 20_000 + b"y"
    parser = IncrementalParser(charset_field="_charset_", isindex=True, **_NO_LIMITS)
    pairs = parser.feed(body[:10]) + parser.feed(body[10:]) + parser.close()
    assert pairs[:3] == [("a", "caf\uff83\uff69"), ("_charset_", "sjis"), ("q", "日")]
    assert len(pairs) == 20_004
    parser = IncrementalParser(encoding="euc-jp", separator=";", errors="strict")
    assert parser.feed(b"q=%C6%FC;r") + parser.close() == [("q", "日"), ("r", "")]


def test_one_huge_chunk_equals_parse() -> None:
    """A 3 MB chunk of many fields, fed at once, gives parse()'s pairs."""
    body = b"&".join(b"k%d=caf%%C3%%A9+%d" % (i, i) for i in range(200_000))
    parser = IncrementalParser(**_NO_LIMITS)
    assert parser.feed(body) + parser.close() == urlencoded.parse(body)


@pytest.mark.parametrize(
    ("body", "cut"),
    [
        (b"a=%C3%A9&b=1", 5),  # between "%" and the hex digits
        (b"a=%C3%A9&b=1", 6),  # between the two hex digits
        (b"a=%C3%A9&b=1", 8),  # between the two escapes of one character
        (b"a=\xc3\xa9&b=1", 3),  # inside a raw two-byte UTF-8 sequence
        (b"a=\xf0\x9f\x98\x80", 4),  # inside a raw four-byte UTF-8 sequence
        (b"a+b=c+d", 1),  # after a name's "+"
        (b"a+b=c+d", 6),  # after a value's "+"
        (b"a=b&c", 3),  # just before "&"
        (b"a=b&c", 4),  # just after "&"
        (b"a==b", 2),  # between two "="
        (b"%2", 1),  # inside a truncated escape
        (b"%=x", 1),  # a "%" that is not an escape
    ],
)
def test_cut_inside_tokens(body: bytes, cut: int) -> None:
    """A cut inside an escape, a character, after "+" or around "&" changes nothing."""
    parser = IncrementalParser()
    assert parser.feed(body[:cut]) + parser.feed(body[cut:]) + parser.close() == urlencoded.parse(
        body
    )


def test_pairs_arrive_as_soon_as_their_ampersand() -> None:
    """Each pair is returned by the feed() that delivers the "&" ending it, not later."""
    parser = IncrementalParser()
    assert parser.feed(b"a=1") == []
    assert parser.feed(b"&b=2&c=") == [("a", "1"), ("b", "2")]
    assert parser.feed(b"3") == []
    assert parser.feed(b"&") == [("c", "3")]
    assert parser.close() == []


def test_empty_body_and_empty_chunks() -> None:
    """Empty chunks are allowed and an empty body gives no pairs."""
    parser = IncrementalParser()
    assert parser.feed(b"") == []
    assert parser.feed(bytearray()) == []
    assert parser.close() == []


def test_bytearray_and_memoryview_are_copied() -> None:
    """Chunks may be bytearray or memoryview; reusing the caller's buffer afterwards is safe."""
    buffer = bytearray(b"name=fir")
    parser = IncrementalParser()
    assert parser.feed(memoryview(buffer)) == []
    buffer[:] = b"XXXXXXXX"
    assert parser.feed(bytearray(b"st")) == []
    assert parser.close() == [("name", "first")]


def test_isindex_only_first_sequence() -> None:
    """isindex turns only the input's first sequence, even when it spans chunks, into a value."""
    parser = IncrementalParser(isindex=True)
    assert parser.feed(b"sea") == []
    assert parser.feed(b"rch&other") == [("", "search")]
    assert parser.close() == [("other", "")]


def test_decode_error_offset_counts_from_body_start() -> None:
    """A strict DecodeError in a later chunk gives its offset in the whole body."""
    parser = IncrementalParser(errors="strict")
    assert parser.feed(b"a=1&") == [("a", "1")]
    with pytest.raises(DecodeError) as info:
        parser.feed(b"bb=%FF&")
    assert info.value.offset == 7
    assert info.value.position == 0


def test_replace_mode_gives_u_fffd_for_split_invalid_utf8() -> None:
    """Invalid UTF-8 cut across chunks becomes U+FFFD once, as in parse()."""
    parser = IncrementalParser()
    assert parser.feed(b"x=%E2%8") == []
    assert parser.close() == [("x", "\ufffd%8")]


# Limits


def test_default_limits() -> None:
    """The defaults are 1000 fields, 1 MiB per field and 10 MiB per body."""
    limits = urlencoded.Limits()
    assert limits.max_fields == 1000
    assert limits.max_field_size == 1024 * 1024
    assert limits.max_body_size == 10 * 1024 * 1024
    parser = IncrementalParser()
    assert len(parser.feed(b"a=1&" * 1000)) == 1000
    with pytest.raises(TooManyFields) as info:
        parser.feed(b"b")
    assert info.value.offset == 4000
    assert str(info.value) == "max_fields=1000 exceeded at byte offset 4000: field 1001 starts here"


def test_default_field_and_body_size() -> None:
    """By default one field may hold 1 MiB and a body 10 MiB, and no more."""
    parser = IncrementalParser()
    parser.feed(b"v=" + b"x" * (1024 * 1024 - 1))
    with pytest.raises(FieldTooLarge):
        parser.feed(b"x")
    parser = IncrementalParser()
    chunk = (b"x" * 16383 + b"&") * 64
    for _ in range(10):
        parser.feed(chunk)
    with pytest.raises(BodyTooLarge) as info:
        parser.feed(b"&")
    assert info.value.offset == 10 * 1024 * 1024


def test_none_disables_each_limit() -> None:
    """With every limit None, many fields, a large field and a large body all pass."""
    parser = IncrementalParser(**_NO_LIMITS)
    assert len(parser.feed(b"a&" * 5000)) == 5000
    parser.feed(b"b=" + b"y" * (3 * 1024 * 1024))
    assert parser.close() == [("b", "y" * (3 * 1024 * 1024))]


def test_too_many_fields_counts_non_empty_sequences() -> None:
    """Empty sequences do not count; the error names the limit, value and offset."""
    parser = IncrementalParser(max_fields=2)
    assert parser.feed(b"&&a&&b&&") == [("a", ""), ("b", "")]
    with pytest.raises(TooManyFields) as info:
        parser.feed(b"&c")
    error = info.value
    assert (error.limit, error.value, error.offset) == ("max_fields", 2, 9)
    assert "max_fields=2" in str(error)
    assert "offset 9" in str(error)


def test_field_too_large_fails_before_buffering() -> None:
    """A field without "&" fails as soon as it passes max_field_size, not at the end."""
    parser = IncrementalParser(max_field_size=1000)
    assert parser.feed(b"n=" + b"v" * 600) == []
    with pytest.raises(FieldTooLarge) as info:
        parser.feed(b"v" * 600)
    # The name and value hold 1001 bytes once the byte at offset 1001 arrives ("=" is not counted).
    assert (info.value.limit, info.value.value, info.value.offset) == ("max_field_size", 1000, 1001)
    assert parser.bytes_received == 602


def test_field_size_does_not_count_first_equals() -> None:
    """max_field_size counts raw name plus value bytes, excluding the first "="."""
    parser = IncrementalParser(max_field_size=4)
    assert parser.feed(b"ab=cd&%41=%&") == [("ab", "cd"), ("A", "%")]
    with pytest.raises(FieldTooLarge):
        parser.feed(b"ab=c=d&")


def test_body_too_large_names_limit_and_stops() -> None:
    """The byte past max_body_size raises BodyTooLarge at that offset."""
    parser = IncrementalParser(max_body_size=10)
    assert parser.feed(b"a=1&b=2") == [("a", "1")]
    with pytest.raises(BodyTooLarge) as info:
        parser.feed(b"&c=3")
    assert (info.value.limit, info.value.value, info.value.offset) == ("max_body_size", 10, 10)
    assert "max_body_size=10" in str(info.value)


def test_limit_classes() -> None:
    """Each limit error is a LimitExceeded, a URLEncodedError and a ValueError."""
    for cls in (TooManyFields, FieldTooLarge, BodyTooLarge):
        assert issubclass(cls, LimitExceeded)
        assert issubclass(cls, URLEncodedError)
        assert issubclass(cls, ValueError)


def test_memory_is_bounded_by_the_largest_field() -> None:
    """Streaming 8 MiB of 8 KiB fields allocates far less than the body (tracemalloc peak)."""
    import tracemalloc  # not on PyPy: tests/conftest.py skips this test there

    field = b"f=" + b"%41" * 2730 + b"&"
    chunk = field * 8
    count = 0
    tracemalloc.start()
    try:
        parser = IncrementalParser(**_NO_LIMITS)
        for _ in range(8 * 1024 * 1024 // len(chunk)):
            count += len(parser.feed(chunk))
        count += len(parser.close())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 8 * 1024 * 1024 // len(chunk) * 8
    assert peak < 1024 * 1024


# Misuse


def test_feed_after_close_is_an_error() -> None:
    """feed() or close() after close() raises ValueError."""
    parser = IncrementalParser()
    parser.close()
    with pytest.raises(ValueError, match="closed"):
        parser.feed(b"a")
    with pytest.raises(ValueError, match="closed"):
        parser.close()


def test_feed_after_failure_is_an_error() -> None:
    """After a limit error the parser refuses more input instead of resuming mid-body."""
    parser = IncrementalParser(max_fields=0)
    with pytest.raises(TooManyFields):
        parser.feed(b"a")
    with pytest.raises(ValueError, match="failed"):
        parser.feed(b"&b")
    with pytest.raises(ValueError, match="failed"):
        parser.close()


def test_feed_rejects_text() -> None:
    """feed() takes bytes; a str raises TypeError."""
    with pytest.raises(TypeError, match="encode it first"):
        IncrementalParser().feed("a=b")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        IncrementalParser().feed(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["max_fields", "max_field_size", "max_body_size"])
def test_bad_limit_options(name: str) -> None:
    """A negative limit is a ValueError; a non-int limit (bool, str, float) is a TypeError."""
    with pytest.raises(ValueError, match=name):
        IncrementalParser(**{name: -1})  # type: ignore[arg-type]
    for bad in (True, "10", 1.5):
        with pytest.raises(TypeError, match=name):
            IncrementalParser(**{name: bad})  # type: ignore[arg-type]
    IncrementalParser(**{name: 0})  # type: ignore[arg-type]


def test_bad_errors_and_encoding_options() -> None:
    """An unknown errors value raises ValueError, an unknown encoding UnknownEncodingError."""
    with pytest.raises(ValueError, match="errors"):
        IncrementalParser(errors="ignore")  # type: ignore[arg-type]
    with pytest.raises(UnknownEncodingError):
        IncrementalParser(encoding="no-such-encoding")


def test_repr_shows_state() -> None:
    """repr() shows the state, encoding and progress."""
    parser = IncrementalParser()
    parser.feed(b"a=1&b")
    assert repr(parser) == "<IncrementalParser open encoding='UTF-8' received=5 fields=2>"
