"""The percent-encode sets of the URL Standard.

https://url.spec.whatwg.org/#percent-encoded-bytes

A :class:`PercentEncodeSet` is an immutable value that records which ASCII
code points it holds. Every non-ASCII code point is always in every set: the
URL Standard asserts this of each set it uses, and it is what makes the output
of percent-encoding ASCII. Each named set is built from its parent with
:meth:`PercentEncodeSet.add`, exactly as the standard defines it, so the
definitions below read like the spec's prose.

A set also carries what the percent-encoders need, built once per set on first
use: a 256-entry table of each byte's output, and compiled patterns for runs
of code points to encode (for JavaScript's ``escape``), so that encoding does
its per-character work inside ``bytes.translate`` and ``re`` instead of a
Python loop.
"""

from __future__ import annotations

import re
from typing import Union

__all__ = [
    "C0_CONTROL_PERCENT_ENCODE_SET",
    "COMPONENT_PERCENT_ENCODE_SET",
    "FRAGMENT_PERCENT_ENCODE_SET",
    "PATH_PERCENT_ENCODE_SET",
    "QUERY_PERCENT_ENCODE_SET",
    "SPECIAL_QUERY_PERCENT_ENCODE_SET",
    "URLENCODED_PERCENT_ENCODE_SET",
    "USERINFO_PERCENT_ENCODE_SET",
    "PercentEncodeSet",
]

CodePoints = Union[str, int]


def _code_points(items: tuple[CodePoints, ...]) -> list[int]:
    """Flatten str items (each character) and int items into code point values."""
    result: list[int] = []
    for item in items:
        if isinstance(item, str):
            result.extend(map(ord, item))
        elif isinstance(item, int) and not isinstance(item, bool):
            if not 0 <= item <= 0x10FFFF:
                raise ValueError(f"code point out of range: {item!r}")
            result.append(item)
        else:
            raise TypeError(f"code points must be str or int, not {type(item).__name__}")
    return result


def _check_flag(space_as_plus: object, caller: str) -> None:
    # The flag is a cache key: "yes" would build a second table, [] fail as unhashable.
    if not isinstance(space_as_plus, bool):
        kind = type(space_as_plus).__name__
        raise TypeError(f"{caller}() takes space_as_plus as a bool, not {kind}")


class PercentEncodeSet:
    """A percent-encode set: the code points that percent-encoding escapes.

    https://url.spec.whatwg.org/#percent-encode-set

    Sets are immutable and compare equal when they hold the same code points.
    ``in`` takes a one-character str or an int code point. Derive a custom set
    with :meth:`add` and :meth:`remove`; non-ASCII code points are always in
    the set and cannot be removed.

    :param ascii_code_points: the ASCII code points in the set, as ints from
        0 to 127 (the non-ASCII ones are in it anyway).
    :param name: the name ``repr`` shows.
    :raises TypeError: if *ascii_code_points* is not an iterable of ints, or
        *name* is not a str.
    :raises ValueError: for a code point that is not ASCII.

    >>> "~" in URLENCODED_PERCENT_ENCODE_SET, "~" in COMPONENT_PERCENT_ENCODE_SET
    (True, False)
    >>> custom = COMPONENT_PERCENT_ENCODE_SET.remove("/")
    >>> "/" in custom, 0x2F in COMPONENT_PERCENT_ENCODE_SET
    (False, True)

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       Arguments of the wrong type raise :class:`TypeError`.
    """

    __slots__ = ("_ascii", "_byte_tables", "_name", "_patterns")

    def __init__(self, ascii_code_points: frozenset[int] = frozenset(), name: str = "") -> None:
        try:
            code_points = frozenset(ascii_code_points)
        except TypeError:
            kind = type(ascii_code_points).__name__
            raise TypeError(
                f"PercentEncodeSet() takes a set of int code points, not {kind}"
            ) from None
        for cp in code_points:
            if not isinstance(cp, int) or isinstance(cp, bool):
                kind = type(cp).__name__
                raise TypeError(f"PercentEncodeSet() code points must be ints, not {kind}")
            if not 0 <= cp < 0x80:
                raise ValueError(
                    f"a PercentEncodeSet is built from ASCII code points only, got {cp!r}"
                )
        if not isinstance(name, str):
            raise TypeError(f"PercentEncodeSet() name must be a str, not {type(name).__name__}")
        self._ascii = code_points
        self._name = name
        self._patterns: dict[bool, re.Pattern[str]] = {}
        self._byte_tables: dict[bool, list[str]] = {}

    def __contains__(self, code_point: object) -> bool:
        """Whether *code_point*, a one-character str or an int, is in the set.

        :raises TypeError: for a str that is not one character long, or
            anything but a str or an int.
        """
        if isinstance(code_point, str):
            if len(code_point) != 1:
                raise TypeError(
                    f"expected a single code point, got a str of length {len(code_point)}"
                )
            value = ord(code_point)
        elif isinstance(code_point, int) and not isinstance(code_point, bool):
            value = code_point
        else:
            raise TypeError(
                f"expected a str of length 1 or an int, not {type(code_point).__name__}"
            )
        return value >= 0x80 or value in self._ascii

    def add(self, *code_points: CodePoints) -> PercentEncodeSet:
        """Return a new set that also holds *code_points* (str: each character; int: a value).

        :raises TypeError: for an item that is neither a str nor an int.
        :raises ValueError: for an int that is not a code point (0 to 0x10FFFF).

        >>> "a" in C0_CONTROL_PERCENT_ENCODE_SET.add("abc")
        True
        """
        added = {cp for cp in _code_points(code_points) if cp < 0x80}
        return PercentEncodeSet(self._ascii | added)

    def remove(self, *code_points: CodePoints) -> PercentEncodeSet:
        """Return a new set without *code_points*, which must be ASCII.

        :raises TypeError: for an item that is neither a str nor an int.
        :raises ValueError: for a non-ASCII code point, which every set holds.

        >>> " " in FRAGMENT_PERCENT_ENCODE_SET.remove(" ")
        False
        """
        removed = _code_points(code_points)
        for cp in removed:
            if cp >= 0x80:
                raise ValueError(
                    f"cannot remove non-ASCII U+{cp:04X}: every percent-encode set holds it"
                )
        return PercentEncodeSet(self._ascii - frozenset(removed))

    def ascii_code_points(self) -> frozenset[int]:
        """The ASCII code points in this set (all non-ASCII ones are in it too).

        >>> sorted(map(chr, SPECIAL_QUERY_PERCENT_ENCODE_SET.ascii_code_points() - set(range(32))))
        [' ', '"', '#', "'", '<', '>', '\\x7f']
        """
        return self._ascii

    def unencoded_run_pattern(self, space_as_plus: bool) -> re.Pattern[str]:
        """A pattern whose ``split`` yields alternating kept and to-be-encoded runs.

        The capturing group matches maximal runs of code points in the set; with
        *space_as_plus*, U+0020 is kept (the caller turns it into ``+``).

        :raises TypeError: if *space_as_plus* is not a bool.
        """
        _check_flag(space_as_plus, "unencoded_run_pattern")
        pattern = self._patterns.get(space_as_plus)
        if pattern is None:
            kept = {cp for cp in range(0x80) if cp not in self._ascii}
            if space_as_plus:
                kept.add(0x20)
            kept_class = "".join(re.escape(chr(cp)) for cp in sorted(kept))
            pattern = re.compile(f"([^{kept_class}]+)" if kept_class else "(.+)", re.DOTALL)
            self._patterns[space_as_plus] = pattern
        return pattern

    def byte_table(self, space_as_plus: bool) -> list[str]:
        """A ``str.translate`` table taking each byte value (as a code point) to its output.

        A byte in the set becomes its percent-encoding, any other stays; with
        *space_as_plus*, 0x20 becomes ``+``.

        :raises TypeError: if *space_as_plus* is not a bool.
        """
        _check_flag(space_as_plus, "byte_table")
        table = self._byte_tables.get(space_as_plus)
        if table is None:
            table = [f"%{byte:02X}" if byte in self else chr(byte) for byte in range(256)]
            if space_as_plus:
                table[0x20] = "+"
            self._byte_tables[space_as_plus] = table
        return table

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PercentEncodeSet):
            return NotImplemented
        return self._ascii == other._ascii

    def __hash__(self) -> int:
        return hash(self._ascii)

    def __repr__(self) -> str:
        if self._name:
            return f"<PercentEncodeSet {self._name}>"
        return f"<PercentEncodeSet ascii={''.join(map(chr, sorted(self._ascii)))!r}>"

    def _named(self, name: str) -> PercentEncodeSet:
        return PercentEncodeSet(self._ascii, name)


# https://url.spec.whatwg.org/#c0-control-percent-encode-set
# C0 controls and every code point above U+007E (~), so U+007F too.
C0_CONTROL_PERCENT_ENCODE_SET = PercentEncodeSet(
    frozenset(range(0x20)) | {0x7F}, "C0_CONTROL_PERCENT_ENCODE_SET"
)

# https://url.spec.whatwg.org/#fragment-percent-encode-set
FRAGMENT_PERCENT_ENCODE_SET = C0_CONTROL_PERCENT_ENCODE_SET.add(' "<>`')._named(
    "FRAGMENT_PERCENT_ENCODE_SET"
)

# https://url.spec.whatwg.org/#query-percent-encode-set
# Built from the C0 control set, not the fragment set: it omits U+0060 (`).
QUERY_PERCENT_ENCODE_SET = C0_CONTROL_PERCENT_ENCODE_SET.add(' "#<>')._named(
    "QUERY_PERCENT_ENCODE_SET"
)

# https://url.spec.whatwg.org/#special-query-percent-encode-set
SPECIAL_QUERY_PERCENT_ENCODE_SET = QUERY_PERCENT_ENCODE_SET.add("'")._named(
    "SPECIAL_QUERY_PERCENT_ENCODE_SET"
)

# https://url.spec.whatwg.org/#path-percent-encode-set
PATH_PERCENT_ENCODE_SET = QUERY_PERCENT_ENCODE_SET.add("?^`{}")._named("PATH_PERCENT_ENCODE_SET")

# https://url.spec.whatwg.org/#userinfo-percent-encode-set
# U+005B ([) to U+005D (]) inclusive is "[\]".
USERINFO_PERCENT_ENCODE_SET = PATH_PERCENT_ENCODE_SET.add("/:;=@[\\]|")._named(
    "USERINFO_PERCENT_ENCODE_SET"
)

# https://url.spec.whatwg.org/#component-percent-encode-set
# U+0024 ($) to U+0026 (&) inclusive is "$%&".
COMPONENT_PERCENT_ENCODE_SET = USERINFO_PERCENT_ENCODE_SET.add("$%&+,")._named(
    "COMPONENT_PERCENT_ENCODE_SET"
)

# https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
# U+0027 (') to U+0029 ()) inclusive is "'()".
URLENCODED_PERCENT_ENCODE_SET = COMPONENT_PERCENT_ENCODE_SET.add("!'()~")._named(
    "URLENCODED_PERCENT_ENCODE_SET"
)
