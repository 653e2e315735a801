"""Tests for urlencoded.isindex_argv: CGI's command line for an indexed query (RFC 3875 §4.4).

https://www.rfc-editor.org/rfc/rfc3875#section-4.4: a query with no
unencoded "=" is a search-string (search-word *( "+" search-word ), each word
1*schar), and each word, URL-decoded, is an argument; otherwise, or when any
argument cannot be made, there are none.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlencoded
from tests.peak_rss import peak_growth
from urlencoded import UnknownEncodingError, isindex_argv

# RFC 3875 §4.4 and RFC 2396 §2.3 (unreserved), §2.4.1 (escaped), written out here.
ALPHANUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
MARK = "-_.!~*'()"
XRESERVED = ";/?:@&=,$"
SCHAR = ALPHANUM + MARK + XRESERVED


def _reference_argv(query: bytes, encoding: str = "utf-8") -> list[str]:
    """RFC 3875 §4.4, step by step, on bytes."""
    text = query.decode("latin-1")
    # "a URI query string that does not contain any unencoded "=" characters"
    if "=" in text:
        return []
    words = text.split("+")
    arguments = []
    for word in words:
        # search-word = 1*schar; schar = unreserved | escaped | xreserved
        if not word:
            return []
        index = 0
        decoded = b""
        while index < len(word):
            if word[index] == "%" and re.fullmatch(r"[0-9A-Fa-f]{2}", word[index + 1 : index + 3]):
                decoded += bytes([int(word[index + 1 : index + 3], 16)])
                index += 3
            elif word[index] in SCHAR:
                decoded += word[index].encode("ascii")
                index += 1
            else:
                return []
        # "each search-word is URL-decoded, optionally encoded in a system-defined manner"
        try:
            argument = decoded.decode(encoding)
        except UnicodeDecodeError:
            # "one of the words may not be representable as an argument"
            return []
        if "\x00" in argument:
            return []
        arguments.append(argument)
    return arguments


def test_words_split_on_plus_and_percent_decoded() -> None:
    """Each "+"-separated word is an argument, percent-decoded after the split."""
    assert isindex_argv("finger+httpd") == ["finger", "httpd"]
    assert isindex_argv("a%2Bb+c%20d+%3D") == ["a+b", "c d", "="]


def test_unencoded_equals_means_no_command_line() -> None:
    """A query with an unencoded "=" is form data: no arguments, even with "+" in it."""
    assert isindex_argv("httpd=name") == []
    assert isindex_argv("a+b=c") == []
    assert isindex_argv("a+b%3Dc") == ["a", "b=c"]


def test_single_word() -> None:
    """A query of one word, with no "+", is one argument."""
    assert isindex_argv("httpd") == ["httpd"]


def test_empty_query_has_no_words() -> None:
    """The empty query is no search-string (a search-word is 1*schar)."""
    assert isindex_argv("") == []


@pytest.mark.parametrize("query", ["a++b", "+a", "a+", "+"])
def test_empty_word_means_no_command_line(query: str) -> None:
    """An empty word breaks the grammar, so no argument at all is made."""
    assert isindex_argv(query) == []


@pytest.mark.parametrize("query", ["a b", "a%zz", "a%4", 'a"b', "a#b", "a<b>", "a[0]", "é"])
def test_characters_outside_schar_mean_no_command_line(query: str) -> None:
    """A raw space, a bad escape, '"', '#', '<', '[' or non-ASCII is not a search-string."""
    assert isindex_argv(query) == []


def test_xreserved_and_marks_are_word_characters() -> None:
    """xreserved (";/?:@&,$") and RFC 2396's marks are allowed in words, as they are."""
    assert isindex_argv("a;b/c?d:e@f&g,h$i+-_.!~*'()") == ["a;b/c?d:e@f&g,h$i", "-_.!~*'()"]


def test_word_that_cannot_be_an_argument() -> None:
    """A NUL or bytes invalid in the encoding: the server "MUST NOT generate any" argument."""
    assert isindex_argv("ok+a%00b") == []
    assert isindex_argv("ok+%FF") == []
    assert isindex_argv("ok+%FF", encoding="windows-1252") == ["ok", "ÿ"]


def test_encoding_decodes_words() -> None:
    """A legacy encoding decodes each percent-decoded word ("system-defined manner")."""
    assert isindex_argv("%93%FA%96%7B+x", encoding="Shift_JIS") == ["日本", "x"]


def test_bytes_and_str() -> None:
    """bytes, bytearray, memoryview and str give the same arguments."""
    for query in (b"a+b%41", bytearray(b"a+b%41"), memoryview(b"a+b%41"), "a+b%41"):
        assert isindex_argv(query) == ["a", "bA"]


def test_bad_arguments() -> None:
    """A query of another type raises TypeError; an unknown label, UnknownEncodingError."""
    with pytest.raises(TypeError):
        isindex_argv(None)  # type: ignore[arg-type]
    with pytest.raises(UnknownEncodingError):
        isindex_argv("a", encoding="no-such-encoding")


def test_parse_with_isindex_reads_the_same_first_value() -> None:
    """parse(isindex=True) reads a one-word query as the value that isindex_argv gives."""
    assert urlencoded.parse("caf%C3%A9", isindex=True) == [("", isindex_argv("caf%C3%A9")[0])]


_QUERY_PIECES = st.one_of(
    st.sampled_from(["+", "=", "%", "%2B", "%3D", "%00", "%FF", "%C3%A9", "%zz", " ", "a", "Z9"]),
    st.sampled_from(list(SCHAR)),
    st.text(max_size=2),
)


@given(query=st.lists(_QUERY_PIECES, max_size=10).map("".join))
def test_agrees_with_the_rfc(query: str) -> None:
    """isindex_argv agrees with a step-by-step reading of RFC 3875 §4.4."""
    assert isindex_argv(query) == _reference_argv(query.encode("utf-8", "replace"))


words = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\x00"), min_size=1)


@given(words=st.lists(words, min_size=1))
def test_round_trip_of_percent_encoded_words(words: list[str]) -> None:
    """Words percent-encoded with the component set and joined with "+" come back as they were."""
    encoded = [
        urlencoded.utf8_percent_encode(word, urlencoded.COMPONENT_PERCENT_ENCODE_SET)
        for word in words
    ]
    assert isindex_argv("+".join(encoded)) == words


@pytest.mark.parametrize(
    ("query", "count"),
    [
        ('b"a" * 4194304', 1),
        ('b"%41" * 1398101', 1),
        ('b"a+" * 2097151 + b"a"', 2097152),
        ('b"a" * 4194303 + b" "', 0),
    ],
    ids=["letters", "escapes", "words", "letters then a space"],
)
def test_memory_on_4_mb_stays_bounded(query: str, count: int) -> None:
    """A 4 MiB query is checked in linear passes: its peak memory grows by under 200 MiB.

    The search-string was matched by one regex, whose repeated alternation
    kept its state for every byte (over 480 MiB on 4 MiB of letters).
    """
    growth = peak_growth(
        f"from urlencoded import isindex_argv\nquery = {query}",
        f"assert len(isindex_argv(query)) == {count}",
    )
    assert growth < 200 * 1024 * 1024
