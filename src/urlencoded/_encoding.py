"""The Encoding Standard hooks that percent-encoding and form parsing call.

https://encoding.spec.whatwg.org/ defines every encoding a browser may use to
write a form submission or a URL query, byte for byte. This module gives each of
them an :class:`Encoding` object, looked up by label with :func:`get_encoding`,
and two operations: :func:`encode_or_fail`, the "encode or fail" loop that
https://url.spec.whatwg.org/#string-percent-encode-after-encoding runs, and
:func:`decode`, a decoder run in replacement (or fatal) mode.

Python's ``codecs`` do the work. Each WHATWG encoding is paired with the
stdlib codec closest to it (``cp932`` for Shift_JIS, ``big5hkscs`` for Big5,
``cp1252`` for windows-1252, ...: see ``_SINGLE_BYTE_CODECS``,
``_MULTI_BYTE_ENCODERS`` and ``_decoder``), and corrected where the two
differ. The corrections come in three kinds, all documented in
docs/encodings.rst:

* The Encoding Standard's *indexes* are rebuilt from the codec, by decoding the
  byte sequence of every pointer, and patched with small correction tables
  (for example the 192 Big5 entries that CPython's HKSCS-2004 table lacks).
  Single-byte encodings then encode and decode through
  :func:`codecs.charmap_encode`/:func:`codecs.charmap_decode` over these
  corrected tables, so they are exact by construction.
* Multi-byte *encoders* run the stdlib codec over the text, except for the
  "special" code points on which the codec and the WHATWG encoder disagree.
  Those are found once per encoding, on first use, by comparing the two on
  every code point the codec might encode, and are then handled one by one
  with the spec's own algorithm over the corrected index.
* Multi-byte *decoders* take the stdlib codec's strict result when it succeeds
  and contains none of the few code points it decodes differently; otherwise
  (errors, or a disputed sequence) a transcription of the spec's decoder runs
  over the corrected index, so that even which bytes an error consumes is right.

The ISO-2022-JP encoder and decoder are state machines written here; their
jis0208 tables come from ``cp932`` like Shift_JIS's and EUC-JP's. The tests
check all of this against a literal transcription of the standard over its
own index files, for every scalar value and every byte sequence up to the
length each decoder looks at.
"""

from __future__ import annotations

import codecs
import contextlib
import re
import unicodedata
from functools import cache
from typing import Any, Callable, NoReturn, Union

from ._errors import UnknownEncodingError
from ._labels import LABELS, NAME_LABELS, NAMES

__all__ = [
    "UTF_8",
    "Encoding",
    "decode",
    "encode_or_fail",
    "get_encoding",
    "get_output_encoding",
]

# https://infra.spec.whatwg.org/#ascii-whitespace
_ASCII_WHITESPACE = "\t\n\f\r "


# https://encoding.spec.whatwg.org/#encoding
class Encoding:
    """An encoding of the Encoding Standard, identified by its name.

    https://encoding.spec.whatwg.org/#encoding

    There is exactly one instance per encoding: ``Encoding(name)`` returns it,
    given the exact WHATWG name (use :func:`get_encoding` for labels). Instances
    are immutable and hashable, compare equal by name, and pickle by name.

    :param name: the encoding's name, for example ``"Shift_JIS"``.
    :raises UnknownEncodingError: if ``name`` is not an encoding name.

    >>> Encoding("Shift_JIS")
    <Encoding 'Shift_JIS'>
    >>> Encoding("Shift_JIS").labels[:3]
    ('csshiftjis', 'ms932', 'ms_kanji')

    .. versionadded:: 1.0
    """

    __slots__ = ("_labels", "_name")
    _labels: tuple[str, ...]
    _name: str
    _instances: dict[str, Encoding] = {}  # noqa: RUF012 (a private class-level registry)

    def __new__(cls, name: str) -> Encoding:
        """Return the one instance for ``name``."""
        if not isinstance(name, str):
            raise TypeError(f"encoding name must be str, not {type(name).__name__}")
        try:
            return cls._instances[name]
        except KeyError:
            pass
        if name not in NAME_LABELS:
            raise UnknownEncodingError(name)
        self = super().__new__(cls)
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_labels", NAME_LABELS[name])
        cls._instances[name] = self
        return self

    @property
    def name(self) -> str:
        """The encoding's name (https://encoding.spec.whatwg.org/#name)."""
        return self._name

    @property
    def labels(self) -> tuple[str, ...]:
        """The encoding's labels, lowercase, in the spec's order."""
        return self._labels

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Encoding objects are immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Encoding objects are immutable (cannot delete {name!r})")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Encoding):
            return self._name == other._name
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Encoding", self._name))

    def __repr__(self) -> str:
        return f"<Encoding {self._name!r}>"

    def __reduce__(self) -> tuple[type[Encoding], tuple[str]]:
        return (Encoding, (self._name,))


for _name in NAMES:
    Encoding(_name)

#: The UTF-8 encoding (https://encoding.spec.whatwg.org/#utf-8).
UTF_8 = Encoding("UTF-8")


# https://encoding.spec.whatwg.org/#concept-encoding-get
def get_encoding(label: str | Encoding) -> Encoding:
    """Get an encoding from a label.

    https://encoding.spec.whatwg.org/#concept-encoding-get: remove leading and
    trailing ASCII whitespace, then match the label ASCII case-insensitively
    against the table of labels. An :class:`Encoding` is returned unchanged.

    :param label: a label such as ``"sjis"`` or ``" UTF8 "``, or an :class:`Encoding`.
    :returns: the :class:`Encoding` the label names.
    :raises UnknownEncodingError: (a :class:`LookupError`) for an unknown label.
    :raises TypeError: if ``label`` is neither a str nor an :class:`Encoding`.

    >>> get_encoding(" Latin1\\n")
    <Encoding 'windows-1252'>
    >>> get_encoding("utf-16")
    <Encoding 'UTF-16LE'>

    .. versionadded:: 1.0
    """
    if isinstance(label, Encoding):
        return label
    if not isinstance(label, str):
        raise TypeError(f"encoding label must be str or Encoding, not {type(label).__name__}")
    # Step 1: remove any leading and trailing ASCII whitespace from label.
    stripped = label.strip(_ASCII_WHITESPACE)
    # Step 2: if label is an ASCII case-insensitive match for any of the labels ...
    # (str.lower() also lowercases non-ASCII letters; such a label matches no
    # entry unless it is ASCII, since U+212A KELVIN SIGN lowercases to "k".)
    if stripped.isascii():
        name = LABELS.get(stripped.lower())
        if name is not None:
            return Encoding(name)
    # Step 3: otherwise, return failure.
    raise UnknownEncodingError(label)


# https://encoding.spec.whatwg.org/#get-an-output-encoding
def get_output_encoding(encoding: str | Encoding) -> Encoding:
    """Get an output encoding.

    https://encoding.spec.whatwg.org/#get-an-output-encoding: replacement,
    UTF-16BE and UTF-16LE become UTF-8 (they have no encoder); every other
    encoding is returned as is. A label is first resolved with :func:`get_encoding`.

    :param encoding: an :class:`Encoding` or a label.
    :returns: the encoding to encode with.
    :raises UnknownEncodingError: for an unknown label.
    :raises TypeError: if ``encoding`` is neither a str nor an :class:`Encoding`.

    >>> get_output_encoding("utf-16be")
    <Encoding 'UTF-8'>
    >>> get_output_encoding("sjis")
    <Encoding 'Shift_JIS'>

    .. versionadded:: 1.0
    """
    encoding = get_encoding(encoding)
    # Step 1.
    if encoding.name in ("replacement", "UTF-16BE", "UTF-16LE"):
        return UTF_8
    # Step 2.
    return encoding


# --- Corrected indexes, rebuilt from the stdlib codecs ---------------------------------------

# Single-byte encodings: WHATWG name -> stdlib codec, and the bytes the codec
# leaves undefined but the index maps (https://encoding.spec.whatwg.org/#index-single-byte).
# No byte is mapped *differently* by a codec except in KOI8-U.
_SINGLE_BYTE_CODECS: dict[str, str] = {
    "IBM866": "cp866",
    "ISO-8859-2": "iso8859_2",
    "ISO-8859-3": "iso8859_3",
    "ISO-8859-4": "iso8859_4",
    "ISO-8859-5": "iso8859_5",
    "ISO-8859-6": "iso8859_6",
    "ISO-8859-7": "iso8859_7",
    "ISO-8859-8": "iso8859_8",
    "ISO-8859-8-I": "iso8859_8",  # same index as ISO-8859-8; the name differs for layout
    "ISO-8859-10": "iso8859_10",
    "ISO-8859-13": "iso8859_13",
    "ISO-8859-14": "iso8859_14",
    "ISO-8859-15": "iso8859_15",
    "ISO-8859-16": "iso8859_16",
    "KOI8-R": "koi8_r",
    "KOI8-U": "koi8_u",
    "macintosh": "mac_roman",
    "windows-874": "cp874",
    "windows-1250": "cp1250",
    "windows-1251": "cp1251",
    "windows-1252": "cp1252",
    "windows-1253": "cp1253",
    "windows-1254": "cp1254",
    "windows-1255": "cp1255",
    "windows-1256": "cp1256",
    "windows-1257": "cp1257",
    "windows-1258": "cp1258",
    "x-mac-cyrillic": "mac_cyrillic",
}

# Corrections to single-byte codecs: byte -> code point in the WHATWG index.
_SINGLE_BYTE_CORRECTIONS: dict[str, dict[int, int]] = {
    # KOI8-U: https://encoding.spec.whatwg.org/index-koi8-u.txt is KOI8-RU: 0xAE and
    # 0xBE are the Belarusian short U (ў, Ў); Python's koi8_u (RFC 2319) has box
    # drawing characters there.
    "KOI8-U": {0xAE: 0x045E, 0xBE: 0x040E},
    # windows-1255: Windows maps 0xCA to U+05BA HEBREW POINT HOLAM HASER FOR VAV,
    # which Python's cp1255 (from the 1998 Unicode mapping file) leaves undefined.
    "windows-1255": {0xCA: 0x05BA},
}

# windows-874 and windows-125x: every byte 0x80-0x9F the Python codec leaves
# undefined maps to the C1 control of the same value in the WHATWG index, as
# Windows' MultiByteToWideChar does (so windows-1252 0x81 is U+0081).
_C1_FALLBACK = frozenset(name for name, codec in _SINGLE_BYTE_CODECS.items() if codec[:2] == "cp")


@cache
def _single_byte_table(name: str) -> str:
    """The 256-character decoding table of a single-byte encoding (U+FFFE: unmapped).

    https://encoding.spec.whatwg.org/#index-single-byte, rebuilt from the codec.
    """
    codec = _SINGLE_BYTE_CODECS[name]
    corrections = _SINGLE_BYTE_CORRECTIONS.get(name, {})
    table = []
    for byte in range(256):
        if byte in corrections:
            table.append(chr(corrections[byte]))
            continue
        try:
            table.append(bytes([byte]).decode(codec))
        except UnicodeDecodeError:
            if name in _C1_FALLBACK and 0x80 <= byte <= 0x9F:
                table.append(chr(byte))
            else:
                table.append("\ufffe")
    return "".join(table)


@cache
def _index_jis0208() -> dict[int, int]:
    """https://encoding.spec.whatwg.org/#index-jis0208, rebuilt from ``cp932``.

    Pointer p is the Shift_JIS byte pair of the Shift_JIS decoder. ``cp932``
    (Microsoft's Shift_JIS, with the NEC and IBM extensions) agrees with the
    index on every pointer; the only difference is that it also decodes pointers
    8836-10715 (lead bytes 0xF0-0xF9) to the Private Use Area, which the index
    leaves out and the Shift_JIS decoder handles by formula (EUDC).
    """
    table: dict[int, int] = {}
    for pointer in range(60 * 188):
        if 8836 <= pointer <= 10715:
            continue
        leading, trailing = divmod(pointer, 188)
        pair = bytes(
            [
                leading + (0x81 if leading < 0x1F else 0xC1),
                trailing + (0x40 if trailing < 0x3F else 0x41),
            ]
        )
        with contextlib.suppress(UnicodeDecodeError):
            table[pointer] = ord(pair.decode("cp932"))
    return table


@cache
def _index_jis0212() -> dict[int, int]:
    """https://encoding.spec.whatwg.org/#index-jis0212, rebuilt from ``euc_jp``.

    One correction: pointer 116 (0x8F 0xA2 0xB7) is U+FF5E FULLWIDTH TILDE in the
    index; Python's euc_jp decodes it to U+007E, an ASCII byte's code point.
    """
    table: dict[int, int] = {}
    for pointer in range(94 * 94):
        triple = bytes([0x8F, pointer // 94 + 0xA1, pointer % 94 + 0xA1])
        with contextlib.suppress(UnicodeDecodeError):
            table[pointer] = ord(triple.decode("euc_jp"))
    table[116] = 0xFF5E
    return table


@cache
def _index_euc_kr() -> dict[int, int]:
    """https://encoding.spec.whatwg.org/#index-euc-kr, from ``cp949`` (identical)."""
    table: dict[int, int] = {}
    for pointer in range(126 * 190):
        pair = bytes([pointer // 190 + 0x81, pointer % 190 + 0x41])
        with contextlib.suppress(UnicodeDecodeError):
            table[pointer] = ord(pair.decode("cp949"))
    return table


# Index gb18030 entries that differ from Python's gb18030 codec (GB18030-2000
# with the 2005 changes). GB18030-2005 and -2022 moved these characters out of
# the Private Use Area, and the index follows: pointer -> code point.
_GB18030_CORRECTIONS: dict[int, int] = {
    # 0xA3 0xA0 is U+3000 IDEOGRAPHIC SPACE for compatibility with deployed content
    # (the codec gives U+E5E5; see the note in the gb18030 encoder).
    6555: 0x3000,
    # 0xA6 0xD9-0xDF, 0xA6 0xEC-0xED, 0xA6 0xF3: vertical forms (GB18030-2005).
    7182: 0xFE10, 7183: 0xFE12, 7184: 0xFE11, 7185: 0xFE13, 7186: 0xFE14, 7187: 0xFE15,
    7188: 0xFE16, 7201: 0xFE17, 7202: 0xFE18, 7208: 0xFE19,
    # 0xA8 0xBC: U+1E3F LATIN SMALL LETTER M WITH ACUTE (GB18030-2005).
    7533: 0x1E3F,
    # 0xFE 0x59 ... 0xFE 0xA0: CJK ideographs added to Unicode 4.1 (GB18030-2022).
    23775: 0x9FB4, 23783: 0x9FB5, 23788: 0x9FB6, 23789: 0x9FB7, 23795: 0x9FB8,
    23812: 0x9FB9, 23829: 0x9FBA, 23845: 0x9FBB,
}  # fmt: skip


@cache
def _index_gb18030() -> dict[int, int]:
    """https://encoding.spec.whatwg.org/#index-gb18030, from ``gb18030`` plus corrections."""
    table: dict[int, int] = {}
    for pointer in range(126 * 190):
        trailing = pointer % 190
        pair = bytes([pointer // 190 + 0x81, trailing + (0x40 if trailing < 0x3F else 0x41)])
        with contextlib.suppress(UnicodeDecodeError):
            table[pointer] = ord(pair.decode("gb18030"))
    table.update(_GB18030_CORRECTIONS)
    return table


def _gb18030_ranges_code_point(pointer: int) -> int | None:
    """https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point, via ``gb18030``.

    The codec's four-byte sequences follow the same 207 ranges, except pointer
    7457 (0x81 0x35 0xF4 0x37), which the codec decodes to U+1E3F (GB18030-2000)
    and the index to U+E7C7 (GB18030-2005 swapped the two; see 0xA8 0xBC).
    """
    # Step 1.
    if (39419 < pointer < 189000) or pointer > 1237575:
        return None
    # Step 2.
    if pointer == 7457:
        return 0xE7C7
    # Steps 3-4, by the codec.
    byte1, rest = divmod(pointer, 10 * 126 * 10)
    byte2, rest = divmod(rest, 10 * 126)
    byte3, byte4 = divmod(rest, 10)
    return ord(bytes([byte1 + 0x81, byte2 + 0x30, byte3 + 0x81, byte4 + 0x30]).decode("gb18030"))


# Index Big5 entries missing from, or different in, Python's big5hkscs codec
# (HKSCS-2004). Pointer -> code point.
#
# Pointers 1000-1067 and the rest of this first table are HKSCS-2008 additions.
_BIG5_ADDITIONS: dict[int, int] = {
    1000: 0x3875, 1001: 0x21D53, 1002: 0x2369E, 1003: 0x26021, 1004: 0x3EEC, 1005: 0x258DE,
    1006: 0x3AF5, 1007: 0x7AFC, 1008: 0x9F97, 1009: 0x24161, 1010: 0x2890D, 1011: 0x231EA,
    1012: 0x20A8A, 1013: 0x2325E, 1014: 0x430A, 1015: 0x8484, 1016: 0x9F96, 1017: 0x942F,
    1018: 0x4930, 1019: 0x8613, 1020: 0x5896, 1021: 0x974A, 1022: 0x9218, 1023: 0x79D0,
    1024: 0x7A32, 1025: 0x6660, 1026: 0x6A29, 1027: 0x889D, 1028: 0x744C, 1029: 0x7BC5,
    1030: 0x6782, 1031: 0x7A2C, 1032: 0x524F, 1033: 0x9046, 1034: 0x34E6, 1035: 0x73C4,
    1036: 0x25DB9, 1037: 0x74C6, 1038: 0x9FC7, 1039: 0x57B3, 1040: 0x492F, 1041: 0x544C,
    1042: 0x4131, 1043: 0x2368E, 1044: 0x5818, 1045: 0x7A72, 1046: 0x27B65, 1047: 0x8B8F,
    1048: 0x46AE, 1049: 0x26E88, 1050: 0x4181, 1051: 0x25D99, 1052: 0x7BAE, 1053: 0x224BC,
    1054: 0x9FC8, 1055: 0x224C1, 1056: 0x224C9, 1057: 0x224CC, 1058: 0x9FC9, 1059: 0x8504,
    1060: 0x235BB, 1061: 0x40B4, 1062: 0x9FCA, 1063: 0x44E1, 1064: 0x2ADFF, 1065: 0x62C1,
    1066: 0x706E, 1067: 0x9FCB, 2082: 0x7BB8, 2088: 0x7C06, 2103: 0x7CCE, 2114: 0x7DD2,
    2123: 0x7E1D, 2148: 0x8005, 2151: 0x8028, 2221: 0x83C1, 2239: 0x84A8, 2244: 0x840F,
    2303: 0x89A6, 2304: 0x89A9, 2354: 0x8D77, 2400: 0x90FD, 2413: 0x92B9, 2477: 0x975C,
    2498: 0x97FF, 2605: 0x9F16, 2673: 0x8503, 2746: 0x5159, 2747: 0x515B, 2748: 0x515D,
    2749: 0x515E, 2771: 0x936E, 2780: 0x7479, 2990: 0x6D67, 3087: 0x799B, 3259: 0x9097,
    3301: 0x975D, 3436: 0x701E, 3451: 0x5B28, 4136: 0x7201, 4138: 0x77D7, 4141: 0x7E87,
    4182: 0x99D6, 4206: 0x91D4, 4220: 0x60DE, 4230: 0x6FB6, 4241: 0x8F36, 4258: 0x4FBB,
    4273: 0x71DF, 4279: 0x9104, 4282: 0x9DF0, 4294: 0x83CF, 4329: 0x5C10, 4330: 0x79E3,
    4349: 0x5A67, 4419: 0x8F0B, 4422: 0x7B51, 4494: 0x62D0, 4624: 0x6062, 4694: 0x75F9,
    4708: 0x6C4A, 4742: 0x9B2E, 4748: 0x9F17, 4815: 0x50ED, 4828: 0x5F0C, 4902: 0x880F,
    4922: 0x62CE, 4982: 0x7468, 4992: 0x7162, 4997: 0x7250, 5432: 0x2400, 5433: 0x2401,
    5434: 0x2402, 5435: 0x2403, 5436: 0x2404, 5437: 0x2405, 5438: 0x2406, 5439: 0x2407,
    5440: 0x2408, 5441: 0x2409, 5442: 0x240A, 5443: 0x240B, 5444: 0x240C, 5445: 0x240D,
    5446: 0x240E, 5447: 0x240F, 5448: 0x2410, 5449: 0x2411, 5450: 0x2412, 5451: 0x2413,
    5452: 0x2414, 5453: 0x2415, 5454: 0x2416, 5455: 0x2417, 5456: 0x2418, 5457: 0x2419,
    5458: 0x241A, 5459: 0x241B, 5460: 0x241C, 5461: 0x241D, 5462: 0x241E, 5463: 0x241F,
    5464: 0x2421, 5465: 0x20AC, 10942: 0x5EF4, 10946: 0x65E0, 10948: 0x7676, 10950: 0x96B6,
    10957: 0x3003, 10958: 0x4EDD, 19028: 0x5029, 19035: 0x507D, 19088: 0x5305, 19096: 0x5344,
    19112: 0x537F, 19162: 0x5605, 19240: 0x5A77, 19299: 0x5E75, 19305: 0x5ED0, 19326: 0x5F58,
    19355: 0x60A4, 19398: 0x6490, 19439: 0x6674, 19454: 0x675E, 19553: 0x6C9C, 19554: 0x6E1D,
    19557: 0x6E2F, 19611: 0x716E, 19643: 0x732A, 19672: 0x745C, 19697: 0x74E9, 19748: 0x7809,
}  # fmt: skip

# Pointers where big5hkscs decodes a *different* code point: the index follows
# what browsers shipped for Big5 (Windows cp950-era compatibility characters).
_BIG5_CHANGES: dict[int, int] = {
    5029: 0x2027, 5038: 0xFE51, 5120: 0x00AF, 5153: 0xFF5E, 5168: 0x2295, 5169: 0x2299,
    5182: 0x2215, 5183: 0xFE68, 5185: 0xFFE5, 5187: 0xFFE0, 5188: 0xFFE1,
}  # fmt: skip


@cache
def _index_big5() -> dict[int, int]:
    """https://encoding.spec.whatwg.org/#index-big5, from ``big5hkscs`` plus corrections.

    Pointers 1133, 1135, 1164 and 1166 decode to two code points each, in the
    codec and in the Big5 decoder alike; they are not index entries.
    """
    table: dict[int, int] = {}
    for pointer in range(126 * 157):
        trailing = pointer % 157
        pair = bytes([pointer // 157 + 0x81, trailing + (0x40 if trailing < 0x3F else 0x62)])
        try:
            text = pair.decode("big5hkscs")
        except UnicodeDecodeError:
            continue
        if len(text) == 1:
            table[pointer] = ord(text)
    table.update(_BIG5_ADDITIONS)
    table.update(_BIG5_CHANGES)
    return table


@cache
def _index_iso_2022_jp_katakana() -> list[int]:
    """https://encoding.spec.whatwg.org/#index-iso-2022-jp-katakana, from :mod:`unicodedata`.

    "This maps halfwidth to fullwidth katakana as per Unicode Normalization
    Form KC, except that U+FF9E and U+FF9F map to U+309B and U+309C".
    """
    table = [ord(unicodedata.normalize("NFKC", chr(cp))) for cp in range(0xFF61, 0xFFA0)]
    table[0xFF9E - 0xFF61] = 0x309B
    table[0xFF9F - 0xFF61] = 0x309C
    return table


def _first_pointers(
    index: dict[int, int], exclude: Callable[[int], bool] = lambda p: False
) -> dict[int, int]:
    """Code point -> its *first* pointer (https://encoding.spec.whatwg.org/#index-pointer)."""
    pointers: dict[int, int] = {}
    for pointer in sorted(index):
        if not exclude(pointer):
            pointers.setdefault(index[pointer], pointer)
    return pointers


# --- Encoders -------------------------------------------------------------------------------

#: The output of :func:`encode_or_fail`: runs of bytes and the code point of each error.
EncodeResult = list[Union[bytes, int]]


class _Output:
    """Collects encoder output: merges adjacent byte runs, records errors."""

    __slots__ = ("items", "pending")

    def __init__(self) -> None:
        self.items: EncodeResult = []
        self.pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        if data:
            self.pending.append(data)

    def error(self, code_point: int) -> None:
        self.flush()
        self.items.append(code_point)

    def flush(self) -> None:
        if self.pending:
            self.items.append(b"".join(self.pending))
            self.pending = []

    def result(self) -> EncodeResult:
        self.flush()
        return self.items


_SURROGATE = re.compile("[\ud800-\udfff]")


def _char_class(code_points: list[int]) -> str:
    """A regex character class (with ``+``) matching any of ``code_points``."""
    parts = []
    ordered = sorted(code_points)
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        first, last = ordered[i], ordered[j]
        parts.append(f"\\U{first:08x}" if first == last else f"\\U{first:08x}-\\U{last:08x}")
        i = j + 1
    return "[" + "".join(parts) + "]+" if parts else "(?!)"


class _StatelessEncoder:
    """An encoder with no state: a stdlib codec plus per-code-point corrections.

    ``whatwg`` is the spec's handler for one non-ASCII code point (bytes, or
    None for an error). ``special`` holds the code points on which the codec's
    strict encoding differs from it, mapped to the WHATWG result; every other
    code point the codec encodes as WHATWG does, or both refuse it.
    """

    __slots__ = ("_encode", "_special", "_special_re")

    def __init__(
        self,
        encode: Callable[[str, str], bytes],
        special: dict[str, bytes | None],
    ) -> None:
        self._encode = encode
        self._special = special
        self._special_re = re.compile(_char_class([ord(c) for c in special]))

    def encode_or_fail(self, text: str, out: _Output) -> None:
        pos = 0
        special = self._special
        for match in self._special_re.finditer(text):
            if match.start() > pos:
                self._encode_run(text[pos : match.start()], out)
            for char in match.group():
                data = special[char]
                if data is None:
                    out.error(ord(char))
                else:
                    out.write(data)
            pos = match.end()
        if pos < len(text):
            self._encode_run(text[pos:] if pos else text, out)

    def _encode_run(self, run: str, out: _Output) -> None:
        # The codec refuses exactly the code points the WHATWG encoder refuses
        # here (none of them is special), so each one it refuses is an error.
        # "xmlcharrefreplace" writes those as b"&#N;". Pieces are split at "&",
        # and in none of these encodings is 0x26 ever part of a multi-byte
        # sequence, so every b"&#N;" in a piece's output marks an error.
        encode = self._encode
        for number, piece in enumerate(run.split("&")):
            if number:
                out.write(b"&")
            if not piece:
                continue
            encoded = encode(piece, "xmlcharrefreplace")
            if b"&" not in encoded:
                out.write(encoded)
                continue
            parts = _CHAR_REF.split(encoded)
            out.write(parts[0])
            for i in range(1, len(parts), 2):
                out.error(int(parts[i]))
                out.write(parts[i + 1])


_CHAR_REF = re.compile(rb"&#([0-9]+);")


def _stdlib_encoder(codec: str) -> Callable[[str, str], bytes]:
    encoder = codecs.getencoder(codec)

    def encode(text: str, errors: str) -> bytes:
        return encoder(text, errors)[0]

    return encode


def _find_special(
    codec: str, whatwg: Callable[[int], bytes | None], planes: tuple[int, ...] = (0,)
) -> dict[str, bytes | None]:
    """Every code point of ``planes`` on which ``codec`` and the WHATWG encoder differ.

    The stdlib codecs used here encode nothing outside these planes (checked
    for every scalar value by the tests), and gb18030's four-byte forms of
    supplementary code points are the same as the spec's.
    """
    encoder = codecs.getencoder(codec)
    special: dict[str, bytes | None] = {}
    for plane in planes:
        for code_point in range(max(plane << 16, 0x80), (plane + 1) << 16):
            if 0xD800 <= code_point <= 0xDFFF:
                continue
            char = chr(code_point)
            try:
                theirs: bytes | None = encoder(char, "strict")[0]
            except UnicodeEncodeError:
                theirs = None
            ours = whatwg(code_point)
            if theirs != ours:
                special[char] = ours
    return special


# https://encoding.spec.whatwg.org/#shift_jis-encoder
def _shift_jis_handler() -> Callable[[int], bytes | None]:
    # https://encoding.spec.whatwg.org/#index-shift_jis-pointer
    # Step 1: index jis0208 excluding pointers 8272 to 8835 (NEC-selected IBM
    # extensions duplicated later in the index).
    pointers = _first_pointers(_index_jis0208(), lambda p: 8272 <= p <= 8835)

    def handler(code_point: int) -> bytes | None:
        # Step 2: an ASCII code point or U+0080.
        if code_point == 0x80:
            return b"\x80"
        # Steps 3-5.
        if code_point == 0xA5:
            return b"\x5c"
        if code_point == 0x203E:
            return b"\x7e"
        if 0xFF61 <= code_point <= 0xFF9F:
            return bytes([code_point - 0xFF61 + 0xA1])
        # Step 6.
        if code_point == 0x2212:
            code_point = 0xFF0D
        # Steps 7-8.
        pointer = pointers.get(code_point)
        if pointer is None:
            return None
        # Steps 9-13.
        leading, trailing = divmod(pointer, 188)
        leading_offset = 0x81 if leading < 0x1F else 0xC1
        offset = 0x40 if trailing < 0x3F else 0x41
        return bytes([leading + leading_offset, trailing + offset])

    return handler


# https://encoding.spec.whatwg.org/#euc-jp-encoder
def _euc_jp_handler() -> Callable[[int], bytes | None]:
    pointers = _first_pointers(_index_jis0208())

    def handler(code_point: int) -> bytes | None:
        # Steps 3-5.
        if code_point == 0xA5:
            return b"\x5c"
        if code_point == 0x203E:
            return b"\x7e"
        if 0xFF61 <= code_point <= 0xFF9F:
            return bytes([0x8E, code_point - 0xFF61 + 0xA1])
        # Step 6.
        if code_point == 0x2212:
            code_point = 0xFF0D
        # Steps 7-8.
        pointer = pointers.get(code_point)
        if pointer is None:
            return None
        # Steps 9-11.
        return bytes([pointer // 94 + 0xA1, pointer % 94 + 0xA1])

    return handler


# https://encoding.spec.whatwg.org/#euc-kr-encoder
def _euc_kr_handler() -> Callable[[int], bytes | None]:
    pointers = _first_pointers(_index_euc_kr())

    def handler(code_point: int) -> bytes | None:
        pointer = pointers.get(code_point)
        if pointer is None:
            return None
        return bytes([pointer // 190 + 0x81, pointer % 190 + 0x41])

    return handler


# https://encoding.spec.whatwg.org/#gb18030-encoder (Step 5's table)
_GB18030_PUA: dict[int, bytes] = {
    0xE78D: b"\xa6\xd9", 0xE78E: b"\xa6\xda", 0xE78F: b"\xa6\xdb", 0xE790: b"\xa6\xdc",
    0xE791: b"\xa6\xdd", 0xE792: b"\xa6\xde", 0xE793: b"\xa6\xdf", 0xE794: b"\xa6\xec",
    0xE795: b"\xa6\xed", 0xE796: b"\xa6\xf3", 0xE81E: b"\xfe\x59", 0xE826: b"\xfe\x61",
    0xE82B: b"\xfe\x66", 0xE82C: b"\xfe\x67", 0xE832: b"\xfe\x6d", 0xE843: b"\xfe\x7e",
    0xE854: b"\xfe\x90", 0xE864: b"\xfe\xa0",
}  # fmt: skip


# https://encoding.spec.whatwg.org/#gb18030-encoder
def _gb18030_handler(is_gbk: bool) -> Callable[[int], bytes | None]:
    pointers = _first_pointers(_index_gb18030())
    four_byte = codecs.getencoder("gb18030")

    def handler(code_point: int) -> bytes | None:
        # Step 3.
        if code_point == 0xE5E5:
            return None
        # Step 4.
        if is_gbk and code_point == 0x20AC:
            return b"\x80"
        # Step 5.
        if code_point in _GB18030_PUA:
            return _GB18030_PUA[code_point]
        # Steps 6-7.
        pointer = pointers.get(code_point)
        if pointer is not None:
            leading, trailing = divmod(pointer, 190)
            offset = 0x40 if trailing < 0x3F else 0x41
            return bytes([leading + 0x81, trailing + offset])
        # Step 8.
        if is_gbk:
            return None
        # Steps 9-17: index gb18030 ranges pointer. Step 1 of that algorithm
        # (U+E7C7 -> 7457) is where the codec differs; otherwise it follows the ranges.
        if code_point == 0xE7C7:
            return b"\x81\x35\xf4\x37"
        return four_byte(chr(code_point), "strict")[0]

    return handler


# https://encoding.spec.whatwg.org/#big5-encoder
def _big5_handler() -> Callable[[int], bytes | None]:
    # https://encoding.spec.whatwg.org/#index-big5-pointer
    # Step 1: leave out pointers below (0xA1 - 0x81) × 157 (HKSCS extensions).
    index = {p: cp for p, cp in _index_big5().items() if p >= (0xA1 - 0x81) * 157}
    pointers = _first_pointers(index)
    # Step 2: these code points take their *last* pointer.
    for code_point in (0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345):
        pointers[code_point] = max(p for p, cp in index.items() if cp == code_point)

    def handler(code_point: int) -> bytes | None:
        pointer = pointers.get(code_point)
        if pointer is None:
            return None
        leading, trailing = divmod(pointer, 157)
        offset = 0x40 if trailing < 0x3F else 0x62
        return bytes([leading + 0x81, trailing + offset])

    return handler


# https://encoding.spec.whatwg.org/#single-byte-encoder and
# https://encoding.spec.whatwg.org/#x-user-defined-encoder
class _CharmapEncoder(_StatelessEncoder):
    """A single-byte encoder over a corrected table: no special code points."""

    def __init__(self, table: str) -> None:
        mapping = codecs.charmap_build(table)

        def encode(text: str, errors: str) -> bytes:
            return codecs.charmap_encode(text, errors, mapping)[0]

        super().__init__(encode, {})


def _x_user_defined_table() -> str:
    # https://encoding.spec.whatwg.org/#x-user-defined-decoder: 0x80-0xFF <-> U+F780-U+F7FF.
    return "".join(map(chr, range(0x80))) + "".join(
        chr(0xF780 + b - 0x80) for b in range(0x80, 0x100)
    )


class _Iso2022JpEncoder:
    """https://encoding.spec.whatwg.org/#iso-2022-jp-encoder, run over runs of text.

    The text is cut into runs of one kind (ASCII; U+000E, U+000F, U+001B;
    U+00A5 and U+203E; code points with a jis0208 pointer; anything else), and
    each run is written as the spec's state machine would write it code point
    by code point. The state lives in the caller's loop, across errors.
    """

    __slots__ = ("_jis", "_tokens")

    def __init__(self) -> None:
        pointers = _first_pointers(_index_jis0208())
        jis: dict[int, str] = {}
        for code_point, pointer in pointers.items():
            # Steps 13-15: two bytes pointer / 94 + 0x21, pointer % 94 + 0x21.
            jis[code_point] = chr(pointer // 94 + 0x21) + chr(pointer % 94 + 0x21)
        # Step 8: U+2212 becomes U+FF0D.
        jis[0x2212] = jis[0xFF0D]
        # Step 9: halfwidth katakana become the ISO-2022-JP katakana index's code point.
        for offset, code_point in enumerate(_index_iso_2022_jp_katakana()):
            jis[0xFF61 + offset] = jis[code_point]
        self._jis = jis
        self._tokens = re.compile(
            "([\x00-\x0d\x10-\x1a\x1c-\x7f]+)|([\x0e\x0f\x1b])|([\u00a5\u203e]+)|("
            + _char_class(list(jis))
            + ")|(.)",
            re.DOTALL,
        )

    def encode_or_fail(self, text: str, out: _Output) -> None:
        state = "ASCII"
        for ascii_run, control, roman_run, jis_run, other in self._tokens.findall(text):
            if ascii_run:
                if state == "Roman":
                    # Step 5: Roman writes ASCII as is, except U+005C and U+007E.
                    cut = len(ascii_run)
                    for char in "\\~":
                        found = ascii_run.find(char)
                        if found != -1 and found < cut:
                            cut = found
                    out.write(ascii_run[:cut].encode("ascii"))
                    ascii_run = ascii_run[cut:]
                if ascii_run:
                    if state != "ASCII":
                        # Step 6: switch to ASCII.
                        out.write(b"\x1b(B")
                        state = "ASCII"
                    # Step 4.
                    out.write(ascii_run.encode("ascii"))
            elif control:
                if state == "jis0208":
                    # Step 6 (these are ASCII code points), then Step 3.
                    out.write(b"\x1b(B")
                    state = "ASCII"
                # Step 3: an error reported as U+FFFD, to prevent attacks.
                out.error(0xFFFD)
            elif roman_run:
                if state != "Roman":
                    # Step 7.
                    out.write(b"\x1b(J")
                    state = "Roman"
                # Step 5.
                out.write(roman_run.replace("\u00a5", "\\").replace("\u203e", "~").encode("ascii"))
            elif jis_run:
                if state != "jis0208":
                    # Step 12.
                    out.write(b"\x1b$B")
                    state = "jis0208"
                # Steps 13-15.
                out.write(jis_run.translate(self._jis).encode("ascii"))
            else:
                if state == "jis0208":
                    # Step 11.1.
                    out.write(b"\x1b(B")
                    state = "ASCII"
                # Step 11.2.
                out.error(ord(other))
        # End-of-queue, Step 1: return to ASCII.
        if state != "ASCII":
            out.write(b"\x1b(B")


class _Utf8Encoder:
    """https://encoding.spec.whatwg.org/#utf-8-encoder: never fails on scalar values."""

    def encode_or_fail(self, text: str, out: _Output) -> None:
        out.write(text.encode("utf-8"))


_EncoderImpl = Union[_StatelessEncoder, _Iso2022JpEncoder, _Utf8Encoder]

# Multi-byte encoders: WHATWG name -> (stdlib codec, handler factory, planes to compare).
_MULTI_BYTE_ENCODERS: dict[
    str, tuple[str, Callable[[], Callable[[int], bytes | None]], tuple[int, ...]]
] = {
    "Shift_JIS": ("cp932", _shift_jis_handler, (0,)),
    "EUC-JP": ("euc_jp", _euc_jp_handler, (0,)),
    "EUC-KR": ("cp949", _euc_kr_handler, (0,)),
    "GBK": ("gbk", lambda: _gb18030_handler(True), (0,)),
    "gb18030": ("gb18030", lambda: _gb18030_handler(False), (0,)),
    "Big5": ("big5hkscs", _big5_handler, (0, 2)),
}


@cache
def _encoder(name: str) -> _EncoderImpl:
    if name == "UTF-8":
        return _Utf8Encoder()
    if name in _SINGLE_BYTE_CODECS:
        return _CharmapEncoder(_single_byte_table(name))
    if name == "x-user-defined":
        return _CharmapEncoder(_x_user_defined_table())
    if name == "ISO-2022-JP":
        return _Iso2022JpEncoder()
    codec, factory, planes = _MULTI_BYTE_ENCODERS[name]
    return _StatelessEncoder(_stdlib_encoder(codec), _find_special(codec, factory(), planes))


# https://encoding.spec.whatwg.org/#encode-or-fail
def encode_or_fail(encoding: Encoding, text: str) -> EncodeResult:
    """Run "encode or fail" over all of ``text`` with one encoder instance.

    https://encoding.spec.whatwg.org/#encode-or-fail, called in a loop as
    https://url.spec.whatwg.org/#string-percent-encode-after-encoding does: the
    encoder (and its state) lives across errors, and its end-of-queue output
    (ISO-2022-JP's return to ASCII) comes last.

    ``text`` should be a scalar value string; lone surrogates are replaced with
    U+FFFD first, as a USVString conversion does.

    :param encoding: any encoding but replacement, UTF-16BE and UTF-16LE
        (pass the result of :func:`get_output_encoding`).
    :returns: in order, runs of output bytes (never empty, never adjacent) and,
        for each error, the code point it reports (ISO-2022-JP reports U+000E,
        U+000F and U+001B as 0xFFFD).
    :raises TypeError: if ``encoding`` is not an :class:`Encoding` or ``text`` not a str.
    :raises ValueError: for replacement, UTF-16BE and UTF-16LE, which have no encoder.

    >>> encode_or_fail(get_encoding("shift_jis"), "≡‽a")
    [b'\\x81\\xdf', 8253, b'a']
    >>> encode_or_fail(get_encoding("iso-2022-jp"), "¥")
    [b'\\x1b(J\\\\\\x1b(B']

    .. versionadded:: 1.0
    """
    if not isinstance(encoding, Encoding):
        raise TypeError(f"encoding must be an Encoding, not {type(encoding).__name__}")
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    # https://encoding.spec.whatwg.org/#get-an-encoder, Step 1 (an assertion there).
    if encoding.name in ("replacement", "UTF-16BE", "UTF-16LE"):
        raise ValueError(f"{encoding.name} has no encoder; use get_output_encoding() first")
    if _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    out = _Output()
    _encoder(encoding.name).encode_or_fail(text, out)
    return out.result()


# --- Decoders -------------------------------------------------------------------------------


class _Sink:
    """Decoder output. In fatal mode the first error raises UnicodeDecodeError.

    An error's ``start`` is the offset of the first byte of the sequence it
    ends (the longest prefix of the input before it decodes without error);
    ``end`` is where decoding resumes, bytes the decoder restores excluded.
    """

    __slots__ = ("data", "fatal", "name", "parts")

    def __init__(self, name: str, data: bytes, fatal: bool) -> None:
        self.name = name
        self.data = data
        self.fatal = fatal
        self.parts: list[str] = []

    def error(self, start: int, end: int, reason: str = "invalid byte sequence") -> None:
        if self.fatal:
            raise UnicodeDecodeError(self.name, self.data, start, end, reason)
        self.parts.append("\ufffd")


_INCOMPLETE = "incomplete byte sequence at end of input"


# https://encoding.spec.whatwg.org/#utf-8-decoder
def _decode_utf8_slow(data: bytes, sink: _Sink) -> None:
    parts = sink.parts
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        if byte <= 0x7F:
            parts.append(chr(byte))
            i += 1
            continue
        lower, upper = 0x80, 0xBF
        if 0xC2 <= byte <= 0xDF:
            needed, code_point = 1, byte & 0x1F
        elif 0xE0 <= byte <= 0xEF:
            lower = 0xA0 if byte == 0xE0 else 0x80
            upper = 0x9F if byte == 0xED else 0xBF
            needed, code_point = 2, byte & 0xF
        elif 0xF0 <= byte <= 0xF4:
            lower = 0x90 if byte == 0xF0 else 0x80
            upper = 0x8F if byte == 0xF4 else 0xBF
            needed, code_point = 3, byte & 0x7
        else:
            sink.error(i, i + 1)
            i += 1
            continue
        j = i + 1
        while needed:
            if j == n:
                sink.error(i, n, _INCOMPLETE)
                return
            if not lower <= data[j] <= upper:
                break  # Step 4: restore the byte; it is read again.
            lower, upper = 0x80, 0xBF
            code_point = (code_point << 6) | (data[j] & 0x3F)
            needed -= 1
            j += 1
        if needed:
            sink.error(i, j)
        else:
            parts.append(chr(code_point))
        i = j


# https://encoding.spec.whatwg.org/#shared-utf-16-decoder
def _decode_utf16_slow(data: bytes, sink: _Sink, is_be: bool) -> None:
    parts = sink.parts
    i, n = 0, len(data)
    while i < n:
        if i + 1 == n:
            sink.error(i, n, _INCOMPLETE)
            return
        unit = (data[i] << 8) + data[i + 1] if is_be else (data[i + 1] << 8) + data[i]
        if 0xD800 <= unit <= 0xDBFF:
            if i + 2 >= n:
                sink.error(i, n, _INCOMPLETE)
                return
            if i + 3 == n:
                sink.error(i, n, _INCOMPLETE)
                return
            trail = (data[i + 2] << 8) + data[i + 3] if is_be else (data[i + 3] << 8) + data[i + 2]
            if 0xDC00 <= trail <= 0xDFFF:
                parts.append(chr(0x10000 + ((unit - 0xD800) << 10) + (trail - 0xDC00)))
                i += 4
            else:
                sink.error(i, i + 2, "unpaired high surrogate")
                i += 2  # the two bytes of the next code unit are restored
            continue
        if 0xDC00 <= unit <= 0xDFFF:
            sink.error(i, i + 2, "unpaired low surrogate")
        else:
            parts.append(chr(unit))
        i += 2


# https://encoding.spec.whatwg.org/#gb18030-decoder
def _decode_gb18030_slow(data: bytes, sink: _Sink) -> None:
    index = _index_gb18030()
    parts = sink.parts
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        # Steps 6-9.
        if byte <= 0x7F:
            parts.append(chr(byte))
            i += 1
            continue
        if byte == 0x80:
            parts.append("\u20ac")
            i += 1
            continue
        if byte == 0xFF:
            sink.error(i, i + 1)
            i += 1
            continue
        # gb18030 first is set.
        if i + 1 == n:
            sink.error(i, n, _INCOMPLETE)  # Step 2
            return
        second = data[i + 1]
        if 0x30 <= second <= 0x39:
            # Step 5.1: gb18030 second is set.
            if i + 2 == n:
                sink.error(i, n, _INCOMPLETE)
                return
            third = data[i + 2]
            if not 0x81 <= third <= 0xFE:
                # Step 4.2: restore « second, byte ».
                sink.error(i, i + 1)
                i += 1
                continue
            if i + 3 == n:
                sink.error(i, n, _INCOMPLETE)
                return
            fourth = data[i + 3]
            if not 0x30 <= fourth <= 0x39:
                # Step 3.1: restore « second, third, byte ».
                sink.error(i, i + 1)
                i += 1
                continue
            # Steps 3.2-3.5.
            code_point = _gb18030_ranges_code_point(
                (byte - 0x81) * (10 * 126 * 10)
                + (second - 0x30) * (10 * 126)
                + (third - 0x81) * 10
                + fourth
                - 0x30
            )
            if code_point is None:
                sink.error(i, i + 4)
            else:
                parts.append(chr(code_point))
            i += 4
            continue
        # Steps 5.2-5.10: a two-byte sequence.
        pointer = None
        offset = 0x40 if second < 0x7F else 0x41
        if 0x40 <= second <= 0x7E or 0x80 <= second <= 0xFE:
            pointer = (byte - 0x81) * 190 + (second - offset)
        code_point = None if pointer is None else index.get(pointer)
        if code_point is not None:
            parts.append(chr(code_point))
            i += 2
        elif second <= 0x7F:
            sink.error(i, i + 1)
            i += 1
        else:
            sink.error(i, i + 2)
            i += 2


_BIG5_TWO_CODE_POINTS = {
    1133: "\u00ca\u0304",
    1135: "\u00ca\u030c",
    1164: "\u00ea\u0304",
    1166: "\u00ea\u030c",
}


def _decode_double_byte(
    data: bytes,
    sink: _Sink,
    single: Callable[[int], str | None],
    is_lead: Callable[[int], bool],
    pair: Callable[[int, int], str | None],
) -> None:
    """The shape the Big5, Shift_JIS and EUC-KR decoders share.

    A byte that *single* maps is output on its own; a lead byte takes the
    next byte as its trail, and *pair* maps the two (None for no code point).
    An unmapped pair is an error, and an ASCII trail byte is read again, as
    the decoders' "restore byte to ioQueue" step says.
    """
    parts = sink.parts
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        text = single(byte)
        if text is not None:
            parts.append(text)
            i += 1
            continue
        if not is_lead(byte):
            sink.error(i, i + 1)
            i += 1
            continue
        if i + 1 == n:
            sink.error(i, n, _INCOMPLETE)
            return
        trail = data[i + 1]
        text = pair(byte, trail)
        if text is not None:
            parts.append(text)
            i += 2
        elif trail <= 0x7F:
            sink.error(i, i + 1)
            i += 1
        else:
            sink.error(i, i + 2)
            i += 2


def _ascii(byte: int) -> str | None:
    return chr(byte) if byte <= 0x7F else None


def _mapped(code_point: int | None) -> str | None:
    return None if code_point is None else chr(code_point)


# https://encoding.spec.whatwg.org/#big5-decoder
def _decode_big5_slow(data: bytes, sink: _Sink) -> None:
    index = _index_big5()

    def pair(lead: int, byte: int) -> str | None:
        # Step 3.
        offset = 0x40 if byte < 0x7F else 0x62
        if not (0x40 <= byte <= 0x7E or 0xA1 <= byte <= 0xFE):
            return None
        pointer = (lead - 0x81) * 157 + (byte - offset)
        # Step 4: the pointers that give two code points.
        if pointer in _BIG5_TWO_CODE_POINTS:
            return _BIG5_TWO_CODE_POINTS[pointer]
        # Step 5.
        return _mapped(index.get(pointer))

    _decode_double_byte(data, sink, _ascii, lambda byte: 0x81 <= byte <= 0xFE, pair)


# https://encoding.spec.whatwg.org/#euc-jp-decoder
def _decode_euc_jp_slow(data: bytes, sink: _Sink) -> None:
    jis0208 = _index_jis0208()
    jis0212 = _index_jis0212()
    parts = sink.parts
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        # Steps 6-8.
        if byte <= 0x7F:
            parts.append(chr(byte))
            i += 1
            continue
        if not (byte in (0x8E, 0x8F) or 0xA1 <= byte <= 0xFE):
            sink.error(i, i + 1)
            i += 1
            continue
        start = i
        leading = byte
        i += 1
        if i == n:
            sink.error(start, n, _INCOMPLETE)
            return
        byte = data[i]
        # Step 3.
        if leading == 0x8E and 0xA1 <= byte <= 0xDF:
            parts.append(chr(0xFF61 - 0xA1 + byte))
            i += 1
            continue
        # Step 4.
        index = jis0208
        if leading == 0x8F and 0xA1 <= byte <= 0xFE:
            index = jis0212
            leading = byte
            i += 1
            if i == n:
                sink.error(start, n, _INCOMPLETE)
                return
            byte = data[i]
        # Step 5.
        code_point = None
        if 0xA1 <= leading <= 0xFE and 0xA1 <= byte <= 0xFE:
            code_point = index.get((leading - 0xA1) * 94 + byte - 0xA1)
        if code_point is not None:
            parts.append(chr(code_point))
            i += 1
        elif byte <= 0x7F:
            sink.error(start, i)  # the ASCII byte is restored
        else:
            sink.error(start, i + 1)
            i += 1


# https://encoding.spec.whatwg.org/#shift_jis-decoder
def _decode_shift_jis_slow(data: bytes, sink: _Sink) -> None:
    index = _index_jis0208()

    def single(byte: int) -> str | None:
        # Steps 4-5: ASCII and 0x80, then half-width katakana.
        if byte <= 0x80:
            return chr(byte)
        if 0xA1 <= byte <= 0xDF:
            return chr(0xFF61 - 0xA1 + byte)
        return None

    def is_lead(byte: int) -> bool:
        # Step 6.
        return 0x81 <= byte <= 0x9F or 0xE0 <= byte <= 0xFC

    def pair(lead: int, byte: int) -> str | None:
        # Step 3.
        if not (0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFC):
            return None
        offset = 0x40 if byte < 0x7F else 0x41
        lead_offset = 0x81 if lead < 0xA0 else 0xC1
        pointer = (lead - lead_offset) * 188 + byte - offset
        # Step 3.3: the EUDC range maps to the Private Use Area.
        if 8836 <= pointer <= 10715:
            return chr(0xE000 - 8836 + pointer)
        return _mapped(index.get(pointer))

    _decode_double_byte(data, sink, single, is_lead, pair)


# https://encoding.spec.whatwg.org/#euc-kr-decoder
def _decode_euc_kr_slow(data: bytes, sink: _Sink) -> None:
    index = _index_euc_kr()

    def pair(lead: int, byte: int) -> str | None:
        # Step 3.
        if not 0x41 <= byte <= 0xFE:
            return None
        return _mapped(index.get((lead - 0x81) * 190 + (byte - 0x41)))

    _decode_double_byte(data, sink, _ascii, lambda byte: 0x81 <= byte <= 0xFE, pair)


# https://encoding.spec.whatwg.org/#iso-2022-jp-decoder
def _decode_iso_2022_jp(data: bytes, sink: _Sink) -> None:
    index = _index_jis0208()
    parts = sink.parts
    state = output_state = "ASCII"
    lead = 0x00
    output = False
    i, n = 0, len(data)
    seq_start = 0  # where the pending escape sequence or character began
    while True:
        byte = data[i] if i < n else None  # None is end-of-queue
        i += 1
        if state in ("ASCII", "Roman", "katakana", "leading byte"):
            if byte == 0x1B:
                state = "escape start"
                seq_start = i - 1
                continue
            if byte is None:
                return
            output = False
            if state == "ASCII":
                if byte <= 0x7F and byte not in (0x0E, 0x0F):
                    parts.append(chr(byte))
                    continue
            elif state == "Roman":
                if byte == 0x5C:
                    parts.append("\u00a5")
                    continue
                if byte == 0x7E:
                    parts.append("\u203e")
                    continue
                if byte <= 0x7F and byte not in (0x0E, 0x0F):
                    parts.append(chr(byte))
                    continue
            elif state == "katakana":
                if 0x21 <= byte <= 0x5F:
                    parts.append(chr(0xFF61 - 0x21 + byte))
                    continue
            elif 0x21 <= byte <= 0x7E:  # leading byte
                lead = byte
                state = "trailing byte"
                seq_start = i - 1
                continue
            sink.error(i - 1, i)
        elif state == "trailing byte":
            if byte == 0x1B:
                state = "escape start"
                sink.error(seq_start, i - 1)
                seq_start = i - 1
                continue
            state = "leading byte"
            if byte is None:
                sink.error(seq_start, n, _INCOMPLETE)
                return
            if 0x21 <= byte <= 0x7E:
                code_point = index.get((lead - 0x21) * 94 + byte - 0x21)
                if code_point is None:
                    sink.error(seq_start, i)
                else:
                    parts.append(chr(code_point))
                continue
            sink.error(seq_start, i)
        elif state == "escape start":
            # Step 1.
            if byte in (0x24, 0x28):
                lead = byte
                state = "escape"
                continue
            # Step 2: restore byte.
            if byte is not None:
                i -= 1
            # Step 3.
            output = False
            state = output_state
            sink.error(seq_start, min(i, n), _INCOMPLETE if byte is None else "invalid escape")
        else:  # escape
            leading = lead
            lead = 0x00
            new_state = None
            if leading == 0x28 and byte == 0x42:
                new_state = "ASCII"
            elif leading == 0x28 and byte == 0x4A:
                new_state = "Roman"
            elif leading == 0x28 and byte == 0x49:
                new_state = "katakana"
            elif leading == 0x24 and byte in (0x40, 0x42):
                new_state = "leading byte"
            if new_state is not None:
                state = output_state = new_state
                previous = output
                output = True
                if previous:
                    sink.error(seq_start, i, "escape sequence with no output after the last one")
                continue
            # Step 8: restore « leading, byte », or leading at end-of-queue (i has
            # moved past the end-of-queue too, so both cases step back two).
            i -= 2
            output = False
            state = output_state
            sink.error(seq_start, i, "invalid escape")


def _fast_then_slow(
    codec: str, suspects: str, slow: Callable[[bytes, _Sink], None], forbidden: bytes = b""
) -> Callable[[bytes, _Sink], None]:
    """Decode with the stdlib codec when that is provably the WHATWG result.

    If the codec decodes all of ``data`` strictly, its output equals the WHATWG
    decoder's unless it contains one of ``suspects`` (the code points the codec
    decodes some sequence to differently; found by comparing every byte sequence
    the codec reads as one character) or ``data`` contains a ``forbidden`` byte.
    Otherwise ``slow``, a transcription of the spec's decoder, runs.
    """
    suspect_re = re.compile(f"[{suspects}]") if suspects else None
    decoder = codecs.getdecoder(codec)

    def run(data: bytes, sink: _Sink) -> None:
        if not any(byte in data for byte in forbidden):
            try:
                text: str = decoder(data, "strict")[0]
            except UnicodeDecodeError:
                pass
            else:
                if suspect_re is None or not suspect_re.search(text):
                    sink.parts.append(text)
                    return
        slow(data, sink)

    return run


def _stdlib_decoder(
    codec: str, slow: Callable[[bytes, _Sink], None]
) -> Callable[[bytes, _Sink], None]:
    """A codec whose replacement-mode output is the WHATWG one; ``slow`` for errors."""
    decoder = codecs.getdecoder(codec)

    def run(data: bytes, sink: _Sink) -> None:
        if sink.fatal:
            try:
                sink.parts.append(decoder(data, "strict")[0])
            except UnicodeDecodeError:
                slow(data, sink)  # raises, with the WHATWG error offsets
        else:
            sink.parts.append(decoder(data, "replace")[0])

    return run


def _charmap_decoder(table: str) -> Callable[[bytes, _Sink], None]:
    # https://encoding.spec.whatwg.org/#single-byte-decoder over a corrected table.
    # (charmap_decode takes a 256-character str as its table, as the stdlib's own
    # single-byte codecs do; typeshed only lists the dict and EncodingMap forms.)
    mapping: Any = table

    def run(data: bytes, sink: _Sink) -> None:
        try:
            sink.parts.append(codecs.charmap_decode(data, "strict", mapping)[0])
        except UnicodeDecodeError as error:
            if sink.fatal:
                sink.error(error.start, error.start + 1, "byte not in the index")
            sink.parts.append(codecs.charmap_decode(data, "replace", mapping)[0])

    return run


# https://encoding.spec.whatwg.org/#replacement-decoder
def _decode_replacement(data: bytes, sink: _Sink) -> None:
    if data:
        sink.error(0, len(data), "the replacement encoding decodes any input to U+FFFD")


def _decode_iso_2022_jp_fast(data: bytes, sink: _Sink) -> None:
    # ASCII without ESC, SO and SI stays in the initial ASCII state throughout.
    if data.isascii() and not any(byte in data for byte in b"\x0e\x0f\x1b"):
        sink.parts.append(data.decode("ascii"))
    else:
        _decode_iso_2022_jp(data, sink)


@cache
def _decoder(name: str) -> Callable[[bytes, _Sink], None]:
    if name in _SINGLE_BYTE_CODECS:
        return _charmap_decoder(_single_byte_table(name))
    if name == "x-user-defined":
        return _charmap_decoder(_x_user_defined_table())
    if name == "UTF-8":
        return _stdlib_decoder("utf-8", _decode_utf8_slow)
    if name == "UTF-16BE":
        return _stdlib_decoder("utf-16-be", lambda data, sink: _decode_utf16_slow(data, sink, True))
    if name == "UTF-16LE":
        return _stdlib_decoder(
            "utf-16-le", lambda data, sink: _decode_utf16_slow(data, sink, False)
        )
    if name == "replacement":
        return _decode_replacement
    if name == "ISO-2022-JP":
        return _decode_iso_2022_jp_fast
    if name == "Shift_JIS":
        # cp932 also decodes 0xA0 and 0xFD-0xFF (to U+F8F0-U+F8F3), which are errors.
        return _fast_then_slow("cp932", "\uf8f0-\uf8f3", _decode_shift_jis_slow)
    if name == "EUC-JP":
        # euc_jp decodes six jis0208 pairs to the JIS mapping (e.g. 0xA1 0xC1 to U+301C,
        # where the index has U+FF5E), and 0x8F 0xA2 0xB7 to U+007E; JIS X 0212 is
        # rare, so any 0x8F byte takes the transcription.
        return _fast_then_slow(
            "euc_jp", "\u00a2\u00a3\u00ac\u2016\u2212\u301c", _decode_euc_jp_slow, b"\x8f"
        )
    if name == "EUC-KR":
        return _fast_then_slow("cp949", "", _decode_euc_kr_slow)
    if name in ("gb18030", "GBK"):
        # https://encoding.spec.whatwg.org/#gbk-decoder is the gb18030 decoder.
        # The suspects: the code points of _GB18030_CORRECTIONS as the codec has
        # them (Private Use), and U+1E3F, its reading of 0x81 0x35 0xF4 0x37.
        suspects = "\u1e3f\ue5e5\ue78d-\ue796\ue7c7\ue81e\ue826\ue82b\ue82c\ue832\ue843\ue854\ue864"
        return _fast_then_slow("gb18030", suspects, _decode_gb18030_slow)
    if name == "Big5":
        # The code points big5hkscs has for the pointers in _BIG5_CHANGES.
        suspects = "\u00a2\u00a3\u00a5\u2022\u203e\u223c\u2609\u2641\uff0f\uff3c\uff64"
        return _fast_then_slow("big5hkscs", suspects, _decode_big5_slow)
    raise AssertionError(name)  # pragma: no cover


# https://encoding.spec.whatwg.org/#decode (without BOM sniffing)
def decode(encoding: Encoding, data: bytes | bytearray | memoryview, *, fatal: bool = False) -> str:
    """Run ``encoding``'s decoder over all of ``data``.

    https://encoding.spec.whatwg.org/#concept-encoding-run with the encoding's
    decoder, in "replacement" error mode (each error becomes U+FFFD) or, with
    ``fatal=True``, "fatal" mode. There is no BOM sniffing and no BOM stripping:
    a leading BOM decodes to U+FEFF, as in "UTF-8 decode without BOM".

    :param encoding: the encoding (any, including replacement and UTF-16BE/LE).
    :param data: the bytes (bytes, bytearray or memoryview).
    :param fatal: raise on the first error instead of writing U+FFFD.
    :returns: the decoded string; in replacement mode this never fails.
    :raises UnicodeDecodeError: in fatal mode, with ``start`` the offset of the
        first byte of the sequence in error, and ``encoding`` the WHATWG name.
    :raises TypeError: for a non-:class:`Encoding` ``encoding`` or non-bytes ``data``.

    >>> decode(get_encoding("shift_jis"), b"\\x82\\xa0\\x82")
    'あ\\ufffd'
    >>> decode(get_encoding("windows-1252"), b"\\x80\\x81")
    '€\\x81'

    .. versionadded:: 1.0
    """
    if not isinstance(encoding, Encoding):
        raise TypeError(f"encoding must be an Encoding, not {type(encoding).__name__}")
    if not isinstance(data, bytes):
        if not isinstance(data, (bytearray, memoryview)):
            raise TypeError(f"data must be bytes, not {type(data).__name__}")
        data = bytes(data)
    sink = _Sink(encoding.name, data, fatal)
    _decoder(encoding.name)(data, sink)
    return "".join(sink.parts)
