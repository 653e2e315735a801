"""The ISO-2022-JP encoder's codec path against the literal spec transcription.

https://encoding.spec.whatwg.org/#iso-2022-jp-encoder: the encoder writes text
with Python's ``iso2022_jp`` codec where that is provably the spec's encoder
(``_Iso2022JpEncoder._encode_with_codec``), and run by run otherwise. These
tests find, on the running interpreter, every code point on which the codec
and ``tests/reference_encoding.py`` differ, check that the codec path declines
exactly those, and that it writes every other code point, after each state of
the encoder, as the spec does.
"""

from __future__ import annotations

import codecs

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tests import reference_encoding as ref
from urlencoded._encoding import _iso_2022_jp as module
from urlencoded._encoding import encode_or_fail, encode_with_references, get_encoding
from urlencoded._encoding._coders import SURROGATE, EncodeResult, _Output
from urlencoded._encoding._iso_2022_jp import _Iso2022JpEncoder

ENCODING = get_encoding("ISO-2022-JP")
SCALAR_VALUES = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF]
CONTROLS = {0x0E, 0x0F, 0x1B}
CODEC = codecs.getencoder("iso2022_jp")


def _references(items: EncodeResult) -> bytes:
    """*items* as one run of bytes, each error's code point N as ``b"&#N;"``."""
    return b"".join(item if isinstance(item, bytes) else b"&#%d;" % item for item in items)


def _spec(text: str) -> EncodeResult:
    return ref.encode_or_fail_loop("ISO-2022-JP", text)


def _codec_path(text: str) -> EncodeResult | None:
    """What the codec path writes for *text*, or None where it declines (writing nothing)."""
    out = _Output()
    if _Iso2022JpEncoder()._encode_with_codec(text, out):
        return out.result()
    assert out.result() == []
    return None


def _codec_refused_jis0208() -> tuple[set[int], set[int]]:
    """The code points with a jis0208 pointer that the encoder found the codec refuses:
    those it cannot write, and those it writes as another code point."""
    check = _Iso2022JpEncoder()._check()
    assert check.usable
    assert set(check.substitutes) == set(map(int, check.substituted))
    return set(map(int, check.refused)), set(check.substitutes)


def _differ_alone() -> set[int]:
    """Every scalar value that the codec alone writes otherwise than the spec alone."""
    return {
        cp
        for cp in SCALAR_VALUES
        if CODEC(chr(cp), "xmlcharrefreplace")[0] != _references(_spec(chr(cp)))
    }


@pytest.mark.exhaustive
def test_codec_and_spec_differ_alone_on_the_known_code_points() -> None:
    """On each scalar value alone the codec (errors as references) and the spec differ
    exactly on the controls, _CODEC_ONLY, and the jis0208 code points the codec
    refuses: the NEC and IBM rows, and others (U+FF0D, halfwidth katakana...) whose
    bytes it writes for another code point, which the encoder then writes."""
    refused, substituted = _codec_refused_jis0208()
    assert not refused & substituted
    expected = CONTROLS | set(map(ord, module._CODEC_ONLY)) | refused | substituted
    assert _differ_alone() == expected
    jis = _Iso2022JpEncoder()._jis
    for cp in refused:
        assert ord(jis[cp][0]) in {0x2D, 0x79, 0x7A, 0x7B, 0x7C}, hex(cp)  # rows 13, 89-92
    assert substituted == {0x2225, 0xFF0D, 0xFF5E, 0xFFE0, 0xFFE1, 0xFFE2, *range(0xFF61, 0xFFA0)}
    for cp, char in _Iso2022JpEncoder()._check().substitutes.items():
        assert CODEC(char, "strict")[0] == _references(_spec(chr(cp)))
    # U+00A5 and U+203E agree alone, not before an ASCII code point (Roman).
    for char in module._ROMAN:
        assert CODEC(char + "a", "strict")[0] != _references(_spec(char + "a"))


# The states (and the errors) the encoder is in before each code point: ASCII, ASCII
# after a code point, jis0208, after U+000E, after an error from U+001B, after
# an error, after "&" (which the codec path cuts its references at).
PREFIXES = ["", "a", "\u4e9c", "\x0e", "\x1b", "\u00e9", "&"]
PREFIX_IDS = ["ASCII", "ascii-char", "jis0208", "SO", "ESC", "error", "ampersand"]


@pytest.mark.exhaustive
@pytest.mark.parametrize("prefix", PREFIXES, ids=PREFIX_IDS)
def test_codec_path_every_scalar_value_after_each_state(prefix: str) -> None:
    """The codec path writes each scalar value, after *prefix*, as the spec does, and
    declines exactly the code points on which the codec differs (Roman included)."""
    declined = set(map(ord, module._CODEC_ONLY + module._ROMAN)) | _codec_refused_jis0208()[0]
    agreeing = [cp for cp in SCALAR_VALUES if cp not in declined]
    text = "".join(prefix + chr(cp) for cp in agreeing)
    expected = _spec(text)
    assert _codec_path(text) == expected
    assert _Iso2022JpEncoder().encode_with_references(text) == _references(expected)
    # Without errors and U+001B: the codec's strict output, U+000E and U+000F in it.
    encodable = [
        cp for cp in agreeing if cp != 0x1B and CODEC(chr(cp), "xmlcharrefreplace")[0][:2] != b"&#"
    ]
    text = "".join(prefix + chr(cp) for cp in encodable)
    assert _codec_path(text) == _spec(text)
    for cp in sorted(declined):
        assert _codec_path(prefix + chr(cp) + "a") is None, hex(cp)
        assert _Iso2022JpEncoder().encode_with_references(prefix + chr(cp)) is None, hex(cp)


def _decoded(pairs: bytes) -> str:
    """The code points whose jis0208 bytes are *pairs*."""
    return (b"\x1b$B" + pairs + b"\x1b(B").decode("iso2022_jp")


# Text whose jis0208 bytes read "&#12;" (U+0393's bytes are "&#"): not an error.
_REFERENCE_IN_JIS0208 = _decoded(b"&#12;x")


@pytest.mark.parametrize(
    "text",
    [
        "q\x0f\u30ab\u30d5\u30a7 au lait\x0ex\x0f",
        "q=caf\u00e9 au lait",
        _REFERENCE_IN_JIS0208 + "\u00e9",
        "\u00e9" + _REFERENCE_IN_JIS0208 + "\x0e",
        "&#233;\u00e9&#20;&",
        "\u4e9c&#233;\u4e9c\u00e9\u4e9c&",
        "\x1b$B\u4e9c\x1b(B\x1b",
        "\u4e9c\x0e\u4e9c\x0f\x0f\u00e9\x0e",
        "\u2212\u4e9c-\uff0d\u2212\u2225\uff5e",
        "\uff71\uff9f\u4e9c\uff61\u00e9\uff71&\uff71",
        "\U0001f600" * 20 + "\x0e" * 20 + "\u4e9c",
        "a\ufffd\u4e9c\ufffd",
        # Longer than the pieces the codec takes where there are errors.
        "\u4e9c\u4e9c\u00e9" * 200 + "&#1;" + "\u4e9c" * 300 + "\x0e\uff71",
        "\u4e9c" * 1000 + "\u00e9",
    ],
)
def test_codec_path_cases(text: str) -> None:
    """References in jis0208 bytes and in the text, controls among errors, many errors."""
    expected = _spec(text)
    assert _codec_path(text) == expected
    assert encode_or_fail(ENCODING, text) == expected
    assert encode_with_references(ENCODING, text) == _references(expected)


@pytest.mark.parametrize(
    "text",
    ["\u00a5a", "\u203e\u00e9", "\u2460", "\u4e28\uff0d", "\u00a2", "a\u301c", "\u00e9\u2460"],
)
def test_codec_path_declines(text: str) -> None:
    """Roman, the code points only the codec writes, and those only the spec writes."""
    assert _codec_path(text) is None
    assert _Iso2022JpEncoder().encode_with_references(text) is None
    assert encode_or_fail(ENCODING, text) == _spec(text)


def test_codec_found_unusable(monkeypatch: pytest.MonkeyPatch) -> None:
    """A codec that writes the probe, or a jis0208 code point, otherwise than the
    spec is never used; the encoder's output stays the spec's."""
    text = "q=\u65e5\u00e9\x0e"
    monkeypatch.setattr(module, "_PROBE_BYTES", module._PROBE_BYTES + b"!")
    assert not module._check_codec().usable
    assert _codec_path(text) is None
    monkeypatch.undo()

    with_references = module._with_references

    def wrong_on_one(text: str) -> bytes:
        # U+65E5, not in the probe.
        return with_references(text).replace(b"\x1b$BF|", b"\x1b$BF}")

    monkeypatch.setattr(module, "_with_references", wrong_on_one)
    assert not module._check_codec().usable
    encoder = _Iso2022JpEncoder()
    out = _Output()
    encoder.encode_or_fail(text, out)
    assert out.result() == _spec(text)
    assert encoder.encode_with_references(text) is None


# Code points of every kind: ASCII (the controls, "&", "#", ";" and digits among
# them), jis0208 ones (U+0393's bytes are "&#"), U+2212 and U+FF0D, Roman, the
# codec's only, the NEC and IBM rows and halfwidth katakana, errors, U+FFFD.
_KINDS = st.one_of(
    st.characters(max_codepoint=0x7F),
    st.sampled_from("\x0e\x0f\x1b&#;0123456789\\~"),
    st.sampled_from("\u4e9c\u0393\u65e5\u672c\u8a9e\u306e\u30c6\u2212\uff0d\u3000"),
    st.sampled_from(_REFERENCE_IN_JIS0208),
    st.sampled_from("\u00a5\u203e\u00a2\u00a3\u00ac\u2016\u301c"),
    st.sampled_from("\u2460\u2160\u2170\u4e28\uff61\uff71\uff9f"),
    st.sampled_from("\u00e9\u20ac\U0001f600\ufffd\ud800"),
    st.characters(codec="utf-8"),
)


@given(st.lists(_KINDS, max_size=24).map("".join))
@example("\u00a5a")
@example(_REFERENCE_IN_JIS0208 + "\u00e9&")
def test_mixed_text_agrees_with_the_spec(text: str) -> None:
    """The encoder (codec path or not) and encode_with_references give the spec's
    output on mixed text; the codec path gives it or declines."""
    usv = SURROGATE.sub("\ufffd", text)
    expected = _spec(usv)
    assert encode_or_fail(ENCODING, text) == expected
    assert encode_with_references(ENCODING, text) == _references(expected)
    found = _codec_path(usv)
    assert found is None or found == expected
