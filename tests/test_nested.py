"""parse_nested and serialize_nested: grammar, conflicts, limits, round trips, qs interop."""

from __future__ import annotations

import json
import pathlib
import pickle
import re
import string
from collections.abc import Sequence
from typing import Any, Literal

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urlencoded
from tests import reference_nested
from tests.strategies import scalar_text
from urlencoded import (
    ListIndexTooLarge,
    NestingError,
    NestingTooDeep,
    TooManyKeys,
    parse_nested,
    serialize_nested,
)
from urlencoded._web._nested import ListFormat, NestedInput

_Mode = Literal["combine", "first", "last", "error"]
_MODES: tuple[_Mode, ...] = ("combine", "first", "last", "error")

QS_TABLE = json.loads(
    (pathlib.Path(__file__).parent / "data" / "nested" / "qs-interop.json").read_text("utf-8")
)


class TestParse:
    """Bracketed names become dicts and lists."""

    @pytest.mark.parametrize(
        ("data", "expected"),
        [
            ("a=1&b=2", {"a": "1", "b": "2"}),
            ("a[b]=1&a[c]=2", {"a": {"b": "1", "c": "2"}}),
            ("a[]=1&a[]=2", {"a": ["1", "2"]}),
            ("a[0]=x&a[1]=y", {"a": ["x", "y"]}),
            ("a[1]=y&a[0]=x", {"a": ["x", "y"]}),
            ("a[0]=x&a[]=y", {"a": ["x", "y"]}),
            ("a[][b]=1&a[][c]=2", {"a": [{"b": "1"}, {"c": "2"}]}),
            ("a[0][b]=1&a[0][c]=2", {"a": [{"b": "1", "c": "2"}]}),
            ("a[0][]=1&a[1][]=2&a[0][]=3", {"a": [["1", "3"], ["2"]]}),
            ("a[b][c][d][e][f]=5", {"a": {"b": {"c": {"d": {"e": {"f": "5"}}}}}}),
            ("a[01]=x&a[-1]=y&a[%2B1]=z", {"a": {"01": "x", "-1": "y", "+1": "z"}}),
            ("a[١]=x", {"a": {"١": "x"}}),
            ("0[a]=x&1=y", {"0": {"a": "x"}, "1": "y"}),
            ("a]b[c]=1", {"a]b": {"c": "1"}}),
            ("]][]=1", {"]]": ["1"]}),
            ("a[b", {"a[b": ""}),
            ("a]b[=1", {"a]b[": "1"}),
            ("a[=1&[=2&]=3", {"a[": "1", "[": "2", "]": "3"}),
            ("a%5Bb%5D=%5B%5D", {"a": {"b": "[]"}}),
            ("a+b[c+d]=e+f", {"a b": {"c d": "e f"}}),
            ("a.b=1&a_b=2", {"a.b": "1", "a_b": "2"}),
            ("a[]", {"a": [""]}),
            ("", {}),
        ],
    )
    def test_examples(self, data: str, expected: dict[str, Any]) -> None:
        """Each bracket form gives the documented structure."""
        assert parse_nested(data) == expected

    def test_bytes_and_parse_options(self) -> None:
        """Bytes are accepted and parse's keywords pass through."""
        assert parse_nested(b"a[b]=%E9", encoding="windows-1252") == {"a": {"b": "é"}}
        with pytest.raises(urlencoded.TooManyFields):
            parse_nested("a=1&b=2", max_fields=1)
        with pytest.raises(urlencoded.DecodeError):
            parse_nested(b"a[b]=%FF", errors="strict")

    def test_separator_passes_through(self) -> None:
        """parse's separator keyword applies, and offsets count fields by it."""
        assert parse_nested("a[b]=1;a[c]=2", separator=";") == {"a": {"b": "1", "c": "2"}}
        with pytest.raises(NestingError) as info:
            parse_nested("x=1&y;a[b]=2;a=3", separator=";")
        assert (info.value.name, info.value.offset) == ("a", 13)

    def test_insertion_order(self) -> None:
        """Keys keep the order in which their names first appear."""
        assert list(parse_nested("z[y]=1&a=2&z[b]=3")) == ["z", "a"]
        assert list(parse_nested("z[y]=1&a=2&z[b]=3")["z"]) == ["y", "b"]


class TestNestingError:
    """Conflicts raise NestingError naming the field and its byte offset."""

    @pytest.mark.parametrize(
        ("data", "name", "offset"),
        [
            ("a=1&a[b]=2", "a[b]", 4),
            ("a[b]=1&a=2", "a", 7),
            ("a[]=1&a[0]=2", "a[0]", 6),
            ("a[0]=1&a[b]=2", "a[b]", 7),
            ("a[b]=1&a[0]=2", "a[0]", 7),
            ("a[b]=1&a[]=2", "a[]", 7),
            ("x=1&y=2&a[0]=1&a[2]=2", "a[2]", 15),
            ("a[3]=x", "a[3]", 0),
            ("a[b]c=1", "a[b]c", 0),
            ("[a]=1", "[a]", 0),
            ("x&&[]=1", "[]", 3),
            ("a[[b]]=1", "a[[b]]", 0),
            ("a[b]]=1", "a[b]]", 0),
            ("a[b][=1", "a[b][", 0),
            ("é=1&é[x]=2", "é[x]", 5),
        ],
    )
    def test_conflicts(self, data: str, name: str, offset: int) -> None:
        """The error names the field at fault and its first byte's offset."""
        with pytest.raises(NestingError) as info:
            parse_nested(data)
        assert (info.value.name, info.value.offset) == (name, offset)
        assert isinstance(info.value, ValueError)
        assert isinstance(info.value, urlencoded.URLEncodedError)

    @pytest.mark.parametrize(
        ("data", "name", "offset"),
        [
            ("a=1&a=2", "a", 4),
            ("a[b]=1&a[b]=2", "a[b]", 7),
            ("a[0]=1&a[0]=2", "a[0]", 7),
        ],
    )
    def test_repeated_names_with_duplicates_error(self, data: str, name: str, offset: int) -> None:
        """With duplicates="error" a repeated name raises at the repeat's field."""
        with pytest.raises(NestingError) as info:
            parse_nested(data, duplicates="error")
        assert (info.value.name, info.value.offset) == (name, offset)
        assert "was already given a value" in str(info.value)

    def test_pickles(self) -> None:
        """NestingError pickles with its attributes."""
        error = NestingError("a[b]", 7, "a is a value")
        copy = pickle.loads(pickle.dumps(error))
        assert (copy.name, copy.offset, copy.detail, str(copy)) == (
            "a[b]",
            7,
            "a is a value",
            str(error),
        )

    def test_long_name_is_shortened_in_message(self) -> None:
        """A huge name is cut in the message but kept whole in the attribute."""
        name = "a[" + "b" * 10_000 + "]c"
        with pytest.raises(NestingError) as info:
            parse_nested(name + "=1")
        assert info.value.name == name
        assert len(str(info.value)) < 300


class TestDuplicates:
    """A name given more than once is combined, or keeps its first or last value, or raises."""

    def test_checkbox_group_beside_nested_names(self) -> None:
        """The default combines a checkbox group's values into a list, beside nested names."""
        assert parse_nested("user[name]=x&interest=a&interest=b") == {
            "user": {"name": "x"},
            "interest": ["a", "b"],
        }

    @pytest.mark.parametrize(
        ("data", "combine", "first", "last"),
        [
            ("a=1&a=2&a=3", ["1", "2", "3"], "1", "3"),
            ("a=1&b=x&a=2", ["1", "2"], "1", "2"),
            ("a[b]=1&a[b]=2", {"b": ["1", "2"]}, {"b": "1"}, {"b": "2"}),
            ("a[0]=1&a[0]=2", [["1", "2"]], ["1"], ["2"]),
            ("a[b][c]=1&a[d]=x&a[b][c]=", {"b": {"c": ["1", ""]}, "d": "x"}, None, None),
            ("a=&a", ["", ""], "", ""),
        ],
    )
    def test_modes(self, data: str, combine: Any, first: Any, last: Any) -> None:
        """Each mode gives its documented value for a plain or bracketed repeated name."""
        assert parse_nested(data)["a"] == combine
        assert parse_nested(data, duplicates="combine")["a"] == combine
        if first is not None:
            assert parse_nested(data, duplicates="first")["a"] == first
            assert parse_nested(data, duplicates="last")["a"] == last
        with pytest.raises(NestingError, match="was already given a value"):
            parse_nested(data, duplicates="error")

    def test_keeps_first_position(self) -> None:
        """A combined name stays where it first appeared."""
        assert list(parse_nested("a=1&b=2&a=3")) == ["a", "b"]
        assert list(parse_nested("a=1&b=2&a=3", duplicates="last")) == ["a", "b"]

    def test_appends_are_never_repeats(self) -> None:
        """A name with '[]' appends a new item each time, in every mode."""
        for mode in _MODES:
            assert parse_nested("a[][b]=1&a[][b]=2", duplicates=mode) == {
                "a": [{"b": "1"}, {"b": "2"}]
            }

    @pytest.mark.parametrize("mode", _MODES)
    @pytest.mark.parametrize(
        ("data", "name", "offset"),
        [
            ("a=1&a[b]=2", "a[b]", 4),
            ("a[b]=1&a=2", "a", 7),
            ("a[b]=1&a[b][c]=2", "a[b][c]", 7),
            ("a[]=1&a[0]=2", "a[0]", 6),
            ("a[0][b]=1&a[][b]=2&a[1][b]=3", "a[1][b]", 19),
        ],
    )
    def test_plain_and_bracketed_still_conflict(
        self, mode: _Mode, data: str, name: str, offset: int
    ) -> None:
        """A value and a container at one name, or two names for one place, raise in every mode."""
        with pytest.raises(NestingError) as info:
            parse_nested(data, duplicates=mode)
        assert (info.value.name, info.value.offset) == (name, offset)

    def test_combined_list_is_not_a_container(self) -> None:
        """Brackets after a combined name raise: a list of repeated values takes no indices."""
        with pytest.raises(NestingError, match="a is a list of repeated values") as info:
            parse_nested("a=1&a=2&a[]=3")
        assert (info.value.name, info.value.offset) == ("a[]", 8)

    def test_combined_list_counts_against_max_list_index(self) -> None:
        """The n-th value of a repeated name is index n - 1, as if written with indices."""
        assert parse_nested("a=1&a=2", max_list_index=1) == {"a": ["1", "2"]}
        with pytest.raises(ListIndexTooLarge) as info:
            parse_nested("x=1&a=1&a=2", max_list_index=0)
        assert (info.value.limit, info.value.value, info.value.offset) == ("max_list_index", 0, 8)
        with pytest.raises(ListIndexTooLarge) as info:
            parse_nested("&".join(["a=x"] * 102))
        assert info.value.offset == len("a=x&") * 101
        assert len(parse_nested("&".join(["a=x"] * 101))["a"]) == 101
        # The other modes build no list.
        assert parse_nested("a=1&a=2", max_list_index=0, duplicates="last") == {"a": "2"}

    def test_combined_list_counts_against_max_keys(self) -> None:
        """A combined list counts its name and each item, as a[0]=..&a[1]=.. would."""
        assert parse_nested("a=1&a=2", max_keys=3) == {"a": ["1", "2"]}
        assert parse_nested("a[0]=1&a[1]=2", max_keys=3) == {"a": ["1", "2"]}
        with pytest.raises(TooManyKeys) as info:
            parse_nested("a=1&a=2", max_keys=2)
        assert (info.value.limit, info.value.value, info.value.offset) == ("max_keys", 2, 4)
        with pytest.raises(TooManyKeys):
            parse_nested("a=1&a=2&a=3", max_keys=3)
        assert parse_nested("a=1&a=2&a=3", max_keys=1, duplicates="first") == {"a": "1"}

    def test_unlimited_combine_is_linear(self) -> None:
        """With the limits off, many repeats of one name give one list of all their values."""
        values = [str(i) for i in range(5_000)]
        body = "&".join(f"a={value}" for value in values)
        assert parse_nested(body, max_list_index=None, max_keys=None) == {"a": values}

    @pytest.mark.parametrize("value", [None, 1, b"combine", ["first"]])
    def test_non_str_mode_is_a_type_error(self, value: object) -> None:
        """A duplicates that is not a str raises TypeError naming the keyword and the type."""
        with pytest.raises(
            TypeError, match=f"^duplicates must be a str, not {type(value).__name__}$"
        ):
            parse_nested("a=1", duplicates=value)  # type: ignore[arg-type]

    @pytest.mark.parametrize("value", ["", "Combine", "keep", "last "])
    def test_unknown_mode_is_a_value_error(self, value: str) -> None:
        """An unknown duplicates raises ValueError naming the allowed values, repeats or not."""
        message = "duplicates must be 'combine', 'first', 'last' or 'error', got "
        with pytest.raises(ValueError, match="^" + re.escape(message + repr(value)) + "$"):
            parse_nested("a=1", duplicates=value)  # type: ignore[arg-type]


class TestLimits:
    """Each limit raises its own LimitExceeded subclass naming the limit and its value."""

    def test_depth(self) -> None:
        """Five bracket groups pass by default, six raise NestingTooDeep."""
        assert parse_nested("a[b][c][d][e][f]=1")
        with pytest.raises(NestingTooDeep) as info:
            parse_nested("x=1&a[b][c][d][e][f][g]=1")
        assert (info.value.limit, info.value.value, info.value.offset) == ("max_depth", 5, 4)
        with pytest.raises(NestingTooDeep):
            parse_nested("a[b]=1", max_depth=0)
        assert parse_nested("a[b]=1&a[c]=2", max_depth=1) == {"a": {"b": "1", "c": "2"}}
        assert parse_nested("a]][b]=1", max_depth=1) == {"a]]": {"b": "1"}}

    def test_list_index(self) -> None:
        """Index 100 passes by default, 101 raises, written or appended."""
        assert len(parse_nested("&".join(f"a[{i}]=x" for i in range(101)))["a"]) == 101
        with pytest.raises(ListIndexTooLarge) as info:
            parse_nested("a[101]=x")
        assert (info.value.limit, info.value.value) == ("max_list_index", 100)
        with pytest.raises(ListIndexTooLarge):
            parse_nested("&".join(["a[]=x"] * 102))
        with pytest.raises(ListIndexTooLarge):
            parse_nested("a[]=x&a[]=y", max_list_index=0)

    def test_keys(self) -> None:
        """Every dict key and list item counts towards max_keys."""
        assert parse_nested("a[b]=1&a[c]=2", max_keys=3) == {"a": {"b": "1", "c": "2"}}
        with pytest.raises(TooManyKeys) as info:
            parse_nested("a[b]=1&a[c]=2", max_keys=2)
        assert (info.value.limit, info.value.value, info.value.offset) == ("max_keys", 2, 7)
        with pytest.raises(TooManyKeys):
            parse_nested("&".join(f"k{i}=v" for i in range(1001)))

    def test_none_disables(self) -> None:
        """None turns a limit off."""
        deep = "a" + "[b]" * 50 + "=1"
        value: Any = parse_nested(deep, max_depth=None)
        for _ in range(50):
            value = value["b"] if "b" in value else value["a"]
        assert (
            parse_nested("&".join(["a[]=x"] * 500), max_list_index=None, max_keys=None)["a"]
            == ["x"] * 500
        )

    @pytest.mark.parametrize("limit", ["max_depth", "max_list_index", "max_keys"])
    def test_bad_limit_values(self, limit: str) -> None:
        """A negative limit is a ValueError, a non-int a TypeError, both naming the option."""
        negative: dict[str, Any] = {limit: -1}
        wrong_type: dict[str, Any] = {limit: "5"}
        with pytest.raises(ValueError, match=limit):
            parse_nested("a=1", **negative)
        with pytest.raises(TypeError, match=limit):
            parse_nested("a=1", **wrong_type)

    @pytest.mark.parametrize("cls", [NestingTooDeep, ListIndexTooLarge, TooManyKeys])
    def test_limit_errors_pickle(self, cls: type[urlencoded.LimitExceeded]) -> None:
        """The new limit errors pickle with their attributes."""
        error = cls("max_x", 5, 12, "detail")
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is cls
        assert (copy.limit, copy.value, copy.offset, copy.detail) == ("max_x", 5, 12, "detail")


class TestKnownVulnerabilities:
    """Payloads that broke qs and Rack raise one of our documented errors instead."""

    def test_qs_cve_2014_7191_huge_index(self) -> None:
        """CVE-2014-7191 (qs): a huge index allocated a huge sparse array; here it raises."""
        with pytest.raises(ListIndexTooLarge):
            parse_nested("a[999999999]=x")
        # Even with the limit off, no list is allocated for it: a gap is an error.
        with pytest.raises(NestingError):
            parse_nested("a[999999999]=x", max_list_index=None)
        with pytest.raises(NestingError):
            parse_nested("a[" + "9" * 100_000 + "]=x", max_list_index=None)

    def test_qs_cve_2022_24999_proto_and_length(self) -> None:
        """CVE-2022-24999 (qs): the __proto__/length payload hung Node; here it raises."""
        payload = "a[__proto__]=b&a[__proto__]&a[length]=100000000"
        with pytest.raises(NestingError) as info:
            parse_nested(payload, duplicates="error")
        assert info.value.name == "a[__proto__]"
        # Combined, the repeat is a list of two str under a plain dict key.
        assert parse_nested(payload) == {"a": {"__proto__": ["b", ""], "length": "100000000"}}
        assert parse_nested("a[__proto__]=b&a[length]=100000000") == {
            "a": {"__proto__": "b", "length": "100000000"}
        }

    def test_qs_cve_2025_15284_bracket_appends(self) -> None:
        """CVE-2025-15284 (qs): a[]= ignored the array limit; here appends count too."""
        payload = "&".join(["a[]=x"] * 10_000)
        with pytest.raises(ListIndexTooLarge) as info:
            parse_nested(payload)
        assert info.value.offset == len("a[]=x&") * 101
        with pytest.raises(ListIndexTooLarge):
            parse_nested("&".join(["a[]=x"] * 6), max_list_index=4)

    def test_rack_cve_2015_3225_deep_nesting(self) -> None:
        """CVE-2015-3225 (Rack): deep names overflowed the stack; here they raise at once."""
        with pytest.raises(NestingTooDeep):
            parse_nested("a" + "[a]" * 100_000 + "=x")
        with pytest.raises(NestingTooDeep):
            parse_nested("a" + "[]" * 100_000 + "=x")
        # With the limit off the build is a loop, not recursion.
        value: Any = parse_nested("a" + "[a]" * 5_000 + "=x", max_depth=None, max_keys=None)
        for _ in range(5_001):
            value = value["a"]
        assert value == "x"

    def test_qs_depth_flattening(self) -> None:
        """qs turns what lies past its depth into a key named '[j]'; here it raises."""
        with pytest.raises(NestingTooDeep) as info:
            parse_nested("d[e][f][g][h][i][j]=1")
        assert info.value.limit == "max_depth"


class TestSerialize:
    """serialize_nested writes bracketed names in insertion order."""

    def test_leaves(self) -> None:
        """Each scalar type has its documented text; None is left out with skip_none."""
        data: dict[str, NestedInput] = {
            "s": "a b",
            "b": b"\xff",
            "i": -3,
            "x": 0.5,
            "e": 1e16,
            "n": None,
        }
        assert serialize_nested(data, skip_none=True) == "s=a+b&b=%FF&i=-3&x=0.5&e=1e%2B16"

    @pytest.mark.parametrize("leaf", [True, False, None])
    def test_bool_and_none_leaves_are_refused(self, leaf: Any) -> None:
        """bool, and None without skip_none, raise TypeError naming the path and the reason."""
        with pytest.raises(TypeError, match=r"a\[b\] must be str or bytes, int or float") as info:
            serialize_nested({"a": {"b": leaf}})
        assert "JavaScript" in str(info.value)
        if leaf is None:
            assert "skip_none=True" in str(info.value)

    def test_list_formats(self) -> None:
        """indices, brackets and repeat write lists as their names say."""
        data = {"a": ["x", "y"]}
        assert serialize_nested(data) == "a%5B0%5D=x&a%5B1%5D=y"
        assert serialize_nested(data, list_format="brackets") == "a%5B%5D=x&a%5B%5D=y"
        assert serialize_nested(data, list_format="repeat") == "a=x&a=y"
        with pytest.raises(ValueError, match="list_format"):
            serialize_nested(data, list_format="comma")  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="list_format"):
            serialize_nested(data, list_format=1)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=r"a\[0\]"):
            serialize_nested({"a": [{"b": "c"}]}, list_format="brackets")

    def test_empty_containers_write_nothing(self) -> None:
        """An empty dict or list writes no pair."""
        assert serialize_nested({"a": [], "b": {}, "c": "d"}) == "c=d"
        assert serialize_nested({}) == ""

    @pytest.mark.parametrize(
        ("obj", "path"),
        [
            ({"items": [{"price": True}]}, "items[0][price]"),
            ({"a": {"b": {1, 2}}}, "a[b]"),
            ({"a": object()}, "a"),
        ],
    )
    def test_unsupported_leaf_names_path(self, obj: dict[str, Any], path: str) -> None:
        """A bool, set or other object raises TypeError naming its path."""
        with pytest.raises(TypeError) as info:
            serialize_nested(obj)
        assert path in str(info.value)

    @pytest.mark.parametrize(
        "obj",
        [
            {"a": {"0": "x"}},
            {"a": {"": "x"}},
            {"a": {"b]": "x"}},
            {"a[b]": "x"},
            {"a[": {"b": "x"}},
            {"": {"b": "x"}},
        ],
    )
    def test_keys_that_would_not_read_back(self, obj: dict[str, Any]) -> None:
        """Keys that parse_nested would read differently raise ValueError."""
        with pytest.raises(ValueError, match="serialize_nested"):
            serialize_nested(obj)

    def test_type_errors(self) -> None:
        """A non-mapping, a non-str key or a non-bool skip_none raises TypeError."""
        with pytest.raises(TypeError):
            serialize_nested([("a", "b")])  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="int"):
            serialize_nested({"a": {1: "b"}})  # type: ignore[dict-item]
        with pytest.raises(TypeError, match="skip_none"):
            serialize_nested({}, skip_none=1)  # type: ignore[arg-type]

    def test_circular(self) -> None:
        """A container that holds itself raises ValueError."""
        loop: dict[str, Any] = {}
        loop["a"] = loop
        with pytest.raises(ValueError, match="circular"):
            serialize_nested({"x": loop})

    def test_dialect(self) -> None:
        """Another dialect encodes names and values its way; a non-dialect is a TypeError."""
        from urlencoded.dialects import RFC3986

        assert serialize_nested({"a b": ["~ *"]}, dialect=RFC3986) == "a%20b%5B0%5D=~%20%2A"
        assert parse_nested(serialize_nested({"a b": ["~ *"]}, dialect=RFC3986)) == {"a b": ["~ *"]}
        with pytest.raises(TypeError, match="dialect"):
            serialize_nested({}, dialect="RFC3986")  # type: ignore[arg-type]

    def test_encoding(self) -> None:
        """The encoding reaches the dialect: legacy encodings write their bytes."""
        assert serialize_nested({"k": {"é": "€"}}, encoding="windows-1252") == "k%5B%E9%5D=%80"


def _chain(keys: Sequence[str], leaf: Any) -> Any:
    """*leaf* nested in one dict per key of *keys* (a str: per character), the first outermost."""
    for key in reversed(keys):
        leaf = {key: leaf}
    return leaf


def _lists(depth: int, leaf: Any) -> Any:
    """*leaf* nested in *depth* one-item lists."""
    for _ in range(depth):
        leaf = [leaf]
    return leaf


class TestSerializeDepth:
    """serialize_nested's max_depth counts the bracket groups it writes, as parse_nested does."""

    @pytest.mark.parametrize(
        ("list_format", "five", "six"),
        [
            ("indices", _chain("abcdef", "x"), _chain("abcdefg", "x")),
            ("indices", {"a": _lists(5, "x")}, {"a": _lists(6, "x")}),
            ("indices", _chain("abc", _lists(3, "x")), _chain("abcd", _lists(3, "x"))),
            ("brackets", _chain("abcdef", "x"), _chain("abcdefg", "x")),
            ("brackets", _chain("abcde", ["x", "y"]), _chain("abcdef", ["x", "y"])),
            ("repeat", _chain("abcdef", "x"), _chain("abcdefg", "x")),
            ("repeat", _chain("abcdef", ["x", "y"]), _chain("abcdefg", ["x", "y"])),
        ],
    )
    def test_default_limit(self, list_format: ListFormat, five: Any, six: Any) -> None:
        """Five bracket groups are written and read back by default; six raise NestingTooDeep."""
        written = serialize_nested(five, list_format=list_format)
        names = [name for name, _ in urlencoded.parse(written)]
        assert max(map(reference_nested.groups, names)) == 5
        if list_format != "repeat":
            assert parse_nested(written) == five
        with pytest.raises(NestingTooDeep) as info:
            serialize_nested(six, list_format=list_format)
        assert (info.value.limit, info.value.value) == ("max_depth", 5)
        assert serialize_nested(six, list_format=list_format, max_depth=6)

    def test_message_names_limit_value_and_name(self) -> None:
        """The message names max_depth, its value and the first name past it."""
        with pytest.raises(NestingTooDeep) as info:
            serialize_nested({"x": 1, "a": {"b": {"c": [{"d": "y"}]}}}, max_depth=2)
        assert str(info.value) == (
            "max_depth=2 exceeded at byte offset 4: name 'a[b][c][0]': 3 bracket groups"
        )
        assert (info.value.limit, info.value.value, info.value.offset) == ("max_depth", 2, 4)
        with pytest.raises(NestingTooDeep, match=r"max_depth=0 .*'a\[\]': 1 bracket groups"):
            serialize_nested({"a": ["x"]}, list_format="brackets", max_depth=0)

    def test_long_name_is_shortened(self) -> None:
        """A long name past the limit is cut in the message as parse_nested cuts names."""
        with pytest.raises(NestingTooDeep) as info:
            serialize_nested(_chain(["k" * 50] * 10, "x"), max_depth=8)
        message = str(info.value)
        assert len(message) < 200
        assert "'" + "k" * 40 + "..." + "k" * 15 + "]'" in message

    def test_entries_that_write_nothing(self) -> None:
        """An empty container has no entries to count; entries that write nothing still count."""
        assert serialize_nested(_chain("abcdef", {})) == ""
        assert serialize_nested(_chain("abcdef", [])) == ""
        with pytest.raises(NestingTooDeep):
            serialize_nested(_chain("abcdefg", {}))
        with pytest.raises(NestingTooDeep):
            serialize_nested(_chain("abcdefg", None), skip_none=True)

    def test_zero_allows_top_level_values_only(self) -> None:
        """max_depth=0 writes plain names, repeated lists included, and refuses any bracket."""
        assert serialize_nested({"a": "x", "b": ["y", "z"]}, list_format="repeat", max_depth=0) == (
            "a=x&b=y&b=z"
        )
        for list_format in ("indices", "brackets"):
            with pytest.raises(NestingTooDeep):
                serialize_nested({"b": ["y"]}, list_format=list_format, max_depth=0)

    @pytest.mark.parametrize(
        ("value", "error"),
        [(-1, ValueError), ("5", TypeError), (True, TypeError), (5.0, TypeError)],
    )
    def test_bad_max_depth(self, value: object, error: type[Exception]) -> None:
        """A negative max_depth is a ValueError, a non-int a TypeError, both naming it."""
        with pytest.raises(error, match="max_depth"):
            serialize_nested({"a": "x"}, max_depth=value)  # type: ignore[arg-type]

    def test_no_limit_writes_a_deep_mapping(self) -> None:
        """max_depth=None writes a mapping 20,000 deep, without recursion."""
        assert serialize_nested(_chain("a" * 20_001, "x"), max_depth=None) == (
            "a" + "%5Ba%5D" * 20_000 + "=x"
        )
        deep_list = {"a": _lists(20_000, "x")}
        assert serialize_nested(deep_list, max_depth=None) == "a" + "%5B0%5D" * 20_000 + "=x"

    def test_deep_input_stops_at_the_limit(self) -> None:
        """A mapping 100,000 deep raises naming the first name past the limit."""
        with pytest.raises(NestingTooDeep) as info:
            serialize_nested(_chain("a" * 100_000, "x"))
        assert "'a[a][a][a][a][a][a]': 6 bracket groups" in str(info.value)


@pytest.mark.parametrize("row", QS_TABLE["objects"], ids=lambda row: row["description"])
class TestQsInteroperability:
    """Recorded behaviour of Node's qs (version in tests/data/nested/qs-interop.json)."""

    def test_we_read_qs_stringify(self, row: dict[str, Any]) -> None:
        """What qs.stringify(obj, {arrayFormat: 'indices'}) wrote, parse_nested reads as obj."""
        assert parse_nested(row["qs_stringify"]) == row["expected"]

    def test_qs_reads_our_output(self, row: dict[str, Any]) -> None:
        """qs.parse read our serialization back as the object (recorded), and it is still ours;
        booleans, which qs writes as true and false, we refuse and write when given as text."""
        assert row["qs_parse_of_ours"] == row["expected"]
        assert row["qs_parse_of_qs_stringify"] == row["expected"]
        if any(isinstance(leaf, bool) for leaf in _leaves(row["object"])):
            with pytest.raises(TypeError, match="JavaScript"):
                serialize_nested(row["object"])
        assert serialize_nested(_bools_as_text(row["object"])) == row["ours"]


def _leaves(obj: Any) -> list[Any]:
    """Every leaf of a JSON object of dicts and lists."""
    if isinstance(obj, dict):
        return [leaf for child in obj.values() for leaf in _leaves(child)]
    if isinstance(obj, list):
        return [leaf for child in obj for leaf in _leaves(child)]
    return [obj]


def _bools_as_text(obj: Any) -> Any:
    """*obj* with each bool leaf written as JavaScript writes it, "true" or "false"."""
    if isinstance(obj, dict):
        return {key: _bools_as_text(child) for key, child in obj.items()}
    if isinstance(obj, list):
        return [_bools_as_text(child) for child in obj]
    if isinstance(obj, bool):
        return "true" if obj else "false"
    return obj


@pytest.mark.parametrize("row", QS_TABLE["repeat_objects"], ids=lambda row: row["description"])
class TestQsRepeatedNames:
    """Lists written as repeated names, by qs (arrayFormat 'repeat') and by us, read by both."""

    def test_we_read_qs_repeat_stringify(self, row: dict[str, Any]) -> None:
        """What qs.stringify(obj, {arrayFormat: 'repeat'}) wrote, parse_nested reads as obj."""
        assert parse_nested(row["qs_stringify"]) == row["expected"]

    def test_qs_reads_our_repeat_output(self, row: dict[str, Any]) -> None:
        """qs.parse read our list_format='repeat' output as the object, and it is still ours."""
        assert row["qs_parse_of_ours"] == row["expected"]
        assert row["qs_parse_of_qs_stringify"] == row["expected"]
        assert serialize_nested(row["object"], list_format="repeat") == row["ours"]


@pytest.mark.parametrize("row", QS_TABLE["repeat_inputs"], ids=lambda row: row["input"])
def test_repeated_names_read_as_qs_reads_them(row: dict[str, Any]) -> None:
    """For repeated names, parse_nested's default gives what qs.parse gave (recorded)."""
    assert parse_nested(row["input"]) == row["qs_parse"]


def test_qs_table_names_its_version() -> None:
    """The table records the qs version and where it came from."""
    assert QS_TABLE["qs_version"].count(".") == 2
    assert "qs" in QS_TABLE["source"]


# --- Properties -------------------------------------------------------------------

_KEY_CHARS = st.characters(exclude_categories=("Cs",), exclude_characters="[]")
_keys: st.SearchStrategy[str] = st.text(_KEY_CHARS, min_size=1, max_size=6).filter(
    lambda key: not (key.isascii() and key.isdigit())
)
_top_keys: st.SearchStrategy[str] = st.text(_KEY_CHARS, max_size=6)


def _values(depth: int) -> st.SearchStrategy[Any]:
    if depth == 0:
        return scalar_text
    inner = _values(depth - 1)
    # At most three items a level: drawing thousands of leaves costs more than testing them.
    return st.one_of(
        scalar_text,
        st.lists(inner, min_size=1, max_size=3),
        st.dictionaries(_keys, inner, min_size=1, max_size=3),
    )


def _top_level(depth: int) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(_top_keys, _values(depth), max_size=5).filter(
        lambda obj: all(key for key, value in obj.items() if not isinstance(value, str))
    )


@given(_top_level(5))
def test_round_trip(obj: dict[str, Any]) -> None:
    """parse_nested(serialize_nested(obj)) == obj for str leaves, dicts and non-empty lists."""
    assert parse_nested(serialize_nested(obj)) == obj


def _repeat_values(depth: int) -> st.SearchStrategy[Any]:
    """Values "repeat" writes and reads back: str leaves, dicts, lists of two or more str."""
    leaves_and_lists = st.one_of(scalar_text, st.lists(scalar_text, min_size=2, max_size=4))
    if depth == 0:
        return leaves_and_lists
    return st.one_of(
        leaves_and_lists, st.dictionaries(_keys, _repeat_values(depth - 1), min_size=1, max_size=3)
    )


@given(st.dictionaries(st.text(_KEY_CHARS, min_size=1, max_size=6), _repeat_values(3), max_size=4))
def test_round_trip_repeat(obj: dict[str, Any]) -> None:
    """parse_nested(serialize_nested(obj, list_format="repeat")) == obj for lists of 2+ leaves."""
    written = serialize_nested(obj, list_format="repeat")
    assert parse_nested(written) == obj
    assert parse_nested(written, duplicates="combine") == obj


def test_repeat_one_item_list_reads_back_as_its_value() -> None:
    """A one-item list written with "repeat" is one pair, so it reads back as a str."""
    written = serialize_nested({"a": ["x"], "b": {"c": ["y", "z"]}}, list_format="repeat")
    assert written == "a=x&b%5Bc%5D=y&b%5Bc%5D=z"
    assert parse_nested(written) == {"a": "x", "b": {"c": ["y", "z"]}}


@given(_top_level(3))
def test_output_is_ascii(obj: dict[str, Any]) -> None:
    """serialize_nested writes ASCII only."""
    assert serialize_nested(obj).isascii()


def _wrap(wrappers: list[str | None], value: Any) -> Any:
    """*value* in a one-entry dict per key and a one-item list per None, the first outermost."""
    for key in reversed(wrappers):
        value = [value] if key is None else {key: value}
    return value


def _deep_objects(
    list_format: ListFormat,
) -> st.SearchStrategy[tuple[ListFormat, dict[str, Any]]]:
    """*list_format* and an object it writes and parse_nested reads back, deeper than
    _top_level reaches (st.recursive nests about log2(max_leaves) levels): chains of
    one-entry containers between the levels, lists of values only for "brackets"."""
    wrapper = st.one_of(st.none(), _keys) if list_format == "indices" else _keys
    lists = st.lists(scalar_text, min_size=1, max_size=3)

    def extend(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        return st.one_of(
            st.lists(inner, min_size=1, max_size=3) if list_format == "indices" else lists,
            st.dictionaries(_keys, inner, min_size=1, max_size=3),
            st.builds(_wrap, st.lists(wrapper, min_size=1, max_size=4), inner),
        )

    values = st.recursive(scalar_text, extend, max_leaves=8)
    top_keys = st.text(_KEY_CHARS, min_size=1, max_size=6)
    return st.tuples(st.just(list_format), st.dictionaries(top_keys, values, max_size=3))


@given(
    st.one_of(_deep_objects("indices"), _deep_objects("brackets")),
    st.one_of(st.none(), st.integers(0, 7)),
)
def test_round_trip_within_max_depth(
    format_and_obj: tuple[ListFormat, dict[str, Any]], max_depth: int | None
) -> None:
    """parse_nested(serialize_nested(obj, max_depth=d), max_depth=d) == obj, or both refuse."""
    list_format, obj = format_and_obj
    unlimited = serialize_nested(obj, list_format=list_format, max_depth=None)
    assert parse_nested(unlimited, max_depth=None) == obj
    try:
        written = serialize_nested(obj, list_format=list_format, max_depth=max_depth)
    except NestingTooDeep:
        with pytest.raises(NestingTooDeep):
            parse_nested(unlimited, max_depth=max_depth)
        return
    assert written == unlimited
    assert parse_nested(written, max_depth=max_depth) == obj


def _now_and_then(
    usual: st.SearchStrategy[Any], rare: st.SearchStrategy[Any]
) -> st.SearchStrategy[Any]:
    """*usual*, or one time in twenty *rare*."""
    return st.integers(0, 19).flatmap(lambda n: rare if n == 0 else usual)


# Mostly valid keys and leaves, with each kind of refusal now and then.
_any_keys = _now_and_then(_keys, st.sampled_from(["", "0", "12", "a[b]", "a[", "b]", "]", 1]))
_any_top_keys = _now_and_then(
    st.text(_KEY_CHARS, min_size=1, max_size=6), st.sampled_from(["", "a[b]", "a[", "]", "a[]", 2])
)
_any_leaves = st.one_of(
    scalar_text,
    st.binary(max_size=4),
    st.integers(-(10**20), 10**20),
    st.floats(),
    st.none(),
    _now_and_then(st.none(), st.one_of(st.booleans(), st.just(1j))),
)


def _any_objects(list_format: str) -> st.SearchStrategy[tuple[str, dict[str, Any]]]:
    """*list_format* and an object for it: lists of containers only now and then for the
    formats that refuse them."""

    def extend(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        lists_of_any = st.lists(inner, max_size=3)
        wrapper = st.one_of(st.none(), _any_keys)
        if list_format != "indices":
            lists_of_any = _now_and_then(st.lists(_any_leaves, max_size=3), lists_of_any)
            wrapper = _any_keys
        return st.one_of(
            st.lists(_any_leaves, max_size=3),
            lists_of_any,
            st.dictionaries(_any_keys, inner, max_size=3),
            st.builds(_wrap, st.lists(wrapper, min_size=1, max_size=4), inner),
        )

    values = st.recursive(_any_leaves, extend, max_leaves=12)
    return st.tuples(st.just(list_format), st.dictionaries(_any_top_keys, values, max_size=4))


def _shown(name: str) -> str:
    """A name as error messages show it: cut to its first 40 and last 16 characters past 60."""
    return name if len(name) <= 60 else name[:40] + "..." + name[-16:]


@given(
    st.one_of([_any_objects(list_format) for list_format in ("indices", "brackets", "repeat")]),
    st.booleans(),
    st.one_of(st.none(), st.integers(0, 5)),
)
def test_serialize_agrees_with_reference(
    format_and_obj: tuple[str, dict[str, Any]], skip_none: bool, max_depth: int | None
) -> None:
    """serialize_nested writes what the recursive reference writes, or raises as it refuses."""
    list_format, obj = format_and_obj
    options: dict[str, Any] = {
        "list_format": list_format,
        "skip_none": skip_none,
        "max_depth": max_depth,
    }
    refused = None
    try:
        expected = reference_nested.serialize(obj, list_format, skip_none, max_depth)
    except reference_nested.Refused as caught:
        refused = caught
    if refused is not None:
        errors = {"type": TypeError, "value": ValueError, "depth": NestingTooDeep}
        with pytest.raises(errors[refused.kind]) as info:
            serialize_nested(obj, **options)
        raised: Any = info.value
        if refused.kind == "depth":
            assert (raised.limit, raised.value, raised.offset) == (
                "max_depth",
                max_depth,
                refused.offset,
            )
            groups = reference_nested.groups(refused.name)
            assert str(raised).endswith(f"name {_shown(refused.name)!r}: {groups} bracket groups")
        else:
            assert not isinstance(raised, NestingTooDeep)
        return
    assert serialize_nested(obj, **options) == expected


_NAME_PIECES = st.sampled_from(
    ["a", "b", "0", "[", "]", "[]", "[0]", "[1]", "[2]", "[b]", "[c]", "[01]", "[[", "]]", "é"]
)
_names = st.lists(_NAME_PIECES, max_size=6).map("".join)
_limits = st.one_of(st.none(), st.integers(0, 4))


@given(
    st.lists(st.tuples(_names, st.sampled_from(["", "x", "y"])), max_size=8),
    _limits,
    _limits,
    st.one_of(st.none(), st.integers(0, 12)),
    st.sampled_from(_MODES),
)
def test_agrees_with_reference(
    pairs: list[tuple[str, str]],
    max_depth: int | None,
    max_list_index: int | None,
    max_keys: int | None,
    duplicates: _Mode,
) -> None:
    """parse_nested gives the reference's structure, or the same kind of error, in each mode."""
    _check_against_reference(pairs, max_depth, max_list_index, max_keys, duplicates)


# Names without "[" (and one with only "]"), repeated: the flat path of Nesting.build.
_flat_names = st.sampled_from(["a", "b", "0", "é", "a]", "", "b b"])


@given(
    st.lists(st.tuples(_flat_names, st.sampled_from(["", "x", "y"])), max_size=12),
    _limits,
    st.one_of(st.none(), st.integers(0, 12)),
    st.sampled_from(_MODES),
)
@example([("a", "x"), ("b", "y"), ("a", "y"), ("a", "")], None, None, "combine")
@example([("a", "x"), ("b", "y"), ("a", "y"), ("a", "")], 1, None, "combine")
@example([("a", "x"), ("b", "y"), ("a", "y")], None, 3, "combine")
@example([("a", "x"), ("b", "y"), ("a", "y")], None, 2, "first")
@example([("a", "x"), ("a", "y")], None, None, "error")
def test_flat_names_agree_with_reference(
    pairs: list[tuple[str, str]],
    max_list_index: int | None,
    max_keys: int | None,
    duplicates: _Mode,
) -> None:
    """Names without brackets, repeated or not, give the reference's dict, or its error,
    in each mode and under each limit."""
    _check_against_reference(pairs, 0, max_list_index, max_keys, duplicates)


def _check_against_reference(
    pairs: list[tuple[str, str]],
    max_depth: int | None,
    max_list_index: int | None,
    max_keys: int | None,
    duplicates: _Mode,
) -> None:
    body = urlencoded.serialize(pairs)
    options: dict[str, Any] = {
        "max_depth": max_depth,
        "max_list_index": max_list_index,
        "max_keys": max_keys,
        "duplicates": duplicates,
    }
    errors = {
        "nesting": NestingError,
        "max_depth": NestingTooDeep,
        "max_list_index": ListIndexTooLarge,
        "max_keys": TooManyKeys,
    }
    failure = None
    try:
        expected: Any = reference_nested.build(
            urlencoded.parse(body), max_depth, max_list_index, max_keys, duplicates
        )
    except reference_nested.Failure as caught:
        failure = caught
    if failure is not None:
        with pytest.raises(errors[failure.rule]) as info:
            parse_nested(body, **options)
        raised: Any = info.value
        if failure.field >= 0:
            assert raised.offset == _offset(body, failure.field)
        return
    assert parse_nested(body, **options) == expected


def _offset(body: str, field: int) -> int:
    """Byte offset of the field-th non-empty sequence of an ASCII body."""
    offset = 0
    number = 0
    for sequence in body.split("&"):
        if sequence:
            if number == field:
                return offset
            number += 1
        offset += len(sequence) + 1
    raise AssertionError(field)


@given(st.text(string.printable, max_size=30))
def test_reference_grammar_agrees_on_names(name: str) -> None:
    """The name splitter agrees with the character-by-character grammar."""
    from urlencoded._web._nested import split_name

    try:
        expected = reference_nested.read_name(name)
    except reference_nested.Malformed:
        with pytest.raises(ValueError, match="name"):
            split_name(name)
    else:
        assert split_name(name) == expected


def test_serialize_nested_writes_bytes_like_leaves_as_bytes() -> None:
    """bytes, bytearray and memoryview leaves are written as their bytes, not as lists of ints."""
    for leaf in (b"x y", bytearray(b"x y"), memoryview(b"x y")):
        assert urlencoded.serialize_nested({"a": leaf, "b": [leaf]}) == "a=x+y&b%5B0%5D=x+y"


_NESTED_DIALECTS = ["WHATWG_FORM", "RFC3986", "JS_ESCAPE", "URI_TEMPLATE_RESERVED", "VBA_COOKIE"]


@given(
    st.one_of(_deep_objects("indices"), _deep_objects("brackets")),
    st.sampled_from(_NESTED_DIALECTS),
    st.sampled_from(["UTF-8", "windows-1252", "Shift_JIS", "ISO-2022-JP"]),
)
def test_dialect_and_encoding_write_each_name_and_value(
    format_and_obj: tuple[ListFormat, dict[str, Any]], dialect_name: str, encoding: str
) -> None:
    """With any dialect and encoding, the pairs written at once (flat dicts and lists of str
    included) are the dialect's encoding of each name and value, in order."""
    list_format, obj = format_and_obj
    dialect = urlencoded.dialects.DIALECTS[dialect_name]
    # The names and values, as the default writes them and parse reads them back.
    pairs = urlencoded.parse(serialize_nested(obj, list_format=list_format, max_depth=None))
    try:
        expected = "&".join(
            f"{dialect.encode(name, encoding=encoding)}={dialect.encode(value, encoding=encoding)}"
            for name, value in pairs
        )
    except ValueError:  # a %u dialect takes only UTF-8
        with pytest.raises(ValueError, match="takes only encoding"):
            serialize_nested(
                obj, list_format=list_format, dialect=dialect, encoding=encoding, max_depth=None
            )
        return
    assert (
        serialize_nested(
            obj, list_format=list_format, dialect=dialect, encoding=encoding, max_depth=None
        )
        == expected
    )
