"""MultiDict(..., casefold=True): names looked up without case, kept as sent.

The model is a plain list of pairs with every lookup comparing
``str.casefold()`` forms, as Unicode's default caseless matching (Unicode
§3.13, D144) defines it for full case folding.
"""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlencoded import MultiDict, serialize

NAMES = st.sampled_from(["a", "A", "name", "NAME", "Name", "ß", "SS", "ss", "ǅ", "ǆ", "Ǆ", "x"])
PAIRS = st.lists(st.tuples(NAMES, st.text(max_size=3)), max_size=8)


def test_lookup_without_case_iteration_as_sent() -> None:
    """md["NAME"] finds "name"; iteration and items keep the names as sent."""
    form = MultiDict("Name=Ada&EMAIL=a%40b&name=Lovelace", casefold=True)
    assert form["name"] == "Ada"
    assert form.get_all("NAME") == ["Ada", "Lovelace"]
    assert form.getall("nAmE") == form.getlist("NAME") == ["Ada", "Lovelace"]
    assert form.getone("email") == form.get("Email") == "a@b"
    assert "eMaIl" in form
    assert list(form) == ["Name", "EMAIL", "name"]
    assert next(iter(form.items())) == ("Name", "Ada")
    assert serialize(form) == "Name=Ada&EMAIL=a%40b&name=Lovelace"


def test_default_is_case_sensitive() -> None:
    """Without casefold, names compare exactly, as before."""
    form = MultiDict("Name=Ada")
    assert "name" not in form
    assert form.get("name") is None
    assert not form.casefold
    assert MultiDict("a=1", casefold=True).casefold


def test_full_case_folding() -> None:
    """Casefold is Unicode's full folding: "ß" matches "SS", "ǅ" matches "Ǆ"."""
    form = MultiDict([("Straße", "1"), ("ǅ", "2")], casefold=True)
    assert form["STRASSE"] == "1"
    assert form["ǆ"] == "2"


def test_changes_group_by_casefold() -> None:
    """Setting, updating, popping and deleting act on every matching spelling."""
    form = MultiDict("Tag=1&x=0&TAG=2&tag=3", casefold=True)
    form["tAg"] = "9"
    assert form == MultiDict([("tAg", "9"), ("x", "0")], casefold=True)
    form.update({"X": "5"}, TAG="6")
    assert list(form.items()) == [("TAG", "6"), ("X", "5")]
    assert form.setdefault("tag", "7") == "6"
    assert form.popone("x") == "5"
    form.add("Tag", "8")
    assert form.popall("tag") == ["6", "8"]
    form.add("k", "1")
    del form["K"]
    assert len(form) == 0
    with pytest.raises(KeyError):
        del form["k"]
    with pytest.raises(KeyError):
        form.getone("K")


def test_conversions_key_groups_by_first_spelling() -> None:
    """to_dict and to_dict_of_lists key each group of matching names by its first spelling."""
    form = MultiDict("Tag=1&b=2&TAG=3", casefold=True)
    assert form.to_dict() == {"Tag": "1", "b": "2"}
    assert form.to_dict_of_lists() == {"Tag": ["1", "3"], "b": ["2"]}


def test_copy_pickle_repr_keep_casefold() -> None:
    """copy, copy.copy, pickle and repr keep casefold; equality compares it."""
    form = MultiDict("A=1&a=2", casefold=True)
    copies = (form.copy(), copy.copy(form), copy.deepcopy(form), pickle.loads(pickle.dumps(form)))
    for other in copies:
        assert other == form
        assert other.casefold
        assert other["a"] == "1"
    assert repr(form) == "MultiDict([('A', '1'), ('a', '2')], casefold=True)"
    assert eval(repr(form)) == form
    assert form != MultiDict("A=1&a=2")


def test_non_str_lookups_do_not_match() -> None:
    """A name that is not a str is in no casefold MultiDict."""
    form = MultiDict("1=a", casefold=True)
    assert 1 not in form  # type: ignore[comparison-overlap]
    assert form.get(1) is None  # type: ignore[call-overload]


@pytest.mark.parametrize("bad", [1, "yes", None])
def test_casefold_must_be_a_bool(bad: object) -> None:
    """A casefold that is not a bool raises TypeError naming it."""
    with pytest.raises(TypeError, match="casefold must be a bool"):
        MultiDict("a=1", casefold=bad)  # type: ignore[arg-type]


@given(pairs=PAIRS, name=NAMES)
def test_lookups_agree_with_model(pairs: list[tuple[str, str]], name: str) -> None:
    """Every lookup equals the model's casefold comparison over the pairs."""
    form = MultiDict(pairs, casefold=True)
    matching = [value for own, value in pairs if own.casefold() == name.casefold()]
    assert form.get_all(name) == matching
    assert form.get(name) == (matching[0] if matching else None)
    assert (name in form) == bool(matching)
    assert list(form) == [own for own, _ in pairs]


@given(pairs=PAIRS, name=NAMES, values=st.lists(st.text(max_size=2), max_size=3))
def test_update_agrees_with_model(
    pairs: list[tuple[str, str]], name: str, values: list[str]
) -> None:
    """update() replaces matching pairs in place, appends the rest, drops extra old ones."""
    values = values or ["v"]  # an update with no pair for the name leaves it alone
    form = MultiDict(pairs, casefold=True)
    form.update([(name, value) for value in values])
    model: list[tuple[str, str]] = []
    remaining = iter(values)
    for own, value in pairs:
        if own.casefold() != name.casefold():
            model.append((own, value))
            continue
        new = next(remaining, None)
        if new is not None:
            model.append((name, new))
    model += [(name, value) for value in remaining]
    assert list(form.items()) == model
