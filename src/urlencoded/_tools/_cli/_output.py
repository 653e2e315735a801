"""What ``parse --lines`` writes for a block: JSON Lines, CSV or TSV rows, or Parquet rows.

A block's lines arrive as *outcomes*, one per line: the line's pairs, None
for a skipped line (no query) or False for one not in the format or failed.
The whole block is written at once, list by list, not line by line: JSON
strings are quoted only where a name or value of the block needs it, and
the columns of every row are picked in one pass.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from itertools import chain
from operator import itemgetter
from typing import Any, Literal, Union

from ._csv import DELIMITERS, csv_text

__all__ = ["Outcome", "Output", "all_text", "pairs_json", "render"]

Pairs = list[tuple[str, str]]
# One line: its pairs, None (skipped: no query), or False (not in the format, or failed).
Outcome = Union[Pairs, None, Literal[False]]
# A block's output: bytes, or for Parquet one row per output line.
Output = Union[bytes, list[Any]]

# JSON string quoting, as json.dumps(text, ensure_ascii=False) writes a str: the
# encoder's documented method, on every Python (the C function behind it is CPython's).
_quote: Callable[[str], str] = json.JSONEncoder(ensure_ascii=False).encode
# What JSON escapes in a string (with ensure_ascii=False).
_JSON_ESCAPED = re.compile('["\\\\\x00-\x1f]')
# A name and value as the inside of a JSON list of two strings, none of them escaped.
_NAME_VALUE = '", "'.join


def all_text(parsed: Sequence[Pairs]) -> str:
    """Every name and value of *parsed*, joined with nothing between them."""
    return "".join(chain.from_iterable(chain.from_iterable(parsed)))


def pairs_json(pairs: Pairs) -> str:
    """``json.dumps(pairs, ensure_ascii=False)``, faster for this one shape."""
    quote = _quote
    return (
        "["
        + ", ".join(["[" + quote(name) + ", " + quote(value) + "]" for name, value in pairs])
        + "]"
    )


def _plain_json(pairs: Pairs) -> str:
    """The same for pairs none of whose strings JSON escapes."""
    return '[["' + '"], ["'.join(map(_NAME_VALUE, pairs)) + '"]]' if pairs else "[]"


class _Fields(dict):  # type: ignore[type-arg]
    """The fields of one line, by name; a name not among them has the empty value."""

    def __missing__(self, name: str) -> str:
        return ""


def _rows(lines: list[Pairs | None], columns: tuple[str, ...], join: str | None) -> list[Any]:
    """The named columns of each line: the first value of each name (all, joined by *join*)."""
    if join is None:
        # The pairs in reverse, so that a name's first value is the one kept.
        pick = itemgetter(*columns)
        fields = map(_Fields, map(reversed, [pairs or () for pairs in lines]))
        values = map(pick, fields)
        return list(values) if len(columns) > 1 else [(value,) for value in values]
    rows = []
    for pairs in lines:
        found: dict[str, list[str]] = {column: [] for column in columns}
        for name, value in pairs or ():
            if name in found:
                found[name].append(value)
        rows.append([join.join(found[column]) for column in columns])
    return rows


def render(
    outcomes: list[Outcome],
    output: str,
    columns: tuple[str, ...],
    join: str | None,
    nested: dict[int, Any] | None = None,
    may_hold_nul: bool = True,
) -> Output:
    """The output of a block's lines.

    With *nested* (``--nested``), a parsed line prints the object it holds;
    *may_hold_nul* false says that no name or value holds NUL.
    """
    if output == "json":
        if nested is not None:
            texts = [
                "null" if pairs is False else "{}" if pairs is None else
                json.dumps(nested[index], ensure_ascii=False)
                for index, pairs in enumerate(outcomes)
            ]  # fmt: skip
        else:
            text = all_text([pairs for pairs in outcomes if pairs])
            # Quoted as they are, unless some string needs escaping.
            write = _plain_json if _JSON_ESCAPED.search(text) is None else pairs_json
            texts = [
                "null" if pairs is False else "[]" if pairs is None else write(pairs)
                for pairs in outcomes
            ]
        texts.append("")
        return "\n".join(texts).encode("utf-8")
    if not columns:  # Parquet: a list of pairs per line
        return [None if pairs is False else [] if pairs is None else pairs for pairs in outcomes]
    # A row for each line parsed or skipped, none for a line not in the format or failed.
    rows = _rows([pairs for pairs in outcomes if pairs is not False], columns, join)
    if output == "parquet":
        return rows
    return csv_text(rows, DELIMITERS[output], may_hold_nul).encode("utf-8")
