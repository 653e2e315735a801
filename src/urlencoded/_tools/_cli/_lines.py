"""``urlencoded parse --lines``: one query per line, from bodies, URLs or access logs, on N cores.

The input is cut into blocks of whole lines of about :data:`BLOCK_SIZE`
bytes. With ``--jobs 1`` each block is parsed in this process; with more,
worker processes parse blocks while this one reads the next ones and writes
the finished ones in input order. At most a few blocks per worker are in
flight, so memory stays bounded by the block size (and the longest line,
itself bounded by ``--max-body-size``) however large the input is.

Each line ends up in one of four states, all counted: *parsed*; *skipped*
(in the format, but with no query: ``GET /`` or an empty line); *unmatched*
(not in the input format); *failed* (a limit, or strict decoding). In JSON
Lines, an unmatched or failed line prints ``null`` and a skipped one ``[]``,
so that output line N still belongs to input line N; in CSV and TSV only
parsed and skipped lines give a row; for Parquet a block gives the same rows
as Python values (see ``_parquet``). Unmatched and failed lines are reported
on standard error and make the exit status 1. This module parses blocks, in
this process or a worker; ``_run`` drives a run.

A block is read list by list, not line by line: a log's lines with one
search of the block, the queries of many lines with one parse of them all
(joined by a marking field, in one encoding: per chosen encoding with
``--guess-encoding``, see ``_guess``), and the output for all its lines at
once (``_output``). Only a line past a limit, or nested, is parsed alone.
"""

from __future__ import annotations

import re
import sys
from itertools import chain, repeat
from operator import contains, methodcaller
from typing import Any, Literal, NamedTuple

from ..._core import (
    NO_LIMITS,
    FormOptions,
    charset_field_encoding,
    parse_with,
    unify_separators,
)
from ..._encoding import Encoding, decode, get_encoding
from ..._errors import URLEncodedError
from ..._web import LOG_FORMATS, find_query, is_url, log_target, url_query
from ._blocks import (
    BLOCK_SIZE,
    Block,
    Slice,
    blocks,
)
from ._guess import ENCODING_SENSITIVE
from ._output import Outcome, Output, pairs_json, render

__all__ = [
    "BLOCK_SIZE",
    "PARQUET_BATCH_ROWS",
    "LineSettings",
    "Output",
    "Result",
    "parse_block",
    "parse_range",
]


class LineSettings(NamedTuple):
    """What ``--lines`` does with each line; validated once, sent to every worker."""

    options: FormOptions
    input_format: str  # body, url, common, combined or regex
    regex: bytes | None  # the --regex pattern
    group: str  # its named group: "query" or "target"
    output: str  # json, csv, tsv or parquet
    nested: bool
    columns: tuple[str, ...]
    join: str | None  # --all-values: the text between repeated values
    candidates: tuple[str, ...]  # --guess-encoding, as encoding names
    nested_options: dict[str, Any]
    # Whether the counts beyond lines and failures (fields, U+FFFD, encodings) are shown.
    summary: bool = True


# A parsed block: the output (bytes, or for Parquet one row per output line),
# (line index, message) per unmatched or failed line, and the counts (see _new_counts).
Result = tuple[Output, list[tuple[int, str]], dict[str, Any]]

# One line's pairs as JSON (tests/test_explain.py checks explain's writer against it).
_json = pairs_json

# Rows per Parquet row group: what the parent holds before writing them.
PARQUET_BATCH_ROWS = 65536

_COUNTS = (
    "bytes",
    "lines",
    "parsed",
    "skipped",
    "unmatched",
    "failed",
    "fields",
    "replaced",
    "close",  # --guess-encoding: lines whose runner-up was close (see _guess)
)

# The settings in this process (a worker's, or this one's with --jobs 1).
_state: dict[str, Any] = {}
# Bytes that may decode to U+FFFD: a raw byte above 0x7F, or an escape of one.
_MAY_REPLACE = re.compile(rb"[\x80-\xff]|%[89A-Fa-f][0-9A-Fa-f]")


def _new_counts() -> dict[str, Any]:
    counts: dict[str, Any] = dict.fromkeys(_COUNTS, 0)
    counts["encodings"] = {}
    return counts


def _set_settings(settings: LineSettings) -> None:
    """Install *settings* in a worker process (or in this one)."""
    options = settings.options
    limits = options.limits
    sizes = [limits.max_body_size, limits.max_field_size]
    encodings: dict[str, Encoding] = {
        name: get_encoding(name) for name in settings.candidates or (options.encoding.name,)
    }
    _state.update(
        settings=settings,
        limited=options._replace(charset_field=None),
        unlimited=options._replace(charset_field=None, limits=NO_LIMITS),
        # The smallest line length at which a limit might apply, and most separators below it.
        cutoff=min((size + 1 for size in sizes if size is not None), default=sys.maxsize),
        max_fields=sys.maxsize if limits.max_fields is None else limits.max_fields,
        separator=options.separator,
        # Every separator byte, the main one first, for counting fields.
        separators_each=[bytes((byte,)) for byte in _separator_bytes(options)],
        # The same, as the separator= that guess_encoding takes.
        separator_argument=tuple(_separator_bytes(options).decode("ascii")),
        charset_field=options.charset_field,
        encodings=encodings,
        guesser=None,
        # Whether a line may be read in UTF-16 (a charset field may name any encoding).
        wide=options.charset_field is not None
        or any(name.startswith("UTF-16") for name in encodings),
        # The encoding of the lines parsed together (None: each line alone).
        bulk_encoding=next(iter(encodings.values())),
        # (limited, unlimited) options per encoding name, made on first use.
        by_encoding={},
        pattern=None if settings.regex is None else re.compile(settings.regex),
        log=None,
    )
    log = LOG_FORMATS.get(settings.input_format)
    if log is not None:
        # Every line of a block matches once: as the log format (group "target"), or
        # whole as group "other", so that one findall reads the lines of a block.
        _state["log"] = re.compile(b"(?:" + log.pattern + rb")|^(?P<other>[^\n]*)$", log.flags)
    if len(encodings) > 1:
        from ._guess import Guesser

        guesser = Guesser(list(encodings.values()), _state["separator_argument"])
        # A line parsed with the others reads ASCII: the encoding detection takes for that.
        _state.update(guesser=guesser, bulk_encoding=guesser.ascii_choice)
    if settings.nested:
        from ..._web import parse_nested

        _state["parse_nested"] = parse_nested


def _separator_bytes(options: FormOptions) -> bytes:
    """The options' separator bytes: the main one, then the others of a tuple."""
    table = options.separator_table
    others = b"" if table is None else bytes(byte for byte in range(128) if table[byte] != byte)
    return options.separator + others


def _count_separators(query: bytes) -> int:
    """How many bytes of *query* separate fields (any of the separators)."""
    count = query.count
    return sum([count(separator) for separator in _state["separators_each"]])


def _options_for(query: bytes, encoding: Encoding) -> FormOptions:
    """The options for *query* in *encoding*, without limits it cannot reach (the faster path)."""
    pair = _state["by_encoding"].get(encoding.name)
    if pair is None:
        pair = (
            _state["limited"]._replace(encoding=encoding),
            _state["unlimited"]._replace(encoding=encoding),
        )
        _state["by_encoding"][encoding.name] = pair
    if len(query) < _state["cutoff"] and _count_separators(query) < _state["max_fields"]:
        return pair[1]  # type: ignore[no-any-return]
    return pair[0]  # type: ignore[no-any-return]


def _encoding_for(query: bytes) -> tuple[Encoding, bool]:
    """The encoding of one line (its charset field's, else the most plausible candidate that
    decodes it, as detect_encoding chooses), and whether that was a close call."""
    field = _state["charset_field"]
    if field is not None:
        named = charset_field_encoding(
            unify_separators(query, _state["limited"]), _state["separator"], field
        )
        if named is not None:
            return named, False
    guesser = _state["guesser"]
    if guesser is None:
        return next(iter(_state["encodings"].values())), False
    return guesser.choose(  # type: ignore[no-any-return]
        query, _pairs_replacing, _state["settings"].summary
    )


def _pairs_replacing(query: bytes, encoding: Encoding) -> list[tuple[str, str]]:
    """The pairs of *query* in *encoding*, invalid bytes as U+FFFD, with no limit."""
    return parse_with(query, _state["unlimited"]._replace(encoding=encoding, strict=False))


def _query(line: bytes) -> bytes | Literal[False] | None:
    """The query of *line*: bytes, None when it has none, False when it is not in the format."""
    settings: LineSettings = _state["settings"]
    if settings.input_format == "body":
        # Each line as what it is: a body, or a URL whose query is taken.
        if not line:
            return None
        return url_query(line) if is_url(line) else line
    if settings.input_format == "url":
        return url_query(line)
    match = _state["pattern"].search(line)
    if match is None:
        return False
    text = match.group(settings.group)
    if text is None or settings.group == "query":
        return text  # type: ignore[no-any-return]
    return url_query(text)


def _fail(
    index: int, message: str, counts: dict[str, Any], failures: list[tuple[int, str]]
) -> None:
    counts["failed"] += 1
    failures.append((index, message))


def _target_query(target: bytes) -> bytes | None:
    """The query of a request target taken from a log line (no escapes in it)."""
    if not target:
        return None
    if target[:1] == b"/" and not _TARGET_RULES.search(target):
        # The common case, with nothing to strip: no need for find_query.
        question = target.find(b"?")
        return None if question == -1 else target[question + 1 :]
    found = find_query(target)
    return None if found.kind == "body" else found.query


_PARTITION = methodcaller("partition", b"?")
# What makes find_query do more than split at '?': a log escape, a fragment, a
# tab, CR or other control to strip or remove (the LF between joined targets aside).
_URL_RULES = re.compile(rb"[\x00-\x09\x0b-\x1f#\\]")
# The same for one target, whose log escapes are undone: there an LF is to
# remove, and a space (from "\\ " or "\\x20") may be one to strip at the end.
_TARGET_RULES = re.compile(rb"[\x00-\x20#\\]")


def _queries(block: bytes, lines: list[bytes]) -> list[bytes | Literal[False] | None]:
    """The query of each line (see _query): for a log, one search over the whole block."""
    log = _state["log"]
    if log is None:
        return [_query(line[:-1] if line.endswith(b"\r") else line) for line in lines]
    # One (target, other) per line: a target, or b"" for a line without one (a request
    # line without a target, or a line not in the format, which "other" then holds).
    found = log.findall(block, 0, len(block) - 1 if block.endswith(b"\n") else len(block))
    # A group that took part in no match is b"" (PyPy's findall gives "": made b"" here).
    targets = [target or b"" for target, _ in found]
    present = list(filter(None, targets))
    joined = b"\n".join(present)
    queries: list[bytes | Literal[False] | None]
    if (
        joined[:1] == b"/"
        and joined.count(b"\n/") == len(present) - 1
        and not _URL_RULES.search(joined)
    ):
        # Every target is a path and query, with nothing to undo, strip or remove.
        queries = [query if mark else None for _, mark, query in map(_PARTITION, targets)]
    else:
        queries = list(map(_target_query, targets))
        for index in [index for index, target in enumerate(targets) if b"\\" in target]:
            # The log's escapes, undone.
            line = lines[index].rstrip(b"\r")
            queries[index] = _target_query(log_target(line, _state["settings"].input_format) or b"")
    if len(present) < len(lines):
        for index in [index for index, target in enumerate(targets) if not target]:
            if found[index][1] or not lines[index]:
                queries[index] = False  # not in the format
    return queries


# The name of the field that marks where one line ends among the joined queries
# of a block; the queries hold no NUL, raw or escaped, so that no field reads as it.
_MARK = "\x00"
_MARK_BYTES = b"\x00"
_MARK_PAIR = (_MARK, "")


def _parse_many(queries: list[bytes], options: FormOptions) -> list[list[tuple[str, str]]] | None:
    """The pairs of each query, from one parse of them all joined by a marking field.

    The parser splits its input on the separator and skips empty sequences,
    so the pairs of ``q1 & mark & q2`` are those of q1, the mark, then those
    of q2. Only for queries under every limit; None if a query holds a NUL
    (or its escape), or the parse fails (strict decoding): then each query
    is parsed alone.
    """
    separator = options.separator
    joined = (separator + _MARK_BYTES + separator).join(queries)
    if joined.count(b"\x00") != len(queries) - 1 or b"%00" in joined:
        return None
    try:
        pairs = parse_with(joined, options)
    except (URLEncodedError, ValueError):
        return None
    result = []
    start = 0
    find = pairs.index
    for _ in range(len(queries) - 1):
        end = find(_MARK_PAIR, start)
        result.append(pairs[start:end])
        start = end + 1
    result.append(pairs[start:])
    return result


def _bulk_below() -> int:
    """The length below which a line may be parsed with others (0: none may)."""
    settings: LineSettings = _state["settings"]
    if settings.nested or _state["charset_field"] is not None or _state["limited"].isindex:
        return 0
    # Below this length no limit applies (a query has fewer separators than bytes).
    return min(_state["cutoff"], _state["max_fields"] + 1)  # type: ignore[no-any-return]


def _together(queries: list[bytes], encoding: Encoding) -> list[list[tuple[str, str]]] | None:
    """The pairs of each of *queries* (each below _bulk_below()) in *encoding*, from one
    parse of them all; None where they must be parsed one by one."""
    # The mark must decode to itself: not in UTF-16, nor in "replacement" (all U+FFFD).
    if decode(encoding, _MARK_BYTES) != _MARK:
        return None
    return _parse_many(queries, _options_for(b"", encoding))


def _bulk(
    queries: list[bytes | Literal[False] | None],
) -> tuple[list[int], list[list[tuple[str, str]]]]:
    """The lines parsed together before any is parsed alone, and their pairs: every line
    below the limits, or with --guess-encoding those ASCII once decoded."""
    below = _bulk_below()
    encoding = _state["bulk_encoding"]
    if not below or encoding is None:
        return [], []
    single = _state["guesser"] is None
    sensitive = ENCODING_SENSITIVE.search
    indexes = [
        index
        for index, query in enumerate(queries)
        if query and len(query) < below and (single or not sensitive(query))
    ]
    if not indexes:
        return [], []
    parsed = _together([queries[index] for index in indexes], encoding)  # type: ignore[misc]
    return ([], []) if parsed is None else (indexes, parsed)


def parse_block(block: Block) -> Result:
    """Parse each line of *block*; return its output, reports and counts."""
    settings: LineSettings = _state["settings"]
    counts = _new_counts()
    failures: list[tuple[int, str]] = []
    if isinstance(block, int):
        limit = _state["limited"].limits.max_body_size
        counts.update(bytes=block + 1, lines=1)
        _fail(0, f"max_body_size={limit} exceeded: the line is {block} bytes", counts, failures)
        if settings.output == "parquet":
            return ([] if settings.columns else [None]), failures, counts
        return (b"" if settings.columns else b"null\n"), failures, counts
    counts["bytes"] = len(block)
    lines = block.split(b"\n")
    if block.endswith(b"\n"):
        lines.pop()
    counts["lines"] = len(lines)
    queries = _queries(block, lines)
    outcomes: list[Any] = list(queries)
    indexes, together = _bulk(queries)
    for index, pairs in zip(indexes, together):
        outcomes[index] = pairs
    if indexes:
        counts["encodings"][_state["bulk_encoding"].name] = len(indexes)
    nested: dict[int, Any] | None = {} if settings.nested else None
    if len(indexes) + queries.count(None) < len(queries):
        _parse_each(queries, outcomes, set(indexes), counts, failures, nested)
    parsed = [pairs for pairs in outcomes if pairs.__class__ is list]
    counts.update(parsed=len(parsed), skipped=outcomes.count(None))
    if settings.summary:
        counts["fields"] = sum(map(len, parsed))
        if _MAY_REPLACE.search(block) is not None:
            # The names and values holding U+FFFD, counted a pair at a time in one pass.
            joined_pairs = map("".join, chain.from_iterable(parsed))
            counts["replaced"] = sum(map(contains, joined_pairs, repeat("\ufffd")))
    # A NUL in a value comes from a NUL byte or %00 of a line parsed alone (the lines
    # parsed together hold neither), but in UTF-16 from any two bytes.
    may_hold_nul = _state["wide"] or (
        len(indexes) < len(parsed) and (b"\x00" in block or b"%00" in block)
    )
    output = render(
        outcomes, settings.output, settings.columns, settings.join, nested, may_hold_nul
    )
    return output, failures, counts


def _parse_each(
    queries: list[bytes | Literal[False] | None],
    outcomes: list[Outcome | bytes],
    done: set[int],
    counts: dict[str, Any],
    failures: list[tuple[int, str]],
    nested: dict[int, Any] | None,
) -> None:
    """Parse the lines not parsed together: each in its encoding, those of one encoding
    together where they can be; note the lines not in the format."""
    settings: LineSettings = _state["settings"]
    below = _bulk_below()
    groups: dict[Encoding, list[int]] = {}
    closes: dict[int, bool] = {}
    for index, query in enumerate(queries):
        if query is None or index in done:
            continue
        if query is False:
            counts["unmatched"] += 1
            failures.append((index, f"not in the {settings.input_format} format"))
            continue
        encoding, closes[index] = _encoding_for(query)
        if len(query) < below:
            groups.setdefault(encoding, []).append(index)
        else:
            _parse_one(index, query, encoding, outcomes, counts, failures, nested)
    for encoding, indexes in groups.items():
        parsed = _together([queries[index] for index in indexes], encoding)  # type: ignore[misc]
        if parsed is None:
            for index in indexes:
                query = queries[index]
                _parse_one(index, query, encoding, outcomes, counts, failures, nested)  # type: ignore[arg-type]
            continue
        for index, pairs in zip(indexes, parsed):
            outcomes[index] = pairs
        encodings = counts["encodings"]
        encodings[encoding.name] = encodings.get(encoding.name, 0) + len(indexes)
    counts["close"] = sum(close for index, close in closes.items() if outcomes[index] is not False)
    failures.sort()


def _parse_one(
    index: int,
    query: bytes,
    encoding: Encoding,
    outcomes: list[Outcome | bytes],
    counts: dict[str, Any],
    failures: list[tuple[int, str]],
    nested: dict[int, Any] | None,
) -> None:
    """Parse one line alone (past a limit, or nested)."""
    settings: LineSettings = _state["settings"]
    try:
        if nested is not None:
            nested[index] = _state["parse_nested"](
                query, encoding=encoding, **settings.nested_options
            )
        outcomes[index] = parse_with(query, _options_for(query, encoding))
    except (URLEncodedError, ValueError) as error:
        outcomes[index] = False
        _fail(index, str(error), counts, failures)
        return
    encodings = counts["encodings"]
    encodings[encoding.name] = encodings.get(encoding.name, 0) + 1


def _max_line() -> int | None:
    max_body_size = _state["limited"].limits.max_body_size
    return None if max_body_size is None else max_body_size + 1


def _merge(total: dict[str, Any], counts: dict[str, Any]) -> None:
    for key in _COUNTS:
        total[key] += counts[key]
    for name, count in counts["encodings"].items():
        total["encodings"][name] = total["encodings"].get(name, 0) + count


def parse_range(task: tuple[str, int, int]) -> Result:
    """Parse the lines of ``path[start:end]``, read by the worker itself."""
    path, start, end = task
    outputs: list[Output] = []
    failures: list[tuple[int, str]] = []
    counts = _new_counts()
    with open(path, "rb") as file:
        file.seek(start)
        for block in blocks(Slice(file, end - start), _max_line()):
            output, failed, block_counts = parse_block(block)
            outputs.append(output)
            failures += [(counts["lines"] + index, message) for index, message in failed]
            _merge(counts, block_counts)
    return _join(outputs), failures, counts


def _join(outputs: list[Output]) -> Output:
    """The outputs of several blocks as one: bytes joined, or rows in one list."""
    if _state["settings"].output == "parquet":
        return list(chain.from_iterable(outputs))
    return b"".join(outputs)  # type: ignore[arg-type]
