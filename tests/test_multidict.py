"""MultiDict, the request bodies read into one, and URLSearchParams' read conveniences."""

from __future__ import annotations

import asyncio
import copy
import io
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlencoded
from urlencoded import MultiDict, TooManyFields, URLSearchParams, parse, serialize

NAMES = st.sampled_from(["a", "b", "c", "é", ""])
VALUES = st.text(max_size=4)
PAIRS = st.lists(st.tuples(NAMES, VALUES), max_size=8)


def test_lookup() -> None:
    """[] gives the first value, get_all every value ([] if none), get a default."""
    form = MultiDict("a=1&b=2&a=3")
    assert form["a"] == "1"
    assert form.get_all("a") == ["1", "3"]
    assert form.get_all("z") == []
    assert form.get("z") is None
    assert form.get("z", "0") == "0"
    with pytest.raises(KeyError):
        form["z"]


def test_drop_in_aliases_follow_multidict_and_werkzeug() -> None:
    """getone and getall behave as multidict's (KeyError or a default), getlist as Werkzeug's."""
    form = MultiDict("a=1&b=2&a=3")
    assert form.getone("a") == form["a"] == "1"
    assert form.getall("a") == form.getlist("a") == form.get_all("a") == ["1", "3"]
    assert form.getone("z", None) is None
    assert form.getall("z", []) == []
    assert form.getlist("z") == []
    for lookup in (form.getone, form.getall):
        with pytest.raises(KeyError):
            lookup("z")
    for method in (MultiDict.getone, MultiDict.getall, MultiDict.getlist):
        assert "alias for drop-in use with code written for" in " ".join(
            (method.__doc__ or "").split()
        ), method.__name__


def test_views_keep_order_and_repeats() -> None:
    """keys, values, items, iteration and len count every pair, in order."""
    form = MultiDict([("a", "1"), ("b", "2"), ("a", "3")])
    assert list(form) == list(form.keys()) == ["a", "b", "a"]
    assert list(form.values()) == ["1", "2", "3"]
    assert list(form.items()) == [("a", "1"), ("b", "2"), ("a", "3")]
    assert ("a", "3") in form.items()
    assert "3" in form.values()
    assert len(form) == 3
    assert "a" in form
    assert "z" not in form


def test_changes() -> None:
    """add, extend, update, []=, del, popone, popall and popitem change the pairs as documented."""
    form = MultiDict("a=1&b=2&a=3")
    form.add("c", "4")
    form.extend([("a", "5")], d="6")
    assert list(form.items()) == [
        ("a", "1"), ("b", "2"), ("a", "3"), ("c", "4"), ("a", "5"), ("d", "6")
    ]  # fmt: skip
    form.update({"a": "x"}, b="y")
    assert list(form.items()) == [("a", "x"), ("b", "y"), ("c", "4"), ("d", "6")]
    form["c"] = "z"
    form["e"] = "new"
    assert form.to_dict() == {"a": "x", "b": "y", "c": "z", "d": "6", "e": "new"}
    del form["d"]
    with pytest.raises(KeyError):
        del form["d"]
    form.add("a", "again")
    assert form.popone("a") == "x"
    assert form.pop("a") == "again"
    assert form.popall("b") == ["y"]
    assert form.popall("b", None) is None
    assert form.popitem() == ("e", "new")
    form.clear()
    assert len(form) == 0
    with pytest.raises(KeyError):
        form.popitem()


def test_update_keeps_places_and_appends_extra_values() -> None:
    """update gives existing pairs new values in place, appends extras and drops leftovers."""
    form = MultiDict("a=1&b=2&a=3&a=4")
    form.update([("a", "x"), ("a", "y")])
    assert list(form.items()) == [("a", "x"), ("b", "2"), ("a", "y")]
    form.update([("b", "p"), ("b", "q"), ("c", "r")])
    assert list(form.items()) == [("a", "x"), ("b", "p"), ("a", "y"), ("b", "q"), ("c", "r")]


def test_construction_and_conversions() -> None:
    """Pairs, mappings, bodies with parse options, and the dict conversions."""
    assert MultiDict() == MultiDict([]) == MultiDict("")
    assert MultiDict({"a": "1"}) == MultiDict([("a", "1")])
    assert MultiDict(URLSearchParams("a=1&a=2")).get_all("a") == ["1", "2"]
    assert MultiDict(b"a=%80", encoding="windows-1252")["a"] == "€"
    with pytest.raises(TooManyFields):
        MultiDict("a&b&c", max_fields=2)
    form = MultiDict("a=1&b=2&a=3")
    assert form.to_dict() == dict(form) == {"a": "1", "b": "2"}
    assert form.to_dict_of_lists() == {"a": ["1", "3"], "b": ["2"]}
    assert serialize(form) == "a=1&b=2&a=3"
    assert str(URLSearchParams(list(form.items()))) == "a=1&b=2&a=3"


def test_copy_pickle_repr_and_equality() -> None:
    """Copies are equal and independent; repr evaluates back; unhashable like a dict."""
    form = MultiDict("a=1&a=2")
    for clone in (
        form.copy(),
        copy.copy(form),
        copy.deepcopy(form),
        pickle.loads(pickle.dumps(form)),
    ):
        assert clone == form
        clone.add("b", "3")
        assert clone != form
    assert eval(repr(form), {"MultiDict": MultiDict}) == form
    assert MultiDict("a=1&b=2") != MultiDict("b=2&a=1")
    assert form != {"a": "1"}
    with pytest.raises(TypeError):
        hash(form)


@pytest.mark.parametrize(
    "bad",
    [
        lambda: MultiDict([("a", True)]),
        lambda: MultiDict({"a": None}),  # type: ignore[arg-type]
        lambda: MultiDict(["ab"]),  # type: ignore[list-item]
        lambda: MultiDict([("a", "1", "2")]),  # type: ignore[list-item]
        lambda: MultiDict(3),  # type: ignore[arg-type]
        lambda: MultiDict([("a", "1")], encoding="utf-8"),
        lambda: MultiDict().add("a", None),  # type: ignore[arg-type]
        lambda: MultiDict().__setitem__(1, "a"),  # type: ignore[index]
    ],
)
def test_wrong_types_raise_type_error(bad: Any) -> None:
    """Non-str names, bool, None or other values, non-pairs and misplaced parse options
    raise TypeError."""
    with pytest.raises(TypeError):
        bad()


@given(PAIRS, NAMES, VALUES)
def test_agrees_with_a_list_of_pairs(pairs: list[tuple[str, str]], name: str, value: str) -> None:
    """Every read agrees with the plain list of pairs it was built from."""
    form = MultiDict(pairs)
    values = [v for n, v in pairs if n == name]
    assert form.get_all(name) == values
    assert form.get(name) == (values[0] if values else None)
    assert (name in form) == bool(values)
    assert list(form.items()) == pairs
    form.add(name, value)
    assert list(form.items()) == [*pairs, (name, value)]
    assert form.popall(name) == [*values, value]
    assert list(form.items()) == [(n, v) for n, v in pairs if n != name]


@given(PAIRS)
def test_round_trips_through_serialize(pairs: list[tuple[str, str]]) -> None:
    """serialize(MultiDict) parses back to the same MultiDict."""
    form = MultiDict(pairs)
    assert MultiDict(serialize(form)) == MultiDict(parse(serialize(pairs)))


def test_request_bodies_read_into_multidicts() -> None:
    """MultiDict(parse_wsgi(...)) and MultiDict(await parse_asgi(...)) keep every field in order."""
    body = b"a=1;b=2;a=3"
    environ = {
        "CONTENT_TYPE": "application/x-www-form-urlencoded",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
    }
    form = MultiDict(urlencoded.parse_wsgi(environ, separator=";"))
    assert form.get_all("a") == ["1", "3"]

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body}

    scope = {"type": "http", "headers": [(b"content-type", b"application/x-www-form-urlencoded")]}
    with pytest.raises(TooManyFields):
        asyncio.run(urlencoded.parse_asgi(scope, receive, separator=";", max_fields=2))
    assert MultiDict(asyncio.run(urlencoded.parse_asgi(scope, receive))) == MultiDict(
        [("a", "1;b=2;a=3")]
    )


def test_search_params_read_conveniences() -> None:
    """URLSearchParams gains [] and get with a default; dict() works; all values is get_all."""
    params = URLSearchParams("a=1&b=2&a=3")
    assert params["a"] == "1"
    assert params.get_all("a") == MultiDict(params).get_all("a") == ["1", "3"]
    assert params.get("z", "0") == "0"
    assert params.get("z") is None
    assert dict(params) == params.to_dict() == {"a": "1", "b": "2"}
    with pytest.raises(KeyError):
        params["z"]
    for alias in ("getone", "getall", "getlist"):
        assert not hasattr(params, alias), alias
    with pytest.raises(TypeError):
        params[1]  # type: ignore[index]
    assert str(params) == "a=1&b=2&a=3"  # reads change nothing


def test_exceptions_name_the_public_module() -> None:
    """Exceptions print as urlencoded.X and still pickle."""
    for name in urlencoded.__all__:
        value = getattr(urlencoded, name)
        if isinstance(value, type) and issubclass(value, BaseException):
            assert value.__module__ == "urlencoded", name
    error = urlencoded.BodyConsumedError("request.form", "read it first")
    again = pickle.loads(pickle.dumps(error))
    assert (again.cause, again.fix, str(again)) == (error.cause, error.fix, str(error))
    assert error.status == 500


def test_dir_shows_only_the_public_names() -> None:
    """dir(urlencoded) lists __all__ and nothing else (no annotations, no private modules)."""
    assert dir(urlencoded) == sorted(urlencoded.__all__)
