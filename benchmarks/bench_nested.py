"""Benchmark parse_nested on hostile and large inputs, against ``urllib.parse.parse_qsl``.

Run it as a plain script::

    python benchmarks/bench_nested.py          # under a minute
    python benchmarks/bench_nested.py --quick  # fewer repeats

Workloads, each built at 1 MB and at 4 MB:

``a[`` x N
    one field whose name is ``a[`` repeated: no complete bracket group, so an
    ordinary key (default limits).
``a`` + ``[]`` x N
    one name with N append groups: raises NestingTooDeep at once (default
    limits); and the same with ``max_depth``, ``max_list_index`` and
    ``max_keys`` off, which builds a list nested N deep.
``a[0]=v&a[1]=v&...``
    indexed entries (10**5 of them in about 1 MB), limits raised to allow them.

For each it prints the time per call (best of several repeats), the 4 MB / 1 MB
time ratio (near 4: linear; near 16: quadratic), and the ratio of our time to
``urllib.parse.parse_qsl(s, keep_blank_values=True)`` on the same input, which
only splits pairs and builds no structure; the ratio says what the structure
costs. Ratios are measured in the same run; absolute times are not comparable
between machines.
"""

from __future__ import annotations

import argparse
import contextlib
import timeit
import urllib.parse
from typing import Any, Callable

import urlencoded

MB = 1_000_000
NO_LIMITS: dict[str, Any] = {"max_depth": None, "max_list_index": None, "max_keys": None}


def open_brackets(size: int) -> str:
    return "a[" * (size // 2) + "=x"


def appends(size: int) -> str:
    return "a" + "[]" * (size // 2) + "=x"


def indexed(size: int) -> str:
    # 10**5 entries of "a[NNNNN]=v&" are about 1 MB.
    count = size // 10
    return "&".join(f"a[{index}]=v" for index in range(count))


def run_nested(data: str, options: dict[str, Any]) -> None:
    with contextlib.suppress(urlencoded.NestingTooDeep):
        urlencoded.parse_nested(data, **options)


def best(function: Callable[[], object], repeat: int) -> float:
    return min(timeit.repeat(function, number=1, repeat=repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args()
    repeat = 2 if args.quick else 5
    workloads: list[tuple[str, Callable[[int], str], dict[str, Any]]] = [
        ("a[ x N (ordinary key)", open_brackets, {}),
        ("a + [] x N (NestingTooDeep)", appends, {}),
        ("a + [] x N (no limits, N deep)", appends, NO_LIMITS),
        ("a[i]=v x N (limits raised)", indexed, NO_LIMITS),
    ]
    print(f"{'workload':34} {'1 MB':>9} {'4 MB':>9} {'4MB/1MB':>8} {'vs parse_qsl':>13}")
    for label, build, options in workloads:
        times = []
        stdlib = 0.0
        for size in (MB, 4 * MB):
            data = build(size)
            times.append(
                best(lambda data=data, options=options: run_nested(data, options), repeat)  # type: ignore[misc]
            )
            if size == MB:
                stdlib = best(
                    lambda data=data: urllib.parse.parse_qsl(data, keep_blank_values=True),  # type: ignore[misc]
                    repeat,
                )
        print(
            f"{label:34} {times[0] * 1e3:7.1f}ms {times[1] * 1e3:7.1f}ms "
            f"{times[1] / times[0]:8.2f} {times[0] / stdlib:12.2f}x"
        )


if __name__ == "__main__":
    main()
