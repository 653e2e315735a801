"""The options of ``parse``, ``explain`` and ``lint``, read and checked in one place.

Every option is checked before any input is read, so that a bad command line
is one line on standard error and status 2, whatever the input. Where the
query is in an input (``--input-format``) is decided here too, for one input
(:func:`input_query`) and for lines (:func:`line_settings`).
"""

from __future__ import annotations

import argparse
import os
import re
import sys

from ..._core import FormOptions, form_options
from ..._encoding import get_encoding
from ..._web import find_query, log_target
from ._io import CliError, note
from ._lines import LineSettings

__all__ = ["KINDS", "guess_candidates", "input_query", "line_settings", "parse_options"]


KINDS = {"query": "a query", "target": "a request target", "url": "a URL"}


def input_query(
    data: bytes, input_format: str, command: str | None
) -> tuple[str, bytes | None, int]:
    """The query in one whole input, per --input-format: (what the input is, query, offset).

    The query is None when the input (a URL, request target or log line) has
    none; the offset is the query's in *data*, or -1 if it is not a slice of it.
    Standard error says what the input was, unless *command* is None.
    """

    def say(text: str) -> None:
        if command is not None:
            note(command, f"note: input: {text}")

    if input_format == "body":
        return "body", data, 0
    if input_format in ("common", "combined"):
        target = log_target(data, input_format)
        if target is None:
            raise CliError(f"the input is not an access-log line in the {input_format} format")
        found = find_query(target)
        what = f"a {input_format}-format log line"
        if not target:
            say(f"{what} without a request target")
            return "log", None, -1
        query = None if found.kind == "body" else found.query
        say(f"{what}; parsing its request target's query")
        return "log", query, -1 if query is None else data.find(query)
    # --input-format url: any input is a URL, as query_params reads one.
    found = find_query(data, as_url=input_format == "url")
    if found.kind == "body":
        return "body", data, 0
    if found.kind == "query" and found.start == 1:
        say("a query; dropped the leading '?'")
    elif found.query is None:
        say(f"{KINDS[found.kind]} without a query")
    else:
        where = f" (bytes {found.start}-{found.start + len(found.query) - 1})"
        say(f"{KINDS[found.kind]}; parsing its query{where}")
    return found.kind, found.query, found.start


def parse_options(arguments: argparse.Namespace) -> FormOptions:
    """The parser options that the command line gives, validated before any input is read."""
    return form_options(
        encoding=arguments.encoding,
        errors="strict" if arguments.strict else "replace",
        isindex=arguments.isindex,
        charset_field=arguments.charset_field,
        separator=arguments.separator,
        max_fields=arguments.max_fields,
        max_field_size=arguments.max_field_size,
        max_body_size=arguments.max_body_size,
    )


def _regex(pattern: str) -> tuple[bytes, str]:
    """The --regex pattern as bytes, and its group: 'query' or 'target'."""
    try:
        compiled = re.compile(os.fsencode(pattern))
    except re.error as error:
        raise CliError(f"--regex is not a regular expression: {error}") from None
    groups = [name for name in ("query", "target") if name in compiled.groupindex]
    if len(groups) != 1:
        raise CliError(
            "--regex needs one named group: (?P<query>...) for the query itself, or "
            "(?P<target>...) for a URL or request target"
        )
    return compiled.pattern, groups[0]


def _columns(text: str | None, output: str) -> tuple[str, ...]:
    if output == "json":
        if text is not None:
            raise CliError("--columns goes with --format csv, tsv or parquet")
        return ()
    if text is None:
        if output == "parquet":
            return ()  # one column of every line's pairs
        raise CliError(f"--format {output} needs --columns NAME,...")
    columns = tuple(name.strip() for name in text.split(","))
    if not all(columns):
        raise CliError(f"--columns takes names separated by commas, got {text!r}")
    if output == "parquet" and len(set(columns)) < len(columns):
        repeated = next(name for name in columns if columns.count(name) > 1)
        raise CliError(f"--columns names {repeated!r} twice: a Parquet column name is unique")
    return columns


def line_settings(arguments: argparse.Namespace, options: FormOptions) -> LineSettings:
    """Every option of parse, checked together, before any input is read."""
    input_format = arguments.input_format
    regex = group = None
    if arguments.regex is not None:
        if input_format not in ("auto", "regex"):
            raise CliError(f"--regex does not go with --input-format {input_format}")
        input_format = "regex"
        regex, group = _regex(arguments.regex)
    elif input_format == "regex":
        raise CliError("--input-format regex needs --regex PATTERN")
    output = arguments.format
    columns = _columns(arguments.columns, output)
    if arguments.all_values is not None and not columns:
        raise CliError("--all-values goes with --columns")
    if arguments.nested and output != "json":
        raise CliError("--nested writes JSON; it does not go with --format " + output)
    if output == "parquet":
        if arguments.output is None:
            raise CliError("--format parquet needs --output FILE ('-': standard output)")
        if arguments.output == "-" and sys.stdout is not None and sys.stdout.isatty():
            raise CliError(
                "--output -: standard output is a terminal, and Parquet is binary: "
                "redirect it (> queries.parquet) or name a file"
            )
    elif arguments.output is not None:
        raise CliError("--output goes with --format parquet (the others write to standard output)")
    if arguments.jobs is not None:
        if not arguments.lines:
            raise CliError("--jobs goes with --lines (one input is parsed in one process)")
        if arguments.jobs < 1:
            raise CliError(f"--jobs must be 1 or more, got {arguments.jobs}")
    if not arguments.lines:
        if output != "json":
            raise CliError(f"--format {output} goes with --lines")
        if arguments.summary is not None:
            raise CliError("--summary goes with --lines")
    if output == "parquet":
        from ._parquet import check_parquet

        check_parquet()
    candidates: tuple[str, ...] = ()
    if arguments.guess_encoding is not None:
        labels = guess_candidates(arguments.guess_encoding)
        candidates = tuple(dict.fromkeys(get_encoding(label).name for label in labels))
    limits = options.limits
    return LineSettings(
        options=options,
        input_format=input_format,
        regex=regex,
        group=group or "",
        output=output,
        nested=arguments.nested,
        columns=columns,
        join=arguments.all_values,
        candidates=candidates,
        nested_options={
            "errors": "strict" if options.strict else "replace",
            "isindex": arguments.isindex,
            "separator": arguments.separator,
            "max_fields": limits.max_fields,
            "max_field_size": limits.max_field_size,
            "max_body_size": limits.max_body_size,
        },
    )


def guess_candidates(labels: str) -> list[str]:
    """The --guess-encoding labels, each checked (the one place that reads the option)."""
    candidates = [label.strip() for label in labels.split(",")]
    if not all(candidates):
        raise CliError(f"--guess-encoding takes labels separated by commas, got {labels!r}")
    for label in candidates:
        get_encoding(label)
    return candidates
