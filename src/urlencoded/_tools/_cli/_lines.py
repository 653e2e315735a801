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
"""

from __future__ import annotations

import json
import operator
import re
import sys
from collections.abc import Callable
from itertools import chain
from operator import itemgetter
from typing import Any, Literal, NamedTuple, Union

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
from ._csv import DELIMITERS, csv_text

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


# A parsed block: the output (bytes, or for Parquet one row per output line),
# (line index, message) per unmatched or failed line, and the counts (see _new_counts).
Output = Union[bytes, list[Any]]
Result = tuple[Output, list[tuple[int, str]], dict[str, Any]]

# Rows per Parquet row group: what the parent holds before writing them.
PARQUET_BATCH_ROWS = 65536

_COUNTS = ("bytes", "lines", "parsed", "skipped", "unmatched", "failed", "fields", "replaced")

# The settings in this process (a worker's, or this one's with --jobs 1).
_state: dict[str, Any] = {}
# JSON string quoting, as json.dumps(text, ensure_ascii=False) writes a str: the
# encoder's documented method, on every Python (the C function behind it is CPython's).
_quote: Callable[[str], str] = json.JSONEncoder(ensure_ascii=False).encode
# The bytes of a UTF-8 query whose names or values JSON would escape: '"', '\' and
# C0 controls, raw or percent-encoded (a UTF-8 decoder makes an ASCII character only of
# that character's byte, and U+FFFD of every error). A raw LF is left out: no line holds
# one, so that it joins the queries of a block for one search.
_JSON_ESCAPED = re.compile(rb'["\\\x00-\x09\x0b-\x1f]|%(?:[01][0-9A-Fa-f]|22|5[Cc])')
# A name and value as the inside of a JSON list of two strings, none of them escaped.
_NAME_VALUE = '", "'.join
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
        # (limited, unlimited) options per encoding name, made on first use.
        by_encoding={},
        pattern=None if settings.regex is None else re.compile(settings.regex),
        log=LOG_FORMATS.get(settings.input_format),
    )
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


def _encoding_for(query: bytes) -> Encoding:
    """The encoding of one line: its charset field's, else the first candidate that decodes it."""
    field = _state["charset_field"]
    if field is not None:
        named = charset_field_encoding(
            unify_separators(query, _state["limited"]), _state["separator"], field
        )
        if named is not None:
            return named
    encodings: dict[str, Encoding] = _state["encodings"]
    first = next(iter(encodings.values()))
    candidates = _state["settings"].candidates
    if len(candidates) < 2 or not _MAY_REPLACE.search(query):
        return first
    from ..._html import guess_encoding

    matches = guess_encoding(
        query, list(encodings.values()), separator=_state["separator_argument"]
    )
    return matches[0] if matches else first


def _query(line: bytes) -> bytes | Literal[False] | None:
    """The query of *line*: bytes, None when it has none, False when it is not in the format."""
    settings: LineSettings = _state["settings"]
    log = _state["log"]
    if log is not None:
        match = log.fullmatch(line)
        if match is None:
            return False
        target = match.group("target")
        if target is None:
            return None
        if b"\\" in target:
            target = log_target(line, settings.input_format) or b""
        return _target_query(target)
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


def _json(pairs: list[tuple[str, str]]) -> str:
    """``json.dumps(pairs, ensure_ascii=False)``, faster for this one shape."""
    quote = _quote
    return (
        "["
        + ", ".join(["[" + quote(name) + ", " + quote(value) + "]" for name, value in pairs])
        + "]"
    )


def _row(pairs: list[tuple[str, str]]) -> list[str]:
    """The named columns of one line: the first value of each (all, joined, with --all-values)."""
    settings: LineSettings = _state["settings"]
    if settings.join is None:
        first = dict(pairs[::-1])
        return [first.get(column, "") for column in settings.columns]
    values: dict[str, list[str]] = {column: [] for column in settings.columns}
    for name, value in pairs:
        if name in values:
            values[name].append(value)
    return [settings.join.join(values[column]) for column in settings.columns]


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


_split_query = operator.methodcaller("partition", b"?")
# What makes find_query do more than split at '?': a log escape, a fragment, a
# tab, CR or other control to strip or remove (the LF between joined targets aside).
_URL_RULES = re.compile(rb"[\x00-\x09\x0b-\x1f#\\]")
# The same for one target, whose log escapes are undone: there an LF is to
# remove, and a space (from "\\ " or "\\x20") may be one to strip at the end.
_TARGET_RULES = re.compile(rb"[\x00-\x20#\\]")


class _Fields(dict):  # type: ignore[type-arg]
    """The fields of one line, by name; a name not among them has the empty value."""

    def __missing__(self, name: str) -> str:
        return ""


def _queries(block: bytes, lines: list[bytes]) -> list[bytes | Literal[False] | None]:
    """The query of each line (see _query): for a log, one search over the whole block."""
    log = _state["log"]
    if log is not None:
        targets = log.findall(block)
        if len(targets) == len(lines):  # every line is in the format
            joined = b"\n".join(targets)
            if (
                joined[:1] == b"/"
                and joined.count(b"\n/") == len(targets) - 1
                and not _URL_RULES.search(joined)
            ):
                # Every target is a path and query, with nothing to undo, strip or remove.
                return [query if mark else None for _, mark, query in map(_split_query, targets)]
            return [
                _target_query(target) if b"\\" not in target else _query(line.rstrip(b"\r"))
                for target, line in zip(targets, lines)
            ]
    return [_query(line[:-1] if line.endswith(b"\r") else line) for line in lines]


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


def _bulk(
    queries: list[bytes | Literal[False] | None],
) -> tuple[list[int], list[list[tuple[str, str]]]]:
    """The lines that can be parsed together, and their pairs."""
    settings: LineSettings = _state["settings"]
    limited: FormOptions = _state["limited"]
    if settings.nested or _state["charset_field"] is not None or limited.isindex:
        return [], []
    # Below this length no limit applies (a query has fewer separators than bytes).
    below = min(_state["cutoff"], _state["max_fields"] + 1)
    single = len(settings.candidates) < 2
    indexes = [
        index
        for index, query in enumerate(queries)
        if query and len(query) < below and (single or not _MAY_REPLACE.search(query))
    ]
    encoding = next(iter(_state["encodings"].values()))
    # The mark must decode to itself: not in UTF-16, nor in "replacement" (all U+FFFD).
    if not indexes or decode(encoding, _MARK_BYTES) != _MARK:
        return [], []
    options = _options_for(b"", encoding)
    parsed = _parse_many([queries[index] for index in indexes], options)  # type: ignore[misc]
    return ([], []) if parsed is None else (indexes, parsed)


def _fast_output(
    queries: list[bytes | Literal[False] | None],
    parsed: list[list[tuple[str, str]]],
    skipped: int,
    encoding: Encoding,
    counts: dict[str, Any],
) -> Output:
    """The output of a block whose lines all parsed together or were skipped."""
    settings: LineSettings = _state["settings"]
    if parsed:
        counts["encodings"][encoding.name] = len(parsed)
    counts.update(parsed=len(parsed), skipped=skipped, fields=sum(map(len, parsed)))
    if _state["may_replace"] and "\ufffd" in "".join(
        chain.from_iterable(chain.from_iterable(parsed))
    ):
        counts["replaced"] = sum(
            "\ufffd" in name or "\ufffd" in value for pairs in parsed for name, value in pairs
        )
    each: list[list[tuple[str, str]] | None]
    if skipped:
        found = iter(parsed)
        each = [None if query is None else next(found) for query in queries]
    else:
        each = parsed  # type: ignore[assignment]
    if settings.output == "json":
        if encoding.name == "UTF-8" and not _JSON_ESCAPED.search(
            b"\n".join([query for query in queries if query])
        ):
            # No string needs escaping: quoted as they are, a line at a time.
            texts = [
                '[["' + '"], ["'.join(map(_NAME_VALUE, pairs)) + '"]]\n' if pairs else "[]\n"
                for pairs in each
            ]
        else:
            texts = ["[]\n" if pairs is None else _json(pairs) + "\n" for pairs in each]
        return "".join(texts).encode("utf-8")
    columns = settings.columns
    if not columns:  # Parquet, a list of pairs per line
        return [[] if pairs is None else pairs for pairs in each]
    rows: list[Any]
    if settings.join is None:
        # The first value of each name: the pairs in reverse, so that the first is kept.
        pick = itemgetter(*columns)
        lines = each if not skipped else [pairs or () for pairs in each]
        values = map(pick, map(_Fields, map(reversed, lines)))  # type: ignore[arg-type]
        rows = list(values) if len(columns) > 1 else [(value,) for value in values]
    else:
        rows = [_row(pairs or []) for pairs in each]
    if settings.output == "parquet":
        return rows
    return csv_text(rows, DELIMITERS[settings.output]).encode("utf-8")


def parse_block(block: Block) -> Result:
    """Parse each line of *block*; return its output, reports and counts."""
    settings: LineSettings = _state["settings"]
    counts = _new_counts()
    failures: list[tuple[int, str]] = []
    table = bool(settings.columns)  # CSV, TSV or Parquet columns: no row for a failed line
    rows = settings.output == "parquet"
    if isinstance(block, int):
        limit = _state["limited"].limits.max_body_size
        counts.update(bytes=block + 1, lines=1)
        _fail(0, f"max_body_size={limit} exceeded: the line is {block} bytes", counts, failures)
        if rows:
            return ([] if table else [None]), failures, counts
        return (b"" if table else b"null\n"), failures, counts
    counts["bytes"] = len(block)
    lines = block.split(b"\n")
    if block.endswith(b"\n"):
        lines.pop()
    counts["lines"] = len(lines)
    queries = _queries(block, lines)
    indexes, parsed_lists = _bulk(queries)
    first = next(iter(_state["encodings"].values()))
    may_replace = _MAY_REPLACE.search(block) is not None
    skipped = queries.count(None)
    if len(indexes) + skipped == len(queries):
        # Every line parsed together, or skipped: the common case, done list-wise.
        _state["may_replace"] = may_replace
        return _fast_output(queries, parsed_lists, skipped, first, counts), failures, counts
    together = dict(zip(indexes, parsed_lists))
    output: list[Any] = []
    emit = output.append
    empty: Any = [] if rows else "{}" if settings.nested else "[]"
    null = None if rows else "null"
    encodings = counts["encodings"]
    parsed = fields = replaced = 0
    for index, query in enumerate(queries):
        if query is None:
            counts["skipped"] += 1
            emit([""] * len(settings.columns) if table else empty)
            continue
        if query is False:
            counts["unmatched"] += 1
            failures.append((index, f"not in the {settings.input_format} format"))
            if not table:
                emit(null)
            continue
        pairs = together.get(index)
        if pairs is not None:
            encoding = first
        else:
            encoding = _encoding_for(query)
            try:
                if settings.nested:
                    nested = _state["parse_nested"](
                        query, encoding=encoding, **settings.nested_options
                    )
                pairs = parse_with(query, _options_for(query, encoding))
            except (URLEncodedError, ValueError) as error:
                _fail(index, str(error), counts, failures)
                if not table:
                    emit(null)
                continue
        parsed += 1
        fields += len(pairs)
        encodings[encoding.name] = encodings.get(encoding.name, 0) + 1
        if may_replace and _MAY_REPLACE.search(query):
            replaced += sum(1 for name, value in pairs if "\ufffd" in name or "\ufffd" in value)
        if table:
            emit(_row(pairs))
        elif settings.nested:
            emit(json.dumps(nested, ensure_ascii=False))
        else:
            emit(pairs if rows else _json(pairs))
    counts.update(parsed=parsed, fields=fields, replaced=replaced)
    if rows:
        return output, failures, counts
    if table:
        return csv_text(output, DELIMITERS[settings.output]).encode("utf-8"), failures, counts
    output.append("")
    return "\n".join(output).encode("utf-8"), failures, counts


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
