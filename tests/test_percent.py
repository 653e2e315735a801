"""Percent-decoding is the spec's on every interpreter, whatever its C primitives allow.

https://url.spec.whatwg.org/#percent-decode

The fast paths decode escapes with ``binascii.a2b_qp`` and ``unhexlify``.
The first test pins down, on the interpreter running it, the behaviour of
a2b_qp that they rely on; the others feed every public decoder the
malformed escapes that a lenient codec would read as escapes (PyPy's
``unicode_escape`` reads ``\\x2 `` as ``\\x02``, with ``int()``'s leniency),
and compare with the transcriptions in ``tests/reference*.py``.
"""

from __future__ import annotations

import contextlib
import itertools
from binascii import a2b_qp
from typing import Callable

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urlencoded
from tests import reference, reference_encoding, reference_separator
from tests import reference_dialects as ref_dialects
from urlencoded import dialects
from urlencoded._core import _percent

# Bytes a2b_qp treats specially or that int() skips or reads as a sign: "=", hex
# digits of either case, whitespace and line breaks, signs, "_", "%", and bytes
# beyond ASCII.
_QP_ALPHABET = [b"=", b"0", b"a", b"F", b"g", b" ", b"\t", b"_", b"x", b"+", b"-", b"%"]
_QP_ALPHABET += [b"\x00", b"\x0b", b"\xff", b"\r", b"\n"]

# Malformed escapes that int(..., 16) would take: whitespace, a sign, one digit.
_LENIENT = ["%2 ", "% 2", "%+1", "%-1", "%2+", "%+B", "% 1", "%\t1", "%1\x0b", "%F", "%a+1"]
_PIECES = st.one_of(
    st.sampled_from(_LENIENT),
    st.sampled_from(["%", "%41", "%3D", "%3d", "%25", "%C3%A9", "%E6%97%A5", "%93%FA", "%1B"]),
    st.sampled_from(["a", "q", "=", "&", "+", " ", "\\", "x", "\x1b", "$", "B", "("]),
)
lenient_text = st.lists(_PIECES, max_size=12).map("".join)
lenient_bytes = lenient_text.map(lambda text: text.encode("latin-1"))


def _escapes_decoded(data: bytes) -> bytes | None:
    """*data* with each "=" and two hex digits as the byte they spell; None if some
    "=" is not followed by two hex digits."""
    output = bytearray()
    index = 0
    while index < len(data):
        if data[index] == 0x3D:
            digits = data[index + 1 : index + 3]
            if len(digits) < 2 or not all(map(reference.is_ascii_hex_digit, digits)):
                return None
            output.append(int(digits, 16))
            index += 3
        else:
            output.append(data[index])
            index += 1
    return bytes(output)


def test_a2b_qp_decodes_exactly_the_escapes() -> None:
    """a2b_qp, on input with no "=" before CR or LF, shortens it by twice its "="
    count exactly when every "=" starts an escape of two hex digits, and then
    decodes the escapes; on this interpreter, over every input of up to four
    bytes from the bytes it treats specially."""
    for size in range(1, 5):
        for pieces in itertools.product(_QP_ALPHABET, repeat=size):
            data = b"".join(pieces)
            if b"=\n" in data or b"=\r" in data:
                continue
            decoded = a2b_qp(data)
            expected = _escapes_decoded(data)
            assert (len(data) - len(decoded) == 2 * data.count(b"=")) == (expected is not None)
            if expected is not None:
                assert decoded == expected, data


@given(data=lenient_bytes)
@example(b"%+1")
@example(b"%2 ")
@example(b"F%a+1 Ba2")
@example(b"%25%2 =")
@example(b"a=%25=%2+")
@example(b"%25=%41")
def test_percent_decode_agrees(data: bytes) -> None:
    """percent_decode keeps every "%" without two hex digits after it."""
    assert urlencoded.percent_decode(data) == reference.percent_decode_bytes(data)


@given(data=lenient_bytes)
@example(b"q=%2 ")
@example(b"%2+a")
@example(b"%F+")
@example(b" % 1")
@example(b"1%+B\x1b(")
@example(b" % 2&%\t%")
def test_parsers_agree(data: bytes) -> None:
    """parse, parse_bytes, the string parser, URLSearchParams, IncrementalParser
    and WHATWG_FORM.parse give the transcription's pairs."""
    expected = reference.urlencoded_parse(data)
    text = data.decode("latin-1")
    assert urlencoded.parse(data) == expected
    try:
        valid = [
            tuple(reference.utf8_decode_without_bom(part, fatal=True) for part in pair)
            for pair in reference.urlencoded_parse_to_bytes(data)
        ]
    except reference.DecoderError:
        with pytest.raises(urlencoded.DecodeError):
            urlencoded.parse(data, errors="strict")
    else:
        assert urlencoded.parse(data, errors="strict") == valid
    assert urlencoded.parse(data, separator=";") == reference_separator.parse(data, b";")
    assert urlencoded.parse(text) == reference.urlencoded_string_parse(text)
    assert urlencoded.parse_bytes(data) == reference.urlencoded_parse_to_bytes(data)
    # The constructor drops one leading "?" (https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams).
    query = text[1:] if text.startswith("?") else text
    assert list(urlencoded.URLSearchParams(text)) == reference.urlencoded_string_parse(query)
    parser = urlencoded.IncrementalParser()
    assert parser.feed(data) + parser.close() == expected
    assert dialects.WHATWG_FORM.parse(data) == expected


@given(data=lenient_bytes, name=st.sampled_from(reference_encoding.DECODER_NAMES))
@example(b"q=%2 ", "Shift_JIS")
@example(b"%2+a", "ISO-2022-JP")
@example(b"%+1=%93%FA", "EUC-JP")
@example(b"q=% 1", "windows-1252")
def test_legacy_encodings_agree(data: bytes, name: str) -> None:
    """parse with any encoding decodes the transcription's percent-decoded fields."""
    expected = [
        (
            reference_encoding.reference_decode(name, field),
            reference_encoding.reference_decode(name, value),
        )
        for field, value in reference.urlencoded_parse_to_bytes(data)
    ]
    assert urlencoded.parse(data, encoding=name) == expected


@given(data=lenient_bytes)
@example(b"a=%2 &b[]=%+1")
def test_parse_nested_agrees(data: bytes) -> None:
    """parse_nested reads the same pairs as the transcription: its result equals that
    of the transcription's pairs serialized with well-formed escapes."""
    pairs = reference.urlencoded_parse(data)
    try:
        expected = urlencoded.parse_nested(urlencoded.serialize(pairs))
    except urlencoded.NestingError as error:
        expected_error: type[Exception] | None = type(error)
    else:
        expected_error = None
    if expected_error is None:
        assert urlencoded.parse_nested(data) == expected
    else:
        try:
            urlencoded.parse_nested(data)
        except expected_error:
            pass
        else:
            raise AssertionError(f"parse_nested({data!r}) did not raise {expected_error}")


def _outcome(function: Callable[[str], str], text: str) -> tuple[str, str]:
    """("ok", result) or ("error", "") for a reference or package decoder."""
    try:
        return ("ok", function(text))
    except (ref_dialects.JSURIError, dialects.URIError):
        return ("error", "")


@given(data=lenient_bytes, name=st.sampled_from(sorted(ref_dialects.RULES)))
@example(b"%2 ", "RFC3986")
@example(b"%+1", "PHP_URLENCODE")
@example(b"%2 ", "JS_URI_COMPONENT")
def test_dialects_agree(data: bytes, name: str) -> None:
    """Each dialect's decode keeps a malformed escape as it is (or, in a strict
    dialect, refuses it), as its transcription does."""
    rules = ref_dialects.RULES[name]
    dialect = dialects.DIALECTS[name]
    text = data.decode("latin-1")
    if rules.javascript == "escape":
        assert dialect.decode(text) == ref_dialects.js_unescape(text)
    elif rules.javascript:
        keeps = ref_dialects.URI_RESERVED_AND_HASH if rules.javascript == "uri" else ""
        expected = _outcome(lambda t: ref_dialects.js_decode(t, keeps), text)
        assert _outcome(dialect.decode, text) == expected
    else:
        assert dialect.decode(data) == ref_dialects.decode(rules, data)
        assert dialect.decode_bytes(data) == ref_dialects.decode_to_bytes(rules, data)


@given(data=lenient_bytes)
@example(b"%4%41%")
@example(b"%%41")
@example(b"a%4")
@example(b"%41%4g%")
def test_percent_decode_in_pieces_agrees(data: bytes) -> None:
    """Rewriting the "%" that start no escape a piece at a time, as long inputs are,
    gives the spec's percent-decoding wherever the pieces are cut."""
    saved = _percent._REWRITE_PIECE
    try:
        for piece in (1, 2, 3, 5):
            _percent._REWRITE_PIECE = piece
            assert urlencoded.percent_decode(data) == reference.percent_decode_bytes(data)
    finally:
        _percent._REWRITE_PIECE = saved


# One long run of escapes and a "%" that starts none, about 1 MB.
_LONG_RUN = b"a=" + b"%41" * 349_525 + b"%\n"


@pytest.mark.parametrize(
    "call",
    [
        lambda: urlencoded.percent_decode(_LONG_RUN),
        lambda: urlencoded.parse(_LONG_RUN),
        lambda: urlencoded.parse(_LONG_RUN.decode("ascii")),
        lambda: urlencoded.parse_bytes(_LONG_RUN),
        lambda: urlencoded.parse(_LONG_RUN, encoding="shift_jis"),
        lambda: dialects.RFC3986.parse(_LONG_RUN),
        lambda: dialects.decode_uri_component(_LONG_RUN[2:-2].decode("ascii")),
        lambda: dialects.decode_uri(_LONG_RUN[2:-2].decode("ascii") + "%C3"),
        lambda: dialects.unescape(_LONG_RUN.decode("ascii")),
        lambda: dialects.JS_URI_COMPONENT.parse(_LONG_RUN[:-2]),
    ],
    ids=[
        "percent_decode",
        "parse(bytes)",
        "parse(str)",
        "parse_bytes",
        "parse(shift_jis)",
        "RFC3986.parse",
        "decode_uri_component",
        "decode_uri",
        "unescape",
        "JS_URI_COMPONENT.parse",
    ],
)
def test_memory_is_a_few_copies_of_the_input(call: Callable[[], object]) -> None:
    """Decoding a long run of escapes takes memory of a few copies of the input, not
    state per escape (a regex repeating a group keeps some: 50 times the input)."""
    import tracemalloc  # CPython only: conftest.NEEDS

    tracemalloc.start()
    try:
        with contextlib.suppress(dialects.URIError):
            call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 12 * len(_LONG_RUN)


# About 1 MB of "%" that start no escape, alone and before two other bytes: each
# becomes "%25" before decoding.
_MALFORMED_RUNS = [b"a=" + b"%zz" * 349_525, b"a=" + b"%" * 1_048_576]


@pytest.mark.parametrize("data", _MALFORMED_RUNS, ids=["%zz", "%"])
@pytest.mark.parametrize(
    "call",
    [
        urlencoded.percent_decode,
        urlencoded.parse,
        lambda data: urlencoded.parse(data.decode("ascii")),
        urlencoded.parse_bytes,
        lambda data: urlencoded.parse(data, encoding="shift_jis"),
        dialects.RFC3986.parse,
        lambda data: dialects.unescape(data.decode("ascii")),
    ],
    ids=["percent_decode", "parse(bytes)", "parse(str)", "parse_bytes", "parse(shift_jis)",
         "RFC3986.parse", "unescape"],
)  # fmt: skip
def test_memory_of_malformed_escapes_is_a_few_copies(
    call: Callable[[bytes], object], data: bytes
) -> None:
    """A long run of "%" that start no escape takes memory of a few copies of the
    input, not a list entry per "%" (re.sub over the whole: 75 times the input)."""
    import tracemalloc  # CPython only: conftest.NEEDS

    tracemalloc.start()
    try:
        call(data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * len(data)
