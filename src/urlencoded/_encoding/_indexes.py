"""The Encoding Standard's indexes, rebuilt from the stdlib codecs and corrected.

https://encoding.spec.whatwg.org/#indexes: index single-byte
(https://encoding.spec.whatwg.org/#index-single-byte), jis0208, jis0212,
EUC-KR, gb18030 and its ranges, Big5 and ISO-2022-JP katakana; and the index
pointer lookup (https://encoding.spec.whatwg.org/#index-pointer).

Each multi-byte index is rebuilt (``_build_index_*``) by decoding every
pointer's byte sequence with the closest stdlib codec, then patched where the
codec differs. tools/gen_encoding_tables.py runs those builders ahead of time
and writes each index as one string, indexed by pointer, into ``_tables``;
the decoders read that string (:func:`_index_table`) as it is loaded.
"""

from __future__ import annotations

import contextlib
import importlib
import unicodedata
from functools import cache
from typing import Callable

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


def _build_index_jis0208() -> dict[int, int]:
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


def _build_index_jis0212() -> dict[int, int]:
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


def _build_index_euc_kr() -> dict[int, int]:
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


def _build_index_gb18030() -> dict[int, int]:
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


def _build_index_big5() -> dict[int, int]:
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


#: The builder of each multi-byte index (for tools/gen_encoding_tables.py), and
#: its number of pointers: every pointer its decoders compute is below it.
_INDEX_BUILDERS: dict[str, tuple[Callable[[], dict[int, int]], int]] = {
    "jis0208": (_build_index_jis0208, 60 * 188),
    "jis0212": (_build_index_jis0212, 94 * 94),
    "euc_kr": (_build_index_euc_kr, 126 * 190),
    "gb18030": (_build_index_gb18030, 126 * 190),
    "big5": (_build_index_big5, 126 * 157),
}

#: What an index table holds for a pointer with no code point (no index maps one to U+0000).
_UNMAPPED = "\x00"


@cache
def _index_table(name: str) -> str:
    """Index ``name`` as a string: pointer p's code point is ``table[p]`` (or :data:`_UNMAPPED`).

    What ``_INDEX_BUILDERS[name]`` builds, written into ``_tables`` by
    tools/gen_encoding_tables.py: a string constant, so loading it builds nothing.
    """
    module = importlib.import_module(f"._tables.index_{name}", __package__)
    table: str = module.TABLE
    return table


def _index_dict(name: str) -> dict[int, int]:
    """Index ``name`` as pointer -> code point."""
    return {
        pointer: ord(char) for pointer, char in enumerate(_index_table(name)) if char != _UNMAPPED
    }


@cache
def _index_jis0208() -> dict[int, int]:
    """https://encoding.spec.whatwg.org/#index-jis0208 (see :func:`_build_index_jis0208`)."""
    return _index_dict("jis0208")


@cache
def _index_jis0212() -> dict[int, int]:
    """https://encoding.spec.whatwg.org/#index-jis0212 (see :func:`_build_index_jis0212`)."""
    return _index_dict("jis0212")


@cache
def _index_euc_kr() -> dict[int, int]:
    """https://encoding.spec.whatwg.org/#index-euc-kr (see :func:`_build_index_euc_kr`)."""
    return _index_dict("euc_kr")


@cache
def _index_gb18030() -> dict[int, int]:
    """https://encoding.spec.whatwg.org/#index-gb18030 (see :func:`_build_index_gb18030`)."""
    return _index_dict("gb18030")


@cache
def _index_big5() -> dict[int, int]:
    """https://encoding.spec.whatwg.org/#index-big5 (see :func:`_build_index_big5`)."""
    return _index_dict("big5")


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
