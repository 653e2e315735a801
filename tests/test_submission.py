"""Form submission options: newlines, _charset_, isindex, separators, space_as_plus.

Each option is checked against the literal transcriptions in
tests/reference_html.py, with hypothesis, and the streaming parser against
parse for any chunking.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any, Callable

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urlencoded
from tests import reference
from tests import reference_encoding as enc
from tests import reference_html as ref
from tests.strategies import form_bodies, text_with_surrogates
from urlencoded import DecodeError, IncrementalParser, LimitExceeded, parse, parse_bytes, serialize

# Encodings a form can be submitted in (output encodings), and a few inputs.
OUTPUT_ENCODINGS = ["UTF-8", "windows-1252", "Shift_JIS", "EUC-JP", "ISO-2022-JP", "GBK"]
OUTPUT_ENCODINGS += ["gb18030", "Big5", "EUC-KR", "KOI8-R", "UTF-16LE"]
SEPARATORS = ["&", ";", ",", "|", "\n", "!"]

form_text = st.lists(
    st.one_of(
        st.sampled_from(["\r", "\n", "\r\n", "\n\r", " ", "+", "&", ";", "=", "%", "é", "€"]),
        st.sampled_from(["日本", "ｱ", "①", "亜", "\u00a5", "\u203e", "한", "\U0001f600"]),
        st.characters(exclude_categories=("Cs",)),
    ),
    max_size=8,
).map("".join)
form_names = st.one_of(form_text, st.sampled_from(["_charset_", "_CHARSET_", "isindex", "ie"]))
entries = st.lists(st.tuples(form_names, st.one_of(st.just(""), form_text)), min_size=0, max_size=5)


def _browser(pairs: list[tuple[str, str]], encoding: str) -> list[tuple[str, str]]:
    """What a browser makes of the entries before serializing: _charset_ filled, CRLF."""
    filled = [
        ref.charset_entry(name, value, ref.output_encoding(encoding)) for name, value in pairs
    ]
    return ref.convert_to_name_value_pairs(filled)


# --- serialize --------------------------------------------------------------------------------


@given(
    entries,
    st.sampled_from(OUTPUT_ENCODINGS),
    st.sampled_from([s for s in SEPARATORS if s != "!"] + ["!"]),
    st.booleans(),
    st.booleans(),
)
def test_serialize_like_a_browser_agrees_with_reference(
    pairs: list[tuple[str, str]], encoding: str, separator: str, plus: bool, isindex: bool
) -> None:
    """serialize with every option equals HTML's steps, then the URL Standard's serializer."""
    expected = ref.urlencoded_serialize(
        _browser(pairs, encoding), encoding, separator, space_as_plus=plus, isindex=isindex
    )
    actual = serialize(
        pairs,
        encoding=encoding,
        separator=separator,
        space_as_plus=plus,
        newlines="crlf",
        fill_charset_field=True,
        isindex=isindex,
    )
    assert actual == expected


@given(entries, st.sampled_from(OUTPUT_ENCODINGS))
def test_options_off_are_the_url_standard(pairs: list[tuple[str, str]], encoding: str) -> None:
    """Without the options, newlines and _charset_ are left as they are."""
    assert serialize(pairs, encoding=encoding) == ref.urlencoded_serialize(pairs, encoding)


@given(form_text)
def test_newline_normalization_agrees_with_reference(text: str) -> None:
    """Each lone CR, lone LF and CRLF becomes CRLF, code point by code point as HTML says."""
    assert serialize([(text, text)], newlines="crlf") == serialize(
        [(ref.normalize_crlf(text), ref.normalize_crlf(text))]
    )


# From web-platform-tests html/semantics/forms/form-submission-0/urlencoded2.window.js.
@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("a\nb", "c", "a%0D%0Ab=c"),
        ("a\rb", "c", "a%0D%0Ab=c"),
        ("a\r\nb", "c", "a%0D%0Ab=c"),
        ("a\n\rb", "c", "a%0D%0A%0D%0Ab=c"),
        ("a", "b\nc", "a=b%0D%0Ac"),
        ("a", "b\rc", "a=b%0D%0Ac"),
        ("a", "b\r\nc", "a=b%0D%0Ac"),
        ("a", "b\n\rc", "a=b%0D%0A%0D%0Ac"),
        ("a\0b", "c", "a%00b=c"),
        ('a"b', "c", "a%22b=c"),
    ],
)
def test_wpt_urlencoded2_vectors(name: str, value: str, expected: str) -> None:
    """The WPT expectations for form submission of names and values with newlines."""
    assert serialize([(name, value)], newlines="crlf") == expected


def test_examples_from_the_issue_reports() -> None:
    """A textarea's LF, an empty _charset_ and isindex, as browsers write them."""
    assert serialize([("t", "a\nb")]) == "t=a%0Ab"
    assert serialize([("t", "a\nb")], newlines="crlf") == "t=a%0D%0Ab"
    pairs = [("_charset_", ""), ("q", "日")]
    assert serialize(pairs, encoding="shift_jis") == "_charset_=&q=%93%FA"
    filled = serialize(pairs, encoding="shift_jis", fill_charset_field=True)
    assert filled == "_charset_=Shift_JIS&q=%93%FA"
    assert serialize([("isindex", "a b&c"), ("x", "1")], isindex=True) == "a+b%26c&x=1"
    assert serialize([("x", "1"), ("isindex", "a")], isindex=True) == "x=1&isindex=a"
    assert serialize([("isindex", "")], isindex=True) == ""


def test_fill_charset_field_details() -> None:
    """The name matches ASCII case-insensitively; a non-empty value is kept; UTF-16 gives UTF-8."""
    assert serialize([("_Charset_", "")], encoding="euc-kr", fill_charset_field=True) == (
        "_Charset_=EUC-KR"
    )
    assert serialize([("_charset_", "x")], fill_charset_field=True) == "_charset_=x"
    assert serialize([("_charset_", "")], encoding="utf-16le", fill_charset_field=True) == (
        "_charset_=UTF-8"
    )
    assert serialize([(b"_charset_", b"")], encoding="gbk", fill_charset_field=True) == (
        "_charset_=GBK"
    )


def test_bytes_are_not_normalized() -> None:
    """Bytes are already encoded: newlines="crlf" leaves them as they are."""
    assert serialize([(b"a\n", "b\n")], newlines="crlf") == "a%0A=b%0D%0A"


def test_space_as_plus() -> None:
    """space_as_plus=False writes %20; a literal plus is %2B either way."""
    assert serialize([("a b", "+ ")], space_as_plus=False) == "a%20b=%2B%20"
    assert serialize([("a b", "+ ")]) == "a+b=%2B+"
    assert serialize([("a", b" ")], space_as_plus=False, encoding="sjis") == "a=%20"


@given(st.lists(st.tuples(form_text, form_text), max_size=5), st.sampled_from(SEPARATORS))
def test_separator_round_trip(pairs: list[tuple[str, str]], separator: str) -> None:
    """parse with a separator reads back what serialize with the same separator wrote."""
    assert parse(serialize(pairs, separator=separator), separator=separator) == pairs
    for space_as_plus in (True, False):
        text = serialize(pairs, separator=separator, space_as_plus=space_as_plus)
        assert parse(text, separator=separator) == pairs


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"separator": "=="}, ValueError, "separator"),
        ({"separator": "="}, ValueError, "'='"),
        ({"separator": "a"}, ValueError, "separator must be a character"),
        ({"separator": "%"}, ValueError, "'%'"),
        ({"separator": "+"}, ValueError, "'\\+'"),
        ({"separator": "\u00e9"}, ValueError, "separator"),
        ({"separator": 38}, TypeError, "separator must be a str or bytes"),
        ({"newlines": "lf"}, ValueError, "newlines must be 'crlf' or None, got 'lf'"),
        ({"newlines": True}, TypeError, "newlines"),
        ({"space_as_plus": 0}, TypeError, "space_as_plus"),
        ({"fill_charset_field": "yes"}, TypeError, "fill_charset_field"),
        ({"isindex": None}, TypeError, "isindex"),
    ],
)
def test_serialize_bad_options(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    """Bad option values raise naming the option and the value."""
    with pytest.raises(error, match=message):
        serialize([("a", "b")], **options)


# --- parse ------------------------------------------------------------------------------------

_LEGACY_PIECES = st.sampled_from(
    [
        b";",
        b"_charset_=",
        b"_charset_=shift_jis",
        b"_charset_=EUC-JP&",
        b"&_charset_=klingon",
        b"ie=big5;",
        b"ie=utf-8",
        b"%93%FA",
        b"\x93\xfa",
        b"%A4%A2",
        b"\xff",
        b"%FF",
    ]
)
legacy_bodies = st.lists(st.one_of(form_bodies, _LEGACY_PIECES), max_size=8).map(b"".join)
parse_encodings = st.sampled_from(["UTF-8", "Shift_JIS", "EUC-JP", "windows-1252", "Big5"])
charset_fields = st.sampled_from([None, "_charset_", "ie"])
parse_separators = st.sampled_from(["&", ";", ",", "%", "+"])


@given(legacy_bodies, parse_encodings, charset_fields, st.booleans(), parse_separators)
def test_parse_agrees_with_reference(
    body: bytes, encoding: str, field: str | None, isindex: bool, separator: str
) -> None:
    """parse with encoding, charset_field, isindex and separator equals the 2016 parser's steps."""
    expected = ref.urlencoded_parse(
        body,
        encoding,
        None if field is None else field.encode(),
        isindex,
        ord(separator),
    )
    actual = parse(
        body, encoding=encoding, charset_field=field, isindex=isindex, separator=separator
    )
    assert actual == expected


@given(legacy_bodies, parse_separators, st.booleans())
def test_parse_bytes_separator_agrees(body: bytes, separator: str, isindex: bool) -> None:
    """parse_bytes with a separator gives the percent-decoded bytes that parse decodes."""
    pairs = parse_bytes(body, separator=separator, isindex=isindex)
    decoded = [
        (enc.reference_decode("windows-1252", n), enc.reference_decode("windows-1252", v))
        for n, v in pairs
    ]
    assert decoded == parse(body, separator=separator, isindex=isindex, encoding="windows-1252")


def test_separator_examples() -> None:
    """Only the chosen separator separates: there is no "& or ;" mode."""
    assert parse("a=1;b=2") == [("a", "1;b=2")]
    assert parse("a=1;b=2&c=3", separator=";") == [("a", "1"), ("b", "2&c=3")]
    assert parse(b"a=%3B;b", separator=b";") == [("a", ";"), ("b", "")]
    assert parse_bytes(b"a=1;;b=%26", separator=";") == [(b"a", b"1"), (b"b", b"&")]


_DEPRECATED = "use_charset_field is deprecated"


def test_charset_field_names() -> None:
    """charset_field picks the field; use_charset_field=True is charset_field="_charset_"."""
    body = b"ie=Shift_JIS&q=%93%FA%96%7B&_charset_=euc-jp"
    assert parse(body, charset_field="ie")[1] == ("q", "日本")
    in_euc_jp = ("q", enc.reference_decode("EUC-JP", b"\x93\xfa\x96\x7b"))
    with pytest.warns(DeprecationWarning, match=_DEPRECATED):
        assert parse(body, use_charset_field=True)[1] == in_euc_jp
    with pytest.warns(DeprecationWarning, match=_DEPRECATED):
        assert parse(body, use_charset_field=True, charset_field="_charset_")[1] == in_euc_jp
    # The name and value are compared before percent-decoding, as the URL Standard did.
    with pytest.warns(DeprecationWarning, match=_DEPRECATED):
        assert parse(b"%5Fcharset%5F=sjis&q=%93%FA", use_charset_field=True)[1] == (
            "q",
            "\ufffd\ufffd",
        )
    with pytest.warns(DeprecationWarning, match=_DEPRECATED):
        assert parse(b"_charset_=%73jis&q=%93%FA", use_charset_field=True)[1] == (
            "q",
            "\ufffd\ufffd",
        )


def test_use_charset_field_is_deprecated() -> None:
    """parse's use_charset_field warns, naming charset_field="_charset_", and still works."""
    body = b"q=%93%FA&_charset_=Shift_JIS"
    with pytest.warns(DeprecationWarning, match='charset_field="_charset_"') as warned:
        pairs = parse(body, use_charset_field=True)
    assert (
        pairs == parse(body, charset_field="_charset_") == [("q", "日"), ("_charset_", "Shift_JIS")]
    )
    assert warned[0].filename == __file__  # the warning points at the caller
    # False is the default: nothing to warn about (warnings are errors in the tests).
    assert parse(body, use_charset_field=False) == parse(body)
    warns = pytest.warns(DeprecationWarning, match=_DEPRECATED)
    with pytest.raises(ValueError, match="conflicts"), warns:
        parse(body, use_charset_field=True, charset_field="ie")
    with pytest.raises(TypeError, match="use_charset_field must be a bool"):
        parse(body, use_charset_field=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("entry_point", ["IncrementalParser", "parse_wsgi", "parse_asgi"])
def test_use_charset_field_is_gone_from_the_new_entry_points(entry_point: str) -> None:
    """Only parse, which had it in 1.0, takes use_charset_field; the others take charset_field."""
    calls: dict[str, Callable[[], object]] = {
        "IncrementalParser": lambda: IncrementalParser(use_charset_field=True),  # type: ignore[call-arg]
        "parse_wsgi": lambda: urlencoded.parse_wsgi(_environ(b"a=b"), use_charset_field=True),  # type: ignore[call-arg]
        "parse_asgi": lambda: _asgi(b"a=b", use_charset_field=True),
    }
    with pytest.raises(TypeError, match="unexpected keyword argument 'use_charset_field'"):
        calls[entry_point]()


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"charset_field": ""}, ValueError, "charset_field must be a non-empty ASCII name"),
        ({"charset_field": "é"}, ValueError, "'é'"),
        ({"charset_field": b"ie"}, TypeError, "charset_field"),
        ({"separator": "="}, ValueError, "separator"),
        ({"separator": ";;"}, ValueError, "';;'"),
        ({"separator": None}, TypeError, "separator"),
    ],
)
def test_parse_bad_options(options: dict[str, Any], error: type[Exception], message: str) -> None:
    """Bad options raise naming the option and the value, in parse and the streaming parser."""
    with pytest.raises(error, match=message):
        parse(b"a=b", **options)
    with pytest.raises(error, match=message):
        IncrementalParser(**options)


@pytest.mark.parametrize("label", ["shift_jis", "windows-1252", "UTF-16LE", "big5"])
def test_str_with_legacy_encoding_is_a_type_error(label: str) -> None:
    """A non-ASCII str is text: with a legacy encoding it raises TypeError asking for bytes."""
    with pytest.raises(TypeError, match=r"a str is already text.*as bytes"):
        parse("q=日", encoding=label)
    assert parse("q=%93%FA", encoding=label) == parse(b"q=%93%FA", encoding=label)
    assert parse("q=%E6%97%A5", encoding="utf8") == [("q", "日")]


# --- the streaming parser ------------------------------------------------------------------

Outcome = tuple[str, object]


def _outcome(run: Any) -> Outcome:
    try:
        return ("pairs", run())
    except DecodeError as error:
        return ("DecodeError", (error.offset, error.position))
    except LimitExceeded as error:
        return (type(error).__name__, error.offset)


def _stream(chunks: list[bytes], **options: Any) -> list[tuple[str, str]]:
    parser = IncrementalParser(**options)
    pairs: list[tuple[str, str]] = []
    for chunk in chunks:
        pairs += parser.feed(chunk)
    return pairs + parser.close()


def _cut(body: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({min(cut, len(body)) for cut in cuts})
    return [body[a:b] for a, b in zip([0, *points], [*points, len(body)])]


small_limits = st.one_of(st.none(), st.integers(min_value=0, max_value=6))


@given(
    body=legacy_bodies,
    cuts=st.lists(st.integers(min_value=0, max_value=80), max_size=6),
    encoding=parse_encodings,
    field=charset_fields,
    isindex=st.booleans(),
    separator=parse_separators,
    errors=st.sampled_from(["replace", "strict"]),
    max_fields=small_limits,
    max_field_size=small_limits,
    max_body_size=st.one_of(st.none(), st.integers(min_value=0, max_value=60)),
)
def test_incremental_parser_with_options_equals_parse(
    body: bytes,
    cuts: list[int],
    encoding: str,
    field: str | None,
    isindex: bool,
    separator: str,
    errors: str,
    max_fields: int | None,
    max_field_size: int | None,
    max_body_size: int | None,
) -> None:
    """For any chunking, IncrementalParser with the new options gives parse's pairs or error."""
    options: dict[str, Any] = {
        "encoding": encoding,
        "charset_field": field,
        "isindex": isindex,
        "separator": separator,
        "errors": errors,
        "max_fields": max_fields,
        "max_field_size": max_field_size,
        "max_body_size": max_body_size,
    }
    expected = _outcome(lambda: parse(body, **options))
    assert _outcome(lambda: _stream(_cut(body, cuts), **options)) == expected


@pytest.mark.parametrize("chunks", [[b"a=%FF&", b"b&c"], [b"a=%FF&b&c"], [b"a=%FF", b"&b&c"]])
def test_strict_error_before_limit_wins_in_both(chunks: list[bytes]) -> None:
    """A bad field completed before the limit is crossed raises DecodeError, whatever the cuts."""
    body = b"".join(chunks)
    with pytest.raises(DecodeError) as from_parse:
        parse(body, errors="strict", max_fields=2)
    with pytest.raises(DecodeError) as from_stream:
        _stream(chunks, errors="strict", max_fields=2)
    assert from_parse.value.offset == from_stream.value.offset == 2
    # A limit crossed before the bad field is complete wins.
    with pytest.raises(urlencoded.TooManyFields):
        parse(b"a&b&c=%FF", errors="strict", max_fields=2)
    with pytest.raises(urlencoded.TooManyFields):
        _stream([b"a&b&c=%FF"], errors="strict", max_fields=2)


def test_charset_field_holds_until_it_arrives() -> None:
    """Pairs are held until the charset field arrives, then stream in its encoding."""
    parser = IncrementalParser(charset_field="_charset_")
    assert parser.feed(b"a=%A4%A2&b=") == []
    assert parser.feed(b"1&_charset_=EUC-JP") == []
    assert parser.feed(b"&c=%A4") == [("a", "あ"), ("b", "1"), ("_charset_", "EUC-JP")]
    assert parser.feed(b"%A4&d=%A4%A6&") == [("c", "い"), ("d", "う")]
    assert parser.close() == []
    parser = IncrementalParser(charset_field="_charset_", encoding="windows-1252")
    assert parser.feed(b"a=%E9&") == []
    assert parser.close() == [("a", "é")]


# --- the server helpers ----------------------------------------------------------------------


def _environ(body: bytes) -> dict[str, object]:
    return {
        "CONTENT_TYPE": "application/x-www-form-urlencoded",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
    }


def _asgi(body: bytes, **options: Any) -> list[tuple[str, str]]:
    scope = {"type": "http", "headers": [(b"content-type", b"application/x-www-form-urlencoded")]}
    messages = iter(
        [
            {"type": "http.request", "body": body[:5], "more_body": True},
            {"type": "http.request", "body": body[5:], "more_body": False},
        ]
    )

    async def receive() -> dict[str, object]:
        return next(messages)

    return asyncio.run(urlencoded.parse_asgi(scope, receive, **options))


@pytest.mark.parametrize(
    "options",
    [
        {"charset_field": "_charset_", "separator": ";"},
        {"charset_field": "_charset_", "separator": b";", "isindex": True},
        {"charset_field": "ie", "encoding": "euc-jp", "errors": "strict", "separator": ";"},
    ],
)
def test_server_helpers_pass_the_options_on(options: dict[str, Any]) -> None:
    """parse_wsgi and parse_asgi give what parse gives with the same options."""
    body = b"%93%FA;q=%93%FA%96%7B;_charset_=Shift_JIS&x;ie=sjis"
    expected = parse(body, **options)
    assert urlencoded.parse_wsgi(_environ(body), **options) == expected
    assert _asgi(body, **options) == expected


def test_server_helpers_check_options_before_reading() -> None:
    """A bad option raises before the body is read."""
    environ = _environ(b"a=b")
    with pytest.raises(ValueError, match="separator"):
        urlencoded.parse_wsgi(environ, separator="==")
    assert environ["wsgi.input"].tell() == 0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="charset_field"):
        _asgi(b"a=b", charset_field="")


# --- text/plain ---------------------------------------------------------------------------------


@given(entries, st.sampled_from(OUTPUT_ENCODINGS))
def test_text_plain_agrees_with_reference(pairs: list[tuple[str, str]], encoding: str) -> None:
    """serialize_text_plain is HTML's steps, the text/plain algorithm and "encode" (html mode)."""
    expected = ref.encode_html(encoding, ref.text_plain_encode(_browser(pairs, encoding)))
    actual = urlencoded.serialize_text_plain(
        pairs, encoding=encoding, newlines="crlf", fill_charset_field=True
    )
    assert actual == expected
    plain = urlencoded.serialize_text_plain(pairs, encoding=encoding)
    assert plain == ref.encode_html(encoding, ref.text_plain_encode(pairs))


@given(
    st.lists(st.tuples(text_with_surrogates, text_with_surrogates), max_size=5),
    st.sampled_from(OUTPUT_ENCODINGS),
)
@example([("a\udc80", "\ud800=\r\n")], "UTF-8")
@example([("\u00e9", "\U0001f600")], "ISO-2022-JP")
def test_text_plain_of_str_lists_agrees_with_reference(
    pairs: list[tuple[str, str]], encoding: str
) -> None:
    """A list of str pairs, tuples or lists, lone surrogates included, is written in one pass
    as the steps write it after USVString conversion."""
    usv = reference.to_scalar_value_string
    scalar = [(usv(name), usv(value)) for name, value in pairs]
    expected = ref.encode_html(encoding, ref.text_plain_encode(scalar))
    assert urlencoded.serialize_text_plain(pairs, encoding=encoding) == expected
    assert urlencoded.serialize_text_plain([list(pair) for pair in pairs], encoding=encoding) == (
        expected
    )
    assert urlencoded.serialize_text_plain(iter(pairs), encoding=encoding) == expected


_plain_name = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="=\r\n"))
_plain_line = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\r\n"))
_plain_value = st.tuples(
    _plain_line, st.lists(_plain_line.filter(lambda line: "=" not in line), max_size=3)
).map(lambda parts: "\r\n".join([parts[0], *parts[1]]))


@given(st.lists(st.tuples(_plain_name, _plain_value), max_size=5))
def test_text_plain_round_trip_where_readable(pairs: list[tuple[str, str]]) -> None:
    """Names without "=" or newlines and value lines after a CRLF without "=" read back."""
    body = urlencoded.serialize_text_plain(pairs)
    assert urlencoded.parse_text_plain(body) == pairs


_text_plain_lines = st.lists(
    st.sampled_from(["", "=", "a", "a=b", "==", "x=\r", "\n", "é=ü", "\ufeff"]), max_size=12
).map("\r\n".join)


@given(st.one_of(_text_plain_lines, _text_plain_lines.map(lambda text: text + "\r\n"), st.text()))
@example("lone\r\nline\r\n")
@example("a=1\r\nb\r\nc=2\r\n")
@example("a=1\r\n" * 8 + "b\r\n")
@example("a=1\r\n" * 9 + "b\r\n")
def test_text_plain_parse_agrees_with_reference(text: str) -> None:
    """parse_text_plain reads any body as the line-by-line definition does."""
    expected = ref.text_plain_decode(text)
    assert urlencoded.parse_text_plain(text) == expected
    assert urlencoded.parse_text_plain(text.encode("utf-8", "surrogatepass")) == expected


# ASCII text with what ISO-2022-JP refuses (ESC, SO, SI) and what a body is made of.
_ascii_text = st.lists(
    st.one_of(
        st.characters(max_codepoint=0x7F),
        st.sampled_from(["\x0e", "\x0f", "\x1b", "\x1b$B", "=", "\r\n", "&#65533;"]),
    ),
    max_size=10,
).map("".join)
_ALL_OUTPUT_ENCODINGS = [*OUTPUT_ENCODINGS, "ISO-8859-2", "windows-1251", "x-user-defined"]


@given(
    st.lists(
        st.tuples(
            st.one_of(_ascii_text, text_with_surrogates),
            st.one_of(_ascii_text, text_with_surrogates),
        ),
        max_size=12,
    ),
    st.sampled_from(_ALL_OUTPUT_ENCODINGS),
)
@example([("a", "1")], "UTF-8")
@example([("a", "1")], "ISO-2022-JP")
@example([("a", "\x1b(J")], "ISO-2022-JP")
@example([("a", "\x0e")] * 9, "ISO-2022-JP")
@example([("a", "1")] * 9, "Shift_JIS")
@example([("caf\u00e9", "\u20ac\ud800")] * 9, "windows-1252")
@example([("q", "\u65e5\u672c\u8a9e"), ("r", "\u00a5\uff71")], "ISO-2022-JP")
def test_text_plain_fast_paths_agree_with_reference(
    pairs: list[tuple[str, str]], encoding: str
) -> None:
    """Few pairs (written in a loop) and many (in C passes), ASCII text (one encode but
    for ISO-2022-JP's ESC, SO and SI) and any other, in every output encoding."""
    usv = reference.to_scalar_value_string
    scalar = [(usv(name), usv(value)) for name, value in pairs]
    expected = ref.encode_html(encoding, ref.text_plain_encode(scalar))
    assert urlencoded.serialize_text_plain(pairs, encoding=encoding) == expected
    assert urlencoded.serialize_text_plain([list(pair) for pair in pairs], encoding=encoding) == (
        expected
    )
    assert urlencoded.serialize_text_plain(dict(pairs), encoding=encoding) == ref.encode_html(
        encoding, ref.text_plain_encode([(usv(n), usv(v)) for n, v in dict(pairs).items()])
    )


class _Text(str):
    pass


@pytest.mark.parametrize("count", [1, 9])
def test_text_plain_lists_the_fast_path_leaves(count: int) -> None:
    """Lists that are not all (str, str) pairs of two take the checked path: its errors,
    its rule for numbers, and str subclasses written as their text."""
    few = [("a", "1")] * (count - 1)
    assert urlencoded.serialize_text_plain([*few, (_Text("n"), _Text("v\udc80"))]) == (
        b"a=1\r\n" * (count - 1) + b"n=v\xef\xbf\xbd\r\n"
    )
    assert urlencoded.serialize_text_plain([*few, ("n", 2)]) == b"a=1\r\n" * (count - 1) + (
        b"n=2\r\n"
    )
    with pytest.raises(TypeError, match=f"pair {count - 1}"):
        urlencoded.serialize_text_plain([*few, ("a", "b", "c")])
    with pytest.raises(TypeError, match=f"pair {count - 1}"):
        urlencoded.serialize_text_plain([*few, "ab"])
    with pytest.raises(TypeError):
        urlencoded.serialize_text_plain([*few, ("a", True)])


# Every encoding a body can be read in, UTF-16 and replacement included.
_PARSE_ENCODINGS = [*_ALL_OUTPUT_ENCODINGS, "UTF-16BE", "replacement"]
_text_plain_bodies = st.one_of(
    legacy_bodies,
    _ascii_text.map(lambda text: text.encode("ascii")),
    st.lists(
        st.sampled_from([b"a=1", b"=", b"x", b"\x82\xa0=\x93\xfa", b"\x1b$B"]), max_size=6
    ).map(b"\r\n".join),
)


@given(_text_plain_bodies, st.sampled_from(_PARSE_ENCODINGS))
@example(b"a=1\r\n", "windows-1252")
@example(b"a=1\r\n", "UTF-16LE")
@example(b"a=1\r\n", "replacement")
@example(b"a=\x1b$B\r\n", "ISO-2022-JP")
@example(b"a=\x0e\r\nb=\x0f\r\n", "ISO-2022-JP")
@example(b"a\r\nb=1\r\nc", "Shift_JIS")
def test_text_plain_parse_bytes_agrees_with_reference(body: bytes, encoding: str) -> None:
    """parse_text_plain of bytes is the encoding's decoder, then the line-by-line reading;
    an ASCII body decodes in one C call in the encodings where ASCII bytes are themselves."""
    expected = ref.text_plain_decode(enc.reference_decode(encoding, body))
    assert urlencoded.parse_text_plain(body, encoding=encoding) == expected
    assert urlencoded.parse_text_plain(bytearray(body), encoding=encoding) == expected
    assert urlencoded.parse_text_plain(memoryview(body), encoding=encoding) == expected


def test_text_plain_parse_many_line_breaks() -> None:
    """A body of line breaks alone is one empty name whose value holds them all."""
    assert urlencoded.parse_text_plain(b"\r\n" * 100_000) == [("", "\r\n" * 99_999)]
    assert urlencoded.parse_text_plain(b"a=1\r\n" + b"x\r\n" * 3) == [("a", "1\r\nx\r\nx\r\nx")]


def test_text_plain_ambiguities() -> None:
    """What parse_text_plain cannot recover, as documented."""
    body = urlencoded.serialize_text_plain([("a=b", "c"), ("v", "1\r\nx=2")])
    assert urlencoded.parse_text_plain(body) == [("a", "b=c"), ("v", "1"), ("x", "2")]
    body = urlencoded.serialize_text_plain([("q", "€")], encoding="shift_jis")
    assert body == b"q=&#8364;\r\n"
    assert urlencoded.parse_text_plain(body, encoding="shift_jis") == [("q", "&#8364;")]
    assert urlencoded.parse_text_plain(b"lone\r\n") == [("lone", "")]
    with pytest.raises(TypeError, match="already text"):
        urlencoded.parse_text_plain("q=1", encoding="sjis")
    with pytest.raises(TypeError, match="pair 0"):
        urlencoded.serialize_text_plain([("a", b"b")])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="newlines"):
        urlencoded.serialize_text_plain([("a", "b")], newlines="cr")


# --- guess_encoding ------------------------------------------------------------------------------

GUESS_CANDIDATES = ["utf-8", "euc-jp", "sjis", "iso-2022-jp", "big5", "gbk", "euc-kr", "latin1"]


@given(
    st.one_of(
        legacy_bodies,
        st.lists(st.tuples(form_text, form_text), max_size=3).map(
            lambda pairs: serialize(pairs, encoding="shift_jis").encode("ascii")
        ),
    ),
    st.lists(st.sampled_from(GUESS_CANDIDATES), min_size=1, max_size=5),
)
def test_guess_encoding_agrees_with_reference(body: bytes, candidates: list[str]) -> None:
    """guess_encoding keeps, in order, the candidates whose fatal decoder accepts every field."""
    from tests import reference as url_ref

    fields = url_ref.urlencoded_parse_to_bytes(body)
    expected: list[str] = []
    for label in candidates:
        name = enc.labels()[label]
        if name not in expected and all(
            enc.reference_decode_fatal(name, part) is not None for pair in fields for part in pair
        ):
            expected.append(name)
    assert [encoding.name for encoding in urlencoded.guess_encoding(body, candidates)] == expected


def test_guess_encoding_for_the_automatic_detection_case() -> None:
    """The same words from Shift_JIS, EUC-JP and ISO-2022-JP pages are told apart by errors."""
    words = [("name", "山田太郎"), ("q", "日本語の検索")]
    # ISO-2022-JP is 7-bit, so its bytes are valid UTF-8 too: it goes first.
    candidates = ["iso-2022-jp", "utf-8", "euc-jp", "shift_jis"]
    for label in ["shift_jis", "euc-jp", "iso-2022-jp", "utf-8"]:
        body = serialize(words, encoding=label).encode("ascii")
        guesses = urlencoded.guess_encoding(body, candidates)
        assert guesses[0] is urlencoded.get_encoding(label)
        assert parse(body, encoding=guesses[0]) == words
    # ASCII decodes in every ASCII-compatible candidate: no information.
    assert len(urlencoded.guess_encoding(b"a=b", candidates)) == 4
    with pytest.raises(TypeError, match="candidates"):
        urlencoded.guess_encoding(b"a=b", "utf-8")
