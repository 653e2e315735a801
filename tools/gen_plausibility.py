"""Generate ``src/urlencoded/_html/_plausibility_data.py`` from Unicode CLDR data.

Usage::

    python tools/gen_plausibility.py           # rewrite the data module
    python tools/gen_plausibility.py --check   # exit 1 if the file is missing or differs
    python tools/gen_plausibility.py --extract MISC LOCALENAMES ANNOTATIONS
        # refresh tools/data/cldr_plausibility.json from the unpacked CLDR JSON
        # packages (``npm pack cldr-misc-full cldr-localenames-full
        # cldr-annotations-full``, each untarred)

The input is ``tools/data/cldr_plausibility.json``, an extract of the Unicode
Common Locale Data Repository (CLDR, https://cldr.unicode.org/, version in
:data:`CLDR_VERSION`, under the Unicode License v3; a copy of the licence is
in ``tools/data/CLDR-LICENSE``): for Japanese and Chinese, their exemplar
characters (``main/<locale>/characters.json``: the characters in everyday use,
and the auxiliary ones that occur in loan words and names); for a few dozen
alphabetic languages, how often each of their exemplar letters occurs in their
names of languages, territories and scripts (``main/<locale>/{languages,
territories,scripts}.json``) and of emoji and symbols
(``annotations/<locale>/annotations.json``), some twenty thousand everyday
words each, and which letter pairs with a letter outside ASCII occur there.

The output holds two things that :mod:`urlencoded._html._detect` weighs decoded
text with:

* ``EVERYDAY`` and ``OCCASIONAL``: the main and auxiliary exemplar characters
  of Japanese, simplified Chinese and traditional Chinese (the kanji and hanzi
  of everyday use, a few thousand each);
* ``LETTER_COSTS``: for each alphabetic language, the cost of each of its
  letters, ``-ln`` of its frequency in the language's CLDR names (add-one
  smoothed over the exemplar letters), in tenths of a nat;
* ``LETTER_TOTALS`` and ``LETTER_PAIRS``: for each alphabetic language, how
  many letters were counted, and the pairs of letters with one outside ASCII
  that its CLDR names write at least twice, with their counts.

Nothing else is shipped: the common and rare rows of the national character
sets come from the Encoding Standard's indexes at run time.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import unicodedata
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tools" / "data" / "cldr_plausibility.json"
TARGET = ROOT / "src" / "urlencoded" / "_html" / "_plausibility_data.py"

#: The CLDR release the extract comes from (the version of the npm packages).
CLDR_VERSION = "48.2.0"

#: Readings of ideographs -> CLDR locale.
IDEOGRAPHIC = {
    "Japanese": "ja",
    "simplified Chinese": "zh",
    "traditional Chinese": "zh-Hant",
}

#: Languages written with an alphabet, whose letters get costs: the languages of
#: the Encoding Standard's single-byte encodings (windows-1250 to 1257, the
#: ISO 8859 parts, KOI8, IBM866) and of Latin-script text in general.
ALPHABETIC = (
    *("en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "is", "ca"),
    *("pl", "cs", "sk", "hu", "sl", "hr", "ro", "sq", "tr", "lt", "lv", "et"),
    *("ru", "uk", "be", "bg", "sr", "mk", "el", "he", "ar", "th"),
)

NAME_FILES = ("languages", "territories", "scripts")

#: Letter pairs seen fewer times than this are left out (treated as never seen).
MIN_PAIR_COUNT = 2


def parse_unicode_set(text: str) -> list[str]:
    """The single code points of a CLDR exemplar set such as ``[a ą b {ch} d-f]``."""
    body = text.strip()
    assert body.startswith("["), body[:20]
    assert body.endswith("]"), body[-20:]
    body = body[1:-1]
    points: list[str] = []
    index = 0
    while index < len(body):
        char = body[index]
        if char == "{":  # a sequence of several code points: not a single character
            index = body.index("}", index) + 1
            continue
        if char == "\\":
            if body[index + 1] == "u":
                char = chr(int(body[index + 2 : index + 6], 16))
                index += 6
            else:
                char = body[index + 1]
                index += 2
        elif char.isspace():
            index += 1
            continue
        else:
            index += 1
        if index < len(body) - 1 and body[index] == "-" and body[index + 1] not in " ]":
            end = body[index + 1]
            points.extend(chr(point) for point in range(ord(char), ord(end) + 1))
            index += 2
        else:
            points.append(char)
    return points


def exemplar_letters(sets: dict[str, str]) -> list[str]:
    """The single letters of a language's main and auxiliary exemplar sets, lowercased."""
    return sorted(
        {
            unicodedata.normalize("NFC", char).lower()
            for key in ("main", "auxiliary")
            for char in parse_unicode_set(sets[key])
            if char.isalpha()
        }
    )


def extract(misc: Path, names: Path, annotations: Path) -> dict[str, object]:
    """The extract of the unpacked cldr-misc-full, -localenames-full and -annotations-full.

    For the ideographic locales, their exemplar sets as CLDR gives them; for the
    alphabetic ones, how often each exemplar letter occurs in the locale's names
    of languages, territories and scripts and its names and keywords of emoji
    and symbols, and how often each pair of letters with one not in ASCII does.
    """
    characters: dict[str, dict[str, str]] = {}
    counts: dict[str, dict[str, int]] = {}
    pairs: dict[str, dict[str, int]] = {}
    for locale in [*IDEOGRAPHIC.values(), *ALPHABETIC]:
        path = misc / "main" / locale / "characters.json"
        data = json.loads(path.read_text(encoding="utf-8"))["main"][locale]["characters"]
        sets = {"main": data["exemplarCharacters"], "auxiliary": data["auxiliary"]}
        if locale in IDEOGRAPHIC.values():
            characters[locale] = sets
            continue
        values: set[str] = set()
        for name_file in NAME_FILES:
            path = names / "main" / locale / f"{name_file}.json"
            data = json.loads(path.read_text(encoding="utf-8"))
            values.update(data["main"][locale]["localeDisplayNames"][name_file].values())
        # CLDR keeps the Norwegian Bokmål annotations under "no".
        path = annotations / "annotations" / {"nb": "no"}.get(locale, locale) / "annotations.json"
        data = json.loads(path.read_text(encoding="utf-8"))["annotations"]["annotations"]
        for entry in data.values():
            values.update(entry.get("default", ()))
            values.update(entry.get("tts", ()))
        text = unicodedata.normalize("NFC", " ".join(sorted(values))).lower()
        letters = exemplar_letters(sets)
        found = Counter(char for char in text if char in letters)
        counts[locale] = {letter: found[letter] for letter in letters}
        found_pairs = Counter(
            first + second
            for first, second in zip(text, text[1:])
            if first in letters and second in letters
        )
        pairs[locale] = {pair: found_pairs[pair] for pair in sorted(found_pairs)}
    return {
        "cldr_version": CLDR_VERSION,
        "characters": characters,
        "letter_counts": counts,
        "letter_pairs": pairs,
    }


def letter_costs(counts: dict[str, int]) -> dict[str, int]:
    """Each letter's ``-ln`` frequency (add-one smoothed), in tenths of a nat."""
    total = sum(counts.values()) + len(counts)
    return {
        letter: round(-10 * math.log((count + 1) / total))
        for letter, count in sorted(counts.items())
    }


def render(source: dict[str, object]) -> str:
    """The text of the data module for the extract ``source``."""
    characters = source["characters"]
    counts = source["letter_counts"]
    assert isinstance(characters, dict)
    assert isinstance(counts, dict)
    assert source["cldr_version"] == CLDR_VERSION
    lines = [
        f"# Generated by tools/gen_plausibility.py from tools/data/cldr_plausibility.json "
        f"(Unicode CLDR {CLDR_VERSION}). Do not edit.",
        '"""What the encoding detection weighs text with, from Unicode CLDR (Unicode License v3).',
        "",
        "EVERYDAY and OCCASIONAL: the main and auxiliary exemplar characters of each",
        "ideographic reading (its kana, kanji or hanzi), as one string each.",
        "LETTER_COSTS: language -> letter -> -ln of the letter's frequency in the",
        "language's CLDR names of languages, territories and scripts, in tenths of a nat.",
        "LETTER_TOTALS: language -> the number of letters counted (plus one per letter).",
        "LETTER_PAIRS: language -> the pairs of letters, one of them not ASCII, that the",
        "language's CLDR names write at least twice, concatenated, and their counts.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        '__all__ = ["CLDR_VERSION", "EVERYDAY", "LETTER_COSTS", "LETTER_PAIRS", "LETTER_TOTALS",'
        ' "OCCASIONAL"]',
        "",
        f'CLDR_VERSION = "{CLDR_VERSION}"',
        "",
    ]
    for constant, key in (("EVERYDAY", "main"), ("OCCASIONAL", "auxiliary")):
        lines.append(f"{constant}: dict[str, str] = {{")
        for reading, locale in IDEOGRAPHIC.items():
            chars = sorted(set(parse_unicode_set(characters[locale][key])))
            lines.append(f"    {reading!r}: (")
            for start in range(0, len(chars), 40):
                lines.append(f'        "{"".join(chars[start : start + 40])}"')
            lines.append("    ),")
        lines.append("}")
        lines.append("")
    lines.append("LETTER_COSTS: dict[str, dict[str, int]] = {")
    for language in ALPHABETIC:
        costs = letter_costs(counts[language])
        lines.append(f"    {language!r}: {{")
        items = [f"{letter!r}: {cost}" for letter, cost in costs.items()]
        for start in range(0, len(items), 8):
            lines.append("        " + ", ".join(items[start : start + 8]) + ",")
        lines.append("    },")
    lines.append("}")
    lines.append("")
    lines.append("LETTER_TOTALS: dict[str, int] = {")
    for language in ALPHABETIC:
        lines.append(f"    {language!r}: {sum(counts[language].values()) + len(counts[language])},")
    lines.append("}")
    lines.append("")
    lines.append("LETTER_PAIRS: dict[str, tuple[str, str]] = {")
    pairs = source["letter_pairs"]
    assert isinstance(pairs, dict)
    for language in ALPHABETIC:
        kept = {pair: count for pair, count in pairs[language].items() if count >= MIN_PAIR_COUNT}
        text = "".join(kept)
        lines.append(f"    {language!r}: (")
        for start in range(0, len(text), 60):
            lines.append(f"        {text[start : start + 60]!r}")
        lines.append("        ,")
        numbers = [str(count) for count in kept.values()]
        for start in range(0, len(numbers), 20):
            lines.append(f'        "{" ".join(numbers[start : start + 20])} "')
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the module is stale")
    parser.add_argument(
        "--extract",
        nargs=3,
        metavar=("MISC", "LOCALENAMES", "ANNOTATIONS"),
        type=Path,
        help="refresh the extract from the unpacked CLDR JSON packages",
    )
    args = parser.parse_args(argv)
    if args.extract:
        data = extract(*args.extract)
        SOURCE.write_text(
            json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
            encoding="utf-8",
        )
    text = render(json.loads(SOURCE.read_text(encoding="utf-8")))
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is stale: run python tools/gen_plausibility.py")
            return 1
        print(f"{TARGET.relative_to(ROOT)} is up to date")
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
