"""Tests for parse_mime_type, MediaType and check_content_type.

https://mimesniff.spec.whatwg.org/#parse-a-mime-type

The library's parser is a linear scan with resumable searches; here a
plain character-by-character transcription of the same algorithm serves as
the reference it must agree with on any input.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlencoded
from urlencoded import UnknownEncodingError, UnsupportedMediaType, check_content_type

# Deprecated at the top level; the MIME type parser stays as check_content_type's base.
from urlencoded._web._content_type import FORM_URLENCODED, MediaType, parse_mime_type

_WS = "\t\n\r "
_TOKEN = set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_QUOTED = {"\t", *map(chr, range(0x20, 0x7F)), *map(chr, range(0x80, 0x100))}


def _lower(text: str) -> str:
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


def reference_parse(text: str) -> tuple[str, str, list[tuple[str, str]]] | None:
    """https://mimesniff.spec.whatwg.org/#parse-a-mime-type, one code point at a time."""
    text = text.strip(_WS)
    position = 0
    type_ = ""
    while position < len(text) and text[position] != "/":
        type_ += text[position]
        position += 1
    if not type_ or not set(type_) <= _TOKEN or position >= len(text):
        return None
    position += 1
    subtype = ""
    while position < len(text) and text[position] != ";":
        subtype += text[position]
        position += 1
    subtype = subtype.rstrip(_WS)
    if not subtype or not set(subtype) <= _TOKEN:
        return None
    parameters: dict[str, str] = {}
    while position < len(text):
        position += 1
        while position < len(text) and text[position] in _WS:
            position += 1
        name = ""
        while position < len(text) and text[position] not in ";=":
            name += text[position]
            position += 1
        name = _lower(name)
        if position < len(text):
            if text[position] == ";":
                continue
            position += 1
        if position >= len(text):
            break
        if text[position] == '"':
            value = ""
            position += 1
            while True:
                while position < len(text) and text[position] not in '"\\':
                    value += text[position]
                    position += 1
                if position >= len(text):
                    break
                char = text[position]
                position += 1
                if char == "\\":
                    if position >= len(text):
                        value += "\\"
                        break
                    value += text[position]
                    position += 1
                else:
                    break
            while position < len(text) and text[position] != ";":
                position += 1
        else:
            value = ""
            while position < len(text) and text[position] != ";":
                value += text[position]
                position += 1
            value = value.rstrip(_WS)
            if not value:
                continue
        if name and set(name) <= _TOKEN and set(value) <= _QUOTED and name not in parameters:
            parameters[name] = value
    return (_lower(type_), _lower(subtype), list(parameters.items()))


def _as_tuple(media_type: MediaType | None) -> tuple[str, str, list[tuple[str, str]]] | None:
    if media_type is None:
        return None
    return (media_type.type, media_type.subtype, list(media_type.parameters.items()))


mime_texts = st.lists(
    st.one_of(
        st.sampled_from(["/", ";", "=", '"', "\\", " ", "\t", "\n", "\r", "\x0b", "\x00"]),
        st.sampled_from(["text", "html", "application", "x-www-form-urlencoded", "charset"]),
        st.sampled_from(["A", "\u212a", "\u00e9", "\u00ff", "\u0100", "utf-8", '""', "\\\\"]),
        st.characters(max_codepoint=0x17F),
    ),
    max_size=25,
).map("".join)


@given(text=mime_texts)
def test_agrees_with_reference(text: str) -> None:
    """On any input the linear-scan parser gives what a direct transcription gives."""
    assert _as_tuple(parse_mime_type(text)) == reference_parse(text)


@given(text=mime_texts)
def test_serialization_round_trips(text: str) -> None:
    """Serializing a parsed MIME type and parsing it again gives the same MIME type."""
    media_type = parse_mime_type(text)
    if media_type is not None:
        assert parse_mime_type(str(media_type)) == media_type


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("text/html", "text/html"),
        (" TEXT/HTML ; Charset=UTF-8 ", "text/html;charset=UTF-8"),
        ("text/html;charset=a;charset=b", "text/html;charset=a"),
        ('text/html;charset="a;b"', 'text/html;charset="a;b"'),
        ('text/html;charset="a\\"b\\\\c"', 'text/html;charset="a\\"b\\\\c"'),
        ('text/html;charset="unterminated', "text/html;charset=unterminated"),
        ('text/html;charset="x\\', 'text/html;charset="x\\\\"'),
        ('text/html;charset="a" junk;q=1', "text/html;charset=a;q=1"),
        ('text/html;charset=""', 'text/html;charset=""'),
        ("text/html;charset=", "text/html"),
        ("text/html;charset= ;q=1", "text/html;q=1"),
        ("text/html;;;=x;a", "text/html"),
        ("text/html;\u212a=1", "text/html"),
        ("text/html;a=\u0100", "text/html"),
        ("text/html;a=\u00e9", 'text/html;a="\u00e9"'),
        ("text/html ;a=b", "text/html;a=b"),
        ("text/html\x0b", None),
        ("text", None),
        ("text/", None),
        ("/html", None),
        ("te xt/html", None),
        ("text/ht ml", None),
        ("", None),
    ],
)
def test_examples(text: str, expected: str | None) -> None:
    """Hand-checked cases: case, whitespace, quoting, escapes, duplicates and failures."""
    result = parse_mime_type(text)
    assert (None if result is None else str(result)) == expected


def test_bytes_are_isomorphic_decoded() -> None:
    """A header value given as bytes is isomorphic decoded, so byte 0xE9 is U+00E9."""
    media_type = parse_mime_type(b"text/plain;x=caf\xe9")
    assert media_type is not None
    assert media_type.parameters["x"] == "caf\u00e9"


def test_hostile_parameters_parse_correctly() -> None:
    """Long runs of backslashes, quotes and semicolons parse to the algorithm's answer."""
    base = "application/x-www-form-urlencoded"
    cases = [
        base + ';a="' + "\\" * 100_001,
        base + ";" * 100_000 + "a=1",
        base + ';a="' * 50_000,
        base + ";a=" + '"\\"' * 30_000,
        base + "; " * 50_000 + "=" * 50_000,
    ]
    for text in cases:
        assert _as_tuple(parse_mime_type(text)) == reference_parse(text)


def test_media_type_is_read_only_and_hashable() -> None:
    """Parameters cannot be changed after parsing, and equal media types hash alike."""
    first = parse_mime_type("a/b;x=1")
    second = MediaType("a", "b", {"x": "1"})
    assert first == second
    assert hash(first) == hash(second)
    assert first != "a/b;x=1"
    with pytest.raises(TypeError):
        second.parameters["x"] = "2"  # type: ignore[index]
    assert second.essence == "a/b"
    assert repr(second) == "MediaType('a/b;x=1')"


def test_parse_mime_type_rejects_other_types() -> None:
    """parse_mime_type takes str or bytes only."""
    with pytest.raises(TypeError):
        parse_mime_type(None)  # type: ignore[arg-type]


# check_content_type


@pytest.mark.parametrize(
    "value",
    [
        "application/x-www-form-urlencoded",
        "APPLICATION/X-WWW-FORM-URLENCODED",
        " application/x-www-form-urlencoded ; charset=UTF-8",
        'application/x-www-form-urlencoded;charset="Shift_JIS";boundary=x',
        "application/x-www-form-urlencoded;charset=no-such-charset",
        b"application/x-www-form-urlencoded; Charset=windows-1252",
    ],
)
def test_accepts_form_urlencoded_ignoring_charset(value: str | bytes) -> None:
    """Any case and any parameters are accepted, and charset is ignored: the result is UTF-8."""
    assert check_content_type(value).name == "UTF-8"


def test_default_encoding_option() -> None:
    """Without honor_charset, the encoding= option picks the encoding, whatever charset says."""
    utf8 = urlencoded.get_encoding("utf-8")
    assert check_content_type(FORM_URLENCODED + ";charset=x", encoding=utf8) is utf8
    with pytest.raises(UnknownEncodingError):
        check_content_type(FORM_URLENCODED, encoding="no-such-encoding")


def test_honor_charset_uses_known_label() -> None:
    """With honor_charset, a charset that is an encoding label picks the encoding."""
    value = FORM_URLENCODED + ';charset="unicode-1-1-utf-8"'
    result = check_content_type(value, honor_charset=True)
    assert result.name == "UTF-8"


def test_honor_charset_rejects_unknown_label() -> None:
    """With honor_charset, an unknown charset is an UnsupportedMediaType naming it."""
    with pytest.raises(UnsupportedMediaType, match="no-such-charset"):
        check_content_type(FORM_URLENCODED + ";charset=no-such-charset", honor_charset=True)


def test_honor_charset_without_charset_uses_default() -> None:
    """With honor_charset but no charset parameter, the default encoding applies."""
    assert check_content_type(FORM_URLENCODED, honor_charset=True).name == "UTF-8"


@pytest.mark.parametrize(
    "value",
    [
        "multipart/form-data; boundary=x",
        "text/plain",
        "application/json",
        "application/x-www-form-urlencoded-not",
        "application/x-www-form-urlencoded\x0b",
        "application",
        "",
        b"\xff/\xff",
    ],
)
def test_rejects_other_media_types(value: str | bytes) -> None:
    """Other media types and invalid MIME types raise UnsupportedMediaType with the header."""
    with pytest.raises(UnsupportedMediaType) as info:
        check_content_type(value)
    assert info.value.content_type is not None
    assert isinstance(info.value, ValueError)


def test_missing_content_type() -> None:
    """A missing header (None) is an UnsupportedMediaType whose content_type is None."""
    with pytest.raises(UnsupportedMediaType, match="no Content-Type") as info:
        check_content_type(None)
    assert info.value.content_type is None


def test_check_content_type_rejects_wrong_types() -> None:
    """A header that is neither str, bytes nor None raises TypeError."""
    with pytest.raises(TypeError):
        check_content_type(42)  # type: ignore[arg-type]
