"""Benchmark the core parser and serializer against ``urllib.parse``.

Run it as a plain script::

    python benchmarks/bench_core.py          # about a minute
    python benchmarks/bench_core.py --quick  # fewer repeats, a few seconds
    python benchmarks/bench_core.py --part 3 # only part 3 (--part may be repeated)

What it measures
----------------
Part 1 times these workloads, each once with :mod:`urlencoded` and once
with the standard library call that a user would migrate from:

(a) parse 100 short ASCII fields (``field12=value12&...``);
(b) parse 20 fields whose values are 200 percent-encoded (UTF-8) Japanese
    characters;
(c) serialize 100 short ASCII pairs;
(d) serialize 20 pairs whose values are 200 Japanese characters;
(e) parse one 1 MB value mixing ASCII words, ``+``, UTF-8 escapes
    (``caf%C3%A9``) and ``%2F``;
(f) parse a 2 KB, 26-field form whose values hold ``+``, ``%2C`` and UTF-8
    escapes, one of them a ``%26``;
(g) the same form without the ``%26``;
(h) parse ``a=1`` (str); (i) the same as bytes (urllib gets the str);
(j) serialize ``[("a", "1")]``;
(k) serialize 20 pairs of 200 Japanese characters in Shift_JIS and
(l) 20 pairs of 200 Latin characters in windows-1252 (``urlencode`` with
    ``encoding=``).

Parsing is compared with ``urllib.parse.parse_qsl(s, keep_blank_values=True)``
and serializing with ``urllib.parse.urlencode(pairs)`` (which uses
``quote_plus``). Both libraries get the same ``str``. Before timing, the
script checks that both produce the same pairs (or the same string) for the
workload, so that the two sides do the same work; a mismatch is printed
instead of hidden.

Part 3 ("flat cost per MB") parses many-field bodies of 1 MB and 16 MB,
one of plain ASCII fields and one dense with escapes, and prints the 16 MB
/ 1 MB time ratio; the target is at most 17 (the cost per MB stays flat).
It then splits each size's cost per MB into user and system CPU time and
counts the minor page faults per call (where ``resource`` exists): the
system time is the kernel mapping in fresh memory for the result's objects
(about 190 bytes of tuples and strings per field), which Python's allocator
returns to the system when the previous result is freed. A 1 MB result
fits in memory kept from the call before; a 16 MB one does not. Two more
tables separate the parser from that: one 16 MB body against sixteen 1 MB
bodies whose results are all kept (so both sides build the same objects),
and the 16 MB / 1 MB ratio of other code in the same run, from a bare
``bytes.split`` of the body to ``urllib.parse`` and, when the ``bench``
extra is installed, ``ada_url`` and ``yarl``.

Part 2 ("linear growth") parses 1 MB and 4 MB inputs made of one unit
repeated (``&``, ``=``, ``+``, ``%``, ``%%%``, ``%2``, ``%zz``, ``%FF``, raw
``0xFF`` bytes, and ``%26``, which forces the field-by-field path) with
:func:`urlencoded.parse` only, and prints the 4 MB / 1 MB time ratio. A unit
whose 1 MB parse takes over two seconds is reported and its 4 MB input skipped,
so that a quadratic case cannot stall the run.

How to read the numbers
-----------------------
Times are per call, the best (minimum) of several repeats: the minimum is the
run least disturbed by the rest of the machine. The two libraries' repeats are
interleaved (ours, theirs, ours, theirs, ...), so a slow phase of the machine
hits both. "speed-up" is urllib's time divided by ours, measured in the same
run: 4.0x means urlencoded took a quarter of urllib's time. Each workload
prints its target and whether this run met it; ratios near a target move by
10-20% between runs on a busy machine. In part 2 a ratio near 4 means time
grows linearly with input size; a ratio near 16 would mean quadratic time.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
import time
import timeit
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import urlencoded

try:
    import resource
except ImportError:  # not on Windows
    resource = None  # type: ignore[assignment]

MB = 1_000_000
# The same 8 characters, repeated: kanji, hiragana and katakana (3 UTF-8 bytes each).
JAPANESE_200 = "日本語のテキスト" * 25
# A 1 MB parse slower than this is reported without timing the 4 MB input.
TOO_SLOW = 2.0


@dataclass(frozen=True)
class Workload:
    """One comparison: our call, urllib's call, and the speed-up we aim for."""

    key: str
    title: str
    ours: Callable[[], object]
    theirs: Callable[[], object]
    target: float


def _parse_ours(text: str) -> Callable[[], object]:
    return lambda: urlencoded.parse(text)


def _parse_theirs(text: str) -> Callable[[], object]:
    return lambda: urllib.parse.parse_qsl(text, keep_blank_values=True)


def _serialize_ours(pairs: list[tuple[str, str]]) -> Callable[[], object]:
    return lambda: urlencoded.serialize(pairs)


def _serialize_theirs(pairs: list[tuple[str, str]]) -> Callable[[], object]:
    return lambda: urllib.parse.urlencode(pairs)


# A form value with the characters a browser escapes: "+", "%2C" and UTF-8.
FORM_VALUE = "Jane+Doe%2C+12+Rue+de+la+Paix%2C+75002+Paris+%E2%80%93+caf%C3%A9+ok"
LATIN_200 = "Crème brûlée à la française, naïve " * 6 + "Ça va?"


def corpus() -> dict[str, object]:
    """The inputs of part 1, by workload key; the peers benchmark uses them too."""
    ascii_pairs = [(f"field{i}", f"value{i}") for i in range(100)]
    japanese_pairs = [(f"field{i}", JAPANESE_200) for i in range(20)]
    unit = "hello+world+caf%C3%A9+au+lait+a%2Fb%2Fc+na%C3%AFve+"
    form = "&".join(f"field_{i:02}={FORM_VALUE}" for i in range(26))
    return {
        "a": "&".join(f"{name}={value}" for name, value in ascii_pairs),
        "b": "&".join(f"{name}={urllib.parse.quote(value)}" for name, value in japanese_pairs),
        "c": ascii_pairs,
        "d": japanese_pairs,
        "e": "q=" + unit * ((MB - 2) // len(unit)),
        "f": form.replace("Jane+Doe", "Jane+%26+Doe", 1),
        "g": form,
        "h": "a=1",
        "i": b"a=1",
        "j": [("a", "1")],
        "k": japanese_pairs,
        "l": [(f"field{i}", LATIN_200[:200]) for i in range(20)],
    }


def _serialize_encoded(pairs: list[tuple[str, str]], encoding: str) -> Callable[[], object]:
    return lambda: urlencoded.serialize(pairs, encoding=encoding)


def _urlencode_encoded(pairs: list[tuple[str, str]], encoding: str) -> Callable[[], object]:
    return lambda: urllib.parse.urlencode(pairs, encoding=encoding)


def build_workloads() -> list[Workload]:
    """The workloads of part 1, with the issue's targets."""
    inputs = corpus()
    text = {key: value for key, value in inputs.items() if isinstance(value, str)}
    pairs: dict[str, list[tuple[str, str]]] = {
        key: value for key, value in inputs.items() if isinstance(value, list)
    }
    big = text["e"]
    return [
        Workload(
            "a",
            "parse 100 short ASCII fields",
            _parse_ours(text["a"]),
            _parse_theirs(text["a"]),
            4.0,
        ),
        Workload(
            "b",
            "parse 20 fields of 200 percent-encoded Japanese characters",
            _parse_ours(text["b"]),
            _parse_theirs(text["b"]),
            8.0,
        ),
        Workload(
            "c",
            "serialize 100 short ASCII pairs",
            _serialize_ours(pairs["c"]),
            _serialize_theirs(pairs["c"]),
            3.5,
        ),
        Workload(
            "d",
            "serialize 20 pairs of 200 Japanese characters",
            _serialize_ours(pairs["d"]),
            _serialize_theirs(pairs["d"]),
            5.0,
        ),
        Workload(
            "e",
            f"parse one {len(big) / MB:.1f} MB value (words, +, UTF-8 escapes, %2F)",
            _parse_ours(big),
            _parse_theirs(big),
            5.0,
        ),
        Workload(
            "f",
            f"parse a {len(text['f']) / 1000:.1f} KB, 26-field form with one %26",
            _parse_ours(text["f"]),
            _parse_theirs(text["f"]),
            4.0,
        ),
        Workload(
            "g",
            "the same form without the %26",
            _parse_ours(text["g"]),
            _parse_theirs(text["g"]),
            4.0,
        ),
        Workload("h", "parse 'a=1' (str)", _parse_ours(text["h"]), _parse_theirs(text["h"]), 1.0),
        Workload(
            "i",
            "parse b'a=1' (bytes; urllib gets the str)",
            lambda: urlencoded.parse(b"a=1"),
            _parse_theirs("a=1"),
            1.0,
        ),
        Workload(
            "j",
            "serialize [('a', '1')]",
            _serialize_ours(pairs["j"]),
            _serialize_theirs(pairs["j"]),
            1.0,
        ),
        Workload(
            "k",
            "serialize 20 x 200 Japanese characters, Shift_JIS",
            _serialize_encoded(pairs["k"], "shift_jis"),
            _urlencode_encoded(pairs["k"], "shift_jis"),
            2.0,
        ),
        Workload(
            "l",
            "serialize 20 x 200 Latin characters, windows-1252",
            _serialize_encoded(pairs["l"], "windows-1252"),
            _urlencode_encoded(pairs["l"], "cp1252"),
            2.0,
        ),
    ]


def check_same_output(workload: Workload) -> bool:
    """Print and return whether both libraries give the same result for *workload*."""
    ours = workload.ours()
    theirs = workload.theirs()
    if ours == theirs:
        return True
    print(f"  ({workload.key}) OUTPUTS DIFFER, the comparison is not like for like:")
    if isinstance(ours, list) and isinstance(theirs, list):
        print(f"      {len(ours)} pairs (ours) vs {len(theirs)} pairs (urllib)")
        for index, (mine, other) in enumerate(zip(ours, theirs)):
            if mine != other:
                print(f"      first difference at pair {index}: {mine!r:.120} vs {other!r:.120}")
                break
    elif isinstance(ours, str) and isinstance(theirs, str):
        index = next(
            (i for i, (x, y) in enumerate(zip(ours, theirs)) if x != y), min(len(ours), len(theirs))
        )
        print(f"      first difference at index {index}:")
        print(f"      ours:   {ours[max(0, index - 20) : index + 40]!r}")
        print(f"      urllib: {theirs[max(0, index - 20) : index + 40]!r}")
    else:
        print(f"      ours: {ours!r:.120}")
        print(f"      urllib: {theirs!r:.120}")
    return False


def calibrate(function: Callable[[], object], budget: float) -> int:
    """How many calls of *function* take about *budget* seconds (at least 1)."""
    # The first call may import a module or build a table: not what is timed.
    function()
    number = 1
    while True:
        elapsed = timeit.timeit(function, number=number)
        if elapsed >= budget / 4 or number >= 1 << 20:
            return max(1, int(number * budget / max(elapsed, 1e-9)))
        number *= 4


def best_times(
    functions: Sequence[Callable[[], object]], repeats: int, budget: float
) -> list[float]:
    """Best seconds per call of each function, with their repeats interleaved."""
    numbers = [calibrate(function, budget) for function in functions]
    best = [float("inf")] * len(functions)
    for _ in range(repeats):
        for index, (function, number) in enumerate(zip(functions, numbers)):
            # timeit switches the garbage collector off while it times.
            per_call = timeit.timeit(function, number=number) / number
            best[index] = min(best[index], per_call)
    return best


def format_time(seconds: float) -> str:
    """Seconds in a unit that keeps 3-4 significant digits."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds:8.3f} s "


def run_comparisons(repeats: int, budget: float) -> list[str]:
    """Part 1; returns the keys of missed targets."""
    print("Part 1: urlencoded vs urllib.parse (best of", repeats, "interleaved repeats)")
    print()
    workloads = build_workloads()
    agree = [workload.key for workload in workloads if check_same_output(workload)]
    print("  Same output from both libraries for:", ", ".join(f"({key})" for key in agree))
    print()
    columns = ("urlencoded", "urllib", "speed-up", "target")
    header = f"  {'workload':<68} {columns[0]:>11} {columns[1]:>11} {columns[2]:>9} {columns[3]:>7}"
    header += "  met?"
    print(header)
    print("  " + "-" * (len(header) - 2))
    missed = []
    for workload in workloads:
        ours, theirs = best_times([workload.ours, workload.theirs], repeats, budget)
        ratio = theirs / ours
        met = ratio >= workload.target
        if not met:
            missed.append(workload.key)
        label = f"({workload.key}) {workload.title}"
        print(
            f"  {label:<68} {format_time(ours):>11} {format_time(theirs):>11}"
            f" {ratio:8.2f}x {workload.target:6.1f}x  {'yes' if met else 'NO'}"
        )
    return missed


def growth_inputs(size: int) -> list[tuple[str, str | bytes]]:
    """(label, input of about *size* bytes) for each repeated unit of part 2."""
    str_units = ["&", "=", "+", "%", "%%%", "%2", "%zz", "%FF", "%26"]
    inputs: list[tuple[str, str | bytes]] = [
        (repr(unit), unit * (size // len(unit))) for unit in str_units
    ]
    inputs.append(("b'\\xff' (bytes)", b"\xff" * size))
    return inputs


def run_growth(repeats: int, budget: float) -> None:
    """Part 2: parse time at 1 MB and 4 MB of each repeated unit."""
    print()
    print("Part 2: linear growth of urlencoded.parse (best of", repeats, "repeats)")
    print()
    header = f"  {'repeated unit':<20} {'1 MB':>11} {'4 MB':>11} {'4 MB / 1 MB':>12}"
    print(header)
    print("  " + "-" * (len(header) - 2))
    small = growth_inputs(MB)
    large = growth_inputs(4 * MB)
    for (label, small_input), (_, large_input) in zip(small, large):
        # Time one call first: a quadratic case would take minutes at 4 MB.
        single = timeit.timeit(partial(urlencoded.parse, small_input), number=1)
        if single > TOO_SLOW:
            print(f"  {label:<20} {format_time(single):>11} {'skipped':>11}  (1 MB > {TOO_SLOW} s)")
            continue
        small_time, large_time = best_times(
            [partial(urlencoded.parse, small_input), partial(urlencoded.parse, large_input)],
            repeats,
            budget,
        )
        print(
            f"  {label:<20} {format_time(small_time):>11} {format_time(large_time):>11}"
            f" {large_time / small_time:11.2f}"
        )


def flat_inputs(size: int) -> list[tuple[str, bytes]]:
    """(label, body of about *size* bytes) for part 3: many fields, plain or escape-dense."""
    plain_field = b"field_name=plain+ascii+value+of+a+form+field&"
    dense_field = b"q=%E6%97%A5%E6%9C%AC%E8%AA%9E+%26+caf%C3%A9+%3D+1&"
    return [
        ("plain ASCII fields", plain_field * (size // len(plain_field))),
        ("escape-dense fields", dense_field * (size // len(dense_field))),
    ]


def run_flat(repeats: int) -> list[str]:
    """Part 3: one-shot parse time at 1 MB and 16 MB; returns the labels over 17x."""
    print()
    print("Part 3: flat cost per MB, one-shot urlencoded.parse (best of", repeats, "repeats)")
    print()
    header = f"  {'body':<22} {'1 MB':>11} {'16 MB':>11} {'16 MB / 1 MB':>13} {'target':>7}  met?"
    print(header)
    print("  " + "-" * (len(header) - 2))
    missed = []
    bodies = [
        (label, small_input, large_input)
        for (label, small_input), (_, large_input) in zip(flat_inputs(MB), flat_inputs(16 * MB))
    ]
    for label, small_input, large_input in bodies:
        small_time, large_time = best_times(
            [partial(urlencoded.parse, small_input), partial(urlencoded.parse, large_input)],
            repeats,
            0.2,
        )
        ratio = large_time / small_time
        if ratio > 17:
            missed.append(label)
        print(
            f"  {label:<22} {format_time(small_time):>11} {format_time(large_time):>11}"
            f" {ratio:12.2f} {17.0:6.1f}x  {'yes' if ratio <= 17 else 'NO'}"
        )
    if resource is not None:
        print()
        print("  where the time goes (ms of CPU per MB, minor page faults per call):")
        for label, small_input, large_input in bodies:
            cells = []
            for body, calls in ((small_input, 32), (large_input, 4)):
                user, system, faults = cpu_and_faults(partial(urlencoded.parse, body), calls)
                megabytes = len(body) / MB
                cells.append(
                    f"user {user / megabytes * 1e3:5.2f} system {system / megabytes * 1e3:5.2f}"
                    f" faults {faults:7.0f}"
                )
            print(f"  {label:<22} 1 MB: {cells[0]}   16 MB: {cells[1]}")
    run_flat_kept(bodies)
    run_flat_controls(bodies)
    return missed


def run_flat_kept(bodies: list[tuple[str, bytes, bytes]]) -> None:
    """One 16 MB body against sixteen 1 MB bodies whose results are all kept.

    Then both sides build the same 70 MB or so of new objects, and the ratio
    is the parser's own growth in cost per MB.
    """
    print()
    print("  one 16 MB body / sixteen 1 MB bodies, every result kept (best of 5):")
    gc.disable()
    try:
        for label, small_input, large_input in bodies:
            small_best = large_best = float("inf")
            for _ in range(5):
                started = time.perf_counter()
                kept = [urlencoded.parse(small_input) for _ in range(16)]
                small_best = min(small_best, time.perf_counter() - started)
                del kept
                started = time.perf_counter()
                result = urlencoded.parse(large_input)
                large_best = min(large_best, time.perf_counter() - started)
                del result
            print(
                f"  {label:<22} {format_time(small_best):>11} {format_time(large_best):>11}"
                f" {large_best / small_best:12.2f}"
            )
    finally:
        gc.enable()


def flat_controls() -> list[tuple[str, Callable[[bytes], object]]]:
    """(label, call) for the same bodies through other code that builds the objects."""
    controls: list[tuple[str, Callable[[bytes], object]]] = [
        # A lower bound for any parser: one C call that makes a bytes object
        # per name and value, and nothing else.
        ("bytes.split only", lambda body: body.replace(b"=", b"&").split(b"&")),
        (
            "urllib.parse.parse_qsl",
            lambda body: urllib.parse.parse_qsl(body.decode("ascii"), keep_blank_values=True),
        ),
    ]
    peers: dict[str, Callable[[Any], Callable[[bytes], object]]] = {
        "ada_url": lambda ada: lambda body: ada.parse_search_params(body.decode("ascii")),
        "yarl": lambda yarl: lambda body: yarl.URL.build(query=body.decode("ascii")).query,
    }
    for module_name, make_call in peers.items():
        try:  # compiled peers, from the bench extra
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        controls.append((module_name, make_call(module)))
    return controls


def run_flat_controls(bodies: list[tuple[str, bytes, bytes]]) -> None:
    """The 16 MB / 1 MB ratio of part 3's bodies through other code, in the same run.

    Whatever parses, a 16 MB body's result is some 70 MB of new objects that
    neither fit in the cache nor in memory kept from the call before, and a
    1 MB body's do. These rows show what other code pays for that in the
    same run, from a bare ``bytes.split`` to the compiled peers.
    """
    print()
    print("  the same 16 MB / 1 MB ratio for other code that builds the result objects,")
    print("  and what each MB of the 16 MB body costs beyond a 1 MB body's (best of 3):")
    controls = flat_controls()
    for label, small_input, large_input in bodies:
        cells = []
        for name, call in controls:
            small_time, large_time = best_times(
                [partial(call, small_input), partial(call, large_input)], 3, 0.2
            )
            extra = (large_time / 16 - small_time) * 1e3
            cells.append(f"{name} {large_time / small_time:.1f}x ({extra:+.2f} ms/MB)")
        print(f"  {label:<22} " + ", ".join(cells))


def cpu_and_faults(function: Callable[[], object], calls: int) -> tuple[float, float, float]:
    """(user seconds, system seconds, minor page faults) per call of *function*."""
    assert resource is not None
    function()
    # As timeit does, without the garbage collector.
    gc.disable()
    try:
        before, usage = os.times(), resource.getrusage(resource.RUSAGE_SELF)
        for _ in range(calls):
            function()
        after, usage_after = os.times(), resource.getrusage(resource.RUSAGE_SELF)
    finally:
        gc.enable()
    return (
        (after.user - before.user) / calls,
        (after.system - before.system) / calls,
        (usage_after.ru_minflt - usage.ru_minflt) / calls,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the parts asked for (all by default); exit status 0 even if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer, shorter repeats")
    parser.add_argument(
        "--part",
        type=int,
        choices=(1, 2, 3),
        action="append",
        help="run only this part (may be repeated); all three by default",
    )
    args = parser.parse_args(argv)
    parts = set(args.part or (1, 2, 3))
    repeats, budget = (3, 0.02) if args.quick else (25, 0.01)
    started = time.perf_counter()
    print(f"Python {sys.version.split()[0]}, urlencoded {urlencoded.__version__}")
    print()
    missed = run_comparisons(repeats, budget) if 1 in parts else []
    if 2 in parts:
        run_growth(max(3, repeats // 2), budget)
    if 3 in parts:
        missed += run_flat(max(3, repeats // 2))
    print()
    if missed:
        print("Targets missed in this run:", ", ".join(f"({key})" for key in missed))
    else:
        print("All targets met in this run.")
    print(f"Total time: {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
