"""The one rule for values, at every entry point that writes values.

Values are str (or bytes where bytes are written), ``int`` and ``float`` as
Python writes them (``int.__repr__``, ``float.__repr__``); ``bool`` and
``None`` are refused with a :class:`TypeError` that says why, ``nan``,
infinities and ints too long to write with a :class:`ValueError`, and any
other object with a :class:`TypeError`. docs/api.rst ("Values") states it.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable

import pytest

import urlencoded
from urlencoded import MultiDict, URLSearchParams, dialects

# Each entry point writes one value for the name "n" and returns what it wrote.
Entry = Callable[[Any], object]


def _set_then(method: str) -> Entry:
    def call(value: Any) -> object:
        params = URLSearchParams()
        getattr(params, method)("n", value)
        return str(params)

    return call


def _multidict(change: Callable[[MultiDict, Any], object]) -> Entry:
    def call(value: Any) -> object:
        form = MultiDict()
        change(form, value)
        return list(form.items())

    return call


ENTRY_POINTS: dict[str, Entry] = {
    "serialize(list)": lambda value: urlencoded.serialize([("n", value)]),
    "serialize(dict)": lambda value: urlencoded.serialize({"n": value}),
    "serialize(list, shift_jis)": lambda value: urlencoded.serialize(
        [("n", value)], encoding="shift_jis"
    ),
    "serialize(dict, iso-2022-jp)": lambda value: urlencoded.serialize(
        {"n": value}, encoding="iso-2022-jp"
    ),
    "serialize(separator)": lambda value: urlencoded.serialize(
        [("a", "1"), ("n", value)], separator=";"
    ),
    "serialize(isindex)": lambda value: urlencoded.serialize([("isindex", value)], isindex=True),
    "WHATWG_FORM.serialize": lambda value: dialects.WHATWG_FORM.serialize({"n": value}),
    "RFC3986.serialize(windows-1252)": lambda value: dialects.RFC3986.serialize(
        [("n", value)], encoding="windows-1252"
    ),
    "JS_URI_COMPONENT.serialize": lambda value: dialects.JS_URI_COMPONENT.serialize([("n", value)]),
    "JS_ESCAPE.serialize": lambda value: dialects.JS_ESCAPE.serialize([("n", value)]),
    "URI_TEMPLATE_RESERVED.serialize": lambda value: dialects.URI_TEMPLATE_RESERVED.serialize(
        [("n", value)]
    ),
    "OAUTH1.canonical_query": lambda value: dialects.OAUTH1.canonical_query(
        [("n", value), ("a", "1")]
    ),
    "VBA_PATH.canonical_query": lambda value: dialects.VBA_PATH.canonical_query([("n", value)]),
    "serialize_text_plain": lambda value: urlencoded.serialize_text_plain([("n", value)]),
    "serialize_text_plain(dict)": lambda value: urlencoded.serialize_text_plain({"n": value}),
    "URLSearchParams(list)": lambda value: str(URLSearchParams([("n", value)])),
    "URLSearchParams(dict)": lambda value: str(URLSearchParams({"n": value})),
    "URLSearchParams(multidict)": lambda value: str(
        URLSearchParams(MultiDict([("n", value), ("n", value)]))
    ),
    "URLSearchParams.append": _set_then("append"),
    "URLSearchParams.set": _set_then("set"),
    "MultiDict(list)": lambda value: list(MultiDict([("n", value)]).items()),
    "MultiDict(dict)": lambda value: list(MultiDict({"n": value}).items()),
    "MultiDict.add": _multidict(lambda form, value: form.add("n", value)),
    "MultiDict.extend": _multidict(lambda form, value: form.extend([("n", value)])),
    "MultiDict.extend(keywords)": _multidict(lambda form, value: form.extend(n=value)),
    "MultiDict.update": _multidict(lambda form, value: form.update({"n": value})),
    "MultiDict.update(keywords)": _multidict(lambda form, value: form.update(n=value)),
    "MultiDict[n] =": _multidict(lambda form, value: form.__setitem__("n", value)),
    "MultiDict.setdefault": _multidict(lambda form, value: form.setdefault("n", value)),
    "serialize_nested": lambda value: urlencoded.serialize_nested({"a": {"n": value}}),
    "serialize_nested(skip_none)": lambda value: urlencoded.serialize_nested(
        {"n": [value]}, skip_none=True, list_format="repeat"
    ),
    "with_query_params(dict)": lambda value: urlencoded.with_query_params(
        "https://h/?old#f", {"n": value}
    ),
    "with_query_params(list)": lambda value: urlencoded.with_query_params(
        "mailto:a@b", [("n", value)], plus_as_space=None
    ),
    "with_fragment_params": lambda value: urlencoded.with_fragment_params(
        "https://h/", [("n", value)]
    ),
}


class Page(enum.IntEnum):
    """An IntEnum member is its number (its str() is its name on some Python versions)."""

    SECOND = 2


class Text(str):
    """A str subclass is a str."""


@pytest.fixture
def int_digits_limit() -> Iterator[int]:
    """Python's limit on the digits of an int written as text, pinned to its default."""
    setter = getattr(sys, "set_int_max_str_digits", None)
    if setter is None:
        yield 0  # no limit on this interpreter
        return
    before = sys.get_int_max_str_digits()
    setter(4300)
    try:
        yield 4300
    finally:
        setter(before)


# (value, the str it is written as)
ACCEPTED = [
    pytest.param(2, "2", id="int"),
    pytest.param(-7, "-7", id="negative int"),
    pytest.param(0.5, "0.5", id="float"),
    pytest.param(1e16, "1e+16", id="float with exponent"),
    pytest.param(-0.0, "-0.0", id="negative zero"),
    pytest.param(Page.SECOND, "2", id="IntEnum"),
    pytest.param(10**4299, "1" + "0" * 4299, id="int of 4300 digits"),
]


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize(("value", "text"), ACCEPTED)
def test_numbers_are_written_as_python_writes_them(
    entry: str, value: object, text: str, int_digits_limit: int
) -> None:
    """An int or float value is written as its text would be."""
    write = ENTRY_POINTS[entry]
    assert write(value) == write(text)


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_str_subclass_is_text(entry: str) -> None:
    """A str subclass is written as the str it is."""
    write = ENTRY_POINTS[entry]
    assert write(Text("a b")) == write("a b")


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("value", [True, False, None], ids=repr)
def test_bool_and_none_are_refused_with_the_reason(entry: str, value: object) -> None:
    """bool and None raise TypeError naming the value, and saying why (or leaving None out)."""
    write = ENTRY_POINTS[entry]
    if value is None and entry == "serialize_nested(skip_none)":
        assert write(value) == ""  # skip_none leaves None leaves out
        return
    with pytest.raises(TypeError) as info:
        write(value)
    message = str(info.value)
    assert f"int or float, not {value!r}" in message
    assert "JavaScript" in message


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize(
    "value",
    [object(), 1j, frozenset({1}), {"a": 1}.keys(), Decimal("1.5"), Fraction(1, 2)],
    ids=lambda value: type(value).__name__,
)
def test_other_types_are_refused(entry: str, value: object) -> None:
    """Any other object (Decimal and Fraction too) raises TypeError naming its type."""
    with pytest.raises(TypeError, match=f"int or float, not {type(value).__name__}"):
        ENTRY_POINTS[entry](value)


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")], ids=repr)
def test_non_finite_floats_are_value_errors(entry: str, value: float) -> None:
    """nan and the infinities have no spelling in a form or URL: ValueError naming the value."""
    with pytest.raises(ValueError, match=f"must be a finite number, not {value!r}"):
        ENTRY_POINTS[entry](value)


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_int_too_long_to_write_is_a_value_error(entry: str, int_digits_limit: int) -> None:
    """An int of more digits than Python writes as text raises ValueError naming the limit."""
    write = ENTRY_POINTS[entry]
    if not int_digits_limit:
        assert write(10**5000) == write("1" + "0" * 5000)
        return
    with pytest.raises(ValueError, match=f"an int of more than {int_digits_limit} digits"):
        write(10**5000)


# Typed Any: these calls are refused by the type checker too.
ONE: Any = 1
NONE: Any = None
TRUE: Any = True


@pytest.mark.parametrize(
    "call",
    [
        lambda: urlencoded.serialize({ONE: "a"}),
        lambda: urlencoded.serialize([(ONE + 1.5, "a")]),
        lambda: dialects.RFC3986.serialize([(ONE, "a")]),
        lambda: urlencoded.serialize_text_plain([(ONE, "a")]),
        lambda: URLSearchParams({ONE: "a"}),
        lambda: URLSearchParams().append(ONE, "a"),
        lambda: MultiDict().add(ONE, "a"),
        lambda: MultiDict({ONE: "a"}),
        lambda: urlencoded.serialize_nested({ONE: "a"}),
        lambda: urlencoded.with_query_params("https://h/", {ONE: "a"}),
    ],
)
def test_names_stay_text(call: Callable[[], object]) -> None:
    """A number is a value, never a name: names are str (or bytes where bytes are taken)."""
    with pytest.raises(TypeError, match="must be str"):
        call()


def test_messages_name_the_entry_point_and_place() -> None:
    """Each message names the function and where the value is."""
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: urlencoded.serialize([("a", "1"), ("b", NONE)]), "serialize() pair 1: value"),
        (
            lambda: dialects.OAUTH1.canonical_query({"a": TRUE}),
            "canonical_query() pair 0: value",
        ),
        (
            lambda: urlencoded.serialize_text_plain([("a", NONE)]),
            "serialize_text_plain() pair 0: value",
        ),
        (lambda: URLSearchParams([("a", NONE)]), "URLSearchParams() item 0: value"),
        (lambda: URLSearchParams({"a": NONE}), "URLSearchParams() mapping value for key 'a'"),
        (lambda: URLSearchParams().append("a", NONE), "append() value"),
        (lambda: URLSearchParams().set("a", NONE), "set() value"),
        (lambda: MultiDict().add("a", NONE), "MultiDict add() value"),
        (lambda: MultiDict().extend([("a", NONE)]), "MultiDict extend() item 0: value"),
        (lambda: MultiDict().setdefault("a"), "MultiDict setdefault() value"),
        (lambda: urlencoded.serialize_nested({"a": [NONE]}), "serialize_nested(): a[0]"),
        (
            lambda: urlencoded.with_query_params("https://h/", {"a": NONE}),
            "with_query_params() pair 0: value",
        ),
        (
            lambda: urlencoded.with_fragment_params("https://h/", [("a", TRUE)]),
            "with_fragment_params() pair 0: value",
        ),
    ]
    for call, where in cases:
        with pytest.raises(TypeError) as info:
            call()
        assert str(info.value).startswith(where), (where, str(info.value))


def test_has_and_delete_compare_numbers_as_their_text() -> None:
    """has() and delete() take a value by the same rule, so a stored number is found."""
    params = URLSearchParams()
    params.append("page", 2)
    assert params.has("page", 2)
    assert params.has("page", "2")
    params.delete("page", 2)
    assert not params.has("page")
