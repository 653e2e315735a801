"""Command line: ``python -m urlencoded parse|serialize``.

``parse`` reads an argument (or standard input, as bytes) and prints the
pairs as a JSON list of ``[name, value]`` lists; ``serialize`` reads a JSON
list of pairs or a JSON object and prints the urlencoded string. Bad input
gets a one-line message on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from ._errors import URLEncodedError
from ._form import parse, serialize

__all__ = ["main"]


def _build_parser() -> argparse.ArgumentParser:
    cli = argparse.ArgumentParser(
        prog="urlencoded",
        description="Parse and serialize application/x-www-form-urlencoded data "
        "as the WHATWG URL Standard does.",
    )
    commands = cli.add_subparsers(dest="command", required=True)
    parse_command = commands.add_parser(
        "parse", help="print the (name, value) pairs of urlencoded input as JSON"
    )
    parse_command.add_argument(
        "data", nargs="?", help="the urlencoded string (default: read bytes from stdin)"
    )
    parse_command.add_argument(
        "--encoding", default="UTF-8", help="decode with this encoding label"
    )
    parse_command.add_argument(
        "--strict", action="store_true", help="fail on bytes that are invalid in the encoding"
    )
    serialize_command = commands.add_parser(
        "serialize", help="print a JSON list of pairs or a JSON object as urlencoded"
    )
    serialize_command.add_argument("json", nargs="?", help="the JSON (default: read stdin)")
    serialize_command.add_argument(
        "--encoding", default="UTF-8", help="encode with this encoding label"
    )
    return cli


def _run(arguments: argparse.Namespace) -> str:
    if arguments.command == "parse":
        data: bytes | str = (
            arguments.data if arguments.data is not None else sys.stdin.buffer.read()
        )
        pairs = parse(
            data, encoding=arguments.encoding, errors="strict" if arguments.strict else "replace"
        )
        return json.dumps([list(pair) for pair in pairs], ensure_ascii=False)
    text = arguments.json if arguments.json is not None else sys.stdin.read()
    try:
        loaded = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"input is not JSON: {error}") from None
    if isinstance(loaded, list):
        for index, item in enumerate(loaded):
            if not isinstance(item, list) or len(item) != 2:
                raise ValueError(f"item {index} is not a [name, value] pair: {item!r}")
    elif not isinstance(loaded, dict):
        raise ValueError(f"expected a JSON list of pairs or an object, got {type(loaded).__name__}")
    return serialize(loaded, encoding=arguments.encoding)


def main(argv: list[str] | None = None) -> int:
    """Run the command line with *argv* (default: ``sys.argv[1:]``); return the exit status.

    >>> main(["parse", "a=b+c&d"])
    [["a", "b c"], ["d", ""]]
    0

    .. versionadded:: 1.0
    """
    arguments = _build_parser().parse_args(argv)
    try:
        output = _run(arguments)
    except (URLEncodedError, ValueError, TypeError) as error:
        print(f"urlencoded {arguments.command}: error: {error}", file=sys.stderr)
        return 2
    # UTF-8 whatever the terminal's encoding, so any decoded text can be printed.
    stream = getattr(sys.stdout, "buffer", None)
    if stream is not None:
        stream.write(output.encode("utf-8") + b"\n")
        stream.flush()
    else:
        sys.stdout.write(output + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
