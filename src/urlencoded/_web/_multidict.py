"""MultiDict: form data as an ordered mapping from names to one or more values.

A urlencoded body is a list of (name, value) pairs
(https://url.spec.whatwg.org/#concept-urlencoded-parser), where a name may
repeat. Python web code usually wants a mapping instead, one that keeps the
repeats: the ``multidict`` package, Werkzeug's ``MultiDict`` and Django's
``QueryDict`` all offer one. :class:`MultiDict` is that shape over the parser's
list. Every value of a name is :meth:`~MultiDict.get_all`, as on
:class:`URLSearchParams`; ``getall``, ``getone`` and ``getlist`` are there
only so that code written for those libraries runs unchanged. The pairs stay
in input order; ``md[name]`` is the first value, as
:meth:`URLSearchParams.get` is.
"""

from __future__ import annotations

from collections.abc import (
    ItemsView,
    Iterable,
    Iterator,
    Mapping,
    MutableMapping,
    ValuesView,
)
from functools import partial
from operator import eq
from typing import TYPE_CHECKING, Any, Callable, TypeVar, Union, overload

from .._core import (
    BytesLike,
    check_items,
    check_part,
    check_value,
    first_values,
    pair_items,
    parse,
    values_by_name,
)
from ._multidict_views import _Items, _Values

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._request_options import ParseOptions

__all__ = ["MultiDict"]

_T = TypeVar("_T")
_MISSING: Any = object()

#: A value that a MultiDict takes: a str, or a number that it stores as its text.
Value = Union[str, int, float]

#: What :class:`MultiDict` and its :meth:`~MultiDict.extend` accept.
MultiDictInit = Union[
    str,
    BytesLike,
    Mapping[str, Value],
    Iterable[tuple[str, Value]],
]


def _check(name: object, value: object, what: str) -> tuple[str, str]:
    """*name*, a str, and *value* by the one rule for values (a number as its text),
    given to the MultiDict method *what*."""
    return (
        name if type(name) is str else check_part(name, f"MultiDict {what} name", str_only=True),
        value
        if type(value) is str
        else check_value(value, f"MultiDict {what} value", str_only=True),
    )


def _never(own: str) -> bool:
    """No name matches: a name that is not a str, under casefold."""
    return False


def _pairs(init: object, caller: str) -> list[tuple[str, str]]:
    """The (name, value) pairs of a mapping or an iterable of pairs, type-checked."""
    if isinstance(init, MultiDict):
        return list(init._pairs)
    return check_items(pair_items(init, caller), caller, str_only=True, noun="item")


class MultiDict(MutableMapping[str, str]):
    """An ordered mapping from form field names to one or more str values.

    https://url.spec.whatwg.org/#concept-urlencoded-parser (what it holds:
    the parser's list of name-value tuples, beyond the spec as a mapping)

    ``md[name]`` gives the **first** value (``KeyError`` if none),
    :meth:`get` a default instead, :meth:`get_all` every value (as
    :meth:`URLSearchParams.get_all` does); :meth:`add` appends a pair,
    :meth:`extend` appends many, ``md[name] = value`` and :meth:`update`
    replace a name's values, :meth:`popone` and :meth:`popall` remove them.
    For drop-in use with code written for the ``multidict`` package or for
    Werkzeug, Django and Starlette forms, :meth:`getone`, :meth:`getall` and
    :meth:`getlist` are there too. Iteration, :meth:`keys`, :meth:`values` and
    :meth:`items` follow pair order and include repeats, and ``len`` counts
    pairs. It is a :class:`~collections.abc.MutableMapping`, so
    ``serialize(md)`` writes every pair and ``dict(md)`` keeps each name's
    first value.

    With ``casefold=True`` names are looked up without case, as classic
    ASP's ``Request.Form`` and the ``multidict`` package's ``CIMultiDict``
    do: two names match when their :meth:`str.casefold` forms are equal
    (Unicode's default caseless matching), so ``md["NAME"]`` finds a field
    sent as ``name``. The pairs keep the names as sent: iteration,
    :meth:`keys` and :meth:`items` show them unchanged, and :meth:`to_dict`
    and :meth:`to_dict_of_lists` key each group of matching names by the
    first spelling (``dict(md)``, built from the keys as sent, has one key
    per spelling). A pair that ``md[name] = value`` or :meth:`update` puts
    in place takes the name as given there.

    :param init: a str or bytes body to parse with :func:`urlencoded.parse`,
        a mapping of str to str, or an iterable of ``(name, value)`` pairs
        (another :class:`MultiDict`, a :class:`URLSearchParams`, the result
        of :func:`urlencoded.parse`). Here and in every method, a value may
        also be an ``int`` or ``float``, stored as Python writes it
        (:ref:`the rule for values <values>`).
    :param casefold: look names up without case (keyword only).
    :param options: keyword arguments for :func:`urlencoded.parse` (only
        with a str or bytes *init*), such as ``encoding`` or ``max_fields``.
    :raises TypeError: if *init* is none of the above, a name is not a str, a
        value not a str, int or float (``bool`` and ``None`` included),
        *casefold* is not a bool, or *options* are given with pairs or a
        mapping (or have the wrong type, as for :func:`urlencoded.parse`).
    :raises ValueError: for a bad option value, as for :func:`urlencoded.parse`
        (a negative limit, an unknown *errors* value, a bad *separator*), or
        a value ``nan`` or infinity.
    :raises URLEncodedError: from :func:`urlencoded.parse`.

    >>> form = MultiDict(b"tag=a&name=Ada&tag=b")
    >>> form["tag"], form.get_all("tag"), form.get("page", "1")
    ('a', ['a', 'b'], '1')
    >>> form.add("tag", "c"); form.popone("name")
    'Ada'
    >>> form
    MultiDict([('tag', 'a'), ('tag', 'b'), ('tag', 'c')])
    >>> form = MultiDict("Name=Ada&EMAIL=ada%40example.org", casefold=True)
    >>> form["name"], "email" in form, list(form)
    ('Ada', True, ['Name', 'EMAIL'])

    .. versionadded:: 1.1
    .. versionchanged:: 1.1
       *casefold*.
    """

    __slots__ = ("_casefold", "_pairs")

    def __init__(
        self,
        init: MultiDictInit | None = None,
        /,
        *,
        casefold: bool = False,
        **options: Unpack[ParseOptions],
    ) -> None:
        if not isinstance(casefold, bool):
            raise TypeError(f"MultiDict() casefold must be a bool, not {type(casefold).__name__}")
        self._casefold = casefold
        if isinstance(init, (str, bytes, bytearray, memoryview)):
            self._pairs: list[tuple[str, str]] = parse(init, **options)
            return
        if options:
            raise TypeError(
                "MultiDict() takes parse options only with a str or bytes body, not with "
                + type(init).__name__
            )
        self._pairs = [] if init is None else _pairs(init, "MultiDict")

    # Lookup.

    def _matches(self, name: object) -> Callable[[str], bool]:
        """Whether a pair's name is *name*: equal, or equal once casefolded."""
        if not self._casefold:
            return partial(eq, name)
        if not isinstance(name, str):
            return _never
        folded = name.casefold()
        return lambda own: own.casefold() == folded

    def _key(self, name: str) -> str:
        """What names are grouped by: *name*, or its casefold."""
        return name.casefold() if self._casefold else name

    @property
    def casefold(self) -> bool:
        """Whether names are looked up without case.

        .. versionadded:: 1.1
        """
        return self._casefold

    def __getitem__(self, name: str) -> str:
        """The first value of *name*.

        :raises KeyError: if no pair has that name.
        """
        same = self._matches(name)
        for own, value in self._pairs:
            if same(own):
                return value
        raise KeyError(name)

    @overload
    def get(self, name: str) -> str | None: ...
    @overload
    def get(self, name: str, default: str) -> str: ...
    @overload
    def get(self, name: str, default: _T) -> str | _T: ...
    def get(self, name: str, default: object = None) -> object:
        """The first value of *name*, or *default* (``None``) if there is none.

        :param name: the field name.
        :param default: what to return when no pair has that name.
        :returns: a value or *default*.

        >>> MultiDict("a=1&a=2").get("a"), MultiDict("").get("a", "0")
        ('1', '0')

        .. versionadded:: 1.1
        """
        same = self._matches(name)
        for own, value in self._pairs:
            if same(own):
                return value
        return default

    def get_all(self, name: str) -> list[str]:
        """Every value of *name*, in order, or ``[]`` if there is none.

        The one spelling of "all values" in this library, as
        :meth:`URLSearchParams.get_all` (the URL Standard's ``getAll``).

        :param name: the field name.
        :returns: a new list, empty if no pair has that name.

        >>> MultiDict("a=1&b=2&a=3").get_all("a"), MultiDict("").get_all("a")
        (['1', '3'], [])

        .. versionadded:: 1.1
        """
        same = self._matches(name)
        return [value for own, value in self._pairs if same(own)]

    @overload
    def getone(self, name: str) -> str: ...
    @overload
    def getone(self, name: str, default: _T) -> str | _T: ...
    def getone(self, name: str, default: object = _MISSING) -> object:
        """The first value of *name*; *default* or :exc:`KeyError` if there is none.

        An alias for drop-in use with code written for the ``multidict``
        package: ``md.getone(name)`` is ``md[name]``, and
        ``md.getone(name, default)`` is ``md.get(name, default)``.

        :param name: the field name.
        :param default: returned instead of raising, if given.
        :returns: the first value.
        :raises KeyError: if no pair has that name and no *default* is given.

        >>> MultiDict("a=1&a=2").getone("a")
        '1'

        .. versionadded:: 1.1
        """
        same = self._matches(name)
        for own, value in self._pairs:
            if same(own):
                return value
        if default is _MISSING:
            raise KeyError(name)
        return default

    @overload
    def getall(self, name: str) -> list[str]: ...
    @overload
    def getall(self, name: str, default: _T) -> list[str] | _T: ...
    def getall(self, name: str, default: object = _MISSING) -> object:
        """Every value of *name*, in order; *default* or :exc:`KeyError` if none.

        An alias for drop-in use with code written for the ``multidict``
        package, whose ``getall`` raises for a missing name; otherwise use
        :meth:`get_all`, which returns ``[]``.

        :param name: the field name.
        :param default: returned instead of raising, if given.
        :returns: a new list of one or more values.
        :raises KeyError: if no pair has that name and no *default* is given.

        >>> MultiDict("a=1&b=2&a=3").getall("a")
        ['1', '3']

        .. versionadded:: 1.1
        """
        values = self.get_all(name)
        if values:
            return values
        if default is _MISSING:
            raise KeyError(name)
        return default

    def getlist(self, name: str) -> list[str]:
        """Every value of *name*, in order, or ``[]``: :meth:`get_all`.

        An alias for drop-in use with code written for Werkzeug's
        ``MultiDict`` (``request.form`` in Flask), Django's ``QueryDict`` or
        Starlette's ``FormData``, the objects that the framework helpers'
        :class:`MultiDict` replaces.

        :param name: the field name.
        :returns: a new list, empty if no pair has that name.

        >>> MultiDict("a=1&a=2").getlist("a"), MultiDict("").getlist("a")
        (['1', '2'], [])

        .. versionadded:: 1.1
        """
        return self.get_all(name)

    def __contains__(self, name: object) -> bool:
        """Whether some pair has the name *name*."""
        same = self._matches(name)
        return any(same(own) for own, _ in self._pairs)

    def __len__(self) -> int:
        """The number of pairs (repeated names count once per pair)."""
        return len(self._pairs)

    def __iter__(self) -> Iterator[str]:
        """The names, in pair order, repeats included (as ``multidict`` does)."""
        return iter([name for name, _ in self._pairs])

    def values(self) -> ValuesView[str]:
        """Every value, in pair order, repeats included.

        :returns: a view; iterate it or pass it to ``list``.

        >>> list(MultiDict("a=1&b=2&a=3").values())
        ['1', '2', '3']

        .. versionadded:: 1.1
        """
        return _Values(self)

    def items(self) -> ItemsView[str, str]:
        """Every ``(name, value)`` pair, in order, repeats included.

        :returns: a view; iterate it or pass it to ``list``.

        >>> list(MultiDict("a=1&b=2&a=3").items())
        [('a', '1'), ('b', '2'), ('a', '3')]

        .. versionadded:: 1.1
        """
        return _Items(self)

    # Changes.

    def add(self, name: str, value: Value) -> None:
        """Append one ``(name, value)`` pair, keeping the name's other values.

        :param name: the field name.
        :param value: its new, extra value (a number as Python writes it).
        :raises TypeError: if *name* is not a str, or *value* not a str, int or float.
        :raises ValueError: for a *value* ``nan`` or infinity.

        >>> form = MultiDict("a=1"); form.add("a", "2"); form.get_all("a")
        ['1', '2']

        .. versionadded:: 1.1
        """
        self._pairs.append(_check(name, value, "add()"))

    def extend(self, other: MultiDictInit = (), /, **pairs: Value) -> None:
        """Append every pair of *other* (pairs or a mapping), then of *pairs*.

        :param other: ``(name, value)`` pairs or a mapping; a str or bytes
            body is parsed first.
        :param pairs: more pairs, as keyword arguments.
        :raises TypeError: if a name is not a str, or a value not a str, int or float.
        :raises ValueError: for a value ``nan`` or infinity.

        >>> form = MultiDict("a=1"); form.extend([("a", "2")], b="3"); form
        MultiDict([('a', '1'), ('a', '2'), ('b', '3')])

        .. versionadded:: 1.1
        """
        new = (
            parse(other)
            if isinstance(other, (str, bytes, bytearray, memoryview))
            else _pairs(other, "MultiDict extend")
        )
        self._pairs += new + _pairs(pairs, "MultiDict extend")

    def __setitem__(self, name: str, value: Value) -> None:
        """Give *name* exactly one value, at the place of its first pair.

        :raises TypeError: if *name* is not a str, or *value* not a str, int or float.
        :raises ValueError: for a *value* ``nan`` or infinity.
        """
        name, value = _check(name, value, "item")
        self._replace({name: [value]})

    def update(self, other: Any = (), /, **pairs: Value) -> None:
        """Replace the values of every name in *other* and *pairs* with theirs.

        As in ``multidict``: each name's existing pairs get the new values in
        place, in order; extra new values are appended at the end and extra
        old pairs are removed. Names not in *other* are left alone.

        :param other: ``(name, value)`` pairs or a mapping.
        :param pairs: more pairs, as keyword arguments.
        :raises TypeError: if a name is not a str, or a value not a str, int or float.
        :raises ValueError: for a value ``nan`` or infinity.

        >>> form = MultiDict("a=1&b=2&a=3"); form.update({"a": "9"}); form
        MultiDict([('a', '9'), ('b', '2')])

        .. versionadded:: 1.1
        """
        grouped: dict[str, list[str]] = {}
        for name, value in _pairs(other, "MultiDict update") + _pairs(pairs, "MultiDict update"):
            grouped.setdefault(name, []).append(value)
        self._replace(grouped)

    @overload
    def setdefault(self, name: str) -> str: ...
    @overload
    def setdefault(self, name: str, default: Value) -> str: ...
    def setdefault(self, name: str, default: object = None) -> str:
        """The first value of *name*; if there is none, append ``(name, default)``.

        :param name: the field name.
        :param default: the value to add when no pair has the name.
        :returns: the first value, or *default* once added.
        :raises TypeError: if *name* is not a str, or *default* is not a str,
            int or float when it is needed (a MultiDict holds str values, so
            the mapping default of ``None`` cannot be stored).

        >>> form = MultiDict("a=1"); form.setdefault("a", "9"), form.setdefault("b", "2")
        ('1', '2')
        >>> form
        MultiDict([('a', '1'), ('b', '2')])

        .. versionadded:: 1.1
        """
        check_part(name, "MultiDict setdefault() name", str_only=True)
        same = self._matches(name)
        for own, value in self._pairs:
            if same(own):
                return value
        pair = _check(name, default, "setdefault()")
        self._pairs.append(pair)
        return pair[1]

    def _replace(self, grouped: dict[str, list[str]]) -> None:
        # Under casefold, names group by their casefold; the new pairs take
        # the name as given.
        given = {self._key(name): name for name in grouped}
        remaining = {self._key(name): iter(values) for name, values in grouped.items()}
        kept: list[tuple[str, str]] = []
        for name, value in self._pairs:
            key = self._key(name)
            if key not in remaining:
                kept.append((name, value))
                continue
            new = next(remaining[key], None)
            if new is not None:
                kept.append((given[key], new))
        for key, values in remaining.items():
            kept += [(given[key], value) for value in values]
        self._pairs = kept

    def __delitem__(self, name: str) -> None:
        """Remove every pair named *name*.

        :raises KeyError: if no pair has that name.
        """
        if name not in self:
            raise KeyError(name)
        same = self._matches(name)
        self._pairs = [pair for pair in self._pairs if not same(pair[0])]

    @overload
    def popone(self, name: str) -> str: ...
    @overload
    def popone(self, name: str, default: _T) -> str | _T: ...
    def popone(self, name: str, default: object = _MISSING) -> object:
        """Remove and return the first value of *name*.

        :param name: the field name.
        :param default: returned if no pair has that name.
        :returns: the removed value.
        :raises KeyError: if no pair has that name and no *default* is given.

        >>> form = MultiDict("a=1&a=2"); form.popone("a"), form
        ('1', MultiDict([('a', '2')]))

        .. versionadded:: 1.1
        """
        same = self._matches(name)
        for index, (own, value) in enumerate(self._pairs):
            if same(own):
                del self._pairs[index]
                return value
        if default is _MISSING:
            raise KeyError(name)
        return default

    pop = popone

    @overload
    def popall(self, name: str) -> list[str]: ...
    @overload
    def popall(self, name: str, default: _T) -> list[str] | _T: ...
    def popall(self, name: str, default: object = _MISSING) -> object:
        """Remove every pair named *name* and return their values.

        :param name: the field name.
        :param default: returned if no pair has that name.
        :returns: the removed values, in order.
        :raises KeyError: if no pair has that name and no *default* is given.

        >>> form = MultiDict("a=1&b=2&a=3"); form.popall("a"), form
        (['1', '3'], MultiDict([('b', '2')]))

        .. versionadded:: 1.1
        """
        same = self._matches(name)
        values = [value for own, value in self._pairs if same(own)]
        if not values:
            if default is _MISSING:
                raise KeyError(name)
            return default
        self._pairs = [pair for pair in self._pairs if not same(pair[0])]
        return values

    def popitem(self) -> tuple[str, str]:
        """Remove and return the last pair.

        :raises KeyError: if there is no pair.
        """
        if not self._pairs:
            raise KeyError("popitem(): MultiDict is empty")
        return self._pairs.pop()

    def clear(self) -> None:
        """Remove every pair."""
        self._pairs = []

    # Conversions.

    def copy(self) -> MultiDict:
        """A new, independent MultiDict with the same pairs.

        :returns: an equal object.

        >>> form = MultiDict("a=1"); form.copy() == form
        True

        .. versionadded:: 1.1
        """
        return type(self)(self._pairs, casefold=self._casefold)

    def to_dict(self) -> dict[str, str]:
        """A dict from each name to its **first** value, in order of first appearance.

        :returns: a new dict (``dict(md)`` gives the same).

        >>> MultiDict("a=1&b=2&a=3").to_dict()
        {'a': '1', 'b': '2'}
        >>> MultiDict("Tag=1&tag=2", casefold=True).to_dict()
        {'Tag': '1'}

        .. versionadded:: 1.1
        """
        if not self._casefold:
            return first_values(self._pairs)
        return {name: values[0] for name, values in self.to_dict_of_lists().items()}

    def to_dict_of_lists(self) -> dict[str, list[str]]:
        """A dict from each name to all its values, in order.

        :returns: a new dict of new lists (the shape of ``urllib.parse.parse_qs``).

        >>> MultiDict("a=1&b=2&a=3").to_dict_of_lists()
        {'a': ['1', '3'], 'b': ['2']}

        .. versionadded:: 1.1
        """
        if not self._casefold:
            return values_by_name(self._pairs)
        # Each group of matching names, keyed by its first spelling.
        first: dict[str, str] = {}
        result: dict[str, list[str]] = {}
        for name, value in self._pairs:
            spelling = first.setdefault(name.casefold(), name)
            result.setdefault(spelling, []).append(value)
        return result

    def __eq__(self, other: object) -> bool:
        """Equal to a MultiDict with the same pairs in the same order and the same *casefold*."""
        if not isinstance(other, MultiDict):
            return NotImplemented
        return self._pairs == other._pairs and self._casefold == other._casefold

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """``MultiDict([(name, value), ...])``, which evaluates to an equal object."""
        if self._casefold:
            return f"{type(self).__name__}({self._pairs!r}, casefold=True)"
        return f"{type(self).__name__}({self._pairs!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Support for :mod:`copy` and :mod:`pickle`."""
        if self._casefold:
            return (partial(type(self), casefold=True), (list(self._pairs),))
        return (type(self), (list(self._pairs),))
