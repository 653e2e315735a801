"""Choosing the most plausible encoding of a legacy form: detection by plausibility.

:func:`guess_encoding` keeps the candidates under which every field decodes;
this module chooses among them. Each candidate's decoded text gets a *cost*,
in nats (``-ln`` of how likely such text is, roughly), as the sum of small,
named parts, and the cheapest candidate wins. The order the caller lists the
candidates in plays no part: ties go to UTF-8, then to the legacy multi-byte
encodings in the Encoding Standard's table order, then to the name that
sorts first. The rules (docs/encodings.rst shows an example of each):

* **Which part of a character set.** JIS X 0208 level 1 (rows 16-47) and
  level 2, GB 2312's two levels (rows 16-55 and 56-87), Big5's common
  (``A440``-``C67E``) and less common (``C940``-``F9D5``) hanzi, and
  KS X 1001's 2,350 hangul (rows 16-40), all taken from the Encoding
  Standard's indexes at first use; within them, Unicode CLDR's exemplar
  characters of everyday Japanese, simplified and traditional Chinese. A
  national encoding's text is read as its own language's.
* **Evidence against.** Control, private-use and unassigned code points,
  halfwidth katakana, box drawing, symbols inside or beside a word, small
  kana where Japanese cannot write one.
* **Letter case and scripts.** A capital after a small letter, a word all in
  capitals, a word mixing scripts, more than one script across the fields.
* **Letters that fit one language.** Letter and letter-pair frequencies of 35
  alphabetic languages, from CLDR's text; the letters are weighed in the
  language that fits them best.

The CLDR data is generated into ``_plausibility_data`` by
``tools/gen_plausibility.py``.
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import NamedTuple

from .._core import Separator, as_bytes, form_options, parse_region_bytes
from .._encoding import UTF_8, Encoding, decode, get_encoding
from ._legacy import candidate_encodings

__all__ = ["Plausibility", "detect_encoding", "field_cost", "parse_mixed", "rank_encodings"]


class Plausibility(NamedTuple):
    """One candidate's standing: its encoding, its cost (lower is more plausible), and why."""

    encoding: Encoding
    cost: float
    reason: str


# Costs are in nats, -ln of how likely a character is, roughly: an everyday
# kanji or hanzi is one of a few thousand (e**7.5 ~ 1800), a letter one of a few
# dozen. The penalties are what a wrong decoder makes of letters.
_CONTROL = 30.0
# Printable ASCII other than letters and space: the same in every reading but
# ISO-2022-JP's, whose escaped runs read as ASCII in every other encoding.
_ASCII_SYMBOL = 2.0
_PRIVATE_USE = 25.0
_UNASSIGNED = 30.0
_HALFWIDTH_KATAKANA = 8.0
_BOX_DRAWING = 20.0
_SYMBOL_IN_WORD = 20.0
_SYMBOL_BESIDE_LETTER = 16.0
_SYMBOL = 6.0
_NUMBER = 4.0
_FOREIGN_LETTER = 14.0
_LONE_LETTER = 5.0
_CAPITAL_AFTER_SMALL = 8.0
_ALL_CAPITALS = 4.0
_MIXED_SCRIPT_WORD = 12.0
_EXTRA_SCRIPT = 4.0
_SMALL_KANA_OUT_OF_PLACE = 10.0

# Small kana that only follow certain kana: ゃゅょ an i-column one (きゃ), the small
# vowels a katakana (ファ), っ and ゎ any kana.
_SMALL_YA_YU_YO = set("ゃゅょャュョ")
_I_COLUMN = set("きぎしじちぢにひびぴみりキギシジチヂニヒビピミリ")
_SMALL_KANA = set("ぁぃぅぇぉっゎァィゥェォッヮ") | _SMALL_YA_YU_YO

# Ideographs, kana and hangul, by how common the reading's sets say they are.
_KANA = 4.0
_EVERYDAY = 7.5
_OCCASIONAL = 8.5
_COMMON_ROWS = 9.5
_LESS_COMMON_ROWS = 11.0
_OUTSIDE = 20.0
_KS_HANGUL = 6.5


def _rows(encoding: str, leads: Iterable[int], trails: Iterable[int]) -> frozenset[str]:
    """The characters an encoding's index gives to the two-byte codes ``lead``, ``trail``."""
    trail_list = list(trails)
    raw = bytes(byte for lead in leads for trail in trail_list for byte in (lead, trail))
    return frozenset(decode(get_encoding(encoding), raw)) - {"\ufffd"}


_EUC_ROW = range(0xA1, 0xFF)
_BIG5_TRAIL = [*range(0x40, 0x7F), *range(0xA1, 0xFF)]


class _Reading(NamedTuple):
    """How one language weighs ideographs: its everyday characters and its rows."""

    name: str
    everyday: frozenset[str]
    occasional: frozenset[str]
    common: frozenset[str]
    less_common: frozenset[str]


@cache
def _readings() -> tuple[_Reading, ...]:
    """Japanese, Chinese and Korean, with the parts of their character sets."""
    from ._plausibility_data import EVERYDAY, OCCASIONAL

    def reading(name: str, common: frozenset[str], less: frozenset[str]) -> _Reading:
        return _Reading(
            name,
            frozenset(EVERYDAY.get(name, "")),
            frozenset(OCCASIONAL.get(name, "")),
            common,
            less,
        )

    big5_common = _rows("Big5", range(0xA4, 0xC6), _BIG5_TRAIL) | _rows(
        "Big5", [0xC6], range(0x40, 0x7F)
    )
    big5_less = _rows("Big5", range(0xC9, 0xF9), _BIG5_TRAIL) | _rows(
        "Big5", [0xF9], [t for t in _BIG5_TRAIL if t <= 0xD5]
    )
    return (
        # EUC-JP row = JIS X 0208 row + 0xA0: level 1 is rows 16-47, level 2 rows 48-84.
        reading(
            "Japanese",
            _rows("EUC-JP", range(0xB0, 0xD0), _EUC_ROW),
            _rows("EUC-JP", range(0xD0, 0xF5), _EUC_ROW),
        ),
        # GBK's GB 2312 part: level 1 is rows 16-55, level 2 rows 56-87.
        reading(
            "simplified Chinese",
            _rows("GBK", range(0xB0, 0xD8), _EUC_ROW),
            _rows("GBK", range(0xD8, 0xF8), _EUC_ROW),
        ),
        reading("traditional Chinese", big5_common, big5_less),
        # KS X 1001: hangul rows 16-40, hanja rows 42-93.
        reading(
            "Korean",
            _rows("EUC-KR", range(0xB0, 0xC9), _EUC_ROW),
            _rows("EUC-KR", range(0xCA, 0xFE), _EUC_ROW),
        ),
    )


@cache
def _letter_costs() -> dict[str, dict[str, float]]:
    """Language -> letter -> cost, in nats."""
    from ._plausibility_data import LETTER_COSTS

    return {
        language: {letter: tenths / 10 for letter, tenths in letters.items()}
        for language, letters in LETTER_COSTS.items()
    }


def _script(char: str) -> str:
    """A coarse script name (enough to tell scripts apart inside a word)."""
    point = ord(char)
    if point < 0x250 or 0x1E00 <= point < 0x1F00:
        return "Latin"
    if 0x370 <= point < 0x400 or 0x1F00 <= point < 0x2000:
        return "Greek"
    if 0x400 <= point < 0x530:
        return "Cyrillic"
    if 0x3041 <= point < 0x3100 or 0x31F0 <= point < 0x3200:
        return "kana"
    if 0xAC00 <= point < 0xD7A4 or 0x1100 <= point < 0x1200 or 0x3130 <= point < 0x3190:
        return "Hangul"
    if (
        0x3400 <= point < 0xA000
        or 0xF900 <= point < 0xFB00
        or 0x20000 <= point < 0x32000
        or 0x3005 <= point <= 0x3007
    ):
        return "Han"
    name = unicodedata.name(char, "")
    return name.split(" ", 1)[0] or "other"


_EAST_ASIAN = ("Han", "kana", "Hangul")


# The languages each national encoding was made for: its text is read as theirs.
_LANGUAGES = {
    "GBK": ("simplified Chinese", "traditional Chinese"),
    "gb18030": ("simplified Chinese", "traditional Chinese"),
    "Big5": ("traditional Chinese",),
    "EUC-JP": ("Japanese",),
    "ISO-2022-JP": ("Japanese",),
    "Shift_JIS": ("Japanese",),
    "EUC-KR": ("Korean",),
}


def _east_asian_cost(chars: Sequence[str], encoding: Encoding | None) -> tuple[float, str]:
    """The cost of the ideographs, kana and hangul in ``chars`` under their best reading."""
    best: tuple[float, str] | None = None
    languages = _LANGUAGES.get(encoding.name, ()) if encoding is not None else ()
    for reading in _readings():
        if languages and reading.name not in languages:
            continue
        cost = 0.0
        tally = [0, 0, 0, 0, 0]  # kana, everyday, common, less common, outside
        for char in chars:
            script = _script(char)
            if script == "kana":
                japanese = reading.name == "Japanese"
                cost += _KANA if japanese else _OUTSIDE
                tally[0 if japanese else 4] += 1
            elif script == "Hangul":
                korean = reading.name == "Korean"
                if korean and char in reading.common:
                    cost += _KS_HANGUL
                    tally[2] += 1
                else:
                    cost += _LESS_COMMON_ROWS if korean else _OUTSIDE
                    tally[3 if korean else 4] += 1
            elif char in reading.everyday:
                cost += _EVERYDAY
                tally[1] += 1
            elif char in reading.occasional:
                cost += _OCCASIONAL
                tally[1] += 1
            elif reading.name != "Korean" and char in reading.common:
                cost += _COMMON_ROWS
                tally[2] += 1
            elif char in reading.less_common:
                cost += _LESS_COMMON_ROWS
                tally[3] += 1
            else:
                cost += _OUTSIDE
                tally[4] += 1
        if best is None or cost < best[0]:
            labels = ("kana", "everyday", "in the common rows", "in the rare rows", "outside")
            parts = [f"{count} {label}" for count, label in zip(tally, labels) if count]
            best = (cost, f"as {reading.name}: " + ", ".join(parts))
    assert best is not None
    return best


@cache
def _pair_counts() -> dict[str, tuple[float, dict[str, int]]]:
    """Language -> (ln of its letter count, pair -> how often the language writes it)."""
    from ._plausibility_data import LETTER_PAIRS, LETTER_TOTALS

    result = {}
    for language, (pairs, counts) in LETTER_PAIRS.items():
        keys = (pairs[index : index + 2] for index in range(0, len(pairs), 2))
        found = dict(zip(keys, map(int, counts.split())))
        result[language] = (math.log(LETTER_TOTALS[language]), found)
    return result


def _letters_cost(words: Sequence[str]) -> tuple[float, str]:
    """The cost of the words' letters in the language that fits them best.

    Each letter outside ASCII costs what its frequency in the language says
    (ASCII letters are the same in every reading), and each pair of letters
    with one outside ASCII costs what it is rarer than its two letters would
    make it: the pairs a language never writes cost most.
    """
    # Counted once, so that each language costs only the distinct letters and pairs.
    pairs = Counter(word[index : index + 2] for word in words for index in range(len(word) - 1))
    letters = Counter(letter for word in words for letter in word if not letter.isascii())
    best_cost, best_language = 0.0, ""
    pair_counts = _pair_counts()
    for language, costs in _letter_costs().items():
        cost = sum(costs.get(letter, _FOREIGN_LETTER) * n for letter, n in letters.items())
        log_total, found = pair_counts[language]
        for pair, n in pairs.items():
            first, second = costs.get(pair[0]), costs.get(pair[1])
            if first is not None and second is not None:
                # -ln P(pair) + ln P(first) P(second), at least zero
                surprise = log_total - first - second - math.log(found.get(pair, 0) + 0.5)
                cost += max(0.0, surprise) * n
        if not best_language or cost < best_cost:
            best_cost, best_language = cost, language
    return best_cost, f"letters as {best_language}"


def field_cost(texts: Sequence[str], encoding: Encoding | None = None) -> tuple[float, str]:
    """The implausibility of decoded text (a form's names and values), and its reasons.

    ``encoding`` is the one that decoded the text: a national encoding's
    ideographs are read only as its own languages'.
    """
    cost = 0.0
    evidence: dict[str, int] = {}
    east_asian: list[str] = []
    words: list[str] = []
    scripts: set[str] = set()

    def against(what: str, amount: float) -> None:
        nonlocal cost
        cost += amount
        evidence[what] = evidence.get(what, 0) + 1

    for text in texts:
        word: list[str] = []
        for index, char in enumerate(text + " "):
            point = ord(char)
            script = _script(char) if point >= 0x80 else "Latin"
            if char.isalpha() and script not in _EAST_ASIAN and not 0xFF61 <= point <= 0xFF9F:
                word.append(char)
                continue
            if word:
                _word(word, against, words, scripts)
                word = []
            if point < 0x80:
                if (point < 0x20 and char not in "\t\n\r") or point == 0x7F:
                    against("control characters", _CONTROL)
                elif char != " ":
                    cost += _ASCII_SYMBOL
                continue
            category = unicodedata.category(char)
            if 0xFF61 <= point <= 0xFF9F:
                against("halfwidth katakana", _HALFWIDTH_KATAKANA)
                scripts.add("kana")
            elif script in _EAST_ASIAN:
                if char in _SMALL_KANA and not _small_kana_fits(text, index):
                    against("small kana out of place", _SMALL_KANA_OUT_OF_PLACE)
                east_asian.append(char)
                scripts.add("Han" if script == "kana" else script)
            elif category == "Cc":
                against("control characters", _CONTROL)
            elif category == "Co":
                against("private-use characters", _PRIVATE_USE)
            elif category in ("Cn", "Cs"):
                against("unassigned code points", _UNASSIGNED)
            elif 0x2500 <= point < 0x25A0:
                against("box drawing", _BOX_DRAWING)
            elif category[0] == "N":
                against("digits and numbers not in ASCII", _NUMBER)
            elif category in ("Pd", "Pi", "Pf", "Zs"):
                against("symbols", _SYMBOL)  # dashes and quotes join words: O’Brien
            elif _touches_letter(text, index, 2):
                against("symbols inside words", _SYMBOL_IN_WORD)
            elif _touches_letter(text, index, 1):
                against("symbols beside a letter", _SYMBOL_BESIDE_LETTER)
            else:
                against("symbols", _SYMBOL)
    reasons = []
    if east_asian:
        asian_cost, asian_reason = _east_asian_cost(east_asian, encoding)
        cost += asian_cost
        reasons.append(asian_reason)
    if words:
        letters_cost, letters_reason = _letters_cost(words)
        cost += letters_cost
        if any(not word.isascii() for word in words):
            reasons.append(letters_reason)
    if len(scripts) > 1:
        against("scripts", _EXTRA_SCRIPT * (len(scripts) - 1))
        evidence["scripts"] = len(scripts)
    reasons.extend(f"{count} {what}" for what, count in sorted(evidence.items()))
    if not reasons:
        reasons.append("ASCII only")
    return cost, "; ".join(reasons)


def _small_kana_fits(text: str, index: int) -> bool:
    """Whether the small kana at ``index`` follows a kana that can take it."""
    before = text[index - 1] if index else ""
    if text[index] in _SMALL_YA_YU_YO:
        return before in _I_COLUMN
    return bool(before) and _script(before) == "kana"


def _touches_letter(text: str, index: int, sides: int) -> bool:
    """Whether the character at ``index`` has a letter on (at least) ``sides`` sides."""
    before = index > 0 and text[index - 1].isalpha()
    after = index < len(text) - 1 and text[index + 1].isalpha()
    return before + after >= sides


def _word(
    word: list[str],
    against: Callable[[str, float], None],
    words: list[str],
    scripts: set[str],
) -> None:
    """Weigh one word of alphabetic letters (Latin, Cyrillic, Greek...)."""
    words.append("".join(word).lower())
    if all(char.isascii() for char in word):
        return
    word_scripts = {_script(char) for char in word}
    scripts.update(word_scripts)
    if len(word_scripts) > 1:
        against("words mixing scripts", _MIXED_SCRIPT_WORD)
    if len(word) == 1:
        against("lone letters", _LONE_LETTER)
    for before, char in zip(word, word[1:]):
        if before.islower() and char.isupper():
            against("capitals after small letters", _CAPITAL_AFTER_SMALL)
    if len(word) >= 2 and all(char.isupper() for char in word):
        against("words in capitals", _ALL_CAPITALS)


# The legacy multi-byte encodings in the order of the Encoding Standard's table.
_MULTI_BYTE = ("GBK", "gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR")


def _tie_order(encoding: Encoding) -> tuple[bool, int, str]:
    """UTF-8, the multi-byte encodings in the standard's order, the rest by name.

    Never the order the caller lists the candidates in.
    """
    name = encoding.name
    rank = _MULTI_BYTE.index(name) if name in _MULTI_BYTE else len(_MULTI_BYTE)
    return (encoding != UTF_8, rank, name)


def _decoded(encoding: Encoding, parts: Sequence[bytes]) -> list[str] | None:
    try:
        return [decode(encoding, part, fatal=True) for part in parts]
    except UnicodeDecodeError:
        return None


def _rank_parts(
    parts: Sequence[bytes],
    encodings: Iterable[Encoding],
    tie_order: Callable[[Encoding], object] = _tie_order,
) -> list[Plausibility]:
    ranked = []
    for encoding in encodings:
        texts = _decoded(encoding, parts)
        if texts is not None:
            cost, reason = field_cost(texts, encoding)
            ranked.append(Plausibility(encoding, round(cost, 6), reason))
    ranked.sort(key=lambda entry: (entry.cost, tie_order(entry.encoding)))
    return ranked


def _fields(
    data: bytes | bytearray | memoryview | str, separator: Separator, caller: str
) -> list[tuple[bytes, bytes]]:
    body = as_bytes(data, caller)
    return parse_region_bytes(body, form_options(separator=separator))


def rank_encodings(
    data: bytes | bytearray | memoryview | str,
    candidates: Iterable[str | Encoding],
    *,
    separator: Separator = "&",
) -> list[Plausibility]:
    """The candidates under which every field decodes, most plausible first, each with why.

    The filter is :func:`guess_encoding`'s: the urlencoded parser
    (https://url.spec.whatwg.org/#concept-urlencoded-parser) up to
    percent-decoding, then each candidate's decoder in fatal mode
    (https://encoding.spec.whatwg.org/#decode) over every name and value. Each
    candidate that passes gets the cost of its decoded text (see the module's
    rules; lower is more plausible) and a one-line reason; ties go to UTF-8,
    then to the encoding whose name sorts first.

    :raises UnknownEncodingError: for an unknown label among *candidates*.
    :raises TypeError: for arguments of the wrong type.
    :raises ValueError: for a bad *separator*.
    """
    encodings = candidate_encodings(candidates)
    pairs = _fields(data, separator, "rank_encodings")
    return _rank_parts([part for pair in pairs for part in pair if part], encodings)


def detect_encoding(
    data: bytes | bytearray | memoryview | str,
    candidates: Iterable[str | Encoding],
    *,
    separator: Separator = "&",
) -> Encoding | None:
    """The most plausible candidate encoding of a form whose encoding is not known.

    Among the candidates under which every name and value decodes (those
    :func:`guess_encoding` returns), the one whose decoded text is the most
    plausible, whatever the order the candidates are listed in. Plausibility
    is this library's own, small set of rules, documented with an example of
    each in :doc:`encodings` ("Detecting the encoding"): which scripts and
    which parts of each national character set the text falls in, what a wrong
    decoder typically makes (control and private-use characters, halfwidth
    katakana, box drawing, symbols inside words, capitals after small letters),
    and how well the letters fit one language. Short fields can be plausible
    text in two encodings; detection then picks one, and a probe field
    (:func:`detect_probe_encoding`) or ``_charset_`` is the reliable way.

    :param data: the body or query: bytes (a str is UTF-8 encoded first).
    :param candidates: encoding labels or :class:`Encoding` objects.
    :param separator: as for :func:`urlencoded.parse`.
    :returns: the most plausible candidate, or ``None`` when none decodes every
        field (or there are none).
    :raises UnknownEncodingError: for an unknown label among *candidates*.
    :raises TypeError: for arguments of the wrong type.
    :raises ValueError: for a bad *separator*.

    >>> detect_encoding(b"q=%C6%FC%CB%DC%B8%EC", ["shift_jis", "euc-jp", "utf-8"])
    <Encoding 'EUC-JP'>
    >>> detect_encoding(b"q=%93%FA", ["utf-8", "euc-jp"]) is None
    True

    .. versionadded:: 1.1
    """
    ranked = rank_encodings(data, candidates, separator=separator)
    return ranked[0].encoding if ranked else None


def parse_mixed(
    data: bytes | bytearray | memoryview | str,
    candidates: Iterable[str | Encoding],
    *,
    separator: Separator = "&",
) -> list[tuple[str, str, Encoding]]:
    """Parse a form whose fields may each be in a different encoding.

    Runs the urlencoded parser
    (https://url.spec.whatwg.org/#concept-urlencoded-parser) and decodes each
    field, its name and value judged together, with its own most plausible
    candidate, by the rules of :func:`detect_encoding`: the candidates under
    which both decode without error, the least costly first. Ties between
    equally plausible readings of a field go to the candidate most plausible
    for the whole body. A field that no candidate decodes is decoded in
    replacement mode (https://encoding.spec.whatwg.org/#decode) with the
    candidate that replaces the fewest bytes.

    Each field is judged on its own even when one candidate decodes the whole
    body: EUC-JP bytes, for one, nearly always decode as Shift_JIS too (as
    halfwidth katakana), so a body with a Shift_JIS field and an EUC-JP one
    decodes only in Shift_JIS, and reading it all so would garble the EUC-JP
    field. Where no other candidate reads any field differently, the result
    is that of :func:`urlencoded.parse` with the one candidate.

    :param data: the body or query: bytes (a str is UTF-8 encoded first).
    :param candidates: encoding labels or :class:`Encoding` objects (at least one).
    :param separator: as for :func:`urlencoded.parse`.
    :returns: ``(name, value, encoding)`` for each field, in order.
    :raises UnknownEncodingError: for an unknown label among *candidates*.
    :raises TypeError: for arguments of the wrong type.
    :raises ValueError: for empty *candidates* or a bad *separator*.

    >>> parse_mixed(b"name=%93%FA%96%7B&city=%C5%EC%B5%FE", ["shift_jis", "euc-jp"])
    [('name', '日本', <Encoding 'Shift_JIS'>), ('city', '東京', <Encoding 'EUC-JP'>)]

    .. versionadded:: 1.1
    """
    encodings = candidate_encodings(candidates)
    if not encodings:
        raise ValueError("parse_mixed needs at least one candidate encoding")
    pairs = _fields(data, separator, "parse_mixed")
    # The whole body's ranking breaks ties between equally plausible fields.
    whole = _rank_parts([part for pair in pairs for part in pair if part], encodings)
    order = {entry.encoding: index for index, entry in enumerate(whole)}

    def tie_order(encoding: Encoding) -> tuple[int, tuple[bool, int, str]]:
        return (order.get(encoding, len(order)), _tie_order(encoding))

    fields = []
    for name, value in pairs:
        ranked = _rank_parts([name, value], encodings, tie_order)
        if ranked:
            encoding = ranked[0].encoding
        else:
            encoding = min(
                encodings,
                key=lambda e: (
                    (decode(e, name) + decode(e, value)).count("\ufffd"),
                    tie_order(e),
                ),
            )
        fields.append((decode(encoding, name), decode(encoding, value), encoding))
    return fields
