"""Tests for URLSearchParams, written from https://url.spec.whatwg.org/#interface-urlsearchparams.

Each test names the spec algorithm it checks. Expected strings are worked
out by hand from the urlencoded serializer and parser, not taken from this
library's output.
"""

from __future__ import annotations

import copy
import pickle
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

import pytest

from urlencoded import URLSearchParams, query_params, with_query_params

# ---------------------------------------------------------------------------
# Constructor: https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams
# ---------------------------------------------------------------------------


def test_constructor_default_is_empty() -> None:
    """With no argument the list is empty (init defaults to the empty string)."""
    params = URLSearchParams()
    assert list(params) == []
    assert params.size == 0
    assert str(params) == ""


def test_constructor_string_parses() -> None:
    """A string init goes through the urlencoded string parser."""
    params = URLSearchParams("a=1&b=x+y&c=%41%zz&d&=e&&f=g=h")
    assert list(params) == [
        ("a", "1"),
        ("b", "x y"),
        ("c", "A%zz"),
        ("d", ""),
        ("", "e"),
        ("f", "g=h"),
    ]


def test_constructor_removes_one_leading_question_mark() -> None:
    """Constructor step 1 removes exactly one leading U+003F (?) from a string."""
    assert list(URLSearchParams("?a=1")) == [("a", "1")]
    assert list(URLSearchParams("??a=1")) == [("?a", "1")]
    assert list(URLSearchParams("?")) == []
    assert list(URLSearchParams("a=?")) == [("a", "?")]


def test_constructor_semicolon_is_not_a_separator() -> None:
    """Only & separates pairs; ; stays in the value."""
    assert list(URLSearchParams("a=1;b=2")) == [("a", "1;b=2")]


def test_constructor_string_with_lone_surrogates() -> None:
    """Lone surrogates in a string init become U+FFFD (USVString conversion)."""
    params = URLSearchParams("\ud800=\udfff&x=%ED%A0%80")
    assert list(params) == [("\ufffd", "\ufffd"), ("x", "\ufffd\ufffd\ufffd")]


@pytest.mark.parametrize(
    "data", [b"a=%C3%A9&b", bytearray(b"a=%C3%A9&b"), memoryview(b"a=%C3%A9&b")]
)
def test_constructor_bytes(data: bytes | bytearray | memoryview) -> None:
    """Bytes, bytearray and memoryview go through the urlencoded parser."""
    assert list(URLSearchParams(data)) == [("a", "é"), ("b", "")]


def test_constructor_bytes_keep_question_mark_and_replace_bad_utf8() -> None:
    """Bytes are not a string, so no ? is removed; invalid UTF-8 becomes U+FFFD."""
    assert list(URLSearchParams(b"?a=%FF\xff")) == [("?a", "\ufffd\ufffd")]


def test_constructor_mapping_in_order() -> None:
    """A mapping (the spec's record) appends each item in mapping order."""
    params = URLSearchParams({"b": "2", "a": "1", "c": ""})
    assert list(params) == [("b", "2"), ("a", "1"), ("c", "")]
    ordered = OrderedDict([("z", "26"), ("y", "25")])
    assert list(URLSearchParams(ordered)) == [("z", "26"), ("y", "25")]


def test_constructor_spec_example_record() -> None:
    """The spec's example: a record {key: "730d67"} stringifies to key=730d67."""
    assert str(URLSearchParams({"key": "730d67"})) == "key=730d67"


def test_constructor_mapping_keys_equal_after_usv_conversion() -> None:
    """Two keys that both become U+FFFD are one record entry with the last value."""
    # Built with chr(): as dict keys the two surrogates are distinct strings.
    record = {chr(0xD800): "1", "a": "2", chr(0xDC00): "3\udc00"}
    assert len(record) == 3
    params = URLSearchParams(record)
    assert list(params) == [("\ufffd", "3\ufffd"), ("a", "2")]


def test_constructor_sequence_of_pairs() -> None:
    """A sequence of two-item sequences appends each pair, keeping duplicates."""
    params = URLSearchParams([("a", "1"), ["a", "2"], ("b", "\udbff")])
    assert list(params) == [("a", "1"), ("a", "2"), ("b", "\ufffd")]


def test_constructor_iterables_of_pairs() -> None:
    """Any iterable of pairs works, including generators and dict items."""

    def generate() -> Iterator[tuple[str, str]]:
        yield ("x", "1")
        yield ("y", "2")

    assert list(URLSearchParams(generate())) == [("x", "1"), ("y", "2")]
    assert list(URLSearchParams({"k": "v"}.items())) == [("k", "v")]
    assert list(URLSearchParams([iter(("n", "v"))])) == [("n", "v")]
    assert list(URLSearchParams([])) == []


@pytest.mark.parametrize(
    "init",
    [[()], [("a",)], [("a", "b", "c")], [("a", "1"), ["x"]], [["a", "b", "c", "d"]]],
)
def test_constructor_pair_of_wrong_size_raises(init: list[tuple[str, ...]]) -> None:
    """An inner sequence whose size is not 2 throws a TypeError (initialize step 1.1)."""
    with pytest.raises(TypeError, match="must have 2 items \\(name, value\\), not"):
        URLSearchParams(init)  # type: ignore[arg-type]


@pytest.mark.parametrize("item", ["ab", b"ab", 12, None])
def test_constructor_item_that_is_not_a_sequence_raises(item: object) -> None:
    """A string or non-iterable item is not a sequence, so it throws a TypeError."""
    expected = f"item 0 must be a \\(name, value\\) pair, not {type(item).__name__}"
    with pytest.raises(TypeError, match=expected):
        URLSearchParams([item])  # type: ignore[list-item]


@pytest.mark.parametrize("init", [None, 1, 1.5, object()])
def test_constructor_wrong_type_raises(init: object) -> None:
    """An init that is no string, bytes, mapping or iterable raises a TypeError naming its type."""
    with pytest.raises(TypeError, match=f"not {type(init).__name__}$"):
        URLSearchParams(init)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("init", "message"),
    [
        ([("a", True)], "item 0: value must be str, int or float, not True"),
        ([("a", "1"), (b"a", "1")], "item 1: name must be str, not bytes"),
        ({1: "a"}, "mapping key must be str, not int"),
        ({"a": ["1", "2"]}, "mapping value for key 'a' must be str, int or float, not list"),
    ],
)
def test_constructor_non_str_name_or_value_raises(init: object, message: str) -> None:
    """Names must be str and values str or numbers; nothing else is converted."""
    with pytest.raises(TypeError, match=message):
        URLSearchParams(init)  # type: ignore[arg-type]


def test_constructor_copies_another_urlsearchparams() -> None:
    """URLSearchParams(other) copies the list; changing one leaves the other alone."""
    original = URLSearchParams("a=1&b=2")
    clone = URLSearchParams(original)
    assert clone == original
    clone.append("c", "3")
    original.delete("a")
    assert list(original) == [("b", "2")]
    assert list(clone) == [("a", "1"), ("b", "2"), ("c", "3")]


def test_constructor_iterates_a_subclass() -> None:
    """A subclass instance is a sequence like any other: its own __iter__ gives the pairs."""

    class Upper(URLSearchParams):
        def __iter__(self) -> Iterator[tuple[str, str]]:
            return iter([(name.upper(), value) for name, value in super().__iter__()])

    source = Upper("a=1&b=2&a=3")
    assert list(URLSearchParams(source)) == [("A", "1"), ("B", "2"), ("A", "3")]
    assert type(URLSearchParams(source)) is URLSearchParams
    assert Upper(URLSearchParams("a=1")) == URLSearchParams("a=1")  # the exact type is copied


def test_constructor_multi_valued_mapping_is_its_items() -> None:
    """A MultiDict, or a mapping whose items() repeat a name, gives every item in order."""
    from urlencoded import MultiDict

    assert list(URLSearchParams(MultiDict("a=1&b=2&a=3"))) == [("a", "1"), ("b", "2"), ("a", "3")]
    # No repeated name, but still a multidict: two surrogates stay two pairs.
    surrogates = MultiDict([(chr(0xD800), "1"), (chr(0xDC00), "2")])
    assert list(URLSearchParams(surrogates)) == [("\ufffd", "1"), ("\ufffd", "2")]

    class Pairs(dict[str, Any]):
        """A mapping with getall, as the multidict package's classes have."""

        def getall(self, name: str) -> list[str]:
            return [self[name]]

    assert list(URLSearchParams(Pairs({chr(0xD800): "1", chr(0xDC00): "2"}))) == [
        ("\ufffd", "1"),
        ("\ufffd", "2"),
    ]

    class Repeating(OrderedDict[str, str]):
        """A mapping whose items() lists every pair, repeats included."""

        def items(self) -> Any:
            return [("a", "1"), ("b", "2"), ("a", "3")]

    assert list(URLSearchParams(Repeating(a="3", b="2"))) == [("a", "1"), ("b", "2"), ("a", "3")]
    with pytest.raises(TypeError, match="mapping value for key 'a' must be str, int or float"):
        URLSearchParams(Pairs({"a": None}))


def test_constructor_single_valued_mapping_stays_a_record() -> None:
    """A plain dict is a record: keys equal after USV conversion still merge into one entry."""
    record = {chr(0xD800): "1", chr(0xDC00): "2"}
    assert list(URLSearchParams(record)) == [("\ufffd", "2")]


# ---------------------------------------------------------------------------
# Methods: https://url.spec.whatwg.org/#dom-urlsearchparams-append and following
# ---------------------------------------------------------------------------


def test_append_adds_at_end_and_keeps_duplicates() -> None:
    """append() adds a tuple at the end of the list, even if the name exists."""
    params = URLSearchParams("a=1")
    params.append("b", "2")
    assert params.size == 2
    params.append("a", "3")
    assert params.size == 3
    params.append("", "")
    assert params.size == 4
    assert list(params) == [("a", "1"), ("b", "2"), ("a", "3"), ("", "")]


def test_append_converts_lone_surrogates() -> None:
    """append() converts its arguments to USVString, so lone surrogates become U+FFFD."""
    params = URLSearchParams()
    params.append("\udc00x", "y\ud83d")
    assert list(params) == [("\ufffdx", "y\ufffd")]
    assert params.has("\ufffdx", "y\ufffd")
    assert params.has("\ud800x", "y\udfff")


def test_delete_without_value_removes_all_with_name() -> None:
    """delete(name) removes every tuple with that name and nothing else."""
    params = URLSearchParams("a=1&b=2&a=3&c=4&a=")
    params.delete("a")
    assert list(params) == [("b", "2"), ("c", "4")]
    assert params.size == 2
    params.delete("missing")
    assert list(params) == [("b", "2"), ("c", "4")]


def test_delete_with_value_removes_exact_pairs() -> None:
    """delete(name, value) removes only the tuples matching both name and value."""
    params = URLSearchParams("a=1&b=1&a=2&a=1&a=")
    params.delete("a", "1")
    assert list(params) == [("b", "1"), ("a", "2"), ("a", "")]
    assert params.size == 3
    params.delete("a", "")
    assert list(params) == [("b", "1"), ("a", "2")]
    params.delete("a", "3")
    assert list(params) == [("b", "1"), ("a", "2")]
    params.delete("b", None)
    assert list(params) == [("a", "2")]


def test_delete_with_value_matches_after_usv_conversion() -> None:
    """delete() compares after converting lone surrogates to U+FFFD."""
    params = URLSearchParams([("\ufffd", "\ufffd"), ("\ufffd", "x")])
    params.delete("\ud800", "\udbff")
    assert list(params) == [("\ufffd", "x")]


def test_get_returns_first_value_or_none() -> None:
    """get() returns the first matching value, and None (null) for a missing name."""
    params = URLSearchParams("a=1&a=2&b=&c")
    assert params.get("a") == "1"
    assert params.get("b") == ""
    assert params.get("c") == ""
    assert params.get("missing") is None
    assert params.get("A") is None


def test_get_all_returns_all_values_or_empty() -> None:
    """get_all() returns the values in list order, and an empty list for a missing name."""
    params = URLSearchParams("a=1&b=2&a=3&a=")
    assert params.get_all("a") == ["1", "3", ""]
    assert params.get_all("b") == ["2"]
    assert params.get_all("missing") == []
    result = params.get_all("a")
    result.append("x")
    assert params.get_all("a") == ["1", "3", ""]


def test_has_with_and_without_value() -> None:
    """has(name) checks the name; has(name, value) checks for that exact tuple."""
    params = URLSearchParams("a=1&b=&a=2")
    assert params.has("a")
    assert params.has("b")
    assert not params.has("c")
    assert params.has("a", "1")
    assert params.has("a", "2")
    assert not params.has("a", "3")
    assert params.has("b", "")
    assert not params.has("c", "")
    assert params.has("a", None)


def test_names_are_not_matched_by_values() -> None:
    """has() and set() look at names only: a value equal to the name is not a match."""
    params = URLSearchParams([("b", "a"), ("a", "b"), ("c", "a")])
    assert params.has("a")
    assert not params.has("x")
    assert not params.has("a", "a")
    params.set("a", "z")
    assert list(params) == [("b", "a"), ("a", "z"), ("c", "a")]
    params.set("x", "a")
    assert list(params) == [("b", "a"), ("a", "z"), ("c", "a"), ("x", "a")]
    params.set("b", "b")
    assert list(params) == [("b", "b"), ("a", "z"), ("c", "a"), ("x", "a")]


def test_set_on_repeated_name_keeps_first_in_place() -> None:
    """set() gives the first tuple the new value in place and removes the others."""
    params = URLSearchParams("x=0&a=1&b=2&a=3&c=4&a=5")
    params.set("a", "new")
    assert list(params) == [("x", "0"), ("a", "new"), ("b", "2"), ("c", "4")]
    assert params.size == 4


def test_set_on_missing_name_appends() -> None:
    """set() appends a tuple when no tuple has the name."""
    params = URLSearchParams("a=1")
    params.set("b", "2")
    assert list(params) == [("a", "1"), ("b", "2")]
    assert params.size == 2
    params.set("b", "3")
    assert list(params) == [("a", "1"), ("b", "3")]
    assert params.size == 2


def test_size_after_each_mutation() -> None:
    """size (and len) follow the list through every kind of mutation."""
    params = URLSearchParams("a=1&b=2")
    sizes = [params.size]
    params.append("a", "3")
    sizes.append(params.size)
    params.set("a", "4")
    sizes.append(params.size)
    params.delete("b", "nope")
    sizes.append(params.size)
    params.delete("b", "2")
    sizes.append(params.size)
    params.sort()
    sizes.append(params.size)
    params.delete("a")
    sizes.append(params.size)
    assert sizes == [2, 3, 2, 2, 1, 1, 0]
    assert len(params) == params.size == 0


def test_sort_is_stable_by_name() -> None:
    """sort() orders by name and keeps tuples with equal names in their original order."""
    params = URLSearchParams("z=1&a=2&z=3&a=4&b=5&a=6&=7")
    params.sort()
    assert list(params) == [
        ("", "7"),
        ("a", "2"),
        ("a", "4"),
        ("a", "6"),
        ("b", "5"),
        ("z", "1"),
        ("z", "3"),
    ]


def test_sort_uses_utf16_code_units() -> None:
    """sort() compares UTF-16 code units: U+1F600 (D83D DE00) sorts before U+FFFD and U+FF61."""
    params = URLSearchParams(
        [("\ufffd", "1"), ("\uff61", "2"), ("\U0001f600", "3"), ("\ue000", "4"), ("z", "5")]
    )
    params.sort()
    assert params.keys() == ["z", "\U0001f600", "\ue000", "\uff61", "\ufffd"]
    assert params.values() == ["5", "3", "4", "2", "1"]


def test_sort_prefix_sorts_first() -> None:
    """A name that is a prefix of another sorts before it (code unit less than)."""
    params = URLSearchParams("ab=1&a=2&abc=3&a=4")
    params.sort()
    assert str(params) == "a=2&a=4&ab=1&abc=3"


def test_sort_spec_example() -> None:
    """The spec's sort example gives its documented serialization."""
    params = URLSearchParams("?q=🏳️‍🌈&key=e1f7bc78")
    params.sort()
    assert str(params) == "key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"


# ---------------------------------------------------------------------------
# Stringification: https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("~", "%7E"),
        ("*", "*"),
        (" ", "+"),
        ("+", "%2B"),
        ("-._", "-._"),
        ("azAZ09", "azAZ09"),
        ("!'()", "%21%27%28%29"),
        ("&=%#?/", "%26%3D%25%23%3F%2F"),
        ("\x00\x1f\x7f", "%00%1F%7F"),
        ("é", "%C3%A9"),
        ("\u20ac", "%E2%82%AC"),
        ("\U0001f600", "%F0%9F%98%80"),
        ("\ud800", "%EF%BF%BD"),
        (chr(0xDFFF), "%EF%BF%BD"),
        ("\ud83d\ude00", "%EF%BF%BD%EF%BF%BD"),
    ],
)
def test_stringification_of_code_point_classes(value: str, expected: str) -> None:
    """str() percent-encodes the urlencoded set, writes space as +, and UTF-8 encodes the rest."""
    assert str(URLSearchParams([(value, value)])) == f"{expected}={expected}"


def test_stringification_joins_with_ampersand() -> None:
    """str() joins pairs with & and always writes = even for empty values."""
    assert str(URLSearchParams([("a", ""), ("", ""), ("b", "c")])) == "a=&=&b=c"


def test_stringification_spec_note_example() -> None:
    """The spec's note: "a=b ~" serializes as a=b+%7E, and ~ and %7E both parse to ~."""
    assert str(URLSearchParams("a=b ~")) == "a=b+%7E"
    params = URLSearchParams("a=~&b=%7E")
    assert params.get("a") == params.get("b") == "~"


# ---------------------------------------------------------------------------
# Python protocols (beyond the spec)
# ---------------------------------------------------------------------------


def test_iteration_in_list_order() -> None:
    """Iteration yields (name, value) tuples in list order, duplicates included."""
    params = URLSearchParams("b=1&a=2&b=3")
    assert list(params) == [("b", "1"), ("a", "2"), ("b", "3")]
    assert [name for name, _ in params] == ["b", "a", "b"]
    assert all(type(pair) is tuple for pair in params)


def test_iteration_is_over_a_snapshot() -> None:
    """Changing the params inside a loop does not change what the loop sees."""
    params = URLSearchParams("a=1&b=2&c=3")
    seen = []
    for name, value in params:
        seen.append((name, value))
        params.delete(name)
        params.append("z", "0")
    assert seen == [("a", "1"), ("b", "2"), ("c", "3")]
    assert list(params) == [("z", "0"), ("z", "0"), ("z", "0")]


def test_keys_values_items() -> None:
    """keys(), values() and items() follow list order and keep duplicates."""
    params = URLSearchParams("a=1&b=2&a=3")
    assert params.keys() == ["a", "b", "a"]
    assert params.values() == ["1", "2", "3"]
    assert params.items() == [("a", "1"), ("b", "2"), ("a", "3")]
    params.items().clear()
    assert params.size == 3


def test_len_and_bool() -> None:
    """len() is the size, so empty params are falsy."""
    assert len(URLSearchParams("a&b&&c")) == 3
    assert not URLSearchParams("&&")
    assert URLSearchParams("=")


def test_contains_looks_up_a_name() -> None:
    """`name in params` is has(name), with USVString conversion."""
    params = URLSearchParams([("a", "1"), ("\ufffd", "2")])
    assert "a" in params
    assert "b" not in params
    assert "\udc00" in params


def test_contains_rejects_pairs_and_other_types() -> None:
    """`in` with a pair or a non-str raises TypeError pointing to has()."""
    params = URLSearchParams("a=1")
    with pytest.raises(TypeError, match=r"use params\.has\(name, value\)"):
        ("a", "1") in params  # noqa: B015
    with pytest.raises(TypeError, match="must be str, not int"):
        1 in params  # noqa: B015


def test_equality() -> None:
    """Params are equal when their lists are equal, in the same order."""
    assert URLSearchParams("a=1&b=2") == URLSearchParams([("a", "1"), ("b", "2")])
    assert URLSearchParams("a=1&b=2") != URLSearchParams("b=2&a=1")
    assert URLSearchParams("a=1") != URLSearchParams("a=1&a=1")
    assert URLSearchParams("a=%20") == URLSearchParams("a=+")
    assert URLSearchParams("a=1") != [("a", "1")]
    assert URLSearchParams("a=1") != "a=1"


def test_not_hashable() -> None:
    """Params are mutable, so hash() raises TypeError."""
    with pytest.raises(TypeError):
        hash(URLSearchParams())


def test_repr_round_trips() -> None:
    """repr() shows the pairs and evaluates back to equal params."""
    params = URLSearchParams("a=1&b=%F0%9F%98%80&a=x+y")
    text = repr(params)
    assert text == "URLSearchParams([('a', '1'), ('b', '😀'), ('a', 'x y')])"
    assert eval(text, {"URLSearchParams": URLSearchParams}) == params
    assert repr(URLSearchParams()) == "URLSearchParams([])"


def test_copy_is_independent() -> None:
    """copy(), copy.copy() and copy.deepcopy() make equal, independent params."""
    params = URLSearchParams("a=1")
    for clone in (params.copy(), copy.copy(params), copy.deepcopy(params)):
        assert clone == params
        assert clone is not params
        clone.append("b", "2")
        assert list(params) == [("a", "1")]


def test_pickle_round_trips() -> None:
    """Pickling keeps the list."""
    params = URLSearchParams("a=1&\ufffd=\U0001f600")
    assert pickle.loads(pickle.dumps(params)) == params


def test_subclass_copy_keeps_type() -> None:
    """copy() of a subclass instance is an instance of that subclass."""

    class Sub(URLSearchParams):
        __slots__ = ()

    params = Sub("a=1")
    assert type(params.copy()) is Sub
    assert repr(params) == "Sub([('a', '1')])"


def test_to_dict_first_value_wins() -> None:
    """to_dict() keeps each name's first value, as get() returns it."""
    params = URLSearchParams("a=1&b=2&a=3&c=&b=4")
    result = params.to_dict()
    assert result == {"a": "1", "b": "2", "c": ""}
    assert list(result) == ["a", "b", "c"]
    assert all(result[name] == params.get(name) for name, _ in params)


def test_to_dict_of_lists() -> None:
    """to_dict_of_lists() maps each name to get_all(name), names in first-seen order."""
    params = URLSearchParams("b=1&a=2&b=3&c=")
    result = params.to_dict_of_lists()
    assert result == {"b": ["1", "3"], "a": ["2"], "c": [""]}
    assert list(result) == ["b", "a", "c"]
    result["b"].append("x")
    assert params.get_all("b") == ["1", "3"]


def test_values_stay_str() -> None:
    """Parsed values are str, never converted to numbers or lists."""
    params = URLSearchParams("n=1&n=2&flag")
    assert params.get("n") == "1"
    assert params.to_dict() == {"n": "1", "flag": ""}
    assert all(type(value) is str for value in params.values())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda p: p.append(1, "v"), "append\\(\\) name must be str, not int"),
        (lambda p: p.append("n", b"v"), "append\\(\\) value must be str, int or float, not bytes"),
        (lambda p: p.delete(None), "delete\\(\\) name must be str, not NoneType"),
        (lambda p: p.delete("n", True), "delete\\(\\) value must be str, int or float, not True"),
        (lambda p: p.get(b"n"), "get\\(\\) name must be str, not bytes"),
        (lambda p: p.get_all(1.0), "get_all\\(\\) name must be str, not float"),
        (lambda p: p.has(["n"]), "has\\(\\) name must be str, not list"),
        (lambda p: p.has("n", False), "has\\(\\) value must be str, int or float, not False"),
        (lambda p: p.set("n", None), "set\\(\\) value must be str, int or float, not None"),
        (lambda p: p.set(("n",), "v"), "set\\(\\) name must be str, not tuple"),
    ],
)
def test_methods_reject_non_str(call: object, message: str) -> None:
    """Every method raises TypeError naming the argument and its type, and changes nothing."""
    params = URLSearchParams("n=1")
    with pytest.raises(TypeError, match=message):
        call(params)  # type: ignore[operator]
    assert list(params) == [("n", "1")]


# ---------------------------------------------------------------------------
# A URL string's query: https://url.spec.whatwg.org/#concept-urlsearchparams-update
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://h/p?x=1#f", [("x", "1")]),
        ("https://h/p?x=1&y=a+b", [("x", "1"), ("y", "a b")]),
        ("https://h/p", []),
        ("https://h/p?", []),
        ("https://h/p#f?x=1", []),
        ("https://h/p?a=1?b=2#c=3#d", [("a", "1?b=2")]),
        ("https://h/p??x=1", [("?x", "1")]),
        ("?a=1", [("a", "1")]),
        ("", []),
        ("https://h/?a=~&b=%7E", [("a", "~"), ("b", "~")]),
        ("https://h/?a=\udc00", [("a", "\ufffd")]),
        (" \x00https://h/?a=b \n\x1f", [("a", "b")]),
        ("https://h/?a=x\ty\nz\r", [("a", "xyz")]),
        ("https://h/?a=b c", [("a", "b c")]),
    ],
)
def test_query_params(url: str, expected: list[tuple[str, str]]) -> None:
    """query_params() parses the text after the first ? before the first #, as url.searchParams."""
    assert list(query_params(url)) == expected


def test_query_params_wrong_type() -> None:
    """query_params() raises TypeError naming the type for a non-str URL."""
    with pytest.raises(TypeError, match="url must be str, not bytes"):
        query_params(b"https://h/?a=1")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("url", "pairs", "expected"),
    [
        ("https://h/p?x=1#f", [("y", "2")], "https://h/p?y=2#f"),
        ("https://h/p?x=1#f", [], "https://h/p#f"),
        ("https://h/p?x=1", [], "https://h/p"),
        ("https://h/p?#", [], "https://h/p#"),
        ("https://h/p", [("a", "b c")], "https://h/p?a=b+c"),
        ("https://h/p#f?x", [("a", "1")], "https://h/p?a=1#f?x"),
        ("https://h/p#", [("a", "~")], "https://h/p?a=%7E#"),
        ("https://h/p", [], "https://h/p"),
        ("https://h/p?x", [("", "")], "https://h/p?="),
        ("?x=1", [("x", "2")], "?x=2"),
        ("", [("a", "1")], "?a=1"),
        ("https://h/p?a=1#f#g", [("a", "2")], "https://h/p?a=2#f#g"),
        # A "?" no longer protects trailing C0 controls and spaces.
        ("data:,a ?x=1", [], "data:,a%20"),
        ("data:,a  ?x=1", [], "data:,a %20"),
        ("data:,a \x01?x=1", [], "data:,a %01"),
        ("data:,a \t\n?x=1", [], "data:,a%20"),
        ("data:,a\t?x=1", [], "data:,a"),
        ("https://h/a ?", [], "https://h/a%20"),
        ("data:,a ?x=1#f", [], "data:,a #f"),
        ("data:,a ?x=1", [("y", "")], "data:,a ?y="),
        ("data:,a ", [], "data:,a "),
        # A parser stripped trailing C0 controls and spaces; a "?" would keep them.
        ("data:,a ", [("y", "")], "data:,a?y="),
        ("https://h/p \t\x00", [("a", "1")], "https://h/p?a=1"),
        ("https://h/p #f", [("a", "1")], "https://h/p ?a=1#f"),
        ("https://h/p ?x", [("a", "1")], "https://h/p ?a=1"),
        ("data:,a #f", [], "data:,a #f"),
    ],
)
def test_with_query_params(url: str, pairs: list[tuple[str, str]], expected: str) -> None:
    """with_query_params() sets the query to the serialization, or removes it when empty."""
    assert with_query_params(url, URLSearchParams(pairs)) == expected


def test_with_query_params_round_trip_after_sort() -> None:
    """Sorting a URL's query and writing it back keeps the rest of the URL."""
    url = "https://example.org/?q=🏳️‍🌈&key=e1f7bc78#top"
    params = query_params(url)
    params.sort()
    assert with_query_params(url, params) == (
        "https://example.org/?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88#top"
    )


def test_with_query_params_converts_lone_surrogates() -> None:
    """with_query_params() converts the URL to a USVString."""
    assert with_query_params("https://h/\ud800?a#\udfff", URLSearchParams("b")) == (
        "https://h/\ufffd?b=#\ufffd"
    )


def test_with_query_params_wrong_types() -> None:
    """with_query_params() raises TypeError naming the type of a bad argument."""
    with pytest.raises(TypeError, match="url must be str, not NoneType"):
        with_query_params(None, URLSearchParams())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="params must be a URLSearchParams, a mapping or"):
        with_query_params("https://h/", "a=1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="params must be a URLSearchParams, a mapping or"):
        with_query_params("https://h/", 1)  # type: ignore[arg-type]
