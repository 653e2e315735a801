"""The (name, value) pairs that the serializers take, checked once, with one set of messages.

https://url.spec.whatwg.org/#concept-urlencoded-serializer takes a list of
tuples. The functions that run it (:func:`urlencoded.serialize`, a
dialect's ``serialize`` and ``canonical_query``, and
:func:`urlencoded.serialize_text_plain`) take a mapping or an iterable of
pairs, and refuse anything else with a :class:`TypeError` that names the
function and the pair's index.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal, Union, overload

__all__ = ["NameOrValue", "check_items", "pair_items"]

NameOrValue = Union[str, bytes, bytearray, memoryview]
_NAME_OR_VALUE = (str, bytes, bytearray, memoryview)
_STR_OR_BYTES = (str, bytes)


def pair_items(pairs: object, caller: str) -> list[object]:
    """The items of *pairs*, a mapping (its items) or an iterable that is not a str or bytes.

    :raises TypeError: for anything else, naming *caller*.
    """
    if isinstance(pairs, Mapping):
        return list(pairs.items())
    if isinstance(pairs, _NAME_OR_VALUE) or not isinstance(pairs, Iterable):
        raise TypeError(
            f"{caller}() takes (name, value) pairs or a mapping, not {type(pairs).__name__}"
        )
    return list(pairs)


@overload
def check_items(
    items: list[object], caller: str, *, str_only: Literal[False] = ...
) -> list[tuple[NameOrValue, NameOrValue]]: ...
@overload
def check_items(
    items: list[object], caller: str, *, str_only: Literal[True]
) -> list[tuple[str, str]]: ...
def check_items(
    items: list[object], caller: str, *, str_only: bool = False
) -> list[tuple[NameOrValue, NameOrValue]] | list[tuple[str, str]]:
    """Each item of :func:`pair_items` as a (name, value) tuple.

    Names and values are str or bytes-like; with *str_only*, str (text/plain
    has no bytes to write), and the messages say so.

    :raises TypeError: for an item that is not a pair of those, naming *caller*
        and the item's index.
    """
    checked: list[tuple[NameOrValue, NameOrValue]] = []
    for index, item in enumerate(items):
        if isinstance(item, _STR_OR_BYTES if str_only else _NAME_OR_VALUE) or not isinstance(
            item, Iterable
        ):
            kind = "" if str_only else f", not {type(item).__name__}"
            raise TypeError(f"{caller}() pair {index} must be a (name, value) pair{kind}")
        parts = tuple(item)
        if str_only:
            if len(parts) != 2 or not all(isinstance(part, str) for part in parts):
                raise TypeError(
                    f"{caller}() pair {index} must be two str (name, value), got {parts!r}"
                )
        elif len(parts) != 2:
            raise TypeError(
                f"{caller}() pair {index} must have 2 items (name, value), not {len(parts)}"
            )
        else:
            for role, part in zip(("name", "value"), parts):
                if not isinstance(part, _NAME_OR_VALUE):
                    raise TypeError(
                        f"{caller}() pair {index}: {role} must be str or bytes, "
                        f"not {type(part).__name__}"
                    )
        checked.append((parts[0], parts[1]))
    return checked
