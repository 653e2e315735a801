"""``+`` in a URL's query: a space by default, as the URL Standard reads it; by scheme on request.

With ``plus_as_space=None``, ``+`` follows the scheme.

The table of schemes is docs/urlsearchparams.rst's: a form's query
(``http``, ``https``, ``ws``, ``wss``, or a reference without a scheme)
reads ``+`` as a space; every other scheme's query is plain percent-encoding,
where ``+`` is itself (RFC 3986 §3.4; RFC 6068 §5 for ``mailto:``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import reference_url_query
from tests.reference import urlencoded_string_parse
from urlencoded import URLSearchParams, query_params, with_query_params
from urlencoded._core import _url_query

DOCS = Path(__file__).resolve().parent.parent / "docs" / "urlsearchparams.rst"

_FORM_URLS = [
    "http://example.org/p?s=1+1&t=a%2Bb",
    "https://example.org/p?s=1+1&t=a%2Bb",
    "ws://example.org/chat?s=1+1&t=a%2Bb",
    "wss://example.org/chat?s=1+1&t=a%2Bb",
    "HTTPS://example.org/?s=1+1&t=a%2Bb",
    "?s=1+1&t=a%2Bb",
    "/p?s=1+1&t=a%2Bb",
    "//example.org/?s=1+1&t=a%2Bb",
]
_PLAIN_URLS = [
    "mailto:bill+ietf@example.org?s=1+1&t=a%2Bb",
    "MailTo:a@example.org?s=1+1&t=a%2Bb",
    "sip:alice@atlanta.example.com?s=1+1&t=a%2Bb",
    "xmpp:romeo@montague.example?s=1+1&t=a%2Bb",
    "urn:example:a?s=1+1&t=a%2Bb",
    "data:,x?s=1+1&t=a%2Bb",
    "file:///tmp/x?s=1+1&t=a%2Bb",
    "ftp://example.org/f?s=1+1&t=a%2Bb",
    "myapp://cb?s=1+1&t=a%2Bb",
    "git+ssh://example.org/r?s=1+1&t=a%2Bb",
]


@pytest.mark.parametrize("url", _FORM_URLS)
def test_form_schemes_read_plus_as_space(url: str) -> None:
    """By scheme, http, https, ws, wss and references read "+" as a space, "%2B" as "+"."""
    params = query_params(url, plus_as_space=None)
    assert params.get("s") == "1 1"
    assert params.get("t") == "a+b"


@pytest.mark.parametrize("url", _PLAIN_URLS)
def test_other_schemes_read_plus_as_itself(url: str) -> None:
    """By scheme, mailto and every other scheme read "+" as itself, as "%2B" is."""
    params = query_params(url, plus_as_space=None)
    assert params.get("s") == "1+1"
    assert params.get("t") == "a+b"


@pytest.mark.parametrize("url", _FORM_URLS + _PLAIN_URLS)
def test_default_is_the_url_standards_search_params(url: str) -> None:
    """By default "+" is a space under every scheme, as url.searchParams reads it."""
    assert query_params(url).items() == urlencoded_string_parse(url.partition("?")[2])
    assert query_params(url).get("s") == "1 1"


@pytest.mark.parametrize("url", _FORM_URLS + _PLAIN_URLS)
def test_override_reads_every_scheme_either_way(url: str) -> None:
    """plus_as_space=True is url.searchParams under any scheme; False keeps "+"."""
    assert query_params(url, plus_as_space=True).get("s") == "1 1"
    assert query_params(url, plus_as_space=False).get("s") == "1+1"


def test_mailto_example_from_rfc_6068() -> None:
    """RFC 6068's subject with %20 spaces, and an address with "+", read as written."""
    url = "mailto:bill+ietf@example.org?subject=Quote%20of%20the%20day+1&cc=a+b@example.org"
    assert query_params(url, plus_as_space=None).items() == [
        ("subject", "Quote of the day+1"),
        ("cc", "a+b@example.org"),
    ]


def test_scheme_is_found_as_the_url_parser_finds_it() -> None:
    """Leading C0 controls and spaces, tabs and newlines inside, and case do not hide it."""
    assert query_params(" \x00mai\tlto:a@b?s=1+1", plus_as_space=None).get("s") == "1+1"
    assert query_params("\nHTTP://h/?s=1+1", plus_as_space=None).get("s") == "1 1"
    # Not a scheme: a digit first, or a character the scheme state refuses.
    assert query_params("1x:y?s=1+1", plus_as_space=None).get("s") == "1 1"
    assert query_params("a b:y?s=1+1", plus_as_space=None).get("s") == "1 1"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("mailto:a@example.org", "mailto:a@example.org?subject=tea%20time&body=1%2B1"),
        ("https://h/", "https://h/?subject=tea+time&body=1%2B1"),
        ("ws://h/", "ws://h/?subject=tea+time&body=1%2B1"),
        ("/p", "/p?subject=tea+time&body=1%2B1"),
        ("sip:bob@example.com?x=1", "sip:bob@example.com?subject=tea%20time&body=1%2B1"),
        ("myapp://cb#f", "myapp://cb?subject=tea%20time&body=1%2B1#f"),
    ],
)
def test_with_query_params_writes_space_by_scheme(url: str, expected: str) -> None:
    """By scheme, a space is "+" in a form's query and "%20" elsewhere; "+" is "%2B" everywhere."""
    params = URLSearchParams([("subject", "tea time"), ("body", "1+1")])
    assert with_query_params(url, params, plus_as_space=None) == expected
    # By default, the URL Standard's update steps: the urlencoded serialization.
    assert with_query_params(url, params).split("?")[1].split("#")[0] == str(params)


def test_with_query_params_override() -> None:
    """plus_as_space= overrides the scheme when writing too."""
    params = URLSearchParams({"s": "a b"})
    assert with_query_params("mailto:x@y", params, plus_as_space=True) == "mailto:x@y?s=a+b"
    assert with_query_params("https://h/", params, plus_as_space=False) == "https://h/?s=a%20b"


@pytest.mark.parametrize("bad", [1, "yes", 0.0])
def test_plus_as_space_must_be_bool_or_none(bad: object) -> None:
    """A plus_as_space that is not a bool or None raises TypeError naming it."""
    with pytest.raises(TypeError, match="plus_as_space must be a bool or None"):
        query_params("https://h/?a", plus_as_space=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="plus_as_space must be a bool or None"):
        with_query_params("https://h/", URLSearchParams(), plus_as_space=bad)  # type: ignore[arg-type]


_SCHEMES = st.sampled_from(
    ["", "http:", "HTTPS:", "ws:", "wss:", "mailto:", "sip:", "myapp:", "x+y:", " \tMailto:", "1a:"]
)
_QUERY = st.text(st.sampled_from("ab+ %2BG=&é\t#?"), max_size=16)


@given(scheme=_SCHEMES, rest=st.text(st.sampled_from("ab/.@"), max_size=6), query=_QUERY)
def test_query_params_agrees_with_reference(scheme: str, rest: str, query: str) -> None:
    """query_params(plus_as_space=None) reads the query as the reference's scheme table says."""
    url = f"{scheme}{rest}?{query}"
    found = reference_url_query.scheme_of(url)
    assert _url_query.query_plus_as_space(url) == (
        found is None or found in reference_url_query.FORM_SCHEMES
    )
    # The URL parser strips C0 controls and spaces from both ends first.
    stripped = url.strip("".join(map(chr, range(0x21)))).replace("\t", "")
    text = stripped.partition("#")[0].partition("?")[2]
    if reference_url_query.plus_is_space(url):
        expected = urlencoded_string_parse(text)
    else:
        expected = reference_url_query.plain_query_parse(text)
    assert query_params(url, plus_as_space=None).items() == expected


@given(
    scheme=_SCHEMES,
    pairs=st.lists(st.tuples(_QUERY, _QUERY), max_size=4),
    fragment=st.none() | _QUERY.map(lambda text: "#" + text),
    plus=st.none() | st.booleans(),
)
def test_round_trip_under_every_scheme(
    scheme: str, pairs: list[tuple[str, str]], fragment: str | None, plus: bool | None
) -> None:
    """query_params(with_query_params(url, p)) is p, for every scheme and override."""
    url = f"{scheme}x?old=1" + (fragment or "")
    params = URLSearchParams(pairs)
    new_url = with_query_params(url, params, plus_as_space=plus)
    assert query_params(new_url, plus_as_space=plus) == params


def test_docs_table_matches_the_code() -> None:
    """The schemes docs/urlsearchparams.rst lists as forms are exactly the code's."""
    text = DOCS.read_text(encoding="utf-8")
    table = text.split(".. _plus-by-scheme:")[1].split(".. code-block::")[0]
    rows = re.findall(r"\* - (.+)\n\s+- a space", table)
    listed = {name for row in rows for name in re.findall(r"``([a-z]+)``", row)}
    assert listed == set(_url_query._FORM_QUERY_SCHEMES) == set(reference_url_query.FORM_SCHEMES)
    assert "- none (" in table
