"""The command line: ``urlencoded parse|serialize|encode|decode|explain|lint``.

Exit statuses: 0 ok; 1 findings (``lint`` and ``explain`` found an error)
or failed lines (``parse --lines``: a line that failed or was not in the
input format); 2 a usage or input error, always one line on standard error,
never a traceback: bad options, bad input, a limit, invalid UTF-8 where JSON
is expected, JSON nested too deeply, memory exhaustion. A closed output pipe
ends the command quietly with status 141 (see :data:`CLOSED_PIPE`).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn

from ..._core import DEFAULT_MAX_BODY_SIZE, DEFAULT_MAX_FIELD_SIZE, DEFAULT_MAX_FIELDS
from ..._errors import URLEncodedError
from ._commands import COMMANDS, DEFAULT_MAX_FINDINGS, UNSET
from ._io import CliError, report

__all__ = ["CLOSED_PIPE", "main"]

#: The exit status after a closed output pipe: 128 + SIGPIPE (13), as shells report it.
CLOSED_PIPE = 141


class _UsageError(Exception):
    """A bad command line, reported in one line."""

    def __init__(self, prog: str, message: str) -> None:
        self.prog = prog
        super().__init__(message)


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(self.prog, message)


def _limit(text: str) -> int | None:
    """A limit option: a number of 0 or more, or ``none``."""
    if text.lower() == "none":
        return None
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number or 'none', got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {value}")
    return value


def _add_input(command: argparse.ArgumentParser, name: str, what: str) -> None:
    command.add_argument(name, nargs="?", help=f"{what} (default: read --file, or standard input)")
    command.add_argument(
        "--file", "-f", metavar="PATH", help="read the input from PATH ('-': stdin)"
    )


def _add_strip_newline(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--strip-newline",
        action="store_true",
        help="drop one final LF or CRLF from a file or standard input (as echo adds)",
    )


def _separator(text: str) -> str:
    if len(text) != 1 or not text.isascii():
        raise argparse.ArgumentTypeError(f"expected one ASCII character, got {text!r}")
    return text


def _separators(text: str) -> str | tuple[str, ...]:
    """A parser's --separator: one ASCII character, or several (a tuple: split on each)."""
    if not text or not text.isascii():
        raise argparse.ArgumentTypeError(f"expected one or more ASCII characters, got {text!r}")
    return text if len(text) == 1 else tuple(text)


def _add_separator(command: argparse.ArgumentParser, what: str) -> None:
    command.add_argument(
        "--separator",
        type=_separator,
        default="&",
        metavar="C",
        help=f"the one ASCII character that {what} (default '&'; ';' for old HTML 4 forms)",
    )


def _add_separators(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--separator",
        type=_separators,
        default="&",
        metavar="C...",
        help="the ASCII characters that separate fields, each one alone (default '&'; ';' "
        "for old HTML 4 forms; '&;' for both)",
    )


def _add_max_body_size(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--max-body-size",
        type=_limit,
        default=DEFAULT_MAX_BODY_SIZE,
        metavar="N",
        help=f"most bytes of input (default {DEFAULT_MAX_BODY_SIZE}; 'none': no limit)",
    )


_INPUT_FORMATS = {
    "auto": "detect: a body, '?query', request target or URL (with --lines: an access-log "
    "format, URLs, or each line as what it is)",
    "body": "the urlencoded text itself (with --lines: or a URL's query, line by line)",
    "url": "a URL, with a scheme or without ('example.com/?q=1'), or a request target "
    "('/path?query'): its query, as query_params reads it",
    "common": "an access-log line in the NCSA common format: the request target's query",
    "combined": "an access-log line in the combined format (nginx's and Apache's default)",
    "regex": "with --regex: the named group 'query' (or 'target', a URL or target)",
}


def _add_input_format(command: argparse.ArgumentParser, *, regex: bool) -> None:
    """--input-format (and --regex): where the query is in the input."""
    formats = [name for name in _INPUT_FORMATS if regex or name != "regex"]
    command.add_argument(
        "--input-format",
        choices=formats,
        default="auto",
        help="; ".join(f"'{name}': {_INPUT_FORMATS[name]}" for name in formats)
        + " (default 'auto')",
    )
    if regex:
        command.add_argument(
            "--regex",
            metavar="PATTERN",
            help="a Python regular expression searched in each line, with a named group "
            "'query' or 'target' (implies --input-format regex)",
        )


def _add_report_options(command: argparse.ArgumentParser, each: str, what: str) -> None:
    """--json, --format and --max-findings of explain and lint."""
    formats = command.add_mutually_exclusive_group()
    formats.add_argument(
        "--format",
        choices=["text", "json"],
        help=f"'text' (the default) or 'json': JSON Lines, one object per {each}, then a "
        "summary, printed as they are found",
    )
    formats.add_argument(
        "--json",
        action="store_true",
        help=f"print all the {what} as one JSON document",
    )
    command.add_argument(
        "--max-findings",
        type=_limit,
        default=UNSET,
        metavar="N",
        help=f"show the first N {what} and count the rest (default {DEFAULT_MAX_FINDINGS} "
        "for text, no limit for --format json; 'none': no limit)",
    )


_EXAMPLES = {
    "parse": """examples:
  urlencoded parse 'q=caf%C3%A9+au+lait&x'
  urlencoded parse 'https://example.com/search?q=a+b#top'
  printf 'a=1&b=2' | urlencoded parse
  urlencoded parse --encoding shift_jis 'q=%93%FA%96%7B'
  urlencoded parse --charset-field _charset_ '_charset_=Shift_JIS&q=%93%FA'
  urlencoded parse --guess-encoding utf-8,euc-jp,shift_jis 'q=%93%FA%96%7B'
  urlencoded parse --separator ';' 'a=1;b=2'
  urlencoded parse --separator '&;' 'a=1;b=2&c=3'
  urlencoded parse --lines --jobs 2 --file access-queries.txt > pairs.jsonl
  urlencoded parse '/search?q=a+b&page=2'
  urlencoded parse --nested 'user[name]=x&tags[]=a&tags[]=b'
  urlencoded parse --lines --input-format combined --format csv --columns utm_source,q \\
      --file access.log > queries.csv
  urlencoded parse --lines --guess-encoding utf-8,shift_jis,euc-jp --summary --file access.log
  urlencoded parse --lines --regex 'GET (?P<target>[^ ]+)' --file app.log
  urlencoded parse --lines --input-format combined --format parquet --output queries.parquet \\
      --file access.log""",
    "serialize": """examples:
  urlencoded serialize '[["q", "café au lait"], ["n", 1]]'
  urlencoded serialize '{"a": true, "b": 1.50}'
  echo '{"q": "日本"}' | urlencoded serialize --encoding shift_jis
  urlencoded serialize --newlines crlf --fill-charset-field '[["_charset_", ""], ["t", "a\\nb"]]'
  urlencoded serialize --no-space-as-plus --separator ';' '{"a": "1 2", "b": "3"}'
  urlencoded serialize --nested '{"user": {"name": "x"}, "tags": ["a", "b"]}'""",
    "encode": """examples:
  urlencoded encode 'café au lait~'
  urlencoded encode --dialect rfc3986 'café au lait~'
  urlencoded encode --dialect oauth1 --encoding utf-8 'a b'
  printf '%s' 'x y' | urlencoded encode --dialect js-uri-component
  urlencoded encode --list-dialects""",
    "decode": """examples:
  urlencoded decode 'caf%C3%A9+au+lait'
  urlencoded decode --dialect rfc3986 'a+b%20c'
  urlencoded decode --encoding shift_jis '%93%FA%96%7B'
  urlencoded decode --dialect js-escape '%u65E5'
  urlencoded decode --bytes '%12%34' | xxd""",
    "explain": """examples:
  urlencoded explain 'a=1;b=2&c=%zz'
  urlencoded explain --encoding shift_jis --file body.bin
  urlencoded explain --guess-encoding utf-8,shift_jis,euc-jp --file body.bin
  urlencoded explain --json 'a=1'
  urlencoded explain --format json --max-findings none --file body.bin > pairs.jsonl""",
    "lint": """examples:
  urlencoded lint 'a=1;b=2'
  urlencoded lint --strip-newline --file body.txt || echo 'the body has errors'
  urlencoded lint --json '?a=%zz'
  urlencoded lint --max-findings 10 --file big-body.txt
  urlencoded lint --format json --file big-body.txt | jq -c 'select(.severity == "error")'""",
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the whole command line."""
    from ... import __version__

    cli = _ArgumentParser(
        prog="urlencoded",
        description="Parse, build, explain and lint application/x-www-form-urlencoded "
        "data as the WHATWG URL Standard defines it.",
    )
    cli.add_argument("--version", action="version", version=f"urlencoded {__version__}")
    commands = cli.add_subparsers(dest="command", metavar="COMMAND", parser_class=_ArgumentParser)
    commands.required = True

    def command(name: str, summary: str) -> argparse.ArgumentParser:
        return commands.add_parser(
            name,
            help=summary,
            description=summary[0].upper() + summary[1:] + ".",
            epilog=_EXAMPLES.get(name),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )

    parse = command("parse", "print the (name, value) pairs of urlencoded input as JSON")
    _add_input(parse, "data", "the body, query, '?query' or URL")
    parse.add_argument(
        "--encoding", default="UTF-8", help="decode names and values with this encoding label"
    )
    parse.add_argument(
        "--strict", action="store_true", help="fail on bytes invalid in the encoding"
    )
    parse.add_argument(
        "--isindex",
        action="store_true",
        help="a first field without '=' is a value with an empty name",
    )
    parse.add_argument(
        "--charset-field",
        metavar="NAME",
        help="decode every field in the encoding that the field NAME names, if it names one "
        "(browsers fill in '_charset_')",
    )
    _add_separators(parse)
    parse.add_argument(
        "--guess-encoding",
        metavar="LABEL,...",
        help="parse in the first of these encodings that decodes every field (reads the whole "
        "input first; with --lines, chosen per line)",
    )
    parse.add_argument(
        "--max-fields",
        type=_limit,
        default=DEFAULT_MAX_FIELDS,
        metavar="N",
        help=f"most fields (default {DEFAULT_MAX_FIELDS}; 'none': no limit)",
    )
    parse.add_argument(
        "--max-field-size",
        type=_limit,
        default=DEFAULT_MAX_FIELD_SIZE,
        metavar="N",
        help=f"most bytes of one name plus value (default {DEFAULT_MAX_FIELD_SIZE}; 'none')",
    )
    _add_max_body_size(parse)
    _add_strip_newline(parse)
    _add_input_format(parse, regex=True)
    parse.add_argument(
        "--lines",
        action="store_true",
        help="one input per line (see --input-format); print one JSON value per line",
    )
    parse.add_argument(
        "--jobs", "-j", type=int, metavar="N", help="with --lines: use N processes (default 1)"
    )
    parse.add_argument(
        "--nested",
        action="store_true",
        help="print bracketed names (a[b][0]=x) as nested JSON objects and lists",
    )
    parse.add_argument(
        "--format",
        choices=["json", "csv", "tsv", "parquet"],
        default="json",
        help="with --lines: 'json' (JSON Lines, the default), or 'csv' (RFC 4180) or 'tsv' "
        "with the --columns named, or 'parquet' to --output (needs the 'arrow' extra): a "
        "'pairs' column, or the --columns named",
    )
    parse.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        help="with --format parquet: the file to write ('-': standard output)",
    )
    parse.add_argument(
        "--columns",
        metavar="NAME,...",
        help="with --format csv, tsv or parquet: the fields to write, one column each (the "
        "first value)",
    )
    parse.add_argument(
        "--all-values",
        nargs="?",
        const="|",
        metavar="SEP",
        help="with --columns: write every value of a field, joined by SEP (default '|')",
    )
    parse.add_argument(
        "--summary",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="with --lines: print counts to standard error at the end (default: when standard "
        "error is a terminal)",
    )

    serialize = command("serialize", "print a JSON list of pairs or a JSON object as urlencoded")
    _add_input(serialize, "json", "the JSON")
    serialize.add_argument("--encoding", default="UTF-8", help="encode with this encoding label")
    _add_separator(serialize, "goes between pairs")
    serialize.add_argument(
        "--space-as-plus",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="write a space as '+' (the default) or, with --no-space-as-plus, as '%%20'",
    )
    serialize.add_argument(
        "--newlines",
        choices=["crlf"],
        help="'crlf': turn every CR, LF and CRLF in names and values into CRLF, as browsers do",
    )
    serialize.add_argument(
        "--fill-charset-field",
        action="store_true",
        help="give an empty '_charset_' field the output encoding's name, as browsers do",
    )
    serialize.add_argument(
        "--isindex",
        action="store_true",
        help="write a first pair named 'isindex' as its value alone",
    )
    serialize.add_argument(
        "--nested",
        action="store_true",
        help="read a JSON object of objects and lists; write bracketed names (a[b][0]=x)",
    )
    serialize.add_argument(
        "--list-format",
        choices=["indices", "brackets", "repeat"],
        default="indices",
        help="with --nested: a[0]=x (the default), a[]=x or a=x for list items",
    )
    _add_max_body_size(serialize)

    for name, summary, what in (
        ("encode", "percent-encode text in a dialect (default WHATWG_FORM)", "the text"),
        ("decode", "percent-decode text in a dialect (default WHATWG_FORM)", "the encoded text"),
    ):
        coder = command(name, summary)
        _add_input(coder, "value", what)
        coder.add_argument(
            "--dialect",
            "-d",
            default="WHATWG_FORM",
            metavar="NAME",
            help="the dialect: RFC3986, OAUTH1, JS_URI_COMPONENT, ... (see --list-dialects)",
        )
        coder.add_argument(
            "--list-dialects", action="store_true", help="list the dialects and exit"
        )
        coder.add_argument(
            "--encoding",
            default="UTF-8",
            help="the encoding of the text (default UTF-8)",
        )
        if name == "decode":
            coder.add_argument(
                "--strict",
                action="store_true",
                help="fail on bytes invalid in the encoding (and, in JavaScript's dialects, "
                "on malformed escapes) instead of writing U+FFFD",
            )
            coder.add_argument(
                "--bytes", action="store_true", help="write the decoded bytes as they are"
            )
        _add_max_body_size(coder)
        _add_strip_newline(coder)

    explain = command("explain", "show each pair's bytes, decoding and lint findings")
    _add_input(explain, "data", "the body, query or URL")
    _add_input_format(explain, regex=False)
    explain.add_argument("--encoding", default=None, help="read names and values in this encoding")
    explain.add_argument(
        "--guess-encoding",
        metavar="LABEL,...",
        help="say which of these encodings decode every field; read in the first one "
        "(unless --encoding is given)",
    )
    _add_report_options(explain, "pair and each finding between pairs", "pairs and findings")
    _add_max_body_size(explain)
    _add_strip_newline(explain)

    lint = command("lint", "list likely mistakes; exit 1 if any is an error")
    _add_input(lint, "data", "the body, query or URL")
    _add_input_format(lint, regex=False)
    lint.add_argument("--encoding", default="UTF-8", help="the encoding the input is meant in")
    _add_report_options(lint, "finding", "findings")
    _add_max_body_size(lint)
    _add_strip_newline(lint)
    return cli


def _one_line(text: str) -> str:
    return " ".join(text.split("\n")).strip()


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that flushing at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Run the command line with *argv* (default: ``sys.argv[1:]``); return the exit status.

    >>> main(["parse", "a=b+c&d"])
    [["a", "b c"], ["d", ""]]
    0

    .. versionadded:: 1.0
    """
    name = "urlencoded"
    try:
        try:
            arguments = build_parser().parse_args(argv)
        except _UsageError as error:
            report(f"{error.prog}: error: {_one_line(str(error))} (see --help)")
            return 2
        except SystemExit as exit:  # --help, --version
            return exit.code if isinstance(exit.code, int) else 0
        name = f"urlencoded {arguments.command}"
        status: int = COMMANDS[arguments.command](arguments)
        return status
    except (CliError, URLEncodedError, ValueError, TypeError, LookupError) as error:
        message = str(error)
    except RecursionError:
        message = "the input is nested too deeply"
    except MemoryError:
        message = "out of memory: the input is too large (lower the limits)"
    except BrokenPipeError:
        # The reader went away (``| head -1``): stop quietly, with the status a
        # shell gives a program that SIGPIPE ended, as ``yes | head -1`` does.
        _silence_stdout()
        return CLOSED_PIPE
    except OSError as error:
        where = f": {error.filename}" if error.filename else ""
        message = f"{error.strerror or error}{where}"
    except KeyboardInterrupt:
        report(f"{name}: interrupted")
        return 130
    except Exception as error:  # a bug; still no traceback
        message = f"internal error: {type(error).__name__}: {error}"
    report(f"{name}: error: {_one_line(message)}")
    return 2
