"""Nested names: ``a[b][0]=x`` to and from dicts and lists.

The URL Standard stops at a list of (name, value) pairs
(https://url.spec.whatwg.org/#concept-urlencoded-parser). Many servers and
APIs read more into the names: PHP, Rack and Node's ``qs`` build dicts and
lists from bracketed names, and Stripe, Rails and Micropub ask clients to
write them. This module does that on top of the pairs, and nothing in
:func:`urlencoded.parse` changes.

A name is read with one small grammar::

    bracketed-name = base 1*( "[" segment "]" )
    base           = 1*( any character but "[" )
    segment        = *( any character but "[" and "]" )

A segment ``0`` or ``[1-9][0-9]*`` (ASCII digits) is a list index, an empty
segment appends to a list, any other segment is a dict key. A name with no
complete ``[...]`` group (``a``, ``a[b``, ``a]b[``) is an ordinary key, as
written. A name that has one but is not a bracketed-name (``a[b]c``,
``[a]``, ``a[[b]]``) raises :class:`NestingError`: libraries disagree on what
it means, and guessing would be a silent rewrite.

The other libraries' denial-of-service bugs came from structures whose size
is not bounded by the input's (a sparse index allocating a huge array), from
recursion (deep names), and from limits that one notation bypassed. Here
every list is dense, so its length is bounded by the number of fields; the
build is a loop with no recursion; and the three limits (depth, list index,
entries) apply to every notation and raise instead of truncating. The cost is
linear in the input: each name is scanned a constant number of times, and
lists are built from index maps in one pass at the end.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal, Union, cast

from .._core import Errors, as_bytes, check_limit, check_text_encoding, form_options, parse_with
from .._encoding import Encoding
from .._errors import ListIndexTooLarge, NestingError, NestingTooDeep, TooManyKeys
from ..dialects import WHATWG_FORM, Dialect

__all__ = [
    "Duplicates",
    "ListFormat",
    "NestedInput",
    "NestedValue",
    "parse_nested",
    "serialize_nested",
]

#: What :func:`parse_nested` gives for a name: a str, or a list or dict of them, to any depth.
NestedValue = Union[str, list["NestedValue"], dict[str, "NestedValue"]]
#: What :func:`serialize_nested` writes: leaves of str, bytes, int, bool or None,
#: in sequences and str-keyed mappings to any depth.
NestedInput = Union[
    str,
    bytes,
    bytearray,
    memoryview,
    int,
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
_MISSING = object()
_LIST_FORMATS = ("indices", "brackets", "repeat")
_DUPLICATES = ("combine", "first", "last", "error")


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


def _bracket_depth(name: str) -> int:
    """How many segments :func:`split_name` would find, without splitting."""
    # From the first "[": a base may hold "][" ("a]][b]" has one group).
    return name.count("][", name.find("[")) + 1


def _index(segment: str) -> bool:
    """Whether a segment is a list index: ``0`` or ASCII digits not starting with ``0``."""
    return segment.isdigit() and segment.isascii() and (segment == "0" or segment[0] != "0")


class _Items(dict):  # type: ignore[type-arg]
    """A list under construction: index -> item, the next index for ``[]``, and who set each."""

    __slots__ = ("fields", "next_index")

    def __init__(self) -> None:
        super().__init__()
        self.next_index = 0
        self.fields: dict[int, int] = {}


def _short(text: str) -> str:
    """*text* cut down for an error message (the exception keeps the whole name)."""
    return text if len(text) <= 60 else f"{text[:40]}...{text[-16:]}"


def _path(base: str, segments: list[str], depth: int) -> str:
    return _short(base + "".join(f"[{segment}]" for segment in segments[:depth]))


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
                    f"index {_short(segment)} in {_path(base, segments, depth)}",
                )
            # A list is dense, so each index needs a field of its own: an index
            # past the number of fields can only leave a gap.
            if len(segment) > len(str(self.fields)) or int(segment) >= self.fields:
                raise _Failure(
                    NestingError,
                    field,
                    None,
                    f"index {_short(segment)} in {_path(base, segments, depth)} leaves a gap",
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
            if self.max_depth is not None and _bracket_depth(name) > self.max_depth:
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
            wants_list = not segment or _index(segment)
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
        path = _path(base, segments, len(segments))
        if isinstance(existing, dict):
            detail = f"{path} is {_kind(existing)}, here given a value"
        elif self.duplicates == "error":
            detail = f"{path} was already given a value"
        elif (id(container), key) in self.appended:
            detail = f"{path} was already given a value by a name with '[]'"
        else:
            self.repeat(container, key, existing, value, field, path)
            return
        raise _Failure(NestingError, field, None, detail)

    def repeat(
        self, container: dict[Any, Any], key: Any, existing: Any, value: str, field: int, path: str
    ) -> None:
        """Apply *duplicates* to a name given again, at the place it set before."""
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
                f"repeating {path} would make index {index} of its list",
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
    separator: str | bytes = "&",
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
    if not isinstance(duplicates, str):
        raise TypeError(f"duplicates must be a str, not {type(duplicates).__name__}")
    if duplicates not in _DUPLICATES:
        raise ValueError(
            f"duplicates must be 'combine', 'first', 'last' or 'error', got {duplicates!r}"
        )
    builder = _Builder(
        check_limit("max_depth", max_depth),
        check_limit("max_list_index", max_list_index),
        check_limit("max_keys", max_keys),
        duplicates,
    )
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
    pairs = parse_with(body, parse_options)
    builder.fields = len(pairs)
    names = [name for name, _ in pairs]
    try:
        for field, (name, value) in enumerate(pairs):
            builder.add(field, name, value)
        return cast("dict[str, NestedValue]", builder.finish())
    except _Failure as failure:
        offset = _field_offset(body, failure.field, parse_options.separator)
        name = names[failure.field]
        if failure.limit is None:
            raise NestingError(name, offset, failure.detail) from None
        limit, setting = failure.limit
        raise failure.kind(
            limit, setting, offset, f"field {_short(name)!r}: {failure.detail}"
        ) from None


def _scalar(value: object, segments: list[str], segment: str) -> str | bytes | None:
    """The text written for a leaf, None for a None; TypeError naming its path otherwise.

    The leaf's name is *segments* then *segment*, joined only for the message.
    """
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "%d" % value  # noqa: UP031 (an IntEnum's str() is its name on some versions)
    if value is None:
        return None
    raise TypeError(
        f"serialize_nested(): {''.join(segments)}{segment} is {type(value).__name__}; "
        "values must be str, bytes, int, bool or None"
    )


def _is_container(value: object) -> bool:
    return isinstance(value, Mapping) or (
        isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray, memoryview))
    )


def _check_key(key: object, segments: list[str], container: bool) -> str:
    """A dict key's segment as written; ValueError where it would not read back the same.

    *segments* spell the dict's own name (none for the top level); they are
    joined only for an error message.
    """
    if not isinstance(key, str):
        path = "".join(segments)
        where = f"at {path}" if path else "at the top level"
        raise TypeError(f"serialize_nested(): keys must be str, not {type(key).__name__} {where}")
    if not segments:
        if container and (not key or "[" in key):
            reason = "is empty" if not key else "holds '['"
            raise ValueError(
                f"serialize_nested(): top-level key {key!r} {reason}, "
                "so its nested names would not read back"
            )
        if not container:
            try:
                bracketed = split_name(key) is not None
            except ValueError:
                bracketed = True
            if bracketed:
                raise ValueError(
                    f"serialize_nested(): key {key!r} has brackets and would read back as nested"
                )
        return key
    if not key or "[" in key or "]" in key or _index(key):
        if not key:
            reason = "is empty (written as '[]', it would read back as a list append)"
        elif _index(key):
            reason = "would read back as a list index"
        else:
            reason = "holds a bracket"
        written = f"{''.join(segments)}[{key}]"
        raise ValueError(f"serialize_nested(): the key of {written!r} {reason}")
    return f"[{key}]"


def serialize_nested(
    obj: Mapping[str, NestedInput],
    *,
    list_format: ListFormat = "indices",
    dialect: Dialect = WHATWG_FORM,
    encoding: str | Encoding = "UTF-8",
    skip_none: bool = False,
    max_depth: int | None = 5,
) -> str:
    """Serialize dicts and lists as application/x-www-form-urlencoded with bracketed names.

    The inverse of :func:`parse_nested`: each leaf becomes one pair named by
    its path (``items[0][price]``), in insertion order, and the pairs are
    serialized as the urlencoded serializer does
    (https://url.spec.whatwg.org/#concept-urlencoded-serializer) with the
    dialect's encoding of each name and value, so brackets are written
    ``%5B`` and ``%5D``.

    Leaves: a str as it is; bytes percent-encoded as they are; ``True`` and
    ``False`` as ``true`` and ``false``; an int in decimal; ``None`` as an
    empty value, or not at all with ``skip_none=True``. An empty dict or list
    writes nothing. Anything else (float, set, objects) raises
    :class:`TypeError` naming its path.

    :param obj: a mapping with str keys.
    :param list_format: ``"indices"`` writes ``a[0]=x&a[1]=y``;
        ``"brackets"`` writes ``a[]=x&a[]=y``; ``"repeat"`` writes
        ``a=x&a=y`` (for servers that collect repeated names;
        :func:`parse_nested` reads it back with its default
        ``duplicates="combine"``, but a list of one value as that value).
        The last two only write lists of leaves.
    :param dialect: a :class:`urlencoded.dialects.Dialect`: how names and
        values are percent-encoded; by default ``WHATWG_FORM``, the
        urlencoded serializer's (``+`` for space).
    :param encoding: the encoding passed to the dialect.
    :param skip_none: leave out ``None`` leaves instead of writing them empty.
    :param max_depth: most bracket groups in one written name, counted as
        :func:`parse_nested` counts them, so that what this writes reads
        back with the same limit (``None``: no limit). ``"indices"`` adds a
        group per list level (``a[0]``), ``"brackets"`` one for the ``[]``,
        ``"repeat"`` none. A dict or list whose entries would go past it
        raises before it is entered, even if they would write nothing
        (``None`` with *skip_none*, empty containers).
    :returns: an ASCII string.
    :raises TypeError: for a non-mapping *obj*, a non-str key or an
        unsupported leaf (the message names its path), or a *max_depth*
        that is not an int or None.
    :raises ValueError: for an unknown *list_format*, a negative
        *max_depth*, a circular reference, or a key that would not read back
        as the same structure: an empty or bracketed nested key, a nested
        dict key that looks like a list index, a list of containers with
        ``"brackets"`` or ``"repeat"``.
    :raises LimitExceeded: a :class:`NestingTooDeep` for a name with more
        than *max_depth* bracket groups; its message names the limit, its
        value and the name (shortened), and its ``offset`` is the length of
        the output written before that name's pair.

    >>> serialize_nested({"items": [{"price": "p_1", "quantity": 2}], "metadata": {"order": 6735}})
    'items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bquantity%5D=2&metadata%5Border%5D=6735'
    >>> serialize_nested({"category": ["indieweb", "python"]}, list_format="brackets")
    'category%5B%5D=indieweb&category%5B%5D=python'

    .. versionadded:: 1.1
    """
    if not isinstance(list_format, str):
        raise TypeError(f"list_format must be a str, not {type(list_format).__name__}")
    if list_format not in _LIST_FORMATS:
        raise ValueError(
            f"list_format must be 'indices', 'brackets' or 'repeat', got {list_format!r}"
        )
    if not isinstance(skip_none, bool):
        raise TypeError(f"skip_none must be a bool, not {type(skip_none).__name__}")
    max_depth = check_limit("max_depth", max_depth)
    if not isinstance(obj, Mapping):
        raise TypeError(f"serialize_nested() takes a mapping, not {type(obj).__name__}")
    pieces: list[str] = []
    if not isinstance(dialect, Dialect):
        raise TypeError(f"dialect must be a Dialect, not {type(dialect).__name__}")
    encode = dialect.encode
    # Depth-first with an explicit stack of open containers: (id, iterator of
    # (segment, child), bracket groups of its entries' names). A name is kept
    # as one segment per open container ("a", "[b]", "[0]", "[]" or "") and
    # joined only for a pair that is written or an error: joining at every
    # level would make a deep object quadratic in its depth.
    segments: list[str] = []
    # Each open container's joined name, made when its first pair is written.
    prefixes: list[str | None] = [None]
    active: set[int] = {id(obj)}
    stack: list[tuple[int, Iterator[tuple[str, Any]], int]] = [
        (id(obj), iter(_children(obj, segments, list_format)), 0)
    ]
    offset = 0  # where the next pair starts in the output
    while stack:
        owner, children, groups = stack[-1]
        entry = next(children, None)
        if entry is None:
            stack.pop()
            prefixes.pop()
            if stack:
                segments.pop()
            active.discard(owner)
            continue
        segment, child = entry
        if _is_container(child):
            segments.append(segment)
            if id(child) in active:
                raise ValueError(f"serialize_nested(): circular reference at {''.join(segments)}")
            entries = _children(child, segments, list_format)
            inner = (
                groups if list_format == "repeat" and not isinstance(child, Mapping) else groups + 1
            )
            if entries and max_depth is not None and inner > max_depth:
                name = "".join(segments) + entries[0][0]
                raise NestingTooDeep(
                    "max_depth", max_depth, offset, f"name {_short(name)!r}: {inner} bracket groups"
                )
            active.add(id(child))
            stack.append((id(child), iter(entries), inner))
            prefixes.append(None)
            continue
        text = _scalar(child, segments, segment)
        if text is None:
            if skip_none:
                continue
            text = ""
        prefix = prefixes[-1]
        if prefix is None:
            prefix = prefixes[-1] = "".join(segments)
        piece = f"{encode(prefix + segment, encoding=encoding)}={encode(text, encoding=encoding)}"
        pieces.append(piece)
        offset += len(piece) + 1
    return "&".join(pieces)


def _children(container: Any, segments: list[str], list_format: str) -> list[tuple[str, Any]]:
    """The (segment, child) entries of one dict or list whose name *segments* spell.

    An entry's segment is what it adds to the name: a top-level key as it is,
    ``[key]``, ``[0]``, ``[]`` or nothing (``"repeat"``).
    """
    if isinstance(container, Mapping):
        return [
            (_check_key(key, segments, _is_container(child)), child)
            for key, child in container.items()
        ]
    if list_format == "indices":
        return [(f"[{index}]", child) for index, child in enumerate(container)]
    segment = "[]" if list_format == "brackets" else ""
    entries = []
    for index, child in enumerate(container):
        if _is_container(child):
            raise ValueError(
                f"serialize_nested(): {''.join(segments)}[{index}] is a container; "
                f"list_format={list_format!r} only writes lists of values"
            )
        entries.append((segment, child))
    return entries
