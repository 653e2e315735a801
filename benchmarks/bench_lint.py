"""lint() on hostile inputs: time for 4 MB over time for 1 MB (linear time gives about 4).

Each input repeats one short unit that triggers some rule on every repetition
or that would make a naive scanner quadratic (runs of '=' or ';' without an
'&', one huge sequence, floods of '&' or '%'). For scale, the time of
``urllib.parse.parse_qsl`` on the same 1 MB input is printed as a ratio.

Run: ``python benchmarks/bench_lint.py``.
"""

from __future__ import annotations

import time
from urllib.parse import parse_qsl

from urlencoded import lint

UNITS = {
    "'&' flood": b"&",
    "'a&' fields": b"a&",
    "'=' run, one sequence": b"=",
    "';' run, one sequence": b";",
    "'a=1;' in one value": b"a=1;",
    "'%' flood": b"%",
    "'%zz' escapes": b"%zz",
    "'%2541' double": b"%2541",
    "'%e9' lower hex": b"%e9",
    "'%FF' invalid UTF-8": b"%FF",
    "raw 0xFF bytes": b"\xff",
    "spaces": b" ",
    "newlines": b"\n",
    "repeated name 'a=1&'": b"a=1&",
    "distinct names": b"",
    "'[' brackets": b"[",
    "'x[y]' names": b"x[y]&",
    "'_charset_=x&'": b"_charset_=x&",
    "'&amp;' escaped": b"&amp;",
    "'&#0038;' no name end": b"&#00000038;",
}


def _input(unit: bytes, size: int) -> bytes:
    if not unit:
        # Distinct names: every field new, so the name table grows.
        return b"&".join(b"n%d=v" % index for index in range(size // 8))[:size]
    return (unit * (size // len(unit) + 1))[:size]


def _best(function: object, data: bytes, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function(data)  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def _parse_qsl(data: bytes) -> object:
    return parse_qsl(data.decode("latin-1"), keep_blank_values=True)


def main() -> None:
    megabyte = 1_000_000
    print(f"{'input':<24} {'1 MB':>8} {'4 MB':>8} {'4MB/1MB':>8} {'vs parse_qsl':>13}")
    for label, unit in UNITS.items():
        small = _best(lint, _input(unit, megabyte))
        large = _best(lint, _input(unit, 4 * megabyte))
        stdlib = _best(_parse_qsl, _input(unit, megabyte))
        print(
            f"{label:<24} {small * 1000:7.1f}ms {large * 1000:7.1f}ms {large / small:8.2f} "
            f"{small / stdlib:12.2f}x"
        )


if __name__ == "__main__":
    main()
