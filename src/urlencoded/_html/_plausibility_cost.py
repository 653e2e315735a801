"""Counting a decoded text and summing its cost by the plausibility rules.

A text is read once into a :class:`Tally`: how many characters of each kind
it holds (``_plausibility.kind``, with the symbols and small kana that cost
by their place already placed), its ideographs, kana and hangul and its words,
each with its count, in the order of first use. Texts counted into one tally
one after the other weigh as they would apart by a space, so the names and
values of a form can be weighed together or one field at a time. :func:`text_cost` then sums:
the counts times their costs, the ideographs under their best reading, the
letters in the language that fits them best, and the extra scripts.

Every part but the letters' is a sum of multiples of 0.5, exact in any
order. The letters' sums run, for each language, over the distinct letters
and then the distinct letter pairs in their order of first use, which is the
order and the rounding of a character by character reading
(``tests/reference_detect.py`` transcribes that reading; the property tests
compare the two to the last bit).

Short texts are read character by character; from :data:`LONG_TEXT`
characters on, by distinct character with C-level passes (a
:class:`~collections.Counter`, and regular expressions built from the
characters present for the words and the characters that cost by their
place). What is worked out per distinct character, word and letter pair is
kept, in caches that start over past a bound.
"""

from __future__ import annotations

import re
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import reduce
from itertools import repeat
from operator import add, mul
from typing import NamedTuple

from .._encoding import Encoding
from ._plausibility import (
    AMOUNTS,
    ASCII_PUNCTUATION,
    CAPITAL_AFTER_SMALL,
    CONTEXT_SYMBOL,
    CONTROL_CHARACTER,
    COUNTS,
    EVIDENCE,
    HALFWIDTH,
    HAN,
    HANGUL,
    KANA,
    LONE_LETTER,
    MISPLACED_SMALL_KANA,
    MIXED_SCRIPT_WORD,
    SMALL_KANA,
    SYMBOL_BESIDE_LETTER,
    SYMBOL_INSIDE_WORD,
    WORD_IN_CAPITALS,
    WORD_LETTER,
    char_kind,
    extra_scripts,
    language_names,
    least_letter_cost,
    letter_vector,
    pair_vector,
    reading_costs,
    reading_name,
    readings_of,
    small_kana_fits,
    word_scripts,
)

__all__ = [
    "LONG_TEXT",
    "Tally",
    "cost_floor",
    "cost_parts",
    "field_cost",
    "letters_cost",
    "letters_estimate",
    "tally_text",
    "text_cost",
]

#: From this length on, a text is counted by distinct character.
LONG_TEXT = 256

# The caches start over past this many entries.
_BOUND = 1 << 16

_WORD_LETTER = WORD_LETTER
_KANA, _HAN, _HANGUL, _SMALL_KANA = KANA, HAN, HANGUL, SMALL_KANA
_CONTEXT_SYMBOL = CONTEXT_SYMBOL


def _ascii_kinds() -> dict[str, int]:
    return {chr(point): char_kind(chr(point)) for point in range(0x80)}


_KINDS = _ascii_kinds()


def _kind_of(char: str) -> int:
    """:func:`kind`, kept."""
    if len(_KINDS) > _BOUND:
        _KINDS.clear()
        _KINDS.update(_ascii_kinds())
    found = _KINDS[char] = char_kind(char)
    return found


class Tally:
    """What the rules count in some text.

    *counts* holds the characters of each kind and the placed ones (see
    ``_plausibility``), *east_asian* the ideographs, kana and hangul with
    their counts, *words* each word as written with its count in the order
    of first use, *scripts* the scripts of the words that are not all ASCII.
    """

    __slots__ = ("counts", "east_asian", "scripts", "words")

    def __init__(self) -> None:
        self.counts = [0] * COUNTS
        self.east_asian: dict[str, int] = {}
        self.words: dict[str, int] = {}
        self.scripts: set[str] = set()

    def copy(self) -> Tally:
        """Another tally with the same counts."""
        other = Tally.__new__(Tally)
        other.counts = self.counts[:]
        other.east_asian = self.east_asian.copy()
        other.words = self.words.copy()
        other.scripts = self.scripts.copy()
        return other

    def all_scripts(self) -> set[str]:
        """The scripts across the text: the words', and those of the kana, ideographs, hangul."""
        counts = self.counts
        scripts = set(self.scripts)
        if counts[HALFWIDTH]:
            scripts.add("kana")
        if counts[_KANA] or counts[_HAN] or counts[_SMALL_KANA]:
            scripts.add("Han")
        if counts[_HANGUL]:
            scripts.add("Hangul")
        return scripts


def tally_text(text: str, tally: Tally | None = None) -> Tally:
    """Count *text* (into *tally*, after what it holds, if given) as the rules read it.

    A word is a run of word letters; a symbol's cost depends on whether a
    letter is beside it, a small kana's on the character before it.
    """
    if tally is None:
        tally = Tally()
    if text.isascii():
        _tally_ascii(text, tally)
    elif len(text) >= LONG_TEXT:
        _tally_long(text, tally)
    else:
        _tally_short(text, tally)
    return tally


_ASCII_WORD = re.compile(r"[a-z]+")
# ASCII controls but tab, LF and CR (which count as punctuation).
_ASCII_CONTROLS = bytes([*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F])
_NOT_ASCII_PUNCTUATION = bytes(
    byte for byte in range(0x80) if byte == 0x20 or byte in _ASCII_CONTROLS or chr(byte).isalpha()
)


def _tally_ascii(text: str, tally: Tally) -> None:
    """An ASCII text: counted with bytes operations; its words have no penalty."""
    raw = text.encode("ascii")
    counts = tally.counts
    counts[CONTROL_CHARACTER] += len(raw) - len(raw.translate(None, _ASCII_CONTROLS))
    counts[ASCII_PUNCTUATION] += len(raw.translate(None, _NOT_ASCII_PUNCTUATION))
    words = tally.words
    # Lower-casing the whole text keeps each word where the text first has it.
    for word, count in Counter(_ASCII_WORD.findall(text.lower())).items():
        words[word] = words.get(word, 0) + count


def _tally_short(text: str, tally: Tally) -> None:
    """A text, character by character."""
    kinds = _KINDS
    counts = tally.counts
    east_asian = tally.east_asian
    word_letter, context_symbol = _WORD_LETTER, _CONTEXT_SYMBOL
    first_east_asian, small_kana = _KANA, _SMALL_KANA
    words = []
    word_start = -1
    last = len(text) - 1
    for index, char in enumerate(text):
        kind = kinds.get(char)
        if kind is None:
            kind = _kind_of(char)
        if kind == word_letter:
            if word_start < 0:
                word_start = index
            continue
        if word_start >= 0:
            words.append(text[word_start:index])
            word_start = -1
        if first_east_asian <= kind <= small_kana:
            east_asian[char] = east_asian.get(char, 0) + 1
            if kind == small_kana and not small_kana_fits(char, text[index - 1] if index else ""):
                counts[MISPLACED_SMALL_KANA] += 1
        elif kind == context_symbol:
            kind += (index > 0 and text[index - 1].isalpha()) + (
                index < last and text[index + 1].isalpha()
            )
            # No letter beside: CONTEXT_SYMBOL; one: SYMBOL_BESIDE_LETTER; two: INSIDE.
            if kind == context_symbol + 1:
                kind = SYMBOL_BESIDE_LETTER
            elif kind == context_symbol + 2:
                kind = SYMBOL_INSIDE_WORD
        counts[kind] += 1
    if word_start >= 0:
        words.append(text[word_start:])
    if words:
        _add_words(tally, Counter(words))


# Small kana after a character that can take them: ゃゅょ after an i-column kana,
# the others after any kana (the script "kana": U+3041-U+30FF, U+31F0-U+31FF).
_FITTING_YA_YU_YO = re.compile(
    "(?<=[きぎしじちぢにひびぴみりキギシジチヂニヒビピミリ])[ゃゅょャュョ]"
)
_FITTING_SMALL_KANA = re.compile("(?<=[\u3041-\u30ff\u31f0-\u31ff])[ぁぃぅぇぉっゎァィゥェォッヮ]")


def _char_class(chars: Iterable[str], negated: bool = False) -> str:
    """A regular expression character class of *chars*."""
    return ("[^" if negated else "[") + "".join(map(re.escape, sorted(chars))) + "]"


def _tally_long(text: str, tally: Tally) -> None:
    """A text, by distinct character, with C-level passes over all of it."""
    kinds = _KINDS
    counts = tally.counts
    east_asian = tally.east_asian
    word_letters = []
    not_letters = []
    symbols = []
    small_kana = 0
    for char, count in Counter(text).items():
        kind = kinds.get(char)
        if kind is None:
            kind = _kind_of(char)
        if kind == _WORD_LETTER:
            word_letters.append(char)
            continue
        counts[kind] += count
        if _KANA <= kind <= _SMALL_KANA:
            east_asian[char] = east_asian.get(char, 0) + count
            if kind == _SMALL_KANA:
                small_kana += count
        elif kind == _CONTEXT_SYMBOL:
            symbols.append(char)
        if not char.isalpha():
            not_letters.append(char)
    if small_kana:
        fitting = len(_FITTING_YA_YU_YO.findall(text)) + len(_FITTING_SMALL_KANA.findall(text))
        counts[MISPLACED_SMALL_KANA] += small_kana - fitting
    if symbols:
        # A letter beside a symbol: any character present but the non-letters
        # present (and none before the start or after the end).
        letter = _char_class(not_letters, negated=True)
        symbol = _char_class(symbols)
        inside = len(re.findall(f"(?<={letter}){symbol}(?={letter})", text))
        after_letter = len(re.findall(f"(?<={letter}){symbol}", text))
        before_letter = len(re.findall(f"{symbol}(?={letter})", text))
        beside = after_letter + before_letter - 2 * inside
        counts[_CONTEXT_SYMBOL] -= inside + beside
        counts[SYMBOL_INSIDE_WORD] += inside
        counts[SYMBOL_BESIDE_LETTER] += beside
    if word_letters:
        _add_words(tally, Counter(re.findall(_char_class(word_letters) + "+", text)))


class _Word(NamedTuple):
    """What a word that is not all ASCII costs on its own: its scripts and its penalties."""

    scripts: frozenset[str]
    penalties: tuple[tuple[int, int], ...]  # (count index, times)


_WORDS: dict[str, _Word] = {}


def _weigh_word(word: str) -> _Word:
    """A word of alphabetic letters (Latin, Cyrillic, Greek...), not all ASCII."""
    scripts = word_scripts(word)
    penalties = []
    if len(scripts) > 1:
        penalties.append((MIXED_SCRIPT_WORD, 1))
    if len(word) == 1:
        penalties.append((LONE_LETTER, 1))
    capitals = sum(1 for before, char in zip(word, word[1:]) if before.islower() and char.isupper())
    if capitals:
        penalties.append((CAPITAL_AFTER_SMALL, capitals))
    if len(word) >= 2 and all(char.isupper() for char in word):
        penalties.append((WORD_IN_CAPITALS, 1))
    return _Word(scripts, tuple(penalties))


def _add_words(tally: Tally, words: dict[str, int]) -> None:
    """Count *words* (each as written, with its count, in order of first use) into *tally*."""
    counted = tally.words
    counts = tally.counts
    for word, count in words.items():
        counted[word] = counted.get(word, 0) + count
        if word.isascii():
            continue
        found = _WORDS.get(word)
        if found is None:
            if len(_WORDS) > _BOUND:
                _WORDS.clear()
            found = _WORDS[word] = _weigh_word(word)
        tally.scripts |= found.scripts
        for index, times in found.penalties:
            counts[index] += times * count


# --- The sums ---------------------------------------------------------------------------

_READING_COSTS: dict[str, tuple[tuple[float, int], ...]] = {}
_READINGS: dict[str | None, tuple[int, ...]] = {}


def _east_asian_cost(counts: dict[str, int], encoding: Encoding | None) -> tuple[float, int]:
    """The cost of the ideographs, kana and hangul counted under their best reading, and it.

    The first of the cheapest readings, in the rules' order.
    """
    name = encoding.name if encoding is not None else None
    readings = _READINGS.get(name)
    if readings is None:
        readings = _READINGS[name] = readings_of(name)
    sums = dict.fromkeys(readings, 0.0)
    known = _READING_COSTS
    for char, count in counts.items():
        costs = known.get(char)
        if costs is None:
            if len(known) > _BOUND:
                known.clear()
            costs = known[char] = reading_costs(char)
        for reading in readings:
            sums[reading] += costs[reading][0] * count
    best = min(readings, key=sums.__getitem__)
    return sums[best], best


def _east_asian_reason(counts: dict[str, int], reading: int) -> str:
    """Which parts of reading *reading*'s sets the characters counted fall in."""
    parts = [0, 0, 0, 0, 0]  # kana, everyday, common, less common, outside
    for char, count in counts.items():
        costs = _READING_COSTS.get(char)
        if costs is None:
            costs = reading_costs(char)
        parts[costs[reading][1]] += count
    labels = ("kana", "everyday", "in the common rows", "in the rare rows", "outside")
    described = [f"{count} {label}" for count, label in zip(parts, labels) if count]
    return f"as {reading_name(reading)}: " + ", ".join(described)


# Vectors of a cost per language (kept as arrays of doubles, 0.3 kB each) are
# larger: fewer of them are kept.
_VECTOR_BOUND = 1 << 14


class _Vectors(dict[str, "array[float]"]):
    """Letter, letter pair or word -> its costs in each language, made on first use."""

    def __init__(self, make: Callable[[str], Iterable[float]]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: str) -> array[float]:
        if len(self) > _VECTOR_BOUND:
            self.clear()
        found = self[key] = array("d", self.make(key))
        return found


_LETTERS = _Vectors(letter_vector)
_PAIRS = _Vectors(pair_vector)
# A word as written -> the letter pairs and the letters outside ASCII of it lower-cased.
_WORD_LETTERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
_WORDS_COSTS: dict[tuple[tuple[str, int], ...], tuple[float, int]] = {}


def _word_letters(written: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    found = _WORD_LETTERS.get(written)
    if found is None:
        word = written.lower()
        found = (
            tuple(word[index : index + 2] for index in range(len(word) - 1)),
            () if word.isascii() else tuple(letter for letter in word if not letter.isascii()),
        )
        if len(_WORD_LETTERS) > _BOUND:
            _WORD_LETTERS.clear()
        _WORD_LETTERS[written] = found
    return found


def _letters_cost(words: dict[str, int]) -> tuple[float, int]:
    """The cost of the words' letters in the language that fits them best, and its index.

    Each letter outside ASCII costs what its frequency in the language says
    (ASCII letters are the same in every reading), and each pair of letters
    costs what it is rarer than its two letters would make it: the pairs a
    language never writes cost most. A few words' cost is kept.
    """
    key = tuple(words.items()) if len(words) <= 8 else None
    if key is not None:
        found = _WORDS_COSTS.get(key)
        if found is not None:
            return found
    pairs: dict[str, int] = {}
    letters: dict[str, int] = {}
    for written, count in words.items():
        word_pairs, word_letters = _word_letters(written)
        for pair in word_pairs:
            pairs[pair] = pairs.get(pair, 0) + count
        for letter in word_letters:
            letters[letter] = letters.get(letter, 0) + count
    languages = len(language_names())
    # For each language, sum() the letters as a character by character reading
    # does, then add pair after pair: over columns, one per language.
    if letters:
        letter_counts = list(letters.values())
        columns = zip(*map(_LETTERS.__getitem__, letters))
        costs: list[float] = list(map(sum, map(map, repeat(mul), columns, repeat(letter_counts))))
    else:
        costs = [0] * languages
    if pairs:
        pair_counts = list(pairs.values())
        columns = zip(*map(_PAIRS.__getitem__, pairs))
        products = map(map, repeat(mul), columns, repeat(pair_counts))
        costs = list(map(reduce, repeat(add), products, costs))
    best = min(range(languages), key=costs.__getitem__)
    found = (costs[best], best)
    if key is not None:
        if len(_WORDS_COSTS) > _BOUND:
            _WORDS_COSTS.clear()
        _WORDS_COSTS[key] = found
    return found


class _Floor(dict[str, float]):
    """Character -> the least it adds to a text's cost in some encoding's readings."""

    def __init__(self, readings: tuple[int, ...]) -> None:
        super().__init__()
        self.readings = readings

    def __missing__(self, char: str) -> float:
        if len(self) > _BOUND:
            self.clear()
        kind = char_kind(char)
        if kind == _WORD_LETTER:
            # The letters' part counts each letter of the lower-cased word
            # outside ASCII at its cost in one language, at least the least of them.
            floor = least_letter_cost(char)
        elif _KANA <= kind <= _SMALL_KANA:
            costs = reading_costs(char)
            floor = min(costs[reading][0] for reading in self.readings)
        else:
            # A context symbol costs at least what one with no letter beside it does.
            floor = AMOUNTS[kind]
        self[char] = floor
        return floor


_FLOORS: dict[str | None, _Floor] = {}


def cost_floor(text: str, encoding: Encoding | None = None) -> float:
    """A lower bound of the cost of a tally that counts *text*, without counting it.

    Each character's least cost, summed at C speed; the letters' part is
    bounded by each letter's cheapest language, and is not exact: compare
    with a margin.
    """
    if text.isascii():
        # Its controls and punctuation cost what they cost in any reading.
        raw = text.encode("ascii")
        controls = len(raw) - len(raw.translate(None, _ASCII_CONTROLS))
        punctuation = len(raw.translate(None, _NOT_ASCII_PUNCTUATION))
        return controls * AMOUNTS[CONTROL_CHARACTER] + punctuation * (AMOUNTS[ASCII_PUNCTUATION])
    name = encoding.name if encoding is not None else None
    floor = _FLOORS.get(name)
    if floor is None:
        readings = _READINGS.get(name)
        if readings is None:
            readings = _READINGS[name] = readings_of(name)
        floor = _FLOORS[name] = next(
            (found for found in _FLOORS.values() if found.readings == readings), None
        ) or _Floor(readings)
    return sum(map(floor.__getitem__, text))


def _word_vector(written: str) -> Iterable[float]:
    """What one use of a word adds to the letters' part, in each language."""
    pairs, letters = _word_letters(written)
    vectors = [*map(_LETTERS.__getitem__, letters), *map(_PAIRS.__getitem__, pairs)]
    if not vectors:
        return repeat(0.0, len(language_names()))
    return map(sum, zip(*vectors))


_WORD_VECTORS = _Vectors(_word_vector)
_FEW_WORDS = 64
# A bound of the relative rounding error of a sum of n terms of one sign: n ulps.
_ULP = 2.0**-52


def letters_estimate(tally: Tally, length: int) -> tuple[float, float]:
    """The letters' part of :func:`text_cost` summed word by word, and a bound of its error.

    The same terms as :func:`letters_cost` in another order, so the result may
    differ in the last bits: by less than the bound, for a text of *length*
    characters (a lower-cased letter may be three, and gives a letter and a
    pair). Much faster when the words recur.
    """
    if not tally.words:
        return 0.0, 0.0
    if len(tally.words) > _FEW_WORDS:
        # Many words that may never recur: the exact sum, over the distinct pairs, is quicker.
        return letters_cost(tally), 0.0
    vectors = _WORD_VECTORS
    # Column by column: each language's sum over the words.
    estimate = min(
        map(
            sum,
            zip(
                *(
                    vectors[word]
                    if count == 1
                    else array("d", map(mul, vectors[word], repeat(count)))
                    for word, count in tally.words.items()
                )
            ),
        )
    )
    terms = 6 * length + 16
    return estimate, 4 * terms * _ULP * (1.0 + estimate)


def cost_parts(tally: Tally, encoding: Encoding | None = None) -> tuple[float, float]:
    """The cost of the counts and the ideographs, and that of the extra scripts.

    Both exact (sums of multiples of 0.5). :func:`text_cost` is
    ``(first + letters_cost(tally)) + second``, never below ``first + second``,
    since the letters' part is never negative.
    """
    cost: float = sum(map(mul, AMOUNTS, tally.counts))
    if tally.east_asian:
        cost += _east_asian_cost(tally.east_asian, encoding)[0]
    scripts = len(tally.all_scripts())
    return cost, extra_scripts(scripts) if scripts > 1 else 0.0


def letters_cost(tally: Tally) -> float:
    """The letters' part of :func:`text_cost`: the words in the language that fits them best."""
    return _letters_cost(tally.words)[0] if tally.words else 0.0


def text_cost(
    tally: Tally, encoding: Encoding | None = None, *, reason: bool = True
) -> tuple[float, str]:
    """The implausibility of the counted text, and (if *reason*) why, in one line.

    *encoding* is the one that decoded the text: a national encoding's
    ideographs are read only as its own languages'.
    """
    counts = tally.counts
    # The counts' costs, then the ideographs', the letters', the scripts', as
    # the rules add them (the first two exact).
    cost: float = sum(map(mul, AMOUNTS, counts))
    reasons = []
    if tally.east_asian:
        asian_cost, reading = _east_asian_cost(tally.east_asian, encoding)
        cost += asian_cost
        if reason:
            reasons.append(_east_asian_reason(tally.east_asian, reading))
    if tally.words:
        letters_cost, language = _letters_cost(tally.words)
        cost += letters_cost
        if reason and any(not word.lower().isascii() for word in tally.words):
            reasons.append(f"letters as {language_names()[language]}")
    scripts = len(tally.all_scripts())
    if scripts > 1:
        cost += extra_scripts(scripts)
    if not reason:
        return cost, ""
    evidence: dict[str, int] = {}
    for what, count in zip(EVIDENCE, counts):
        if what and count:
            evidence[what] = evidence.get(what, 0) + count
    if scripts > 1:
        evidence["scripts"] = scripts
    reasons.extend(f"{count} {what}" for what, count in sorted(evidence.items()))
    return cost, "; ".join(reasons) or "ASCII only"


def field_cost(texts: Sequence[str], encoding: Encoding | None = None) -> tuple[float, str]:
    """The implausibility of decoded text (a form's names and values), and its reasons.

    ``encoding`` is the one that decoded the text: a national encoding's
    ideographs are read only as its own languages'. The texts are weighed
    together, each apart from the next.

    >>> from urlencoded import get_encoding
    >>> field_cost(["東京"], get_encoding("EUC-JP"))
    (15.0, 'as Japanese: 2 everyday')
    >>> field_cost(["ｱｲｳ"])
    (24.0, '3 halfwidth katakana')
    """
    tally = Tally()
    for text in texts:
        tally_text(text, tally)
    return text_cost(tally, encoding)
