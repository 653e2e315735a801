"""``separator=`` as a tuple: each of its characters separates fields, opt in.

HTML 4 (appendix B.2.2) advised servers to accept ``;`` beside ``&``; since
CVE-2021-23336 a parser splits on ``&`` alone unless asked, and so does
this one: ``separator=("&", ";")`` is the opt-in, wherever ``separator=`` is
taken.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlencoded
from tests import reference_separator
from tests.strategies import form_bodies
from urlencoded import DecodeError, FieldTooLarge, IncrementalParser, TooManyFields, parse

_SEPARATORS = st.lists(
    st.sampled_from(["&", ";", "|", ",", " ", "\x00", "%", "+"]),
    min_size=1,
    max_size=3,
    unique=True,
).map(tuple)


def _stream(body: bytes, cuts: list[int], **options: Any) -> list[tuple[str, str]]:
    parser = IncrementalParser(max_fields=None, max_field_size=None, max_body_size=None, **options)
    pairs: list[tuple[str, str]] = []
    start = 0
    for cut in sorted(cuts):
        pairs += parser.feed(body[start:cut])
        start = max(start, cut)
    return pairs + parser.feed(body[start:]) + parser.close()


def test_both_split_when_asked() -> None:
    """("&", ";") splits on both, in either order, for str and bytes."""
    expected = [("a", "1"), ("b", "2"), ("c", "3 4")]
    assert parse("a=1;b=2&c=3+4", separator=("&", ";")) == expected
    assert parse(b"a=1;b=2&c=3+4", separator=(";", "&")) == expected
    assert parse("a=1;;b=2&;&c=3+4", separator=(b"&", b";")) == expected


def test_default_keeps_semicolon_as_data() -> None:
    """Without the opt-in, ";" stays inside the value (CVE-2021-23336)."""
    assert parse("a=1;b=2&c") == [("a", "1;b=2"), ("c", "")]
    assert urlencoded.parse_bytes(b"a=1;b=2") == [(b"a", b"1;b=2")]


def test_escaped_separators_are_data() -> None:
    """A percent-encoded separator is data in the name or value, whichever is listed."""
    assert parse("a=%3B%26;b=%26", separator=("&", ";")) == [("a", ";&"), ("b", "&")]


def test_one_item_tuple_equals_the_character() -> None:
    """A one-item tuple behaves as that character does."""
    body = b"a=1;b=2&c"
    assert parse(body, separator=(";",)) == parse(body, separator=";")
    assert parse(body, separator=("&",)) == parse(body)


def test_tuple_without_ampersand_keeps_ampersand_as_data() -> None:
    """(";", "|") splits on those two; "&" stays data."""
    assert parse(b"a=1;b=2&c|d", separator=(";", "|")) == [("a", "1"), ("b", "2&c"), ("d", "")]


@given(body=form_bodies, separators=_SEPARATORS)
def test_parse_agrees_with_reference(body: bytes, separators: tuple[str, ...]) -> None:
    """parse() with a tuple equals a literal transcription that splits on each separator."""
    raw = "".join(separators).encode("ascii")
    if "=" in separators:
        return
    assert parse(body, separator=separators) == reference_separator.parse(body, raw)
    assert urlencoded.parse_bytes(body, separator=separators) == (
        reference_separator.parse_to_bytes(body, raw)
    )


@given(
    body=form_bodies,
    separators=_SEPARATORS,
    cuts=st.lists(st.integers(0, 60), max_size=4),
    strict=st.booleans(),
)
def test_streaming_agrees_with_parse(
    body: bytes, separators: tuple[str, ...], cuts: list[int], strict: bool
) -> None:
    """IncrementalParser with a tuple, fed in any chunks, gives parse()'s pairs or error."""
    errors: urlencoded.Errors = "strict" if strict else "replace"
    try:
        expected: object = parse(body, separator=separators, errors=errors)
    except DecodeError as error:
        expected = ("DecodeError", error.offset)
    try:
        got: object = _stream(body, cuts, separator=separators, errors=errors)
    except DecodeError as error:
        got = ("DecodeError", error.offset)
    assert got == expected


def test_limits_count_fields_split_by_either() -> None:
    """max_fields counts fields ended by either separator, at the offset of the one too many."""
    with pytest.raises(TooManyFields) as raised:
        parse(b"a=1;b=2&c=3", separator=("&", ";"), max_fields=2)
    assert raised.value.offset == 8
    parser = IncrementalParser(separator=("&", ";"), max_fields=2)
    assert parser.feed(b"a=1;b") == [("a", "1")]
    with pytest.raises(TooManyFields) as streamed:
        parser.feed(b"=2&c=3")
    assert streamed.value.offset == 8
    with pytest.raises(FieldTooLarge) as large:
        urlencoded.parse_bytes(b"a=1;bbbbbb=2", separator=("&", ";"), max_field_size=4)
    assert large.value.offset == 4 + 4  # the fifth byte of the field starting at 4


def test_strict_offsets_count_the_raw_input() -> None:
    """A DecodeError's offset is in the input as given, whichever separator came before."""
    with pytest.raises(DecodeError) as raised:
        parse(b"a=1;b=%FF", separator=("&", ";"), errors="strict")
    assert raised.value.offset == 6


def test_charset_field_and_isindex_with_both() -> None:
    """The charset rule and the isindex rule see fields split by either separator."""
    body = b"_charset_=Shift_JIS;q=%93%FA"
    pairs = parse(body, separator=("&", ";"), charset_field="_charset_")
    assert pairs == [("_charset_", "Shift_JIS"), ("q", "日")]
    assert parse(b"word;a=1", separator=("&", ";"), isindex=True) == [("", "word"), ("a", "1")]


def test_server_helpers_take_the_tuple() -> None:
    """parse_wsgi and parse_asgi split on both when asked."""
    body = b"a=1;b=2&c=3"
    environ = {
        "REQUEST_METHOD": "POST",
        "CONTENT_TYPE": "application/x-www-form-urlencoded",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
    }
    expected = [("a", "1"), ("b", "2"), ("c", "3")]
    assert urlencoded.parse_wsgi(environ, separator=("&", ";")) == expected
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return messages.pop(0)

    scope = {
        "type": "http",
        "headers": [(b"content-type", b"application/x-www-form-urlencoded")],
    }
    assert asyncio.run(urlencoded.parse_asgi(scope, receive, separator=("&", ";"))) == expected


def test_nested_and_guess_encoding_take_the_tuple() -> None:
    """parse_nested and guess_encoding split on both, and nested errors point at the raw input."""
    assert urlencoded.parse_nested("a[x]=1;a[y]=2", separator=("&", ";")) == {
        "a": {"x": "1", "y": "2"}
    }
    with pytest.raises(urlencoded.NestingError) as raised:
        urlencoded.parse_nested("a=1;a[x]=2", separator=("&", ";"))
    assert raised.value.offset == 4
    found = urlencoded.guess_encoding(
        b"q=%93%FA;r=%82%A0", ["UTF-8", "Shift_JIS"], separator=("&", ";")
    )
    assert [encoding.name for encoding in found] == ["Shift_JIS"]


@pytest.mark.parametrize(
    ("separator", "error", "message"),
    [
        ((), ValueError, "non-empty tuple of them, got ()"),
        (("&", "&"), ValueError, "must not repeat a character, got ('&', '&')"),
        (("&", b"&"), ValueError, "must not repeat a character"),
        (("&", "="), ValueError, "other than '=', got ('&', '=')"),
        (("&", ";;"), ValueError, "other than '=', got ('&', ';;')"),
        (("&", "é"), ValueError, "got ('&', 'é')"),
        (("&", 59), TypeError, "tuple of str or bytes, not of int"),
        (["&", ";"], TypeError, "not list (or, to parse, a tuple of them)"),
    ],
)
def test_malformed_tuples_are_refused(separator: Any, error: type[Exception], message: str) -> None:
    """A malformed separator raises naming it, from every parser entry point."""
    for entry_point in (
        lambda: parse(b"a", separator=separator),
        lambda: urlencoded.parse_bytes(b"a", separator=separator),
        lambda: IncrementalParser(separator=separator),
        lambda: urlencoded.parse_wsgi({}, separator=separator),
    ):
        with pytest.raises(error) as raised:
            entry_point()
        assert message in str(raised.value)


def test_serialize_refuses_a_tuple() -> None:
    """A serializer writes one separator: a tuple is a TypeError."""
    with pytest.raises(TypeError, match="a serializer writes one"):
        urlencoded.serialize([("a", "b")], separator=("&", ";"))  # type: ignore[arg-type]


# --- an ASCII str with a legacy encoding --------------------------------------------


def test_ascii_str_with_legacy_encoding_reads_its_escapes() -> None:
    """An ASCII str with a legacy encoding is the bytes it spells (a WSGI QUERY_STRING)."""
    assert parse("q=%93%FA", encoding="shift_jis") == [("q", "日")]
    assert parse("q=%C6%FC+x", encoding="euc-jp") == [("q", "日 x")]
    assert parse("q=%E9", encoding="windows-1252") == [("q", "é")]
    with pytest.raises(DecodeError):
        parse("q=%82", encoding="shift_jis", errors="strict")


@given(
    st.lists(st.tuples(st.text(max_size=5), st.text(max_size=5)), max_size=4),
    st.sampled_from(["shift_jis", "euc-kr", "windows-1251", "gb18030", "big5"]),
)
def test_ascii_str_equals_its_bytes(pairs: list[tuple[str, str]], label: str) -> None:
    """parse(str) with a legacy encoding equals parse() of the same ASCII as bytes."""
    text = urlencoded.serialize(pairs, encoding=label)
    assert text.isascii()
    assert parse(text, encoding=label) == parse(text.encode("ascii"), encoding=label)


def test_non_ascii_str_with_legacy_encoding_stays_a_type_error() -> None:
    """A str with a non-ASCII character and a legacy encoding raises TypeError."""
    with pytest.raises(TypeError, match="non-ASCII characters and encoding='Shift_JIS'"):
        parse("q=日", encoding="shift_jis")
    with pytest.raises(TypeError, match="non-ASCII"):
        urlencoded.parse_nested("q=é", encoding="windows-1252")
