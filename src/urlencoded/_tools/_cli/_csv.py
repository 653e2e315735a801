"""CSV and TSV rows for ``parse --lines``, byte for byte the same on every Python.

The output is what Python's :mod:`csv` writes with the ``excel`` dialect (CSV,
RFC 4180) or ``excel-tab`` (TSV): CRLF after each row, and a field quoted,
its quotes doubled, when it holds the delimiter, a quote, a CR or an LF; a
row of one empty field is ``""``, so that it is not an empty line. One
difference, for the sake of the other: a field holding NUL (a value with
``%00``) is quoted too. Python's own writer quoted it up to 3.9, fails on
it in 3.10 ("need to escape, but no escapechar set") and writes it bare from
3.11, so it cannot be trusted to write the same bytes everywhere; quoting it
keeps the value whole (RFC 4180 allows any character inside quotes).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from itertools import chain

__all__ = ["DELIMITERS", "csv_text"]

#: The delimiter of each table format.
DELIMITERS = {"csv": ",", "tsv": "\t"}

_DIALECTS = {",": "excel", "\t": "excel-tab"}
# What makes a field quoted, per delimiter.
_QUOTED = {
    delimiter: re.compile("[" + re.escape(delimiter) + '"\r\n\x00]') for delimiter in _DIALECTS
}


def _field(text: str, special: re.Pattern[str]) -> str:
    if special.search(text) is None:
        return text
    return '"' + text.replace('"', '""') + '"'


def csv_text(rows: Sequence[Sequence[str]], delimiter: str, may_hold_nul: bool = True) -> str:
    """*rows* as CSV (or TSV) text, each row ended with CRLF.

    With *may_hold_nul* false, the caller knows that no field holds NUL.
    """
    if not may_hold_nul or "\x00" not in "".join(chain.from_iterable(rows)):
        # Python's writer (in C, and fast): the same bytes on every version without NUL.
        text = io.StringIO()
        csv.writer(text, dialect=_DIALECTS[delimiter]).writerows(rows)
        return text.getvalue()
    special = _QUOTED[delimiter]
    lines = [delimiter.join([_field(text, special) for text in row]) or '""' for row in rows]
    lines.append("")
    return "\r\n".join(lines)
