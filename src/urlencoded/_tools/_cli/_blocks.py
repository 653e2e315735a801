"""Input for ``parse --lines``: blocks of whole lines, and ranges of a file for workers.

A block is about :data:`BLOCK_SIZE` bytes of whole lines; a line longer than
the limit is not held, only measured (its length stands for it), so that
memory stays bounded by the block size however long a line is.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from typing import Any, BinaryIO, Union

from ..._core import BLOCK

__all__ = [
    "BLOCK_SIZE",
    "Block",
    "Prefixed",
    "Slice",
    "blocks",
    "file_ranges",
    "regular_file_size",
    "reopenable_path",
]

# Lines go to the workers in blocks of this size: much larger than the
# parser's BLOCK, so that handing a block over costs little beside parsing it.
BLOCK_SIZE = 1024 * 1024

# A block of whole lines, or the length of one line too long to hold.
Block = Union[bytes, int]


def blocks(stream: Any, max_line: int | None) -> Iterator[Block]:
    """Blocks of whole lines from *stream*; a line longer than *max_line* becomes its length."""
    carry = b""
    while True:
        data = stream.read(BLOCK_SIZE)
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


class Prefixed:
    """A stream whose first bytes were already read: *head*, then the rest of *stream*."""

    def __init__(self, head: bytes, stream: BinaryIO) -> None:
        self.head = head
        self.stream = stream

    def read(self, size: int) -> bytes:
        if self.head:
            data, self.head = self.head, b""
            return data
        return self.stream.read(size)


class Slice:
    """The bytes of an open file from its current position, up to *size* of them."""

    def __init__(self, file: BinaryIO, size: int) -> None:
        self.file = file
        self.left = size

    def read(self, size: int) -> bytes:
        data = self.file.read(min(size, self.left))
        self.left -= len(data)
        return data


def file_ranges(stream: BinaryIO, size: int, start: int = 0) -> Iterator[tuple[int, int]]:
    """Ranges of whole lines of about BLOCK_SIZE bytes covering a file from *start* to *size*."""
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


def reopenable_path(stream: BinaryIO) -> str | None:
    """A path that opens the same regular file as *stream* (standard input redirected from a
    file), so that workers read their ranges themselves instead of being sent the bytes."""
    try:
        descriptor = stream.fileno()
        status = os.fstat(descriptor)
        candidates = [os.readlink(f"/proc/self/fd/{descriptor}")]
    except (OSError, ValueError, AttributeError):
        return None
    # Also the descriptor's own entry, which opens the file even if it was renamed or removed.
    candidates.append(f"/proc/{os.getpid()}/fd/{descriptor}")
    for path in candidates:
        try:
            found = os.stat(path)
        except OSError:
            continue
        if (found.st_dev, found.st_ino) == (status.st_dev, status.st_ino):
            return path
    return None


def regular_file_size(stream: BinaryIO) -> int | None:
    try:
        status = os.fstat(stream.fileno())
    except (OSError, ValueError):
        return None
    return status.st_size if stat.S_ISREG(status.st_mode) else None
