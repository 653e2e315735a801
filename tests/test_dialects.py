"""urlencoded.dialects: every dialect agrees with its source's transcription."""

from __future__ import annotations

import copy
import dataclasses
import doctest
import importlib
import inspect
import pickle
import re
from typing import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import urlencoded
from tests import reference, reference_encoding
from tests import reference_dialects as ref
from tests.strategies import scalar_text, text_with_surrogates
from urlencoded import PercentEncodeSet, dialects
from urlencoded.dialects import DIALECTS, Dialect, URIError, get_dialect

NAMES = list(DIALECTS)
# The dialects that follow the URL Standard's encoder and decoder (not JavaScript's).
GENERIC = [name for name in NAMES if not ref.RULES[name].javascript]
# Each dialect once: an alias is the same object (test_aliases_are_one_dialect).
DISTINCT = [name for name in NAMES if DIALECTS[name].name == name]
DISTINCT_GENERIC = [name for name in GENERIC if name in DISTINCT]
# A property run once per dialect tries a quarter of the profile's examples for
# each: the dialects share one encoder and decoder, and all of them together
# still try several times what one property does.
per_dialect = settings(max_examples=max(10, settings().max_examples // 4))

# Text weighted towards what dialects disagree on, and towards escapes.
_PIECES = st.one_of(
    st.characters(),
    st.sampled_from(list(" ~*+%&=-._!'()#?/:;@[]\\^`{}|$,\"<>\x00\x7f\ufeff\ufffd")),
    st.sampled_from(["%41", "%2f", "%E2%82%AC", "%C3", "%zz", "%u20AC", "%uD83D%uDE00"]),
    st.sampled_from(["é", "€", "日本語", "\U0001f600", "\uffff"]),
)
dialect_text = st.lists(_PIECES, max_size=16).map("".join)
dialect_text_scalar: st.SearchStrategy[str] = dialect_text.filter(
    lambda t: not re.search("[\ud800-\udfff]", t)
)
encoded_like = st.lists(
    st.one_of(_PIECES, st.sampled_from(["%80", "%ED%A0%80", "%C0%AF", "%F4%90%80%80", "%FF"])),
    max_size=16,
).map("".join)
unicode_like = st.one_of(encoded_like, text_with_surrogates)


# --- The contract other modules use ---------------------------------------------


def test_dialects_mapping_is_read_only() -> None:
    """DIALECTS cannot be changed by a caller."""
    with pytest.raises(TypeError):
        DIALECTS["MINE"] = dialects.RFC3986  # type: ignore[index]


def test_every_name_is_a_module_constant() -> None:
    """Each DIALECTS key is the constant of that name in urlencoded.dialects, in __all__."""
    for name, dialect in DIALECTS.items():
        assert getattr(dialects, name) is dialect
        assert name in dialects.__all__
    assert set(NAMES) == set(ref.RULES)


def test_aliases_are_one_dialect() -> None:
    """OAUTH1, AWS_SIGV4 and PHP_RAWURLENCODE are RFC3986 itself."""
    for alias in ("OAUTH1", "AWS_SIGV4", "PHP_RAWURLENCODE"):
        assert DIALECTS[alias] is dialects.RFC3986
    unaliased = [name for name, dialect in DIALECTS.items() if dialect.name == name]
    assert len(unaliased) == len(NAMES) - 3


@pytest.mark.parametrize("name", NAMES)
def test_get_dialect_any_spelling(name: str) -> None:
    """get_dialect ignores case and treats "-" and "_" alike."""
    assert get_dialect(name) is DIALECTS[name]
    assert get_dialect(name.lower().replace("_", "-")) is DIALECTS[name]
    assert get_dialect(name.title()) is DIALECTS[name]


def test_get_dialect_unknown_name() -> None:
    """An unknown name raises ValueError naming it and listing the valid names."""
    with pytest.raises(ValueError, match="'rfc-1738'") as caught:
        get_dialect("rfc-1738")
    for name in NAMES:
        assert name in str(caught.value)


def test_get_dialect_wrong_type() -> None:
    """A name that is not a str raises TypeError."""
    with pytest.raises(TypeError, match="bytes"):
        get_dialect(b"RFC3986")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
def test_description_and_source(name: str) -> None:
    """Every dialect has a one-line description and names its source."""
    dialect = DIALECTS[name]
    assert dialect.description
    assert "\n" not in dialect.description
    assert len(dialect.description) <= 90
    assert dialect.source


def test_dialect_is_frozen_and_derivable() -> None:
    """A dialect cannot be changed in place; dataclasses.replace derives a new one."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        dialects.RFC3986.space_as_plus = True  # type: ignore[misc]
    plus = dataclasses.replace(dialects.RFC3986, name="RFC3986_PLUS", space_as_plus=True)
    assert plus.encode("a b~") == "a+b~"
    assert dialects.RFC3986.encode("a b~") == "a%20b~"
    assert plus != dialects.RFC3986


def test_dialect_pickles() -> None:
    """Dialects and URIError survive pickling."""
    for dialect in DIALECTS.values():
        assert pickle.loads(pickle.dumps(dialect)) == dialect
    error = pickle.loads(pickle.dumps(URIError(3, "malformed escape")))
    assert (error.offset, error.reason) == (3, "malformed escape")


def test_uri_error_is_a_value_error() -> None:
    """URIError is caught as ValueError and as urlencoded.URLEncodedError."""
    assert issubclass(URIError, ValueError)
    assert issubclass(URIError, urlencoded.URLEncodedError)


# --- Each dialect's kept characters, from its source -----------------------------


@pytest.mark.parametrize("name", NAMES)
def test_kept_ascii_matches_source(name: str) -> None:
    """The ASCII characters a dialect leaves as they are are exactly its source's."""
    rules = ref.RULES[name]
    dialect = DIALECTS[name]
    assert dialect.kept == "".join(chr(cp) for cp in range(0x80) if rules.kept(cp))
    assert dialect.space_as_plus == rules.space_as_plus
    assert dialect.plus_as_space == rules.plus_as_space
    assert dialect.keep_escapes == rules.keep_escapes


@pytest.mark.parametrize("name", DISTINCT)
@per_dialect
@given(code_point=st.integers(0x80, 0x10FFFF))
def test_non_ascii_always_escaped(name: str, code_point: int) -> None:
    """No dialect leaves a non-ASCII code point as it is."""
    assert code_point in DIALECTS[name].percent_encode_set


# --- Encoding agrees with the reference -----------------------------------------


@pytest.mark.parametrize("name", DISTINCT_GENERIC)
@per_dialect
@given(text=dialect_text)
@example(text="a b+~*%41%4g%")
def test_encode_agrees(name: str, text: str) -> None:
    """encode(str) equals the source's encoding of the scalar value string."""
    scalar = reference.to_scalar_value_string(text)
    assert DIALECTS[name].encode(text) == ref.encode_text(ref.RULES[name], scalar)


@pytest.mark.parametrize("name", DISTINCT_GENERIC)
@per_dialect
@given(data=st.binary(max_size=40))
@example(data=b"%41 \xff%zz+")
def test_encode_bytes_agrees(name: str, data: bytes) -> None:
    """encode(bytes) escapes the bytes as they are, as the source's step 7.3 does."""
    rules = ref.RULES[name]
    assert DIALECTS[name].encode(data) == ref.encode_raw_bytes(rules, data)


long_text = st.lists(
    st.one_of(_PIECES, st.sampled_from([".", "\r\n", "\n.", ".\n", "=", " ", "\t", "\x00"])),
    min_size=20,
    max_size=200,
).map("".join)


@pytest.mark.parametrize("name", DISTINCT_GENERIC)
@per_dialect
@given(text=long_text)
@example(text="." * 300)
@example(text="a" * 75 + ".\r\n." + "=" * 30 + "%" * 30 + "\r\n" * 40)
@example(text=("x" * 74 + "\n.") * 5)
def test_long_encode_agrees(name: str, text: str) -> None:
    """Long values, with line breaks, dots and "=" runs, agree with the reference too."""
    scalar = reference.to_scalar_value_string(text)
    assert DIALECTS[name].encode(text) == ref.encode_text(ref.RULES[name], scalar)
    data = scalar.encode("utf-8")
    assert DIALECTS[name].encode(data) == ref.encode_raw_bytes(ref.RULES[name], data)


# Derived dialects: any kept ASCII set, space rule and hex case. Text leans
# towards what the str path of encode() tells apart: ASCII words (names), other
# ASCII, non-ASCII words, surrogates, the empty string.
derived_text = st.one_of(
    dialect_text,
    long_text,
    text_with_surrogates,
    st.from_regex(r"[A-Za-z_][A-Za-z0-9_]*", fullmatch=True),
    st.from_regex(r"[-.~0-9A-Za-z_%+ ]*", fullmatch=True),
    st.sampled_from(["", "_", "9a", "café", "日本", "x\ud800", "%", "%25", "+", " "]),
)


def _derived(kept: frozenset[int], space_as_plus: bool, lowercase: bool) -> Dialect:
    return Dialect(
        "DERIVED",
        PercentEncodeSet(frozenset(range(0x80)) - kept),
        space_as_plus=space_as_plus,
        lowercase_hex=lowercase,
    )


@given(
    kept=st.one_of(
        st.frozensets(st.integers(0, 0x7F)),
        st.frozensets(st.integers(0x20, 0x7E), min_size=60),
        st.just(frozenset(range(0x80))),
    ),
    space_as_plus=st.booleans(),
    lowercase=st.booleans(),
    text=derived_text,
)
@example(kept=frozenset(b"abc_"), space_as_plus=False, lowercase=False, text="abc_")
@example(kept=frozenset(range(0x80)), space_as_plus=True, lowercase=True, text="a b\x00é")
@example(kept=frozenset(b"%"), space_as_plus=False, lowercase=True, text="%%é%")
@example(kept=frozenset(b" ab"), space_as_plus=True, lowercase=False, text="a b")
def test_derived_encode_agrees(
    kept: frozenset[int], space_as_plus: bool, lowercase: bool, text: str
) -> None:
    """Any kept set, space rule and hex case: str and bytes agree with the transcription."""
    dialect = _derived(kept, space_as_plus, lowercase)
    rules = ref.Rules(lambda cp: cp in kept, space_as_plus=space_as_plus, lowercase_hex=lowercase)
    scalar = reference.to_scalar_value_string(text)
    encoded = dialect.encode(text)
    assert encoded == ref.encode_text(rules, scalar)
    assert type(encoded) is str
    data = scalar.encode("utf-8")
    assert dialect.encode(data) == ref.encode_raw_bytes(rules, data)
    # The general path (another spelling of UTF-8) gives the same string.
    assert dialect.encode(text, encoding="utf8") == encoded


def _code_unit_escape(rules: ref.Rules, unit: int) -> str:
    """JavaScript's escape of one code unit with *rules*' set, space rule and hex case."""
    if rules.space_as_plus and unit == 0x20:
        return "+"
    if unit < 0x80 and rules.kept(unit):
        return chr(unit)
    if unit < 0x100:
        escape = f"%{unit:02X}"
        return escape.lower() if rules.lowercase_hex else escape
    return f"%u{unit:04X}"


def _derived_rules(dialect: Dialect, kept: frozenset[int]) -> ref.Rules:
    return ref.Rules(
        lambda cp: cp in kept,
        space_as_plus=dialect.space_as_plus,
        keep_escapes=dialect.keep_escapes,
        lowercase_hex=dialect.lowercase_hex,
    )


def _derived_encode(dialect: Dialect, kept: frozenset[int], text: str) -> str:
    """encode of a derived %u or triplet-keeping dialect, step by step: each code unit
    (or UTF-8 byte), a triplet kept as it is where the dialect keeps them."""
    rules = _derived_rules(dialect, kept)
    if not dialect.percent_u:
        return ref.encode_text(rules, reference.to_scalar_value_string(text))
    output = ""
    units = ref.code_units(text)
    index = 0
    while index < len(units):
        if dialect.keep_escapes and ref.is_triplet(ref.from_code_units(units[index:]), 0):
            output += ref.from_code_units(units[index : index + 3])
            index += 3
            continue
        output += _code_unit_escape(rules, units[index])
        index += 1
    return output


_KEPT_SETS = st.one_of(
    st.frozensets(st.integers(0, 0x7F)),
    st.frozensets(st.integers(0x20, 0x7E), min_size=60),
    st.just(frozenset(b"0123456789ABCDEFabcdef%")),
    st.just(frozenset(b"0123456789ABCDEFabcdef/=&\x01\x02")),
    st.just(frozenset(range(0x80))),
)
_ESCAPING_TEXT = st.one_of(
    derived_text,
    st.text(st.sampled_from("%%4Aaf9gG=&\x01\x02 é€\U0001f600\udc80"), max_size=12),
)


@given(
    kept=_KEPT_SETS,
    space_as_plus=st.booleans(),
    lowercase=st.booleans(),
    rule=st.sampled_from([(True, False), (False, True), (True, True)]),
    pairs=st.lists(st.tuples(_ESCAPING_TEXT, _ESCAPING_TEXT), max_size=4),
)
@example(
    kept=frozenset(b"0123456789ABCDEFabcdef"),
    space_as_plus=False,
    lowercase=True,
    rule=(True, False),
    pairs=[("%4", "1"), ("%%41", "%\u00e9%")],
)
@example(
    kept=frozenset(b"%"),
    space_as_plus=True,
    lowercase=False,
    rule=(True, False),
    pairs=[("%41", "a b")],
)
@example(
    kept=frozenset(b"ab"),
    space_as_plus=True,
    lowercase=True,
    rule=(False, True),
    pairs=[("a b\u00ff", "\u0100\U0001f600\ud800"), ("\x01", "b")],
)
def test_derived_escaping_dialects_agree(
    kept: frozenset[int],
    space_as_plus: bool,
    lowercase: bool,
    rule: tuple[bool, bool],
    pairs: list[tuple[str, str]],
) -> None:
    """A dialect that keeps triplets or writes %u escapes (any set, space rule, hex case):
    encode is the steps, and serialize and canonical_query, one pass or pair by pair, are
    encode of each name and value."""
    keep_escapes, percent_u = rule
    dialect = dataclasses.replace(
        _derived(kept, space_as_plus, lowercase), keep_escapes=keep_escapes, percent_u=percent_u
    )
    encoded = [
        (_derived_encode(dialect, kept, name), _derived_encode(dialect, kept, value))
        for name, value in pairs
    ]
    for (name, value), (written_name, written_value) in zip(pairs, encoded):
        assert dialect.encode(name) == written_name
        assert dialect.encode(value) == written_value
    assert dialect.serialize(pairs) == "&".join(map("=".join, encoded))
    assert dialect.serialize([list(pair) for pair in pairs]) == "&".join(map("=".join, encoded))
    assert dialect.canonical_query(pairs) == "&".join(map("=".join, sorted(encoded)))


def test_lowercase_legacy_keeps_a_kept_triplet_as_written() -> None:
    """A lower-case dialect writes its escapes in lower case, in a legacy encoding too, and
    copies what it keeps (here "%AB") as it is, as in UTF-8."""
    lower = _derived(frozenset(b"%AB"), False, True)
    for encoding in ("UTF-8", "windows-1252", "shift_jis"):
        assert lower.encode("%AB\u00e9", encoding=encoding) == lower.encode(
            "%AB", encoding=encoding
        ) + lower.encode("\u00e9", encoding=encoding)
        assert lower.encode("%AB", encoding=encoding) == "%AB"
    assert lower.encode("%ABé", encoding="windows-1252") == "%AB%e9"
    assert lower.serialize([("%AB", "é")], encoding="windows-1252") == "%AB=%e9"


@pytest.mark.parametrize("name", DISTINCT_GENERIC)
@per_dialect
@given(text=derived_text)
def test_encode_str_subclass_and_labels(name: str, text: str) -> None:
    """A str subclass, or UTF-8 named by label or Encoding, is encoded as the str is."""

    class Text(str):
        pass

    dialect = DIALECTS[name]
    expected = dialect.encode(text)
    for encoded in (
        dialect.encode(Text(text)),
        dialect.encode(text, encoding="UTF8"),
        dialect.encode(text, encoding=urlencoded.get_encoding("utf-8")),
    ):
        assert encoded == expected
        assert type(encoded) is str


def test_encode_all_kept_returns_the_value() -> None:
    """A str with nothing to escape comes back as it is, in each branch of the str path."""
    for text in ("key_5", "value17", "9", "a-b.c~d", ""):
        assert dialects.RFC3986.encode(text) is text
    # The word shortcut is off where the dialect escapes a word character.
    no_underscore = _derived(frozenset(b"abk"), False, False)
    assert no_underscore.encode("a_b") == "a%5Fb"
    assert no_underscore.encode("kab") == "kab"


def test_encode_is_shadowed_where_it_can_be() -> None:
    """Dialects bind a fast encode, unless they keep triplets and write %u escapes both, or
    keep triplets and escape a hex digit; subclasses that override encode do not."""
    for dialect in (dialects.RFC3986, dialects.URI_TEMPLATE_RESERVED, dialects.JS_ESCAPE):
        assert "encode" in vars(dialect)
        assert dialect.encode.__doc__ == Dialect.encode.__doc__
    both = dataclasses.replace(dialects.JS_ESCAPE, name="BOTH", keep_escapes=True)
    assert "encode" not in vars(both)
    assert both.encode("%41é") == "%41%E9"
    no_hex = dataclasses.replace(_derived(frozenset(b"abc%"), False, False), keep_escapes=True)
    assert "encode" not in vars(no_hex)
    assert no_hex.encode("%41%4g") == "%41%%34%67"

    @dataclasses.dataclass(frozen=True)
    class Shouting(Dialect):
        def encode(self, value: object, *, encoding: object = "UTF-8") -> str:
            return super().encode(value, encoding=encoding).upper()  # type: ignore[arg-type]

    shouting = Shouting("SHOUT", dialects.RFC3986.percent_encode_set)
    assert "encode" not in vars(shouting)
    assert shouting.encode("a é") == "A%20%C3%A9"
    assert Dialect.encode(dialects.RFC3986, "a é") == "a%20%C3%A9"


def test_encode_encoding_is_keyword_only() -> None:
    """Every dialect's encode takes encoding by keyword only, and its signature says so."""
    method_signature = inspect.signature(Dialect.encode.__get__(dialects.JS_ESCAPE))  # bound
    for dialect in DIALECTS.values():
        assert inspect.signature(dialect.encode) == method_signature
        for extra in (("UTF-8",), ("UTF-8", "UTF-8")):
            with pytest.raises(TypeError):
                dialect.encode("a", *extra)
        assert dialect.encode(value="a b", encoding="UTF-8") == dialect.encode("a b")


def test_dialect_copies_encode_alike() -> None:
    """Pickled, copied and derived dialects encode as the original does."""
    for dialect in DIALECTS.values():
        for twin in (
            pickle.loads(pickle.dumps(dialect)),
            copy.copy(dialect),
            copy.deepcopy(dialect),
            dataclasses.replace(dialect),
        ):
            assert twin == dialect
            assert ("encode" in vars(twin)) == ("encode" in vars(dialect))
            assert twin.encode("a b%é_~") == dialect.encode("a b%é_~")


@pytest.mark.parametrize("name", DISTINCT)
@per_dialect
@given(text=dialect_text)
def test_encoded_output_uses_allowed_characters(name: str, text: str) -> None:
    """Output holds only kept characters, escapes (and "+" for space where allowed)."""
    dialect = DIALECTS[name]
    try:
        encoded = dialect.encode(text)
    except URIError:
        assert dialect.strict
        return
    allowed = set(dialect.kept) | set("%0123456789ABCDEF")
    if dialect.space_as_plus:
        allowed.add("+")
    if dialect.percent_u:
        allowed.add("u")
    if dialect.keep_escapes:
        allowed |= set("abcdef")  # copied triplets keep their case
    assert set(encoded) <= allowed
    assert encoded.isascii()
    # Every "%" that the dialect writes starts an escape.
    if "%" not in dialect.kept:
        assert re.fullmatch(r"(?:[^%]|%[0-9A-Fa-f]{2}|%u[0-9A-F]{4})*", encoded)


@pytest.mark.parametrize("name", DISTINCT)
@per_dialect
@given(text=dialect_text_scalar)
@example(text="a b+~*%41 %zz é\U0001f600")
def test_lossless_round_trip(name: str, text: str) -> None:
    """decode(encode(text)) == text for every scalar value string where the dialect is lossless."""
    dialect = DIALECTS[name]
    if dialect.lossless:
        assert dialect.decode(dialect.encode(text), errors="strict") == text
        assert dialect.decode_bytes(dialect.encode(text)) == text.encode("utf-8")


@pytest.mark.parametrize("name", ["VBA_COOKIE", "URI_TEMPLATE_RESERVED", "IRI_TO_URI"])
def test_lossy_dialects_are_marked(name: str) -> None:
    """The dialects that keep "%" or escapes say they are not lossless, and are not."""
    dialect = DIALECTS[name]
    assert not dialect.lossless
    assert dialect.decode(dialect.encode("%41")) != "%41"


# --- Decoding agrees with the reference -----------------------------------------


@pytest.mark.parametrize("name", DISTINCT_GENERIC)
@per_dialect
@given(text=unicode_like)
@example(text="a+b%7e%zz%C3%A9%FF%")
def test_decode_agrees(name: str, text: str) -> None:
    """decode(str) is "+" handling, string percent-decode and UTF-8 decode, as the source says."""
    rules = ref.RULES[name]
    data = reference.utf8_encode(reference.to_scalar_value_string(text))
    assert DIALECTS[name].decode(text) == ref.decode(rules, data)
    assert DIALECTS[name].decode_bytes(text) == ref.decode_to_bytes(rules, data)


@pytest.mark.parametrize("name", DISTINCT_GENERIC)
@per_dialect
# surrogatepass: st.characters() can give lone surrogates, which become invalid UTF-8 here.
@given(
    data=st.one_of(
        st.binary(max_size=30), encoded_like.map(lambda t: t.encode("utf-8", "surrogatepass"))
    )
)
def test_decode_bytes_input_agrees(name: str, data: bytes) -> None:
    """decode(bytes) equals the reference, and strict mode fails exactly on invalid UTF-8."""
    rules = ref.RULES[name]
    dialect = DIALECTS[name]
    assert dialect.decode(data) == ref.decode(rules, data)
    try:
        expected = reference.utf8_decode_without_bom(ref.decode_to_bytes(rules, data), fatal=True)
    except reference.DecoderError:
        with pytest.raises(URIError) as caught:
            dialect.decode(data, errors="strict")
        # The offset points at the escape or byte where the invalid sequence starts.
        offset = caught.value.offset
        assert 0 <= offset < len(data)
        assert ref.decode(rules, data[:offset]) == dialect.decode(data[:offset], errors="strict")
    else:
        assert dialect.decode(data, errors="strict") == expected


def test_strict_decode_offset_in_str() -> None:
    """The offset of invalid UTF-8 in a str counts characters."""
    with pytest.raises(URIError) as caught:
        dialects.RFC3986.decode("é€%41%C3%28", errors="strict")
    assert caught.value.offset == 5


# --- JavaScript ------------------------------------------------------------------


def _unit_offset(text: str, offset: int) -> int:
    """A Python index in *text* as a UTF-16 code unit index."""
    return len(text[:offset].encode("utf-16-le", "surrogatepass")) // 2


Outcome = tuple[str, object]


def _outcome(function: Callable[..., str], *args: str) -> Outcome:
    """("ok", result) or ("error", code unit offset) for a reference or package function."""
    try:
        return ("ok", function(*args))
    except ref.JSURIError as error:
        return ("error", error.offset)
    except URIError as error:
        return ("error", _unit_offset(args[0], error.offset))


@given(text=st.one_of(text_with_surrogates, dialect_text))
@example(text="\ud83d\ude00\ud800x")
def test_encode_uri_component_agrees(text: str) -> None:
    """encode_uri_component follows Encode, failing at the same lone surrogate."""
    expected = _outcome(ref.js_encode, text, "")
    assert _outcome(dialects.encode_uri_component, text) == expected
    assert _outcome(dialects.JS_URI_COMPONENT.encode, text) == expected


@given(text=st.one_of(text_with_surrogates, dialect_text))
def test_encode_uri_agrees(text: str) -> None:
    """encode_uri follows Encode with uriReserved and "#" unescaped."""
    expected = _outcome(ref.js_encode, text, ref.URI_RESERVED_AND_HASH)
    assert _outcome(dialects.encode_uri, text) == expected
    assert _outcome(dialects.JS_URI.encode, text) == expected


@given(text=unicode_like)
@example(text="%C3%A9%2F%2f%23%E0%A4%A")
@example(text="\ud800%41")
@example(text="\ud800\udc00")
def test_decode_uri_component_agrees(text: str) -> None:
    """decode_uri_component follows Decode, failing at the same escape."""
    expected = _outcome(ref.js_decode, text, "")
    assert _outcome(dialects.decode_uri_component, text) == expected
    assert _outcome(dialects.JS_URI_COMPONENT.decode, text) == expected


@given(text=unicode_like)
@example(text="%3B%2f%3F%3a%40%26%3D%2B%24%2C%23%25%41")
@example(text="%C3%23")
def test_decode_uri_agrees(text: str) -> None:
    """decode_uri follows Decode, leaving escapes of uriReserved and "#" as they are."""
    expected = _outcome(ref.js_decode, text, ref.URI_RESERVED_AND_HASH)
    assert _outcome(dialects.decode_uri, text) == expected
    assert _outcome(dialects.JS_URI.decode, text) == expected


@given(text=st.one_of(text_with_surrogates, dialect_text))
def test_escape_agrees(text: str) -> None:
    """escape follows Annex B.2.1.1, code unit by code unit."""
    assert dialects.escape(text) == ref.js_escape(text)
    assert dialects.JS_ESCAPE.encode(text) == ref.js_escape(text)


@given(text=st.one_of(unicode_like, st.just("%u12"), st.just("%u00e9%U00E9")))
@example(text="%uD83D%uDE00%ud800%u0041%41%4%")
def test_unescape_agrees(text: str) -> None:
    """unescape follows Annex B.2.1.2 and never fails."""
    assert dialects.unescape(text) == ref.js_unescape(text)
    assert dialects.JS_ESCAPE.decode(text) == ref.js_unescape(text)


@given(text=text_with_surrogates)
def test_escape_round_trip(text: str) -> None:
    """unescape(escape(s)) == s for any string, lone surrogates included."""
    assert dialects.unescape(dialects.escape(text)) == ref.from_code_units(ref.code_units(text))


@pytest.mark.parametrize(
    "function",
    [
        dialects.encode_uri_component,
        dialects.encode_uri,
        dialects.decode_uri_component,
        dialects.decode_uri,
        dialects.escape,
        dialects.unescape,
    ],
)
def test_javascript_functions_take_str(function: object) -> None:
    """The JavaScript functions take str only: bytes raise TypeError."""
    with pytest.raises(TypeError, match="bytes"):
        function(b"a")  # type: ignore[operator]


# --- Queries ---------------------------------------------------------------------


def reference_canonical_query(rules: ref.Rules, pairs: list[tuple[str, str]]) -> str:
    """RFC 5849 §3.4.1.3.2, steps 1-4, with the dialect's encoding."""
    # Step 1: encode each name and value.
    encoded = [
        (ref.encode_text(rules, name), ref.encode_text(rules, value)) for name, value in pairs
    ]
    # Step 2: sort by name, then value, in ascending byte value order.
    encoded.sort(key=lambda pair: (pair[0].encode("ascii"), pair[1].encode("ascii")))
    # Step 3: name "=" value, even when the value is empty.
    joined = [name + "=" + value for name, value in encoded]
    # Step 4: "&" between pairs.
    return "&".join(joined)


pairs_strategy = st.lists(st.tuples(dialect_text_scalar, dialect_text_scalar), max_size=6)


@pytest.mark.parametrize("name", DISTINCT_GENERIC)
@per_dialect
@given(pairs=pairs_strategy)
@example(pairs=[("b", "2"), ("a", "3"), ("a", "2"), ("a\x00", "")])
def test_canonical_query_agrees(name: str, pairs: list[tuple[str, str]]) -> None:
    """canonical_query equals RFC 5849's normalization with the dialect's encoding."""
    expected = reference_canonical_query(ref.RULES[name], pairs)
    assert DIALECTS[name].canonical_query(pairs) == expected


@pytest.mark.parametrize("name", DISTINCT_GENERIC)
@per_dialect
@given(pairs=pairs_strategy)
def test_serialize_agrees(name: str, pairs: list[tuple[str, str]]) -> None:
    """serialize encodes each name and value and joins them in order."""
    rules = ref.RULES[name]
    expected = "&".join(
        ref.encode_text(rules, key) + "=" + ref.encode_text(rules, value) for key, value in pairs
    )
    assert DIALECTS[name].serialize(pairs) == expected
    assert DIALECTS[name].serialize([(k.encode(), v.encode()) for k, v in pairs]) == expected


@pytest.mark.parametrize("name", DISTINCT)
@per_dialect
@given(pairs=pairs_strategy)
def test_parse_serialize_round_trip(name: str, pairs: list[tuple[str, str]]) -> None:
    """parse(serialize(pairs)) == pairs where the dialect is lossless and escapes "&" and "="."""
    dialect = DIALECTS[name]
    if dialect.lossless and "&" not in dialect.kept and "=" not in dialect.kept:
        assert dialect.parse(dialect.serialize(pairs)) == pairs


@given(data=st.one_of(encoded_like, st.binary(max_size=30)))
def test_parse_agrees_with_urlencoded_parser(data: str | bytes) -> None:
    """WHATWG_FORM.parse is the URL Standard's urlencoded parser."""
    raw = (
        data
        if isinstance(data, bytes)
        else reference.utf8_encode(reference.to_scalar_value_string(data))
    )
    assert dialects.WHATWG_FORM.parse(data) == reference.urlencoded_parse(raw)


def _expected_parse(name: str, data: str | bytes) -> list[tuple[str, str]] | None:
    """The pairs the dialect's source gives: split at "&" and the first "=", each part
    decoded as its transcription decodes; None where it raises URIError."""
    rules = ref.RULES[name]
    if rules.javascript in ("component", "uri"):
        if isinstance(data, bytes):
            try:
                data = data.decode("utf-8")
            except UnicodeDecodeError:
                return None
        keeps = ref.URI_RESERVED_AND_HASH if rules.javascript == "uri" else ""
        pairs = []
        for sequence in data.split("&"):
            if sequence:
                field, _, value = sequence.partition("=")
                try:
                    pairs.append((ref.js_decode(field, keeps), ref.js_decode(value, keeps)))
                except ref.JSURIError:
                    return None
        return pairs
    if rules.javascript == "escape":
        text = data if isinstance(data, str) else data.decode("latin-1")
        fields = [sequence.partition("=") for sequence in text.split("&") if sequence]
        return [(ref.js_unescape(field), ref.js_unescape(value)) for field, _, value in fields]
    raw = (
        data
        if isinstance(data, bytes)
        else reference.utf8_encode(reference.to_scalar_value_string(data))
    )
    parts = [sequence.partition(b"=") for sequence in raw.split(b"&") if sequence]
    return [(ref.decode(rules, field), ref.decode(rules, value)) for field, _, value in parts]


@pytest.mark.parametrize("name", DISTINCT)
@per_dialect
@given(data=st.one_of(encoded_like, st.binary(max_size=30), st.binary(max_size=30).map(bytearray)))
@example(data="a+b=c+%2B%2b&&d%3D=%26+")
@example(data="q=%2B%3B%25%41+&x")
@example(data=b"a=%zz+&b=%C3%A9")
@example(data="a=%E2%82&b")
def test_parse_agrees(name: str, data: str | bytes) -> None:
    """Each dialect's parse is step 1-3.3 of the urlencoded parser with the dialect's
    decoding of each name and value, as its source states it (or URIError)."""
    dialect = DIALECTS[name]
    expected = _expected_parse(name, bytes(data) if isinstance(data, bytearray) else data)
    if expected is None:
        with pytest.raises(URIError):
            dialect.parse(data)
    else:
        assert dialect.parse(data) == expected


def test_parse_error_offset_is_in_the_whole_input() -> None:
    """A URIError from parse gives the offset in the whole query."""
    with pytest.raises(URIError) as caught:
        dialects.JS_URI_COMPONENT.parse("a=1&b=%zz")
    assert caught.value.offset == 6
    with pytest.raises(URIError) as caught:
        dialects.RFC3986.parse(b"a=1&b=%FF", errors="strict")
    assert caught.value.offset == 6


def test_mapping_pairs() -> None:
    """serialize and canonical_query take a mapping as well as pairs."""
    assert dialects.RFC3986.serialize({"b": "1 2", "a": b"\xff"}) == "b=1%202&a=%FF"
    assert dialects.RFC3986.canonical_query({"b": "1 2", "a": b"\xff"}) == "a=%FF&b=1%202"


# --- The serializer and parser that dialects share with the URL Standard's ---------

# Names and values for the one-pass serializer: its stand-ins for "&" and "=",
# what an error is written as in a legacy encoding, surrogates, and runs long
# enough to cross the 64-byte thresholds.
_SERIALIZED_PIECES = st.one_of(
    _PIECES,
    st.sampled_from(["\x01", "\x02", "&#165;", "&#", "\ud800", "€", "ｱ", "a" * 70, "日" * 30]),
)
serializer_text = st.lists(_SERIALIZED_PIECES, max_size=10).map("".join)
# Pairs for the one-pass path of values made of three-byte characters: short
# ASCII names, now and then with a joint, a space or a "%", which some
# dialects write as they are.
_THREE_BYTE_PAIRS = st.lists(
    st.tuples(
        st.text(st.sampled_from("ab&= %"), max_size=3),
        st.text(st.sampled_from("日本語\u0800\uffff"), min_size=1, max_size=3),
    ),
    min_size=1,
    max_size=4,
)
serializer_pairs = st.one_of(
    st.lists(st.tuples(serializer_text, serializer_text), max_size=6), _THREE_BYTE_PAIRS
)
# UTF-8, single-byte, stateless multi-byte and ISO-2022-JP (whose state rules out one pass).
SERIALIZER_ENCODINGS = ["UTF-8", "windows-1252", "Shift_JIS", "gb18030", "ISO-2022-JP"]


def reference_encode(rules: ref.Rules, encoding: str, text: str) -> str:
    """https://url.spec.whatwg.org/#string-percent-encode-after-encoding with the dialect's
    set and space rule, over the literal encoder (``%XX`` triplets kept if the dialect does)."""
    if rules.keep_escapes and encoding == "UTF-8":
        return ref.encode_text(rules, text)
    output = ""
    for item in reference_encoding.encode_or_fail_loop(encoding, text):
        if isinstance(item, int):
            # Step 7.4, whatever the set.
            output += f"%26%23{item}%3B"
        else:
            output += ref.encode_bytes(rules, item)
    return output


@pytest.mark.parametrize("encoding", SERIALIZER_ENCODINGS[1:])
@given(
    name=st.sampled_from(DISTINCT_GENERIC),
    text=st.one_of(
        st.text(st.sampled_from("aZ09 -._~*%&=+/\x00\x0e\x0f\x1b\x7f"), max_size=12),
        serializer_text,
    ),
)
@example(name="RFC3986", text="a\x1bb")
@example(name="WHATWG_FORM", text="a b~")
def test_encode_in_each_legacy_encoding_agrees(encoding: str, name: str, text: str) -> None:
    """encode in a legacy encoding, ASCII text (which every encoding writes as it is, but
    ISO-2022-JP's U+000E, U+000F and U+001B) included, is the steps over the encoder."""
    dialect = DIALECTS[name]
    rules = ref.RULES[name]
    if dialect.keep_escapes:
        text = text.replace("%", "")  # legacy encodings keep no triplets in the reference
    expected = reference_encode(rules, encoding, reference.to_scalar_value_string(text))
    assert dialect.encode(text, encoding=encoding) == expected


@pytest.mark.parametrize("encoding", SERIALIZER_ENCODINGS)
@given(name=st.sampled_from(DISTINCT_GENERIC), pairs=serializer_pairs)
@example(name="WHATWG_FORM", pairs=[("a\x01b", "\x02"), ("c", "d")])
@example(name="RFC3986", pairs=[("€=", "a&b"), ("&#8364;", "x\ud800")])
@example(name="VBA_PATH", pairs=[("a&b=c", "€;#")])
@example(name="VBA_COOKIE", pairs=[("&", "\u0800")])
@example(name="VBA_COOKIE", pairs=[("a &", "日"), ("b", "本")])
def test_serialize_in_each_encoding_agrees(
    encoding: str, name: str, pairs: list[tuple[str, str]]
) -> None:
    """serialize and canonical_query, one pass or pair by pair, equal percent-encode after
    encoding of each name and value with the dialect's rules."""
    dialect = DIALECTS[name]
    rules = ref.RULES[name]
    if dialect.keep_escapes and encoding != "UTF-8":
        # Legacy encodings keep no triplets in the reference: leave none to keep.
        pairs = [(key.replace("%", ""), value.replace("%", "")) for key, value in pairs]
    encoded = [
        (
            reference_encode(rules, encoding, reference.to_scalar_value_string(key)),
            reference_encode(rules, encoding, reference.to_scalar_value_string(value)),
        )
        for key, value in pairs
    ]
    expected = "&".join(key + "=" + value for key, value in encoded)
    assert dialect.serialize(pairs, encoding=encoding) == expected
    assert dialect.serialize([list(pair) for pair in pairs], encoding=encoding) == expected
    assert dialect.canonical_query(pairs, encoding=encoding) == "&".join(
        key + "=" + value for key, value in sorted(encoded)
    )


@given(
    kept=st.one_of(
        st.frozensets(st.integers(0, 0x7F)),
        st.frozensets(st.integers(0x20, 0x7E), min_size=60),
        st.just(frozenset(range(0x80))),
    ),
    space_as_plus=st.booleans(),
    lowercase=st.booleans(),
    encoding=st.sampled_from(SERIALIZER_ENCODINGS),
    pairs=serializer_pairs,
)
@example(
    kept=frozenset(b"\x01\x02&=ab"),
    space_as_plus=False,
    lowercase=False,
    encoding="UTF-8",
    pairs=[("a&b", "=\x01"), ("\x02", "b")],
)
@example(
    kept=frozenset(b"%ABC"),
    space_as_plus=True,
    lowercase=True,
    encoding="windows-1252",
    pairs=[("%AB", "€ é"), ("C", "")],
)
def test_derived_serialize_is_encode_pair_by_pair(
    kept: frozenset[int],
    space_as_plus: bool,
    lowercase: bool,
    encoding: str,
    pairs: list[tuple[str, str]],
) -> None:
    """Any kept set (stand-ins, "&" and "=" included), space rule and hex case: serialize
    and canonical_query equal encode applied to each name and value."""
    dialect = _derived(kept, space_as_plus, lowercase)
    encoded = [
        (dialect.encode(key, encoding=encoding), dialect.encode(value, encoding=encoding))
        for key, value in pairs
    ]
    assert dialect.serialize(pairs, encoding=encoding) == "&".join(map("=".join, encoded))
    assert dialect.canonical_query(pairs, encoding=encoding) == "&".join(
        map("=".join, sorted(encoded))
    )
    if encoding == "UTF-8":
        rules = ref.Rules(
            lambda cp: cp in kept, space_as_plus=space_as_plus, lowercase_hex=lowercase
        )
        assert dialect.serialize(pairs) == "&".join(
            ref.encode_text(rules, reference.to_scalar_value_string(key))
            + "="
            + ref.encode_text(rules, reference.to_scalar_value_string(value))
            for key, value in pairs
        )


@pytest.mark.parametrize("encoding", SERIALIZER_ENCODINGS)
def test_strict_serialize_refuses_surrogates_in_each_encoding(encoding: str) -> None:
    """A strict dialect raises URIError for a lone surrogate in any encoding, as encode does."""
    strict = dataclasses.replace(dialects.RFC3986, name="STRICT", strict=True)
    for method in (strict.serialize, strict.canonical_query):
        with pytest.raises(URIError):
            method([("a", "b"), ("c", "d\udc80")], encoding=encoding)
        assert method([("c", "d\ud83d\ude00")], encoding=encoding) == method(
            [("c", "d\U0001f600")], encoding=encoding
        )


def test_serialize_error_messages_are_shared() -> None:
    """serialize and a dialect's serialize and canonical_query word a bad pair alike."""
    bad_inputs: list[object] = [
        "a=b",
        None,
        [("a", None)],
        [("a", "b"), (1, "b")],
        [("a", "b", "c")],
        ["ab"],
        [None],
        {"a": True},
        {"a": object()},
    ]
    for bad in bad_inputs:
        with pytest.raises(TypeError) as form:
            urlencoded.serialize(bad)  # type: ignore[arg-type]
        for method in ("serialize", "canonical_query"):
            with pytest.raises(TypeError) as dialect:
                getattr(dialects.WHATWG_FORM, method)(bad)
            assert str(dialect.value) == str(form.value).replace("serialize()", f"{method}()")


# The dialects whose parse is the URL Standard's parser: "+" is a space, no
# escape is left encoded, and decoding is not JavaScript's.
PLAIN_PARSERS = [
    name
    for name in DISTINCT
    if DIALECTS[name].plus_as_space
    and not (DIALECTS[name].strict or DIALECTS[name].percent_u or DIALECTS[name].decode_keeps)
]


def test_plain_parsers_are_the_form_dialects() -> None:
    """The dialects that parse with the URL Standard's parser are those that decode "+" as space."""
    assert PLAIN_PARSERS == ["WHATWG_FORM", "PHP_URLENCODE", "VBA_FORM", "VBA_QUERY"]


@pytest.mark.parametrize("name", PLAIN_PARSERS)
@per_dialect
@given(data=st.one_of(encoded_like, text_with_surrogates, st.binary(max_size=30)))
@example(data="a=%FF&b=%C3%A9&=%E2%82")
@example(data=b"\xff=1&x=%ED%A0%80")
def test_plain_parse_agrees(name: str, data: str | bytes) -> None:
    """parse equals the urlencoded parser's transcription, and with errors="strict" it
    returns or raises (with the offset in *data*) as the field by field way does."""
    dialect = DIALECTS[name]
    raw = (
        data
        if isinstance(data, bytes)
        else reference.utf8_encode(reference.to_scalar_value_string(data))
    )
    assert dialect.parse(data) == reference.urlencoded_parse(raw)
    fast = _strict_outcome(lambda: dialect.parse(data, errors="strict"))
    assert fast == _strict_outcome(lambda: dialect._parse_fields(data, "strict"))


def _strict_outcome(parse: Callable[[], list[tuple[str, str]]]) -> tuple[str, object]:
    """("ok", pairs) or ("error", (offset, reason)) for a strict parse."""
    try:
        return ("ok", parse())
    except URIError as error:
        return ("error", (error.offset, error.reason))


# --- Options and bad input -------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("bad", [None, 1, 1.5, ["a"], object()])
def test_non_str_values_raise_type_error(name: str, bad: object) -> None:
    """encode, decode, decode_bytes and parse take only str or bytes."""
    dialect = DIALECTS[name]
    for method in (dialect.encode, dialect.decode, dialect.decode_bytes, dialect.parse):
        with pytest.raises(TypeError, match=type(bad).__name__):
            method(bad)  # type: ignore[arg-type]


def test_bad_pairs_raise_type_error() -> None:
    """serialize and canonical_query reject non-pairs, non-str names and values the rule
    refuses, giving the index."""
    for method in (dialects.RFC3986.serialize, dialects.RFC3986.canonical_query):
        with pytest.raises(TypeError, match="pair 1"):
            method([("a", "b"), ("c",)])
        with pytest.raises(TypeError, match="pair 0: value must be str or bytes, int or float"):
            method([("a", None)])  # type: ignore[list-item]
        with pytest.raises(TypeError, match="not str"):
            method("a=b")


def test_bad_errors_option() -> None:
    """An unknown errors= value raises ValueError naming it."""
    with pytest.raises(ValueError, match="'ignore'"):
        dialects.RFC3986.decode("a", errors="ignore")
    with pytest.raises(TypeError):
        dialects.RFC3986.parse("a", errors=None)  # type: ignore[arg-type]


def test_bad_dialect_fields() -> None:
    """Building a Dialect checks its fields' types and values."""
    with pytest.raises(TypeError, match="percent_encode_set"):
        Dialect("X", "abc")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="space_as_plus"):
        Dialect("X", urlencoded.URLENCODED_PERCENT_ENCODE_SET, space_as_plus=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="name"):
        Dialect("", urlencoded.URLENCODED_PERCENT_ENCODE_SET)
    with pytest.raises(ValueError, match="decode_keeps"):
        Dialect("X", urlencoded.URLENCODED_PERCENT_ENCODE_SET, decode_keeps="é")


def test_escape_dialect_takes_no_encoding() -> None:
    """JS_ESCAPE escapes code units: another encoding is a ValueError naming it."""
    with pytest.raises(ValueError, match="windows-1252"):
        dialects.JS_ESCAPE.encode("é", encoding="windows-1252")


@pytest.mark.parametrize("method", ["encode", "serialize", "canonical_query"])
def test_escape_dialect_encoding_error_is_documented(method: str) -> None:
    """JS_ESCAPE's serializers raise the ValueError of encode, which each docstring names."""
    bound = getattr(dialects.JS_ESCAPE, method)
    argument = "é" if method == "encode" else [("a", "é")]
    with pytest.raises(ValueError, match=r"UTF-16 code units.*not 'Shift_JIS'"):
        bound(argument, encoding="shift_jis")
    assert ":raises ValueError:" in (inspect.getdoc(getattr(Dialect, method)) or "")
    # The output encoding of UTF-16 labels is UTF-8, which the dialect takes.
    assert bound(argument, encoding="utf-16le") == bound(argument)


def test_unknown_encoding() -> None:
    """An unknown encoding label raises UnknownEncodingError."""
    with pytest.raises(urlencoded.UnknownEncodingError):
        dialects.RFC3986.encode("é", encoding="x-nope")


# --- Other encodings, lower-case hex, derived dialects -------------------------


@pytest.mark.parametrize("name", DISTINCT_GENERIC)
@per_dialect
@pytest.mark.parametrize("encoding", ["windows-1252", "Shift_JIS", "ISO-2022-JP"])
@given(text=scalar_text)
def test_legacy_encoding_agrees(name: str, encoding: str, text: str) -> None:
    """With another encoding, encode is percent-encode after encoding with the dialect's rules."""
    dialect = DIALECTS[name]
    if dialect.keep_escapes:
        text = text.replace("%", "")
    expected = urlencoded.percent_encode_after_encoding(
        urlencoded.get_output_encoding(encoding),
        text,
        dialect.percent_encode_set,
        space_as_plus=dialect.space_as_plus,
    )
    assert dialect.encode(text, encoding=encoding) == expected


def test_legacy_encoding_examples() -> None:
    """Unrepresentable code points become escaped character references."""
    assert dialects.RFC3986.encode("é €☃", encoding="windows-1252") == "%E9%20%80%26%239731%3B"
    assert dialects.URI_TEMPLATE_RESERVED.encode("%41é/", encoding="windows-1252") == "%41%E9/"
    # UTF-16 has no encoder: its output encoding is UTF-8.
    assert dialects.RFC3986.encode("é", encoding="UTF-16LE") == "%C3%A9"


@given(text=dialect_text)
def test_lowercase_hex(text: str) -> None:
    """A lower-case-hex dialect differs from its parent only in the escapes' hex case."""
    lower = dataclasses.replace(dialects.RFC3986, name="LOWER", lowercase_hex=True)
    assert lower.encode(text) == re.sub(
        "%[0-9A-F]{2}", lambda m: m.group().lower(), dialects.RFC3986.encode(text)
    )


def test_derived_decode_keeps() -> None:
    """A derived non-strict dialect with decode_keeps leaves those escapes encoded."""
    mine = dataclasses.replace(dialects.RFC3986, name="MINE", decode_keeps="/")
    assert mine.decode("a%2Fb%2fc%41%zz") == "a%2Fb%2fcA%zz"
    assert mine.decode_bytes("%2F%FF") == b"%2F\xff"
    with pytest.raises(URIError) as caught:
        mine.decode("%2F%FF", errors="strict")
    assert caught.value.offset == 3


def test_strict_bytes_input() -> None:
    """Strict dialects take bytes as UTF-8 and give offsets in bytes."""
    assert dialects.JS_URI_COMPONENT.decode("é%41".encode()) == "éA"
    with pytest.raises(URIError) as caught:
        dialects.JS_URI_COMPONENT.decode("é%4".encode())
    assert caught.value.offset == 2
    with pytest.raises(URIError) as caught:
        dialects.JS_URI_COMPONENT.decode(b"a\xff")
    assert caught.value.offset == 1


# --- space_as_plus, decoupled from the set ---------------------------------------


@given(text=text_with_surrogates, space_as_plus=st.booleans())
def test_space_as_plus_keyword(text: str, space_as_plus: bool) -> None:
    """percent_encode_after_encoding, utf8_percent_encode and percent_encode_bytes take
    space_as_plus for any set."""
    scalar = reference.to_scalar_value_string(text)
    for name in reference.SETS:
        expected = reference.utf8_percent_encode(scalar, reference.SETS[name], space_as_plus)
        percent_encode_set = getattr(urlencoded, name)
        assert (
            urlencoded.percent_encode_after_encoding(
                "UTF-8", text, percent_encode_set, space_as_plus=space_as_plus
            )
            == expected
        )
        assert (
            urlencoded.utf8_percent_encode(text, percent_encode_set, space_as_plus=space_as_plus)
            == expected
        )
        assert (
            urlencoded.percent_encode_bytes(
                reference.utf8_encode(scalar), percent_encode_set, space_as_plus=space_as_plus
            )
            == expected
        )


def test_space_as_plus_default_unchanged() -> None:
    """Left out, space_as_plus is true for the urlencoded set only, as before."""
    assert urlencoded.utf8_percent_encode("a b", urlencoded.URLENCODED_PERCENT_ENCODE_SET) == "a+b"
    assert urlencoded.utf8_percent_encode("a b", urlencoded.COMPONENT_PERCENT_ENCODE_SET) == "a%20b"
    assert (
        urlencoded.percent_encode_after_encoding(
            "UTF-8", "a b", urlencoded.URLENCODED_PERCENT_ENCODE_SET, space_as_plus=False
        )
        == "a%20b"
    )


def test_space_as_plus_type() -> None:
    """space_as_plus must be a bool or None."""
    with pytest.raises(TypeError, match="space_as_plus"):
        urlencoded.utf8_percent_encode(
            "a b",
            urlencoded.COMPONENT_PERCENT_ENCODE_SET,
            space_as_plus="yes",  # type: ignore[arg-type]
        )


# --- Docstring examples of the private submodules ---------------------------------


@pytest.mark.parametrize("module", ["_dialect", "_javascript", "_named"])
def test_submodule_examples(module: str) -> None:
    """The examples in the dialects submodules' docstrings give the output they show."""
    result = doctest.testmod(importlib.import_module(f"urlencoded.dialects.{module}"))
    assert result.attempted > 0
    assert result.failed == 0
