"""The URLSearchParams class, and a URL string's query as one.

https://url.spec.whatwg.org/#interface-urlsearchparams

A :class:`URLSearchParams` is what the standard says it is: a list of
(name, value) tuples, with methods that follow the spec's method steps one by
one. Every name and value is a *scalar value string*: strings coming in go
through the USVString conversion (:func:`~urlencoded._core._infra.to_usv_string`),
so a lone surrogate becomes U+FFFD at the door and the list never holds one.
Parsing and serializing are delegated to the urlencoded parser in
``_form/`` and the serializer in ``_bulk_serializer.py``; this module adds no
encoding logic of its own. The conversions of the arguments are in
``_search_params_args.py``.

Web IDL converts anything to a string; values here follow the library's one
rule instead (docs/api.rst, "Values": a ``str``, or an ``int`` or ``float`` as
Python writes it), and a name must be a ``str``: anything else is a TypeError.

The Python protocols (``len``, iteration, ``in``, ``==``, ``repr``, ``keys``,
``values``, ``items``, ``copy``, ``to_dict``, ``to_dict_of_lists``) go beyond
the spec; each docstring says so. The class is deliberately not a
:class:`~collections.abc.Mapping`: a name may occur many times, and iteration
yields (name, value) pairs, as the spec's iterable declaration does.

A browser's URLSearchParams may belong to a URL object, whose query its
"update" steps rewrite. There is no URL object here, so they are a no-op;
``_url_query.py`` applies them to a URL string (:func:`with_query_params`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from operator import itemgetter
from typing import Any, TypeVar, overload

from ._bulk_serializer import serialize_str_pairs, written_as_is
from ._form import parse, parse_default, split_plain_form
from ._infra import ANY_VALUE, first_values, to_usv_string, utf16_code_unit_key, values_by_name
from ._options import BLOCK
from ._pairs import check_items
from ._search_params_args import (
    _Init,
    _is_multi_valued,
    _mapping_item,
    _str_pairs,
    _usv,
    _usv_or_none,
    _usv_value,
    _Value,
)

__all__ = ["URLSearchParams"]

_BYTES_TYPES = (bytes, bytearray, memoryview)
_NAME = itemgetter(0)
_T = TypeVar("_T")


# https://url.spec.whatwg.org/#interface-urlsearchparams
class URLSearchParams:
    """A list of name-value pairs, as the URL Standard's URLSearchParams class.

    https://url.spec.whatwg.org/#interface-urlsearchparams

    The constructor follows https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams
    and "initialize" (https://url.spec.whatwg.org/#concept-urlsearchparams-new). *init* may be:

    - a ``str``: one leading ``?`` is removed, then the rest goes through the
      urlencoded string parser;
    - ``bytes``, ``bytearray`` or ``memoryview``: the urlencoded parser, which
      decodes UTF-8 (no ``?`` is removed: bytes are not a Web IDL string);
    - another :class:`URLSearchParams`: a copy of its list (an instance of
      a subclass is iterated, as any sequence is, so that its ``__iter__``
      counts);
    - a multi-valued mapping, one whose ``items()`` gives every pair: each
      of its items appended, in order, repeated names included. That is a
      mapping with a ``get_all`` or ``getall`` method
      (:class:`~urlencoded.MultiDict`, the ``multidict`` package's
      classes), or one whose ``items()`` repeats a name;
    - any other :class:`~collections.abc.Mapping` of ``str`` to ``str`` (the
      spec's record): each item appended, in mapping order;
    - any other iterable of pairs (the spec's sequence of sequences): each
      pair appended, in order.

    A value may also be an ``int`` or ``float``, stored as Python writes it
    (:ref:`the rule for values <values>`). Lone surrogates in any string
    become U+FFFD, in the constructor and in every method (Web IDL's
    USVString conversion). As in a record, two mapping keys that become
    equal after that conversion are one entry, at the first
    key's position, with the last key's value.

    :param init: the initial pairs; the default is the empty string.
    :raises TypeError: if *init* is none of the above, if an item of an
        iterable is not a sequence of exactly two elements (the spec throws a
        TypeError), if a name is not a ``str``, or a value not a ``str``,
        ``int`` or ``float``.
    :raises ValueError: for a value ``nan`` or infinity.

    >>> params = URLSearchParams("?q=caf%C3%A9&q=tea+time")
    >>> params.get_all("q")
    ['café', 'tea time']
    >>> str(URLSearchParams({"key": "730d67"}))
    'key=730d67'
    >>> URLSearchParams([("a", "1"), ("b", "~ *")])
    URLSearchParams([('a', '1'), ('b', '~ *')])

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       A multi-valued mapping gives all its items, in order (only one value
       per name before), and a subclass of URLSearchParams is iterated.
    """

    # _ascii_names is _list while every name in it is known to be ASCII, so
    # that sort() need not look; _plain is _list while every name and value is
    # known to be written by the serializer as it is (spaces as "+"), so that
    # str() need not look. Set by the constructor, kept by the methods.
    __slots__ = ("_ascii_names", "_list", "_plain")
    _list: list[tuple[str, str]]
    _ascii_names: list[tuple[str, str]] | None
    _plain: list[tuple[str, str]] | None

    # Beyond the spec: the list can change, so instances are not hashable.
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, init: _Init = "") -> None:
        # https://url.spec.whatwg.org/#concept-urlsearchparams-list
        if type(init) is str:
            # Constructor step 1: if init is a string and starts with "?",
            # remove the first code point from init.
            text = init[1:] if init[:1] == "?" else init
            if text.isascii() and "%" not in text and len(text) <= BLOCK:
                # The common query: nothing to percent-decode, every name ASCII.
                self._list, plain = split_plain_form(text)
                self._ascii_names = self._list
                self._plain = self._list if plain else None
                return
        self._list = []
        self._ascii_names = None
        self._plain = None
        if type(init) is list:
            # The common sequence init, a list of str pairs, in a few C-level passes.
            found = _str_pairs(init)
            if found is not None:
                self._list, ascii_names, plain = found
                self._ascii_names = self._list if ascii_names else None
                self._plain = self._list if plain else None
                return
        if isinstance(init, str):
            # Constructor step 1: if init is a string and starts with "?",
            # remove the first code point from init.
            if init.startswith("?"):
                init = init[1:]
            # Initialize step 3.2: set the list to the result of parsing init
            # (the string parser turns surrogates into U+FFFD as it UTF-8 encodes).
            self._list = parse_default(init)
            if init.isascii() and "%" not in init:
                # Nothing was percent-decoded: every name is ASCII.
                self._ascii_names = self._list
        elif isinstance(init, _BYTES_TYPES):
            # Beyond the spec: bytes go straight to the urlencoded parser.
            self._list = parse(init)
        elif type(init) is URLSearchParams:
            # A URLSearchParams is a sequence of pairs in Web IDL; copying its
            # list is the same thing, only faster. Not for a subclass, whose
            # __iter__ may differ: that one is iterated below.
            self._list = list(init._list)
        elif isinstance(init, Mapping):
            items = list(init.items())
            if _is_multi_valued(init, items):
                # A multidict is a sequence of pairs, not a record: keep
                # every pair, in order (initialize step 1).
                self._list = [_mapping_item(name, value) for name, value in items]
            else:
                # Initialize step 2: for each name -> value of the record,
                # append. Converting the keys first, into an ordered map, is
                # what Web IDL's record conversion does
                # (https://webidl.spec.whatwg.org/#es-record).
                self._list = list(dict(_mapping_item(name, value) for name, value in items).items())
        elif isinstance(init, Iterable):
            # Initialize step 1: for each innerSequence of init, if its size
            # is not 2, throw a TypeError (step 1.1); else append it (step
            # 1.2). Web IDL converts each item to sequence<USVString>; a
            # string is not an object, so it cannot be one
            # (https://webidl.spec.whatwg.org/#es-sequence).
            pairs = check_items(list(init), "URLSearchParams", str_only=True, noun="item")
            self._list = [(to_usv_string(name), to_usv_string(value)) for name, value in pairs]
        else:
            raise TypeError(
                "URLSearchParams() argument must be str, bytes, a mapping, an iterable of"
                f" (name, value) pairs or a URLSearchParams, not {type(init).__name__}"
            )

    # https://url.spec.whatwg.org/#dom-urlsearchparams-size
    @property
    def size(self) -> int:
        """The number of name-value pairs.

        https://url.spec.whatwg.org/#dom-urlsearchparams-size

        :returns: the size of the list; ``len(params)`` is the same.

        >>> URLSearchParams("a=1&a=2&b=3").size
        3

        .. versionadded:: 1.0
        """
        return len(self._list)

    # https://url.spec.whatwg.org/#dom-urlsearchparams-append
    def append(self, name: str, value: _Value) -> None:
        """Add a name-value pair at the end.

        https://url.spec.whatwg.org/#dom-urlsearchparams-append

        :param name: the name; lone surrogates become U+FFFD.
        :param value: the value; lone surrogates become U+FFFD; a number is
            stored as Python writes it.
        :raises TypeError: if *name* is not a ``str``, or *value* not a
            ``str``, ``int`` or ``float``.
        :raises ValueError: for a *value* ``nan`` or infinity.

        >>> params = URLSearchParams("a=1")
        >>> params.append("a", "2")
        >>> params.append("page", 3)
        >>> str(params)
        'a=1&a=2&page=3'

        .. versionadded:: 1.0
        .. versionchanged:: 1.1 ``int`` and ``float`` values.
        """
        if type(name) is not str or not name.isascii():
            name = _usv(name, "append() name")
        if type(value) is not str or not value.isascii():
            value = _usv_value(value, "append() value")
        # Step 1: append (name, value) to this's list.
        self._list.append((name, value))
        if not name.isascii():
            self._ascii_names = None
        if getattr(self, "_plain", None) is self._list and not written_as_is(name, value):
            self._plain = None
        # Step 2: update this (a no-op: there is no URL object).

    # https://url.spec.whatwg.org/#dom-urlsearchparams-delete
    def delete(self, name: str, value: _Value | None = None) -> None:
        """Remove every pair with this name, or with this name and value.

        https://url.spec.whatwg.org/#dom-urlsearchparams-delete

        :param name: the name to remove.
        :param value: if given (not None), only pairs whose value is exactly
            *value* (a number: its text) are removed, as in the spec's
            two-argument form.
        :raises TypeError: if *name* is not a ``str``, or *value* is not a
            ``str``, ``int``, ``float`` or None.

        >>> params = URLSearchParams("a=1&b=2&a=3")
        >>> params.delete("a", "3")
        >>> str(params)
        'a=1&b=2'
        >>> params.delete("a")
        >>> str(params)
        'b=2'

        .. versionadded:: 1.0
        """
        name = _usv(name, "delete() name")
        value = _usv_or_none(value, "delete() value")
        if value is not None:
            # Step 1: remove all tuples whose name is name and value is value.
            self._list = [pair for pair in self._list if pair != (name, value)]
        else:
            # Step 2: otherwise, remove all tuples whose name is name.
            self._list = [pair for pair in self._list if pair[0] != name]
        # Step 3: update this (a no-op: there is no URL object).

    # https://url.spec.whatwg.org/#dom-urlsearchparams-get
    @overload
    def get(self, name: str) -> str | None: ...
    @overload
    def get(self, name: str, default: str) -> str: ...
    @overload
    def get(self, name: str, default: _T) -> str | _T: ...
    def get(self, name: str, default: object = None) -> object:
        """The value of the first pair with this name, or None.

        https://url.spec.whatwg.org/#dom-urlsearchparams-get

        :param name: the name to look up.
        :param default: returned instead of None when no pair has the name
            (beyond the spec, as :meth:`dict.get`).
        :returns: the first value for *name*, or None (the spec's null) if no
            pair has that name.
        :raises TypeError: if *name* is not a ``str``.

        >>> params = URLSearchParams("a=1&a=2")
        >>> params.get("a"), params.get("b"), params.get("b", "0")
        ('1', None, '0')

        .. versionadded:: 1.0
        .. versionchanged:: 1.1 *default*.
        """
        if type(name) is not str or not name.isascii():
            name = _usv(name, "get() name")
        for pair_name, pair_value in self._list:
            if pair_name == name:
                return pair_value
        return default

    # https://url.spec.whatwg.org/#dom-urlsearchparams-getall
    def get_all(self, name: str) -> list[str]:
        """The values of all pairs with this name, in list order.

        https://url.spec.whatwg.org/#dom-urlsearchparams-getall (``getAll``)

        :param name: the name to look up.
        :returns: a new list, empty if no pair has that name.
        :raises TypeError: if *name* is not a ``str``.

        >>> URLSearchParams("a=1&b=2&a=3").get_all("a")
        ['1', '3']

        .. versionadded:: 1.0
        """
        if type(name) is not str or not name.isascii():
            name = _usv(name, "get_all() name")
        return [pair_value for pair_name, pair_value in self._list if pair_name == name]

    # https://url.spec.whatwg.org/#dom-urlsearchparams-has
    def has(self, name: str, value: _Value | None = None) -> bool:
        """Whether a pair has this name, or this name and value.

        https://url.spec.whatwg.org/#dom-urlsearchparams-has

        :param name: the name to look for.
        :param value: if given (not None), the pair must also have exactly
            this value (a number: its text), as in the spec's two-argument form.
        :returns: True if such a pair exists.
        :raises TypeError: if *name* is not a ``str``, or *value* is not a
            ``str``, ``int``, ``float`` or None.

        >>> params = URLSearchParams("a=1")
        >>> params.has("a"), params.has("a", "1"), params.has("a", "2")
        (True, True, False)

        .. versionadded:: 1.0
        """
        name = _usv(name, "has() name")
        value = _usv_or_none(value, "has() value")
        if value is not None:
            # Step 1: value given and a tuple (name, value) exists.
            return (name, value) in self._list
        # Step 2: value not given and a tuple with this name exists.
        return (name, ANY_VALUE) in self._list

    # https://url.spec.whatwg.org/#dom-urlsearchparams-set
    def set(self, name: str, value: _Value) -> None:
        """Give *name* exactly one pair, with *value*.

        https://url.spec.whatwg.org/#dom-urlsearchparams-set

        The first pair with this name keeps its place and gets the new value;
        later pairs with this name are removed. If there is none, the pair is
        appended.

        :param name: the name to set.
        :param value: its new value (an ``int`` or ``float`` as Python writes it).
        :raises TypeError: if *name* is not a ``str``, or *value* not a
            ``str``, ``int`` or ``float``.
        :raises ValueError: for a *value* ``nan`` or infinity.

        >>> params = URLSearchParams("a=1&b=2&a=3")
        >>> params.set("a", "4")
        >>> str(params)
        'a=4&b=2'

        .. versionadded:: 1.0
        """
        if type(name) is not str or not name.isascii():
            name = _usv(name, "set() name")
        if type(value) is not str or not value.isascii():
            value = _usv_value(value, "set() value")
        named = (name, ANY_VALUE)
        if named not in self._list:
            # Step 2: otherwise, append (name, value) to this's list.
            self._list.append((name, value))
            if not name.isascii():
                self._ascii_names = None
            if getattr(self, "_plain", None) is self._list and not written_as_is(name, value):
                self._plain = None
            return
        # Step 1: set the value of the first such tuple to value ...
        first = self._list.index(named)
        self._list[first] = (name, value)
        # (The name is already in the list: only the value can make it not plain.)
        if getattr(self, "_plain", None) is self._list and not written_as_is("", value):
            self._plain = None
        if named in self._list[first + 1 :]:
            # ... and remove the others.
            self._list[first + 1 :] = [pair for pair in self._list[first + 1 :] if pair[0] != name]
        # Step 3: update this (a no-op: there is no URL object).

    # https://url.spec.whatwg.org/#dom-urlsearchparams-sort
    def sort(self) -> None:
        """Sort the pairs by name, stably, comparing UTF-16 code units.

        https://url.spec.whatwg.org/#dom-urlsearchparams-sort

        Names compare as JavaScript strings do ("code unit less than",
        https://infra.spec.whatwg.org/#code-unit-less-than), not by code
        point: a name starting with U+1F600 (two code units, the first
        0xD83D) sorts before one starting with U+FFFD. Pairs with equal names
        keep their relative order.

        >>> params = URLSearchParams(
        ...     [("\\ufffd", "1"), ("b", "2"), ("\\U0001f600", "3"), ("b", "1")]
        ... )
        >>> params.sort()
        >>> [value for _, value in params]
        ['2', '1', '3', '1']

        .. versionadded:: 1.0
        """
        # Step 1: list.sort is a stable sort, as "sorting in ascending order" is.
        if getattr(self, "_ascii_names", None) is self._list:
            self._list.sort(key=_NAME)
            return
        names = "".join(map(_NAME, self._list))
        if names.isascii() or max(names) < "\U00010000":
            # No surrogate pairs: code points compare as the code units do.
            self._list.sort(key=_NAME)
        else:
            self._list.sort(key=lambda pair: utf16_code_unit_key(pair[0]))
        # Step 2: update this (a no-op: there is no URL object).

    # https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior
    def __str__(self) -> str:
        """The urlencoded serialization of the list.

        https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior

        >>> str(URLSearchParams([("a b", "~*+é")]))
        'a+b=%7E*%2B%C3%A9'
        """
        if getattr(self, "_plain", None) is self._list:
            # Nothing to escape: the pairs joined, a space written as "+".
            return "&".join(map("=".join, self._list)).replace(" ", "+")
        return serialize_str_pairs(self._list)

    # Beyond the spec: Python protocols.

    def __len__(self) -> int:
        """The number of pairs, as :attr:`size` (beyond the spec)."""
        return len(self._list)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        """Iterate over (name, value) tuples in list order.

        https://url.spec.whatwg.org/#interface-urlsearchparams (``iterable<USVString,
        USVString>``; the value pairs to iterate over are the list's tuples,
        https://webidl.spec.whatwg.org/#dfn-value-pairs-to-iterate-over)

        Unlike a JavaScript iterator, this iterates over a snapshot: changing
        the params inside the loop does not change what the loop sees.
        """
        return iter(list(self._list))

    def __contains__(self, name: object) -> bool:
        """``name in params`` is ``params.has(name)`` (beyond the spec).

        A pair is not accepted, although iteration yields pairs: use
        ``params.has(name, value)`` for that.

        :raises TypeError: if *name* is not a ``str`` (a pair included).
        """
        if isinstance(name, tuple):
            raise TypeError(
                "'in <URLSearchParams>' looks up a name (str), not a pair;"
                " use params.has(name, value)"
            )
        return self.has(_usv(name, "'in <URLSearchParams>' left operand"))

    def __eq__(self, other: object) -> bool:
        """Equal to another URLSearchParams with the same pairs in the same order."""
        if not isinstance(other, URLSearchParams):
            return NotImplemented
        return self._list == other._list

    def __repr__(self) -> str:
        """``URLSearchParams([('name', 'value'), ...])``: evaluates to an equal object."""
        return f"{type(self).__name__}({self._list!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Support for :mod:`copy` and :mod:`pickle`: the pairs, copied."""
        return (type(self), (list(self._list),))

    def copy(self) -> URLSearchParams:
        """A new URLSearchParams with a copy of this one's list (beyond the spec).

        Like ``URLSearchParams(params)``, the spec's way to copy one.

        :returns: an equal, independent object.

        >>> params = URLSearchParams("a=1")
        >>> clone = params.copy()
        >>> clone.append("b", "2")
        >>> str(params), str(clone)
        ('a=1', 'a=1&b=2')

        .. versionadded:: 1.0
        """
        clone = type(self).__new__(type(self))
        clone._list = list(self._list)
        ascii_names = getattr(self, "_ascii_names", None) is self._list
        clone._ascii_names = clone._list if ascii_names else None
        plain = getattr(self, "_plain", None) is self._list
        clone._plain = clone._list if plain else None
        return clone

    def keys(self) -> list[str]:
        """The names, in list order, with duplicates (beyond the spec).

        The spec's ``keys()`` returns a live iterator; this returns a new list.

        :returns: one name per pair.

        >>> URLSearchParams("a=1&b=2&a=3").keys()
        ['a', 'b', 'a']

        .. versionadded:: 1.0
        """
        return [name for name, _ in self._list]

    def values(self) -> list[str]:
        """The values, in list order (beyond the spec).

        The spec's ``values()`` returns a live iterator; this returns a new list.

        :returns: one value per pair.

        >>> URLSearchParams("a=1&b=2&a=3").values()
        ['1', '2', '3']

        .. versionadded:: 1.0
        """
        return [value for _, value in self._list]

    def items(self) -> list[tuple[str, str]]:
        """The (name, value) pairs, in list order (beyond the spec).

        The spec's ``entries()`` returns a live iterator; this returns a new list.

        :returns: a new list of tuples.

        >>> URLSearchParams("a=1&b=2&a=3").items()
        [('a', '1'), ('b', '2'), ('a', '3')]

        .. versionadded:: 1.0
        """
        return list(self._list)

    def to_dict(self) -> dict[str, str]:
        """A dict from each name to its **first** value (beyond the spec).

        The first value wins, so ``params.to_dict()[name] == params.get(name)``
        for every name. Names are in order of first appearance. Later values
        of a repeated name are dropped; use :meth:`to_dict_of_lists` to keep
        them. (``dict(params.items())`` would instead keep the *last* value.)

        :returns: a new dict.

        >>> URLSearchParams("a=1&b=2&a=3").to_dict()
        {'a': '1', 'b': '2'}

        .. versionadded:: 1.0
        """
        return first_values(self._list)

    def to_dict_of_lists(self) -> dict[str, list[str]]:
        """A dict from each name to all its values, in list order (beyond the spec).

        Names are in order of first appearance; each list is what
        :meth:`get_all` returns for that name.

        :returns: a new dict of new lists.

        >>> URLSearchParams("a=1&b=2&a=3").to_dict_of_lists()
        {'a': ['1', '3'], 'b': ['2']}

        .. versionadded:: 1.0
        """
        return values_by_name(self._list)

    # A read convenience of Python's mappings (beyond the spec). It only
    # reads, so that the list changes only through the spec's methods.

    def __getitem__(self, name: str) -> str:
        """``params[name]``: the first value, as :meth:`get`, but :exc:`KeyError` if none.

        With :meth:`keys`, this makes ``dict(params)`` the same as :meth:`to_dict`.

        :raises KeyError: if no pair has the name.
        :raises TypeError: if *name* is not a ``str``.
        """
        value = self.get(_usv(name, "params[name]"))
        if value is None:
            raise KeyError(name)
        return value
