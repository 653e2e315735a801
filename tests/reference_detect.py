"""Literal, slow transcriptions of encoding detection's choice among candidates.

``detect_encoding`` and ``parse_mixed`` are a filter and a choice: keep the
candidates under which every part decodes (the urlencoded parser of
tests/reference.py up to percent-decoding, then the Encoding Standard's
decoders in fatal mode from tests/reference_encoding.py), and take the one
whose decoded text costs least, ties going to UTF-8 and then to the name that
sorts first (after the legacy multi-byte encodings, in the Encoding
Standard's table order). The cost itself, the library's plausibility rules, is
:func:`field_cost` below: the rules read character by character, each text
on its own, as they were first written (the rules' tables and constants come
from the library; the rules themselves are tested one by one in
tests/test_detect.py). The library counts instead, per distinct character,
word and letter pair, and must agree to the last bit.
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence

from tests import reference_encoding as enc
from tests.reference import urlencoded_parse_to_bytes
from tests.reference_html import get_encoding
from urlencoded import Encoding
from urlencoded._html import _plausibility as rules
from urlencoded._html._plausibility import _script

_EAST_ASIAN = ("Han", "kana", "Hangul")


def _east_asian_cost(chars: Sequence[str], encoding: Encoding | None) -> tuple[float, str]:
    """The cost of the ideographs, kana and hangul in ``chars`` under their best reading."""
    best: tuple[float, str] | None = None
    languages = rules._LANGUAGES.get(encoding.name, ()) if encoding is not None else ()
    for reading in rules._readings():
        if languages and reading.name not in languages:
            continue
        cost = 0.0
        tally = [0, 0, 0, 0, 0]  # kana, everyday, common, less common, outside
        for char in chars:
            script = _script(char)
            if script == "kana":
                japanese = reading.name == "Japanese"
                cost += rules._KANA if japanese else rules._OUTSIDE
                tally[0 if japanese else 4] += 1
            elif script == "Hangul":
                korean = reading.name == "Korean"
                if korean and char in reading.common:
                    cost += rules._KS_HANGUL
                    tally[2] += 1
                else:
                    cost += rules._LESS_COMMON_ROWS if korean else rules._OUTSIDE
                    tally[3 if korean else 4] += 1
            elif char in reading.everyday:
                cost += rules._EVERYDAY
                tally[1] += 1
            elif char in reading.occasional:
                cost += rules._OCCASIONAL
                tally[1] += 1
            elif reading.name != "Korean" and char in reading.common:
                cost += rules._COMMON_ROWS
                tally[2] += 1
            elif char in reading.less_common:
                cost += rules._LESS_COMMON_ROWS
                tally[3] += 1
            else:
                cost += rules._OUTSIDE
                tally[4] += 1
        if best is None or cost < best[0]:
            labels = ("kana", "everyday", "in the common rows", "in the rare rows", "outside")
            parts = [f"{count} {label}" for count, label in zip(tally, labels) if count]
            best = (cost, f"as {reading.name}: " + ", ".join(parts))
    assert best is not None
    return best


def _letters_cost(words: Sequence[str]) -> tuple[float, str]:
    """The cost of the words' letters in the language that fits them best."""
    pairs = Counter(word[index : index + 2] for word in words for index in range(len(word) - 1))
    letters = Counter(letter for word in words for letter in word if not letter.isascii())
    best_cost, best_language = 0.0, ""
    pair_counts = rules._pair_counts()
    for language, costs in rules._letter_costs().items():
        cost = sum(costs.get(letter, rules._FOREIGN_LETTER) * n for letter, n in letters.items())
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
    """The implausibility of decoded text, and its reasons: each text char by char."""
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
                    against("control characters", rules._CONTROL)
                elif char != " ":
                    cost += rules._ASCII_SYMBOL
                continue
            category = unicodedata.category(char)
            if 0xFF61 <= point <= 0xFF9F:
                against("halfwidth katakana", rules._HALFWIDTH_KATAKANA)
                scripts.add("kana")
            elif script in _EAST_ASIAN:
                if char in rules._SMALL_KANA and not _small_kana_fits(text, index):
                    against("small kana out of place", rules._SMALL_KANA_OUT_OF_PLACE)
                east_asian.append(char)
                scripts.add("Han" if script == "kana" else script)
            elif category == "Cc":
                against("control characters", rules._CONTROL)
            elif category == "Co":
                against("private-use characters", rules._PRIVATE_USE)
            elif category in ("Cn", "Cs"):
                against("unassigned code points", rules._UNASSIGNED)
            elif 0x2500 <= point < 0x25A0:
                against("box drawing", rules._BOX_DRAWING)
            elif category[0] == "N":
                against("digits and numbers not in ASCII", rules._NUMBER)
            elif category in ("Pd", "Pi", "Pf", "Zs"):
                against("symbols", rules._SYMBOL)  # dashes and quotes join words: O’Brien
            elif _touches_letter(text, index, 2):
                against("symbols inside words", rules._SYMBOL_IN_WORD)
            elif _touches_letter(text, index, 1):
                against("symbols beside a letter", rules._SYMBOL_BESIDE_LETTER)
            else:
                against("symbols", rules._SYMBOL)
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
        against("scripts", rules._EXTRA_SCRIPT * (len(scripts) - 1))
        evidence["scripts"] = len(scripts)
    reasons.extend(f"{count} {what}" for what, count in sorted(evidence.items()))
    if not reasons:
        reasons.append("ASCII only")
    return cost, "; ".join(reasons)


def _small_kana_fits(text: str, index: int) -> bool:
    """Whether the small kana at ``index`` follows a kana that can take it."""
    before = text[index - 1] if index else ""
    if text[index] in rules._SMALL_YA_YU_YO:
        return before in rules._I_COLUMN
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
        against("words mixing scripts", rules._MIXED_SCRIPT_WORD)
    if len(word) == 1:
        against("lone letters", rules._LONE_LETTER)
    for before, char in zip(word, word[1:]):
        if before.islower() and char.isupper():
            against("capitals after small letters", rules._CAPITAL_AFTER_SMALL)
    if len(word) >= 2 and all(char.isupper() for char in word):
        against("words in capitals", rules._ALL_CAPITALS)


def candidate_names(labels: list[str]) -> list[str]:
    """Each label's encoding name, once, in the order given; ``None`` for an unknown label."""
    names: list[str] = []
    for label in labels:
        name = get_encoding(label)
        assert name is not None, label
        if name not in names:
            names.append(name)
    return names


MULTI_BYTE = ["GBK", "gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR"]


def tie_key(name: str) -> tuple[bool, int, str]:
    """UTF-8, then the multi-byte encodings in the Encoding Standard's order, then by name."""
    return (name != "UTF-8", MULTI_BYTE.index(name) if name in MULTI_BYTE else 7, name)


def ranking(parts: list[bytes], names: list[str]) -> list[tuple[float, str]]:
    """(cost, name) of each candidate that decodes every part, cheapest first."""
    ranked = []
    for name in names:
        texts = []
        for part in parts:
            text = enc.reference_decode_fatal(name, part)
            if text is None:
                break
            texts.append(text)
        else:
            ranked.append((round(field_cost(texts, Encoding(name))[0], 6), name))
    ranked.sort(key=lambda entry: (entry[0], tie_key(entry[1])))
    return ranked


def detect_encoding(data: bytes, labels: list[str]) -> str | None:
    """The name of the cheapest candidate under which every nonempty name and value decodes."""
    parts = [part for pair in urlencoded_parse_to_bytes(data) for part in pair if part]
    ranked = ranking(parts, candidate_names(labels))
    return ranked[0][1] if ranked else None


def parse_mixed(data: bytes, labels: list[str]) -> list[tuple[str, str, str]]:
    """Each field decoded with the cheapest candidate that decodes its name and value."""
    names = candidate_names(labels)
    pairs = urlencoded_parse_to_bytes(data)
    whole = [name for _, name in ranking([p for pair in pairs for p in pair if p], names)]

    def body_rank(name: str) -> int:
        return whole.index(name) if name in whole else len(whole)

    result = []
    for field_name, value in pairs:
        ranked = ranking([field_name, value], names)
        if ranked:
            best = min(ranked, key=lambda entry: (entry[0], body_rank(entry[1]), tie_key(entry[1])))
            chosen = best[1]
        else:
            chosen = min(
                names,
                key=lambda name: (
                    (
                        enc.reference_decode(name, field_name) + enc.reference_decode(name, value)
                    ).count("\ufffd"),
                    body_rank(name),
                    tie_key(name),
                ),
            )
        result.append(
            (enc.reference_decode(chosen, field_name), enc.reference_decode(chosen, value), chosen)
        )
    return result
