"""Exhaustive checks of urlencoded._encoding against the literal spec transcription.

Each test compares whole tables at once: every scalar value for each encoder,
every byte and byte pair (and the longer sequences a decoder reads) for each
decoder. ``tests/reference_encoding.py`` runs the Encoding Standard's
algorithms step by step over the index files vendored in tests/data/encoding.
"""

from __future__ import annotations

import itertools
from typing import Callable

import pytest

from tests import reference_encoding as ref
from urlencoded._encoding import (
    Encoding,
    _encoder,
    _index_big5,
    _index_euc_kr,
    _index_gb18030,
    _index_iso_2022_jp_katakana,
    _index_jis0208,
    _index_jis0212,
    _single_byte_table,
    decode,
    encode_or_fail,
    encode_with_references,
    get_encoding,
)
from urlencoded._encoding._coders import _Output, _StatelessEncoder
from urlencoded._encoding._hooks import _MULTI_BYTE_ENCODERS, _compute_special, _special
from urlencoded._encoding._indexes import _INDEX_BUILDERS, _index_dict

SCALAR_VALUES = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF]
NON_ASCII = [cp for cp in SCALAR_VALUES if cp >= 0x80]

MULTI_BYTE = ("GBK", "gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR")
STATELESS_ENCODERS = tuple(n for n in ref.ENCODER_NAMES if n != "ISO-2022-JP")


# --- Indexes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "build"),
    [
        ("jis0208", _index_jis0208),
        ("jis0212", _index_jis0212),
        ("euc-kr", _index_euc_kr),
        ("gb18030", _index_gb18030),
        ("big5", _index_big5),
    ],
)
def test_rebuilt_index_equals_vendored_index(
    name: str, build: Callable[[], dict[int, int]]
) -> None:
    """Each index rebuilt from a stdlib codec plus corrections is the spec's, entry for entry."""
    assert build() == dict(ref.index(name))


def test_generated_tables_are_what_the_package_computes() -> None:
    """The indexes and special code points in _tables are what the package builds from the
    stdlib codecs, handed to the handlers as arguments, as tools/gen_encoding_tables.py does."""
    indexes = {name: build() for name, (build, _) in _INDEX_BUILDERS.items()}
    for name, index in indexes.items():
        assert _index_dict(name) == index
    for name in _MULTI_BYTE_ENCODERS:
        assert _special(name) == _compute_special(name, indexes)


def test_katakana_index_from_unicodedata() -> None:
    """The ISO-2022-JP katakana index derived from NFKC is the spec's index."""
    assert _index_iso_2022_jp_katakana() == [cp for _, cp in ref.index("iso-2022-jp-katakana")]


@pytest.mark.parametrize("name", ref.SINGLE_BYTE_NAMES)
def test_single_byte_table_equals_index(name: str) -> None:
    """Each single-byte table built from a stdlib codec plus corrections is the spec's index."""
    index = dict(ref.index({"ISO-8859-8-I": "iso-8859-8"}.get(name, name.lower())))
    expected = "".join(map(chr, range(0x80))) + "".join(
        chr(index[b]) if b in index else "\ufffe" for b in range(0x80)
    )
    assert _single_byte_table(name) == expected


# --- Encoders --------------------------------------------------------------------------------


def _reference_table(
    name: str, code_points: list[int], results: list[ref.Result] | None = None
) -> list[bytes | int]:
    """The spec's encoder on each of *code_points* (non-ASCII), each followed by
    "\\n", as encode_or_fail reports it: byte runs merged, each error's code point.

    For a stateless encoder this is one handler call per code point; the output
    of a non-ASCII code point never contains 0x0A, so the list determines each
    code point's result.
    """
    if results is None:
        results = _handler_results(name, code_points)
    items: list[bytes | int] = []
    run = bytearray()
    for cp, result in zip(code_points, results):
        if isinstance(result, list):
            run += bytes(result)
        else:
            assert isinstance(result, ref.Error)
            assert result.code_point == cp
            if run:
                items.append(bytes(run))
                run.clear()
            items.append(cp)
        run += b"\n"
    items.append(bytes(run))
    return items


def _handler_results(name: str, code_points: list[int]) -> list[ref.Result]:
    """The spec's encoder handler on each code point, for a stateless encoder."""
    handler = ref.get_encoder(name)
    # A stateless encoder never reads or restores the queue: one empty queue serves all.
    io = ref.IOQueue([])
    results = list(map(handler, itertools.repeat(io), code_points))
    assert io.items == []
    return results


BMP_NON_ASCII = [cp for cp in NON_ASCII if cp <= 0xFFFF]
SUPPLEMENTARY = list(range(0x10000, 0x110000))
SUPPLEMENTARY_TEXT = "".join(map(chr, SUPPLEMENTARY))
ALL_REFUSED = [ref.Error(cp) for cp in SUPPLEMENTARY]
ASCII = "".join(map(chr, range(0x80)))


def _interleaved(code_points: list[int]) -> str:
    return "".join(chr(cp) + "\n" for cp in code_points)


@pytest.mark.parametrize("name", STATELESS_ENCODERS)
def test_encoder_every_scalar_value(name: str) -> None:
    """encode_or_fail gives the spec's bytes or error for every scalar value.

    So does encode_with_references, each error written b"&#N;", on the code
    points that are not special (its codec path; beyond the BMP, those the
    encoder encodes); and so do encoders that find the special code points by
    set lookups and by their regex, on every special code point and its
    neighbours.
    """
    encoding = get_encoding(name)
    assert encode_or_fail(encoding, ASCII) == [ASCII.encode("ascii")]
    bmp_results = _handler_results(name, BMP_NON_ASCII)
    expected = _reference_table(name, BMP_NON_ASCII, bmp_results)
    assert encode_or_fail(encoding, _interleaved(BMP_NON_ASCII)) == expected
    # Supplementary code points: most encoders refuse every one, which the spec's
    # handler shows on each and the encoder must then report, all 1,048,576 of them.
    results = _handler_results(name, SUPPLEMENTARY)
    if results == ALL_REFUSED:
        assert encode_or_fail(encoding, SUPPLEMENTARY_TEXT) == SUPPLEMENTARY
    else:
        expected = _reference_table(name, SUPPLEMENTARY, results)
        assert encode_or_fail(encoding, _interleaved(SUPPLEMENTARY)) == expected
    model = _encoder(name)
    if isinstance(model, _StatelessEncoder):
        encoded = (
            []
            if results == ALL_REFUSED
            else [index for index, result in enumerate(results) if isinstance(result, list)]
        )
        _check_other_paths(model, encoding, bmp_results + results, encoded)


def _position(cp: int) -> int:
    """Where non-ASCII scalar value *cp* is in NON_ASCII (BMP_NON_ASCII + SUPPLEMENTARY)."""
    return cp - 0x80 - (0x800 if cp > 0xDFFF else 0)


def _check_other_paths(
    model: _StatelessEncoder,
    encoding: Encoding,
    results: list[ref.Result],
    encoded_supplementary: list[int],
) -> None:
    """encode_with_references, and new encoders searching by set or by regex, against *results*.

    *results* are the spec's, for each of NON_ASCII; *encoded_supplementary*
    the positions in SUPPLEMENTARY of the code points the encoder encodes.
    """
    special = model._special
    # Errors cost a codec callback each: beyond the BMP, only the code points it encodes.
    plain = [index for index, cp in enumerate(BMP_NON_ASCII) if chr(cp) not in special] + [
        len(BMP_NON_ASCII) + index
        for index in encoded_supplementary
        if chr(SUPPLEMENTARY[index]) not in special
    ]
    text = _interleaved([NON_ASCII[index] for index in plain])
    assert encode_with_references(encoding, text) == _references([results[i] for i in plain])
    if not special:
        return
    near = sorted(
        {
            _position(ord(char)) + step
            for char in special
            for step in (-1, 0, 1)
            if 0 <= _position(ord(char)) + step < len(NON_ASCII)
        }
    )
    text = _interleaved([NON_ASCII[index] for index in near])
    for budget in (1 << 30, 0):
        encoder = _StatelessEncoder(model._encode, special)
        encoder._set_budget = budget
        out = _Output()
        encoder.encode_or_fail(text, out)
        found = b"".join(
            item if isinstance(item, bytes) else b"&#%d;" % item for item in out.result()
        )
        assert found == _references([results[index] for index in near])


def _references(results: list[ref.Result]) -> bytes:
    """The spec's *results*, errors as b"&#N;", each followed by "\\n"."""
    out = bytearray()
    for result in results:
        if isinstance(result, list):
            out += bytes(result)
        else:
            assert isinstance(result, ref.Error)
            assert result.code_point is not None
            out += b"&#%d;" % result.code_point
        out += b"\n"
    return bytes(out)


@pytest.mark.parametrize(
    "prefix",
    ["", "\u00a5", "\u4e9c", "a", "\x0e"],
    ids=["ASCII", "Roman", "jis0208", "ascii-char", "error"],
)
def test_iso_2022_jp_encoder_every_scalar_value_in_each_state(prefix: str) -> None:
    """The ISO-2022-JP encoder matches the spec on every scalar value, entered from each state."""
    encoding = get_encoding("ISO-2022-JP")
    text = "".join(prefix + chr(cp) for cp in SCALAR_VALUES)
    assert encode_or_fail(encoding, text) == ref.encode_or_fail_loop("ISO-2022-JP", text)


def test_iso_2022_jp_encoder_pairs_of_interesting_code_points() -> None:
    """Every ordered pair from a set covering each state transition matches the spec."""
    interesting = [
        *range(0x80), 0xA5, 0x203E, 0x2212, 0xFF0D, 0xFF61, 0xFF9E, 0xFF9F, 0x4E9C,
        0x3000, 0xE000, 0x20AC, 0x1F600, 0xFFFD, 0x2460,
    ]  # fmt: skip
    text = "".join(chr(a) + chr(b) + "\u00a5" for a in interesting for b in interesting)
    encoding = get_encoding("ISO-2022-JP")
    assert encode_or_fail(encoding, text) == ref.encode_or_fail_loop("ISO-2022-JP", text)


# --- Decoders --------------------------------------------------------------------------------

SINGLE_BYTES = [bytes([b]) for b in range(256)]
BYTE_PAIRS = [bytes([a, b]) for a in range(256) for b in range(256)]


def _check_decoder(name: str, sequences: list[bytes]) -> None:
    encoding = get_encoding(name)
    expected = [ref.reference_decode(name, seq) for seq in sequences]
    actual = [decode(encoding, seq) for seq in sequences]
    mismatches = [(seq.hex(), a, e) for seq, a, e in zip(sequences, actual, expected) if a != e]
    assert mismatches == []


@pytest.mark.parametrize("name", ref.DECODER_NAMES)
def test_decoder_every_byte(name: str) -> None:
    """decode matches the spec's decoder on every one-byte input."""
    _check_decoder(name, SINGLE_BYTES)


@pytest.mark.parametrize(
    "name", ["UTF-8", "UTF-16BE", "UTF-16LE", *MULTI_BYTE, "replacement", "x-user-defined"]
)
def test_decoder_every_byte_pair(name: str) -> None:
    """decode matches the spec's decoder on every two-byte input."""
    _check_decoder(name, BYTE_PAIRS)


@pytest.mark.parametrize("name", ["windows-1252", "KOI8-U", "windows-1255", "ISO-8859-8-I"])
def test_single_byte_decoder_pairs(name: str) -> None:
    """A few single-byte decoders also on every byte pair (errors next to text)."""
    _check_decoder(name, BYTE_PAIRS)


def test_euc_jp_three_byte_sequences() -> None:
    """EUC-JP matches the spec on 0x8E and 0x8F followed by every byte pair (JIS X 0212)."""
    _check_decoder("EUC-JP", [bytes([lead]) + pair for lead in (0x8E, 0x8F) for pair in BYTE_PAIRS])


def test_gb18030_four_byte_sequences() -> None:
    """gb18030 matches the spec on every four-byte sequence of the four-byte form."""
    sequences = [
        bytes([a, b, c, d])
        for a in range(0x81, 0xFF)
        for b in range(0x30, 0x3A)
        for c in range(0x81, 0xFF)
        for d in range(0x30, 0x3A)
    ]
    # The whole table in one input: each sequence is complete, so the decoder
    # is back in its initial state after each, and each gives one code point
    # (or one U+FFFD for a pointer outside the ranges).
    encoding = get_encoding("gb18030")
    blob = b"".join(sequences)
    expected = ref.reference_decode("gb18030", blob)
    assert decode(encoding, blob) == expected
    assert len(expected) == len(sequences)
    # And in groups of the 126 sequences that share their first two bytes: a
    # group of valid sequences goes through the stdlib fast path, the others
    # through the spec's steps, each as an input of its own.
    group = 126
    mismatches = [
        blob[start * 4 : (start + group) * 4].hex()
        for start in range(0, len(sequences), group)
        if decode(encoding, blob[start * 4 : (start + group) * 4])
        != expected[start : start + group]
    ]
    assert mismatches == []


def test_gb18030_broken_four_byte_sequences() -> None:
    """gb18030 restores the right bytes when the third or fourth byte is wrong."""
    sequences = [bytes([a, b, c]) for a in (0x81, 0x84, 0x90, 0xE3, 0xFE) for b in (0x30, 0x39)
                 for c in range(256)]  # fmt: skip
    sequences += [bytes([a, 0x35, c, d]) for a in (0x81, 0x84, 0x90, 0xE3, 0xFE)
                  for c in (0x81, 0xA0, 0xF4, 0xFE) for d in range(256)]  # fmt: skip
    _check_decoder("gb18030", sequences)
    _check_decoder("GBK", sequences)


ESCAPES = [b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$@", b"\x1b$B", b"\x1b(", b"\x1b$", b"\x1b", b""]


STATES = (b"", b"\x1b(J", b"\x1b(I", b"\x1b$B", b"\x1b$B\x30")
# Bytes at every boundary of the ISO-2022-JP decoder's ranges, and the escape bytes.
EDGE_BYTES = bytes(
    [0x00, 0x0A, 0x0D, 0x0E, 0x0F, 0x1A, 0x1B, 0x1C, 0x20, 0x21, 0x24, 0x28, 0x30, 0x40, 0x41,
     0x42, 0x48, 0x49, 0x4A, 0x4B, 0x5B, 0x5C, 0x5D, 0x5F, 0x60, 0x74, 0x7E, 0x7F, 0x80, 0x8E,
     0xA1, 0xDF, 0xE0, 0xFE, 0xFF]
)  # fmt: skip


def test_iso_2022_jp_every_state_and_byte_pair() -> None:
    """ISO-2022-JP matches the spec on every byte pair in each decoder state."""
    _check_decoder("ISO-2022-JP", [state + pair for state in STATES for pair in BYTE_PAIRS])


def test_iso_2022_jp_every_state_and_escape() -> None:
    """ISO-2022-JP matches the spec for each state, then each escape, then boundary bytes."""
    sequences = [
        state + escape + bytes([a, b])
        for state in STATES
        for escape in ESCAPES
        for a in EDGE_BYTES
        for b in EDGE_BYTES
    ]
    sequences += [
        state + escape + bytes([a]) for state in STATES for escape in ESCAPES for a in range(256)
    ]
    _check_decoder("ISO-2022-JP", sequences)


def test_iso_2022_jp_escape_pairs() -> None:
    """Every pair of escapes, with and without output between them, matches the spec."""
    middles = (b"", b"A", b"\x30\x30", b"\x0e")
    sequences = [a + middle + b for a in ESCAPES for b in ESCAPES for middle in middles]
    _check_decoder("ISO-2022-JP", sequences)
