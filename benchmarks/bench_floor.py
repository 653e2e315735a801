"""What the standard library's C passes cost alone, on the 1 MB value of bench_peers.

Run it as a plain script (ada-url comes with ``pip install -e '.[bench]'``)::

    python benchmarks/bench_floor.py
    python benchmarks/bench_floor.py --repeats 15

Parsing one long percent-encoded field in pure Python takes, whatever the
code around them, three C-level passes over its bytes: ``bytes.translate``
("%" to "=" for a2b_qp, "+" to a space), ``binascii.a2b_qp`` (the only
standard-library decoder of ``%XX``-like escapes inside other text) and
UTF-8 decoding. This script times those passes alone, on the workload's
bytes already encoded and cut into the 64 KiB pieces the parser uses (no
slicing, no checks, no join), beside :func:`urlencoded.parse` and ada-url's
``parse_search_params`` on the same text, interleaved in one process with
the thread's CPU time, as bench_peers.py times them (urllib.parse included,
so that the process's memory is in the same state). The passes' time over
ada-url's is a floor for a parser built on them: finding the field,
checking that a2b_qp's reading of the bytes is the spec's (no raw "=", CR
or LF) and joining the pieces come on top.

Without urllib.parse before it, ada-url's calls fault in fresh memory for
their copies of the megabyte (about 660 minor faults a call on Linux) and
take about twice as long, while the parser's pieces stay in memory it
already has: ``--alone`` leaves urllib.parse out to show it.
"""

from __future__ import annotations

import argparse
import importlib
import urllib.parse
from binascii import a2b_qp
from collections.abc import Callable
from functools import partial

import bench_core
from bench_peers import measure

import urlencoded
from urlencoded._core._options import BLOCK as PIECE  # the parser's piece size

PLUS_AND_PERCENT = bytes.maketrans(b"%+", b"= ")


def pieces(value: bytes) -> list[bytes]:
    """*value* cut after about PIECE bytes, each cut after a byte that is not in an escape."""
    cuts = []
    start = 0
    while start < len(value):
        cut = min(start + PIECE, len(value))
        # Step forward past any escape the cut would split.
        while cut < len(value) and b"%" in value[cut - 2 : cut]:
            cut += 1
        cuts.append(value[start:cut])
        start = cut
    return cuts


def passes(parts: list[bytes]) -> list[str]:
    """The three passes, piece by piece: translate, a2b_qp, UTF-8 decode."""
    return [a2b_qp(part.translate(PLUS_AND_PERCENT)).decode("utf-8", "replace") for part in parts]


def calls(alone: bool = False) -> dict[str, Callable[[], object]]:
    """Each measured call, by name; without urllib.parse if *alone*."""
    text = bench_core.corpus()["e"]
    assert isinstance(text, str)
    value = text.partition("=")[2]
    parts = pieces(value.encode("ascii"))
    assert "".join(passes(parts)) == urlencoded.parse(text)[0][1]
    translated = [part.translate(PLUS_AND_PERCENT) for part in parts]
    decoded = [a2b_qp(part) for part in translated]
    found: dict[str, Callable[[], object]] = {
        "urlencoded.parse": partial(urlencoded.parse, text),
        # As in bench_peers.py, where its large garbage leaves the allocator
        # memory that the calls after it reuse instead of faulting in.
        "urllib.parse": partial(urllib.parse.parse_qsl, text, keep_blank_values=True),
        "three passes": partial(passes, parts),
        "bytes.translate": lambda: [part.translate(PLUS_AND_PERCENT) for part in parts],
        "binascii.a2b_qp": lambda: [a2b_qp(part) for part in translated],
        "UTF-8 decode": lambda: [part.decode("utf-8", "replace") for part in decoded],
    }
    if alone:
        del found["urllib.parse"]
    try:
        ada_url = importlib.import_module("ada_url")
    except ImportError:
        return found
    found["ada-url"] = partial(ada_url.parse_search_params, text)
    return found


def main() -> None:
    """Print each call's time, and the passes and the parser against ada-url's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="interleaved repeats (best kept)")
    parser.add_argument("--budget", type=float, default=0.05, help="seconds per repeat and call")
    parser.add_argument("--alone", action="store_true", help="leave urllib.parse out")
    options = parser.parse_args()
    times = measure(calls(options.alone), options.repeats, options.budget)
    print("parse one 1 MB value: µs per call, the thread's CPU time, best of interleaved repeats")
    for name, time_us in times.items():
        print(f"  {name:18s} {time_us:9,.1f}")
    base = times.get("ada-url")
    if base is None:
        print("ada-url is not installed: install the bench extra to compare")
        return
    print(f"three passes / ada-url:      {times['three passes'] / base:.3f}")
    print(f"urlencoded.parse / ada-url:  {times['urlencoded.parse'] / base:.3f}")


if __name__ == "__main__":
    main()
