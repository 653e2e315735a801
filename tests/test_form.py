"""parse, parse_bytes and serialize: behaviour, options and errors.

https://url.spec.whatwg.org/#application/x-www-form-urlencoded
"""

from __future__ import annotations

import inspect
import pickle
from collections import OrderedDict
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urlencoded
from tests import reference, reference_encoding, reference_html
from tests.strategies import form_bodies, text_with_surrogates


class TestParse:
    """https://url.spec.whatwg.org/#concept-urlencoded-parser"""

    def test_signature_and_keyword_errors(self) -> None:
        """parse shows its keyword-only options to inspect and refuses unknown ones by name,
        though the call without options takes a shortcut."""
        parameters = inspect.signature(urlencoded.parse).parameters
        assert list(parameters)[1:4] == ["encoding", "errors", "isindex"]
        assert all(p.kind is p.KEYWORD_ONLY for p in list(parameters.values())[1:])
        assert urlencoded.parse.__name__ == "parse"
        assert "x-www-form-urlencoded" in (urlencoded.parse.__doc__ or "")
        with pytest.raises(TypeError, match=r"^parse\(\) got an unexpected keyword argument 'foo'"):
            urlencoded.parse("a=1", foo=1)  # type: ignore[call-arg]
        assert urlencoded.parse(data="a=%41") == [("a", "A")]

    def test_deprecated_option_warns_at_the_caller(self) -> None:
        """use_charset_field's DeprecationWarning points at the line that called parse."""
        with pytest.warns(DeprecationWarning, match="use_charset_field") as record:
            urlencoded.parse(b"_charset_=sjis&q=%93%FA", use_charset_field=True)
        assert record[0].filename == __file__

    @pytest.mark.parametrize(
        ("data", "expected"),
        [
            ("a", [("a", "")]),
            ("=x", [("", "x")]),
            ("a=b=c", [("a", "b=c")]),
            ("&&", []),
            ("", []),
            ("a&&b", [("a", ""), ("b", "")]),
            ("a=", [("a", "")]),
            ("=", [("", "")]),
            ("a;b=c", [("a;b", "c")]),
            ("a+b=c+d", [("a b", "c d")]),
            ("a%2Bb=%2b", [("a+b", "+")]),
            ("%26=%3D&x", [("&", "="), ("x", "")]),
            ("%zz=%2%", [("%zz", "%2%")]),
            ("\ufeffa=b", [("\ufeffa", "b")]),
        ],
    )
    def test_cases(self, data: str, expected: list[tuple[str, str]]) -> None:
        """Nothing is dropped, only "&" separates, and "+" is a space."""
        assert urlencoded.parse(data) == expected
        assert urlencoded.parse(data.encode("utf-8")) == expected

    def test_bytes_like(self) -> None:
        """bytearray and memoryview parse like bytes."""
        assert urlencoded.parse(bytearray(b"a=b")) == [("a", "b")]
        assert urlencoded.parse(memoryview(b"xa=b")[1:]) == [("a", "b")]

    def test_invalid_utf8_is_replaced_per_maximal_subpart(self) -> None:
        """Invalid UTF-8 becomes one U+FFFD per maximal subpart, as the Encoding Standard says."""
        assert urlencoded.parse(b"a=%F0%9F%98&b=%ED%A0%80") == [
            ("a", "\ufffd"),
            ("b", "\ufffd\ufffd\ufffd"),
        ]
        assert urlencoded.parse(b"a=\xe2\x82x") == [("a", "\ufffdx")]

    def test_string_with_surrogates(self) -> None:
        """A str holding surrogates is parsed as if each were U+FFFD."""
        assert urlencoded.parse("a\udc80=\ud800") == [("a\ufffd", "\ufffd")]

    @pytest.mark.parametrize("data", [None, 1, ["a=b"], object()])
    def test_wrong_type(self, data: Any) -> None:
        """Anything but bytes-like or str raises TypeError naming the type."""
        with pytest.raises(TypeError, match=type(data).__name__):
            urlencoded.parse(data)

    def test_unknown_errors_value(self) -> None:
        """An errors value other than replace or strict is a ValueError."""
        with pytest.raises(ValueError, match="'ignore'"):
            urlencoded.parse("a", errors="ignore")  # type: ignore[arg-type]

    def test_unknown_encoding(self) -> None:
        """An unknown encoding label raises UnknownEncodingError, a LookupError."""
        with pytest.raises(LookupError, match="'no-such-thing'"):
            urlencoded.parse("a", encoding="no-such-thing")
        with pytest.raises(urlencoded.UnknownEncodingError):
            urlencoded.parse("a", encoding="no-such-thing")


class TestStrict:
    """errors="strict": a DecodeError with offsets instead of U+FFFD."""

    def test_offset_of_value(self) -> None:
        """The error gives the field's offset in the input and the bad byte's position in it."""
        with pytest.raises(urlencoded.DecodeError) as info:
            urlencoded.parse(b"ok=1&name=ab%FFc", errors="strict")
        error = info.value
        assert (error.offset, error.position, error.data, error.encoding) == (
            10,
            2,
            b"ab\xffc",
            "UTF-8",
        )
        assert isinstance(error, ValueError)
        assert "offset 10" in str(error)

    def test_offset_of_name(self) -> None:
        """An invalid name is reported at the start of its sequence."""
        with pytest.raises(urlencoded.DecodeError) as info:
            urlencoded.parse(b"a=%26&%C3=1", errors="strict")
        assert (info.value.offset, info.value.position) == (6, 0)

    def test_valid_input_is_unchanged(self) -> None:
        """Strict mode returns the same pairs as the default for valid UTF-8."""
        data = "q=caf%C3%A9&%EF%BB%BF=1"
        assert urlencoded.parse(data, errors="strict") == urlencoded.parse(data)

    def test_literal_replacement_character_is_valid(self) -> None:
        """A U+FFFD that was sent as such is not an error."""
        assert urlencoded.parse("a=\ufffd", errors="strict") == [("a", "\ufffd")]


class TestLegacyOptions:
    """isindex and _charset_, opt-in."""

    def test_isindex(self) -> None:
        """With isindex, a first sequence without "=" is a value with an empty name."""
        assert urlencoded.parse("foo+bar&a=b", isindex=True) == [("", "foo bar"), ("a", "b")]
        assert urlencoded.parse("foo&a=b") == [("foo", ""), ("a", "b")]
        assert urlencoded.parse("x=foo&bar", isindex=True) == [("x", "foo"), ("bar", "")]
        assert urlencoded.parse("&foo", isindex=True) == [("foo", "")]
        assert urlencoded.parse_bytes(b"%FF&a", isindex=True) == [(b"", b"\xff"), (b"a", b"")]

    def test_charset_field_with_utf8(self) -> None:
        """A _charset_ field naming UTF-8 keeps UTF-8; an unknown label is ignored."""
        data = b"_charset_=bogus&_charset_=utf-8&a=%C3%A9"
        assert urlencoded.parse(data, charset_field="_charset_") == [
            ("_charset_", "bogus"),
            ("_charset_", "utf-8"),
            ("a", "é"),
        ]

    def test_charset_field_is_opt_in(self) -> None:
        """Without the option, _charset_ is an ordinary field, as the spec's parser treats it."""
        assert urlencoded.parse("_charset_=windows-1252&a=%C3%A9") == [
            ("_charset_", "windows-1252"),
            ("a", "é"),
        ]


class TestLimits:
    """max_fields, max_field_size and max_body_size on one-shot parse."""

    def test_no_limits_by_default(self) -> None:
        """parse() has no limits unless asked."""
        assert len(urlencoded.parse(b"a&" * 5000)) == 5000

    def test_max_fields(self) -> None:
        """The field after the limit raises TooManyFields at its offset; empty ones do not count."""
        assert len(urlencoded.parse(b"a&&&b&c", max_fields=3)) == 3
        with pytest.raises(urlencoded.TooManyFields) as info:
            urlencoded.parse(b"a&&&b&c&d", max_fields=3)
        error = info.value
        assert (error.limit, error.value, error.offset) == ("max_fields", 3, 8)
        assert isinstance(error, urlencoded.LimitExceeded)
        assert isinstance(error, ValueError)
        assert "max_fields=3" in str(error)
        assert "offset 8" in str(error)

    def test_max_field_size_counts_name_plus_value(self) -> None:
        """The first "=" is not counted; the byte that passes the limit is the offset."""
        assert urlencoded.parse(b"ab=cd&x", max_field_size=4) == [("ab", "cd"), ("x", "")]
        with pytest.raises(urlencoded.FieldTooLarge) as info:
            urlencoded.parse(b"x&ab=cde", max_field_size=4)
        assert (info.value.limit, info.value.value, info.value.offset) == ("max_field_size", 4, 7)
        with pytest.raises(urlencoded.FieldTooLarge) as info:
            urlencoded.parse(b"abcde", max_field_size=4)
        assert info.value.offset == 4

    def test_max_body_size(self) -> None:
        """A body one byte over the limit raises BodyTooLarge."""
        assert urlencoded.parse(b"a=bc", max_body_size=4) == [("a", "bc")]
        with pytest.raises(urlencoded.BodyTooLarge) as info:
            urlencoded.parse(b"a=bcd", max_body_size=4)
        assert (info.value.limit, info.value.value, info.value.offset) == ("max_body_size", 4, 4)

    def test_earliest_limit_wins(self) -> None:
        """When several limits are passed, the one a scan meets first is raised."""
        with pytest.raises(urlencoded.FieldTooLarge):
            urlencoded.parse(b"abcdef&b&c&d", max_fields=2, max_field_size=3)
        with pytest.raises(urlencoded.TooManyFields):
            urlencoded.parse(b"a&b&c&defghij", max_fields=2, max_field_size=3)
        with pytest.raises(urlencoded.BodyTooLarge):
            urlencoded.parse(b"a&b&c", max_fields=2, max_body_size=2)

    @pytest.mark.parametrize("limit", ["max_fields", "max_field_size", "max_body_size"])
    def test_bad_limit_values(self, limit: str) -> None:
        """A negative limit is a ValueError, a non-int a TypeError."""
        bad_values: dict[str, Any] = {limit: -1}
        with pytest.raises(ValueError, match=limit):
            urlencoded.parse(b"a", **bad_values)
        for wrong_type in ("10", True):
            bad_values = {limit: wrong_type}
            with pytest.raises(TypeError, match=limit):
                urlencoded.parse(b"a", **bad_values)

    @given(data=form_bodies)
    def test_limits_that_hold_change_nothing(self, data: bytes) -> None:
        """Limits set exactly at the input's own counts never raise and change no pair."""
        fields = [s for s in data.split(b"&") if s]
        largest = max((len(s) - (1 if b"=" in s else 0) for s in fields), default=0)
        assert urlencoded.parse(
            data, max_fields=len(fields), max_field_size=largest, max_body_size=len(data)
        ) == reference.urlencoded_parse(data)

    @given(data=form_bodies)
    def test_one_below_always_raises(self, data: bytes) -> None:
        """A limit one below what the input needs always raises its exception."""
        fields = [s for s in data.split(b"&") if s]
        if fields:
            with pytest.raises(urlencoded.TooManyFields):
                urlencoded.parse(data, max_fields=len(fields) - 1)
            largest = max(len(s) - (1 if b"=" in s else 0) for s in fields)
            if largest:
                with pytest.raises(urlencoded.FieldTooLarge):
                    urlencoded.parse_bytes(data, max_field_size=largest - 1)
        if data:
            with pytest.raises(urlencoded.BodyTooLarge):
                urlencoded.parse(data, max_body_size=len(data) - 1)


class TestSerialize:
    """https://url.spec.whatwg.org/#concept-urlencoded-serializer"""

    def test_examples(self) -> None:
        """Only ASCII alphanumerics and *-._ stay; space is "+"; "~" is encoded."""
        assert urlencoded.serialize([("a b", "~*-._!'()"), ("", ""), ("é", "\U0001f600")]) == (
            "a+b=%7E*-._%21%27%28%29&=&%C3%A9=%F0%9F%98%80"
        )

    def test_mapping_in_order(self) -> None:
        """A mapping serializes its items in iteration order."""
        assert urlencoded.serialize(OrderedDict([("b", "1"), ("a", "2")])) == "b=1&a=2"
        assert urlencoded.serialize({}) == ""

    def test_iterables_of_pairs(self) -> None:
        """Lists, tuples, generators and pair-like lists are all accepted."""
        assert urlencoded.serialize(p for p in [("a", "b")]) == "a=b"
        assert urlencoded.serialize([["a", "b"], ("c", "d")]) == "a=b&c=d"

    def test_surrogates_become_replacement_character(self) -> None:
        """Lone surrogates are encoded as U+FFFD, as USVString conversion does."""
        assert urlencoded.serialize([("\ud800", "a\udfffb")]) == "%EF%BF%BD=a%EF%BF%BDb"

    def test_bytes_names_and_values(self) -> None:
        """Bytes are percent-encoded as they are, with no text encoding."""
        info_hash = bytes(range(0x10, 0x24))
        assert urlencoded.serialize([(b"info_hash", info_hash), ("peer", bytearray(b"a b"))]) == (
            "info_hash=%10%11%12%13%14%15%16%17%18%19%1A%1B%1C%1D%1E%1F+%21%22%23&peer=a+b"
        )

    @pytest.mark.parametrize(
        ("pairs", "message"),
        [
            ([("a", None)], "pair 0: value must be str or bytes, int or float, not None"),
            ([("a", "b"), (1, "b")], "pair 1: name must be str or bytes, not int"),
            ([("a", "b", "c")], "pair 0 must have 2 items"),
            ([("a",)], "pair 0 must have 2 items"),
            (["ab"], "pair 0 must be a (name, value) pair, not str"),
            ([None], "pair 0 must be a (name, value) pair, not NoneType"),
            ("a=b", "not str"),
            (b"a=b", "not bytes"),
            (None, "not NoneType"),
            ({"a": True}, "pair 0: value must be str or bytes, int or float, not True"),
            ({"a": object()}, "pair 0: value must be str or bytes, int or float, not object"),
        ],
    )
    def test_wrong_types(self, pairs: Any, message: str) -> None:
        """A non-pair or a non-str, non-bytes name or value raises TypeError saying where."""
        with pytest.raises(TypeError) as info:
            urlencoded.serialize(pairs)
        assert message in str(info.value)

    def test_output_encoding(self) -> None:
        """UTF-16 and replacement serialize as UTF-8 (get an output encoding)."""
        for label in ("utf-16le", "utf-16be", "replacement", "csiso2022kr"):
            encoding = urlencoded.get_encoding(label)
            assert urlencoded.serialize([("é", "€")], encoding=encoding) == "%C3%A9=%E2%82%AC"
            assert urlencoded.serialize([("é", "€")], encoding=label) == "%C3%A9=%E2%82%AC"


class TestStrictSerialize:
    """errors="strict": a character the legacy encoding lacks raises EncodeError."""

    def test_default_writes_a_reference_strict_raises(self) -> None:
        """The browser's %26%23N%3B by default; EncodeError naming pair, character, index and
        encoding with errors="strict"."""
        assert urlencoded.serialize([("n", "ë")], encoding="shift_jis") == "n=%26%23235%3B"
        with pytest.raises(urlencoded.EncodeError) as info:
            urlencoded.serialize([("n", "ë")], encoding="shift_jis", errors="strict")
        error = info.value
        assert (error.encoding, error.code_point, error.index, error.where) == (
            "Shift_JIS",
            0xEB,
            0,
            "serialize() pair 0: value",
        )
        assert str(error) == (
            "serialize() pair 0: value: U+00EB 'ë' at index 0 cannot be encoded in Shift_JIS"
            " (errors='strict')"
        )
        assert isinstance(error, ValueError)
        assert isinstance(error, urlencoded.URLEncodedError)
        assert error.status == 500
        again = pickle.loads(pickle.dumps(error))
        assert (type(again), str(again), again.index) == (type(error), str(error), error.index)

    @pytest.mark.parametrize(
        ("pairs", "encoding", "where", "index", "code_point"),
        [
            ([("a", "b"), ("é‽", "c")], "windows-1252", "pair 1: name", 1, 0x203D),
            ({"q": "日本", "r": "x\x1b"}, "iso-2022-jp", "pair 1: value", 1, 0x1B),
            ([("q", "\x0e")], "iso-2022-jp", "pair 0: value", 0, 0x0E),
            ([("q", "a\ufffd")], "iso-2022-jp", "pair 0: value", 1, 0xFFFD),
            ([("q", "日本\U0001f600")], "gbk", "pair 0: value", 2, 0x1F600),
            # A lone surrogate is U+FFFD by then, which no legacy encoding has.
            ([("q", "ab\ud800")], "euc-kr", "pair 0: value", 2, 0xFFFD),
            ([("q", b"\xff"), ("r", 7), ("s", "Ω")], "windows-1252", "pair 2: value", 0, 0x3A9),
        ],
    )
    def test_the_first_unencodable_character_is_named(
        self, pairs: Any, encoding: str, where: str, index: int, code_point: int
    ) -> None:
        """The error is at the first such character, after bytes and numbers that pass."""
        with pytest.raises(urlencoded.EncodeError) as info:
            urlencoded.serialize(pairs, encoding=encoding, errors="strict")
        error = info.value
        assert (error.where, error.index, error.code_point) == (
            f"serialize() {where}",
            index,
            code_point,
        )
        assert error.encoding == urlencoded.get_encoding(encoding).name

    def test_options_count_pairs_as_given(self) -> None:
        """With isindex, separator and the submission options, the pair index is the input's."""
        pairs = [("isindex", "a"), ("b", "c‽")]
        with pytest.raises(urlencoded.EncodeError, match=r"pair 1: value"):
            urlencoded.serialize(pairs, encoding="windows-1252", isindex=True, errors="strict")
        with pytest.raises(urlencoded.EncodeError, match=r"pair 0: value: U\+203D"):
            urlencoded.serialize(
                [("isindex", "‽")], encoding="windows-1252", isindex=True, errors="strict"
            )
        with pytest.raises(urlencoded.EncodeError, match=r"pair 1: name: U\+2261"):
            urlencoded.serialize(
                [("a", "1"), ("≡", "2")], encoding="latin1", separator=";", errors="strict"
            )

    def test_encodable_text_gives_the_default_output(self) -> None:
        """Strict mode changes nothing where every character encodes, and UTF-8 encodes all."""
        pairs: list[tuple[str, Any]] = [("名前", "日本 語&=~"), ("b", b"\xff"), ("n", 2)]
        for encoding in ("shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "UTF-8", "utf-16le"):
            assert urlencoded.serialize(pairs, encoding=encoding, errors="strict") == (
                urlencoded.serialize(pairs, encoding=encoding)
            )
        assert urlencoded.serialize([("a", "\U0001f600\ud800")], errors="strict") == (
            "a=%F0%9F%98%80%EF%BF%BD"
        )

    @pytest.mark.parametrize(("errors", "error"), [("ignore", ValueError), (None, TypeError)])
    def test_bad_errors_value(self, errors: Any, error: type[Exception]) -> None:
        """errors takes the names parse takes; anything else is refused, even in UTF-8."""
        for encoding in ("UTF-8", "shift_jis"):
            with pytest.raises(error, match="errors must be"):
                urlencoded.serialize([("a", "b")], encoding=encoding, errors=errors)
            with pytest.raises(error, match="errors must be"):
                urlencoded.percent_encode_after_encoding(
                    encoding, "a", urlencoded.URLENCODED_PERCENT_ENCODE_SET, errors=errors
                )

    def test_percent_encode_after_encoding(self) -> None:
        """percent_encode_after_encoding takes errors="strict" too: the index is in the text."""
        urlencoded_set = urlencoded.URLENCODED_PERCENT_ENCODE_SET
        assert urlencoded.percent_encode_after_encoding("big5", "a‽", urlencoded_set) == (
            "a%26%238253%3B"
        )
        with pytest.raises(urlencoded.EncodeError) as info:
            urlencoded.percent_encode_after_encoding("big5", "a‽", urlencoded_set, errors="strict")
        assert (info.value.where, info.value.index, info.value.code_point) == ("", 1, 0x203D)
        assert (
            str(info.value) == "U+203D '‽' at index 1 cannot be encoded in Big5 (errors='strict')"
        )
        assert urlencoded.percent_encode_after_encoding(
            "big5", "a&#8253;", urlencoded_set, errors="strict"
        ) == ("a%26%238253%3B")


def _first_error(encoding: str, text: str) -> tuple[int, int] | None:
    """(index, code point) of the first code point the literal encoder fails on, or None."""
    for index, char in enumerate(text):
        if any(
            isinstance(item, int) for item in reference_encoding.encode_or_fail_loop(encoding, char)
        ):
            return index, ord(char)
    return None


@given(
    encoding=st.sampled_from(
        [
            "windows-1252",
            "ISO-8859-2",
            "Shift_JIS",
            "EUC-JP",
            "ISO-2022-JP",
            "GBK",
            "Big5",
            "EUC-KR",
        ]
    ),
    pairs=st.lists(st.tuples(text_with_surrogates, text_with_surrogates), max_size=5),
)
@example(encoding="ISO-2022-JP", pairs=[("a", "\ufffd\x1b")])
@example(encoding="Shift_JIS", pairs=[("&#235;", "x"), ("n", "ë")])
def test_strict_serialize_agrees_with_the_reference(
    encoding: str, pairs: list[tuple[str, str]]
) -> None:
    """errors="strict" raises at the first character the spec's encoder fails on (found
    character by character), or gives the spec's serialization when there is none."""
    expected_error = None
    for index, pair in enumerate(pairs):
        for part, text in zip(("name", "value"), pair):
            found = _first_error(encoding, reference.to_scalar_value_string(text))
            if found is not None and expected_error is None:
                expected_error = (f"serialize() pair {index}: {part}", *found)
    if expected_error is None:
        expected = reference_html.urlencoded_serialize(
            [
                (reference.to_scalar_value_string(n), reference.to_scalar_value_string(v))
                for n, v in pairs
            ],
            encoding,
        )
        assert urlencoded.serialize(pairs, encoding=encoding, errors="strict") == expected
        return
    with pytest.raises(urlencoded.EncodeError) as info:
        urlencoded.serialize(pairs, encoding=encoding, errors="strict")
    assert (info.value.where, info.value.index, info.value.code_point) == expected_error


class TestPercentFunctions:
    """percent_encode and percent_decode argument checking."""

    @pytest.mark.parametrize(
        ("byte", "error"),
        [(-1, ValueError), (256, ValueError), ("a", TypeError), (True, TypeError)],
    )
    def test_percent_encode_bad(self, byte: Any, error: type[Exception]) -> None:
        """percent_encode takes an int from 0 to 255."""
        with pytest.raises(error):
            urlencoded.percent_encode(byte)

    def test_percent_decode_bad(self) -> None:
        """percent_decode takes bytes or str."""
        with pytest.raises(TypeError, match="int"):
            urlencoded.percent_decode(5)  # type: ignore[arg-type]

    def test_encode_bad(self) -> None:
        """The encoders take a str and a PercentEncodeSet."""
        with pytest.raises(TypeError, match="bytes"):
            urlencoded.utf8_percent_encode(b"a", urlencoded.QUERY_PERCENT_ENCODE_SET)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="PercentEncodeSet"):
            urlencoded.utf8_percent_encode("a", "abc")  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="PercentEncodeSet"):
            urlencoded.percent_encode_after_encoding("utf-8", "a", None)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="str"):
            urlencoded.percent_encode_bytes("a", urlencoded.QUERY_PERCENT_ENCODE_SET)  # type: ignore[arg-type]
