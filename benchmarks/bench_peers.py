"""Benchmark urlencoded against urllib.parse and the libraries a user might pick instead.

Run it as a plain script, after ``pip install -e '.[bench]'``::

    python benchmarks/bench_peers.py                        # prints the table
    python benchmarks/bench_peers.py --runs 3               # three runs and their median
    python benchmarks/bench_peers.py --workload e           # one workload (key from bench_core)
    python benchmarks/bench_peers.py --write docs/bench     # also writes the docs' files

What it measures
----------------
The workloads of ``bench_core.py`` that a peer can also do, with each
library's own public call, in microseconds per call (best of interleaved
repeats; urllib.parse runs in the same rounds, and every "x" is urllib's time
divided by the library's, measured in the same run):

- ``yarl``: ``query_to_pairs(query)`` (yarl >= 1.25; with an older yarl,
  ``URL("http://h/?" + query).query``, each call with a new ``&_=N`` since
  yarl caches URLs by their string) and ``URL.build(query=pairs).raw_query_string``;
- ``urlstd`` (pure Python, WHATWG): ``URLSearchParams(query)`` and ``str()``;
- ``werkzeug``: ``FormDataParser().parse`` of the body, as Flask reads a form;
- ``python-multipart``: ``QuerystringParser`` with callbacks, then
  ``unquote_plus`` of each name and value, as Starlette reads a form;
- ``ada-url`` (C++ WHATWG URL parser): ``parse_search_params`` and
  ``URLSearchParams``;
- ``w3lib`` (Scrapy's URL helpers): ``parse_qsl_to_bytes`` with blank values;
- ``qs-codec`` (pure Python, the ``qs`` format): ``decode`` and ``encode``;
- ``multidict``: only in the URLSearchParams round, as a ``MultiDict`` with
  ``sorted`` and ``urlencode`` for the parts it lacks.

The URLSearchParams round parses 50 pairs whose values hold ``+``, ``%2C``
and an escaped UTF-8 ``é``, gets one value and all of another, sets one to
a non-ASCII value, appends a pair, sorts and serializes.

Times are the CPU time of the measuring thread (``--timer cpu``, the
default: time spent waiting for the CPU on a busy machine is not counted,
page faults are) or elapsed time (``--timer wall``).

Each workload runs in a fresh interpreter (this script, with ``--child``),
so that one workload's garbage or warm caches do not tilt the next; inside
it the libraries' repeats are interleaved. Each line ends with
urlencoded's time over the fastest other library's ("vs fastest"). With
``--runs N`` every workload is measured N times, in N rounds over all of
them, and a last table gives each run's ratio and their median; the files
that ``--write`` writes hold, per workload, the run with the median ratio.

A library that is not installed is left out. ``--write DIR`` writes
``benchmarks.json``, ``benchmarks-table.inc`` (included by
docs/benchmarks.rst) and ``benchmarks.svg``, a bar chart drawn by this
script (no plotting library needed), all naming the machine.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import timeit
import urllib.parse
from collections.abc import Callable
from functools import partial
from operator import itemgetter
from pathlib import Path
from typing import Any

import bench_core

import urlencoded

Call = Callable[[], object]


def _optional(name: str) -> Any:
    try:
        return __import__(name, fromlist=["_"])
    except ImportError:
        return None


# The URLSearchParams round: 50 pairs, each value with an escaped comma and
# an escaped UTF-8 "é", and a set() of a non-ASCII value.
ROUND_QUERY = "&".join(f"name{i}=value+{i}%2C+caf%C3%A9" for i in range(50))
SET_VALUE = "naïve ✓"


def _round_ours(query: str) -> Call:
    def run() -> object:
        params = urlencoded.URLSearchParams(query)
        params.get("name10")
        params.get_all("name20")
        params.set("name5", SET_VALUE)
        params.append("z", "1")
        params.sort()
        return str(params)

    return run


def _round_ada(ada: Any, query: str) -> Call:
    def run() -> object:
        params = ada.URLSearchParams(query)
        params.get("name10")
        params.get_all("name20")
        params.set("name5", SET_VALUE)
        params.append("z", "1")
        params.sort()
        return str(params)

    return run


def _round_urlstd(urlstd: Any, query: str) -> Call:
    def run() -> object:
        params = urlstd.URLSearchParams(query)
        params.get("name10")
        params.get_all("name20")
        params.set("name5", SET_VALUE)
        params.append("z", "1")
        params.sort()
        return str(params)

    return run


def _round_multidict(multidict: Any, query: str) -> Call:
    def run() -> object:
        params = multidict.MultiDict(urllib.parse.parse_qsl(query, keep_blank_values=True))
        params.get("name10")
        params.getall("name20")
        params["name5"] = SET_VALUE
        params.add("z", "1")
        return urllib.parse.urlencode(sorted(params.items(), key=itemgetter(0)))

    return run


def _multipart_parse(python_multipart: Any, body: bytes) -> Call:
    def run() -> object:
        pairs: list[tuple[str, str]] = []
        name = bytearray()
        data = bytearray()

        def on_field_name(buffer: bytes, start: int, end: int) -> None:
            name.extend(buffer[start:end])

        def on_field_data(buffer: bytes, start: int, end: int) -> None:
            data.extend(buffer[start:end])

        def on_field_end() -> None:
            pairs.append(
                (
                    urllib.parse.unquote_plus(name.decode("latin-1")),
                    urllib.parse.unquote_plus(data.decode("latin-1")),
                )
            )
            del name[:], data[:]

        parser = python_multipart.QuerystringParser(
            {
                "on_field_name": on_field_name,
                "on_field_data": on_field_data,
                "on_field_end": on_field_end,
            },
            max_size=len(body) + 1,
        )
        parser.write(body)
        parser.finalize()
        return pairs

    return run


def _werkzeug_parse(formparser: Any, body: bytes) -> Call:
    parser = formparser.FormDataParser(max_form_memory_size=None)

    def run() -> object:
        _stream, form, _files = parser.parse(
            io.BytesIO(body), "application/x-www-form-urlencoded", len(body)
        )
        return form

    return run


def _list_of(kind: Callable[[object], Any], init: object) -> object:
    return list(kind(init))


def _str_of(kind: Callable[[object], Any], init: object) -> object:
    return str(kind(init))


def _yarl_build(yarl: Any, pairs: list[tuple[str, str]]) -> object:
    return yarl.URL.build(query=pairs).raw_query_string


def _yarl_parse(yarl: Any, text: str) -> Call:
    if hasattr(yarl, "query_to_pairs"):  # yarl >= 1.25: a query string's own parser
        return partial(yarl.query_to_pairs, text)
    # Older yarl parses a query only inside a URL, and caches URLs by their
    # string: a new one each call measures the parse.
    counter = iter(range(1 << 62))

    def run() -> object:
        return yarl.URL(f"http://h/?{text}&_={next(counter)}").query

    return run


def _w3lib_parse(w3lib_url: Any, text: str) -> object:
    return w3lib_url.parse_qsl_to_bytes(text, keep_blank_values=True)


def _qs_encode(qs_codec: Any, pairs: list[tuple[str, str]]) -> object:
    return qs_codec.encode(dict(pairs), qs_codec.EncodeOptions(format=qs_codec.Format.RFC1738))


def _ada_serialize(ada: Any, pairs: list[tuple[str, str]]) -> Call:
    def run() -> object:
        params = ada.URLSearchParams("")
        for name, value in pairs:
            params.append(name, value)
        return str(params)

    return run


def rows() -> list[tuple[str, str, dict[str, Call]]]:
    """(key, title, {library: call}) for each workload a peer can do."""
    inputs = bench_core.corpus()
    yarl = _optional("yarl")
    urlstd = _optional("urlstd.parse")
    formparser = _optional("werkzeug.formparser")
    python_multipart = _optional("python_multipart")
    ada = _optional("ada_url")
    multidict = _optional("multidict")
    w3lib_url = _optional("w3lib.url")
    qs_codec = _optional("qs_codec")
    table: list[tuple[str, str, dict[str, Call]]] = []
    parse_rows = [
        ("h", "parse a=1"),
        ("f", "parse a 2 KB form with one %26"),
        ("g", "parse the same form without it"),
        ("a", "parse 100 short ASCII fields"),
        ("b", "parse 20 x 200 Japanese, percent-encoded"),
        ("e", "parse one 1 MB value"),
    ]
    for key, title in parse_rows:
        text = inputs[key]
        assert isinstance(text, str)
        body = text.encode("ascii")
        calls: dict[str, Call] = {
            "urlencoded": partial(urlencoded.parse, text),
            "urllib.parse": partial(urllib.parse.parse_qsl, text, keep_blank_values=True),
        }
        if yarl is not None:
            calls["yarl"] = _yarl_parse(yarl, text)
        if urlstd is not None and len(text) < 100_000:
            calls["urlstd"] = partial(_list_of, urlstd.URLSearchParams, text)
        if formparser is not None:
            calls["werkzeug"] = _werkzeug_parse(formparser, body)
        if python_multipart is not None:
            calls["python-multipart"] = _multipart_parse(python_multipart, body)
        if ada is not None:
            calls["ada-url"] = partial(ada.parse_search_params, text)
        if w3lib_url is not None:
            calls["w3lib"] = partial(_w3lib_parse, w3lib_url, text)
        if qs_codec is not None:
            calls["qs-codec"] = partial(qs_codec.decode, text)
        table.append((key, title, calls))
    serialize_rows = [
        ("j", "serialize [('a', '1')]"),
        ("c", "serialize 100 short ASCII pairs"),
        ("d", "serialize 20 x 200 Japanese"),
    ]
    for key, title in serialize_rows:
        pairs = inputs[key]
        assert isinstance(pairs, list)
        calls = {
            "urlencoded": partial(urlencoded.serialize, pairs),
            "urllib.parse": partial(urllib.parse.urlencode, pairs),
        }
        if yarl is not None:
            calls["yarl"] = partial(_yarl_build, yarl, pairs)
        if urlstd is not None:
            calls["urlstd"] = partial(_str_of, urlstd.URLSearchParams, pairs)
        if ada is not None:
            calls["ada-url"] = _ada_serialize(ada, pairs)
        if qs_codec is not None:
            calls["qs-codec"] = partial(_qs_encode, qs_codec, pairs)
        table.append((key, title, calls))
    query = ROUND_QUERY
    calls = {"urlencoded": _round_ours(query)}
    if multidict is not None:
        calls["multidict"] = _round_multidict(multidict, query)
    if urlstd is not None:
        calls["urlstd"] = _round_urlstd(urlstd, query)
    if ada is not None:
        calls["ada-url"] = _round_ada(ada, query)
    table.append(("usp", "URLSearchParams round (50 escaped pairs)", calls))
    return table


TIMERS = {"cpu": time.thread_time, "wall": time.perf_counter}
PYPY = platform.python_implementation() == "PyPy"
WARMUP = 0.3  # seconds each call runs on PyPy before it is timed


def measure(
    calls: dict[str, Call], repeats: int, budget: float, timer: str = "cpu"
) -> dict[str, float]:
    """Best microseconds per call of each library, repeats interleaved.

    The "cpu" timer counts the time the calling thread ran (in user and
    system mode, page faults included), so that other processes on a busy
    machine do not show up in the times; "wall" counts elapsed time.
    """
    if PYPY:  # let the JIT compile each call before it is calibrated and timed
        for call in calls.values():
            end = time.perf_counter() + WARMUP
            while time.perf_counter() < end:
                call()
    numbers = {name: bench_core.calibrate(call, budget) for name, call in calls.items()}
    best = dict.fromkeys(calls, float("inf"))
    for _ in range(repeats):
        for name, call in calls.items():
            timed = timeit.Timer(call, timer=TIMERS[timer])
            elapsed = timed.timeit(number=numbers[name]) / numbers[name]
            best[name] = min(best[name], elapsed * 1e6)
    return best


def machine() -> str:
    """The machine, as the docs name it."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()},"
        f" {platform.python_implementation()} {platform.python_version()}"
    )


# The peers, and the module each is imported as.
IMPORTS = {
    "yarl": "yarl",
    "urlstd": "urlstd.parse",
    "werkzeug": "werkzeug.formparser",
    "python-multipart": "python_multipart",
    "multidict": "multidict",
    "ada-url": "ada_url",
    "w3lib": "w3lib.url",
    "qs-codec": "qs_codec",
}

LIBRARIES = [
    "urlencoded",
    "urllib.parse",
    "yarl",
    "urlstd",
    "werkzeug",
    "python-multipart",
    "multidict",
    "ada-url",
    "w3lib",
    "qs-codec",
]
COLOURS = [
    "#1f77b4",
    "#7f7f7f",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#bcbd22",
    "#17becf",
]


def write_table(results: list[dict[str, Any]], path: Path, about: str) -> None:
    """An RST list-table: microseconds per call, and urllib's time over each."""
    present = [name for name in LIBRARIES if any(name in row["times"] for row in results)]
    lines = [f".. list-table:: µs per call (× = urllib.parse time / time); {about}"]
    lines += ["   :header-rows: 1", ""]
    lines.append("   * - workload")
    lines += [f"     - {name}" for name in present]
    lines.append("     - urlencoded / fastest other")
    for row in results:
        lines.append(f"   * - {row['title']}")
        base = row["times"].get("urllib.parse")
        for name in present:
            time_us = row["times"].get(name)
            if time_us is None:
                lines.append("     - —")
            elif base is None:
                lines.append(f"     - {time_us:,.1f}")
            else:
                lines.append(f"     - {time_us:,.1f} ({base / time_us:.2g}×)")
        against = vs_fastest(row["times"])
        lines.append(f"     - {against[0]:.2f} ({against[1]})" if against else "     - —")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_svg(results: list[dict[str, Any]], path: Path, about: str) -> None:
    """A horizontal bar chart: each library's time relative to the fastest, per workload."""
    present = [name for name in LIBRARIES if any(name in row["times"] for row in results)]
    bar, gap, left, width = 9, 14, 290, 420
    height = 60 + sum(len(row["times"]) * bar + gap for row in results) + 20 * len(present)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 90}" height="{height}"'
        ' font-family="sans-serif" font-size="11">',
        '<rect width="100%" height="100%" fill="white"/>',
        '<text x="10" y="18" font-size="13">Time relative to the fastest library'
        " (shorter is faster; log scale, 1× to 1000×)</text>",
        f'<text x="10" y="34" fill="#555">{_escape(about)}</text>',
    ]
    y = 50
    for row in results:
        fastest = min(row["times"].values())
        out.append(f'<text x="10" y="{y + 10}">{_escape(row["title"])}</text>')
        for name in present:
            time_us = row["times"].get(name)
            if time_us is None:
                continue
            relative = time_us / fastest
            length = 4 + width * min(1.0, _log10(relative) / 3)
            colour = COLOURS[LIBRARIES.index(name)]
            out.append(
                f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar - 1}" fill="{colour}">'
                f"<title>{name}: {time_us:,.1f} µs</title></rect>"
            )
            out.append(
                f'<text x="{left + length + 4:.1f}" y="{y + bar - 1}" fill="#333">'
                f"{relative:.3g}×</text>"
            )
            y += bar
        y += gap
    for index, name in enumerate(present):
        colour = COLOURS[LIBRARIES.index(name)]
        out.append(f'<rect x="10" y="{y + 20 * index}" width="12" height="12" fill="{colour}"/>')
        out.append(f'<text x="28" y="{y + 20 * index + 10}">{name}</text>')
    out.append("</svg>")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def _log10(value: float) -> float:
    import math

    return math.log10(max(value, 1.0))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def versions() -> str:
    """The installed version of each peer, for the docs."""
    from importlib import metadata

    found = []
    for name in ["yarl", "urlstd", "werkzeug", "python-multipart", "multidict", "ada-url"]:
        found.append((name, _version(metadata, name)))
    found += [("w3lib", _version(metadata, "w3lib")), ("qs-codec", _version(metadata, "qs-codec"))]
    return ", ".join(f"{name} {version}" for name, version in found if version)


def _version(metadata: Any, name: str) -> str | None:
    try:
        return str(metadata.version(name))
    except metadata.PackageNotFoundError:
        return None


def vs_fastest(times: dict[str, float]) -> tuple[float, str] | None:
    """urlencoded's time over the fastest other library's, and that library."""
    others = {name: time_us for name, time_us in times.items() if name != "urlencoded"}
    if "urlencoded" not in times or not others:
        return None
    fastest = min(others, key=others.__getitem__)
    return times["urlencoded"] / others[fastest], fastest


def line(title: str, times: dict[str, float]) -> str:
    """One workload's times as a line of the printed table."""
    base = times.get("urllib.parse")
    cells = []
    for name, time_us in times.items():
        ratio = f" ({base / time_us:.2f}x)" if base else ""
        cells.append(f"{name} {time_us:,.1f}{ratio}")
    against = vs_fastest(times)
    tail = f" | vs fastest ({against[1]}) {against[0]:.2f}" if against else ""
    return f"{title:<42} " + "; ".join(cells) + tail


def child(key: str, quick: bool, timer: str) -> int:
    """Measure one workload in this interpreter and print its times as JSON."""
    repeats, budget = (3, 0.02) if quick else (25, 0.01)
    for row_key, title, calls in rows():
        if row_key == key:
            times = measure(calls, repeats, budget, timer)
            print(json.dumps({"key": key, "title": title, "times": times}))
            return 0
    raise SystemExit(f"no workload {key!r}")


def run_child(key: str, quick: bool, timer: str) -> dict[str, Any]:
    """One workload measured in a fresh interpreter."""
    command = [sys.executable, __file__, "--child", key, "--timer", timer]
    command += ["--quick"] if quick else []
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    """Measure every row, print the table and optionally write the docs' files."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer, shorter repeats")
    parser.add_argument("--write", type=Path, help="directory for the JSON, RST table and SVG")
    parser.add_argument("--runs", type=int, default=1, help="measure each workload this many times")
    parser.add_argument(
        "--workload", action="append", help="only this workload (a bench_core key, or usp)"
    )
    parser.add_argument(
        "--timer",
        choices=sorted(TIMERS),
        default="cpu",
        help="cpu: the thread's CPU time (the default; steady on a busy machine); wall: elapsed",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child, args.quick, args.timer)
    about = f"{machine()}, urlencoded {urlencoded.__version__}, {args.timer} time"
    peers = versions()
    print(about)
    print(peers)
    for name, module in IMPORTS.items():
        if _optional(module) is None:
            print(f"note: {name} is not installed here ({sys.implementation.name}): left out")
    keys = [key for key, _, _ in rows() if not args.workload or key in args.workload]
    runs: list[list[dict[str, Any]]] = []
    for run in range(args.runs):
        print(f"\nrun {run + 1}" if args.runs > 1 else "")
        results = []
        for key in keys:
            result = run_child(key, args.quick, args.timer)
            results.append(result)
            print(line(result["title"], result["times"]), flush=True)
        runs.append(results)
    chosen = runs[0]
    if args.runs > 1:
        print("\nurlencoded time / fastest other library's, per run, and the median")
        chosen = []
        for index in range(len(keys)):
            measured = [results[index] for results in runs]
            ratios = [vs_fastest(result["times"]) for result in measured]
            cells = [f"{ratio[0]:.2f} ({ratio[1]})" if ratio else "-" for ratio in ratios]
            values = [ratio[0] for ratio in ratios if ratio]
            median = statistics.median(values) if values else None
            title = measured[0]["title"]
            tail = f"median {median:.2f}" if median is not None else ""
            print(f"{title:<42} " + ", ".join(cells) + f"  {tail}")
            by_ratio = sorted(measured, key=lambda result: (vs_fastest(result["times"]) or (0,))[0])
            chosen.append(by_ratio[len(by_ratio) // 2])
    if args.write:
        args.write.mkdir(parents=True, exist_ok=True)
        about = f"{about}; {peers}"
        (args.write / "benchmarks.json").write_text(
            json.dumps({"machine": about, "results": chosen}, indent=1) + "\n", encoding="utf-8"
        )
        write_table(chosen, args.write / "benchmarks-table.inc", about)
        write_svg(chosen, args.write / "benchmarks.svg", about)
        print(f"\nwrote {args.write}/benchmarks.json, benchmarks-table.inc and benchmarks.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
