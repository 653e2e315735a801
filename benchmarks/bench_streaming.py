"""Benchmark the request-body path: IncrementalParser memory and speed, MIME type parsing.

Run it as a plain script::

    python benchmarks/bench_streaming.py          # about a minute
    python benchmarks/bench_streaming.py --quick  # fewer repeats and smaller bodies

What it measures
----------------
Part 1 (memory) streams bodies through :class:`urlencoded.IncrementalParser`
in 64 KiB chunks, as a server reads them, with :mod:`tracemalloc` on, and
prints the peak of memory allocated while parsing:

(a) a 100 MB body of 10 kB fields (mixed ASCII, ``+`` and ``%C3%A9``), the
    pairs handled and dropped as they arrive, as a server that stores each
    field elsewhere would do;
(b) one 10 MB field, whose single pair is kept: once dense with escapes
    (``caf%C3%A9+`` repeated), once plain ASCII letters.

The chunks are made before tracing starts, so the peak counts the parser's
buffers, the decoded pairs alive at the time and the temporaries of
decoding, not the body. For comparison it also prints the peak of one-shot
:func:`urlencoded.parse` on a 10 MB body (one tenth of (a)), which must hold
the whole body and all its pairs.

Part 2 (throughput) parses the same 10 MB body of 10 kB fields once with
:func:`urlencoded.parse` and then with :class:`urlencoded.IncrementalParser`
fed 64 KiB and 4 KiB chunks, checks that all three give the same pairs, and
prints MB/s and the streaming/one-shot time ratio.

Part 3 (linear time) parses 1 MB and 4 MB Content-Type values made of hostile
parameters (backslashes inside an unterminated quoted string, unbalanced
quotes, semicolons, ``name=`` runs, whitespace) with
:func:`urlencoded.parse_mime_type` and prints the 4 MB / 1 MB time ratio: near
4 means linear time, near 16 would mean quadratic.

How to read the numbers
-----------------------
Times are the best (minimum) of several repeats, the run least disturbed by
the rest of the machine. Memory peaks are exact for Python allocations
(tracemalloc), and do not depend on the machine.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial

import urlencoded
from urlencoded import IncrementalParser

KB = 1000
MB = 1_000_000
CHUNK = 64 * 1024
UNLIMITED = {"max_fields": None, "max_field_size": None, "max_body_size": None}


def field(index: int, size: int) -> bytes:
    """One ``name=value&`` field of exactly *size* bytes, mixing ASCII, + and escapes."""
    name = b"field%05d=" % index
    unit = b"caf%C3%A9+au+lait+"  # 18 bytes
    value = (unit * (size // len(unit) + 1))[: size - len(name) - 1]
    return name + value + b"&"


def block(field_size: int, block_size: int) -> bytes:
    """About *block_size* bytes of whole fields of *field_size* bytes."""
    return b"".join(field(i, field_size) for i in range(block_size // field_size))


def cut(data: bytes, size: int) -> list[bytes]:
    return [data[i : i + size] for i in range(0, len(data), size)]


def stream_peak(chunks: list[bytes], repeat: int, keep: bool) -> tuple[int, int, int]:
    """Feed *chunks* *repeat* times; return (peak bytes, pairs, body bytes)."""
    kept: list[tuple[str, str]] = []
    count = 0
    tracemalloc.start()
    try:
        parser = IncrementalParser(**UNLIMITED)  # type: ignore[arg-type]
        for _ in range(repeat):
            for chunk in chunks:
                pairs = parser.feed(chunk)
                count += len(pairs)
                if keep:
                    kept += pairs
        pairs = parser.close()
        count += len(pairs)
        if keep:
            kept += pairs
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak, count, sum(map(len, chunks)) * repeat


def one_shot_peak(body: bytes) -> tuple[int, int]:
    tracemalloc.start()
    try:
        pairs = urlencoded.parse(body)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak, len(pairs)


def best_time(function: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def streamed(body_chunks: list[bytes]) -> list[tuple[str, str]]:
    parser = IncrementalParser(**UNLIMITED)  # type: ignore[arg-type]
    pairs: list[tuple[str, str]] = []
    for chunk in body_chunks:
        pairs += parser.feed(chunk)
    return pairs + parser.close()


def part_memory(scale: int) -> None:
    print("Part 1: peak memory while parsing (tracemalloc), 64 KiB chunks")
    one_mb = block(10 * KB, MB)
    chunks = cut(one_mb, CHUNK)
    peak, count, total = stream_peak(chunks, 100 // scale, keep=False)
    print(
        f"  (a) {total / MB:6.1f} MB body of 10 kB fields, streamed: "
        f"peak {peak / MB:6.3f} MB ({count} pairs, {peak / total * 100:.3f}% of the body)"
    )
    for label, unit in (("escape-dense", b"caf%C3%A9+"), ("plain ASCII", b"abcdefghij")):
        single = b"big=" + (unit * (10 * MB // 10 // scale))[: 10 * MB // scale - 4]
        peak, count, total = stream_peak(cut(single, CHUNK), 1, keep=True)
        print(
            f"  (b) {total / MB:6.1f} MB single field, {label}, streamed: "
            f"peak {peak / MB:7.3f} MB ({count} pair, {peak / total:.2f}x the field)"
        )
    ten_mb = one_mb * (10 // scale)
    peak, count = one_shot_peak(ten_mb)
    print(
        f"  (c) {len(ten_mb) / MB:6.1f} MB body of 10 kB fields, one-shot parse(): "
        f"peak {peak / MB:6.3f} MB ({count} pairs, {peak / len(ten_mb):.2f}x the body)"
    )


def part_throughput(scale: int, repeat: int) -> None:
    print("Part 2: throughput, 10 kB fields")
    body = block(10 * KB, MB) * (10 // scale)
    big_chunks = cut(body, CHUNK)
    small_chunks = cut(body, 4096)
    expected = urlencoded.parse(body)
    assert streamed(big_chunks) == expected
    assert streamed(small_chunks) == expected
    one_shot = best_time(lambda: urlencoded.parse(body), repeat)
    rate = len(body) / one_shot / MB
    print(f"  parse() one shot              {len(body) / MB:5.1f} MB: {rate:7.1f} MB/s")
    for label, chunks in (("64 KiB", big_chunks), ("4 KiB", small_chunks)):
        seconds = best_time(partial(streamed, chunks), repeat)
        print(
            f"  IncrementalParser, {label:>6} chunks {len(body) / MB:5.1f} MB: "
            f"{len(body) / seconds / MB:7.1f} MB/s "
            f"({seconds / one_shot:.2f}x the one-shot time)"
        )


def hostile(unit: str, size: int) -> str:
    head = "application/x-www-form-urlencoded"
    return head + (unit * ((size - len(head)) // len(unit) + 1))[: size - len(head)]


HOSTILE_UNITS: dict[str, str] = {
    'backslashes in an open quote ;a="\\\\\\...': ';a="' + "\\" * 60,
    'unbalanced quotes ;a="': ';a="',
    "semicolons ;;;": ";",
    "names without values ;a=;a=": ";a=",
    'mixed ;\\"=; "\\\\': ';\\"=; "\\\\',
}


def part_linear(repeat: int) -> None:
    print("Part 3: parse_mime_type on hostile Content-Type values, 4 MB / 1 MB time ratio")
    for label, unit in HOSTILE_UNITS.items():
        small = hostile(unit, MB)
        large = hostile(unit, 4 * MB)
        # Interleave the two sizes, so that a busy phase of the machine hits both.
        t_small = t_large = float("inf")
        for _ in range(repeat):
            t_small = min(t_small, best_time(partial(urlencoded.parse_mime_type, small), 1))
            t_large = min(t_large, best_time(partial(urlencoded.parse_mime_type, large), 1))
        print(
            f"  {label:<42} 1 MB {t_small * 1000:7.1f} ms, 4 MB {t_large * 1000:7.1f} ms, "
            f"ratio {t_large / t_small:4.2f}"
        )


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--quick", action="store_true", help="smaller bodies, fewer repeats")
    args = options.parse_args(argv)
    scale, repeat = (10, 2) if args.quick else (1, 5)
    print(f"urlencoded {urlencoded.__version__}, Python {sys.version.split()[0]}")
    part_memory(scale)
    part_throughput(scale, repeat)
    part_linear(repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
