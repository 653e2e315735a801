"""Benchmark percent-encoding after encoding in legacy encodings against UTF-8.

Run it as a plain script::

    python benchmarks/bench_encodings.py          # about half a minute
    python benchmarks/bench_encodings.py --quick  # fewer repeats

What it measures
----------------
:func:`urlencoded.percent_encode_after_encoding` on a 1 MB text (1,000,000
code points) with the special-query and the urlencoded percent-encode sets,
in UTF-8 (the baseline), Shift_JIS and windows-1252. Two texts:

* "japanese": Japanese prose (kanji, kana, punctuation, some ASCII and
  half-width katakana), all of it encodable in Shift_JIS;
* "latin": French-like prose (ASCII with accented letters and ``€``), all of
  it encodable in windows-1252.

Each encoding runs on both texts, so the legacy paths are also timed with
many errors (Japanese in windows-1252: nearly every code point becomes
``%26%23N%3B``). The target is the issue's: a legacy encoding on text it can
encode stays within 3x of the UTF-8 path on the same text. It also times
``encode_or_fail`` alone against ``str.encode("utf-8")``, and the one-time
set-up of each legacy encoder (building its tables from the stdlib codec).

Times are the best of several repeats, in milliseconds per call.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from typing import Callable

from urlencoded import (
    SPECIAL_QUERY_PERCENT_ENCODE_SET,
    URLENCODED_PERCENT_ENCODE_SET,
    get_encoding,
    percent_encode_after_encoding,
)
from urlencoded._encoding import _encoder, encode_or_fail

SIZE = 1_000_000


def _japanese_text() -> str:
    rng = random.Random(1)
    words = [
        "日本語", "の", "文章", "を", "符号化", "します", "。", "、", "東京", "大阪",
        "ひらがな", "カタカナ", "ｶﾀｶﾅ", "漢字", "2024年", " ", "Web", "フォーム", "送信",
    ]  # fmt: skip
    parts: list[str] = []
    length = 0
    while length < SIZE:
        word = rng.choice(words)
        parts.append(word)
        length += len(word)
    return "".join(parts)[:SIZE]


def _latin_text() -> str:
    rng = random.Random(2)
    words = ["le", "café", "à", "côté", "de", "l'école", "coûte", "5 €", "très", "élevé", "."]
    parts: list[str] = []
    length = 0
    while length < SIZE:
        word = rng.choice(words) + " "
        parts.append(word)
        length += len(word)
    return "".join(parts)[:SIZE]


def best(func: Callable[[], object], repeat: int) -> float:
    """The best of ``repeat`` runs of ``func``, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table; return 1 if a target was missed."""
    parser = argparse.ArgumentParser(description="percent-encode after encoding, legacy vs UTF-8")
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args(argv)
    repeat = 2 if args.quick else 5

    print("one-time encoder set-up (tables from the stdlib codec):")
    for label in ("Shift_JIS", "windows-1252", "EUC-JP", "gb18030", "Big5", "EUC-KR"):
        start = time.perf_counter()
        _encoder(get_encoding(label).name)
        print(f"  {label:<14} {1000 * (time.perf_counter() - start):8.1f} ms")

    texts = {"japanese": _japanese_text(), "latin": _latin_text()}
    # The target applies to text the encoding can represent.
    targets = {("japanese", "Shift_JIS"), ("latin", "windows-1252")}
    missed = False
    sets = [
        ("special-query", SPECIAL_QUERY_PERCENT_ENCODE_SET),
        ("urlencoded", URLENCODED_PERCENT_ENCODE_SET),
    ]
    print()
    print(f"percent_encode_after_encoding, 1,000,000 code points (ms, best of {repeat}):")
    print(f"  {'text':<9} {'set':<14} {'UTF-8':>8} {'Shift_JIS':>10} {'ratio':>6}", end="")
    print(f" {'w-1252':>8} {'ratio':>6}")
    for text_name, text in texts.items():
        for set_name, percent_set in sets:
            row: dict[str, float] = {}
            for label in ("UTF-8", "Shift_JIS", "windows-1252"):
                row[label] = best(
                    functools.partial(percent_encode_after_encoding, label, text, percent_set),
                    repeat,
                )
            ratios = {label: row[label] / row["UTF-8"] for label in row}
            marks = {label: ("*" if (text_name, label) in targets else " ") for label in ratios}
            print(
                f"  {text_name:<9} {set_name:<14} {row['UTF-8']:8.1f}"
                f" {row['Shift_JIS']:10.1f} {ratios['Shift_JIS']:5.2f}x{marks['Shift_JIS']}"
                f"{row['windows-1252']:8.1f} {ratios['windows-1252']:5.2f}x{marks['windows-1252']}"
            )
            missed = missed or any(
                ratios[label] > 3 for label in ratios if (text_name, label) in targets
            )
    print("  (* = text the encoding can represent: the 3x target applies)")

    print()
    print("encode_or_fail alone vs str.encode('utf-8') (ms):")
    for text_name, text in texts.items():
        utf8 = best(functools.partial(text.encode, "utf-8"), repeat)
        for label in ("UTF-8", "Shift_JIS", "windows-1252"):
            ms = best(functools.partial(encode_or_fail, get_encoding(label), text), repeat)
            print(f"  {text_name:<9} {label:<13} {ms:8.1f}   (str.encode utf-8: {utf8:.1f})")

    print()
    print("target (legacy within 3x of UTF-8 on encodable text):", "missed" if missed else "met")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
