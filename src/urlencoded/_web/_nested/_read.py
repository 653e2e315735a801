"""Reading nested names: ``parse_nested``, and ``Nesting`` for pairs already parsed.

https://url.spec.whatwg.org/#concept-urlencoded-parser gives the pairs; the
names are read with the grammar of ``_grammar``.
"""

from __future__ import annotations

import re
from itertools import groupby
from operator import itemgetter
from typing import Any, cast

from ..._core import (
    PARSE_DEFAULTS,
    Errors,
    FormOptions,
    Separator,
    as_bytes,
    check_limit,
    check_text_encoding,
    form_options,
    parse,
    parse_with,
    unify_separators,
)
from ..._encoding import Encoding
from ..._errors import ListIndexTooLarge, NestingError, NestingTooDeep, TooManyKeys
from ._grammar import (
    DUPLICATES,
    Duplicates,
    NestedValue,
    bracket_depth,
    is_index,
    short,
    split_name,
)

__all__ = ["Nesting", "parse_nested"]

_MISSING = object()
_NAME = itemgetter(0)
_VALUE = itemgetter(1)


class _Items(dict):  # type: ignore[type-arg]
    """A list under construction: index -> item, the next index for ``[]``, and who set each."""

    __slots__ = ("fields", "next_index")

    def __init__(self) -> None:
        super().__init__()
        self.next_index = 0
        self.fields: dict[int, int] = {}


def _path(base: str, segments: list[str], depth: int) -> str:
    return short(base + "".join(f"[{segment}]" for segment in segments[:depth]))


def _kind(value: object) -> str:
    if type(value) is _Items:
        return "a list"
    if type(value) is dict:
        return "a dict"
    if type(value) is list:
        return "a list of repeated values"
    return "a value"


class _Builder:
    """Builds the structure one field at a time; raises with the field's number."""

    def __init__(
        self,
        max_depth: int | None,
        max_list_index: int | None,
        max_keys: int | None,
        duplicates: str = "combine",
    ) -> None:
        self.max_depth = max_depth
        self.max_list_index = max_list_index
        self.max_keys = max_keys
        self.duplicates = duplicates
        # Leaves set by a name with "[]": another name reaching them is not a repeat.
        self.appended: set[tuple[int, Any]] = set()
        self.root: dict[str, Any] = {}
        self.keys = 0
        self.lists: list[tuple[dict[Any, Any], Any, _Items]] = []
        self.fields = 0

    def count_entry(self, field: int) -> None:
        self.keys += 1
        if self.max_keys is not None and self.keys > self.max_keys:
            raise _Failure(TooManyKeys, field, ("max_keys", self.max_keys), f"entry {self.keys}")

    def add_entry(self, container: dict[Any, Any], key: Any, value: Any, field: int) -> None:
        self.count_entry(field)
        container[key] = value
        if type(container) is _Items:
            container.fields[key] = field
            if key >= container.next_index:
                container.next_index = key + 1

    def list_key(
        self, items: _Items, field: int, base: str, segments: list[str], depth: int
    ) -> int:
        # The path is spelled out only for an error: building it each time is quadratic.
        segment = segments[depth]
        if segment:
            limit = self.max_list_index
            # Compare lengths first: int() of a huge digit string is slow or refused.
            if limit is not None and (len(segment) > len(str(limit)) or int(segment) > limit):
                raise _Failure(
                    ListIndexTooLarge,
                    field,
                    ("max_list_index", limit),
                    f"index {short(segment)} in {_path(base, segments, depth)}",
                )
            # A list is dense, so each index needs a field of its own: an index
            # past the number of fields can only leave a gap.
            if len(segment) > len(str(self.fields)) or int(segment) >= self.fields:
                raise _Failure(
                    NestingError,
                    field,
                    None,
                    f"index {short(segment)} in {_path(base, segments, depth)} leaves a gap",
                )
            return int(segment)
        index = items.next_index
        if self.max_list_index is not None and index > self.max_list_index:
            raise _Failure(
                ListIndexTooLarge,
                field,
                ("max_list_index", self.max_list_index),
                f"'[]' would append index {index} to {_path(base, segments, depth)}",
            )
        return index

    def add(self, field: int, name: str, value: str) -> None:
        parts = None
        if "[" in name:
            if self.max_depth is not None and bracket_depth(name) > self.max_depth:
                # Only a bracketed name has a depth; check that it is one first.
                try:
                    parts = split_name(name)
                except ValueError as exc:
                    raise _Failure(NestingError, field, None, str(exc)) from None
                if parts is not None:
                    raise _Failure(
                        NestingTooDeep,
                        field,
                        ("max_depth", self.max_depth),
                        f"{len(parts[1])} bracket groups",
                    )
            try:
                parts = split_name(name)
            except ValueError as exc:
                raise _Failure(NestingError, field, None, str(exc)) from None
        segments: list[str] = []
        if parts is None:
            base = name
        else:
            base, segments = parts
        container: dict[Any, Any] = self.root
        key: Any = base
        for depth, segment in enumerate(segments):
            wants_list = not segment or is_index(segment)
            child = container.get(key, _MISSING)
            if child is _MISSING:
                if wants_list:
                    items = _Items()
                    self.lists.append((container, key, items))
                    child = items
                else:
                    child = {}
                self.add_entry(container, key, child, field)
            elif type(child) is (dict if wants_list else _Items) or not isinstance(child, dict):
                path = _path(base, segments, depth)
                wanted = "a list" if wants_list else "a dict"
                raise _Failure(
                    NestingError, field, None, f"{path} is {_kind(child)}, here used as {wanted}"
                )
            if type(child) is _Items:
                key = self.list_key(child, field, base, segments, depth)
            else:
                key = segment
            container = child
        existing = container.get(key, _MISSING)
        if existing is _MISSING:
            self.add_entry(container, key, value, field)
            if self.duplicates != "error" and "" in segments:
                self.appended.add((id(container), key))
            return
        # A name with "[]" always reaches a new place, so this name has none:
        # the place is a repeat of this name unless a name with "[]" set it.
        if isinstance(existing, dict):
            detail = (
                f"{_path(base, segments, len(segments))} is {_kind(existing)}, here given a value"
            )
        elif self.duplicates == "error":
            detail = f"{_path(base, segments, len(segments))} was already given a value"
        elif (id(container), key) in self.appended:
            path = _path(base, segments, len(segments))
            detail = f"{path} was already given a value by a name with '[]'"
        else:
            self.repeat(container, key, existing, value, field, base, segments)
            return
        raise _Failure(NestingError, field, None, detail)

    def repeat(
        self,
        container: dict[Any, Any],
        key: Any,
        existing: Any,
        value: str,
        field: int,
        base: str,
        segments: list[str],
    ) -> None:
        """Apply *duplicates* to a name given again, at the place it set before.

        The name's path (*base*, *segments*) is spelled out only for an error:
        one name repeated n times would otherwise build it n times."""
        if self.duplicates == "first":
            return
        if self.duplicates == "last":
            container[key] = value
            return
        # "combine": the list counts against the limits as a[0]=..&a[1]=.. would.
        index = len(existing) if type(existing) is list else 1
        if self.max_list_index is not None and index > self.max_list_index:
            raise _Failure(
                ListIndexTooLarge,
                field,
                ("max_list_index", self.max_list_index),
                f"repeating {_path(base, segments, len(segments))} would make index {index}"
                " of its list",
            )
        if type(existing) is list:
            self.count_entry(field)
            existing.append(value)
        else:
            self.count_entry(field)
            self.count_entry(field)
            container[key] = [existing, value]

    def finish(self) -> dict[str, Any]:
        # Innermost lists first: each was registered after its parent.
        for parent, key, items in reversed(self.lists):
            if items.next_index != len(items):
                indices = sorted(items)
                gap = next(i for i, index in enumerate(indices) if i != index)
                raise _Failure(
                    NestingError,
                    items.fields[indices[gap]],
                    None,
                    f"list index {indices[gap]} leaves a gap: no index {gap}",
                )
            parent[key] = [items[index] for index in range(len(items))]
        return self.root


class _Failure(Exception):
    """Internal: what went wrong at which field, before its byte offset is known."""

    def __init__(
        self, kind: type[Exception], field: int, limit: tuple[str, int] | None, detail: str
    ) -> None:
        super().__init__(detail)
        self.kind = kind
        self.field = field
        self.limit = limit
        self.detail = detail


def _field_offset(body: bytes, field: int, separator: bytes) -> int:
    """The byte offset of the non-empty sequence number *field* (from 0) in *body*."""
    pattern = re.compile(b"[^" + re.escape(separator) + b"]+")
    for number, match in enumerate(pattern.finditer(body)):
        if number == field:
            return match.start()
    return len(body)


class Nesting:
    """The nesting options, validated; builds the structure of pairs already parsed.

    For request bodies, which are parsed as they arrive: the options are
    checked before the first byte is read, and the structure is built once
    the pairs are complete.
    """

    __slots__ = ("duplicates", "max_depth", "max_keys", "max_list_index")

    def __init__(
        self,
        *,
        max_depth: int | None = 5,
        max_list_index: int | None = 100,
        max_keys: int | None = 1000,
        duplicates: Duplicates = "combine",
    ) -> None:
        if not isinstance(duplicates, str):
            raise TypeError(f"duplicates must be a str, not {type(duplicates).__name__}")
        if duplicates not in DUPLICATES:
            raise ValueError(
                f"duplicates must be 'combine', 'first', 'last' or 'error', got {duplicates!r}"
            )
        self.max_depth = check_limit("max_depth", max_depth)
        self.max_list_index = check_limit("max_list_index", max_list_index)
        self.max_keys = check_limit("max_keys", max_keys)
        self.duplicates = duplicates

    def _flat(self, pairs: list[tuple[str, str]]) -> dict[str, NestedValue] | None:
        """What :class:`_Builder` makes of *pairs* when no name holds "[", by dict
        operations in C; None where a limit or ``duplicates="error"`` may fail
        (the builder then finds the field).

        Without brackets each name is a key of the root, in the order names
        first appear, which dict(pairs) keeps; a name given more than once is a
        repeat. Sorting the pairs by name, which keeps the values of a name in
        order, groups each repeated name's values, a Python step per name.
        """
        result: dict[str, Any] = dict(pairs)
        if "[" in "".join(result):
            return None
        duplicates = self.duplicates
        max_keys = self.max_keys
        if len(result) < len(pairs):
            if duplicates == "error":
                return None
            if duplicates == "first":
                result.update(reversed(pairs))
            elif duplicates == "combine":
                entries = len(result)
                longest = 0
                for name, group in groupby(sorted(pairs, key=_NAME), _NAME):
                    values = list(map(_VALUE, group))
                    if len(values) > 1:
                        result[name] = values
                        entries += len(values)
                        longest = max(longest, len(values))
                if self.max_list_index is not None and longest - 1 > self.max_list_index:
                    return None
                if max_keys is not None and entries > max_keys:
                    return None
                return cast("dict[str, NestedValue]", result)
        if max_keys is not None and len(result) > max_keys:
            return None
        return cast("dict[str, NestedValue]", result)

    def build(
        self, pairs: list[tuple[str, str]], body: bytes | str, options: FormOptions
    ) -> dict[str, NestedValue]:
        """The structure of *pairs*, parsed from *body* with *options* (which locate errors;
        a str body is UTF-8 encoded, as the string parser does, to find a field's offset).

        :raises NestingError: for names that do not describe one structure.
        :raises LimitExceeded: for a nesting limit, with the field's byte offset.
        """
        flat = self._flat(pairs)
        if flat is not None:
            return flat
        builder = _Builder(self.max_depth, self.max_list_index, self.max_keys, self.duplicates)
        builder.fields = len(pairs)
        try:
            for field, (name, value) in enumerate(pairs):
                builder.add(field, name, value)
            return cast("dict[str, NestedValue]", builder.finish())
        except _Failure as failure:
            raw = as_bytes(body, "parse")
            offset = _field_offset(unify_separators(raw, options), failure.field, options.separator)
            name = pairs[failure.field][0]
            if failure.limit is None:
                raise NestingError(name, offset, failure.detail) from None
            limit, setting = failure.limit
            raise failure.kind(
                limit, setting, offset, f"field {short(name)!r}: {failure.detail}"
            ) from None


def parse_nested(
    data: bytes | bytearray | memoryview | str,
    *,
    max_depth: int | None = 5,
    max_list_index: int | None = 100,
    max_keys: int | None = 1000,
    duplicates: Duplicates = "combine",
    encoding: str | Encoding = "UTF-8",
    errors: Errors = "replace",
    isindex: bool = False,
    charset_field: str | None = None,
    separator: Separator = "&",
    max_fields: int | None = None,
    max_field_size: int | None = None,
    max_body_size: int | None = None,
) -> dict[str, NestedValue]:
    """Parse a form body or query into dicts and lists from bracketed names.

    Runs :func:`urlencoded.parse`
    (https://url.spec.whatwg.org/#concept-urlencoded-parser), then reads each
    name with the grammar of :doc:`nested`: ``a[b]`` is a dict key, ``a[0]``
    to ``a[n]`` a list, ``a[]`` appends to one; a name with no complete
    ``[...]`` group is an ordinary key. A name given more than once is
    handled as *duplicates* says. Nothing else is silently merged, dropped
    or flattened: a value and a container at one place, two different names
    for one place (``a[]`` then ``a[0]``), keys and indices in one container,
    and a list with a gap all raise :class:`NestingError`.

    :param data: the body or query (without ``?``), bytes or str.
    :param max_depth: most bracket groups in one name (``None``: no limit).
    :param max_list_index: largest list index, written or appended.
    :param max_keys: most entries in the result: every dict key and list
        item, at every level, counts once.
    :param duplicates: what a name given more than once gives, a plain name
        (``interest=a&interest=b``) or a bracketed one with no ``[]``
        (``a[b]=1&a[b]=2``, ``a[0]=1&a[0]=2``). ``"combine"`` (the default,
        as in qs): a list of its values in order (``{"interest": ["a",
        "b"]}``, ``{"a": {"b": ["1", "2"]}}``, ``{"a": [["1", "2"]]}``),
        which counts against *max_list_index* and *max_keys* as the same
        list written with indices would; ``"first"`` or ``"last"``: that
        value only; ``"error"``: a :class:`NestingError`. A name with ``[]``
        appends a new item each time, so it is never a repeat. A name given
        once stays a str: a list of one value cannot be told from a value.
    :param encoding: as for :func:`urlencoded.parse`.
    :param errors: ``"replace"`` or ``"strict"``, as for :func:`urlencoded.parse`.
    :param isindex: as for :func:`urlencoded.parse`.
    :param charset_field: as for :func:`urlencoded.parse`.
    :param separator: as for :func:`urlencoded.parse`.
    :param max_fields: as for :func:`urlencoded.parse` (no limit by default).
    :param max_field_size: as for :func:`urlencoded.parse` (no limit by default).
    :param max_body_size: as for :func:`urlencoded.parse` (no limit by default).
    :returns: a dict of str, dicts and lists, in the order names first appear.
    :raises TypeError: as :func:`urlencoded.parse` does, for a limit that
        is not an int or None, a *duplicates* that is not a str, or an
        unknown keyword argument.
    :raises ValueError: for a negative limit or an unknown *duplicates*, and
        as :func:`urlencoded.parse` does for its options.
    :raises UnknownEncodingError: for an unknown *encoding* label.
    :raises DecodeError: with ``errors="strict"``, for invalid bytes.
    :raises NestingError: for names that do not describe one structure, or
        a repeated name with ``duplicates="error"``.
    :raises LimitExceeded: a :class:`NestingTooDeep`,
        :class:`ListIndexTooLarge` or :class:`TooManyKeys` for this
        function's limits, or what :func:`urlencoded.parse` raises for its own.

    >>> parse_nested("items[0][price]=p_1&items[0][quantity]=2&metadata[order]=6735")
    {'items': [{'price': 'p_1', 'quantity': '2'}], 'metadata': {'order': '6735'}}
    >>> parse_nested("category[]=indieweb&category[]=python")
    {'category': ['indieweb', 'python']}
    >>> parse_nested("user[name]=x&interest=a&interest=b")
    {'user': {'name': 'x'}, 'interest': ['a', 'b']}

    .. versionadded:: 1.1
    """
    nesting = Nesting(
        max_depth=max_depth,
        max_list_index=max_list_index,
        max_keys=max_keys,
        duplicates=duplicates,
    )
    if (
        errors == "replace"
        and max_fields is None
        and separator == "&"
        and charset_field is None
        and not isindex
        and max_field_size is None
        and max_body_size is None
        and (type(data) is str or type(data) is bytes)
    ):
        # The URL Standard's parser, and its fast paths.
        pairs = parse(data) if encoding == "UTF-8" else parse(data, encoding=encoding)
        return nesting.build(pairs, data, PARSE_DEFAULTS)
    body = as_bytes(data, "parse")
    parse_options = form_options(
        encoding=encoding,
        errors=errors,
        isindex=isindex,
        charset_field=charset_field,
        separator=separator,
        max_fields=max_fields,
        max_field_size=max_field_size,
        max_body_size=max_body_size,
    )
    check_text_encoding(data, parse_options.encoding)
    return nesting.build(parse_with(body, parse_options), body, parse_options)
