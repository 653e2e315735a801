"""RFC3986_QUERY, RFC3986_FRAGMENT and CGI_SCRIPT_URI against their sources' rules and examples.

RFC 3986 §3.4-3.5 (https://www.rfc-editor.org/rfc/rfc3986#section-3.4):
query = fragment = *( pchar / "/" / "?" ). RFC 3875 §3.3
(https://www.rfc-editor.org/rfc/rfc3875#section-3.3): SCRIPT_NAME and
PATH_INFO are "URL-encoded with ';', '=' and '?' reserved", in the RFC 2396
grammar of §2.3.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import reference_dialects as ref
from urlencoded import dialects
from urlencoded.dialects import CGI_SCRIPT_URI, RFC3986_FRAGMENT, RFC3986_QUERY

RFC3986_RESERVED = ":/?#[]@!$&'()*+,;="


@pytest.mark.parametrize("dialect", [RFC3986_QUERY, RFC3986_FRAGMENT])
def test_rfc3986_query_and_fragment_keep_pchar_slash_question(
    dialect: dialects.Dialect,
) -> None:
    """Every reserved character but "#", "[" and "]" stays; "#", "%" and space are escaped."""
    assert dialect.encode(RFC3986_RESERVED) == ":/?%23%5B%5D@!$&'()*+,;="
    assert dialect.encode("100% a") == "100%25%20a"
    assert dialect.encode("~-._") == "~-._"


def test_rfc3986_examples() -> None:
    """RFC 3986 §3.4's example query and §3.5's fragment come through as written."""
    # §3.4: "?objectClass?one" and "/" in a query are data, not delimiters.
    assert RFC3986_QUERY.encode("objectClass?one") == "objectClass?one"
    assert RFC3986_QUERY.encode("name=ferret/x") == "name=ferret/x"
    # §1.1.2: foo://example.com:8042/over/there?name=ferret#nose
    assert RFC3986_FRAGMENT.encode("nose") == "nose"


def test_rfc3986_query_decoding_keeps_plus() -> None:
    """Outside a form "+" is itself: decoding leaves it."""
    assert RFC3986_QUERY.decode("a+b%2Bc%20") == "a+b+c "
    assert RFC3986_QUERY.parse("q=1+1&r") == [("q", "1+1"), ("r", "")]


def test_the_two_are_distinct_dialects_with_their_own_source() -> None:
    """The query and the fragment dialects keep the same characters but name their own section."""
    assert RFC3986_QUERY is not RFC3986_FRAGMENT
    assert RFC3986_QUERY.kept == RFC3986_FRAGMENT.kept
    assert RFC3986_QUERY.source.endswith("#section-3.4")
    assert RFC3986_FRAGMENT.source.endswith("#section-3.5")


def test_cgi_script_uri_escapes_only_three_reserved() -> None:
    """Of RFC 2396's reserved characters only ";", "=" and "?" are escaped."""
    assert CGI_SCRIPT_URI.encode(";/?:@&=+$,") == "%3B/%3F:@&%3D+$,"
    # RFC 2396 marks stay; "#", "%", space and the RFC 3986 extras are escaped.
    assert CGI_SCRIPT_URI.encode("-_.!~*'()") == "-_.!~*'()"
    assert CGI_SCRIPT_URI.encode("#% []") == "%23%25%20%5B%5D"


def test_cgi_script_uri_example_path() -> None:
    """SCRIPT_NAME plus PATH_INFO with the three reserved characters in them."""
    path = "/cgi-bin/show.cgi" + "/docs/a;b=c?d/x+y é"
    assert CGI_SCRIPT_URI.encode(path) == "/cgi-bin/show.cgi/docs/a%3Bb%3Dc%3Fd/x+y%20%C3%A9"
    assert CGI_SCRIPT_URI.decode(CGI_SCRIPT_URI.encode(path)) == path


@pytest.mark.parametrize("name", ["RFC3986_QUERY", "RFC3986_FRAGMENT", "CGI_SCRIPT_URI"])
@given(text=st.text())
def test_encode_agrees_with_source_rules(name: str, text: str) -> None:
    """Encoding equals the reference built from the source's grammar, and decodes back."""
    dialect = dialects.get_dialect(name)
    scalar = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    assert dialect.encode(text) == ref.encode_text(ref.RULES[name], scalar)
    assert dialect.decode(dialect.encode(text)) == scalar
