"""Sweep every public parsing and serializing path against the standard library, shape by shape.

Run it as a plain script (yarl, for the query-parsing rows, comes with
``pip install -e '.[bench]'``)::

    python benchmarks/bench_corners.py --quick                  # every row, short repeats
    python benchmarks/bench_corners.py --runs 3                 # three runs and their medians
    python benchmarks/bench_corners.py --only 'parse\\(str\\)' --only 'a=%20'
    python benchmarks/bench_corners.py --only 'shift_jis$'      # one encoding
    python benchmarks/bench_corners.py --list                   # the rows, without timing
    python benchmarks/bench_corners.py --runs 3 --write docs/bench

What it measures
----------------
Every public path (``parse`` of a str and of bytes, ``parse_bytes``,
``IncrementalParser``, ``parse_nested``, ``MultiDict``, ``URLSearchParams``
and its ``str()``, ``query_params``, ``parse_text_plain``, ``serialize``,
``serialize_text_plain``, ``serialize_nested``, ``percent_decode``,
``percent_encode_after_encoding``, JavaScript's six functions and each
named dialect's ``parse``, ``decode``, ``encode`` and ``serialize``) over
twelve shapes, from ``a=1`` to 1 MB bodies (``corners_shapes.py``), in
UTF-8 and, for each path that takes an encoding, one encoding of each
legacy family. Each row is timed against the closest standard-library call
(``corners_rows.py`` states it per path, and whether it gives the same
result or is only the nearest one) and, where a query string is parsed
into pairs, against ``yarl.query_to_pairs``. Before timing, each row's
results are compared: ``=`` in the table means the standard library gave
the same result, ``≠`` that it did not (expected only where the call is
the nearest one; a ``same`` row that differs is printed as DIFFERS).

How to read the numbers
-----------------------
"x" is the standard library's time over ours, measured in the same
process with the repeats interleaved (ours, theirs, ours, theirs, ...):
2.00x means urlencoded took half the time. "yarl" is yarl's time over
ours (below 1: yarl is faster). Times are the best of the repeats, in the
CPU time of the measuring thread (``--timer wall`` for elapsed time).
Repeats are sized by the input: small inputs run many calls per repeat,
1 MB inputs one, and fewer repeats. With ``--runs N`` the rows are
measured in N rounds over the whole sweep, and the table gives each run's
ratio and their median. The table lists the rows below 2x first.

On PyPy each call runs for ``--warmup`` seconds of CPU time (0.05 by
default; then its calibration runs it thousands of times if it is short,
and a 1 MB call's loops are compiled within the call) before it is timed;
peers that do not install there are left out with a note.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import re
import statistics
import sys
import time
import timeit
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from corners_rows import YARL, Row, path_names, row_key, row_specs
from corners_shapes import MB, SHAPES, Inputs

import urlencoded

TIMERS = {"cpu": time.thread_time, "wall": time.perf_counter}
PYPY = platform.python_implementation() == "PyPy"
TARGET = 2.0


def calibrate(
    call: Callable[[], object], budget: float, timer: Callable[[], float]
) -> tuple[int, float]:
    """How many calls of *call* take about *budget* seconds (at least 1), and the
    seconds per call of the last try (a measurement when that number is 1)."""
    number = 1
    while True:
        elapsed = timeit.Timer(call, timer=timer).timeit(number=number)
        if elapsed >= budget / 4 or number >= 1 << 20:
            return max(1, int(number * budget / max(elapsed, 1e-9))), elapsed / number
        number *= 4


def warm_up(call: Callable[[], object], seconds: float) -> None:
    """Run *call* for about *seconds* of CPU time (at least twice), for a JIT to compile it."""
    end = time.thread_time() + seconds
    call()
    call()
    while time.thread_time() < end:
        call()


def measure(
    calls: dict[str, Callable[[], object]],
    repeats: int,
    budget: float,
    timer: str = "cpu",
    warmup: float = 0.0,
    cap: float = 1.0,
) -> dict[str, float]:
    """Best microseconds per call of each, the repeats interleaved.

    Each call runs as many times per repeat as take *budget* seconds; one
    slower than that runs once, and its calibrating call counts as the first
    repeat. After two repeats, no repeat starts that would take the row past
    *cap* seconds, so that a 1 MB row costs a few calls per side.
    """
    clock = TIMERS[timer]
    if warmup:
        for call in calls.values():
            warm_up(call, warmup)
    numbers: dict[str, int] = {}
    best: dict[str, float] = {}
    for name, call in calls.items():
        numbers[name], per_call = calibrate(call, budget, clock)
        best[name] = per_call * 1e6 if numbers[name] == 1 else float("inf")
    spent = 0.0
    for done in range(1 if all(number == 1 for number in numbers.values()) else 0, repeats):
        started = clock()
        for name, call in calls.items():
            elapsed = timeit.Timer(call, timer=clock).timeit(number=numbers[name])
            best[name] = min(best[name], elapsed / numbers[name] * 1e6)
        spent += clock() - started
        if done >= 1 and spent / (done + 1) * (done + 2) > cap:
            break
    return best


def agreement(row: Row) -> tuple[str, str]:
    """('=' or '≠' or 'error', a note) from one call of ours and of the stdlib's."""
    try:
        ours = row.normalize(row.ours())
    except Exception as error:  # a row that fails is reported, not timed
        return "error", f"ours raised {type(error).__name__}: {error}"[:200]
    try:
        theirs = row.stdlib()
    except Exception as error:
        return "error", f"the stdlib call raised {type(error).__name__}: {error}"[:200]
    if ours == theirs:
        return "=", ""
    return "≠", first_difference(ours, theirs)


def first_difference(ours: object, theirs: object) -> str:
    """Where two results part, briefly."""
    if isinstance(ours, (list, str, bytes)) and isinstance(theirs, type(ours)):
        for index, (mine, other) in enumerate(zip(ours, theirs)):
            if mine != other:
                return f"at {index}: {mine!r:.60} vs {other!r:.60}"
        return f"lengths {len(ours)} vs {len(theirs)}"
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for name in ours:
            if ours[name] != theirs.get(name):
                return f"at {name!r:.30}: {ours[name]!r:.50} vs {theirs.get(name)!r:.50}"
        return f"{len(ours)} vs {len(theirs)} names"
    return f"{ours!r:.60} vs {theirs!r:.60}"


def selected(
    patterns: list[str], excluded: list[str], dialect_encodings: str
) -> Iterator[tuple[str, str, str, Callable[[Inputs], Row]]]:
    compiled = [re.compile(pattern, re.IGNORECASE) for pattern in patterns]
    left_out = [re.compile(pattern, re.IGNORECASE) for pattern in excluded]
    for spec in row_specs(dialect_encodings):
        key = row_key(*spec[:3])
        if compiled and not any(pattern.search(key) for pattern in compiled):
            continue
        if not any(pattern.search(key) for pattern in left_out):
            yield spec


def sweep(
    args: argparse.Namespace, run: int, checks: dict[str, tuple[str, str]]
) -> list[dict[str, Any]]:
    """Measure every selected row once; print each as it is measured."""
    repeats, budget = (3, 0.002) if args.quick else (7, 0.005)
    cap = 0.0 if args.quick else 1.0
    results: list[dict[str, Any]] = []
    inputs: Inputs | None = None
    for path, shape, encoding, build in selected(
        args.only or [], args.exclude or [], args.dialect_encodings
    ):
        if inputs is None or (inputs.shape, inputs.encoding) != (shape, encoding):
            inputs = None
            gc.collect()
            inputs = Inputs(shape, encoding, args.size)
        key = row_key(path, shape, encoding)
        try:
            row: Row | None = build(inputs)
        except Exception as error:  # the input could not be made: reported, not timed
            row = None
            checks[key] = ("error", f"building the row raised {type(error).__name__}: {error}")
        if row is not None and key not in checks:
            checks[key] = agreement(row)
        agree, note = checks[key]
        result: dict[str, Any] = {
            "key": key,
            "path": path,
            "shape": shape,
            "encoding": encoding,
            "stdlib_call": row.stdlib_call if row else "",
            "kind": row.kind if row else "",
            "agree": agree,
            "note": note[:300],
        }
        if row is not None and agree != "error":
            calls = {"urlencoded": row.ours, "stdlib": row.stdlib}
            if row.yarl is not None:
                calls["yarl"] = row.yarl
            times = measure(calls, repeats, budget, args.timer, args.warmup, cap)
            result["times"] = times
            result["ratio"] = times["stdlib"] / times["urlencoded"]
            if "yarl" in times:
                result["yarl"] = times["yarl"] / times["urlencoded"]
        results.append(result)
        print(line(result), flush=True)
    return results


def line(result: dict[str, Any]) -> str:
    """One measured row."""
    if "times" not in result:
        return f"{'ERROR':>7}  {result['key']}: {result['note']}"
    times = result["times"]
    yarl = f"yarl {result['yarl']:5.2f}" if "yarl" in result else " " * 10
    flag = ""
    if result["agree"] == "≠":
        flag = "  DIFFERS: " if result["kind"] == "same" else "  (nearest) "
        flag += result["note"]
    return (
        f"{result['ratio']:6.2f}x  {times['urlencoded']:>11,.2f} µs {times['stdlib']:>11,.2f} µs"
        f"  {yarl} {result['agree']}  {result['key']}{flag}"
    )


def summary(runs: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per row: each run's ratio and their median; the rows below 2x first."""
    rows: list[dict[str, Any]] = []
    for index, first in enumerate(runs[0]):
        measured = [results[index] for results in runs if "ratio" in results[index]]
        row = {
            key: first[key]
            for key in ("key", "path", "shape", "encoding", "stdlib_call", "kind", "agree", "note")
        }
        if measured:
            ratios = [result["ratio"] for result in measured]
            row["ratios"] = ratios
            row["ratio"] = statistics.median(ratios)
            yarls = [result["yarl"] for result in measured if "yarl" in result]
            if yarls:
                row["yarl"] = statistics.median(yarls)
            chosen = sorted(measured, key=lambda result: result["ratio"])[len(measured) // 2]
            row["times"] = chosen["times"]
        rows.append(row)
    below = sorted(
        (row for row in rows if row.get("ratio", 0.0) < TARGET),
        key=lambda row: row.get("ratio", 0.0),
    )
    return below + [row for row in rows if row.get("ratio", 0.0) >= TARGET]


def table_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The summary as text: median ratio, the runs' ratios, yarl's, agreement, row."""
    out = []
    below = sum(1 for row in rows if row.get("ratio", 0.0) < TARGET)
    out.append(f"{below} of {len(rows)} rows below {TARGET:.0f}x the standard library (median):")
    for index, row in enumerate(rows):
        if index == below:
            out.append(f"\nthe {len(rows) - below} rows at or above {TARGET:.0f}x:")
        if "ratio" not in row:
            out.append(f"  ERROR  {row['key']}: {row['note']}")
            continue
        runs = ", ".join(f"{ratio:.2f}" for ratio in row["ratios"])
        yarl = f"  yarl {row['yarl']:.2f}" if "yarl" in row else ""
        out.append(f"{row['ratio']:6.2f}x  [{runs}]{yarl}  {row['agree']}  {row['key']}")
    return out


def machine() -> str:
    """The machine and interpreter, as the docs name them."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for text in info:
                if text.startswith("model name"):
                    cpu = text.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    interpreter = f"{platform.python_implementation()} {platform.python_version()}"
    if PYPY:
        interpreter += f" (PyPy {'.'.join(map(str, sys.pypy_version_info[:3]))})"  # type: ignore[attr-defined]
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, {interpreter}"


def write(directory: Path, rows: list[dict[str, Any]], about: str, runs: int) -> None:
    """corners.json (every row) and corners-table.inc (an RST table) for the docs."""
    directory.mkdir(parents=True, exist_ok=True)
    stem = "corners-pypy" if PYPY else "corners"
    (directory / f"{stem}.json").write_text(
        json.dumps({"machine": about, "runs": runs, "rows": rows}, indent=0, ensure_ascii=False)
        + "\n",
        encoding="utf-8",
    )
    (directory / f"{stem}-table.inc").write_text(rst_table(rows, about, runs), encoding="utf-8")
    print(f"\nwrote {directory}/{stem}.json and {stem}-table.inc")


def rst_table(rows: list[dict[str, Any]], about: str, runs: int) -> str:
    """Per path, the worst and median ratio; then every row below 2x."""
    by_path: dict[str, list[float]] = {}
    for row in rows:
        if "ratio" in row:
            by_path.setdefault(row["path"], []).append(row["ratio"])
    lines = [
        f".. list-table:: Per path: stdlib time / urlencoded time over its rows"
        f" (median of {runs} runs); {about}",
        "   :header-rows: 1",
        "",
        "   * - path",
        "     - rows",
        "     - below 2×",
        "     - lowest",
        "     - median",
    ]
    for path, ratios in by_path.items():
        lines += [
            f"   * - ``{path}``",
            f"     - {len(ratios)}",
            f"     - {sum(1 for ratio in ratios if ratio < TARGET)}",
            f"     - {min(ratios):.2f}×",
            f"     - {statistics.median(ratios):.2f}×",
        ]
    below = [row for row in rows if "ratio" in row and row["ratio"] < TARGET]
    lines += ["", "", f".. list-table:: The {len(below)} rows below 2× (median of {runs} runs)"]
    lines += ["   :header-rows: 1", "", "   * - path", "     - shape", "     - encoding"]
    lines += ["     - ×", "     - yarl", "     - same result"]
    for row in below:
        yarl = f"{row['yarl']:.2f}" if "yarl" in row else "—"
        lines += [
            f"   * - ``{row['path']}``",
            f"     - {SHAPES[row['shape']][0]}",
            f"     - {row['encoding']}",
            f"     - {row['ratio']:.2f}×",
            f"     - {yarl}",
            f"     - {'yes' if row['agree'] == '=' else 'no'}",
        ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer, shorter repeats")
    parser.add_argument("--runs", type=int, default=1, help="rounds over the sweep (medians)")
    parser.add_argument(
        "--only",
        action="append",
        metavar="PATTERN",
        help="rows whose name ('path | shape | encoding') matches this regular expression"
        " (case-insensitive; may be repeated: any matches)",
    )
    parser.add_argument(
        "--exclude",
        action="append",
        metavar="PATTERN",
        help="leave out the rows whose name matches this regular expression (may be repeated)",
    )
    parser.add_argument("--list", action="store_true", help="print the rows' names and exit")
    parser.add_argument("--paths", action="store_true", help="print the paths' names and exit")
    parser.add_argument(
        "--dialect-encodings",
        choices=["some", "all"],
        default="some",
        help="legacy encodings for the encode/serialize rows of WHATWG_FORM and RFC3986"
        " (some, the default) or of every dialect (all)",
    )
    parser.add_argument("--size", type=int, default=MB, help="bytes of the large shapes")
    parser.add_argument("--timer", choices=sorted(TIMERS), default="cpu")
    parser.add_argument(
        "--warmup",
        type=float,
        default=0.05 if PYPY else 0.0,
        help="CPU seconds each call runs before it is timed (0.05 on PyPy, for the JIT)",
    )
    parser.add_argument("--json", type=Path, help="also write every run's rows to this file")
    parser.add_argument("--write", type=Path, help="directory for corners.json and the RST table")
    args = parser.parse_args(argv)
    if args.paths:
        print("\n".join(path_names()))
        return 0
    if args.list:
        for spec in selected(args.only or [], args.exclude or [], args.dialect_encodings):
            print(row_key(*spec[:3]))
        return 0
    about = f"{machine()}, urlencoded {urlencoded.__version__}, {args.timer} time"
    print(about)
    if YARL is None:
        print("note: yarl >= 1.25 (query_to_pairs) is not installed: no yarl column")
    else:
        print(f"yarl {YARL.__version__}")
    print("columns: stdlib time / ours, our µs, stdlib µs, yarl time / ours, same result, row")
    runs: list[list[dict[str, Any]]] = []
    checks: dict[str, tuple[str, str]] = {}
    started = time.perf_counter()
    for run in range(args.runs):
        if args.runs > 1:
            print(f"\nrun {run + 1} of {args.runs}")
        runs.append(sweep(args, run, checks))
    rows = summary(runs)
    print()
    print("\n".join(table_lines(rows)))
    differs = [row for row in rows if row["agree"] == "≠" and row["kind"] == "same"]
    if differs:
        print(f"\n{len(differs)} rows whose stdlib call should agree DIFFER:")
        for row in differs:
            print(f"  {row['key']}: {row['note']}")
    print(f"\n{len(rows)} rows, {args.runs} run(s), {time.perf_counter() - started:.0f} s")
    if args.json:
        args.json.write_text(json.dumps({"machine": about, "runs": runs}, ensure_ascii=False))
    if args.write:
        write(args.write, rows, about, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
