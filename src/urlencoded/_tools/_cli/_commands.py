"""The subcommands: each takes the parsed arguments and returns the exit status."""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import sys
from collections.abc import Iterable, Iterator

from ..._core import FormOptions, parse_with, serialize
from ..._encoding import decode, get_encoding
from ..._web import IncrementalParser
from ._io import (
    _URL,
    CliError,
    Output,
    Source,
    chunks,
    ends_with_newline,
    note,
    read_all,
    strip_newline,
    write,
)
from ._options import KINDS, guess_candidates, input_query, line_settings, parse_options
from ._run import run_lines

__all__ = ["COMMANDS", "DEFAULT_MAX_FINDINGS", "UNSET"]

# The findings (or pairs) explain and lint show on a terminal by default.
DEFAULT_MAX_FINDINGS = 100
# --max-findings not given: the default depends on the output format.
UNSET = -1

# Each command imports the modules only it needs, when it runs: a command line
# starts in the time its own command takes to import.


def _dumps(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8") + b"\n"


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False)


def _newline_layer(raw: Iterable[bytes], strip: bool, command: str) -> Iterator[bytes]:
    """Pass the stream through, dropping one final newline with --strip-newline, else warning."""
    held = b""
    for chunk in raw:
        data = held + chunk if held else chunk
        # The last two bytes may be the final CRLF: keep them until the end is known.
        held = data[-2:]
        if len(data) > 2:
            yield data[:-2]
    if ends_with_newline(held):
        if strip:
            held = strip_newline(held)
        else:
            _warn_newline(command)
    if held:
        yield held


def _warn_newline(command: str) -> None:
    note(
        command,
        "warning: the input ends with a newline, which is part of the last value "
        "(--strip-newline drops it; printf or echo -n sends none)",
    )


def _query_layer(pieces: Iterable[bytes], command: str) -> Iterator[bytes]:
    """Drop a leading '?', or keep only the query of a URL or request target, from a stream."""
    first = True
    mode = "plain"
    for piece in pieces:
        if first:
            if not piece:
                continue
            first = False
            if piece.startswith(b"?"):
                note(command, "note: input: a query; dropped the leading '?'")
                piece = piece[1:]
            elif piece.startswith(b"/"):
                note(command, "note: input: a request target; parsing its query")
                mode = "seek"
            elif _URL.match(piece):
                note(command, "note: input: a URL; parsing its query")
                mode = "seek"
        if mode == "seek":
            question = piece.find(b"?")
            hash_mark = piece.find(b"#")
            if hash_mark != -1 and (question == -1 or hash_mark < question):
                mode = "done"
            if question == -1 or mode == "done":
                continue
            mode = "query"
            piece = piece[question + 1 :]
        if mode == "query":
            hash_mark = piece.find(b"#")
            if hash_mark != -1:
                mode = "done"
                piece = piece[:hash_mark]
            yield piece
        elif mode == "plain":
            yield piece


def _body(source: Source, arguments: argparse.Namespace, command: str) -> Iterator[bytes]:
    """The body to parse, streamed: the query of a URL or target, without a leading '?'."""
    strip = arguments.strip_newline
    if source.argument is not None:
        _, body, _ = input_query(source.argument_bytes(), arguments.input_format, command)
        if body:
            yield body
        return
    if arguments.input_format == "auto":
        yield from _query_layer(_newline_layer(chunks(source), strip, command), command)
    elif arguments.input_format == "body":
        yield from _newline_layer(chunks(source), strip, command)
    else:
        # A URL or log line: a line, read whole (within --max-body-size).
        data = strip_newline(read_all(source, arguments.max_body_size))
        _, body, _ = input_query(data, arguments.input_format, command)
        if body:
            yield body


def run_parse(arguments: argparse.Namespace) -> int:
    source = Source("parse", arguments.data, arguments.file)
    options = parse_options(arguments)
    settings = line_settings(arguments, options)
    if arguments.lines:
        return run_lines(source, settings, arguments.jobs or 1, arguments.summary, arguments.output)
    if settings.input_format == "regex":
        raise CliError("--regex goes with --lines")
    if arguments.guess_encoding is not None:
        return _parse_guessing(source, arguments, options)
    if arguments.nested:
        from ..._web import parse_nested

        data = b"".join(_body(source, arguments, "parse"))
        nested = parse_nested(data, encoding=options.encoding, **settings.nested_options)
        write(_dumps(nested))
        return 0
    parser = IncrementalParser._from_options(options, options.encoding)
    pairs = []
    for piece in _body(source, arguments, "parse"):
        pairs += parser.feed(piece)
    pairs += parser.close()
    write(_dumps(pairs))
    return 0


def _parse_guessing(source: Source, arguments: argparse.Namespace, options: FormOptions) -> int:
    """parse --guess-encoding: the whole input, in the most plausible candidate that decodes it."""
    from ..._html import rank_encodings

    data = read_all(source, arguments.max_body_size)
    if source.is_stream and ends_with_newline(data):
        if arguments.strip_newline:
            data = strip_newline(data)
        else:
            _warn_newline("parse")
    _, query, _ = input_query(data, arguments.input_format, "parse")
    data = query or b""
    candidates = guess_candidates(arguments.guess_encoding)
    ranking = rank_encodings(data, candidates, separator=arguments.separator)
    if not ranking:
        raise CliError(f"none of {', '.join(candidates)} decodes every field")
    chosen = ranking[0].encoding
    note(
        "parse",
        f"note: parsing as {chosen.name}, the most plausible candidate that decodes every field",
    )
    for place, entry in enumerate(ranking, start=1):
        note("parse", f"  {place}. {entry.encoding.name} (cost {entry.cost:g}): {entry.reason}")
    write(_dumps(parse_with(data, options._replace(encoding=chosen))))
    return 0


class _Object(list):  # type: ignore[type-arg]
    """The members of a JSON object, in order, duplicates kept."""


def _reject_constant(name: str) -> object:
    raise CliError(f"{name} is not a JSON number")


def _text(item: object, where: str) -> str:
    """A JSON name or value as text: numbers as written, booleans as true/false."""
    if isinstance(item, str):
        return item
    if item is True:
        return "true"
    if item is False:
        return "false"
    if item is None:
        raise CliError(f'{where} is null: write "" for an empty value')
    raise CliError(f"{where} must be a string, number or boolean, not {_kind(item)}")


def _kind(item: object) -> str:
    return "an object" if isinstance(item, _Object) else "a list"


def load_pairs(data: bytes, name: str) -> list[tuple[str, str]]:
    """The pairs of a JSON list of [name, value] lists or of a JSON object."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CliError(
            f"{name} is not UTF-8: byte {data[error.start]:#04x} at offset {error.start}"
        ) from None
    try:
        loaded = json.loads(
            text,
            object_pairs_hook=_Object,
            parse_int=str,
            parse_float=str,
            parse_constant=_reject_constant,
        )
    except json.JSONDecodeError as error:
        raise CliError(f"{name} is not JSON: {error}") from None
    except RecursionError:
        raise CliError(f"{name} is JSON nested too deeply") from None
    if isinstance(loaded, _Object):
        return [
            (_text(key, f"name {key!r}"), _text(value, f"value of {key!r}"))
            for key, value in loaded
        ]
    if not isinstance(loaded, list):
        kind = "a string" if isinstance(loaded, str) else "a number or boolean"
        raise CliError(f"expected a JSON list of [name, value] pairs or an object, got {kind}")
    pairs = []
    for index, item in enumerate(loaded):
        if isinstance(item, _Object) or not isinstance(item, list) or len(item) != 2:
            raise CliError(f"item {index} is not a [name, value] pair: {json.dumps(item)[:60]}")
        pairs.append(
            (_text(item[0], f"item {index}'s name"), _text(item[1], f"item {index}'s value"))
        )
    return pairs


def _serialize_nested(source: Source, arguments: argparse.Namespace) -> int:
    """serialize --nested: a JSON object of objects, lists and leaves, as bracketed names."""
    from ..._web import serialize_nested

    data = read_all(source, arguments.max_body_size)
    try:
        loaded = json.loads(data.decode("utf-8"), parse_float=_reject_float)
    except UnicodeDecodeError as error:
        raise CliError(f"{source.name} is not UTF-8: byte at offset {error.start}") from None
    except json.JSONDecodeError as error:
        raise CliError(f"{source.name} is not JSON: {error}") from None
    if not isinstance(loaded, dict):
        raise CliError("--nested expects a JSON object")
    text = serialize_nested(loaded, list_format=arguments.list_format, encoding=arguments.encoding)
    write(text.encode("ascii") + b"\n")
    return 0


def _reject_float(text: str) -> object:
    raise CliError(f"{text} is not an integer: write a number with a fraction as a string")


def run_serialize(arguments: argparse.Namespace) -> int:
    source = Source("serialize", arguments.json, arguments.file)
    if arguments.nested:
        return _serialize_nested(source, arguments)
    pairs = load_pairs(read_all(source, arguments.max_body_size), source.name)
    text = serialize(
        pairs,
        encoding=arguments.encoding,
        separator=arguments.separator,
        space_as_plus=arguments.space_as_plus,
        newlines=arguments.newlines,
        fill_charset_field=arguments.fill_charset_field,
        isindex=arguments.isindex,
    )
    write(text.encode("ascii") + b"\n")
    return 0


def _whole_input(arguments: argparse.Namespace, command: str) -> tuple[bytes, str, int]:
    """The input of explain and lint, what it is, and the query's offset in it.

    A URL, request target or log line gives its query; a final newline is
    kept (lint reports it). ``lint`` keeps a leading '?' of a bare query, so
    that it reports it; ``explain`` drops it and says so.
    """
    source = Source(command, arguments.data, arguments.file)
    data = read_all(source, arguments.max_body_size)
    if source.is_stream and arguments.strip_newline:
        data = strip_newline(data)
    if command == "lint" and arguments.input_format == "auto" and data.startswith(b"?"):
        return data, "body", 0
    kind, query, start = input_query(
        data, arguments.input_format, None if command == "explain" else command
    )
    return query or b"", kind, start


def _stream_text(source: Source, arguments: argparse.Namespace) -> bytes:
    """A file or standard input whole, with the final-newline rule of parse."""
    data = read_all(source, arguments.max_body_size)
    if ends_with_newline(data):
        if arguments.strip_newline:
            data = strip_newline(data)
        else:
            _warn_newline(source.command)
    return data


def _list_dialects() -> int:
    from ...dialects import DIALECTS

    width = max(map(len, DIALECTS))
    lines = []
    for key, dialect in DIALECTS.items():
        what = dialect.description if key == dialect.name else f"the same as {dialect.name}"
        lines.append(f"{key:<{width}}  {what}".rstrip() + "\n")
    write("".join(lines).encode("utf-8"))
    return 0


def run_encode(arguments: argparse.Namespace) -> int:
    from ...dialects import get_dialect

    if arguments.list_dialects:
        return _list_dialects()
    dialect = get_dialect(arguments.dialect)
    encoding = get_encoding(arguments.encoding)
    source = Source("encode", arguments.value, arguments.file)
    value: str | bytes
    if source.argument is not None:
        value = source.argument
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            value = source.argument_bytes()  # not UTF-8: the bytes the shell passed
    else:
        value = _stream_text(source, arguments)
        # Text not in UTF-8 is percent-encoded as the bytes it is.
        with contextlib.suppress(UnicodeDecodeError):
            value = value.decode("utf-8")
    if isinstance(value, bytes) and encoding.name != "UTF-8":
        raise CliError(
            f"{source.name} is not UTF-8 text, so it cannot be encoded in {encoding.name}"
        )
    write(dialect.encode(value, encoding=encoding).encode("ascii") + b"\n")
    return 0


def run_decode(arguments: argparse.Namespace) -> int:
    from ...dialects import get_dialect

    if arguments.list_dialects:
        return _list_dialects()
    dialect = get_dialect(arguments.dialect)
    encoding = get_encoding(arguments.encoding)
    source = Source("decode", arguments.value, arguments.file)
    value = (
        source.argument_bytes() if source.argument is not None else _stream_text(source, arguments)
    )
    if arguments.bytes:
        write(dialect.decode_bytes(value))
        return 0
    if encoding.name == "UTF-8":
        text = dialect.decode(value, errors="strict" if arguments.strict else "replace")
    else:
        try:
            text = decode(encoding, dialect.decode_bytes(value), fatal=arguments.strict)
        except UnicodeDecodeError as error:
            raise CliError(
                f"the decoded bytes are not valid {encoding.name} at byte {error.start}"
            ) from None
    # A lone surrogate (JavaScript's unescape("%uD800")) has no UTF-8 form: show it escaped.
    write(text.encode("utf-8", "backslashreplace") + b"\n")
    return 0


def _color() -> bool:
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def _max_findings(arguments: argparse.Namespace) -> int | None:
    """How many findings (lint) or pairs and findings (explain) to show; None: all."""
    given: int | None = arguments.max_findings
    if arguments.json:
        if given != UNSET:
            raise CliError(
                "--json prints one whole document; --max-findings goes with text or --format json"
            )
        return None
    if given == UNSET:
        return None if arguments.format == "json" else DEFAULT_MAX_FINDINGS
    return given


def _input_line(kind: str, start: int, size: int) -> str:
    """The first line of explain's text when the input is more than a body."""
    what = KINDS.get(kind, "an access-log line")
    if start < 0:
        return f"input: {what}; explaining its query"
    return f"input: {what}; explaining its query, bytes {start}-{start + size - 1} of the input"


def run_explain(arguments: argparse.Namespace) -> int:
    from ..._html import guess_encoding, rank_encodings
    from .._explain import (
        SEVERITIES,
        ExplainedPair,
        TextReport,
        finding_json_text,
        header_json,
        iter_explain,
        outline,
        outside_findings,
        pair_json_text,
        tally,
    )
    from .._lint import iter_lint

    limit = _max_findings(arguments)
    data, kind, start = _whole_input(arguments, "explain")
    candidates = matches = None
    label = arguments.encoding
    ranking = None
    if arguments.guess_encoding is not None:
        candidates = guess_candidates(arguments.guess_encoding)
        matches = [match.name for match in guess_encoding(data, candidates)]
        ranked = rank_encodings(data, candidates)
        ranking = [
            {"encoding": entry.encoding.name, "cost": entry.cost, "reason": entry.reason}
            for entry in ranked
        ]
        if label is None and ranked:
            label = ranked[0].encoding.name
    encoding = get_encoding(label or "UTF-8")
    pieces = iter_explain(data, encoding=encoding)
    header = header_json(encoding.name, len(data), candidates, matches, ranking)
    if kind != "body":
        # What the input was: the query's place in it (-1: not a slice of it).
        header = {"input": kind, "query_start": start, **header}
    output = Output()
    if arguments.json:
        # The document of render_json, written as the pairs come; the findings
        # between pairs follow them, from a second, quick pass.
        output.add(_json(header)[:-1] + ', "pairs": [')
        separator = ""
        errors = 0
        for piece in pieces:
            if isinstance(piece, ExplainedPair):
                output.add(separator + pair_json_text(piece))
                separator = ", "
                errors += sum(finding.severity == "error" for finding in piece.findings)
        output.add('], "findings": [')
        separator = ""
        for finding in outside_findings(data):
            output.add(separator + finding_json_text(finding))
            separator = ", "
            errors += finding.severity == "error"
        output.add("]}\n")
        output.flush()
        return 1 if errors else 0
    text = None
    if arguments.format != "json":
        if kind != "body":
            output.line(_input_line(kind, start, len(data)))
        text = TextReport(data, header, color=_color(), line=output.line)
    shown_pairs = shown_outside = 0
    counts = dict.fromkeys(SEVERITIES, 0)
    for piece in itertools.islice(pieces, limit):
        if isinstance(piece, ExplainedPair):
            shown_pairs += 1
            for finding in piece.findings:
                counts[finding.severity] += 1
            if text is not None:
                text.pair(piece)
            else:
                output.line('{"type": "pair", ' + pair_json_text(piece)[1:])
        else:
            shown_outside += 1
            counts[piece.severity] += 1
            if text is None:
                output.line('{"type": "finding", ' + finding_json_text(piece)[1:])
    hidden_pairs = hidden_outside = 0
    if next(pieces, None) is not None:
        # Past the limit only the numbers matter: one lint pass counts the findings.
        output.flush()
        counts = tally(iter_lint(data, encoding=encoding))
        hidden_pairs = outline(data)[0] - shown_pairs
        hidden_outside = sum(1 for _ in outside_findings(data)) - shown_outside
    if text is not None:
        text.end(shown_outside, hidden_pairs, hidden_outside, counts)
    else:
        summary = {
            "type": "summary",
            **header,
            "pairs": shown_pairs + hidden_pairs,
            "findings": sum(counts.values()),
            "severities": counts,
            "not_shown": hidden_pairs + hidden_outside,
        }
        output.line(_json(summary))
    output.flush()
    return 1 if counts["error"] else 0


def run_lint(arguments: argparse.Namespace) -> int:
    from .._explain import SEVERITIES, counts_line, finding_json_text, plural, tally
    from .._lint import iter_lint

    limit = _max_findings(arguments)
    data, _, _ = _whole_input(arguments, "lint")
    findings = iter_lint(data, encoding=arguments.encoding)
    output = Output()
    if arguments.json:
        # One JSON list, written as the findings come.
        counts = dict.fromkeys(SEVERITIES, 0)
        output.add("[")
        separator = ""
        for finding in findings:
            counts[finding.severity] += 1
            output.add(separator + finding_json_text(finding))
            separator = ", "
        output.add("]\n")
        output.flush()
        return 1 if counts["error"] else 0
    text = arguments.format != "json"
    shown = dict.fromkeys(SEVERITIES, 0)
    for finding in itertools.islice(findings, limit):
        shown[finding.severity] += 1
        if text:
            output.line(str(finding))
        else:
            output.line('{"type": "finding", ' + finding_json_text(finding)[1:])
    output.flush()  # what is shown shows now; counting the rest may take a while
    # The rest are only counted, for the closing line and the exit status.
    hidden = tally(findings)
    counts = {severity: shown[severity] + hidden[severity] for severity in SEVERITIES}
    not_shown = sum(hidden.values())
    if not text:
        summary = {
            "type": "summary",
            "findings": sum(counts.values()),
            "severities": counts,
            "not_shown": not_shown,
        }
        output.line(_json(summary))
    elif not_shown:
        what = plural(not_shown, "more finding" if any(shown.values()) else "finding")
        output.line(f"... {what} not shown ({counts_line(hidden)}): --max-findings none shows all")
    output.flush()
    return 1 if counts["error"] else 0


COMMANDS = {
    "parse": run_parse,
    "serialize": run_serialize,
    "explain": run_explain,
    "lint": run_lint,
    "encode": run_encode,
    "decode": run_decode,
}
