"""Literal reference of the bracket grammar and of building dicts and lists from it.

Slow and obviously right: the grammar of docs/nested.rst is read one
character at a time by a state machine, and the structure is built with plain
recursion. Nothing here comes from the package under test.

    bracketed-name = base 1*( "[" segment "]" )
    base           = 1*( any character but "[" )
    segment        = *( any character but "[" and "]" )

A name with no complete group ("[", no brackets, "]") is an ordinary key; a
name with one that is not a bracketed-name is malformed.

:func:`serialize` writes dicts and lists back with plain recursion, building
every name by string concatenation and counting its groups with
:func:`read_name`; pairs are encoded by the URL Standard transcription in
tests/reference.py.
"""

from __future__ import annotations

from typing import Any

from tests.reference import in_urlencoded_set, percent_encode, utf8_percent_encode


class Malformed(Exception):
    """The name has a complete bracket group but is not a bracketed-name."""


def has_complete_group(name: str) -> bool:
    """Whether some "[" is followed by "]" with no bracket in between."""
    open_at = None
    for char in name:
        if char == "[":
            open_at = True
        elif char == "]" and open_at:
            return True
    return False


def read_name(name: str) -> tuple[str, list[str]] | None:
    """(base, segments) of a bracketed-name; None for an ordinary key; Malformed otherwise."""
    if not has_complete_group(name):
        return None
    state = "base"
    base = ""
    segment = ""
    segments: list[str] = []
    for char in name:
        if state == "base":
            if char == "[":
                if base == "":
                    raise Malformed  # base = 1*( ... )
                state = "segment"
            else:
                base += char
        elif state == "segment":
            if char == "]":
                segments.append(segment)
                segment = ""
                state = "after-group"
            elif char == "[":
                raise Malformed
            else:
                segment += char
        elif state == "after-group":
            if char == "[":
                state = "segment"
            else:
                raise Malformed
    if state != "after-group":
        raise Malformed
    return base, segments


def is_index(segment: str) -> bool:
    """0, or a nonzero ASCII digit followed by ASCII digits."""
    if segment == "":
        return False
    if any(char not in "0123456789" for char in segment):
        return False
    return segment == "0" or segment[0] != "0"


class ListInProgress:
    """A list while fields arrive: index -> (item, field number)."""

    def __init__(self) -> None:
        self.items: dict[int, Any] = {}
        self.fields: dict[int, int] = {}


class Failure(Exception):
    """Which rule failed ("nesting", "max_depth", "max_list_index", "max_keys") at which field."""

    def __init__(self, rule: str, field: int) -> None:
        super().__init__(rule, field)
        self.rule = rule
        self.field = field


def build(
    pairs: list[tuple[str, str]],
    max_depth: int | None,
    max_list_index: int | None,
    max_keys: int | None,
    duplicates: str = "combine",
) -> dict[str, Any]:
    """The nested structure of *pairs*, or Failure.

    A leaf reached again by the very name that set it is a repeat, handled as
    *duplicates* says ("combine" makes a list of the values, which counts as
    a list written with indices would); reached by any other name, a conflict.
    """
    root: dict[str, Any] = {}
    entries = 0
    # (id of container, key) of each leaf -> the name that set it.
    set_by: dict[tuple[int, Any], str] = {}

    def count(field: int) -> None:
        nonlocal entries
        entries += 1
        if max_keys is not None and entries > max_keys:
            raise Failure("max_keys", field)

    def next_index(lst: ListInProgress) -> int:
        return max(lst.items) + 1 if lst.items else 0

    def put(container: Any, key: Any, value: Any, field: int) -> None:
        count(field)
        if isinstance(container, ListInProgress):
            container.items[key] = value
            container.fields[key] = field
        else:
            container[key] = value

    def get(container: Any, key: Any) -> Any:
        if isinstance(container, ListInProgress):
            return container.items.get(key)
        return container.get(key)

    for field, (name, value) in enumerate(pairs):
        try:
            parts = read_name(name)
        except Malformed:
            raise Failure("nesting", field) from None
        segments: list[str] = []
        if parts is None:
            base = name
        else:
            base, segments = parts
        if max_depth is not None and len(segments) > max_depth:
            raise Failure("max_depth", field)
        container: Any = root
        key: Any = base
        for segment in segments:
            wants_list = segment == "" or is_index(segment)
            child: Any = get(container, key)
            if child is None:
                child = ListInProgress() if wants_list else {}
                put(container, key, child, field)
            elif not isinstance(child, ListInProgress if wants_list else dict):
                raise Failure("nesting", field)
            if wants_list:
                key = next_index(child) if segment == "" else int(segment)
                if max_list_index is not None and key > max_list_index:
                    raise Failure("max_list_index", field)
                # Every item needs a field, so an index of at least the number
                # of fields leaves a gap: it is reported at once.
                if segment != "" and key >= len(pairs):
                    raise Failure("nesting", field)
            else:
                key = segment
            container = child
        existing = get(container, key)
        if existing is None:
            put(container, key, value, field)
            set_by[(id(container), key)] = name
            continue
        if isinstance(existing, (dict, ListInProgress)):
            raise Failure("nesting", field)
        if duplicates == "error" or set_by[(id(container), key)] != name:
            raise Failure("nesting", field)
        if duplicates == "first":
            continue
        if duplicates == "last":
            if isinstance(container, ListInProgress):
                container.items[key] = value
            else:
                container[key] = value
            continue
        # Combine: a plain list holds the values given so far.
        if isinstance(existing, list):
            if max_list_index is not None and len(existing) > max_list_index:
                raise Failure("max_list_index", field)
            count(field)
            existing.append(value)
        else:
            if max_list_index is not None and max_list_index < 1:
                raise Failure("max_list_index", field)
            count(field)
            count(field)
            combined = [existing, value]
            if isinstance(container, ListInProgress):
                container.items[key] = combined
            else:
                container[key] = combined

    def finish(value: Any) -> Any:
        if isinstance(value, ListInProgress):
            if sorted(value.items) != list(range(len(value.items))):
                raise Failure("nesting", -1)
            return [finish(value.items[index]) for index in range(len(value.items))]
        if isinstance(value, dict):
            return {key: finish(item) for key, item in value.items()}
        return value

    result: dict[str, Any] = finish(root)
    return result


# --- Writing -----------------------------------------------------------------------


class Refused(Exception):
    """What serialize_nested must raise: "type", "value" or "depth".

    For "depth", *name* is the first name past the limit and *offset* the
    length of the output written before it.
    """

    def __init__(self, kind: str, name: str = "", offset: int = 0) -> None:
        super().__init__(kind, name, offset)
        self.kind = kind
        self.name = name
        self.offset = offset


def encode_bytes(data: bytes) -> str:
    """The urlencoded serializer's percent-encoding of bytes already encoded."""
    output = ""
    for byte in data:
        if byte == 0x20:
            output += "+"
        elif in_urlencoded_set(byte):
            output += percent_encode(byte)
        else:
            output += chr(byte)
    return output


def groups(name: str) -> int:
    """How many bracket groups parse_nested reads in *name*."""
    parts = read_name(name)
    return 0 if parts is None else len(parts[1])


def serialize(obj: dict[str, Any], list_format: str, skip_none: bool, max_depth: int | None) -> str:
    """What serialize_nested writes for *obj* of dicts, lists and leaves, or Refused."""
    pairs: list[str] = []

    def written_length() -> int:
        return len("&".join(pairs)) + (1 if pairs else 0)

    def entries_of(container: Any, name: str) -> list[tuple[str, Any]]:
        entries: list[tuple[str, Any]] = []
        if isinstance(container, dict):
            for key, child in container.items():
                if not isinstance(key, str):
                    raise Refused("type")
                is_container = isinstance(child, (dict, list))
                if name == "":
                    # A top-level key is written as it is.
                    if is_container and (key == "" or "[" in key):
                        raise Refused("value")
                    if not is_container:
                        try:
                            if read_name(key) is not None:
                                raise Refused("value")
                        except Malformed:
                            raise Refused("value") from None
                    entries.append((key, child))
                else:
                    if key == "" or "[" in key or "]" in key or is_index(key):
                        raise Refused("value")
                    entries.append((name + "[" + key + "]", child))
            return entries
        for index, child in enumerate(container):
            if list_format == "indices":
                entries.append((name + "[" + str(index) + "]", child))
            elif isinstance(child, (dict, list)):
                raise Refused("value")
            elif list_format == "brackets":
                entries.append((name + "[]", child))
            else:
                entries.append((name, child))
        return entries

    def leaf_text(value: Any) -> str | None:
        # The library's rule for values: str, bytes, int and float as Python
        # writes them; bool and None (unless skipped) refused.
        if isinstance(value, str):
            return utf8_percent_encode(value, in_urlencoded_set, space_as_plus=True)
        if isinstance(value, bytes):
            return encode_bytes(value)
        if isinstance(value, bool):
            raise Refused("type")
        if isinstance(value, (int, float)):
            if value != value or value in (float("inf"), float("-inf")):
                raise Refused("value")
            return utf8_percent_encode(repr(value), in_urlencoded_set, space_as_plus=True)
        if value is None:
            if skip_none:
                return None
            raise Refused("type")
        raise Refused("type")

    def walk(container: Any, name: str) -> None:
        entries = entries_of(container, name)
        for entry_name, _ in entries:
            if max_depth is not None and groups(entry_name) > max_depth:
                raise Refused("depth", entry_name, written_length())
        for entry_name, child in entries:
            if isinstance(child, (dict, list)):
                walk(child, entry_name)
                continue
            text = leaf_text(child)
            if text is None:
                continue
            encoded_name = utf8_percent_encode(entry_name, in_urlencoded_set, space_as_plus=True)
            pairs.append(encoded_name + "=" + text)

    walk(obj, "")
    return "&".join(pairs)
