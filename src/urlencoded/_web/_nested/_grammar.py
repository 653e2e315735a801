"""The grammar of bracketed names, and the types of nested values.

https://url.spec.whatwg.org/#concept-urlencoded-parser gives the pairs; this
reads structure into their names (see the package's docstring).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Literal, Union

__all__ = [
    "DUPLICATES",
    "LIST_FORMATS",
    "Duplicates",
    "ListFormat",
    "NestedInput",
    "NestedValue",
    "bracket_depth",
    "is_index",
    "short",
    "split_name",
]

#: What :func:`parse_nested` gives for a name: a str, or a list or dict of them, to any depth.
NestedValue = Union[str, list["NestedValue"], dict[str, "NestedValue"]]
#: What :func:`serialize_nested` writes: leaves of str, bytes, int or float (and
#: None, left out with skip_none=True), in sequences and str-keyed mappings to any depth.
NestedInput = Union[
    str,
    bytes,
    bytearray,
    memoryview,
    int,
    float,
    None,
    Sequence["NestedInput"],
    Mapping[str, "NestedInput"],
]
#: The values of :func:`parse_nested`'s *duplicates*.
Duplicates = Literal["combine", "first", "last", "error"]
#: The values of :func:`serialize_nested`'s *list_format*.
ListFormat = Literal["indices", "brackets", "repeat"]

# A complete bracket group: "[", no brackets, "]".
_GROUP = re.compile(r"\[[^\[\]]*\]")
LIST_FORMATS = ("indices", "brackets", "repeat")
DUPLICATES = ("combine", "first", "last", "error")


def split_name(name: str) -> tuple[str, list[str]] | None:
    """Split a bracketed name into its base and segments; None for an ordinary key.

    ``"a[b][]"`` gives ``("a", ["b", ""])``; ``"a"``, ``"a[b"`` and
    ``"a]b["`` give None.

    :raises ValueError: (with the reason) for a name that has a complete
        ``[...]`` group but is not ``base[segment]...[segment]``.
    """
    first = name.find("[")
    if first == -1 or _GROUP.search(name, first) is None:
        return None
    if first == 0:
        raise ValueError("the name has brackets but nothing before the first '['")
    if not name.endswith("]"):
        raise ValueError("the name has text after its last ']'")
    segments = name[first + 1 : -1].split("][")
    for segment in segments:
        if "[" in segment or "]" in segment:
            raise ValueError("the name's brackets are not one '[...]' group after another")
    return name[:first], segments


def bracket_depth(name: str) -> int:
    """How many segments :func:`split_name` would find, without splitting."""
    # From the first "[": a base may hold "][" ("a]][b]" has one group).
    return name.count("][", name.find("[")) + 1


def is_index(segment: str) -> bool:
    """Whether a segment is a list index: ``0`` or ASCII digits not starting with ``0``."""
    return segment.isdigit() and segment.isascii() and (segment == "0" or segment[0] != "0")


def short(text: str) -> str:
    """*text* cut down for an error message (the exception keeps the whole name)."""
    return text if len(text) <= 60 else f"{text[:40]}...{text[-16:]}"
