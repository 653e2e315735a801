"""How ``parse --lines`` runs: input format detection, the blocks in order, here or on
N worker processes, the counts and reports, and the output (see :mod:`._lines`)."""

from __future__ import annotations

import gc
import sys
from collections import deque
from collections.abc import Iterator
from itertools import chain
from typing import Any

from ..._core import BLOCK
from ..._web import detect_line_format
from ._blocks import Prefixed, blocks, file_ranges, regular_file_size, reopenable_path
from ._csv import DELIMITERS, csv_text
from ._io import CliError, Source, note, report, write
from ._lines import (
    PARQUET_BATCH_ROWS,
    LineSettings,
    Output,
    Result,
    _max_line,
    _merge,
    _new_counts,
    _set_settings,
    parse_block,
    parse_range,
)
from ._progress import Progress, summary_line

__all__ = ["run_lines"]

# Unmatched or failed lines reported one by one before the rest are only counted.
_MAX_REPORTED = 10
# How much of the input `--input-format auto` looks at (one parser block), and how
# many lines of it.
_SAMPLE_BYTES = BLOCK
_SAMPLE_LINES = 100


def _detect(head: bytes) -> tuple[str, str]:
    """The format of the first lines, and the note that says so."""
    sample = head.split(b"\n")
    if len(sample) > 1 and not head.endswith(b"\n") and len(head) >= _SAMPLE_BYTES:
        sample.pop()  # a partial last line
    found, matched, total = detect_line_format(sample[:_SAMPLE_LINES])
    if found != "body":
        return found, f"input format: {found} ({matched} of the first {total} lines)"
    return found, (
        f"input format: body (line by line, a body or a URL: {matched} of the first {total} "
        "lines are URLs)"
    )


class _Run:
    """The state of one run: counts, line numbers, reports."""

    def __init__(self, settings: LineSettings, progress: Progress | None) -> None:
        self.settings = settings
        self.counts = _new_counts()
        self.reported = 0
        self.progress = progress

    def take(self, result: Result) -> None:
        """Count and report one block's lines, and write its output."""
        write(self.account(result))  # type: ignore[arg-type]

    def account(self, result: Result) -> Output:
        """Count and report one block's lines; return its output."""
        output, failures, counts = result
        for index, message in failures:
            self.reported += 1
            if self.reported <= _MAX_REPORTED:
                note("parse", f"error: line {self.counts['lines'] + index + 1}: {message}")
        _merge(self.counts, counts)
        if self.progress is not None:
            self.progress.update(self.counts["bytes"], self.counts["lines"])
        return output


def _start_worker(settings: LineSettings) -> None:
    """Install *settings* in a worker, which parses blocks without the cyclic collector."""
    gc.disable()
    _set_settings(settings)


def _results(
    stream: Any, path: str | None, size: int | None, settings: LineSettings, jobs: int
) -> Iterator[Result]:
    """The parsed blocks of the input, in input order, parsed here or by *jobs* workers."""
    if jobs == 1:
        for block in blocks(stream, _max_line()):
            yield parse_block(block)
        return
    import multiprocessing  # only here: it costs a one-job run's start-up time

    context = multiprocessing.get_context()
    with context.Pool(jobs, initializer=_start_worker, initargs=(settings,)) as pool:
        pending: deque[Any] = deque()
        tasks: Iterator[Any]
        if size is not None and path is not None:
            # Workers read their ranges of a file themselves: nothing to copy.
            tasks = (
                pool.apply_async(parse_range, ((path, start, end),))
                for start, end in file_ranges(stream, size, stream.tell())
            )
        else:
            tasks = (
                pool.apply_async(parse_block, (block,)) for block in blocks(stream, _max_line())
            )
        for task in tasks:
            pending.append(task)
            # A few blocks in flight per worker keep them busy and memory bounded.
            if len(pending) >= 3 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def run_lines(
    source: Source,
    settings: LineSettings,
    jobs: int,
    summary: bool | None,
    output_path: str | None = None,
) -> int:
    """Parse each line of the input; write the output; return the exit status.

    The output goes to standard output, or with ``--format parquet`` to *output_path*.
    """
    if source.argument is not None:
        raise CliError("--lines reads a file or standard input, not an argument")
    opened = stream = source.open()
    terminal = sys.stderr is not None and sys.stderr.isatty()
    if summary is None:
        summary = terminal
    size = regular_file_size(opened)
    detected = None
    progress = Progress(size) if terminal else None
    run = _Run(settings, progress)
    path = source.path
    if size is not None and path is None and jobs > 1:
        path = reopenable_path(opened)  # standard input redirected from a file
    try:
        start = opened.tell() if size is not None else 0
        if settings.input_format == "auto":
            head = opened.read(_SAMPLE_BYTES)
            found, text = _detect(head)
            settings = settings._replace(input_format=found)
            detected = found
            note("parse", f"note: {text}")
            if size is not None:
                opened.seek(start)
            else:
                stream = Prefixed(head, opened)  # type: ignore[assignment]
        settings = settings._replace(summary=summary)
        _set_settings(settings)
        if settings.output in DELIMITERS:
            write(csv_text([settings.columns], DELIMITERS[settings.output]).encode("utf-8"))
        results = _results(stream, path, size, settings, jobs)
        # A block is many small objects without cycles (pairs, rows, a Parquet batch):
        # the cyclic garbage collector would only walk them, again and again.
        collecting = gc.isenabled()
        gc.disable()
        try:
            if settings.output == "parquet":
                from ._parquet import write_rows

                rows = chain.from_iterable(map(run.account, results))
                write_rows(rows, output_path or "", settings.columns, PARQUET_BATCH_ROWS)
            else:
                for result in results:
                    run.take(result)
        finally:
            if collecting:
                gc.enable()
        if progress is not None:
            progress.update(run.counts["bytes"], run.counts["lines"], last=True)
    finally:
        if progress is not None:
            progress.finish()
        if source.path is not None:
            opened.close()
    counts = run.counts
    if run.reported > _MAX_REPORTED:
        more = run.reported - _MAX_REPORTED
        note("parse", f"error: {more} more lines not in the format or failed")
    if summary:
        guessing = len(settings.candidates) > 1
        report(f"urlencoded parse: summary: {summary_line(counts, detected, guessing)}")
    return 1 if counts["failed"] or counts["unmatched"] else 0
