"""Tests of the Encoding Standard module: labels, Encoding objects, encoders and decoders.

The exhaustive table comparisons live in test_encoding_exhaustive.py; this file
holds the API contract, the issue's named examples, and hypothesis properties
against the literal transcription in reference_encoding.py.
"""

from __future__ import annotations

import contextlib
import copy
import pickle
import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urlencoded
from tests import reference_encoding as ref
from tests.reference import to_scalar_value_string
from urlencoded import Encoding, UnknownEncodingError, get_encoding, get_output_encoding
from urlencoded._encoding import UTF_8, _encoder, decode, encode_or_fail, encode_with_references
from urlencoded._encoding._coders import _Output, _StatelessEncoder
from urlencoded._encoding._indexes import _index_jis0208
from urlencoded._encoding._iso_2022_jp import _Iso2022JpEncoder, _JisTable
from urlencoded._encoding._tables import iso_2022_jp as iso_2022_jp_table

ALL_LABELS = ref.labels()
ASCII_WHITESPACE = "\t\n\f\r "


# --- Labels -----------------------------------------------------------------------------------


def test_every_label_resolves() -> None:
    """Every label in encodings.json gets its encoding, whatever the ASCII case and whitespace."""
    for label, name in ALL_LABELS.items():
        assert get_encoding(label).name == name
        assert get_encoding(label.upper()).name == name
        assert get_encoding(ASCII_WHITESPACE + label.title() + ASCII_WHITESPACE).name == name


def test_every_encoding_has_its_labels() -> None:
    """Encoding.labels lists exactly the labels that name it, and its lowercased name is one."""
    for name in set(ALL_LABELS.values()):
        encoding = Encoding(name)
        assert set(encoding.labels) == {k for k, v in ALL_LABELS.items() if v == name}
        assert name.lower() in encoding.labels


@pytest.mark.parametrize(
    "label",
    [
        "",
        "utf-7",
        "utf8\x0b",  # U+000B is not ASCII whitespace
        "\u00a0utf-8",  # nor is U+00A0
        "utf\u20138",
        "u\u0307tf-8",
        "\u212aoi8-r",  # U+212A KELVIN SIGN lowercases to "k" but is not ASCII
        "latin-1",
        "windows-1252\x00",
        "iso-2022-jp-2",
    ],
)
def test_unknown_labels(label: str) -> None:
    """Labels outside the table raise UnknownEncodingError, a LookupError naming the label."""
    with pytest.raises(UnknownEncodingError) as info:
        get_encoding(label)
    assert isinstance(info.value, LookupError)
    assert info.value.label == label
    assert repr(label) in str(info.value)


def test_trailing_whitespace_is_stripped() -> None:
    """ "get an encoding" strips leading and trailing ASCII whitespace only."""
    assert get_encoding("x-user-defined ").name == "x-user-defined"
    with pytest.raises(UnknownEncodingError):
        get_encoding("utf -8")


# Python's codec names that people pass from codecs or response.encoding: the hint each gets.
PYTHON_NAME_HINTS = {
    "latin-1": "Python's 'latin-1' is ISO-8859-1; the Encoding Standard's nearest label is "
    "'iso-8859-1', which means windows-1252",
    "utf_8": "Python's 'utf_8' is UTF-8; the Encoding Standard's label for it is 'utf-8'",
    "euc_jp": "Python's 'euc_jp' is EUC-JP; the Encoding Standard's label for it is 'euc-jp'",
    "cp932": "Python's 'cp932' is Windows-31J, Shift_JIS as Windows extends it; the Encoding "
    "Standard's label for it is 'windows-31j' (Shift_JIS)",
    "iso8859_2": "Python's 'iso8859_2' is ISO-8859-2; the Encoding Standard's label for it is "
    "'iso-8859-2'",
}


@pytest.mark.parametrize("label", sorted(PYTHON_NAME_HINTS))
def test_python_codec_name_gets_a_hint(label: str) -> None:
    """A Python codec name is still unknown, and the message names the label to use."""
    with pytest.raises(UnknownEncodingError) as info:
        urlencoded.parse(b"a=%E9", encoding=label)
    assert info.value.label == label
    assert info.value.hint == PYTHON_NAME_HINTS[label]
    assert str(info.value) == f"unknown encoding label: {label!r}: {PYTHON_NAME_HINTS[label]}"


def _python_codec_names() -> list[str]:
    """Every alias and codec module name Python knows, and each codec's own name."""
    import codecs
    import encodings
    import pkgutil
    from encodings.aliases import aliases

    names = set(aliases) | set(aliases.values())
    names |= {module.name for module in pkgutil.iter_modules(encodings.__path__)}
    for name in list(names):
        with contextlib.suppress(LookupError):
            names.add(codecs.lookup(name).name)
    return sorted(names)


# A label in the message: the one to pass instead.
_SUGGESTED = re.compile(r"the Encoding Standard's (?:nearest )?label (?:for it )?is '([^']+)'")


def test_every_python_codec_name_gets_a_hint() -> None:
    """Each Python name of a codec with a counterpart names a label meaning it; others say so."""
    import codecs

    from urlencoded._encoding._python_codecs import _COUNTERPARTS

    hinted = 0
    for name in _python_codec_names():
        try:
            info = codecs.lookup(name)
        except LookupError:
            continue  # a module that is not a codec (aliases), or mbcs off Windows
        try:
            get_encoding(name)
        except UnknownEncodingError as error:
            message = str(error)
        else:
            continue  # also one of the Encoding Standard's labels
        counterpart = _COUNTERPARTS.get(info.name)
        if counterpart is None:
            assert "no counterpart" in message or "not a text encoding" in message, message
            continue
        suggested = _SUGGESTED.search(message)
        assert suggested is not None, message
        assert get_encoding(suggested.group(1)).name == counterpart.encoding, message
        assert ("nearest" in message) != counterpart.same, message
        hinted += 1
    assert hinted > 150


def test_counterparts_name_labels_of_their_encodings() -> None:
    """Every entry of the table names a Python codec and a label of the encoding it gives."""
    import codecs

    from urlencoded._encoding._python_codecs import _COUNTERPARTS

    for name, counterpart in _COUNTERPARTS.items():
        assert codecs.lookup(name).name == name
        assert get_encoding(counterpart.label).name == counterpart.encoding


@pytest.mark.parametrize(
    ("label", "says"),
    [
        ("utf-32", "Python's 'utf-32' is its 'utf-32' codec, which has no counterpart"),
        ("UTF7", "Python's 'UTF7' is its 'utf-7' codec, which has no counterpart"),
        ("base64", "Python's 'base64' is its 'base64' codec, which is not a text encoding"),
    ],
)
def test_python_codec_without_counterpart_says_so(label: str, says: str) -> None:
    """A Python codec the Encoding Standard lacks gets a plain statement that there is none."""
    with pytest.raises(UnknownEncodingError, match=re.escape(says)):
        get_encoding(label)


@pytest.mark.parametrize("label", ["klingon", "x" * 100, "caf\u00e9", "", "utf-8\x00", "..", "_"])
def test_labels_unknown_to_python_get_no_hint(label: str) -> None:
    """A label Python does not know either keeps the plain message."""
    with pytest.raises(UnknownEncodingError) as info:
        get_encoding(label)
    assert info.value.hint == ""
    assert str(info.value) == f"unknown encoding label: {label!r}"


def test_arbitrary_labels_never_reach_codecs_lookup(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only names Python's alias table or codec modules hold are looked up.

    codecs.lookup remembers every name it is asked for, so a stream of
    untrusted labels (a _charset_ field) must not be passed to it.
    """
    import codecs

    asked: list[str] = []
    real = codecs.lookup

    def lookup(name: str) -> codecs.CodecInfo:
        asked.append(name)
        return real(name)

    monkeypatch.setattr(codecs, "lookup", lookup)
    for index in range(200):
        with pytest.raises(UnknownEncodingError):
            get_encoding(f"x-junk-{index}")
    assert asked == []
    with pytest.raises(UnknownEncodingError):
        get_encoding("latin-1")
    assert asked == ["latin-1"]


@given(st.text(max_size=20))
def test_any_unknown_label_gets_a_message(label: str) -> None:
    """Any string at all is a label or raises UnknownEncodingError naming it, nothing else."""
    if label.strip(ASCII_WHITESPACE).lower() in ALL_LABELS:
        return
    with pytest.raises(UnknownEncodingError) as info:
        get_encoding(label)
    assert str(info.value).startswith(f"unknown encoding label: {label!r}")
    assert info.value.label == label
    assert pickle.loads(pickle.dumps(info.value)).args == info.value.args


def test_hint_survives_pickling() -> None:
    """A pickled error keeps its hint and message."""
    with pytest.raises(UnknownEncodingError) as info:
        get_encoding("latin-1")
    copy_ = pickle.loads(pickle.dumps(info.value))
    assert (copy_.label, copy_.hint, str(copy_)) == (
        info.value.label,
        info.value.hint,
        str(info.value),
    )


@pytest.mark.console
def test_command_line_shows_the_same_hint() -> None:
    """urlencoded parse --encoding latin-1 fails with the library's message, hint included."""
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "urlencoded", "parse", "--encoding", "latin-1", "a=%E9"],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    with pytest.raises(UnknownEncodingError) as info:
        get_encoding("latin-1")
    assert str(info.value) in result.stderr.decode()
    assert "nearest label is 'iso-8859-1', which means windows-1252" in result.stderr.decode()


@pytest.mark.parametrize("bad", [None, b"utf-8", 8, ["utf-8"]])
def test_get_encoding_type_errors(bad: object) -> None:
    """Non-str labels raise TypeError."""
    with pytest.raises(TypeError):
        get_encoding(bad)  # type: ignore[arg-type]


def test_generated_labels_are_current() -> None:
    """_labels.py holds exactly the labels of the vendored encodings.json."""
    from urlencoded._encoding._labels import LABELS, NAMES

    assert ALL_LABELS == LABELS
    assert list(NAMES) == list(dict.fromkeys(ALL_LABELS.values()))
    assert len(NAMES) == 40


# --- Encoding objects -------------------------------------------------------------------------


def test_encoding_object_contract() -> None:
    """Encoding objects are singletons, hashable, immutable, pickle by name, and repr usefully."""
    sjis = get_encoding("sjis")
    assert sjis is Encoding("Shift_JIS") is get_encoding(sjis)
    assert sjis == get_encoding("ms_kanji")
    assert sjis != get_encoding("euc-jp")
    assert sjis != "Shift_JIS"
    assert len({sjis, get_encoding("shift_jis"), UTF_8}) == 2
    assert repr(sjis) == "<Encoding 'Shift_JIS'>"
    assert pickle.loads(pickle.dumps(sjis)) is sjis
    assert copy.deepcopy(sjis) is sjis
    with pytest.raises(AttributeError):
        sjis.name = "UTF-8"
    with pytest.raises(AttributeError):
        del sjis.name
    with pytest.raises(AttributeError):
        sjis.extra = 1
    assert UTF_8.name == "UTF-8"


def test_encoding_constructor_takes_names_only() -> None:
    """Encoding(name) wants the exact WHATWG name; labels go through get_encoding."""
    with pytest.raises(UnknownEncodingError):
        Encoding("sjis")
    with pytest.raises(TypeError):
        Encoding(1)  # type: ignore[arg-type]


def test_public_names() -> None:
    """The encoding API is exported from the package."""
    for name in ("Encoding", "get_encoding", "get_output_encoding", "ProbeError"):
        assert name in urlencoded.__all__
        assert hasattr(urlencoded, name)


# --- Output encodings -------------------------------------------------------------------------


def test_get_output_encoding() -> None:
    """replacement and UTF-16BE/LE become UTF-8; everything else stays (get an output encoding)."""
    for name in set(ALL_LABELS.values()):
        expected = "UTF-8" if name in ("replacement", "UTF-16BE", "UTF-16LE") else name
        assert get_output_encoding(name).name == expected
        assert get_output_encoding(Encoding(name)).name == expected
    assert get_output_encoding("csiso2022kr") is UTF_8  # a replacement label
    with pytest.raises(UnknownEncodingError):
        get_output_encoding("nope")


# --- Encoders: the named examples -------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "text", "expected"),
    [
        ("windows-1252", "\u0081", [b"\x81"]),
        ("windows-1252", "€\u0081\u008d\u008f\u0090\u009d", [b"\x80\x81\x8d\x8f\x90\x9d"]),
        ("gbk", "€", [b"\x80"]),
        ("gb18030", "€", [b"\xa2\xe3"]),
        ("gbk", "\U0001f600", [0x1F600]),
        ("gb18030", "\U0001f600", [b"\x949\xfc6"]),
        ("gb18030", "\ue5e5", [0xE5E5]),
        ("gbk", "\ue5e5", [0xE5E5]),
        ("gb18030", "\ue7c7", [b"\x815\xf47"]),
        ("gb18030", "\u1e3f", [b"\xa8\xbc"]),
        ("euc-kr", "\uac02", [b"\x81\x41"]),
        ("koi8-u", "Ўў", [b"\xbe\xae"]),
        ("shift_jis", "①", [b"\x87\x40"]),
        ("shift_jis", "¥‾\u2212\u0080", [b"\x5c\x7e\x81\x7c\x80"]),
        ("shift_jis", "\u2170", [b"\xfa\x40"]),  # IBM extension, not the NEC-selected copy
        ("euc-jp", "\u2170", [b"\xfc\xf1"]),  # EUC-JP takes the first pointer
        ("euc-jp", "ｱ¥", [b"\x8e\xb1\x5c"]),
        ("euc-jp", "\u4e28", [b"\xf9\xad"]),  # NEC-selected IBM extension row 89
        ("big5", "\u00c0", [0xC0]),  # HKSCS: pointer below 0xA1 lead
        ("big5", "\u2550\u5341", [b"\xf9\xf9\xa4\x51"]),  # the *last* pointer
        ("big5", "\u2027", [b"\xa1\x45"]),
        ("x-user-defined", "a\uf780\uf7ff\x80", [b"a\x80\xff", 0x80]),
        ("iso-2022-jp", "ｱ", [b"\x1b$B%\x22\x1b(B"]),
        ("iso-2022-jp", "\x0e\x0f\x1b", [0xFFFD, 0xFFFD, 0xFFFD]),
        ("iso-2022-jp", "¥\x1b", [b"\x1b(J\\", 0xFFFD, b"\x1b(B"]),
        ("iso-2022-jp", "亜\x1b", [b"\x1b$B0!\x1b(B", 0xFFFD]),
        ("iso-2022-jp", "亜€亜", [b"\x1b$B0!\x1b(B", 0x20AC, b"\x1b$B0!\x1b(B"]),
        ("iso-2022-jp", "¥€\\", [b"\x1b(J\\", 0x20AC, b"\x1b(B\\"]),
        ("utf-8", "\ud800a", [b"\xef\xbf\xbda"]),
        ("utf-8", "", []),
    ],
)
def test_encode_or_fail_examples(label: str, text: str, expected: list[bytes | int]) -> None:
    """The issue's examples, where the stdlib codecs differ from the Encoding Standard."""
    assert encode_or_fail(get_encoding(label), text) == expected


def test_big5hkscs_characters_refused() -> None:
    """The Big5 encoder refuses what big5hkscs writes with a lead byte below 0xA1."""
    hkscs = [chr(cp) for p, cp in ref.index("big5") if p < (0xA1 - 0x81) * 157]
    big5 = get_encoding("big5")
    for char in hkscs[:500]:
        result = encode_or_fail(big5, char)
        assert result == [ord(char)] or result[0][0] >= 0xA1  # type: ignore[index]


def test_encoder_rejects_wrong_input() -> None:
    """encode_or_fail wants an Encoding with an encoder and a str."""
    with pytest.raises(TypeError):
        encode_or_fail("utf-8", "a")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        encode_or_fail(UTF_8, b"a")  # type: ignore[arg-type]
    for name in ("replacement", "UTF-16BE", "UTF-16LE"):
        with pytest.raises(ValueError, match="no encoder"):
            encode_or_fail(Encoding(name), "a")


# --- Encoders: properties ---------------------------------------------------------------------

ENCODER_NAMES = ref.ENCODER_NAMES
# Text that exercises every encoder: ASCII (with the ISO-2022-JP controls), the
# code points the encoders special-case, CJK, PUA and astral.
interesting_chars = st.one_of(
    st.characters(max_codepoint=0x7F),
    st.sampled_from("¥‾\u2212\uff0d\u20ac\ue5e5\ue7c7\u1e3f\u2550\u5341ｱﾞﾟ①\u2170\uf780\uf7ff\ufffe"),
    st.characters(min_codepoint=0x80, max_codepoint=0x3000),
    st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),
    st.characters(min_codepoint=0xE000, max_codepoint=0xFFFF),
    st.characters(min_codepoint=0x10000),
)


@given(st.sampled_from(ENCODER_NAMES), st.text(interesting_chars, max_size=40))
@example(name="windows-1253", text="a\ufffe")
@example(name="ISO-8859-8", text="\ufffe\u05d0")
def test_encoder_matches_reference_on_random_text(name: str, text: str) -> None:
    """encode_or_fail equals the literal "encode or fail" loop on random text."""
    assert encode_or_fail(Encoding(name), text) == ref.encode_or_fail_loop(name, text)


@pytest.mark.parametrize("name", ENCODER_NAMES)
def test_noncharacters_follow_the_index(name: str) -> None:
    """U+FFFE and U+FFFF encode as the index says (no legacy index has them), whatever
    the codec beneath does: the stdlib's single-byte tables mark an undefined
    byte with U+FFFE, and PyPy's charmap_build maps U+FFFE to that byte."""
    for char in "\ufffe\uffff":
        expected = ref.encode_or_fail_loop(name, char)
        assert encode_or_fail(Encoding(name), char) == expected
        written = b"".join(
            item if isinstance(item, bytes) else b"&#%d;" % item for item in expected
        )
        assert encode_with_references(Encoding(name), char) == written


# Big5's index maps supplementary code points (HKSCS); runs of them mixed with
# other supplementary code points take their own path through the encoder.
BIG5_SUPPLEMENTARY = sorted({cp for _, cp in ref.index("big5") if cp > 0xFFFF})
supplementary_runs = st.text(
    st.one_of(
        st.sampled_from([chr(cp) for cp in BIG5_SUPPLEMENTARY]),
        st.characters(min_codepoint=0x10000),
        st.sampled_from("a&\u4e00\u2550\u20ac"),
    ),
    max_size=40,
)


@given(st.sampled_from(["Big5", "gb18030", "Shift_JIS"]), supplementary_runs)
@example(name="Big5", text="\U00027267\U0001f600\U00027607a\U0001f600\U00027267")
def test_encoder_matches_reference_on_supplementary_runs(name: str, text: str) -> None:
    """Runs of supplementary code points, some in Big5's index, encode as the spec says."""
    assert encode_or_fail(Encoding(name), text) == ref.encode_or_fail_loop(name, text)


@given(st.sampled_from(ENCODER_NAMES), st.text(interesting_chars, max_size=40))
def test_encoder_output_shape(name: str, text: str) -> None:
    """Byte runs are never empty nor adjacent; errors are never ASCII code points."""
    result = encode_or_fail(Encoding(name), text)
    for previous, item in zip([None, *result], result):
        if isinstance(item, bytes):
            assert item
            assert not isinstance(previous, bytes)
        else:
            assert item >= 0x80 or (name == "ISO-2022-JP" and item == 0xFFFD)


def _fresh_encoders(name: str) -> list[_StatelessEncoder]:
    """Two new encoders for *name*: one that finds special code points with set
    lookups (its budget is ample), one that compiles its regex on first need."""
    model = _encoder(name)
    assert isinstance(model, _StatelessEncoder)
    by_set = _StatelessEncoder(model._encode, model._special)
    by_set._set_budget = 1 << 30
    by_regex = _StatelessEncoder(model._encode, model._special)
    by_regex._set_budget = 0
    return [by_set, by_regex]


STATELESS_NAMES = [name for name in ENCODER_NAMES if name not in ("UTF-8", "ISO-2022-JP")]
# Text for the error-reference paths: also lone surrogates and literal "&#N;".
reference_chars = st.one_of(
    interesting_chars,
    st.sampled_from(["\ud800", "\udfff", "&", "#", ";", "&#165;", "\x01"]),
)


@given(st.sampled_from(STATELESS_NAMES), st.text(interesting_chars, max_size=40))
def test_special_code_points_found_by_set_and_by_regex(name: str, text: str) -> None:
    """Finding special code points by set lookups or by the regex gives the spec's result."""
    expected = ref.encode_or_fail_loop(name, text)
    for encoder in _fresh_encoders(name):
        out = _Output()
        encoder.encode_or_fail(text, out)
        assert out.result() == expected


# Text mostly of ASCII and jis0208 code points (ISO-2022-JP's whole-text paths), with
# what leaves them: ESC, SO, SI, Roman's U+00A5 and U+203E, others and lone surrogates.
_JIS0208_CHARS = sorted(iso_2022_jp_table.CHARS)
jis0208_text = st.text(
    st.one_of(
        st.characters(max_codepoint=0x7F),
        st.sampled_from(_JIS0208_CHARS),
        st.sampled_from(["\x1b", "\x0e", "\x0f", "\u00a5", "\u203e", "\ufffd", "\ud800", "&"]),
    ),
    max_size=40,
)


@given(jis0208_text)
@example("a\u65e5\u672cb\u2212\uff71")
@example("\u65e5\u00a5")
@example("\u65e5")
@example("x\x1b\u65e5")
def test_iso_2022_jp_whole_text_paths_agree(text: str) -> None:
    """ISO-2022-JP's encoder, whichever path it takes for a text (Python's codec where
    that is provably the spec's encoder, or run by run), is the spec's."""
    scalar = to_scalar_value_string(text)
    expected = ref.encode_or_fail_loop("ISO-2022-JP", scalar)
    out = _Output()
    _Iso2022JpEncoder().encode_or_fail(scalar, out)
    assert out.result() == expected
    written = b"".join(item if isinstance(item, bytes) else b"&#%d;" % item for item in expected)
    assert encode_with_references(Encoding("ISO-2022-JP"), text) == written


def test_iso_2022_jp_table_fills_a_block_per_lookup() -> None:
    """The ISO-2022-JP table fills the looked-up code point's block of 256 and no other; it
    then holds every code point's bytes, and gives any other code point back unchanged."""
    expected = _Iso2022JpEncoder._build_jis_table(_index_jis0208())
    table = _JisTable()
    assert len(table) == 0
    assert table[0x65E5] == expected[0x65E5] == "F|"  # 日
    assert set(table) == {cp for cp in expected if cp >> 8 == 0x65}
    assert table[0x6501] == "\u6501"  # in the block, without a jis0208 pointer
    assert table[0x20B9F] == "\U00020b9f"
    assert "\u2460\u65e5\u672c \U0001f600".translate(_JisTable()) == "-!F|K\\ \U0001f600"
    for code_point in range(0x80, 0x10000):
        assert table[code_point] == expected.get(code_point, chr(code_point))
    assert table == expected


@given(st.sampled_from(ENCODER_NAMES), st.lists(reference_chars, max_size=40).map("".join))
@example(name="GBK", text="a\u20ac\u4e00")
@example(name="GBK", text="\u4e00\ud800")
@example(name="gb18030", text="\u1e3f\u4e00")
@example(name="Shift_JIS", text="\u00a5\u2170")
def test_encode_with_references_matches_reference(name: str, text: str) -> None:
    """encode_with_references is the literal encode-or-fail loop with each error as b"&#N;"."""
    items = ref.encode_or_fail_loop(name, to_scalar_value_string(text))
    expected = b"".join(item if isinstance(item, bytes) else b"&#%d;" % item for item in items)
    assert encode_with_references(Encoding(name), text) == expected
    if name in STATELESS_NAMES:
        for encoder in _fresh_encoders(name):
            found = encoder.encode_with_references(text)
            # None: a special code point or a surrogate, left to encode_or_fail.
            assert found is None or found == expected


@pytest.mark.parametrize("lines", [0, 1, 1000])
def test_few_specials_are_found_one_by_one(lines: int) -> None:
    """A text is searched for each of a few special code points apart (gb18030's):
    each one, at either end of a short or long text, is written as the spec says."""
    from urlencoded._encoding._coders import _FEW_SPECIALS

    specials = {name: _fresh_encoders(name)[0]._special for name in STATELESS_NAMES}
    few = [name for name, special in specials.items() if 0 < len(special) <= _FEW_SPECIALS]
    assert "gb18030" in few
    padding = "a=\u4e00\r\n" * lines
    for name in few:
        for char in specials[name]:
            for text in (padding + char, char + padding):
                items = ref.encode_or_fail_loop(name, text)
                assert encode_or_fail(Encoding(name), text) == items
                expected = b"".join(
                    item if isinstance(item, bytes) else b"&#%d;" % item for item in items
                )
                assert encode_with_references(Encoding(name), text) == expected


# --- Decoders ---------------------------------------------------------------------------------

_SUSPECT_CODECS = {
    "Shift_JIS": "cp932",
    "GBK": "gb18030",
    "gb18030": "gb18030",
    "Big5": "big5hkscs",
}


@pytest.mark.parametrize("lines", [0, 1, 1000])
@pytest.mark.parametrize("name", sorted(_SUSPECT_CODECS))
def test_suspects_are_found_one_by_one(name: str, lines: int) -> None:
    """A decoded text is searched for each suspect code point apart: each one the codec
    decodes sends the text to the spec's decoder, wherever it is in a short or long text."""
    from urlencoded._encoding._coders import _FastThenSlow
    from urlencoded._encoding._hooks import _decoder

    decoder = _decoder(name)
    assert isinstance(decoder, _FastThenSlow)
    long_ascii = b"a=1\r\n" * lines
    found = 0
    for char in decoder._suspect_chars:
        try:
            data = char.encode(_SUSPECT_CODECS[name])
        except UnicodeEncodeError:
            continue
        found += 1
        for body in (long_ascii + data, data + long_ascii, data[:1] + long_ascii + data[1:]):
            assert decode(Encoding(name), body) == ref.reference_decode(name, body)
    assert found
    text = "\u65e5\u672c" + "a=1\r\n" * lines
    body = text.encode(_SUSPECT_CODECS[name])
    assert decoder.fast(body) == text == ref.reference_decode(name, body)


DECODER_NAMES = ref.DECODER_NAMES
# Bytes that hit every decoder's interesting ranges.
interesting_bytes = st.one_of(
    st.integers(0, 255),
    st.sampled_from(
        [0x00, 0x0E, 0x0F, 0x1B, 0x24, 0x28, 0x30, 0x35, 0x39, 0x40, 0x42, 0x49, 0x4A, 0x5C,
         0x7E, 0x7F, 0x80, 0x81, 0x8E, 0x8F, 0xA0, 0xA1, 0xD8, 0xDC, 0xDF, 0xE0, 0xED, 0xF0,
         0xF4, 0xFC, 0xFD, 0xFE, 0xFF]
    ),
)  # fmt: skip


@given(st.sampled_from(DECODER_NAMES), st.lists(interesting_bytes, max_size=24).map(bytes))
def test_decoder_matches_reference_on_random_bytes(name: str, data: bytes) -> None:
    """decode equals the literal decoder in replacement mode, on any bytes."""
    assert decode(Encoding(name), data) == ref.reference_decode(name, data)


def _longest_error_free_prefix(name: str, data: bytes) -> int:
    return max(
        k for k in range(len(data) + 1) if ref.reference_decode_fatal(name, data[:k]) is not None
    )


@given(st.sampled_from(DECODER_NAMES), st.lists(interesting_bytes, max_size=10).map(bytes))
def test_fatal_mode(name: str, data: bytes) -> None:
    """Fatal mode raises exactly when the spec's decoder errors, at the first bad sequence."""
    encoding = Encoding(name)
    expected = ref.reference_decode_fatal(name, data)
    if expected is not None:
        assert decode(encoding, data, fatal=True) == expected
        return
    with pytest.raises(UnicodeDecodeError) as info:
        decode(encoding, data, fatal=True)
    error = info.value
    assert error.encoding == name
    assert error.object == data
    assert error.start == _longest_error_free_prefix(name, data)
    assert error.start < error.end <= len(data)


# ISO-2022-JP input built from its escape sequences (valid, cut short, repeated) and
# runs of the bytes each state reads, and a few it refuses.
_ISO_2022_JP_PIECES = st.one_of(
    st.sampled_from([b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$@", b"\x1b$B", b"\x1b(", b"\x1b$"]),
    st.sampled_from([b"\x1b", b"\x1b(D", b"\x0e", b"\x0f", b"\x80", b"\xff", b"\n", b"\\", b"~"]),
    st.lists(st.integers(0x21, 0x7E), max_size=6).map(bytes),
    st.lists(st.integers(0x00, 0x7F), max_size=4).map(bytes),
    # jis0208 pairs the codec and the index disagree on, or that have no code point.
    st.sampled_from([b"!!", b"F|", b"!A", b'"9', b"!]", b"-!", b"t'", b"~~", b"(!", b"y!"]),
)


@given(st.lists(_ISO_2022_JP_PIECES, max_size=12).map(b"".join))
@example(b"\x1b$BF|K\\\x1b(B abc\x1b(J\\~\x1b(I!_")
@example(b"\x1b$B\x1b(B")
@example(b"\x1b$B!A\x1b(B")
@example(b"\x1b(B\x1b$B!!")
@example(b"\x1b$B!")
@example(b"\x1b\x00")  # the codec reads an ESC that starts no escape sequence as itself
@example(b"\x1b$B\n!!")  # and a control in jis0208 as itself
@example(b"a\x0eb\x1b$B!!")  # and SO and SI anywhere
@example(b"\x1b$B!A\x1b(B")  # and six pairs as JIS X 0208 has them
@example(b"\x1b$B!!!!\n\x1b(B")  # a control after a run of pairs
@example(b"\x1b$B!!\x1b(B \x1b$B!!!\x01")  # in the second run only
@example(b"\x1b$B!]!!\x1b(B")  # U+2212, a suspect, after a pair
def test_iso_2022_jp_runs_agree(data: bytes) -> None:
    """ISO-2022-JP, decoded by Python's codec where that is provably right, equals the
    spec's decoder in both modes, with the offset of the first error."""
    encoding = Encoding("ISO-2022-JP")
    assert decode(encoding, data) == ref.reference_decode("ISO-2022-JP", data)
    expected = ref.reference_decode_fatal("ISO-2022-JP", data)
    if expected is not None:
        assert decode(encoding, data, fatal=True) == expected
        return
    with pytest.raises(UnicodeDecodeError) as info:
        decode(encoding, data, fatal=True)
    assert info.value.start == _longest_error_free_prefix("ISO-2022-JP", data)


def test_decode_keeps_byte_order_marks() -> None:
    """No BOM sniffing or stripping: a leading BOM is U+FEFF."""
    assert decode(UTF_8, b"\xef\xbb\xbfa") == "\ufeffa"
    assert decode(Encoding("UTF-16LE"), b"\xff\xfea\x00") == "\ufeffa"
    assert decode(Encoding("UTF-16BE"), b"\xff\xfe\x00a") == "\ufffe" + "a"
    assert decode(Encoding("windows-1252"), b"\xef\xbb\xbf") == "ï»¿"


@pytest.mark.parametrize(
    ("label", "data", "expected"),
    [
        ("replacement", b"", ""),
        ("replacement", b"abc", "\ufffd"),
        ("x-user-defined", b"a\x80\xff", "a\uf780\uf7ff"),
        ("shift_jis", b"\x82\xa0\x82", "あ\ufffd"),
        ("shift_jis", b"\x81 ", "\ufffd "),  # an ASCII trail byte is read again
        ("shift_jis", b"\xf0\x40", "\ue000"),  # EUDC
        ("shift_jis", b"\xa0\xfd", "\ufffd\ufffd"),
        ("euc-jp", b"\x8f\xa2\xb7", "\uff5e"),
        ("euc-jp", b"\xa1\xc1", "\uff5e"),
        ("gb18030", b"\xa3\xa0\x80", "\u3000\u20ac"),
        ("gb18030", b"\x81\x35\xf4\x37", "\ue7c7"),
        ("gb18030", b"\x81\x30\x81", "\ufffd"),  # one error at end-of-queue
        ("gb18030", b"\x81\x30\x81 ", "\ufffd0\ufffd "),  # « second, byte » restored
        ("gbk", b"\x84\x31\xa4\x39", "\uffff"),
        ("big5", b"\x88\x62\x88\x64", "\u00ca\u0304\u00ca\u030c"),
        ("big5", b"\xa1\x45\x87\x40", "\u2027\u43f0"),
        ("euc-kr", b"\x81\x41", "\uac02"),
        ("iso-2022-jp", b"\x1b(J\\~\x1b(B\\", "¥‾\\"),
        ("iso-2022-jp", b"\x1b(B\x1b(J", "\ufffd"),
        ("iso-2022-jp", b"\x1b$B0!", "亜"),
        ("iso-2022-jp", b"\x1b(I1", "ｱ"),
        ("koi8-u", b"\xae\xbe", "ўЎ"),
        ("windows-1255", b"\xca", "\u05ba"),
    ],
)
def test_decode_examples(label: str, data: bytes, expected: str) -> None:
    """Decoding examples where a stdlib codec alone would differ from the spec."""
    assert decode(get_encoding(label), data) == expected


def test_decode_accepts_bytes_like_and_rejects_others() -> None:
    """bytearray and memoryview are accepted; str and ints are not."""
    sjis = get_encoding("shift_jis")
    assert decode(sjis, bytearray(b"\x82\xa0")) == decode(sjis, memoryview(b"\x82\xa0")) == "あ"
    with pytest.raises(TypeError):
        decode(sjis, "abc")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        decode("shift_jis", b"abc")  # type: ignore[arg-type]


def test_long_input_fast_and_slow_paths_agree() -> None:
    """A long clean input (stdlib path) and the same with one error (transcription) agree."""
    text = "日本語のテキスト、ｶﾀｶﾅ、①②③ and ASCII. " * 2000
    for label in ("shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "big5", "euc-kr"):
        encoding = get_encoding(label)
        data = b"".join(
            item if isinstance(item, bytes) else b"?" for item in encode_or_fail(encoding, text)
        )
        decoded = decode(encoding, data)
        assert decode(encoding, data + b"\xff") == decoded + "\ufffd"
        assert ref.reference_decode(encoding.name, data[:3000]) == decode(encoding, data[:3000])


def test_docs_list_every_encoding_and_label() -> None:
    """docs/encodings.rst has a row for every encoding, with all its labels."""
    from pathlib import Path

    page = (Path(__file__).parent.parent / "docs" / "encodings.rst").read_text("utf-8")
    table = page.split(".. list-table::", 1)[1].split("Corrections to the stdlib codecs", 1)[0]
    rows = table.split("   * - ")[2:]
    assert [row.split("\n", 1)[0] for row in rows] == list(dict.fromkeys(ALL_LABELS.values()))
    for row in rows:
        name = row.split("\n", 1)[0]
        assert set(Encoding(name).labels) <= {part.strip("`, ") for part in row.split()}
