"""detect_encoding and parse_mixed: choosing the most plausible encoding of legacy form data."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import urlencoded
from tests import reference_detect
from tests.reference import urlencoded_parse_to_bytes
from tests.reference_encoding import reference_decode_fatal
from urlencoded import Encoding, get_encoding
from urlencoded._html import rank_encodings
from urlencoded._html._detect import field_cost

# The encodings common in each region, as a page of that region would have sent them.
REGIONS = {
    "Japanese": ["UTF-8", "Shift_JIS", "EUC-JP", "ISO-2022-JP"],
    "Chinese": ["UTF-8", "GBK", "gb18030", "Big5"],
    "Korean": ["UTF-8", "EUC-KR"],
    "Russian": ["UTF-8", "windows-1251", "KOI8-R", "IBM866"],
    "Central European": ["UTF-8", "ISO-8859-2", "windows-1250"],
    "Western": ["UTF-8", "windows-1252"],
}
ALL_CANDIDATES = sorted({label for labels in REGIONS.values() for label in labels})

# Short values of each region, everyday words and names.
SAMPLES = {
    "Japanese": ["日本語", "東京都", "佐藤 花子", "株式会社", "ひらがな", "カタカナ"],
    "Chinese": ["北京市", "王秀英", "有限公司", "中文", "上海"],
    "Korean": ["서울특별시", "김민준", "한국어"],
    "Russian": ["Москва", "Иванов", "слово", "улица Ленина", "привет"],
    "Central European": ["Łódź", "Kościuszko", "Dąbrowski", "żółty", "Świętochłowice"],
    "Western": ["Müller", "Straße", "Größe", "Café", "Zürich"],
}


def body(value: str, encoding: str, name: str = "q") -> bytes:
    """A form body with one field, the value in the given encoding."""
    return urlencoded.serialize([(name, value)], encoding=encoding).encode("ascii")


def encodable(value: str, encoding: str) -> bool:
    """Whether the encoding can write the value (no character reference needed)."""
    return urlencoded.parse(body(value, encoding), encoding=encoding) == [("q", value)]


CASES = [
    (region, value, encoding)
    for region, values in SAMPLES.items()
    for value in values
    for encoding in REGIONS[region]
    if encodable(value, encoding)
]


@pytest.mark.parametrize(("region", "value", "encoding"), CASES)
def test_detects_everyday_values(region: str, value: str, encoding: str) -> None:
    """An everyday value of a region, in any of the region's encodings, is read back as written."""
    chosen = urlencoded.detect_encoding(body(value, encoding), REGIONS[region])
    assert chosen is not None
    assert urlencoded.parse(body(value, encoding), encoding=chosen) == [("q", value)]


def test_none_when_nothing_decodes() -> None:
    """No candidate that decodes every field means None, as does no candidate at all."""
    assert urlencoded.detect_encoding(b"q=%93%FA", ["utf-8", "euc-jp"]) is None
    assert urlencoded.detect_encoding(b"q=%93%FA", []) is None
    assert urlencoded.detect_encoding(b"", []) is None


def test_ascii_goes_to_utf8() -> None:
    """A body that reads the same in every candidate goes to UTF-8, wherever it is listed."""
    assert urlencoded.detect_encoding(b"a=b&c=d", ["windows-1252", "shift_jis", "utf-8"]) == (
        get_encoding("utf-8")
    )


def test_same_text_in_two_encodings_is_either() -> None:
    """GBK and gb18030 read GBK bytes alike: detection cannot tell them apart, and need not."""
    data = body("北京市", "GBK")
    chosen = urlencoded.detect_encoding(data, ["gb18030", "GBK"])
    assert chosen is not None
    assert chosen.name in ("GBK", "gb18030")
    assert urlencoded.parse(data, encoding=chosen) == [("q", "北京市")]


def test_wrong_arguments() -> None:
    """Wrong types raise TypeError, unknown labels UnknownEncodingError, bad options ValueError."""
    with pytest.raises(TypeError):
        urlencoded.detect_encoding(b"q=a", "utf-8")
    with pytest.raises(TypeError):
        urlencoded.detect_encoding(123, ["utf-8"])  # type: ignore[arg-type]
    with pytest.raises(urlencoded.UnknownEncodingError):
        urlencoded.detect_encoding(b"q=a", ["no-such-encoding"])
    with pytest.raises(TypeError):
        urlencoded.parse_mixed(b"q=a", get_encoding("utf-8"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least one candidate"):
        urlencoded.parse_mixed(b"q=a", [])
    with pytest.raises(ValueError, match="separator"):
        urlencoded.detect_encoding(b"q=a", ["utf-8"], separator="")


def test_separator() -> None:
    """The separator splits fields as in parse: ';' here."""
    data = b"a=%93%FA;b=%96%7B"
    assert urlencoded.detect_encoding(data, ["shift_jis", "euc-jp"], separator=";") == (
        get_encoding("shift_jis")
    )
    assert [field[:2] for field in urlencoded.parse_mixed(data, ["shift_jis"], separator=";")] == [
        ("a", "日"),
        ("b", "本"),
    ]
    both = b"a=%93%FA;b=%C6%FC&c=%96%7B"
    assert [
        field[2].name
        for field in urlencoded.parse_mixed(both, ["shift_jis", "euc-jp"], separator=("&", ";"))
    ] == [
        "Shift_JIS",
        "EUC-JP",
        "Shift_JIS",
    ]


# --- the rules, one example each --------------------------------------------------------


def cost(*texts: str) -> float:
    return field_cost(texts)[0]


def test_rule_parts_of_the_character_sets() -> None:
    """Everyday kanji cost least, then JIS X 0208 level 1, level 2, and kanji in no set's rows."""
    everyday = "万"  # in CLDR's everyday Japanese characters
    level_1 = "亘"  # JIS X 0208 row 16-47, in no everyday list
    level_2 = "乂"  # JIS X 0208 rows 48-84 only
    outside = "丂"  # in none of JIS X 0208, GB 2312, Big5 and KS X 1001
    assert cost(everyday) < cost(level_1) < cost(level_2) < cost(outside)


def test_rule_small_kana_out_of_place() -> None:
    """A small kana where Japanese cannot write one (Big5 read as GBK) counts against."""
    assert cost("きゅう") < cost("いゅう")
    assert cost("ファン") < cost("ァン")


def test_rule_halfwidth_katakana_against() -> None:
    """Halfwidth katakana, what EUC-JP read as Shift_JIS looks like, cost more than kana."""
    assert cost("ｱｲｳ") > cost("アイウ")


def test_rule_controls_and_private_use_against() -> None:
    """C1 controls and private-use characters count heavily against a reading."""
    assert cost("caf\x85") > cost("café") + 10
    assert cost("\ue000") > cost("日")


def test_rule_symbol_inside_a_word() -> None:
    """A symbol between letters (ISO-8859-2's ś read as windows-1250) counts against."""
    assert cost("Ko¶ciesza") > cost("Kościesza")


def test_rule_capital_after_small_letter() -> None:
    """A capital after a small letter (KOI8-R read as windows-1251) counts against."""
    assert cost("ИВАНОВ") < cost("иВАНОВ")
    assert cost("Łódź") < cost("ŁódĽ")


def test_rule_letters_fit_one_language() -> None:
    """Letters that one language writes together cost less than a mix from several."""
    assert cost("pięćdziesiąt") < cost("pięćdziesišt")


def test_rule_one_script_across_fields() -> None:
    """Fields in one script cost less than fields in several."""
    assert cost("Москва", "Иванов") < cost("Москва", "Ιωάννης")


def test_rank_encodings_reasons() -> None:
    """The ranking gives every candidate that decodes a one-line reason."""
    ranked = rank_encodings(body("東京", "EUC-JP"), ["shift_jis", "euc-jp", "utf-8"])
    assert ranked[0].encoding.name == "EUC-JP"
    assert all(entry.reason and "\n" not in entry.reason for entry in ranked)
    assert [entry.cost for entry in ranked] == sorted(entry.cost for entry in ranked)


# --- parse_mixed ------------------------------------------------------------------------


def test_parse_mixed_two_encodings() -> None:
    """A body whose fields come from Shift_JIS and EUC-JP is decoded field by field."""
    data = body("日本", "shift_jis", "name") + b"&" + body("東京", "euc-jp", "city")
    assert urlencoded.parse_mixed(data, ["euc-jp", "shift_jis", "utf-8"]) == [
        ("name", "日本", get_encoding("shift_jis")),
        ("city", "東京", get_encoding("euc-jp")),
    ]


def test_parse_mixed_undecodable_field() -> None:
    """A field no candidate decodes is decoded with replacement by the one that replaces least."""
    fields = urlencoded.parse_mixed(b"q=%FF%FF&r=%C3%A9", ["utf-8", "euc-jp"])
    assert fields[1] == ("r", "é", get_encoding("utf-8"))
    assert fields[0][0] == "q"
    assert "\ufffd" in fields[0][1]


# --- properties -------------------------------------------------------------------------

POOL = {label: get_encoding(label) for label in ALL_CANDIDATES}
texts = st.text(
    alphabet=st.sampled_from(list("aZé日本語東京ひカｱ北京們ぱ서울Мосваяł ąśšĽ¶€-1")),
    max_size=6,
)


@st.composite
def legacy_bodies(draw: st.DrawFn) -> bytes:
    """Bodies of a few fields, each written in an encoding of the pool (or random bytes)."""
    fields = []
    for _ in range(draw(st.integers(0, 3))):
        if draw(st.booleans()):
            label = draw(st.sampled_from(ALL_CANDIDATES))
            fields.append(body(draw(texts), label, draw(st.sampled_from(["q", "名", "x"]))))
        else:
            raw = draw(st.binary(max_size=6))
            fields.append(
                b"q="
                + urlencoded.percent_encode_bytes(
                    raw, urlencoded.URLENCODED_PERCENT_ENCODE_SET
                ).encode("ascii")
            )
    return b"&".join(fields)


candidate_lists = st.lists(st.sampled_from(ALL_CANDIDATES), min_size=1, max_size=5, unique=True)


@given(legacy_bodies(), candidate_lists, st.randoms())
def test_independent_of_candidate_order(data: bytes, labels: list[str], rng: object) -> None:
    """detect_encoding returns one of guess_encoding's candidates, whatever their order."""
    found = urlencoded.detect_encoding(data, labels)
    decoding = urlencoded.guess_encoding(data, labels)
    assert (found is None) == (not decoding)
    assert found is None or found in decoding
    shuffled = list(labels)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert urlencoded.detect_encoding(data, shuffled) == found
    assert urlencoded.detect_encoding(data, [POOL[label] for label in reversed(labels)]) == found


@given(legacy_bodies(), candidate_lists)
def test_detect_encoding_agrees_with_reference(data: bytes, labels: list[str]) -> None:
    """detect_encoding agrees with the literal transcription of the filter and the choice."""
    found = urlencoded.detect_encoding(data, labels)
    expected = reference_detect.detect_encoding(data, labels)
    assert (found.name if found else None) == expected


@given(legacy_bodies(), candidate_lists)
def test_parse_mixed_agrees_with_reference(data: bytes, labels: list[str]) -> None:
    """parse_mixed agrees with the literal transcription, field by field."""
    fields = urlencoded.parse_mixed(data, labels)
    expected = reference_detect.parse_mixed(data, labels)
    assert [(name, value, encoding.name) for name, value, encoding in fields] == expected


@given(texts, st.sampled_from(ALL_CANDIDATES), candidate_lists)
def test_parse_mixed_one_field_is_detect_then_parse(
    value: str, label: str, labels: list[str]
) -> None:
    """On a body of one field, parse_mixed is parse with detect_encoding's choice."""
    data = body(value, label)
    found = urlencoded.detect_encoding(data, labels)
    assume(found is not None)
    assert found is not None
    fields = urlencoded.parse_mixed(data, labels)
    assert [(name, text) for name, text, _ in fields] == urlencoded.parse(data, encoding=found)
    assert {encoding for _, _, encoding in fields} == {found}


@given(legacy_bodies(), candidate_lists)
def test_parse_mixed_is_parse_when_one_candidate_reads_the_body(
    data: bytes, labels: list[str]
) -> None:
    """With one candidate for the body and no other reading of a field, parse_mixed is parse."""
    decoding = urlencoded.guess_encoding(data, labels)
    assume(len(decoding) == 1)
    only = decoding[0].name
    for name, value in urlencoded_parse_to_bytes(data):
        wanted = (reference_decode_fatal(only, name), reference_decode_fatal(only, value))
        for label in labels:
            other = get_encoding(label).name
            read = (reference_decode_fatal(other, name), reference_decode_fatal(other, value))
            assume(None in read or read == wanted)
    fields = urlencoded.parse_mixed(data, labels)
    assert [(name, value) for name, value, _ in fields] == urlencoded.parse(data, encoding=only)


def test_every_permutation_small() -> None:
    """Every order of a region's candidates gives the same choice on every sample."""
    for region, values in SAMPLES.items():
        for value in values:
            for label in REGIONS[region]:
                if not encodable(value, label):
                    continue
                data = body(value, label)
                choices = {
                    urlencoded.detect_encoding(data, order)
                    for order in itertools.permutations(REGIONS[region])
                }
                assert len(choices) == 1, (value, label, choices)


def test_untrusted_bytes_never_raise() -> None:
    """Any bytes at all give a choice or None, and fields, without an exception."""
    for data in (bytes(range(256)), b"%" * 10, b"=&=&&", b"\xff" * 100, b"a=%1B%24B"):
        result = urlencoded.detect_encoding(data, ALL_CANDIDATES)
        assert result is None or isinstance(result, Encoding)
        assert len(urlencoded.parse_mixed(data, ALL_CANDIDATES)) == len(
            urlencoded.parse_bytes(data)
        )
