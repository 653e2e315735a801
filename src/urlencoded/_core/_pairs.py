"""The (name, value) pairs that the serializers take, checked once, with one set of messages.

https://url.spec.whatwg.org/#concept-urlencoded-serializer takes a list of
tuples. The functions that run it (:func:`urlencoded.serialize`, a
dialect's ``serialize`` and ``canonical_query``, and
:func:`urlencoded.serialize_text_plain`) take a mapping or an iterable of
pairs, and refuse anything else with a :class:`TypeError` that names the
function and the pair's index. :class:`~urlencoded.MultiDict` and
:class:`~urlencoded.URLSearchParams` check their pairs here too, with the
same messages.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal, Union, overload

__all__ = ["NameOrValue", "check_items", "check_part", "pair_items"]

NameOrValue = Union[str, bytes, bytearray, memoryview]
_NAME_OR_VALUE = (str, bytes, bytearray, memoryview)


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
def check_part(part: object, what: str, *, str_only: Literal[False] = ...) -> NameOrValue: ...
@overload
def check_part(part: object, what: str, *, str_only: Literal[True]) -> str: ...
@overload
def check_part(part: object, what: str, *, str_only: bool) -> NameOrValue: ...
def check_part(part: object, what: str, *, str_only: bool = False) -> NameOrValue:
    """*part*, a name or a value: str or bytes-like, or with *str_only* a str.

    :raises TypeError: for anything else, naming *what* (such as ``"add() name"``).
    """
    if not isinstance(part, str if str_only else _NAME_OR_VALUE):
        kinds = "str" if str_only else "str or bytes"
        raise TypeError(f"{what} must be {kinds}, not {type(part).__name__}")
    return part


@overload
def check_items(
    items: list[object], caller: str, *, str_only: Literal[False] = ..., noun: str = ...
) -> list[tuple[NameOrValue, NameOrValue]]: ...
@overload
def check_items(
    items: list[object], caller: str, *, str_only: Literal[True], noun: str = ...
) -> list[tuple[str, str]]: ...
def check_items(
    items: list[object], caller: str, *, str_only: bool = False, noun: str = "pair"
) -> list[tuple[NameOrValue, NameOrValue]] | list[tuple[str, str]]:
    """Each item of :func:`pair_items` as a (name, value) tuple.

    Names and values are str or bytes-like; with *str_only*, str (text/plain
    has no bytes to write, and a MultiDict or URLSearchParams holds text), and
    the messages say so. *noun* is what the messages call an item (``"pair"``
    or ``"item"``).

    :raises TypeError: for an item that is not a pair of those, naming *caller*,
        *noun* and the item's index.
    """
    checked: list[tuple[NameOrValue, NameOrValue]] = []
    for index, item in enumerate(items):
        where = f"{caller}() {noun} {index}"
        # A str or bytes-like object iterates, but is one value, not a pair.
        if isinstance(item, _NAME_OR_VALUE) or not isinstance(item, Iterable):
            raise TypeError(f"{where} must be a (name, value) pair, not {type(item).__name__}")
        parts = tuple(item)
        if len(parts) != 2:
            raise TypeError(f"{where} must have 2 items (name, value), not {len(parts)}")
        name = check_part(parts[0], f"{where}: name", str_only=str_only)
        value = check_part(parts[1], f"{where}: value", str_only=str_only)
        checked.append((name, value))
    return checked
