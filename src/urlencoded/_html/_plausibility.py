"""The plausibility rules: what encoding detection weighs a reading's text with.

A reading of a form in one candidate encoding gets a *cost*, in nats (``-ln``
of how likely such text is, roughly), as the sum of small, named parts:

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

This module holds the rules' parts: the costs, what kind of character each
character is (:func:`char_kind`), each reading's sets of ideographs and each
language's letter tables. ``_plausibility_cost`` counts a text and sums
them. The CLDR data is generated into ``_plausibility_data`` by
``tools/gen_plausibility.py``.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from .._encoding import decode, get_encoding

__all__ = [
    "AMOUNTS",
    "ASCII_PUNCTUATION",
    "BOX",
    "CAPITAL_AFTER_SMALL",
    "CONTEXT_SYMBOL",
    "CONTROL_CHARACTER",
    "COUNTS",
    "EVIDENCE",
    "HALFWIDTH",
    "HAN",
    "HANGUL",
    "KANA",
    "LONE_LETTER",
    "MISPLACED_SMALL_KANA",
    "MIXED_SCRIPT_WORD",
    "NUMBER",
    "PLAIN_SYMBOL",
    "PRIVATE",
    "SMALL_KANA",
    "SPACE",
    "SYMBOL_BESIDE_LETTER",
    "SYMBOL_INSIDE_WORD",
    "UNASSIGNED_POINT",
    "WORD_IN_CAPITALS",
    "WORD_LETTER",
    "char_kind",
    "extra_scripts",
    "language_names",
    "least_letter_cost",
    "letter_vector",
    "pair_vector",
    "reading_costs",
    "reading_name",
    "readings_of",
    "small_kana_fits",
    "word_scripts",
]

# Costs are in nats, -ln of how likely a character is, roughly: an everyday
# kanji or hanzi is one of a few thousand (e**7.5 ~ 1800), a letter one of a few
# dozen. The penalties are what a wrong decoder makes of letters. Every one is a
# multiple of 0.5, so that their sums are exact in any order.
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
_SMALL_YA_YU_YO = frozenset("ゃゅょャュョ")
_I_COLUMN = frozenset("きぎしじちぢにひびぴみりキギシジチヂニヒビピミリ")
_SMALL_KANA = frozenset("ぁぃぅぇぉっゎァィゥェォッヮ") | _SMALL_YA_YU_YO

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


# --- What kind of character each one is ---------------------------------------------------

# The kinds of character, each weighed its own way; they index a tally's
# counts (``_plausibility_cost``). A word letter joins the letters around it
# into a word; a context symbol costs by its neighbours, so its count goes to
# one of the last three kinds below, as does a small kana's that is misplaced.
SPACE = 0
ASCII_PUNCTUATION = 1  # printable ASCII other than letters and space; tab, CR and LF too
CONTROL_CHARACTER = 2
WORD_LETTER = 3
HALFWIDTH = 4
KANA = 5
HAN = 6
HANGUL = 7
SMALL_KANA = 8
PRIVATE = 9
UNASSIGNED_POINT = 10
BOX = 11
NUMBER = 12
PLAIN_SYMBOL = 13  # dashes, quotes and spaces other than U+0020: they join words
CONTEXT_SYMBOL = 14  # with no letter beside it, once counted
SYMBOL_INSIDE_WORD = 15
SYMBOL_BESIDE_LETTER = 16
MISPLACED_SMALL_KANA = 17  # also counted as SMALL_KANA
# What words that are not all ASCII cost on their own.
MIXED_SCRIPT_WORD = 18
LONE_LETTER = 19
CAPITAL_AFTER_SMALL = 20
WORD_IN_CAPITALS = 21
COUNTS = 22

#: What each count costs, each a multiple of 0.5 (so that their sums are exact).
AMOUNTS = (
    0.0,
    _ASCII_SYMBOL,
    _CONTROL,
    0.0,
    _HALFWIDTH_KATAKANA,
    0.0,
    0.0,
    0.0,
    0.0,
    _PRIVATE_USE,
    _UNASSIGNED,
    _BOX_DRAWING,
    _NUMBER,
    _SYMBOL,
    _SYMBOL,
    _SYMBOL_IN_WORD,
    _SYMBOL_BESIDE_LETTER,
    _SMALL_KANA_OUT_OF_PLACE,
    _MIXED_SCRIPT_WORD,
    _LONE_LETTER,
    _CAPITAL_AFTER_SMALL,
    _ALL_CAPITALS,
)
#: The evidence each count is, as the reasons name it ("" for none).
EVIDENCE = (
    "",
    "",
    "control characters",
    "",
    "halfwidth katakana",
    "",
    "",
    "",
    "",
    "private-use characters",
    "unassigned code points",
    "box drawing",
    "digits and numbers not in ASCII",
    "symbols",
    "symbols",
    "symbols inside words",
    "symbols beside a letter",
    "small kana out of place",
    "words mixing scripts",
    "lone letters",
    "capitals after small letters",
    "words in capitals",
)


def char_kind(char: str) -> int:
    """What *char* is to the rules: one of the kinds above, up to SMALL_KANA or CONTEXT_SYMBOL."""
    point = ord(char)
    if point < 0x80:
        if char.isalpha():
            return WORD_LETTER
        if (point < 0x20 and char not in "\t\n\r") or point == 0x7F:
            return CONTROL_CHARACTER
        return SPACE if char == " " else ASCII_PUNCTUATION
    script = _script(char)
    halfwidth = 0xFF61 <= point <= 0xFF9F
    if char.isalpha() and script not in _EAST_ASIAN and not halfwidth:
        return WORD_LETTER
    if halfwidth:
        return HALFWIDTH
    if script == "kana":
        return SMALL_KANA if char in _SMALL_KANA else KANA
    if script == "Han":
        return HAN
    if script == "Hangul":
        return HANGUL
    category = unicodedata.category(char)
    if category == "Cc":
        return CONTROL_CHARACTER
    if category == "Co":
        return PRIVATE
    if category in ("Cn", "Cs"):
        return UNASSIGNED_POINT
    if 0x2500 <= point < 0x25A0:
        return BOX
    if category[0] == "N":
        return NUMBER
    if category in ("Pd", "Pi", "Pf", "Zs"):
        return PLAIN_SYMBOL
    return CONTEXT_SYMBOL


def small_kana_fits(char: str, before: str) -> bool:
    """Whether the small kana *char* may follow *before* ("" at the start of a text)."""
    if char in _SMALL_YA_YU_YO:
        return before in _I_COLUMN
    return bool(before) and _script(before) == "kana"


def reading_costs(char: str) -> tuple[tuple[float, int], ...]:
    """An ideograph's, kana's or hangul's cost in each reading, and its part of the set.

    The parts: 0 kana, 1 everyday, 2 in the common rows, 3 in the rare rows, 4 outside.
    """
    script = _script(char)
    costs = []
    for reading in _readings():
        japanese = reading.name == "Japanese"
        korean = reading.name == "Korean"
        if script == "kana":
            costs.append((_KANA, 0) if japanese else (_OUTSIDE, 4))
        elif script == "Hangul":
            if korean and char in reading.common:
                costs.append((_KS_HANGUL, 2))
            else:
                costs.append((_LESS_COMMON_ROWS, 3) if korean else (_OUTSIDE, 4))
        elif char in reading.everyday:
            costs.append((_EVERYDAY, 1))
        elif char in reading.occasional:
            costs.append((_OCCASIONAL, 1))
        elif not korean and char in reading.common:
            costs.append((_COMMON_ROWS, 2))
        elif char in reading.less_common:
            costs.append((_LESS_COMMON_ROWS, 3))
        else:
            costs.append((_OUTSIDE, 4))
    return tuple(costs)


def word_scripts(word: str) -> frozenset[str]:
    """The scripts of a word's letters."""
    return frozenset(map(_script, word))


def extra_scripts(count: int) -> float:
    """What *count* scripts across the fields cost: each one past the first."""
    return _EXTRA_SCRIPT * (count - 1)


def readings_of(encoding_name: str | None) -> tuple[int, ...]:
    """The readings (indexes into :func:`_readings`) a text in *encoding_name* may have.

    A national encoding's text is read only as its own languages'; any other's as any.
    """
    languages = _LANGUAGES.get(encoding_name or "", ())
    return tuple(
        index
        for index, reading in enumerate(_readings())
        if not languages or reading.name in languages
    )


def reading_name(index: int) -> str:
    """The name of reading *index*: "Japanese", "simplified Chinese"..."""
    return _readings()[index].name


@cache
def language_names() -> tuple[str, ...]:
    """The alphabetic languages whose letters the rules know, in their data's order."""
    return tuple(_letter_costs())


def least_letter_cost(char: str) -> float:
    """The least a word letter adds to the letters' part, in the language cheapest for it.

    Its lower-case letters outside ASCII, each at its cost in that language;
    a capital sigma may lower-case to either sigma.
    """
    if char == "\u03a3":
        return min(least_letter_cost("\u03c3"), least_letter_cost("\u03c2"))
    letters = [letter for letter in char.lower() if not letter.isascii()]
    if not letters:
        return 0.0
    return min(
        sum(costs.get(letter, _FOREIGN_LETTER) for letter in letters)
        for costs in _letter_costs().values()
    )


def letter_vector(letter: str) -> tuple[float, ...]:
    """A letter's cost in each language (a foreign letter's where the language lacks it)."""
    return tuple(costs.get(letter, _FOREIGN_LETTER) for costs in _letter_costs().values())


def pair_vector(pair: str) -> tuple[float, ...]:
    """What a letter pair costs beyond its letters in each language (0 where one is foreign).

    ``-ln P(pair) + ln P(first) P(second)``, at least zero.
    """
    pair_counts = _pair_counts()
    vector = []
    for language, costs in _letter_costs().items():
        first, second = costs.get(pair[0]), costs.get(pair[1])
        if first is None or second is None:
            vector.append(0.0)
            continue
        log_total, seen = pair_counts[language]
        surprise = log_total - first - second - math.log(seen.get(pair, 0) + 0.5)
        vector.append(max(0.0, surprise))
    return tuple(vector)
