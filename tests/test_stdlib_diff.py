"""Differential tests against ``urllib.parse``.

Each known difference between urlencoded and the standard library is pinned
here by asserting what both libraries actually return, so that
docs/migration.rst stays true: if either library changes, a test fails. Where
the two agree (invalid escapes, invalid UTF-8 in str input), the agreement is
asserted too. The properties at the end state exactly where the libraries
are interchangeable.
"""

from __future__ import annotations

import sys
from urllib.parse import (
    parse_qs,
    parse_qsl,
    quote,
    quote_from_bytes,
    quote_plus,
    unquote,
    unquote_plus,
    unquote_to_bytes,
    urlencode,
)

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlencoded import (
    COMPONENT_PERCENT_ENCODE_SET,
    URLENCODED_PERCENT_ENCODE_SET,
    TooManyFields,
    parse,
    parse_bytes,
    percent_decode,
    percent_encode_bytes,
    serialize,
    utf8_percent_encode,
)

# parse_qsl stopped splitting on ";" in 3.9.2 (bpo-42967).
SEMICOLON_IS_SEPARATOR = sys.version_info < (3, 9, 2)
# parse_qsl on bytes decoded them as ASCII (and raised on anything else) up to 3.12;
# from 3.13 on it keeps non-ASCII bytes, raw or escaped, as bytes.
PARSE_QSL_KEEPS_NON_ASCII_BYTES = sys.version_info >= (3, 13)

# --- strategies -----------------------------------------------------------

# Scalar value strings: any code point except surrogates (what st.text() gives).
scalar_text = st.text()
# Any code points, lone surrogates included (bare st.characters() yields them).
text_with_surrogates = st.text(alphabet=st.characters())
# Text the two serializers agree on: ASCII alphanumerics, "-", ".", "_" and space.
plain_text = st.text(
    alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._ ")
)
scalar_pairs = st.lists(st.tuples(scalar_text, scalar_text), max_size=8)
plain_pairs = st.lists(st.tuples(plain_text, plain_text), max_size=8)
# Text full of the parser's special characters, escapes (valid, invalid, and
# bytes that are not UTF-8 on their own), and arbitrary scalar values.
_ESCAPES = ["%00", "%20", "%25", "%26", "%2B", "%2b", "%3D", "%41", "%7E", "%80", "%BF"]
_ESCAPES += ["%C3", "%A9", "%C3%A9", "%E2%80%BD", "%ED%A0%80", "%F0%9F", "%FF", "%", "%2", "%zz"]
_SEPARATORS = ["&", "=", "+", " "] + ([] if SEMICOLON_IS_SEPARATOR else [";"])
query_text = st.lists(
    st.one_of(st.sampled_from(_ESCAPES + _SEPARATORS), st.characters(exclude_categories=["Cs"])),
    max_size=30,
).map("".join)

# quote(s, safe="") keeps ASCII alphanumerics and "_.-~"; the component set
# also keeps "!'()*". With those five added back, the two escape the same code points.
QUOTE_SET = COMPONENT_PERCENT_ENCODE_SET.add("!'()*")
# quote_plus(s) keeps "_.-~" and turns space into "+"; the urlencoded set keeps
# "*-._" and turns space into "+". This set keeps "~" and space, escapes "*".
QUOTE_PLUS_SET = URLENCODED_PERCENT_ENCODE_SET.remove("~", " ").add("*")


# --- serializing: which characters are escaped ------------------------------


def test_tilde_escaped_by_us_not_by_urlencode() -> None:
    """``~`` stays literal in urlencode but is ``%7E`` in the spec's urlencoded set."""
    assert urlencode([("a", "~")]) == "a=~"
    assert serialize([("a", "~")]) == "a=%7E"


def test_asterisk_escaped_by_urlencode_not_by_us() -> None:
    """``*`` is ``%2A`` in urlencode but stays literal in the spec's urlencoded set."""
    assert urlencode([("a", "*")]) == "a=%2A"
    assert serialize([("a", "*")]) == "a=*"


def test_space_is_plus_in_both() -> None:
    """Both serializers write a space in a name or value as ``+``."""
    pairs = [("a b", "c d")]
    assert urlencode(pairs) == "a+b=c+d"
    assert serialize(pairs) == "a+b=c+d"


def test_plus_and_reserved_characters_escaped_by_both() -> None:
    """Both serializers escape ``+``, ``&``, ``=``, ``%``, ``/`` and ``;`` in the same way."""
    pairs = [("a+b&c", "d=e%f/g;h")]
    assert urlencode(pairs) == "a%2Bb%26c=d%3De%25f%2Fg%3Bh"
    assert serialize(pairs) == "a%2Bb%26c=d%3De%25f%2Fg%3Bh"


def test_non_ascii_utf8_escaped_alike() -> None:
    """Both serializers UTF-8 encode non-ASCII text and escape it with upper-case hex."""
    pairs = [("café", "日本‽")]
    assert urlencode(pairs) == "caf%C3%A9=%E6%97%A5%E6%9C%AC%E2%80%BD"
    assert serialize(pairs) == "caf%C3%A9=%E6%97%A5%E6%9C%AC%E2%80%BD"


def test_lone_surrogate_replaced_by_us_rejected_by_urlencode() -> None:
    """A lone surrogate makes urlencode raise; we serialize it as U+FFFD, as USVString does."""
    with pytest.raises(UnicodeEncodeError):
        urlencode([("a", "\udc80")])
    assert serialize([("a", "\udc80")]) == "a=%EF%BF%BD"


# --- serializing: value types ------------------------------------------------


def test_none_and_bool_values_stringified_by_urlencode_rejected_by_us() -> None:
    """urlencode writes ``str(None)`` and ``str(True)``; we raise TypeError, since JavaScript
    and HTTP clients write them otherwise (``null``, ``true``, an empty value)."""
    assert urlencode([("a", None)]) == "a=None"
    assert urlencode([("a", True)]) == "a=True"
    for value in (None, True):
        with pytest.raises(TypeError, match=f"not {value}: its text differs"):
            serialize([("a", value)])  # type: ignore[list-item]


def test_int_and_float_values_written_alike() -> None:
    """An int or a float is written as urlencode writes it (``str()``, which is ``repr()``)."""
    for value in (1, -7, 0.5, 1e16, 10**20):
        assert serialize([("a", value)]) == urlencode([("a", value)])


def test_list_value_stringified_by_urlencode_rejected_by_us() -> None:
    """Without doseq, urlencode writes the list's repr; we raise TypeError."""
    assert urlencode({"a": ["x", "y"]}) == "a=%5B%27x%27%2C+%27y%27%5D"
    assert urlencode({"a": ["x", "y"]}, doseq=True) == "a=x&a=y"
    with pytest.raises(TypeError, match="list"):
        serialize({"a": ["x", "y"]})  # type: ignore[arg-type]


def test_bytes_value_escaped_byte_for_byte_by_both() -> None:
    """A bytes value is taken as already encoded and escaped byte for byte by both."""
    pairs = [("info_hash", b"\x12\x34V \xff")]
    assert urlencode(pairs) == "info_hash=%124V+%FF"
    assert serialize(pairs) == "info_hash=%124V+%FF"


def test_mapping_accepted_by_both() -> None:
    """Both serializers take a mapping and keep its insertion order."""
    mapping = {"b": "1", "a": "2"}
    assert urlencode(mapping) == "b=1&a=2"
    assert serialize(mapping) == "b=1&a=2"


# --- serializing: legacy encodings -------------------------------------------


def test_shift_jis_encodable_text_alike() -> None:
    """Text that Shift_JIS can encode gives the same escapes in both libraries."""
    pairs = [("a", "日本")]
    assert urlencode(pairs, encoding="shift_jis") == "a=%93%FA%96%7B"
    assert serialize(pairs, encoding="shift_jis") == "a=%93%FA%96%7B"


def test_shift_jis_unencodable_raises_in_urlencode_becomes_reference_for_us() -> None:
    """For a character Shift_JIS lacks, urlencode raises; we write an escaped ``&#8253;``."""
    with pytest.raises(UnicodeEncodeError):
        urlencode([("a", "‽")], encoding="shift_jis")
    assert serialize([("a", "‽")], encoding="shift_jis") == "a=%26%238253%3B"


def test_shift_jis_xmlcharrefreplace_matches_us() -> None:
    """urlencode with ``errors="xmlcharrefreplace"`` gives the spec's output for Shift_JIS."""
    pairs = [("‽", "x‽y")]
    expected = "%26%238253%3B=x%26%238253%3By"
    assert urlencode(pairs, encoding="shift_jis", errors="xmlcharrefreplace") == expected
    assert serialize(pairs, encoding="shift_jis") == expected


def test_shift_jis_nec_character_raises_in_urlencode_is_encoded_by_us() -> None:
    """Python's shift_jis lacks the NEC row 13 ``①``; WHATWG Shift_JIS encodes it as 0x8740."""
    with pytest.raises(UnicodeEncodeError):
        urlencode([("a", "①")], encoding="shift_jis")
    assert serialize([("a", "①")], encoding="shift_jis") == "a=%87%40"


def test_shift_jis_cent_sign_encoded_by_urlencode_is_reference_for_us() -> None:
    """Python's shift_jis encodes ``¢`` as 0x8191; WHATWG Shift_JIS writes ``&#162;``."""
    assert urlencode([("a", "¢")], encoding="shift_jis") == "a=%81%91"
    assert serialize([("a", "¢")], encoding="shift_jis") == "a=%26%23162%3B"


def test_windows_1252_euro_alike() -> None:
    """U+20AC is byte 0x80 in windows-1252 for both libraries."""
    assert urlencode([("a", "€")], encoding="windows-1252") == "a=%80"
    assert serialize([("a", "€")], encoding="windows-1252") == "a=%80"


def test_windows_1252_u0081_raises_in_urlencode_is_byte_for_us() -> None:
    """Python's cp1252 cannot encode U+0081; WHATWG windows-1252 maps it to byte 0x81."""
    with pytest.raises(UnicodeEncodeError):
        urlencode([("a", "\x81")], encoding="windows-1252")
    assert serialize([("a", "\x81")], encoding="windows-1252") == "a=%81"


# --- parsing: fields -----------------------------------------------------------


def test_blank_values_dropped_by_default_in_parse_qsl() -> None:
    """parse_qsl drops ``a`` and ``b=`` unless keep_blank_values=True; we always keep them."""
    query = "a&b=&c=1"
    assert parse_qsl(query) == [("c", "1")]
    assert parse_qsl(query, keep_blank_values=True) == [("a", ""), ("b", ""), ("c", "1")]
    assert parse(query) == [("a", ""), ("b", ""), ("c", "1")]


def test_empty_name_and_empty_sequences_alike() -> None:
    """Both keep an empty name, split on the first ``=``, and skip empty sequences."""
    query = "&&=x&a=b=c&&"
    assert parse_qsl(query, keep_blank_values=True) == [("", "x"), ("a", "b=c")]
    assert parse(query) == [("", "x"), ("a", "b=c")]


def test_semicolon() -> None:
    """Since Python 3.9.2 parse_qsl, like us, does not split on ``;`` unless asked to."""
    query = "a=1;b=2"
    if SEMICOLON_IS_SEPARATOR:
        assert parse_qsl(query, keep_blank_values=True) == [("a", "1"), ("b", "2")]
    else:
        assert parse_qsl(query, keep_blank_values=True) == [("a", "1;b=2")]
        assert parse_qsl(query, keep_blank_values=True, separator=";") == [
            ("a", "1"),
            ("b", "2"),
        ]
    assert parse(query) == [("a", "1;b=2")]


def test_plus_in_names_and_values_alike() -> None:
    """Both turn ``+`` into a space in names and values, and ``%2B`` into ``+``."""
    query = "a+b=c+d&e%2Bf=g%2bh"
    assert parse_qsl(query, keep_blank_values=True) == [("a b", "c d"), ("e+f", "g+h")]
    assert parse(query) == [("a b", "c d"), ("e+f", "g+h")]


def test_escaped_separators_alike() -> None:
    """Both decode ``%26`` and ``%3D`` to data, never to separators."""
    query = "a%3Db=%26&c=%3D"
    assert parse_qsl(query, keep_blank_values=True) == [("a=b", "&"), ("c", "=")]
    assert parse(query) == [("a=b", "&"), ("c", "=")]


@pytest.mark.parametrize(
    ("escape", "decoded"),
    [("%zz", "%zz"), ("%", "%"), ("%2", "%2"), ("%G0", "%G0"), ("%2x", "%2x"), ("%%32", "%2")],
)
def test_invalid_escapes_pass_through_in_both(escape: str, decoded: str) -> None:
    """Both keep a ``%`` that is not followed by two hex digits as it is."""
    query = f"a={escape}"
    assert parse_qsl(query, keep_blank_values=True) == [("a", decoded)]
    assert parse(query) == [("a", decoded)]


def test_byte_order_mark_kept_by_both() -> None:
    """Both keep a leading U+FEFF, escaped or literal (UTF-8 decode without BOM)."""
    query = "\ufeffa=%EF%BB%BFb"
    assert parse_qsl(query, keep_blank_values=True) == [("\ufeffa", "\ufeffb")]
    assert parse(query) == [("\ufeffa", "\ufeffb")]


def test_field_limit_counts_differently() -> None:
    """max_num_fields counts every ``&`` (empties too); max_fields counts non-empty fields."""
    with pytest.raises(ValueError, match="Max number of fields exceeded"):
        parse_qsl("a&&b", keep_blank_values=True, max_num_fields=2)
    assert parse("a&&b", max_fields=2) == [("a", ""), ("b", "")]
    with pytest.raises(TooManyFields):
        parse("a&b&c", max_fields=2)
    assert issubclass(TooManyFields, ValueError)


# --- parsing: invalid UTF-8 ------------------------------------------------------


@pytest.mark.parametrize(
    ("escapes", "decoded"),
    [
        ("%FF", "\ufffd"),
        ("%C3", "\ufffd"),
        ("%C3x", "\ufffdx"),
        ("%ED%A0%80", "\ufffd\ufffd\ufffd"),
        ("%C0%AF", "\ufffd\ufffd"),
        ("%F0%9F%98", "\ufffd"),
        ("%F0%9F%98%80", "\U0001f600"),
    ],
)
def test_invalid_utf8_escapes_in_str_alike(escapes: str, decoded: str) -> None:
    """In str input both replace each maximal invalid subpart with one U+FFFD."""
    query = f"a={escapes}"
    assert parse_qsl(query, keep_blank_values=True) == [("a", decoded)]
    assert parse(query) == [("a", decoded)]


def test_lone_surrogate_in_str_kept_by_parse_qsl_replaced_by_us() -> None:
    """parse_qsl passes a lone surrogate through; we UTF-8 encode first, so it is U+FFFD."""
    query = "a=\udc80"
    assert parse_qsl(query, keep_blank_values=True) == [("a", "\udc80")]
    assert parse(query) == [("a", "\ufffd")]


def test_bytes_input_ascii_gives_bytes_from_parse_qsl_str_from_us() -> None:
    """parse_qsl returns bytes pairs for bytes input; parse returns str, parse_bytes bytes."""
    body = b"a=%41&b"
    assert parse_qsl(body, keep_blank_values=True) == [(b"a", b"A"), (b"b", b"")]
    assert parse(body) == [("a", "A"), ("b", "")]
    assert parse_bytes(body) == [(b"a", b"A"), (b"b", b"")]


@pytest.mark.parametrize("escapes", ["%FF", "%C3", "%ED%A0%80", "%C0%AF", "%C3%A9"])
def test_bytes_input_non_ascii_escape_in_parse_qsl(escapes: str) -> None:
    """Up to 3.12 parse_qsl re-encodes bytes results as ASCII and raises; 3.13 keeps the bytes.

    We decode (parse) or keep the bytes (parse_bytes) on every version.
    """
    body = f"a={escapes}".encode("ascii")
    decoded = bytes.fromhex(escapes.replace("%", ""))
    if PARSE_QSL_KEEPS_NON_ASCII_BYTES:
        assert parse_qsl(body, keep_blank_values=True) == [(b"a", decoded)]
    else:
        with pytest.raises(UnicodeEncodeError):
            parse_qsl(body, keep_blank_values=True)
    assert parse(body) == [("a", decoded.decode("utf-8", "replace"))]
    assert parse_bytes(body) == [(b"a", decoded)]


@pytest.mark.parametrize("body", [b"a=\xff", b"a=\xc3\xa9"])
def test_bytes_input_raw_non_ascii_in_parse_qsl(body: bytes) -> None:
    """Up to 3.12 parse_qsl decodes bytes as ASCII and raises on raw non-ASCII; we never raise."""
    if PARSE_QSL_KEEPS_NON_ASCII_BYTES:
        assert parse_qsl(body, keep_blank_values=True) == [(b"a", body[2:])]
    else:
        with pytest.raises(UnicodeDecodeError):
            parse_qsl(body, keep_blank_values=True)
    assert parse_bytes(body) == [(b"a", body[2:])]
    assert parse(body) == [("a", body[2:].decode("utf-8", "replace"))]


def test_legacy_encoding_parse_alike() -> None:
    """Decoding Shift_JIS escapes gives the same text in both libraries."""
    query = "a=%93%FA%96%7B"
    assert parse_qsl(query, keep_blank_values=True, encoding="shift_jis") == [("a", "日本")]
    assert parse(query.encode("ascii"), encoding="shift_jis") == [("a", "日本")]


@pytest.mark.parametrize(
    ("escapes", "theirs", "ours"),
    [("%87%40", "\ufffd@", "①"), ("%80", "\ufffd", "\x80")],
)
def test_legacy_encoding_parse_differs_for_shift_jis_extensions(
    escapes: str, theirs: str, ours: str
) -> None:
    """Python's shift_jis rejects NEC characters and byte 0x80, which WHATWG Shift_JIS decodes."""
    query = f"a={escapes}"
    assert parse_qsl(query, keep_blank_values=True, encoding="shift_jis") == [("a", theirs)]
    assert parse(query.encode("ascii"), encoding="shift_jis") == [("a", ours)]


# --- percent-encoding functions -------------------------------------------------


def test_quote_defaults_differ_from_component_set() -> None:
    """quote keeps ``/`` and escapes ``!'()*``; the component set does the reverse."""
    text = "a b/!'()*~é"
    assert quote(text) == "a%20b/%21%27%28%29%2A~%C3%A9"
    assert utf8_percent_encode(text, COMPONENT_PERCENT_ENCODE_SET) == "a%20b%2F!'()*~%C3%A9"
    assert utf8_percent_encode(text, QUOTE_SET) == quote(text, safe="")


def test_quote_plus_differs_from_urlencoded_set_in_tilde_and_asterisk() -> None:
    """quote_plus and the urlencoded set differ exactly in ``~`` and ``*``."""
    text = "a b~*/é"
    assert quote_plus(text) == "a+b~%2A%2F%C3%A9"
    assert utf8_percent_encode(text, URLENCODED_PERCENT_ENCODE_SET) == "a+b%7E*%2F%C3%A9"
    assert utf8_percent_encode(text, QUOTE_PLUS_SET).replace(" ", "+") == quote_plus(text)


def test_unquote_lone_surrogate_kept_by_unquote_replaced_by_us() -> None:
    """unquote keeps a lone surrogate; percent_decode UTF-8 encodes it as U+FFFD first."""
    assert unquote("\udc80%41") == "\udc80A"
    assert percent_decode("\udc80%41") == b"\xef\xbf\xbdA"


# --- properties: where the two are interchangeable ------------------------------


@given(plain_pairs)
def test_plain_text_serializes_identically(pairs: list[tuple[str, str]]) -> None:
    """For ASCII alphanumerics, ``-._`` and spaces, both serializers give the same string."""
    assert serialize(pairs) == urlencode(pairs)


@given(scalar_pairs)
def test_serialize_then_parse_qsl_round_trips(pairs: list[tuple[str, str]]) -> None:
    """parse_qsl(keep_blank_values=True) reads our output back exactly, for scalar values."""
    assert parse_qsl(serialize(pairs), keep_blank_values=True) == pairs


@given(scalar_pairs)
def test_urlencode_then_parse_round_trips(pairs: list[tuple[str, str]]) -> None:
    """We read urlencode's output back exactly, for scalar values."""
    assert parse(urlencode(pairs)) == pairs


@given(st.lists(st.tuples(text_with_surrogates, text_with_surrogates), max_size=8))
def test_surrogates_round_trip_as_replacement_character(pairs: list[tuple[str, str]]) -> None:
    """With lone surrogates, parse_qsl reads our output back with each one as U+FFFD."""
    expected = [
        tuple("".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in part) for part in pair)
        for pair in pairs
    ]
    assert parse_qsl(serialize(pairs), keep_blank_values=True) == expected


@given(query_text)
def test_parse_equals_parse_qsl_on_scalar_text(query: str) -> None:
    """On scalar value strings, parse(s) equals parse_qsl(s, keep_blank_values=True)."""
    assert parse(query) == parse_qsl(query, keep_blank_values=True)


@given(query_text)
def test_percent_decode_equals_unquote_on_scalar_text(text: str) -> None:
    """On scalar value strings, percent_decode(s).decode("utf-8", "replace") equals unquote(s)."""
    assert percent_decode(text).decode("utf-8", "replace") == unquote(text)
    plussed = text.replace("+", " ")
    assert percent_decode(plussed).decode("utf-8", "replace") == unquote_plus(text)


@given(query_text)
def test_parse_qsl_defaults_equal_parse_without_blank_values(query: str) -> None:
    """parse_qsl(s) with its defaults equals parse(s) with empty values filtered out."""
    assert [(name, value) for name, value in parse(query) if value] == parse_qsl(query)


@given(query_text)
def test_parse_qs_equals_grouped_parse(query: str) -> None:
    """parse_qs(s, keep_blank_values=True) equals parse(s) grouped by name, in order."""
    grouped: dict[str, list[str]] = {}
    for name, value in parse(query):
        grouped.setdefault(name, []).append(value)
    assert grouped == parse_qs(query, keep_blank_values=True)


@given(query_text)
def test_unquote_to_bytes_equals_percent_decode(text: str) -> None:
    """On scalar value strings, unquote_to_bytes(s) equals percent_decode(s)."""
    assert percent_decode(text) == unquote_to_bytes(text)


@given(scalar_text)
def test_quote_default_safe_equals_adjusted_component_set(text: str) -> None:
    """quote(s) (``safe="/"``) equals the component set plus ``!'()*``, minus ``/``."""
    assert utf8_percent_encode(text, QUOTE_SET.remove("/")) == quote(text)


@given(st.binary())
def test_quote_from_bytes_equals_percent_encode_bytes(data: bytes) -> None:
    """quote_from_bytes(b, safe="") equals percent_encode_bytes with the adjusted component set."""
    assert percent_encode_bytes(data, QUOTE_SET) == quote_from_bytes(data, safe="")


@given(scalar_text)
def test_quote_equals_component_set_plus_five(text: str) -> None:
    """quote(s, safe="") equals UTF-8 percent-encoding with the component set plus ``!'()*``."""
    assert utf8_percent_encode(text, QUOTE_SET) == quote(text, safe="")


@given(scalar_text)
def test_quote_plus_equals_adjusted_urlencoded_set(text: str) -> None:
    """quote_plus(s) equals the urlencoded set without ``~``, with ``*``, spaces made ``+``."""
    assert utf8_percent_encode(text, QUOTE_PLUS_SET).replace(" ", "+") == quote_plus(text)
