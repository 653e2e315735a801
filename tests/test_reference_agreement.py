"""Hypothesis properties: the package agrees with the literal spec transcriptions."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urlencoded
from tests import reference, reference_encoding
from tests.strategies import (
    binary_pairs,
    form_bodies,
    pairs_with_surrogates,
    scalar_pairs,
    scalar_text,
    text_with_surrogates,
)
from urlencoded._core._percent import Escaper, _escape_encoded, encode_after_encoding, escaper

# A length the fast paths of the package treat as a threshold (64 bytes).
_SHORT = 64

SET_NAMES = sorted(reference.SETS)


class TestPercentDecode:
    """https://url.spec.whatwg.org/#percent-decode and #string-percent-decode."""

    @given(data=form_bodies)
    @example(b"%25%s%1G")
    @example(b"%%%2%")
    def test_bytes_agree(self, data: bytes) -> None:
        """Byte percent-decode equals the transcription for any bytes."""
        assert urlencoded.percent_decode(data) == reference.percent_decode_bytes(data)

    @given(text=text_with_surrogates)
    def test_string_agrees(self, text: str) -> None:
        """String percent-decode equals the transcription after USVString conversion."""
        expected = reference.percent_decode_string(reference.to_scalar_value_string(text))
        assert urlencoded.percent_decode(text) == expected

    @given(data=form_bodies)
    def test_bytearray_and_memoryview(self, data: bytes) -> None:
        """Every bytes-like type decodes the same as bytes."""
        expected = reference.percent_decode_bytes(data)
        assert urlencoded.percent_decode(bytearray(data)) == expected
        assert urlencoded.percent_decode(memoryview(data)) == expected


class TestUTF8Decode:
    """https://encoding.spec.whatwg.org/#utf-8-decode-without-bom"""

    @given(data=st.binary())
    @example(b"\xed\xa0\x80\xc0\xaf\xf4\x90\x80\x80\xe2\x82")
    def test_replacement_agrees(self, data: bytes) -> None:
        """Each maximal invalid subpart becomes one U+FFFD, as the spec's decoder does."""
        fields = urlencoded.parse(
            b"a=" + data.replace(b"&", b"").replace(b"+", b"").replace(b"%", b"")
        )
        value = data.replace(b"&", b"").replace(b"+", b"").replace(b"%", b"")
        assert fields == [("a", reference.utf8_decode_without_bom(value))]

    @given(data=st.binary())
    @example(b"ab\xe2\x82")
    def test_strict_reports_first_error(self, data: bytes) -> None:
        """Strict mode raises where the spec's fatal decoder fails, at the same position."""
        value = data.replace(b"&", b"").replace(b"+", b"").replace(b"%", b"")
        failure: reference.DecoderError | None = None
        try:
            decoded = reference.utf8_decode_without_bom(value, fatal=True)
        except reference.DecoderError as error:
            failure = error
        if failure is None:
            assert urlencoded.parse(b"a=" + value, errors="strict") == [("a", decoded)]
            return
        with pytest.raises(urlencoded.DecodeError) as info:
            urlencoded.parse(b"a=" + value, errors="strict")
        assert info.value.offset == 2
        assert info.value.position == failure.position
        assert info.value.data == value


def _valid(data: bytes) -> bool:
    """Whether the spec's UTF-8 decoder, in fatal mode, accepts *data*."""
    try:
        reference.utf8_decode_without_bom(data, fatal=True)
    except reference.DecoderError:
        return False
    return True


class TestPercentEncode:
    """https://url.spec.whatwg.org/#string-percent-encode-after-encoding with UTF-8."""

    @pytest.mark.parametrize("set_name", SET_NAMES)
    @given(text=text_with_surrogates)
    def test_every_set_agrees(self, set_name: str, text: str) -> None:
        """UTF-8 percent-encode equals the transcription for every named set."""
        percent_encode_set = getattr(urlencoded, set_name)
        space_as_plus = set_name == "URLENCODED_PERCENT_ENCODE_SET"
        expected = reference.utf8_percent_encode(
            reference.to_scalar_value_string(text), reference.SETS[set_name], space_as_plus
        )
        assert urlencoded.utf8_percent_encode(text, percent_encode_set) == expected
        assert (
            urlencoded.percent_encode_after_encoding("utf-8", text, percent_encode_set) == expected
        )

    @given(data=st.binary(), set_name=st.sampled_from(SET_NAMES))
    def test_bytes_agree(self, data: bytes, set_name: str) -> None:
        """Percent-encoding raw bytes follows step 7.3 byte by byte."""
        in_set = reference.SETS[set_name]
        plus = set_name == "URLENCODED_PERCENT_ENCODE_SET"
        expected = "".join(
            "+" if plus and b == 0x20 else (reference.percent_encode(b) if in_set(b) else chr(b))
            for b in data
        )
        assert urlencoded.percent_encode_bytes(data, getattr(urlencoded, set_name)) == expected

    @given(byte=st.integers(0, 255))
    def test_byte(self, byte: int) -> None:
        """Percent-encoding one byte gives "%" and two upper-case hex digits."""
        assert urlencoded.percent_encode(byte) == reference.percent_encode(byte)


class TestParser:
    """https://url.spec.whatwg.org/#concept-urlencoded-parser"""

    @given(data=form_bodies)
    @example(b"a=1%26b%3D2&c")
    @example(b"%FF&%C3=%3D")
    @example(b"\x00a=%41=b&c==%00")
    @example(bytes(range(9)) + b"=%41=b")
    @example(b"a=%3D%3d&b=%01\x00=")
    @example(b"a=%41\n&b=%41\r=")
    def test_bytes_agree(self, data: bytes) -> None:
        """The parser equals the transcription for any bytes."""
        assert urlencoded.parse(data) == reference.urlencoded_parse(data)

    @given(data=form_bodies)
    @example(b"\x00a=%41=b&c==%00")
    @example(b"a=%3D%3d&b=%01\x00=")
    def test_bytes_level_agrees(self, data: bytes) -> None:
        """parse_bytes equals the transcription's percent-decoded bytes."""
        assert urlencoded.parse_bytes(data) == reference.urlencoded_parse_to_bytes(data)

    @given(text=text_with_surrogates)
    def test_string_parser_agrees(self, text: str) -> None:
        """The string parser equals the transcription after USVString conversion."""
        scalar = reference.to_scalar_value_string(text)
        assert urlencoded.parse(text) == reference.urlencoded_string_parse(scalar)

    @given(data=form_bodies)
    def test_strict_agrees_when_valid(self, data: bytes) -> None:
        """Strict mode returns the spec's pairs, or raises only when a U+FFFD came from an error."""
        expected = reference.urlencoded_parse(data)
        raw = reference.urlencoded_parse_to_bytes(data)
        if all(_valid(name) and _valid(value) for name, value in raw):
            assert urlencoded.parse(data, errors="strict") == expected
        else:
            with pytest.raises(urlencoded.DecodeError):
                urlencoded.parse(data, errors="strict")

    @given(data=form_bodies, strict=st.booleans())
    def test_field_by_field_path_agrees(self, data: bytes, strict: bool) -> None:
        """The field-by-field path (forced by a %26 escape) agrees with the transcription."""
        body = b"x=%26&" + data
        if strict:
            raw = reference.urlencoded_parse_to_bytes(body)
            if not all(_valid(n) and _valid(v) for n, v in raw):
                return
        assert urlencoded.parse(body, errors="strict" if strict else "replace") == (
            reference.urlencoded_parse(body)
        )


class TestSerializer:
    """https://url.spec.whatwg.org/#concept-urlencoded-serializer"""

    @given(pairs=pairs_with_surrogates)
    def test_agrees(self, pairs: list[tuple[str, str]]) -> None:
        """The serializer equals the transcription after USVString conversion."""
        scalar = [
            (reference.to_scalar_value_string(n), reference.to_scalar_value_string(v))
            for n, v in pairs
        ]
        assert urlencoded.serialize(pairs) == reference.urlencoded_serialize(scalar)

    @given(
        pairs=st.lists(
            st.tuples(
                st.from_regex(r"[A-Za-z0-9*\-._ ]*", fullmatch=True),
                st.from_regex(r"[A-Za-z0-9*\-._ ]*", fullmatch=True),
            ),
            max_size=8,
        )
    )
    def test_unescaped_fast_path_agrees(self, pairs: list[tuple[str, str]]) -> None:
        """Pairs that need no escapes take the fast path and still agree."""
        assert urlencoded.serialize(pairs) == reference.urlencoded_serialize(pairs)
        assert urlencoded.serialize([list(p) for p in pairs]) == reference.urlencoded_serialize(
            pairs
        )

    @given(pairs=pairs_with_surrogates)
    def test_output_alphabet(self, pairs: list[tuple[str, str]]) -> None:
        """Output is ASCII and uses only A-Z a-z 0-9 * - . _ + % & =."""
        assert re.fullmatch(r"[A-Za-z0-9*\-._+%&=]*", urlencoded.serialize(pairs))

    @given(pairs=binary_pairs)
    def test_bytes_pairs_round_trip(self, pairs: list[tuple[bytes, bytes]]) -> None:
        """Bytes names and values come back byte for byte from parse_bytes."""
        assert urlencoded.parse_bytes(urlencoded.serialize(pairs)) == [(n, v) for n, v in pairs]


class TestRoundTrip:
    """parse(serialize(pairs)) == pairs for scalar value strings."""

    @given(pairs=scalar_pairs)
    def test_round_trip(self, pairs: list[tuple[str, str]]) -> None:
        """Serializing then parsing gives back every pair, in order."""
        assert urlencoded.parse(urlencoded.serialize(pairs)) == pairs
        assert urlencoded.parse(urlencoded.serialize(pairs).encode("ascii")) == pairs

    @given(pairs=pairs_with_surrogates)
    def test_round_trip_replaces_surrogates(self, pairs: list[tuple[str, str]]) -> None:
        """Surrogates come back as U+FFFD, as USVString conversion makes them."""
        expected = [
            (reference.to_scalar_value_string(n), reference.to_scalar_value_string(v))
            for n, v in pairs
        ]
        assert urlencoded.parse(urlencoded.serialize(pairs)) == expected

    @given(text=scalar_text)
    def test_utf8_percent_encode_round_trip(self, text: str) -> None:
        """Component-set encoding decodes back to the UTF-8 of the text."""
        encoded = urlencoded.utf8_percent_encode(text, urlencoded.COMPONENT_PERCENT_ENCODE_SET)
        assert urlencoded.percent_decode(encoded) == text.encode("utf-8")


class TestEncoderOutputEscaping:
    """Step 7.3 on encoder output: both ways of escaping give the spec's bytes."""

    @pytest.mark.parametrize("set_name", SET_NAMES)
    @given(
        data=st.lists(
            st.one_of(st.binary(max_size=6), st.sampled_from([b"\x82\xa0", b"\x83@", b" ", b"a"])),
            max_size=12,
        ).map(b"".join)
    )
    def test_translate_and_runs_agree(self, set_name: str, data: bytes) -> None:
        """The per-byte table and the run splitting both follow step 7.3 byte by byte."""
        percent_encode_set = getattr(urlencoded, set_name)
        in_set = reference.SETS[set_name]
        plus = set_name == "URLENCODED_PERCENT_ENCODE_SET"
        expected = "".join(
            "+" if plus and b == 0x20 else (reference.percent_encode(b) if in_set(b) else chr(b))
            for b in data
        )
        table = percent_encode_set.byte_table(plus)
        assert data.decode("latin-1").translate(table) == expected
        assert _escape_encoded(data, percent_encode_set, plus) == expected
        assert urlencoded.percent_encode_bytes(data, percent_encode_set) == expected

    @pytest.mark.parametrize(
        "unit",
        [
            "日本語のテキスト、カタカナとひらがな。".encode(
                "shift_jis"
            ),  # kept and escaped alternate
            "日本語のテキスト".encode(),  # long escaped runs
            b"plain ascii words + more ",  # long kept runs
            "caf\u00e9 na\u00efve ".encode("latin-1"),  # accents every few bytes
        ],
    )
    @pytest.mark.parametrize("set_name", SET_NAMES)
    def test_long_inputs_either_way(self, unit: bytes, set_name: str) -> None:
        """Long inputs of each shape, escaped in planes, still follow step 7.3."""
        data = (unit * (10_000 // len(unit) + 1))[:10_000] + bytes(range(256))
        in_set = reference.SETS[set_name]
        plus = set_name == "URLENCODED_PERCENT_ENCODE_SET"
        expected = "".join(
            "+" if plus and b == 0x20 else (reference.percent_encode(b) if in_set(b) else chr(b))
            for b in data
        )
        assert _escape_encoded(data, getattr(urlencoded, set_name), plus) == expected

    @pytest.mark.parametrize("set_name", SET_NAMES)
    @given(
        data=st.one_of(
            st.binary(min_size=_SHORT - 2, max_size=_SHORT + 2),
            st.binary(max_size=400),
        ),
        plus=st.booleans(),
    )
    def test_either_side_of_the_short_threshold(
        self, set_name: str, data: bytes, plus: bool
    ) -> None:
        """Inputs just below and above the charmap_decode threshold, and longer, follow step 7.3."""
        in_set = reference.SETS[set_name]
        expected = "".join(
            "+" if plus and b == 0x20 else (reference.percent_encode(b) if in_set(b) else chr(b))
            for b in data
        )
        assert _escape_encoded(data, getattr(urlencoded, set_name), plus) == expected

    @given(
        data=st.one_of(st.binary(max_size=_SHORT), st.binary(min_size=_SHORT + 1, max_size=300)),
        added=st.sets(st.integers(0, 0x7F)),
        removed=st.sets(st.integers(0, 0x7F)),
        plus=st.booleans(),
    )
    def test_derived_sets(
        self, data: bytes, added: set[int], removed: set[int], plus: bool
    ) -> None:
        """A set with ASCII code points added or removed (even 0x00) escapes as step 7.3 says."""
        percent_encode_set = urlencoded.C0_CONTROL_PERCENT_ENCODE_SET.add(*added).remove(*removed)

        def in_set(byte: int) -> bool:
            # https://url.spec.whatwg.org/#c0-control-percent-encode-set, then the changes.
            c0_control_set = byte <= 0x1F or byte > 0x7E
            return byte >= 0x80 or ((c0_control_set or byte in added) and byte not in removed)

        expected = "".join(
            "+" if plus and b == 0x20 else (reference.percent_encode(b) if in_set(b) else chr(b))
            for b in data
        )
        assert _escape_encoded(data, percent_encode_set, plus) == expected

    @given(
        data=st.one_of(st.binary(max_size=_SHORT), st.binary(min_size=_SHORT + 1, max_size=300)),
        added=st.sets(st.integers(0, 0x7F)),
        removed=st.sets(st.integers(0, 0x7F)),
        plus=st.booleans(),
        lowercase=st.booleans(),
        written=st.dictionaries(
            st.integers(0, 0xFF), st.characters(min_codepoint=0, max_codepoint=0x7F), max_size=3
        ),
    )
    def test_escaper_on_derived_sets_in_either_case(
        self,
        data: bytes,
        added: set[int],
        removed: set[int],
        plus: bool,
        lowercase: bool,
        written: dict[int, str],
    ) -> None:
        """The one escaping engine, for any set, space rule and hex case, and with any
        bytes written as given ASCII characters, follows step 7.3 byte by byte."""
        percent_encode_set = urlencoded.C0_CONTROL_PERCENT_ENCODE_SET.add(*added).remove(*removed)

        def in_set(byte: int) -> bool:
            # https://url.spec.whatwg.org/#c0-control-percent-encode-set, then the changes.
            c0_control_set = byte <= 0x1F or byte > 0x7E
            return byte >= 0x80 or ((c0_control_set or byte in added) and byte not in removed)

        def output(byte: int) -> str:
            if plus and byte == 0x20:
                return "+"
            if not in_set(byte):
                return chr(byte)
            escape = reference.percent_encode(byte)
            return escape.lower() if lowercase else escape

        escapes = escaper(percent_encode_set, plus, lowercase)
        assert escapes is escaper(percent_encode_set, plus, lowercase)
        assert escapes(data) == "".join(map(output, data))
        assert escapes.kept == bytes(b for b in range(0x80) if output(b) == chr(b))
        assert escapes.references == all(in_set(byte) for byte in b"&#;")
        variant = escapes.writing(tuple(written.items()))
        assert variant is escapes.writing(tuple(written.items()))
        assert isinstance(variant, Escaper)
        assert variant(data) == "".join(written.get(b) or output(b) for b in data)

    @given(
        name=st.sampled_from(reference_encoding.ENCODER_NAMES),
        text=st.text(
            st.one_of(
                st.characters(max_codepoint=0x7F),
                st.sampled_from("¥‾\u2212€\ue5e5ｱ①\u2170\uf780&#;"),
                st.characters(min_codepoint=0x80, exclude_categories=("Cs",)),
            ),
            max_size=30,
        ),
        set_name=st.sampled_from(SET_NAMES),
        plus=st.booleans(),
        lowercase=st.booleans(),
    )
    def test_engine_in_each_encoding_and_hex_case(
        self, name: str, text: str, set_name: str, plus: bool, lowercase: bool
    ) -> None:
        """Steps 3-8 with the one escaping engine, in either hex case, equal the spec's loop
        over the literal encoder; an error's reference takes the escapes' case."""
        in_set = reference.SETS[set_name]
        expected = []
        for item in reference_encoding.encode_or_fail_loop(name, text):
            if isinstance(item, int):
                # Step 7.4, whatever the set ("&", "#" and ";" escaped or not).
                expected.append(f"%26%23{item}%3b" if lowercase else f"%26%23{item}%3B")
                continue
            for byte in item:
                if plus and byte == 0x20:
                    expected.append("+")
                elif in_set(byte):
                    escape = reference.percent_encode(byte)
                    expected.append(escape.lower() if lowercase else escape)
                else:
                    expected.append(chr(byte))
        escapes = escaper(getattr(urlencoded, set_name), plus, lowercase)
        encoding = urlencoded.get_encoding(name)
        assert encode_after_encoding(encoding, text, escapes) == "".join(expected)
