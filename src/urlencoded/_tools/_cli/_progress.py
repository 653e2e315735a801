"""What ``parse --lines`` shows on standard error: a progress line and the closing counts."""

from __future__ import annotations

import sys
import time
from typing import Any

__all__ = ["Progress", "summary_line"]


def _megabytes(count: int) -> str:
    return f"{count / 1e6:.1f} MB"


class Progress:
    """A progress line on standard error: bytes, lines, MB/s, and time left for a file."""

    def __init__(self, total: int | None) -> None:
        self.total = total
        self.start = time.monotonic()
        self.drawn = 0.0
        self.width = 0

    def update(self, done: int, lines: int, *, last: bool = False) -> None:
        now = time.monotonic()
        if not last and now - self.drawn < 0.2:
            return
        self.drawn = now
        seconds = max(now - self.start, 1e-6)
        rate = done / seconds
        parts = [f"{lines:,} lines", f"{rate / 1e6:.1f} MB/s"]
        if self.total is None:
            text = f"{_megabytes(done)}, " + ", ".join(parts)
        else:
            percent = min(100, done * 100 // max(self.total, 1))
            bar = "#" * (percent // 4)
            left = (self.total - done) / rate if rate else 0.0
            text = (
                f"[{bar:<25}] {percent:3d}% of {_megabytes(self.total)}, "
                + ", ".join(parts)
                + f", {left:.0f} s left"
            )
        self.width = max(self.width, len(text))
        sys.stderr.write("\r" + text.ljust(self.width))
        sys.stderr.flush()

    def finish(self) -> None:
        sys.stderr.write("\r" + " " * self.width + "\r")
        sys.stderr.flush()


def summary_line(counts: dict[str, Any], detected: str | None, guessing: bool = False) -> str:
    """The closing summary: every line accounted for (with *guessing*, the close calls)."""
    encodings = counts["encodings"]
    text = (
        f"{counts['lines']} lines: {counts['parsed']} parsed, "
        f"{counts['skipped']} skipped (no query), {counts['unmatched']} not in the format, "
        f"{counts['failed']} failed; {counts['fields']} fields, "
        f"{counts['replaced']} with U+FFFD"
    )
    if encodings:
        text += "; " + ", ".join(f"{name} {count}" for name, count in sorted(encodings.items()))
    if guessing:
        close = counts["close"]
        text += f"; {close} close call{'' if close == 1 else 's'}"
    if detected is not None:
        text += f"; format {detected}"
    return text
