"""Benchmark ``urlencoded.dialects`` against ``urllib.parse.quote(s, safe="-._~")``.

Run it as a plain script::

    python benchmarks/bench_dialects.py          # about half a minute
    python benchmarks/bench_dialects.py --quick  # fewer repeats

What it measures
----------------
RFC 3986 percent-encoding (OAuth 1.0, AWS SigV4) is ``quote(s, safe="-._~")``
in the standard library. Three workloads, each timed with
:mod:`urlencoded.dialects` and with the ``quote`` loop a user would write:

(a) ``RFC3986.encode`` of the 200 names and values of 100 query pairs
    (ASCII words, spaces and punctuation, UTF-8 Japanese), one call each;
(b) ``RFC3986.encode`` of one 11 kB value mixing the same;
(c) ``RFC3986.canonical_query`` of the 100 pairs, against quoting each name
    and value, sorting the pairs and joining them.

Before timing, the script checks that both sides give the same string. Times
are the best of several repeats, interleaved (ours, theirs, ours, ...) so a
slow phase of the machine hits both; "speed-up" is urllib's time divided by
ours, measured in the same run. The target is 3x.
"""

from __future__ import annotations

import argparse
import random
import timeit
import urllib.parse
from collections.abc import Callable

from urlencoded.dialects import RFC3986

SAFE = "-._~"
TARGET = 3.0


def _pairs() -> list[tuple[str, str]]:
    pairs = []
    for index in range(100):
        if index % 3 == 0:
            value = f"value {index} with spaces & symbols ~*'()/é"
        elif index % 3 == 1:
            value = f"value{index}"
        else:
            value = f"日本語のテキスト {index}"
        pairs.append((f"key_{index % 37}", value))
    return pairs


def _long_value() -> str:
    words = ["café", "au", "lait", "日本語", "x/y", "a&b", "~tilde", "100%", "hello", "world"]
    generator = random.Random(1)
    return " ".join(generator.choice(words) for _ in range(2000))


def _best(
    ours: Callable[[], object], theirs: Callable[[], object], repeat: int
) -> tuple[float, float]:
    """Best time per call of each, repeats interleaved."""
    number = 20
    best_ours = best_theirs = float("inf")
    for _ in range(repeat):
        best_ours = min(best_ours, timeit.timeit(ours, number=number) / number)
        best_theirs = min(best_theirs, timeit.timeit(theirs, number=number) / number)
    return best_ours, best_theirs


def main() -> None:
    cli = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    cli.add_argument("--quick", action="store_true", help="fewer repeats")
    repeat = 5 if cli.parse_args().quick else 25

    pairs = _pairs()
    flat = [part for pair in pairs for part in pair]
    long_value = _long_value()
    quote = urllib.parse.quote

    def encode_ours() -> list[str]:
        return [RFC3986.encode(part) for part in flat]

    def encode_theirs() -> list[str]:
        return [quote(part, safe=SAFE) for part in flat]

    def long_ours() -> str:
        return RFC3986.encode(long_value)

    def long_theirs() -> str:
        return quote(long_value, safe=SAFE)

    def canonical_ours() -> str:
        return RFC3986.canonical_query(pairs)

    def canonical_theirs() -> str:
        encoded = sorted((quote(name, safe=SAFE), quote(value, safe=SAFE)) for name, value in pairs)
        return "&".join(f"{name}={value}" for name, value in encoded)

    workloads = [
        ("(a) RFC3986.encode, 200 names and values", encode_ours, encode_theirs),
        ("(b) RFC3986.encode, one 11 kB value", long_ours, long_theirs),
        ("(c) canonical_query, 100 pairs", canonical_ours, canonical_theirs),
    ]
    for label, ours, theirs in workloads:
        if ours() != theirs():
            print(f"{label}: MISMATCH, not timed")
            continue
        ours_time, theirs_time = _best(ours, theirs, repeat)
        ratio = theirs_time / ours_time
        verdict = "met" if ratio >= TARGET else "NOT met"
        print(
            f"{label}: urlencoded {ours_time * 1e6:8.1f} us, urllib {theirs_time * 1e6:8.1f} us, "
            f"speed-up {ratio:4.1f}x (target {TARGET:.0f}x: {verdict})"
        )


if __name__ == "__main__":
    main()
