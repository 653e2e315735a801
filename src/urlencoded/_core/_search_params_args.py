"""The conversions of URLSearchParams' arguments to scalar value strings.

https://webidl.spec.whatwg.org/#es-USVString,
https://webidl.spec.whatwg.org/#es-record and
https://webidl.spec.whatwg.org/#es-sequence

Every name and value that reaches :class:`URLSearchParams`' method steps
goes through these first: a ``str`` becomes a scalar value string (lone
surrogates to U+FFFD), a value that is an ``int`` or ``float`` becomes its
text by the library's one rule for values (:func:`check_value`), anything
else raises :class:`TypeError` naming the argument. They also tell a
multi-valued mapping from a record and take a list of str pairs in a few
C-level passes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Union

from ._bulk_serializer import FORM_PLAIN_BYTES
from ._infra import SURROGATE, to_usv_string
from ._pairs import check_part, check_value, number_text

if TYPE_CHECKING:
    from ._search_params import URLSearchParams

_PAIR_TYPES = {tuple, list}

#: A value the methods take: a str, or a number stored as its text (check_value).
_Value = Union[str, int, float]
#: What the constructor accepts; Web IDL's
#: ``(sequence<sequence<USVString>> or record<USVString, USVString> or USVString)``,
#: plus bytes for the urlencoded parser.
_Init = Union[
    str,
    bytes,
    bytearray,
    memoryview,
    "URLSearchParams",  # resolved in _search_params, where the hints are read
    Mapping[str, _Value],
    # Pairs as tuples, lists or iterators; not Iterable[Iterable[str]], which a
    # list of str would match and the constructor refuses at run time.
    Iterable[Union[tuple[str, _Value], list[str], Iterator[str]]],
]


def _usv(value: object, what: str) -> str:
    """Convert *value* to a scalar value string, or raise TypeError naming *what*."""
    # https://webidl.spec.whatwg.org/#es-USVString, minus the ToString() of
    # non-string values: we refuse those instead of converting them.
    return to_usv_string(check_part(value, what, str_only=True))


def _usv_value(value: object, what: str) -> str:
    """Like :func:`_usv` for a value: a number becomes its text (:func:`check_value`)."""
    if type(value) is not str:
        return number_text(value) or to_usv_string(check_value(value, what, str_only=True))
    return to_usv_string(value)


def _usv_or_none(value: object, what: str) -> str | None:
    """Like :func:`_usv_value`, but let None (the spec's "not given") through."""
    if value is None:
        return None
    return _usv_value(value, what)


def _is_multi_valued(init: Mapping[Any, Any], items: list[Any]) -> bool:
    """Whether the mapping *init*, whose ``items()`` gave *items*, holds every pair."""
    if callable(getattr(init, "get_all", None)) or callable(getattr(init, "getall", None)):
        return True
    # A name seen twice: items() lists pairs, not one value per key.
    names = [name for name, _ in items]
    try:
        return len(set(names)) < len(names)
    except TypeError:
        return False  # an unhashable key: _mapping_item names it


def _mapping_item(name: object, value: object) -> tuple[str, str]:
    """One (name, value) item of a mapping init, as scalar value strings."""
    return (
        _usv(name, "URLSearchParams() mapping key"),
        _usv_value(value, f"URLSearchParams() mapping value for key {name!r}"),
    )


def _str_pairs(init: list[Any]) -> tuple[list[tuple[str, str]], bool, bool] | None:
    """A list init's pairs when every item is a 2-item tuple or list of str, else None;
    with whether they are all ASCII, and whether the serializer writes them as they are."""
    if not init:
        return [], True, True
    if not set(map(type, init)) <= _PAIR_TYPES or set(map(len, init)) != {2}:
        return None
    try:
        text = "".join(map("".join, init))
    except TypeError:
        return None  # a name or value that is not a str: check_items names it
    if text.isascii():
        plain = not text.encode("ascii").translate(None, FORM_PLAIN_BYTES)
        return [tuple(pair) for pair in init], True, plain
    if SURROGATE.search(text):
        return None  # the general path converts each string
    return [tuple(pair) for pair in init], False, False
