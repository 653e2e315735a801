"""How each parser-like path grows with its input: the 4 MB / 1 MB time ratio.

Run it as a plain script::

    python benchmarks/bench_scaling.py              # a few minutes
    python benchmarks/bench_scaling.py --quick      # fewer repeats
    python benchmarks/bench_scaling.py --only lint --only explain
    python benchmarks/bench_scaling.py --no-memory  # times only

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

Access-log lines are timed at 16 kB and 64 kB instead (a request target that
long, in one line, on lines each format matches and on lines it rejects,
where a backtracking pattern would cost the square of the length), and so is
``parse --lines`` (run in this process) on a file of one such line. Rows for
:func:`urlencoded.oauth1.signature_base_string`, :func:`urlencoded.isindex_argv`,
:func:`urlencoded.uritemplate.expand`, :func:`urlencoded.parse_mixed` and
:func:`urlencoded.detect_encoding` (five candidates) use their public calls
as they are.

Each row's peak memory is measured too, in a fresh process at the larger
size (or at the smaller, where the larger was skipped): the growth of the
resident set during the one call, from ``VmHWM`` in ``/proc/self/status``
after resetting it (``/proc/self/clear_refs``), else from
``resource.getrusage``'s ``ru_maxrss`` (a lower bound, as the input was built
first); for the command-line rows, the whole command's peak (its process's
``ru_maxrss``). Neither needs ``tracemalloc``, which PyPy lacks. The target
is at most 200 MB more for any public call on a 4 MB input.

It also prints the cost per MB of ``parse_text_plain`` on line breaks against
``parse`` on ``a=b&`` pairs, and the cost of reading a combined-format log
with ``--input-format common`` (every line rejected) against reading it with
``combined``, measured in the same run.

Times are per call, the best of at least 7 repeats and, for calls of a few
milliseconds, of as many as fit in half a second per MB of input, so that both
sizes get about as many calls (the best is the run least disturbed by the rest
of the machine); absolute times drift between runs on a shared
machine, ratios measured in one run hold.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import itertools
import json
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
# Access-log lines: the request target's length (one line, not a file of them).
LINE_SIZES = (16_000, 64_000)
# The most a public call may add to the resident set on a 4 MB input.
MEMORY_TARGET = 200 * 2**20
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
    sizes: tuple[int, int] = SIZES


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


def log_line(target_size: int, tail: bytes = b' HTTP/1.1" 200 5 "-" "agent"') -> bytes:
    """A combined-format line whose request target is about *target_size* bytes, then *tail*."""
    target = b"/search?" + repeat_to(b"q=a+b&", target_size - 8)
    return b'203.0.113.7 - - [10/Oct/2025:13:55:36 +0000] "GET ' + target + tail


def _log_target(log_format: str, line: bytes) -> object:
    from urlencoded._web import log_target

    return log_target(line, log_format)


def _detect_line_format(line: bytes) -> object:
    from urlencoded._web import detect_line_format

    return detect_line_format([line])


def _main_quietly(arguments: list[str]) -> int:
    """The command line's main() in this process, its output thrown away."""
    from urlencoded._tools._cli import main

    with contextlib.ExitStack() as stack:
        devnull = stack.enter_context(open(os.devnull, "w"))
        stack.enter_context(contextlib.redirect_stdout(devnull))
        stack.enter_context(contextlib.redirect_stderr(devnull))
        return main(arguments)


def _parse_lines(log_format: str, path: str) -> object:
    return _main_quietly(["parse", "--lines", "--input-format", log_format, "--file", path])


def log_rows() -> Iterator[Row]:
    """The access-log formats on one long line each, matched and rejected, at 16 and 64 kB."""
    shapes: list[tuple[str, Callable[[int], bytes]]] = [
        ("combined line", log_line),
        ("common line", functools.partial(log_line, tail=b' HTTP/1.1" 200 5')),
        ("no closing quote", functools.partial(log_line, tail=b" HTTP/1.1")),
        ("escapes, cut short", lambda size: log_line(0, tail=repeat_to(b"\\x41", size))),
    ]
    for shape, build in shapes:
        for log_format in ("combined", "common"):
            yield Row(
                f"log_target({log_format})",
                shape,
                build,
                functools.partial(_log_target, log_format),
                sizes=LINE_SIZES,
            )
        yield Row("detect_line_format", shape, build, _detect_line_format, sizes=LINE_SIZES)
    for log_format in ("combined", "common", "auto"):
        yield Row(
            f"parse --lines ({log_format})",
            "one combined line, in process",
            functools.partial(_temporary_line_file, b" HTTP/1.1"),
            functools.partial(_parse_lines, log_format),
            temporary_file=True,
            sizes=LINE_SIZES,
        )


def _temporary_line_file(tail: bytes, size: int) -> str:
    handle, path = tempfile.mkstemp(prefix="bench-scaling-")
    with os.fdopen(handle, "wb") as file:
        file.write(log_line(size, tail) + b"\n")
    return path


# Five candidates, as a page that served several legacy encodings would list them.
CANDIDATES = ["utf-8", "shift_jis", "euc-jp", "euc-kr", "gbk"]
MIXED_FIELDS = b"q=%93%FA%96%7B&c=%C5%EC%B5%FE&w=caf%C3%A9&"


def _signature_base_string(body: bytes) -> object:
    from urlencoded import oauth1

    return oauth1.signature_base_string("POST", "https://e.com/", body=body, oauth_params=[])


_TEMPLATES = itertools.count()


def _expand(template: str) -> object:
    """expand() on a template it has not seen: it keeps the last templates it parsed."""
    from urlencoded import uritemplate

    return uritemplate.expand(template + str(next(_TEMPLATES)), {})


def public_rows() -> Iterator[Row]:
    """Public calls beyond the parsers, on the shapes that once grew too fast or too large."""
    yield Row(
        "oauth1.signature_base_string",
        "body 'p=v+1&' x N",
        lambda size: repeat_to(b"p=v+1&", size),
        _signature_base_string,
    )
    yield Row(
        "isindex_argv",
        "'a' x N",
        lambda size: "a" * size,
        lambda query: urlencoded.isindex_argv(query),
    )
    yield Row("uritemplate.expand", "literal 'a' x N", lambda size: "a" * size, _expand)
    yield Row(
        "parse(bytes)",
        "'%41' x N then '%\\n'",
        lambda size: b"a=" + repeat_to(b"%41", size) + b"%\n",
        lambda body: urlencoded.parse(body),
    )
    shapes: list[tuple[str, Callable[[int], bytes]]] = [
        ("fields in 3 encodings", lambda size: repeat_to(MIXED_FIELDS, size)),
        ("one SJIS value", lambda size: b"q=" + repeat_to(b"%93%FA%96%7B", size)),
    ]
    for shape, build in shapes:
        yield Row(
            "detect_encoding",
            f"5 candidates, {shape}",
            build,
            lambda body: urlencoded.detect_encoding(body, CANDIDATES),
        )
        yield Row(
            "parse_mixed",
            f"5 candidates, {shape}",
            build,
            lambda body: urlencoded.parse_mixed(body, CANDIDATES),
        )


def all_rows() -> list[Row]:
    return [
        *core_rows(),
        *structure_rows(),
        *lint_rows(),
        *dialect_rows(),
        *public_rows(),
        *log_rows(),
        *cli_rows(),
    ]


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


def format_size(size: int) -> str:
    return f"{size // MB} MB" if size >= MB else f"{size // 1000} kB"


def format_time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:7.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:7.1f} ms"
    return f"{seconds:7.2f} s "


def measure(row: Row, repeats: int, slow: float) -> tuple[float, float | None]:
    """The row's time at its two sizes (None where the smaller was already too slow)."""
    times: list[float] = []
    for size in row.sizes:
        data = row.build(size)
        try:
            # Warm up (a first call may import a module); a call already too slow is not repeated.
            start = time.perf_counter()
            row.run(data)
            first = time.perf_counter() - start
            if first > slow:
                times.append(first)
            else:
                # The same budget per byte at each size: as many calls at 4x as at 1x.
                budget = 0.5 * size / row.sizes[0]
                times.append(best_time(functools.partial(row.run, data), repeats, budget))
        finally:
            if row.temporary_file:
                os.unlink(data)
        if len(times) == 1 and times[0] > slow:
            return times[0], None
    return times[0], times[1]


def _status_kib(field: str) -> int | None:
    """A field of /proc/self/status in KiB (VmRSS, VmHWM), or None where there is none."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def _reset_peak() -> bool:
    """Reset this process's VmHWM to its current resident set (Linux); say if it was."""
    try:
        with open("/proc/self/clear_refs", "w") as clear_refs:
            clear_refs.write("5")
    except OSError:
        return False
    return True


def _max_rss(who: int) -> int:
    """ru_maxrss of *who* in bytes (KiB on Linux, bytes on macOS)."""
    import resource

    peak = resource.getrusage(who).ru_maxrss
    return int(peak if sys.platform == "darwin" else peak * 1024)


def peak_memory_here(row: Row, size: int) -> int:
    """Run *row* once on its input of *size*; the bytes its call added to the resident set at
    its peak (for a command-line row, the command's own peak). Meant for a fresh process."""
    import resource

    data = row.build(size)
    try:
        gc.collect()
        if row.temporary_file and not row.path.startswith("parse --lines"):
            row.run(data)  # a new process: its own peak is the figure
            return _max_rss(resource.RUSAGE_CHILDREN)
        exact = _reset_peak() and _status_kib("VmRSS") is not None
        before = _status_kib("VmRSS") if exact else None
        before_bytes = (before or 0) * 1024 if exact else _max_rss(resource.RUSAGE_SELF)
        row.run(data)
        peak_kib = _status_kib("VmHWM") if exact else None
        after = peak_kib * 1024 if peak_kib is not None else _max_rss(resource.RUSAGE_SELF)
        return max(0, after - before_bytes)
    finally:
        if row.temporary_file:
            os.unlink(data)


def peak_memory(index: int, size: int, timeout: float) -> int | None:
    """Row *index*'s peak memory at *size*, measured in a fresh process (None: it timed out)."""
    command = [sys.executable, __file__, "--memory-row", str(index), "--memory-size", str(size)]
    try:
        result = subprocess.run(
            command, capture_output=True, text=True, check=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return None
    return int(json.loads(result.stdout)["peak"])


def format_memory(peak: int | None, size: int, largest: int) -> str:
    if peak is None:
        return "timed out"
    text = f"+{peak / 2**20:.0f} MB"
    return text if size == largest else f"{text} at {format_size(size)}"


def wrong_log_format(repeats: int) -> str:
    """A combined log read with --input-format common (every line rejected) against combined."""
    lines = [log_line(200) for _ in range(10_000)]
    handle, path = tempfile.mkstemp(prefix="bench-scaling-")
    with os.fdopen(handle, "wb") as file:
        file.write(b"\n".join(lines) + b"\n")
    try:
        right = best_time(functools.partial(_parse_lines, "combined", path), repeats)
        wrong = best_time(functools.partial(_parse_lines, "common", path), repeats)
    finally:
        os.unlink(path)
    return (
        f"parse --lines, 10,000 combined lines with 200-byte targets: "
        f"--input-format combined {format_time(right).strip()}, "
        f"common (every line rejected) {format_time(wrong).strip()}; "
        f"ratio {wrong / right:.2f} (target: at most 3)"
    )


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
    options.add_argument(
        "--no-memory", action="store_true", help="skip the peak memory of each row"
    )
    options.add_argument(
        "--memory-timeout",
        type=float,
        default=300.0,
        help="give up on a row's memory figure after this many seconds",
    )
    # Internal: measure one row's peak memory in this (fresh) process and print it.
    options.add_argument("--memory-row", type=int, help=argparse.SUPPRESS)
    options.add_argument("--memory-size", type=int, help=argparse.SUPPRESS)
    arguments = options.parse_args(argv)
    if arguments.memory_row is not None:
        row = all_rows()[arguments.memory_row]
        print(json.dumps({"peak": peak_memory_here(row, arguments.memory_size)}))
        return 0
    repeats = 2 if arguments.quick else 7
    rows = [
        (index, row)
        for index, row in enumerate(all_rows())
        if not arguments.only or any(row.path.startswith(only) for only in arguments.only)
    ]
    print(f"Python {sys.version.split()[0]}, urlencoded {urlencoded.__version__}")
    print(
        f"best of {repeats}+ calls per size; ratio = time(4x) / time(1x): 4 MB / 1 MB, "
        "or 64 kB / 16 kB for one log line; memory: peak growth during one call at 4x\n"
    )
    header = f"{'path':<32} {'shape':<36} {'1x':>10} {'4x':>10} {'ratio':>6} {'memory':>16}"
    print(header)
    print("-" * len(header))
    worst = 0.0
    skipped = []
    over_memory = []
    largest_memory = 0
    for index, row in rows:
        small, large = measure(row, repeats, arguments.slow)
        memory = ""
        if not arguments.no_memory:
            size = row.sizes[1] if large is not None else row.sizes[0]
            peak = peak_memory(index, size, arguments.memory_timeout)
            memory = format_memory(peak, size, row.sizes[1])
            if peak is not None and size == row.sizes[1]:
                largest_memory = max(largest_memory, peak)
                if peak > MEMORY_TARGET:
                    over_memory.append(row)
        if large is None:
            skipped.append(row)
            print(
                f"{row.path:<32} {row.shape:<36} {format_time(small)} {'skipped':>10} "
                f"{'-':>6} {memory:>16}",
                flush=True,
            )
            continue
        ratio = large / small
        worst = max(worst, ratio)
        print(
            f"{row.path:<32} {row.shape:<36} {format_time(small)} {format_time(large)} "
            f"{ratio:6.2f} {memory:>16}",
            flush=True,
        )
    print()
    if not arguments.only or any("parse_text_plain".startswith(o) for o in arguments.only):
        print(text_plain_per_mb(repeats))
    if not arguments.only or any("parse --lines".startswith(o) for o in arguments.only):
        print(wrong_log_format(repeats))
    verdict = "every ratio at most 6" if worst <= 6 and not skipped else "NOT every ratio <= 6"
    print(f"largest ratio: {worst:.2f}; {len(skipped)} skipped as too slow: {verdict}")
    if not arguments.no_memory:
        verdict = (
            "every row within +200 MB"
            if not over_memory and not skipped
            else f"{len(over_memory)} over +200 MB, {len(skipped)} not measured at 4x"
        )
        print(f"largest memory growth at 4x: +{largest_memory / 2**20:.0f} MB: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
