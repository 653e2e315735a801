"""The percent-encode sets: https://url.spec.whatwg.org/#percent-encode-set"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlencoded
from tests import reference


@pytest.mark.parametrize("name", sorted(reference.SETS))
def test_ascii_membership_matches_spec(name: str) -> None:
    """Every ASCII code point is in the set exactly when the spec's definition says so."""
    percent_encode_set = getattr(urlencoded, name)
    in_spec = reference.SETS[name]
    assert [cp for cp in range(0x80) if cp in percent_encode_set] == [
        cp for cp in range(0x80) if in_spec(cp)
    ]
    assert [chr(cp) in percent_encode_set for cp in range(0x80)] == [
        in_spec(cp) for cp in range(0x80)
    ]


@pytest.mark.parametrize("name", sorted(reference.SETS))
@given(code_point=st.integers(0x80, 0x10FFFF))
def test_non_ascii_always_in(name: str, code_point: int) -> None:
    """Every non-ASCII code point is in every set, as the spec asserts."""
    assert code_point in getattr(urlencoded, name)
    assert chr(code_point) in getattr(urlencoded, name)


def test_urlencoded_set_note() -> None:
    """The urlencoded set holds everything but ASCII alphanumerics and *-._ (the spec's note)."""
    kept = "".join(
        chr(cp) for cp in range(0x80) if cp not in urlencoded.URLENCODED_PERCENT_ENCODE_SET
    )
    assert kept == "*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"


def test_each_set_contains_its_parent() -> None:
    """Each set is a superset of the one the spec builds it from."""
    parents = [
        ("C0_CONTROL_PERCENT_ENCODE_SET", "FRAGMENT_PERCENT_ENCODE_SET"),
        ("C0_CONTROL_PERCENT_ENCODE_SET", "QUERY_PERCENT_ENCODE_SET"),
        ("QUERY_PERCENT_ENCODE_SET", "SPECIAL_QUERY_PERCENT_ENCODE_SET"),
        ("QUERY_PERCENT_ENCODE_SET", "PATH_PERCENT_ENCODE_SET"),
        ("PATH_PERCENT_ENCODE_SET", "USERINFO_PERCENT_ENCODE_SET"),
        ("USERINFO_PERCENT_ENCODE_SET", "COMPONENT_PERCENT_ENCODE_SET"),
        ("COMPONENT_PERCENT_ENCODE_SET", "URLENCODED_PERCENT_ENCODE_SET"),
    ]
    for parent, child in parents:
        parent_set = getattr(urlencoded, parent).ascii_code_points()
        child_set = getattr(urlencoded, child).ascii_code_points()
        assert parent_set < child_set, (parent, child)
    # The query set is not built from the fragment set: it leaves U+0060 (`) out.
    assert "`" in urlencoded.FRAGMENT_PERCENT_ENCODE_SET
    assert "`" not in urlencoded.QUERY_PERCENT_ENCODE_SET


def test_add_and_remove_make_new_sets() -> None:
    """add() and remove() return new sets and leave the original unchanged."""
    base = urlencoded.COMPONENT_PERCENT_ENCODE_SET
    without_slash = base.remove("/")
    assert "/" not in without_slash
    assert "/" in base
    with_tilde = base.add("~", 0x2A)
    assert "~" in with_tilde
    assert "*" in with_tilde
    assert "~" not in base
    assert with_tilde.remove("~", "*") == base
    assert base.add("é") == base  # non-ASCII is already in


def test_equality_and_hash() -> None:
    """Sets with the same members are equal and hash alike, whatever their history."""
    rebuilt = urlencoded.PercentEncodeSet(
        urlencoded.URLENCODED_PERCENT_ENCODE_SET.ascii_code_points()
    )
    assert rebuilt == urlencoded.URLENCODED_PERCENT_ENCODE_SET
    assert hash(rebuilt) == hash(urlencoded.URLENCODED_PERCENT_ENCODE_SET)
    assert rebuilt != urlencoded.COMPONENT_PERCENT_ENCODE_SET
    assert (rebuilt == "x") is False


def test_space_as_plus_follows_set_equality() -> None:
    """A set equal to the urlencoded set turns space into "+", like the named constant."""
    rebuilt = urlencoded.PercentEncodeSet(
        urlencoded.URLENCODED_PERCENT_ENCODE_SET.ascii_code_points()
    )
    assert urlencoded.utf8_percent_encode("a b", rebuilt) == "a+b"
    assert urlencoded.utf8_percent_encode("a b", urlencoded.COMPONENT_PERCENT_ENCODE_SET) == "a%20b"


def test_immutable() -> None:
    """Sets have no writable attributes."""
    with pytest.raises(AttributeError):
        urlencoded.QUERY_PERCENT_ENCODE_SET.extra = 1  # type: ignore[attr-defined]


def test_repr_names_the_set() -> None:
    """The named constants say which set they are."""
    assert repr(urlencoded.PATH_PERCENT_ENCODE_SET) == "<PercentEncodeSet PATH_PERCENT_ENCODE_SET>"
    assert "ascii=" in repr(urlencoded.PATH_PERCENT_ENCODE_SET.add("a"))


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: "ab" in urlencoded.QUERY_PERCENT_ENCODE_SET, TypeError),
        (lambda: b"a" in urlencoded.QUERY_PERCENT_ENCODE_SET, TypeError),
        (lambda: True in urlencoded.QUERY_PERCENT_ENCODE_SET, TypeError),
        (lambda: urlencoded.QUERY_PERCENT_ENCODE_SET.add(1.5), TypeError),  # type: ignore[arg-type]
        (lambda: urlencoded.QUERY_PERCENT_ENCODE_SET.add(0x110000), ValueError),
        (lambda: urlencoded.QUERY_PERCENT_ENCODE_SET.remove("é"), ValueError),
        (lambda: urlencoded.PercentEncodeSet(frozenset({0x80})), ValueError),
    ],
)
def test_bad_arguments(call: object, error: type[Exception]) -> None:
    """Wrong types raise TypeError and impossible values ValueError."""
    with pytest.raises(error):
        call()  # type: ignore[operator]
