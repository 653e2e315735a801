"""How each parser-like path grows with its input: the 4 MB / 1 MB time ratio.

Run it as a plain script::

    python benchmarks/bench_scaling.py          # a few minutes
    python benchmarks/bench_scaling.py --quick  # fewer repeats
    python benchmarks/bench_scaling.py --only lint --only explain

Every path that reads untrusted input, or writes output whose size the caller
does not see coming, is timed on adversarial shapes built at about 1 MB and at
about 4 MB: many separators, many pairs, one huge value, many escapes (valid
and invalid), many line breaks, deep nesting within the limits and, where the
limit can be turned off, past them. The ratio of the two times says how the
path grows: near 4 is linear, near 16 is quadratic. A row whose 1 MB input
takes more than ``--slow`` seconds is printed with its 4 MB input skipped, so
that a quadratic path cannot stall the run; such a row fails the run's verdict.

Paths: :func:`urlencoded.parse` (bytes and str), :func:`urlencoded.parse_bytes`,
:class:`urlencoded.IncrementalParser` (fed 64 KiB at a time),
:func:`urlencoded.parse_nested`, :func:`urlencoded.serialize_nested`,
:class:`urlencoded.MultiDict`, :func:`urlencoded.parse_text_plain`,
:func:`urlencoded.lint`, ``explain``, ``decode`` and ``parse`` of every
dialect in :data:`urlencoded.dialects.DIALECTS`, and the command line's
``parse``, ``lint`` and ``explain`` on a file (a new process each call, so its
start-up cost, the same at both sizes, pulls the ratio below 4).

It also prints the cost per MB of ``parse_text_plain`` on line breaks against
``parse`` on ``a=b&`` pairs, measured in the same run.

Times are per call, the best of at least 7 repeats and, for calls of a few
milliseconds, of as many as fit in half a second per MB of input, so that both
sizes get about as many calls (the best is the run least disturbed by the rest
of the machine); absolute times drift between runs on a shared
machine, ratios measured in one run hold.
"""

from __future__ import annotations

import argparse
import functools
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Callable

import urlencoded
from urlencoded import dialects

MB = 1_000_000
SIZES = (MB, 4 * MB)
CHUNK = 65_536
NO_LIMITS: dict[str, Any] = {"max_fields": None, "max_field_size": None, "max_body_size": None}
NO_NESTING_LIMITS: dict[str, Any] = {"max_depth": None, "max_list_index": None, "max_keys": None}


@dataclass(frozen=True)
class Row:
    """One path on one shape: *build* makes the input of about *size* bytes."""

    path: str
    shape: str
    build: Callable[[int], Any]
    run: Callable[[Any], object]
    # build writes a file and returns its path, removed after the row.
    temporary_file: bool = False


def repeat_to(unit: bytes, size: int) -> bytes:
    """*unit* repeated to about *size* bytes."""
    return unit * max(1, size // len(unit))


def numbered(template: str, size: int) -> bytes:
    """``template.format(i)`` for i = 0, 1, ... until about *size* bytes."""
    pieces: list[str] = []
    total = 0
    index = 0
    while total < size:
        piece = template.format(index)
        pieces.append(piece)
        total += len(piece)
        index += 1
    return "".join(pieces).encode("ascii")


def feed_all(body: bytes) -> object:
    """An IncrementalParser with no limits, fed *body* 64 KiB at a time."""
    parser = urlencoded.IncrementalParser(**NO_LIMITS)
    for start in range(0, len(body), CHUNK):
        parser.feed(body[start : start + CHUNK])
    return parser.close()


def deep_mapping(size: int) -> dict[str, Any]:
    """One chain of single-key dicts whose one written name is about *size* bytes."""
    depth = size // len("%5Bk%5D")
    leaf: Any = "x"
    for _ in range(depth):
        leaf = {"k": leaf}
    return {"top": leaf}


def wide_mapping(size: int) -> dict[str, Any]:
    """Many five-deep branches (the default depth limit), about *size* bytes written."""
    branch_size = len("k0000000%5Ba%5D%5Bb%5D%5Bc%5D%5Bd%5D%5Be%5D=v&")
    return {
        f"k{index:07d}": {"a": {"b": {"c": {"d": {"e": "v"}}}}}
        for index in range(size // branch_size)
    }


def long_list(size: int) -> dict[str, Any]:
    """One list of short values, about *size* bytes written with indices."""
    return {"a": ["v"] * (size // len("a%5B00000%5D=v&"))}


def explain_all(body: bytes) -> object:
    from urlencoded._tools._explain import explain

    return explain(body)


def core_rows() -> Iterator[Row]:
    """parse, parse_bytes, the streaming parser and the text/plain parser."""
    shapes: list[tuple[str, Callable[[int], bytes]]] = [
        ("'&' x N", lambda size: repeat_to(b"&", size)),
        ("'a=b&' x N", lambda size: repeat_to(b"a=b&", size)),
        ("one huge value", lambda size: b"a=" + repeat_to(b"x", size)),
        ("'%41' x N", lambda size: b"a=" + repeat_to(b"%41", size)),
        ("'%zz' x N", lambda size: b"a=" + repeat_to(b"%zz", size)),
        ("'%' x N", lambda size: repeat_to(b"%", size)),
        ("'+' x N", lambda size: repeat_to(b"+", size)),
        ("'=' x N", lambda size: repeat_to(b"=", size)),
        ("'\\r\\n' x N", lambda size: repeat_to(b"\r\n", size)),
        ("raw 0xFF x N", lambda size: repeat_to(b"\xff", size)),
        ("'%26' x N", lambda size: b"a=" + repeat_to(b"%26", size)),
    ]
    for shape, build in shapes:
        yield Row("parse(bytes)", shape, build, lambda body: urlencoded.parse(body))
    for shape, build in shapes[:5]:
        yield Row(
            "parse(str)",
            shape,
            functools.partial(_as_text, build),
            lambda text: urlencoded.parse(text),
        )
        yield Row("parse(shift_jis)", shape, build, _parse_shift_jis)
        yield Row("parse_bytes", shape, build, lambda body: urlencoded.parse_bytes(body))
        yield Row("IncrementalParser", shape, build, feed_all)
    text_plain = [
        ("'\\r\\n' x N", lambda size: repeat_to(b"\r\n", size)),
        ("'a=b\\r\\n' x N", lambda size: repeat_to(b"a=b\r\n", size)),
        ("'x\\r\\n' x N", lambda size: b"a=" + repeat_to(b"x\r\n", size)),
        ("one huge line", lambda size: b"a=" + repeat_to(b"x", size)),
    ]
    for shape, build in text_plain:
        yield Row("parse_text_plain", shape, build, lambda body: urlencoded.parse_text_plain(body))


def _as_text(build: Callable[[int], bytes], size: int) -> str:
    return build(size).decode("latin-1")


def _repeat_text(unit: str, size: int) -> str:
    return unit * (size // len(unit))


def _parse_shift_jis(body: bytes) -> object:
    return urlencoded.parse(body, encoding="shift_jis")


def structure_rows() -> Iterator[Row]:
    """parse_nested, serialize_nested and MultiDict."""
    yield Row(
        "parse_nested",
        "5-deep names, distinct",
        lambda size: numbered("k{0}[a][b][c][d][e]=v&", size),
        lambda body: urlencoded.parse_nested(body, max_keys=None),
    )
    yield Row(
        "parse_nested",
        "'a[]=v&' x N",
        lambda size: repeat_to(b"a[]=v&", size),
        lambda body: urlencoded.parse_nested(body, **NO_NESTING_LIMITS),
    )
    yield Row(
        "parse_nested",
        "'a[' x N (one name)",
        lambda size: repeat_to(b"a[", size) + b"=x",
        lambda body: urlencoded.parse_nested(body),
    )
    yield Row(
        "serialize_nested",
        "5-deep branches",
        wide_mapping,
        lambda obj: urlencoded.serialize_nested(obj),
    )
    yield Row(
        "serialize_nested",
        "one long list",
        long_list,
        lambda obj: urlencoded.serialize_nested(obj),
    )
    yield Row(
        "serialize_nested",
        "one chain, no depth limit",
        deep_mapping,
        _serialize_unlimited,
    )
    yield Row(
        "MultiDict",
        "'a=b&' x N (one name)",
        lambda size: repeat_to(b"a=b&", size),
        lambda body: urlencoded.MultiDict(body, **NO_LIMITS).getall("a"),
    )
    yield Row(
        "MultiDict",
        "distinct names",
        lambda size: numbered("n{0}=v&", size),
        lambda body: urlencoded.MultiDict(body, **NO_LIMITS),
    )


def _serialize_unlimited(obj: dict[str, Any]) -> object:
    # max_depth=None is the documented way to lift the depth limit.
    options: dict[str, Any] = {"max_depth": None}
    return urlencoded.serialize_nested(obj, **options)


def lint_rows() -> Iterator[Row]:
    """lint and explain on shapes that give a finding per few bytes."""
    shapes: list[tuple[str, Callable[[int], bytes]]] = [
        ("'a=1&b=%zz;c\\n' x N", lambda size: repeat_to(b"a=1&b=%zz;c\n", size)),
        ("'&' x N", lambda size: repeat_to(b"&", size)),
        ("'%c3' x N", lambda size: b"a=" + repeat_to(b"%c3", size)),
        ("'a=1&' x N (repeated name)", lambda size: repeat_to(b"a=1&", size)),
    ]
    for shape, build in shapes:
        yield Row("lint", shape, build, lambda body: urlencoded.lint(body))
        yield Row("explain", shape, build, explain_all)


def dialect_rows() -> Iterator[Row]:
    """decode and parse of every named dialect."""
    for name, dialect in dialects.DIALECTS.items():
        escapes = "%u0041" if dialect.percent_u else "%41"
        yield Row(
            f"{name}.decode",
            f"'{escapes}+' x N",
            functools.partial(_repeat_text, escapes + "+"),
            dialect.decode,
        )
        yield Row(
            f"{name}.parse",
            "'a=%41&' x N",
            lambda size: repeat_to(b"a=%41&", size).decode("ascii"),
            dialect.parse,
        )


def cli_rows() -> Iterator[Row]:
    """The command line on a file, in a new process each call."""
    commands = [
        ("parse", "'a=b&' x N", b"a=b&", ["--max-fields", "none"]),
        ("lint", "'a=1&b=%zz;c\\n' x N", b"a=1&b=%zz;c\n", []),
        ("explain", "'a=1&b=%zz;c\\n' x N", b"a=1&b=%zz;c\n", []),
    ]
    for command, shape, unit, options in commands:
        yield Row(
            f"CLI {command}",
            shape,
            functools.partial(_temporary_file, unit),
            functools.partial(_run_cli, command, options),
            temporary_file=True,
        )


def _temporary_file(unit: bytes, size: int) -> str:
    """A new file of *unit* repeated to about *size* bytes; its path."""
    handle, path = tempfile.mkstemp(prefix="bench-scaling-")
    with os.fdopen(handle, "wb") as file:
        file.write(repeat_to(unit, size))
    return path


def _run_cli(command: str, options: list[str], path: str) -> object:
    return subprocess.run(
        [sys.executable, "-m", "urlencoded", command, "--file", path, *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    ).returncode


def all_rows() -> list[Row]:
    return [*core_rows(), *structure_rows(), *lint_rows(), *dialect_rows(), *cli_rows()]


def best_time(function: Callable[[], object], repeats: int, budget: float = 0.5) -> float:
    """The best of at least *repeats* timed calls, more for fast calls until *budget* s.

    A call of a few milliseconds is timed up to a few hundred times, so that one
    quiet moment of a shared machine is likely among them at both sizes.
    """
    best = float("inf")
    spent = 0.0
    calls = 0
    while calls < repeats or (spent < budget and calls < 200):
        start = time.perf_counter()
        function()
        elapsed = time.perf_counter() - start
        best = min(best, elapsed)
        spent += elapsed
        calls += 1
    return best


def format_time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:7.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:7.1f} ms"
    return f"{seconds:7.2f} s "


def measure(row: Row, repeats: int, slow: float) -> tuple[float, float | None]:
    """The row's time at 1 MB and at 4 MB (None where 1 MB was already too slow)."""
    times: list[float] = []
    for size in SIZES:
        data = row.build(size)
        try:
            row.run(data)  # warm up (a first call may import a module)
            # The same budget per MB at each size: as many calls at 4 MB as at 1 MB.
            budget = 0.5 * size / MB
            times.append(best_time(functools.partial(row.run, data), repeats, budget))
        finally:
            if row.temporary_file:
                os.unlink(data)
        if len(times) == 1 and times[0] > slow:
            return times[0], None
    return times[0], times[1]


def text_plain_per_mb(repeats: int) -> str:
    """parse_text_plain on 1 MB of CRLFs against parse on 1 MB of 'a=b&', same run."""
    line_breaks = repeat_to(b"\r\n", MB)
    pairs = repeat_to(b"a=b&", MB)
    urlencoded.parse_text_plain(line_breaks)
    urlencoded.parse(pairs)
    text_plain = best_time(lambda: urlencoded.parse_text_plain(line_breaks), repeats)
    parse = best_time(lambda: urlencoded.parse(pairs), repeats)
    return (
        f"parse_text_plain, 1 MB of CRLF: {format_time(text_plain).strip()}; "
        f"parse, 1 MB of 'a=b&': {format_time(parse).strip()}; "
        f"ratio {text_plain / parse:.2f} (target: at most 3)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--quick", action="store_true", help="fewer repeats")
    options.add_argument(
        "--only", action="append", default=[], help="only paths starting with this (repeatable)"
    )
    options.add_argument(
        "--slow",
        type=float,
        default=5.0,
        help="skip the 4 MB input where 1 MB took longer than this many seconds",
    )
    arguments = options.parse_args(argv)
    repeats = 2 if arguments.quick else 7
    rows = [
        row
        for row in all_rows()
        if not arguments.only or any(row.path.startswith(only) for only in arguments.only)
    ]
    print(f"Python {sys.version.split()[0]}, urlencoded {urlencoded.__version__}")
    print(f"best of {repeats}+ calls per size; ratio = time(4 MB) / time(1 MB)\n")
    header = f"{'path':<32} {'shape':<30} {'1 MB':>10} {'4 MB':>10} {'ratio':>6}"
    print(header)
    print("-" * len(header))
    worst = 0.0
    skipped = []
    for row in rows:
        small, large = measure(row, repeats, arguments.slow)
        if large is None:
            skipped.append(row)
            print(f"{row.path:<32} {row.shape:<30} {format_time(small)} {'skipped':>10}   -")
            continue
        ratio = large / small
        worst = max(worst, ratio)
        print(
            f"{row.path:<32} {row.shape:<30} {format_time(small)} {format_time(large)} "
            f"{ratio:6.2f}",
            flush=True,
        )
    print()
    if not arguments.only or any("parse_text_plain".startswith(o) for o in arguments.only):
        print(text_plain_per_mb(repeats))
    verdict = "every ratio at most 6" if worst <= 6 and not skipped else "NOT every ratio <= 6"
    print(f"largest ratio: {worst:.2f}; {len(skipped)} skipped as too slow: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
