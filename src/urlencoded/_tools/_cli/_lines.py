"""``urlencoded parse --lines``: one body or query per line, JSON Lines out, on N cores.

The input is cut into blocks of whole lines of about :data:`BLOCK_SIZE`
bytes. With ``--jobs 1`` each block is parsed in this process; with more,
worker processes parse blocks while this one reads the next ones and writes
the finished ones in input order. At most a few blocks per worker are in
flight, so memory stays bounded by the block size (and the longest line,
itself bounded by ``--max-body-size``) however large the input is.

A line that fails (a limit, or strict decoding) prints ``null`` in its place,
so that output line N still belongs to input line N, and one line on
standard error; the exit status is then 2.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, Union

from ..._core import BLOCK, NO_LIMITS, FormOptions, parse_with
from ..._errors import URLEncodedError
from ._io import CliError, Source, note, query_of, write

__all__ = ["BLOCK_SIZE", "run_lines"]

# Lines go to the workers in blocks of this size: much larger than the
# parser's BLOCK, so that handing a block over costs little beside parsing it.
BLOCK_SIZE = 1024 * 1024
# Failures reported one by one before the rest are only counted.
_MAX_REPORTED = 10

# A block of whole lines, or the length of one line too long to hold.
Block = Union[bytes, int]
# A parsed block: the JSON Lines output, (line index, message) per failure, line count.
Result = tuple[bytes, list[tuple[int, str]], int]

# "limited": the parse options; "unlimited": the same without limits, for
# lines too short to reach any of them. Validated once, before any line.
_options: dict[str, FormOptions] = {}
# The smallest line length at which a limit might apply, and most "&" below it.
_cutoff = [0, 0]
# The field separator, counted against max_fields.
_separator = [b"&"]
# The longest line held in memory: longer ones fail without being read whole.
_max_line: list[int | None] = [None]
# JSON string quoting (the C function json.dumps uses with ensure_ascii=False).
_quote: Callable[[str], str] = getattr(json.encoder, "c_encode_basestring", None) or (
    json.encoder.py_encode_basestring
)


def _set_options(options: FormOptions) -> None:
    """Install the parse options in a worker process (or in this one)."""
    _options["limited"] = options
    _options["unlimited"] = options._replace(limits=NO_LIMITS)
    limits = options.limits
    sizes = [limits.max_body_size, limits.max_field_size]
    _cutoff[0] = min((size + 1 for size in sizes if size is not None), default=sys.maxsize)
    _cutoff[1] = sys.maxsize if limits.max_fields is None else limits.max_fields
    _separator[0] = options.separator
    max_body_size = limits.max_body_size
    _max_line[0] = None if max_body_size is None else max_body_size + 1


def _options_for(line: bytes) -> FormOptions:
    """The options for *line*, without limits the line cannot reach (the faster path)."""
    if len(line) < _cutoff[0] and line.count(_separator[0]) < _cutoff[1]:
        return _options["unlimited"]
    return _options["limited"]


def _json(pairs: list[tuple[str, str]]) -> str:
    """``json.dumps(pairs, ensure_ascii=False)``, faster for this one shape."""
    quote = _quote
    return (
        "["
        + ", ".join(["[" + quote(name) + ", " + quote(value) + "]" for name, value in pairs])
        + "]"
    )


def parse_block(block: Block) -> Result:
    """Parse each line of *block*; return its JSON Lines, failures and line count."""
    if isinstance(block, int):
        limit = _options["limited"].limits.max_body_size
        message = f"max_body_size={limit} exceeded: the line is {block} bytes"
        return b"null\n", [(0, message)], 1
    lines = block.split(b"\n")
    if block.endswith(b"\n"):
        lines.pop()
    output = []
    failures = []
    for index, line in enumerate(lines):
        if line.endswith(b"\r"):
            line = line[:-1]
        body, _ = query_of(line)
        try:
            pairs = parse_with(body, _options_for(body))
        except (URLEncodedError, ValueError) as error:
            failures.append((index, str(error)))
            output.append("null")
            continue
        output.append(_json(pairs))
    output.append("")
    return "\n".join(output).encode("utf-8"), failures, len(lines)


def blocks(stream: BinaryIO, max_line: int | None, progress: Progress | None) -> Iterator[Block]:
    """Blocks of whole lines from *stream*; a line longer than *max_line* becomes its length."""
    carry = b""
    while True:
        data = stream.read(BLOCK_SIZE)
        if progress is not None:
            progress.advance(len(data))
        if not data:
            break
        data = carry + data if carry else data
        cut = data.rfind(b"\n") + 1
        if cut:
            yield data[:cut]
            carry = data[cut:]
        else:
            carry = data
        if max_line is not None and len(carry) > max_line:
            # Skip the rest of an overlong line without holding it.
            length = len(carry)
            while True:
                data = stream.read(BLOCK_SIZE)
                if progress is not None:
                    progress.advance(len(data))
                newline = data.find(b"\n")
                if newline != -1 or not data:
                    break
                length += len(data)
            if newline == -1:
                yield length
                return
            length += newline
            yield length
            carry = data[newline + 1 :]
    if carry:
        yield carry


class _Slice:
    """The bytes of an open file from its current position, up to *size* of them."""

    def __init__(self, file: BinaryIO, size: int) -> None:
        self.file = file
        self.left = size

    def read(self, size: int) -> bytes:
        data = self.file.read(min(size, self.left))
        self.left -= len(data)
        return data


def parse_range(task: tuple[str, int, int]) -> Result:
    """Parse the lines of ``path[start:end]``, read by the worker itself."""
    path, start, end = task
    outputs = []
    failures: list[tuple[int, str]] = []
    count = 0
    with open(path, "rb") as file:
        file.seek(start)
        for block in blocks(_Slice(file, end - start), _max_line[0], None):  # type: ignore[arg-type]
            output, failed, lines = parse_block(block)
            outputs.append(output)
            failures += [(count + index, message) for index, message in failed]
            count += lines
    return b"".join(outputs), failures, count


def file_ranges(stream: BinaryIO, size: int) -> Iterator[tuple[int, int]]:
    """Ranges of whole lines of about BLOCK_SIZE bytes covering a file of *size* bytes."""
    start = 0
    while start < size:
        end = start + BLOCK_SIZE
        if end < size:
            stream.seek(end)
            while True:
                data = stream.read(BLOCK)
                if not data:
                    end = size
                    break
                newline = data.find(b"\n")
                if newline != -1:
                    end += newline + 1
                    break
                end += len(data)
        end = min(end, size)
        yield start, end
        start = end


class Progress:
    """A progress bar on standard error, for a file of known size."""

    def __init__(self, total: int) -> None:
        self.total = max(total, 1)
        self.done = 0
        self.shown = -1

    def advance(self, count: int) -> None:
        self.done += count
        percent = min(100, self.done * 100 // self.total)
        if percent != self.shown:
            self.shown = percent
            bar = "#" * (percent // 4)
            sys.stderr.write(f"\r[{bar:<25}] {percent:3d}% of {self.total} bytes")
            sys.stderr.flush()

    def finish(self) -> None:
        sys.stderr.write("\r" + " " * 60 + "\r")
        sys.stderr.flush()


def _report(first_line: int, result: Result, failed: list[int]) -> None:
    for index, message in result[1]:
        failed[0] += 1
        if failed[0] <= _MAX_REPORTED:
            note("parse", f"error: line {first_line + index}: {message}")


def _range_tasks(
    pool: Any, path: str, stream: BinaryIO, size: int, progress: Progress | None
) -> Iterator[Any]:
    for start, end in file_ranges(stream, size):
        if progress is not None:
            progress.advance(end - start)
        yield pool.apply_async(parse_range, ((path, start, end),))


def _regular_file_size(stream: BinaryIO) -> int | None:
    try:
        status = os.fstat(stream.fileno())
    except (OSError, ValueError):
        return None
    return status.st_size if stat.S_ISREG(status.st_mode) else None


def run_lines(source: Source, options: FormOptions, jobs: int) -> int:
    """Parse each line of the input; write JSON Lines; return the exit status."""
    if source.argument is not None:
        raise CliError("--lines reads a file or standard input, not an argument")
    stream = source.open()
    progress = None
    if source.path is not None and sys.stderr is not None and sys.stderr.isatty():
        try:
            progress = Progress(stream.seek(0, 2))
            stream.seek(0)
        except OSError:
            progress = None
    max_body_size = options.limits.max_body_size
    max_line = None if max_body_size is None else max_body_size + 1
    line = 1
    failed = [0]
    _set_options(options)
    try:
        if jobs == 1:
            for block in blocks(stream, max_line, progress):
                result = parse_block(block)
                _report(line, result, failed)
                line += result[2]
                write(result[0])
        else:
            import multiprocessing  # only here: it costs a one-job run's start-up time

            context = multiprocessing.get_context()
            with context.Pool(jobs, initializer=_set_options, initargs=(options,)) as pool:
                pending: deque[Any] = deque()
                tasks: Iterator[Any]
                size = _regular_file_size(stream) if source.path is not None else None
                if size is not None and source.path is not None:
                    # Workers read their ranges of a file themselves: nothing to copy.
                    tasks = _range_tasks(pool, source.path, stream, size, progress)
                else:
                    tasks = (
                        pool.apply_async(parse_block, (block,))
                        for block in blocks(stream, max_line, progress)
                    )
                for task in tasks:
                    pending.append(task)
                    # A few blocks in flight per worker keep them busy and memory bounded.
                    if len(pending) >= 3 * jobs:
                        result = pending.popleft().get()
                        _report(line, result, failed)
                        line += result[2]
                        write(result[0])
                while pending:
                    result = pending.popleft().get()
                    _report(line, result, failed)
                    line += result[2]
                    write(result[0])
    finally:
        if progress is not None:
            progress.finish()
        if source.path is not None:
            stream.close()
    if failed[0] > _MAX_REPORTED:
        note("parse", f"error: {failed[0] - _MAX_REPORTED} more lines failed")
    return 2 if failed[0] else 0
