"""Sweep every public parsing and serializing path against the standard library, shape by shape.

Run it as a plain script (yarl, for the query-parsing rows, comes with
``pip install -e '.[bench]'``)::

    python benchmarks/bench_corners.py --quick                  # every row, short repeats
    python benchmarks/bench_corners.py --runs 3                 # three runs and their medians
    python benchmarks/bench_corners.py --only 'parse\\(str\\)' --only 'a=%20'
    python benchmarks/bench_corners.py --only 'shift_jis$'      # one encoding
    python benchmarks/bench_corners.py --list                   # the rows, without timing
    python benchmarks/bench_corners.py --only 'a=%20' --compare docs/bench/corners.txt
    python benchmarks/bench_corners.py --quick --runs 3 --write docs/bench  # the docs' tables

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

from corners_rows import YARL_NOTE, Row, path_names, row_key, row_specs
from corners_shapes import MB, SHAPES, Inputs

import urlencoded

TIMERS = {"cpu": time.thread_time, "wall": time.perf_counter}
PYPY = platform.python_implementation() == "PyPy"
# The tables of each interpreter are kept apart: corners.txt, corners-pypy.txt.
TABLE_STEM = "corners-pypy" if PYPY else "corners"
TARGET = 2.0
ORDER = {path: index for index, path in enumerate(path_names())}  # the docs' order


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


def sweep(args: argparse.Namespace, checks: dict[str, tuple[str, str]]) -> list[dict[str, Any]]:
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
    """Per row: each run's ratio and their median; the rows below 2x first.

    Rows are matched by name, so runs of different selections (or of several
    ``--json`` files) combine: a row's median is over the runs that measured it.
    """
    by_key: dict[str, list[dict[str, Any]]] = {}
    for results in runs:
        for result in results:
            by_key.setdefault(result["key"], []).append(result)
    rows: list[dict[str, Any]] = []
    fields = ("key", "path", "shape", "encoding", "stdlib_call", "kind", "agree", "note")
    for results in by_key.values():
        row = {field: results[0][field] for field in fields}
        measured = [result for result in results if "ratio" in result]
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


# A line of the text table (corners.txt): median, [runs], yarl, agreement, name.
TABLE_LINE = re.compile(
    r"^ *([0-9.]+)x  \[[^]]*\](?:  yarl [0-9.]+)?  (?:=|≠)  (.+?)(?:  \(was .*)?$"
)


def compared(path: Path) -> dict[str, dict[str, Any]]:
    """Each row's median ratio in a saved sweep: a --json file or a --write text table."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return {row["key"]: row for row in summary(json.loads(text)["runs"])}
    rows = {}
    for table_line in text.splitlines():
        match = TABLE_LINE.match(table_line)
        if match:
            rows[match[2]] = {"ratio": float(match[1])}
    return rows


def table_lines(
    rows: list[dict[str, Any]], before: dict[str, dict[str, Any]] | None = None
) -> list[str]:
    """The summary as text: median ratio, the runs' ratios, yarl's, agreement, row.

    With *before* (rows of a saved sweep, by key), each row also gives the
    median ratio then.
    """
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
        then = (before or {}).get(row["key"], {}).get("ratio")
        was = f"  (was {then:.2f}x)" if then else ""
        out.append(f"{row['ratio']:6.2f}x  [{runs}]{yarl}  {row['agree']}  {row['key']}{was}")
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


def write(directory: Path, rows: list[dict[str, Any]], about: str, runs: str) -> None:
    """corners.txt (every row, the rows below 2x first) and corners-table.inc for the docs."""
    directory.mkdir(parents=True, exist_ok=True)
    stem = TABLE_STEM
    header = f"{about}; median of {runs} run(s); x = stdlib time / urlencoded time\n"
    (directory / f"{stem}.txt").write_text(
        header + "\n".join(table_lines(rows)) + "\n", encoding="utf-8"
    )
    (directory / f"{stem}-table.inc").write_text(rst_tables(rows, about, runs), encoding="utf-8")
    print(f"\nwrote {directory}/{stem}.txt and {stem}-table.inc")


def rst_tables(rows: list[dict[str, Any]], about: str, runs: str) -> str:
    """Two path-by-shape tables of ratios: UTF-8, and the lowest of the legacy encodings."""
    utf8: dict[str, dict[str, float]] = {}
    legacy: dict[str, dict[str, float]] = {}
    for row in rows:
        if "ratio" not in row:
            continue
        table = utf8 if row["encoding"] == "UTF-8" else legacy
        cells = table.setdefault(row["path"], {})
        cells[row["shape"]] = min(cells.get(row["shape"], float("inf")), row["ratio"])
    below = sum(1 for row in rows if row.get("ratio", 0.0) < TARGET)
    out = [
        f"{below} of {len(rows)} rows below 2× the standard library; {about};"
        f" median of {runs} run(s).",
        "",
    ]
    out += _matrix(utf8, "UTF-8: standard-library time / urlencoded time")
    out += [""]
    out += _matrix(
        legacy, "Legacy encodings: the lowest ratio of the ten (one per family) for each cell"
    )
    return "\n".join(out) + "\n"


def _matrix(table: dict[str, dict[str, float]], title: str) -> list[str]:
    shapes = [shape for shape in SHAPES if any(shape in cells for cells in table.values())]
    out = [f".. list-table:: {title} (below 2× in bold)", "   :header-rows: 1", ""]
    out.append("   * - path")
    out += [f"     - {SHAPES[shape][0]}" for shape in shapes]
    for path in sorted(table, key=ORDER.__getitem__):
        cells = table[path]
        out.append(f"   * - ``{path}``")
        for shape in shapes:
            ratio = cells.get(shape)
            if ratio is None:
                out.append("     - —")
            elif ratio < TARGET:
                out.append(f"     - **{ratio:.2f}**")
            else:
                out.append(f"     - {ratio:.2f}")
    return out


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
    parser.add_argument(
        "--load",
        type=Path,
        action="append",
        help="summarize the runs of a --json file instead of measuring (may be repeated:"
        " the files' runs combine, row by row)",
    )
    parser.add_argument(
        "--compare",
        type=Path,
        help="give each row's median ratio in a saved sweep too (was ...x): a --json file,"
        " or the text table that --write writes (docs/bench/corners.txt)",
    )
    parser.add_argument(
        "--write", type=Path, help="directory for the table as text and as RST (corners.txt, .inc)"
    )
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
    print(YARL_NOTE)
    print("columns: stdlib time / ours, our µs, stdlib µs, yarl time / ours, same result, row")
    runs: list[list[dict[str, Any]]] = []
    checks: dict[str, tuple[str, str]] = {}
    started = time.perf_counter()
    for path in args.load or []:
        saved = json.loads(path.read_text(encoding="utf-8"))
        about = saved["machine"]
        runs += saved["runs"]
        print(f"(the runs saved in {path}: {about})")
    for run in range(0 if args.load else args.runs):
        if args.runs > 1:
            print(f"\nrun {run + 1} of {args.runs}")
        runs.append(sweep(args, checks))
    rows = summary(runs)
    before = compared(args.compare) if args.compare else {}
    print()
    print("\n".join(table_lines(rows, before)))
    differs = [row for row in rows if row["agree"] == "≠" and row["kind"] == "same"]
    if differs:
        print(f"\n{len(differs)} rows whose stdlib call should agree DIFFER:")
        for row in differs:
            print(f"  {row['key']}: {row['note']}")
    print(f"\n{len(rows)} rows, {args.runs} run(s), {time.perf_counter() - started:.0f} s")
    if args.json:
        args.json.write_text(
            json.dumps({"machine": about, "runs": runs}, ensure_ascii=False), encoding="utf-8"
        )
    if args.write:
        counts = [len(row["ratios"]) for row in rows if "ratios" in row]
        least, most = min(counts), max(counts)
        runs_told = f"{most}" if least == most else f"{least} to {most} (per row)"
        write(args.write, rows, about, runs_told)
    return 0


if __name__ == "__main__":
    sys.exit(main())
