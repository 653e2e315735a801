"""Writing nested names: ``serialize_nested``.

https://url.spec.whatwg.org/#concept-urlencoded-serializer writes the pairs;
their names follow the grammar of ``_grammar``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import repeat
from typing import Any, NoReturn

from ..._core import check_limit, check_value, number_text
from ..._encoding import Encoding
from ..._errors import NestingTooDeep
from ...dialects import WHATWG_FORM, Dialect
from ._grammar import LIST_FORMATS, ListFormat, NestedInput, is_index, short, split_name

__all__ = ["serialize_nested"]


def _scalar(
    value: object, segments: list[str], segment: str, skip_none: bool
) -> str | bytes | None:
    """The text written for a leaf by the one rule for values (``check_value``),
    or None for a None left out with *skip_none*.

    The leaf's name is *segments* then *segment*, joined only for a message.

    :raises TypeError: for bool, None without *skip_none* and other types,
        naming the leaf's path.
    :raises ValueError: for a float that is not finite, or an int too long
        to write, naming the leaf's path.
    """
    if isinstance(value, str):
        return value
    text = number_text(value)
    if text is not None:
        return text
    if value is None and skip_none:
        return None
    try:
        checked = check_value(value, f"serialize_nested(): {''.join(segments)}{segment}")
    except TypeError as error:
        if value is None:
            raise TypeError(f"{error}; skip_none=True leaves out None leaves") from None
        raise
    return checked if isinstance(checked, str) else bytes(checked)


# Leaves of the common types, told apart without the ABCs' slower checks.
_LEAF_TYPES = frozenset((str, bytes, int, float, bool, type(None)))
_STR = {str}
# The first segment of a list's entries, by list_format.
_LIST = {"indices": "[0]", "brackets": "[]", "repeat": ""}


def _is_container(value: object) -> bool:
    if type(value) in _LEAF_TYPES:
        return False
    return isinstance(value, Mapping) or (
        isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray, memoryview))
    )


def _too_deep(
    pairs: list[tuple[str, str | bytes]],
    dialect: Dialect,
    encoding: str | Encoding,
    max_depth: int,
    groups: int,
    name: str,
) -> NoReturn:
    """Raise NestingTooDeep for *name*, whose pair would start after *pairs* written."""
    offset = len(_serialized(pairs, dialect, encoding)) + 1 if pairs else 0
    raise NestingTooDeep(
        "max_depth", max_depth, offset, f"name {short(name)!r}: {groups} bracket groups"
    )


def _serialized(
    pairs: list[tuple[str, str | bytes]], dialect: Dialect, encoding: str | Encoding
) -> str:
    """The pairs serialized with the dialect's encoding of each name and value: by its
    ``serialize`` (one pass where it can), unless a subclass changes that."""
    if type(dialect).serialize is Dialect.serialize:
        return dialect.serialize(pairs, encoding=encoding)
    encode = dialect.encode
    return "&".join(
        [
            f"{encode(name, encoding=encoding)}={encode(value, encoding=encoding)}"
            for name, value in pairs
        ]
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
    if not key or "[" in key or "]" in key or is_index(key):
        if not key:
            reason = "is empty (written as '[]', it would read back as a list append)"
        elif is_index(key):
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

    Leaves follow the library's one rule for values (:ref:`values`): a str
    as it is; bytes percent-encoded as they are; an ``int`` or ``float`` as
    Python writes it (``2``, ``0.5``). ``True``, ``False`` and ``None`` are
    refused with a :class:`TypeError`, since their text differs between
    Python, JavaScript and HTTP clients: write the text you mean
    (``"true"``, ``""``); ``skip_none=True`` leaves ``None`` leaves out. An
    empty dict or list writes nothing. Anything else (a set, an object)
    raises :class:`TypeError` naming its path.

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
    :param skip_none: leave out ``None`` leaves instead of refusing them.
    :param max_depth: most bracket groups in one written name, counted as
        :func:`parse_nested` counts them, so that what this writes reads
        back with the same limit (``None``: no limit). ``"indices"`` adds a
        group per list level (``a[0]``), ``"brackets"`` one for the ``[]``,
        ``"repeat"`` none. A dict or list whose entries would go past it
        raises before it is entered, even if they would write nothing
        (``None`` with *skip_none*, empty containers).
    :returns: an ASCII string.
    :raises TypeError: for a non-mapping *obj*, a non-str key or an
        unsupported leaf (bool, ``None`` without *skip_none*; the message
        names its path), or a *max_depth* that is not an int or None.
    :raises ValueError: for an unknown *list_format*, a negative
        *max_depth*, a leaf ``nan`` or infinity, a circular reference, or a
        key that would not read back as the same structure: an empty or
        bracketed nested key, a nested dict key that looks like a list
        index, a list of containers with ``"brackets"`` or ``"repeat"``.
    :raises LimitExceeded: a :class:`NestingTooDeep` for a name with more
        than *max_depth* bracket groups; its message names the limit, its
        value and the name (shortened), and its ``offset`` is the length of
        the output written before that name's pair.

    >>> serialize_nested({"items": [{"price": "p_1", "quantity": 2}], "metadata": {"order": 6735}})
    'items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bquantity%5D=2&metadata%5Border%5D=6735'
    >>> serialize_nested({"category": ["indieweb", "python"]}, list_format="brackets")
    'category%5B%5D=indieweb&category%5B%5D=python'
    >>> serialize_nested({"price": 9.5, "gift": "false", "note": None}, skip_none=True)
    'price=9.5&gift=false'

    .. versionadded:: 1.1
    """
    if not isinstance(list_format, str):
        raise TypeError(f"list_format must be a str, not {type(list_format).__name__}")
    if list_format not in LIST_FORMATS:
        raise ValueError(
            f"list_format must be 'indices', 'brackets' or 'repeat', got {list_format!r}"
        )
    if not isinstance(skip_none, bool):
        raise TypeError(f"skip_none must be a bool, not {type(skip_none).__name__}")
    max_depth = check_limit("max_depth", max_depth)
    if type(obj) is not dict and not isinstance(obj, Mapping):
        raise TypeError(f"serialize_nested() takes a mapping, not {type(obj).__name__}")
    if not isinstance(dialect, Dialect):
        raise TypeError(f"dialect must be a Dialect, not {type(dialect).__name__}")
    if type(obj) is dict and set(map(type, obj.values())) <= _STR:
        # A flat dict of str values, as most forms are: its keys are the names.
        try:
            flat = "[" not in "".join(obj)
        except TypeError:
            flat = False  # a key that is not a str: the loop below names it
        if flat:
            return _serialized(list(obj.items()), dialect, encoding)
    # The pairs to write, serialized at the end, in one pass where the dialect can.
    pairs: list[tuple[str, str | bytes]] = []
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
        if type(child) is not str and _is_container(child):
            segments.append(segment)
            if id(child) in active:
                raise ValueError(f"serialize_nested(): circular reference at {''.join(segments)}")
            mapping = isinstance(child, Mapping)
            inner = groups if list_format == "repeat" and not mapping else groups + 1
            if not mapping and set(map(type, child)) <= _STR:
                # A list of str: its pairs at once.
                name = "".join(segments)
                if child and max_depth is not None and inner > max_depth:
                    _too_deep(pairs, dialect, encoding, max_depth, inner, name + _LIST[list_format])
                if list_format == "indices":
                    pairs += [(f"{name}[{index}]", value) for index, value in enumerate(child)]
                else:
                    pairs += zip(repeat(name + _LIST[list_format]), child)
                segments.pop()
                continue
            entries = _children(child, segments, list_format)
            if entries and max_depth is not None and inner > max_depth:
                name = "".join(segments) + entries[0][0]
                _too_deep(pairs, dialect, encoding, max_depth, inner, name)
            active.add(id(child))
            stack.append((id(child), iter(entries), inner))
            prefixes.append(None)
            continue
        text = child if type(child) is str else _scalar(child, segments, segment, skip_none)
        if text is None:
            continue
        prefix = prefixes[-1]
        if prefix is None:
            prefix = prefixes[-1] = "".join(segments)
        pairs.append((prefix + segment, text))
    return _serialized(pairs, dialect, encoding)


def _segment(key: object, segments: list[str], child: object) -> str:
    """:func:`_check_key`, after a shortcut for the keys that read back as they are."""
    if type(key) is str and key and "[" not in key:
        # A top-level key without "[" holds no bracket group; a nested one needs
        # no "]" either and must not look like a list index.
        if not segments:
            return key
        if "]" not in key and not key.isdigit():
            return f"[{key}]"
    return _check_key(key, segments, _is_container(child))


def _children(container: Any, segments: list[str], list_format: str) -> list[tuple[str, Any]]:
    """The (segment, child) entries of one dict or list whose name *segments* spell.

    An entry's segment is what it adds to the name: a top-level key as it is,
    ``[key]``, ``[0]``, ``[]`` or nothing (``"repeat"``).
    """
    if isinstance(container, Mapping):
        return [(_segment(key, segments, child), child) for key, child in container.items()]
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
