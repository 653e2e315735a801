"""Input and output for the command line: arguments, files, standard input, stdout.

Input is bytes wherever it can be: an argument is turned back into the bytes
the shell passed (``os.fsencode`` undoes Python's surrogateescape), and a file
or standard input is read in binary. Whole-input commands read at most a
limit's worth of bytes and stop with a message beyond it; ``parse`` streams
instead (:func:`chunks`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from typing import BinaryIO

from ..._core import BLOCK

__all__ = [
    "CliError",
    "Output",
    "Source",
    "chunks",
    "note",
    "read_all",
    "report",
    "write",
]

# A URL: a scheme (https://url.spec.whatwg.org/#scheme-state) and "://".
_URL = re.compile(rb"[A-Za-z][A-Za-z0-9+.\-]*://")


class CliError(Exception):
    """A failure to report as one line on standard error, with exit status 2."""


class Source:
    """Where a command's input comes from: an argument, a file or standard input."""

    def __init__(self, command: str, argument: str | None, path: str | None) -> None:
        if argument is not None and path is not None:
            raise CliError("give the input as an argument or with --file, not both")
        self.command = command
        self.argument = argument
        self.path = None if path == "-" else path
        # Only stdin and files may end with a newline that the user did not mean.
        self.is_stream = argument is None

    @property
    def name(self) -> str:
        if self.argument is not None:
            return "the argument"
        return repr(self.path) if self.path is not None else "standard input"

    def open(self) -> BinaryIO:
        """The input as a binary stream; the caller closes it."""
        if self.path is not None:
            return open(self.path, "rb")
        stdin = sys.stdin
        if stdin is None:
            raise CliError("no standard input: pass the input as an argument or with --file")
        if stdin.isatty():
            report(
                f"urlencoded {self.command}: reading the input from the terminal; "
                "end it with Ctrl-D (or pass it as an argument)"
            )
        return stdin.buffer

    def argument_bytes(self) -> bytes:
        """The argument as the bytes the shell passed."""
        assert self.argument is not None
        return os.fsencode(self.argument)


def chunks(source: Source, size: int = BLOCK) -> Iterator[bytes]:
    """The input in chunks of at most *size* bytes."""
    if source.argument is not None:
        yield source.argument_bytes()
        return
    stream = source.open()
    try:
        while True:
            chunk = stream.read(size)
            if chunk:
                yield chunk
            # A buffered read returns less only at the end; a terminal's end
            # (Ctrl-D) is not sticky, so reading again would wait for more.
            if len(chunk) < size:
                return
    finally:
        if source.path is not None:
            stream.close()


def read_all(source: Source, limit: int | None) -> bytes:
    """The whole input; more than *limit* bytes is an error naming the option."""
    parts = []
    total = 0
    for chunk in chunks(source):
        total += len(chunk)
        if limit is not None and total > limit:
            raise CliError(
                f"{source.name} is larger than --max-body-size={limit} bytes "
                "(--max-body-size none lifts the limit)"
            )
        parts.append(chunk)
    return b"".join(parts)


def strip_newline(data: bytes) -> bytes:
    """*data* without one trailing LF or CRLF."""
    if data.endswith(b"\r\n"):
        return data[:-2]
    if data.endswith(b"\n"):
        return data[:-1]
    return data


def ends_with_newline(data: bytes) -> bool:
    return data.endswith((b"\n", b"\r"))


def write(data: bytes) -> None:
    """Write *data* to standard output as bytes, so any text prints whatever the locale."""
    if sys.stdout is None:
        raise CliError("standard output is closed")
    stream = getattr(sys.stdout, "buffer", None)
    if stream is not None:
        stream.write(data)
        stream.flush()
    else:
        sys.stdout.write(data.decode("utf-8"))
        sys.stdout.flush()


class Output:
    """Standard output for many short lines: written a block at a time, not a line at a time."""

    def __init__(self, size: int = BLOCK) -> None:
        self._lines: list[str] = []
        self._held = 0
        self._size = size

    def add(self, text: str) -> None:
        """Queue *text* (whole lines, newlines included); write the queue once it is a block."""
        self._lines.append(text)
        self._held += len(text)
        if self._held >= self._size:
            self.flush()

    def line(self, text: str) -> None:
        """Queue one line."""
        self.add(text + "\n")

    def flush(self) -> None:
        """Write what is queued, so that it shows before a long silence or the end."""
        if self._lines:
            data = "".join(self._lines).encode("utf-8")
            self._lines.clear()
            self._held = 0
            write(data)


def note(command: str, text: str) -> None:
    """One line of information or warning on standard error (if there is one)."""
    report(f"urlencoded {command}: {text}")


def report(line: str) -> None:
    """Write *line* to standard error; a closed or broken stderr is ignored."""
    if sys.stderr is None:
        return
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
