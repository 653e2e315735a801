"""The (name, value) pairs that the serializers take, checked once, with one set of messages.

https://url.spec.whatwg.org/#concept-urlencoded-serializer takes a list of
tuples. The functions that run it (:func:`urlencoded.serialize`, a
dialect's ``serialize`` and ``canonical_query``, and
:func:`urlencoded.serialize_text_plain`) take a mapping or an iterable of
pairs, and refuse anything else with a :class:`TypeError` that names the
function and the pair's index. :class:`~urlencoded.MultiDict` and
:class:`~urlencoded.URLSearchParams` check their pairs here too, with the
same messages.

Values follow one rule everywhere a library function takes them (the
serializers, :class:`~urlencoded.URLSearchParams`, :class:`~urlencoded.MultiDict`,
``serialize_nested``, ``with_query_params``, URI Templates, the clients and
the signers), as yarl does: str (and, where bytes can be written, bytes-like),
``int`` and ``float`` as Python writes them (``str(2)``, ``str(0.5)``), and
nothing else. :func:`check_value` holds it.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Mapping
from typing import Literal, Union, overload

__all__ = [
    "NameOrValue",
    "ValueInput",
    "check_items",
    "check_part",
    "check_value",
    "number_text",
    "pair_items",
]

NameOrValue = Union[str, bytes, bytearray, memoryview]
#: A value as the serializers take it: :data:`NameOrValue`, or a number
#: (:func:`check_value`; ``bool`` is an ``int`` to a type checker, but refused).
ValueInput = Union[str, bytes, bytearray, memoryview, int, float]
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


def number_text(value: object) -> str | None:
    """The text :func:`check_value` writes for a number it accepts, or None for anything else.

    The hot paths call this first and :func:`check_value` only for None,
    so that no error message is formatted for a value that is fine.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        try:
            return int.__repr__(value)
        except ValueError:
            return None  # more digits than sys.get_int_max_str_digits()
    if isinstance(value, float) and math.isfinite(value):
        return float.__repr__(value)
    return None


@overload
def check_value(value: object, what: str, *, str_only: Literal[False] = ...) -> NameOrValue: ...
@overload
def check_value(value: object, what: str, *, str_only: Literal[True]) -> str: ...
@overload
def check_value(value: object, what: str, *, str_only: bool) -> NameOrValue: ...
def check_value(value: object, what: str, *, str_only: bool = False) -> NameOrValue:
    """*value* as a value to write: :func:`check_part`'s types, or a number as its text.

    An ``int`` is written as ``int.__repr__`` writes it and a finite ``float``
    as ``float.__repr__`` does (``2``, ``0.5``, ``1e+16``), also for their
    subclasses (an ``IntEnum`` member is its number). ``bool`` and ``None``
    are refused: their text differs between Python's ``str()`` (``True``,
    ``None``), JavaScript (``true``, ``null``) and HTTP clients (httpx writes
    ``true``, and an empty value for ``None``), so the caller says which it
    means.

    >>> check_value(2, "value"), check_value(0.5, "value"), check_value("x", "value")
    ('2', '0.5', 'x')

    :raises TypeError: for ``bool``, ``None`` and any other type, naming *what*.
    :raises ValueError: for a float that is not finite (``nan``, ``inf``:
        no form or URL has a spelling for them), or an int too long for
        Python to write as text (``sys.get_int_max_str_digits()``).
    """
    if isinstance(value, str if str_only else _NAME_OR_VALUE):
        return value
    text = number_text(value)
    if text is not None:
        return text
    kinds = "str" if str_only else "str or bytes"
    if isinstance(value, bool) or value is None:
        raise TypeError(
            f"{what} must be {kinds}, int or float, not {value!r}: its text differs between "
            f"Python ('{value}'), JavaScript and HTTP clients, so pass the text you mean"
            + (" (or leave the pair out)" if value is None else "")
        )
    if isinstance(value, int):
        # CPython (3.11, and the security releases of 3.9 and 3.10) refuses to
        # write an int of more digits than sys.get_int_max_str_digits().
        limit = getattr(sys, "get_int_max_str_digits", lambda: "the allowed")()
        raise ValueError(
            f"{what} is an int of more than {limit} digits, more than Python writes "
            f"as text (sys.set_int_max_str_digits)"
        )
    if isinstance(value, float):
        raise ValueError(f"{what} must be a finite number, not {value!r}")
    raise TypeError(f"{what} must be {kinds}, int or float, not {type(value).__name__}")


def _where(caller: str, noun: str, index: int) -> str:
    return f"{caller}() {noun} {index}"


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

    Names are str or bytes-like, values that or a number by
    :func:`check_value`'s rule (written as its text); with *str_only*, str
    (text/plain has no bytes to write, and a MultiDict or URLSearchParams
    holds text), and the messages say so. *noun* is what the messages call
    an item (``"pair"`` or ``"item"``). Messages are made only for an item
    that is refused.

    :raises TypeError: for an item that is not a pair of those, naming *caller*,
        *noun* and the item's index.
    :raises ValueError: for a value that :func:`check_value` refuses so.
    """
    kinds = str if str_only else _NAME_OR_VALUE
    checked: list[tuple[NameOrValue, NameOrValue]] = []
    append = checked.append
    for index, item in enumerate(items):
        # A str or bytes-like object iterates, but is one value, not a pair.
        if type(item) is tuple and len(item) == 2:
            name, value = item
        else:
            if isinstance(item, _NAME_OR_VALUE) or not isinstance(item, Iterable):
                where = _where(caller, noun, index)
                raise TypeError(f"{where} must be a (name, value) pair, not {type(item).__name__}")
            parts = tuple(item)
            if len(parts) != 2:
                where = _where(caller, noun, index)
                raise TypeError(f"{where} must have 2 items (name, value), not {len(parts)}")
            name, value = parts
        if not isinstance(name, kinds):
            check_part(name, f"{_where(caller, noun, index)}: name", str_only=str_only)
        if not isinstance(value, kinds):
            # A number's text is never empty; check_value raises for the rest.
            value = number_text(value) or check_value(
                value, f"{_where(caller, noun, index)}: value", str_only=str_only
            )
        append((name, value))
    return checked
