"""fragment_params and with_fragment_params: the fragment's twins of the query helpers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reference import urlencoded_string_parse
from urlencoded import URLSearchParams, fragment_params, query_params, with_fragment_params

# RFC 6749 §4.2.2's example response, the redirect of OAuth 2.0's implicit grant.
IMPLICIT_GRANT = (
    "http://example.com/cb#access_token=2YotnFZFEjr1zCsicMWpAA"
    "&state=xyz&token_type=example&expires_in=3600"
)


def test_implicit_grant_response() -> None:
    """RFC 6749 §4.2.2's example gives its four parameters."""
    assert fragment_params(IMPLICIT_GRANT).items() == [
        ("access_token", "2YotnFZFEjr1zCsicMWpAA"),
        ("state", "xyz"),
        ("token_type", "example"),
        ("expires_in", "3600"),
    ]


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://h/p#a=1&b=x+y", [("a", "1"), ("b", "x y")]),
        ("https://h/p", []),
        ("https://h/p#", []),
        ("https://h/p?q=1#f=2", [("f", "2")]),
        ("https://h/p#a=1#b=2", [("a", "1#b=2")]),
        ("https://h/p#a=1?b=2", [("a", "1?b=2")]),
        ("#a=%C3%A9", [("a", "é")]),
        ("mailto:x@y#a=1+1", [("a", "1 1")]),
        (" \x00https://h/#a=b \n\x1f", [("a", "b")]),
        ("https://h/#a=x\ty\nz\r", [("a", "xyz")]),
        ("https://h/#?a=1", [("?a", "1")]),
        ("https://h/#a=\udc00", [("a", "\ufffd")]),
    ],
)
def test_fragment_params(url: str, expected: list[tuple[str, str]]) -> None:
    """The text after the first "#" is parsed as a form, after the URL parser's stripping."""
    assert fragment_params(url).items() == expected


def test_fragment_plus_as_itself() -> None:
    """plus_as_space=False reads "+" as itself, as "%2B" is."""
    assert fragment_params("x#a=1+1%2B", plus_as_space=False).items() == [("a", "1+1+")]


@pytest.mark.parametrize(
    ("url", "pairs", "expected"),
    [
        ("https://h/p#old", [("a", "b c")], "https://h/p#a=b+c"),
        ("https://h/p", [("a", "~")], "https://h/p#a=%7E"),
        ("https://h/p?q=1#old", [], "https://h/p?q=1"),
        ("https://h/p#", [], "https://h/p"),
        ("https://h/p", [], "https://h/p"),
        ("https://h/p?q#f#g", [("a", "1")], "https://h/p?q#a=1"),
        ("", [("a", "1")], "#a=1"),
        # The only "#" going away exposes trailing C0 controls and spaces.
        ("data:,a #x", [], "data:,a%20"),
        ("https://h/?q=1 \t#x", [], "https://h/?q=1%20"),
        # A parser had stripped them; a "#" would keep them.
        ("data:,a ", [("y", "")], "data:,a#y="),
        ("data:,a #x", [("y", "")], "data:,a #y="),
    ],
)
def test_with_fragment_params(url: str, pairs: list[tuple[str, str]], expected: str) -> None:
    """The fragment becomes the serialization, or goes away with its "#" when that is empty."""
    assert with_fragment_params(url, URLSearchParams(pairs)) == expected


def test_with_fragment_params_space_as_percent_20() -> None:
    """plus_as_space=False writes a space as %20."""
    params = URLSearchParams({"a": "b c+"})
    assert with_fragment_params("x", params, plus_as_space=False) == "x#a=b%20c%2B"


def test_wrong_types() -> None:
    """A non-str URL, params that are not pairs or a non-bool flag raises TypeError naming it."""
    with pytest.raises(TypeError, match="fragment_params\\(\\) url must be str, not bytes"):
        fragment_params(b"x#a")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="params must be a URLSearchParams, a mapping or"):
        with_fragment_params("x", "a=1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="plus_as_space must be a bool, not NoneType"):
        fragment_params("x#a", plus_as_space=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="plus_as_space must be a bool, not int"):
        with_fragment_params("x", URLSearchParams(), plus_as_space=1)  # type: ignore[arg-type]


_TEXT = st.text(st.sampled_from("ab+ %2B=&é?#\x00\t"), max_size=12)


@given(before=st.text(st.sampled_from("ab:/ ?\x01"), max_size=8), fragment=_TEXT)
def test_fragment_params_agrees_with_reference(before: str, fragment: str) -> None:
    """fragment_params() equals the urlencoded string parser on the stripped fragment."""
    url = f"{before}#{fragment}"
    stripped = url.strip("".join(map(chr, range(0x21))))
    stripped = stripped.replace("\t", "").replace("\n", "").replace("\r", "")
    expected = urlencoded_string_parse(stripped.partition("#")[2])
    assert fragment_params(url).items() == expected


@given(
    before=st.text(st.sampled_from("ab:/ ?\x01=&"), max_size=8),
    old=st.none() | _TEXT,
    pairs=st.lists(st.tuples(_TEXT, _TEXT), max_size=4),
    plus=st.booleans(),
)
def test_round_trip_keeps_the_query(
    before: str, old: str | None, pairs: list[tuple[str, str]], plus: bool
) -> None:
    """fragment_params(with_fragment_params(url, p)) is p, and the query is untouched."""
    url = before if old is None else f"{before}#{old}"
    params = URLSearchParams(pairs)
    new_url = with_fragment_params(url, params, plus_as_space=plus)
    assert fragment_params(new_url, plus_as_space=plus) == params
    assert query_params(new_url) == query_params(url)
    if not params:
        assert "#" not in new_url
