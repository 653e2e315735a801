"""Encoding detection's fast paths against the literal transcriptions, and its limits.

The fast paths: the plausibility count by distinct character, word and
letter pair (``_plausibility_cost``) against the character by character
rules of tests/reference_detect.py; all names and values decoded at once
(``_legacy.Fields``) against decoding each one; the floors that let
parse_mixed skip weighing a reading. The limits are those of parse.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urlencoded
from tests import reference_detect
from tests.reference_encoding import DECODER_NAMES, reference_decode_fatal
from urlencoded import Encoding, get_encoding
from urlencoded._html import _legacy, rank_encodings
from urlencoded._html import _plausibility_cost as counting
from urlencoded._html._legacy import Fields, ascii_reader, read_form

ALL_ENCODINGS = [Encoding(name) for name in DECODER_NAMES]
FIVE = ["utf-8", "shift_jis", "euc-jp", "euc-kr", "windows-1252"]

# Characters each rule looks at: kana and small kana, ideographs of each set, hangul,
# letters of several scripts and cases, symbols, digits, controls, unassigned and
# private-use code points, halfwidth katakana, box drawing, final sigma, dotted I.
RICH = (
    "aZzé日本語東京ひカｱ北京們ぱ서울Мосваяł ąśšĽ¶€-1ゃゅょァっきキ・ーぁャ"
    "\x85\ue000\u0378│İKßÆüÅ¤§«»–’\x00\t\n\r \u3000㈱①²ǅΣσςΑΩ漢字丂乂亘〜−"
    ".,;:!?()[]'\"@#%&*+/=<>~^_`{|}\x7f"
)
rich_texts = st.text(alphabet=st.sampled_from(RICH), max_size=24)
any_texts = st.one_of(rich_texts, st.text(max_size=24))
encodings_or_none = st.one_of(st.none(), st.sampled_from(ALL_ENCODINGS))


def count(text: str, how: Callable[[str, counting.Tally], None]) -> counting.Tally:
    tally = counting.Tally()
    how(text, tally)
    return tally


# --- The count by distinct character ------------------------------------------------------


@given(any_texts, encodings_or_none)
@example("Σσ ΑΣ", None)
@example("きゃ いゃ ァン ファン", None)
@example("Ko¶ciesza ¶ a¶", None)
def test_short_count_agrees_with_reference(text: str, encoding: Encoding | None) -> None:
    """Char by char, the count weighs a text exactly as the rules read it."""
    tally = count(text, counting._tally_short)
    assert counting.text_cost(tally, encoding) == reference_detect.field_cost([text], encoding)


@given(any_texts, encodings_or_none)
@example("Σσ ΑΣ", None)
@example("ぁゃ きゃ ゃ", None)
@example("x¶y ¶y ¶ x¶", None)
def test_long_count_agrees_with_reference(text: str, encoding: Encoding | None) -> None:
    """By distinct character (the path of long texts), the count is the same, to the last bit."""
    tally = count(text, counting._tally_long)
    assert counting.text_cost(tally, encoding) == reference_detect.field_cost([text], encoding)


@given(st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=40), encodings_or_none)
def test_ascii_count_agrees_with_reference(text: str, encoding: Encoding | None) -> None:
    """An ASCII text, counted with bytes operations, weighs as the rules read it."""
    tally = count(text, counting._tally_ascii)
    assert counting.text_cost(tally, encoding) == reference_detect.field_cost([text], encoding)


@given(st.lists(any_texts, max_size=4), encodings_or_none)
def test_texts_weigh_together_as_the_rules_say(texts: list[str], encoding: Encoding | None) -> None:
    """Several texts, counted into one tally, weigh as the rules weigh them together."""
    assert counting.field_cost(texts, encoding) == reference_detect.field_cost(texts, encoding)


@given(st.lists(st.text(alphabet=st.sampled_from(RICH), min_size=40, max_size=120), max_size=8))
def test_long_texts_agree_with_reference(pieces: list[str]) -> None:
    """Texts past LONG_TEXT characters take the distinct-character path, and agree."""
    text = " ".join(pieces)
    for encoding in (None, get_encoding("shift_jis"), get_encoding("windows-1252")):
        tally = counting.tally_text(text)
        assert counting.text_cost(tally, encoding) == reference_detect.field_cost([text], encoding)


@given(any_texts, encodings_or_none)
def test_floors_are_below_the_cost(text: str, encoding: Encoding | None) -> None:
    """The floor of a text, and its cost without the letters, never exceed its cost."""
    tally = counting.tally_text(text)
    cost = counting.text_cost(tally, encoding)[0]
    base, scripts = counting.cost_parts(tally, encoding)
    assert base + scripts <= cost
    assert (base + counting.letters_cost(tally)) + scripts == cost
    assert counting.cost_floor(text, encoding) <= cost + 1e-9


WORDY = st.lists(
    st.text(alphabet=st.sampled_from("aeiouyzéèüößłąśšМосваяΣσςİΩ"), min_size=1, max_size=9),
    max_size=40,
).map(" ".join)


@given(st.one_of(WORDY, any_texts))
@example("Σ" * 50 + " ß" * 30)
def test_letters_estimate_is_within_its_bound(text: str) -> None:
    """The letters' part summed word by word is the exact one but for the last bits, as bounded."""
    tally = counting.tally_text(text)
    estimate, error = counting.letters_estimate(tally, len(text))
    assert abs(estimate - counting.letters_cost(tally)) <= error


# --- All names and values decoded at once ---------------------------------------------------

TOKENS = st.sampled_from(
    [b"a", b"Z", b"=", b"==", b"&", b";", b"+", b"%", b"%2", b"%00", b"%01", b"%1f", b"%1B",
     b"%0E", b"%0F", b"%1B%24B", b"%1B(B", b"%24%22", b"\x00", b"\x01", b"\x1b", b"\n",
     b"%E6%97%A5", b"%93%FA", b"%C6%FC", b"%82", b"%FF", b"%C3", b"%A9", b"%80", b"\xe9",
     b"%D8%00", b"%00%D8", b"%26", b"%3D", b"q", b"7", b" "]
)  # fmt: skip
bodies = st.lists(TOKENS, max_size=24).map(b"".join)
separators = st.sampled_from(["&", ";", ("&", ";"), "+", "%", "a", "\x01", ("\x00", "&")])


def by_part(data: bytes, separator: Any, encoding: Encoding) -> str | None:
    """Each non-empty name and value of the parser decoded on its own, apart by spaces."""
    texts = []
    for pair in urlencoded.parse_bytes(data, separator=separator):
        for part in pair:
            if part:
                text = reference_decode_fatal(encoding.name, part)
                if text is None:
                    return None
                texts.append(text)
    return spaced(" ".join(texts))


def spaced(text: str | None) -> str | None:
    """*text* with each run of spaces made one, and none at either end.

    The rules read any run of spaces as one space, which is what keeps names and
    values apart (an empty name or value adds a space to the run).
    """
    return None if text is None else re.sub(" +", " ", text).strip(" ")


@given(bodies, separators, st.sampled_from(ALL_ENCODINGS), st.sampled_from([8, 16 * 1024]))
@example(b"a=%93%FA&b=%FA", "&", get_encoding("shift_jis"), 8)
@example(b"a=%1B%24B%24%22&b=c", "&", get_encoding("iso-2022-jp"), 16 * 1024)
def test_decoding_at_once_is_decoding_each(
    data: bytes, separator: Any, encoding: Encoding, chunk: int
) -> None:
    """Decoding every name and value at once gives what decoding each one gives, or None."""
    with mock.patch.object(_legacy, "_CHUNK", chunk):
        _, fields = read_form(data, [encoding], "test", separator, None, None, None)
        assert spaced(fields.text(encoding)) == by_part(data, separator, encoding)


@given(st.lists(any_texts, max_size=4), st.integers(1, 3), encodings_or_none)
def test_runs_of_spaces_weigh_as_one(texts: list[str], run: int, encoding: Encoding | None) -> None:
    """The rules read a run of spaces as one (so an empty name or value changes nothing)."""
    joined = (" " * run).join(texts)
    assert reference_detect.field_cost([" " + joined + " "], encoding) == (
        reference_detect.field_cost(texts, encoding)
    )


def every_joiner_escaped() -> bytes:
    return b"&".join(b"x=%%%02X" % byte for byte in _legacy._JOINERS)


@pytest.mark.parametrize(
    "data",
    [
        b"a=%00&b=%93%FA",  # the first joiner is taken: the next one serves
        every_joiner_escaped() + b"&q=%93%FA",  # none is free: each part on its own
        b"a=b=c&d==e&=&==",  # names end at the first '='
        bytes(range(0x20)) + b"=%93%FA",  # raw controls
    ],
)
@pytest.mark.parametrize("encoding", ALL_ENCODINGS, ids=str)
def test_joiner_collisions(data: bytes, encoding: Encoding) -> None:
    """Escapes and raw bytes that take the joiners do not change what decodes."""
    _, fields = read_form(data, [encoding], "test", "&", None, None, None)
    assert spaced(fields.text(encoding)) == by_part(data, "&", encoding)


def test_no_free_joiner_decodes_each_part() -> None:
    """With every control byte in some value, no joiner is used at all."""
    _, fields = read_form(every_joiner_escaped(), ["utf-8"], "test", "&", None, None, None)
    assert fields.joined() is None
    assert not fields.plain()


PLAIN = bytes(byte for byte in range(0x80) if byte not in b"\x0e\x0f\x1b")


@pytest.mark.parametrize("encoding", ALL_ENCODINGS, ids=str)
def test_ascii_readers_read_plain_bytes_as_ascii(encoding: Encoding) -> None:
    """The encodings said to read ASCII as ASCII do, byte for byte; the others do not."""
    decoded = reference_decode_fatal(encoding.name, PLAIN)
    assert (decoded == PLAIN.decode("ascii")) == ascii_reader(encoding)


@given(st.binary(max_size=12).map(lambda data: data.translate(None, b"\x0e\x0f\x1b")))
def test_plain_bytes_read_alike(data: bytes) -> None:
    """Any plain bytes (ASCII, no SO, SI, ESC) decode to themselves in every ASCII reader."""
    plain = bytes(byte & 0x7F for byte in data).translate(None, b"\x0e\x0f\x1b")
    for encoding in ALL_ENCODINGS:
        if ascii_reader(encoding):
            assert reference_decode_fatal(encoding.name, plain) == plain.decode("ascii")


# --- The entry points on larger and more varied bodies ---------------------------------------

FIELD_VALUES = st.sampled_from(
    ["日本", "東京都", "ｱｲｳ", "Müller", "Łódź", "Москва", "서울", "北京市", "café", "a b", "1", "",
     "Größe Straße", "улица Ленина", "été à Noël", "ÆØÅ"]
)  # fmt: skip
FIELD_LABELS = st.sampled_from(
    ["utf-8", "shift_jis", "euc-jp", "iso-2022-jp", "euc-kr", "gbk", "big5", "windows-1252",
     "windows-1251", "koi8-r", "iso-8859-2", "x-user-defined", "utf-16le"]
)  # fmt: skip
CANDIDATES = st.lists(
    st.sampled_from(
        ["utf-8", "shift_jis", "euc-jp", "iso-2022-jp", "euc-kr", "gbk", "windows-1252",
         "windows-1251", "koi8-r", "iso-8859-2", "iso-8859-15", "utf-16le", "utf-16be",
         "replacement", "x-user-defined"]
    ),
    min_size=1,
    max_size=5,
    unique=True,
)  # fmt: skip


@st.composite
def mixed_bodies(draw: st.DrawFn) -> bytes:
    """Up to eight fields, each in an encoding of its own, some repeated, some ASCII."""
    fields = []
    for _ in range(draw(st.integers(0, 8))):
        value = draw(FIELD_VALUES)
        label = draw(FIELD_LABELS)
        name = draw(st.sampled_from(["q", "name", "名", "x"]))
        output = "UTF-8" if label.startswith("utf-16") else label
        fields.append(urlencoded.serialize([(name, value)], encoding=output).encode("ascii"))
        if draw(st.booleans()) and fields:
            fields.append(draw(st.sampled_from(fields)))
    return b"&".join(fields)


@given(mixed_bodies(), CANDIDATES)
def test_parse_mixed_agrees_with_reference_on_mixed_bodies(data: bytes, labels: list[str]) -> None:
    """parse_mixed decides each field as the transcription does, with any candidates."""
    fields = urlencoded.parse_mixed(data, labels)
    expected = reference_detect.parse_mixed(data, labels)
    assert [(name, value, encoding.name) for name, value, encoding in fields] == expected


@given(mixed_bodies(), CANDIDATES)
def test_detect_and_guess_agree_with_reference_on_mixed_bodies(
    data: bytes, labels: list[str]
) -> None:
    """detect_encoding chooses and guess_encoding filters as the transcription does."""
    found = urlencoded.detect_encoding(data, labels)
    assert (found.name if found else None) == reference_detect.detect_encoding(data, labels)
    names = reference_detect.candidate_names(labels)
    parts = [part for pair in urlencoded.parse_bytes(data) for part in pair if part]
    decoding = [
        name
        for name in names
        if all(reference_decode_fatal(name, part) is not None for part in parts)
    ]
    assert [encoding.name for encoding in urlencoded.guess_encoding(data, labels)] == decoding


@given(
    st.lists(st.sampled_from([b"a=1", b"b=%41", b"c", b"=", b"d=x+y", b""]), max_size=30),
    CANDIDATES,
)
def test_plain_bodies_agree_with_reference(pieces: list[bytes], labels: list[str]) -> None:
    """A body of ASCII alone, read once for every ASCII reader, agrees with the transcription."""
    data = b"&".join(pieces)
    fields = urlencoded.parse_mixed(data, labels)
    expected = reference_detect.parse_mixed(data, labels)
    assert [(name, value, encoding.name) for name, value, encoding in fields] == expected
    found = urlencoded.detect_encoding(data, labels)
    assert (found.name if found else None) == reference_detect.detect_encoding(data, labels)


# --- The limits, checked first ----------------------------------------------------------

ENTRY_POINTS = [
    urlencoded.detect_encoding,
    urlencoded.parse_mixed,
    urlencoded.guess_encoding,
    rank_encodings,
]


@pytest.mark.parametrize("function", ENTRY_POINTS, ids=lambda function: function.__name__)
def test_limits_are_checked_before_decoding(
    function: Callable[..., object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A body over a limit raises before any name or value is decoded."""

    def refuse(*arguments: object) -> None:
        raise AssertionError("decoded before the limits were checked")

    monkeypatch.setattr(Fields, "text", refuse)
    monkeypatch.setattr(Fields, "pairs", refuse)
    with pytest.raises(urlencoded.BodyTooLarge):
        function(b"q=%93%FA" * 1000, FIVE, max_body_size=100)
