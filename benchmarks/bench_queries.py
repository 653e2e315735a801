"""Parse the queries of 2,331 real URLs, one by one, with urlencoded and its peers.

Run it as a plain script (yarl and ada-url come with ``pip install -e '.[bench]'``)::

    python benchmarks/bench_queries.py
    python benchmarks/bench_queries.py --runs 3     # three runs and their medians

What it measures
----------------
The corpus is ``benchmarks/data/kasztp-query-urls.txt.gz`` (real URLs with a
query; its source and licence are in ``benchmarks/data/README.md``). Two
rounds, each a loop over the whole corpus, timed per pass and reported per
query:

1. the query (the URL's text between ``?`` and ``#``) parsed into pairs by
   :func:`urlencoded.parse`, ``urllib.parse.parse_qsl(q,
   keep_blank_values=True)``, ``yarl.query_to_pairs(q)`` (yarl >= 1.25),
   ada-url's ``parse_search_params(q)`` (a dict of lists: its strongest
   call) and ada-url's ``URLSearchParams(q).items()`` as a list;
2. the URL itself: :func:`urlencoded.query_params` against
   ``parse_qsl(urlsplit(url).query, keep_blank_values=True)``.

The calls take turns (each pass of one, then a pass of the next), times are
the best pass in the CPU time of the measuring thread, and "x" is
``parse_qsl``'s time over each library's. Before timing, every query's
result is compared with ours (ada-url's dict of lists against ours grouped
by name): the disagreements are counted and the first few printed. A peer
that is not installed (ada-url and yarl on some interpreters) is left out
with a note. On PyPy each loop first runs for ``--warmup`` seconds.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_corners import PYPY, machine, measure

import urlencoded

CORPUS = Path(__file__).parent / "data" / "kasztp-query-urls.txt.gz"

Call = Callable[[], object]


def load(path: Path = CORPUS) -> list[str]:
    """The corpus's URLs."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [line.rstrip("\n") for line in lines if line.strip()]


def query_of(url: str) -> str:
    """The URL's query: after the first ``?``, before any ``#``."""
    return url.partition("#")[0].partition("?")[2]


def _optional(name: str) -> Any:
    try:
        return __import__(name)
    except ImportError:
        return None


def _each(function: Callable[[str], object], items: list[str]) -> Call:
    def run() -> object:
        return [function(item) for item in items]

    return run


def _parse_qsl(query: str) -> object:
    return urllib.parse.parse_qsl(query, keep_blank_values=True)


def _parse_qsl_of_url(url: str) -> object:
    return urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query, keep_blank_values=True)


def _query_params(url: str) -> object:
    return list(urlencoded.query_params(url))


def _grouped(pairs: object) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for name, value in pairs:  # type: ignore[attr-defined]
        grouped.setdefault(name, []).append(value)
    return grouped


# (title, items, {library: loop over the items}, {library: one item's call, for the check})
Round = tuple[str, list[str], dict[str, Call], dict[str, Callable[[str], object]]]


def rounds(urls: list[str]) -> list[Round]:
    """The two rounds over the corpus: its queries, and its URLs."""
    queries = [query_of(url) for url in urls]
    one: dict[str, Callable[[str], object]] = {
        "urlencoded": urlencoded.parse,
        "urllib.parse": _parse_qsl,
    }
    yarl = _optional("yarl")
    if yarl is not None and hasattr(yarl, "query_to_pairs"):
        one["yarl"] = yarl.query_to_pairs
    else:
        print("note: yarl >= 1.25 (query_to_pairs) is not installed here: left out")
    ada = _optional("ada_url")
    if ada is not None:
        one["ada-url parse_search_params"] = ada.parse_search_params

        def ada_pairs(query: str) -> object:
            return list(ada.URLSearchParams(query).items())

        one["ada-url URLSearchParams"] = ada_pairs
    else:
        print("note: ada-url is not installed here: left out")
    first = ("parse every query, one by one", {name: _each(f, queries) for name, f in one.items()})
    by_url: dict[str, Callable[[str], object]] = {
        "urlencoded": _query_params,
        "urllib.parse": _parse_qsl_of_url,
    }
    second = ("query_params(url) of every URL", {n: _each(f, urls) for n, f in by_url.items()})
    return [(first[0], queries, first[1], one), (second[0], urls, second[1], by_url)]


def disagreements(
    calls: dict[str, Callable[[str], object]], items: list[str]
) -> dict[str, list[str]]:
    """Per library, the items whose result is not ours."""
    differing: dict[str, list[str]] = {name: [] for name in calls if name != "urlencoded"}
    for item in items:
        ours = calls["urlencoded"](item)
        for name, call in calls.items():
            if name == "urlencoded":
                continue
            theirs = call(item)
            mine = _grouped(ours) if isinstance(theirs, dict) else ours
            if mine != theirs:
                differing[name].append(item)
    return differing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=1, help="measure this many times (medians)")
    parser.add_argument("--repeats", type=int, default=15, help="passes per library and run")
    parser.add_argument("--timer", choices=["cpu", "wall"], default="cpu")
    parser.add_argument("--warmup", type=float, default=2.0 if PYPY else 0.0)
    args = parser.parse_args(argv)
    urls = load()
    queries = [query_of(url) for url in urls]
    print(f"{machine()}, urlencoded {urlencoded.__version__}, {args.timer} time")
    print(
        f"{len(urls):,} URLs with a query ({CORPUS.name}); query lengths: median"
        f" {statistics.median(map(len, queries)):.0f}, max {max(map(len, queries))};"
        f" {sum('%' in query for query in queries)} with an escape,"
        f" {sum('+' in query for query in queries)} with a '+'"
    )
    table = rounds(urls)
    for title, items, _, one in table:
        for name, differing in disagreements(one, items).items():
            print(f"{title}: {name} disagrees with urlencoded on {len(differing)} of {len(items)}")
            for item in differing[:3]:
                print(f"    {item!r:.100}")
    for title, _, calls, _ in table:
        ratios: dict[str, list[float]] = {name: [] for name in calls}
        per_query: dict[str, list[float]] = {name: [] for name in calls}
        for run in range(args.runs):
            times = measure(calls, args.repeats, 0.0, args.timer, args.warmup, cap=60.0)
            for name, time_us in times.items():
                ratios[name].append(times["urllib.parse"] / time_us)
                per_query[name].append(time_us / len(urls))
            if args.runs > 1:
                cells = "; ".join(
                    f"{name} {times['urllib.parse'] / t:.2f}x" for name, t in times.items()
                )
                print(f"  run {run + 1}: {cells}")
        print(
            f"\n{title} ({len(urls):,} items), µs per item and x (parse_qsl time / time),"
            f" median of {args.runs} run(s):"
        )
        for name in calls:
            print(
                f"  {name:<30} {statistics.median(per_query[name]):7.2f} µs"
                f"  {statistics.median(ratios[name]):5.2f}x"
            )
        if "yarl" in calls:
            ours = statistics.median(per_query["urlencoded"])
            print(f"  urlencoded time / yarl's: {ours / statistics.median(per_query['yarl']):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
