"""What to say when a label is one of Python's codec names instead of a WHATWG label.

https://encoding.spec.whatwg.org/#concept-encoding-get knows only the Encoding
Standard's labels, as browsers do, so ``"latin-1"``, ``"utf_8"``, ``"cp932"``
or ``"iso8859_2"`` (names from :mod:`codecs` or ``response.encoding``) are
unknown. :func:`python_codec_hint` says which label to pass instead and what
it means, or that the Encoding Standard has no counterpart: Python resolves
the label to its codec (:func:`codecs.lookup`), and ``_COUNTERPARTS`` maps
the codec to the Encoding Standard encoding that corresponds to it.
"""

from __future__ import annotations

import codecs
import re
from functools import cache
from typing import NamedTuple

__all__ = ["python_codec_hint"]


class _Counterpart(NamedTuple):
    """A Python codec's counterpart: the WHATWG label to pass, and how close it is."""

    what: str  # what Python's codec is, in words
    label: str  # the Encoding Standard's label to use instead
    encoding: str  # the WHATWG name of the encoding that label means
    same: bool  # whether that encoding is the codec's (else the nearest one)


def _same(what: str, label: str, encoding: str) -> _Counterpart:
    return _Counterpart(what, label, encoding, True)


def _nearest(what: str, label: str, encoding: str) -> _Counterpart:
    return _Counterpart(what, label, encoding, False)


# Python codec name (codecs.lookup(label).name) -> its counterpart. A codec
# missing here has none.
_COUNTERPARTS: dict[str, _Counterpart] = {
    "utf-8": _same("UTF-8", "utf-8", "UTF-8"),
    "utf-8-sig": _nearest("UTF-8 that drops a leading byte order mark", "utf-8", "UTF-8"),
    "utf-16": _nearest("UTF-16 that reads a byte order mark", "utf-16", "UTF-16LE"),
    "utf-16-le": _same("UTF-16LE", "utf-16le", "UTF-16LE"),
    "utf-16-be": _same("UTF-16BE", "utf-16be", "UTF-16BE"),
    "ascii": _nearest("ASCII", "us-ascii", "windows-1252"),
    "iso8859-1": _nearest("ISO-8859-1", "iso-8859-1", "windows-1252"),
    "iso8859-2": _same("ISO-8859-2", "iso-8859-2", "ISO-8859-2"),
    "iso8859-3": _same("ISO-8859-3", "iso-8859-3", "ISO-8859-3"),
    "iso8859-4": _same("ISO-8859-4", "iso-8859-4", "ISO-8859-4"),
    "iso8859-5": _same("ISO-8859-5", "iso-8859-5", "ISO-8859-5"),
    "iso8859-6": _same("ISO-8859-6", "iso-8859-6", "ISO-8859-6"),
    "iso8859-7": _same("ISO-8859-7", "iso-8859-7", "ISO-8859-7"),
    "iso8859-8": _same("ISO-8859-8", "iso-8859-8", "ISO-8859-8"),
    "iso8859-9": _nearest("ISO-8859-9", "iso-8859-9", "windows-1254"),
    "iso8859-10": _same("ISO-8859-10", "iso-8859-10", "ISO-8859-10"),
    "iso8859-11": _nearest("ISO-8859-11", "iso-8859-11", "windows-874"),
    "iso8859-13": _same("ISO-8859-13", "iso-8859-13", "ISO-8859-13"),
    "iso8859-14": _same("ISO-8859-14", "iso-8859-14", "ISO-8859-14"),
    "iso8859-15": _same("ISO-8859-15", "iso-8859-15", "ISO-8859-15"),
    "iso8859-16": _same("ISO-8859-16", "iso-8859-16", "ISO-8859-16"),
    "tis-620": _nearest("TIS-620", "tis-620", "windows-874"),
    "cp874": _same("windows-874", "windows-874", "windows-874"),
    "cp1250": _same("windows-1250", "windows-1250", "windows-1250"),
    "cp1251": _same("windows-1251", "windows-1251", "windows-1251"),
    "cp1252": _same("windows-1252", "windows-1252", "windows-1252"),
    "cp1253": _same("windows-1253", "windows-1253", "windows-1253"),
    "cp1254": _same("windows-1254", "windows-1254", "windows-1254"),
    "cp1255": _same("windows-1255", "windows-1255", "windows-1255"),
    "cp1256": _same("windows-1256", "windows-1256", "windows-1256"),
    "cp1257": _same("windows-1257", "windows-1257", "windows-1257"),
    "cp1258": _same("windows-1258", "windows-1258", "windows-1258"),
    "cp866": _same("IBM866", "ibm866", "IBM866"),
    "koi8-r": _same("KOI8-R", "koi8-r", "KOI8-R"),
    "koi8-u": _same("KOI8-U", "koi8-u", "KOI8-U"),
    "mac-roman": _same("Mac OS Roman", "macintosh", "macintosh"),
    "mac-cyrillic": _same("Mac OS Cyrillic", "x-mac-cyrillic", "x-mac-cyrillic"),
    "cp932": _same("Windows-31J, Shift_JIS as Windows extends it", "windows-31j", "Shift_JIS"),
    "shift_jis": _nearest("Shift_JIS without Windows' extensions", "shift_jis", "Shift_JIS"),
    "shift_jis_2004": _nearest("Shift_JIS-2004", "shift_jis", "Shift_JIS"),
    "shift_jisx0213": _nearest("Shift_JISX0213", "shift_jis", "Shift_JIS"),
    "euc_jp": _same("EUC-JP", "euc-jp", "EUC-JP"),
    "euc_jis_2004": _nearest("EUC-JIS-2004", "euc-jp", "EUC-JP"),
    "euc_jisx0213": _nearest("EUC-JISX0213", "euc-jp", "EUC-JP"),
    "iso2022_jp": _same("ISO-2022-JP", "iso-2022-jp", "ISO-2022-JP"),
    "iso2022_jp_1": _nearest("ISO-2022-JP-1", "iso-2022-jp", "ISO-2022-JP"),
    "iso2022_jp_2": _nearest("ISO-2022-JP-2", "iso-2022-jp", "ISO-2022-JP"),
    "iso2022_jp_2004": _nearest("ISO-2022-JP-2004", "iso-2022-jp", "ISO-2022-JP"),
    "iso2022_jp_3": _nearest("ISO-2022-JP-3", "iso-2022-jp", "ISO-2022-JP"),
    "iso2022_jp_ext": _nearest("ISO-2022-JP-EXT", "iso-2022-jp", "ISO-2022-JP"),
    "cp949": _same("Windows' EUC-KR (Unified Hangul Code)", "windows-949", "EUC-KR"),
    "euc_kr": _nearest("EUC-KR without Windows' extensions", "euc-kr", "EUC-KR"),
    "gbk": _same("GBK", "gbk", "GBK"),
    "gb2312": _nearest("GB 2312", "gb2312", "GBK"),
    "gb18030": _same("gb18030", "gb18030", "gb18030"),
    "big5hkscs": _same("Big5-HKSCS", "big5-hkscs", "Big5"),
    "big5": _nearest("Big5 without the Hong Kong extensions", "big5", "Big5"),
    "cp950": _nearest("Windows' Big5", "big5", "Big5"),
}

# Python's own normalization of codec names (encodings.normalize_encoding, lower-cased).
_PUNCTUATION = re.compile(r"[^0-9a-z.]+")
_ASCII_WHITESPACE = "\t\n\f\r "


@cache
def _python_names() -> frozenset[str]:
    """Every codec module name and alias Python knows, normalized: which labels to look up.

    Looking up only these keeps :func:`codecs.lookup` (whose cache keeps every
    name it was asked for) away from arbitrary labels, such as those of a
    ``_charset_`` field.
    """
    import encodings
    import pkgutil
    from encodings.aliases import aliases

    modules = {module.name for module in pkgutil.iter_modules(encodings.__path__)}
    return frozenset(aliases) | frozenset(aliases.values()) | frozenset(modules)


def python_codec_hint(label: str) -> str:
    """What to say about *label*, unknown to the Encoding Standard, if Python knows it.

    ``""`` when Python has no codec of that name either. Otherwise which
    label of the Encoding Standard means Python's codec (or the nearest
    encoding, and which), or that there is none.

    >>> print(python_codec_hint("latin-1"))
    Python's 'latin-1' is ISO-8859-1; the ... label is 'iso-8859-1', which means windows-1252
    >>> python_codec_hint("klingon")
    ''
    """
    stripped = label.strip(_ASCII_WHITESPACE)
    # Printable ASCII only: interpreters differ on what else codecs.lookup accepts.
    if not (stripped.isascii() and stripped.isprintable()) or len(stripped) > 64:
        return ""
    names = _python_names()
    lowered = stripped.lower()
    if lowered not in names:
        if lowered.isalnum():
            return ""  # nothing for Python's normalization to change
        normalized = _PUNCTUATION.sub("_", lowered).strip("_")
        if normalized not in names and normalized.replace(".", "_") not in names:
            return ""
    try:
        info = codecs.lookup(stripped)
    except (LookupError, ValueError):
        return ""
    found = _COUNTERPARTS.get(info.name)
    if found is not None:
        if found.same:
            named = "" if found.label == found.encoding.lower() else f" ({found.encoding})"
            return (
                f"Python's {label!r} is {found.what}; the Encoding Standard's label for it "
                f"is {found.label!r}{named}"
            )
        return (
            f"Python's {label!r} is {found.what}; the Encoding Standard's nearest label is "
            f"{found.label!r}, which means {found.encoding}"
        )
    if not getattr(info, "_is_text_encoding", True):
        return f"Python's {label!r} is its {info.name!r} codec, which is not a text encoding"
    return (
        f"Python's {label!r} is its {info.name!r} codec, which has no counterpart among the "
        "Encoding Standard's encodings: no label reads it"
    )
