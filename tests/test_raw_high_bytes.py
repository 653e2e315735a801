"""Raw bytes 0x80-0xFF in legacy-encoded input with ``errors="strict"``.

The URL Standard's parser decodes a raw byte like a percent-decoded one; the
parsers of the legacy-encoding era stopped at it. With ``errors="strict"`` and
an encoding other than UTF-8, :func:`urlencoded.parse` and
:class:`urlencoded.IncrementalParser` raise :class:`urlencoded.DecodeError` at
the byte (:attr:`~urlencoded.DecodeError.raw_offset`); the default parse, UTF-8
input and :func:`urlencoded.parse_bytes` are unchanged, and :func:`urlencoded.lint`
reports the byte as ``U301``.
"""

from __future__ import annotations

import pickle
from typing import Optional, Union

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlencoded
from tests import reference
from tests.reference_encoding import reference_decode_fatal
from urlencoded import DecodeError, IncrementalParser, LimitExceeded

# Each legacy encoding tested, with a character it encodes in bytes above 0x7F.
SAMPLES = {
    "windows-1252": "é",
    "Shift_JIS": "日",
    "EUC-KR": "가",
    "ISO-8859-7": "Ω",
    "gb18030": "中",
    "Big5": "中",
}
LEGACY = list(SAMPLES)

# (encoding, offset, position, data, raw_offset) of a DecodeError, or the pairs.
Outcome = Union[tuple[str, int, int, bytes, Optional[int]], list[tuple[str, str]]]


def _outcome(call: object) -> Outcome:
    """The pairs a parse returns, or the fields of the DecodeError it raises."""
    try:
        return call()  # type: ignore[operator,no-any-return]
    except DecodeError as error:
        return (error.encoding, error.offset, error.position, error.data, error.raw_offset)


def _expected(body: bytes, encoding: str) -> Outcome:
    """What strict mode must give: fields judged in input order, a raw high byte stopping it.

    Each name and value, in input order, either holds a raw byte 0x80-0xFF
    (the error is at that byte), or its percent-decoded bytes are invalid in
    the encoding (the error is the field's), or it is fine; with no error the
    pairs are those of the default parse.
    """
    name_of = urlencoded.get_encoding(encoding).name
    offset = 0
    for sequence in body.split(b"&"):
        if sequence:
            name, equals, value = sequence.partition(b"=")
            parts = [(name, offset)]
            if equals:
                parts.append((value, offset + len(name) + 1))
            for part, start in parts:
                decoded = reference.percent_decode_bytes(part.replace(b"+", b" "))
                raw = next((i for i, byte in enumerate(part) if byte >= 0x80), None)
                if raw is not None:
                    before = reference.percent_decode_bytes(part[:raw].replace(b"+", b" "))
                    return (name_of, start, len(before), decoded, start + raw)
                if reference_decode_fatal(name_of, decoded) is None:
                    return ("error in field", start, -1, decoded, None)
        offset += len(sequence) + 1
    return urlencoded.parse(body, encoding=encoding)


def _comparable(outcome: Outcome) -> Outcome:
    """An outcome without the position of a non-raw decode error (the encoder decides it)."""
    if isinstance(outcome, tuple) and outcome[4] is None:
        return ("error in field", outcome[1], -1, outcome[3], None)
    return outcome


bodies = st.lists(
    st.sampled_from(
        [b"a", b"=", b"&", b"+", b"%", b"%41", b"%e9", b"%81", b"\xe9", b"\x81", b"\xff", b"@"]
    ),
    max_size=16,
).map(b"".join)


@pytest.mark.parametrize("encoding", LEGACY)
def test_raw_byte_in_value(encoding: str) -> None:
    """A raw 0xE9 in a value raises at its offset, in the value's field, at its decoded position."""
    with pytest.raises(DecodeError) as info:
        urlencoded.parse(b"q=1&name=ab%41\xe9c", encoding=encoding, errors="strict")
    error = info.value
    assert (error.offset, error.position, error.data, error.raw_offset) == (9, 3, b"abA\xe9c", 14)
    assert error.encoding == urlencoded.get_encoding(encoding).name
    assert "offset 14" in str(error)
    assert "0xe9" in str(error)


def test_raw_byte_in_name() -> None:
    """A raw byte in a name is reported in the name, '+' counted as the space it decodes to."""
    with pytest.raises(DecodeError) as info:
        urlencoded.parse(b"a+%42\xff=1", encoding="windows-1252", errors="strict")
    assert (info.value.offset, info.value.position, info.value.raw_offset) == (0, 3, 5)
    assert info.value.data == b"a B\xff"


def test_byte_that_would_be_valid_escaped_is_refused_raw() -> None:
    """0xE9 is 'é' in windows-1252: escaped it decodes, raw it does not in strict mode."""
    assert urlencoded.parse(b"a=%E9", encoding="windows-1252", errors="strict") == [("a", "é")]
    with pytest.raises(DecodeError):
        urlencoded.parse(b"a=\xe9", encoding="windows-1252", errors="strict")


@pytest.mark.parametrize("encoding", LEGACY)
def test_default_mode_still_decodes_raw_bytes(encoding: str) -> None:
    """Without errors="strict" the raw byte decodes as the URL Standard says."""
    body = SAMPLES[encoding].encode(encoding)
    assert urlencoded.parse(b"a=" + body, encoding=encoding) == [("a", SAMPLES[encoding])]


def test_utf8_strict_accepts_raw_utf8() -> None:
    """The rule is for legacy encodings: strict UTF-8 still reads raw UTF-8 bytes."""
    assert urlencoded.parse("é=ü".encode(), errors="strict") == [("é", "ü")]


def test_earlier_bad_field_wins() -> None:
    """A field made invalid by escapes before the raw byte's field raises first."""
    with pytest.raises(DecodeError) as info:
        urlencoded.parse(b"a=%81&b=\xe9", encoding="Shift_JIS", errors="strict")
    assert (info.value.offset, info.value.raw_offset) == (2, None)


def test_bad_name_before_raw_value_wins() -> None:
    """An invalid name comes before a raw byte in the value of the same field."""
    with pytest.raises(DecodeError) as info:
        urlencoded.parse(b"%81=\xe9", encoding="Shift_JIS", errors="strict")
    assert (info.value.offset, info.value.raw_offset) == (0, None)


def test_first_raw_byte_wins() -> None:
    """Of two raw bytes, the first in the input is reported."""
    with pytest.raises(DecodeError) as info:
        urlencoded.parse(b"x=1&y=2\x80&z=\x81", encoding="windows-1252", errors="strict")
    assert info.value.raw_offset == 7


def test_charset_field_choosing_legacy_encoding() -> None:
    """Under the charset rule the encoding it picks decides: legacy refuses raw bytes, UTF-8 not."""
    with pytest.raises(DecodeError) as info:
        urlencoded.parse(b"a=\xe9&_charset_=latin1", charset_field="_charset_", errors="strict")
    assert (info.value.encoding, info.value.raw_offset) == ("windows-1252", 2)
    raw = "a=é&_charset_=utf-8".encode()
    parsed = urlencoded.parse(
        raw, encoding="windows-1252", charset_field="_charset_", errors="strict"
    )
    assert parsed == [("a", "é"), ("_charset_", "utf-8")]


def test_raw_byte_before_limit_wins() -> None:
    """A raw byte in a field completed before a limit is crossed wins over the limit."""
    body = b"a=\xe9&b=1&c=2"
    with pytest.raises(DecodeError) as info:
        urlencoded.parse(body, encoding="windows-1252", errors="strict", max_fields=2)
    assert info.value.raw_offset == 2
    with pytest.raises(LimitExceeded):
        urlencoded.parse(body, encoding="windows-1252", max_fields=2)


def test_incremental_parser_raises_when_field_completes() -> None:
    """IncrementalParser raises the same error once the field's separator arrives."""
    parser = IncrementalParser(encoding="windows-1252", errors="strict")
    assert parser.feed(b"a=1&b=x") == [("a", "1")]
    assert parser.feed(b"\xe9") == []
    with pytest.raises(DecodeError) as info:
        parser.feed(b"&c")
    assert (info.value.offset, info.value.position, info.value.raw_offset) == (6, 1, 7)


def test_incremental_parser_raises_at_close() -> None:
    """The last field, completed by close(), is judged there."""
    parser = IncrementalParser(encoding="EUC-KR", errors="strict")
    assert parser.feed(b"a=1&b=\xb0\xa1") == [("a", "1")]
    with pytest.raises(DecodeError) as info:
        parser.close()
    assert info.value.raw_offset == 6


@pytest.mark.parametrize("encoding", LEGACY)
@given(body=bodies, cut=st.integers(min_value=0, max_value=40))
def test_strict_outcome_in_input_order(encoding: str, body: bytes, cut: int) -> None:
    """parse and IncrementalParser in strict mode agree with the field-by-field model."""
    expected = _expected(body, encoding)
    got = _outcome(lambda: urlencoded.parse(body, encoding=encoding, errors="strict"))
    assert _comparable(got) == expected

    def stream() -> list[tuple[str, str]]:
        parser = IncrementalParser(encoding=encoding, errors="strict")
        return parser.feed(body[:cut]) + parser.feed(body[cut:]) + parser.close()

    assert _outcome(stream) == got


@given(body=bodies)
def test_lint_reports_the_raw_byte(body: bytes) -> None:
    """lint's first U301 is where strict legacy parsing stops, unless a field before is bad."""
    u301 = [
        finding.offset
        for finding in urlencoded.lint(body, encoding="windows-1252")
        if finding.code == "U301"
    ]
    first_high = next((i for i, byte in enumerate(body) if byte >= 0x80), None)
    assert (u301[0] if u301 else None) == first_high
    outcome = _outcome(lambda: urlencoded.parse(body, encoding="windows-1252", errors="strict"))
    if isinstance(outcome, tuple) and outcome[4] is not None:
        assert outcome[4] == first_high


@given(body=bodies)
def test_parse_bytes_keeps_raw_bytes(body: bytes) -> None:
    """parse_bytes decodes no text, so raw high bytes come out as they went in."""
    expected = [(name, value) for name, value in reference.urlencoded_parse_to_bytes(body)]
    assert urlencoded.parse_bytes(body) == expected


def test_parse_bytes_example() -> None:
    """A raw 0xE9 and an escaped one give the same byte from parse_bytes."""
    assert urlencoded.parse_bytes(b"a=\xe9&b=%E9") == [(b"a", b"\xe9"), (b"b", b"\xe9")]


def test_error_pickles_with_raw_offset() -> None:
    """The raw offset survives pickling, as the other attributes do."""
    error = DecodeError("windows-1252", 2, 0, b"\xe9", 2)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.raw_offset, str(copy)) == (2, str(error))
    assert DecodeError("UTF-8", 0, 0, b"\xff").raw_offset is None
