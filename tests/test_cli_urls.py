"""``parse --lines`` on URLs: with a scheme, without one (``example.com/?q=x``), relative.

With ``--input-format url`` every line is a URL, read as
:func:`urlencoded.query_params` and :mod:`urlencoded.arrow`
(``input_format="url"``) read one; with ``body`` (and ``auto`` on a sample
of bodies and URLs) each line is read as what it is. These properties run
the command's block parser in this process.
"""

from __future__ import annotations

import json

from hypothesis import example, given
from hypothesis import strategies as st

from urlencoded import parse, query_params
from urlencoded._core import form_options
from urlencoded._tools._cli import _lines

SCHEMES = st.sampled_from(["https://", "http://", "ftp://", "HTTP://", "mailto:", "//", ""])
HOSTS = st.sampled_from(
    ["example.com", "e.org", "127.0.0.1", "[::1]", "xn--bcher-kva.example", "localhost", "h"]
)
PORTS = st.sampled_from(["", ":8080", ":"])
USERS = st.sampled_from(["", "user@", "user:pw@"])
SEGMENTS = st.lists(
    st.sampled_from(["a", "search", "é", "%41", "=", ";", "+", " ", "..", ".", "a=b", "&", "~"]),
    max_size=3,
).map("".join)
QUERY_PIECES = st.sampled_from(
    ["q=1", "&", "=", "a", "%C3%A9", "+", "?", "/", " ", "\t", "%26", "é", "#", "%zz", "\r"]
)
QUERIES = st.lists(QUERY_PIECES, max_size=6).map("".join)
ENDS = st.sampled_from(["", " ", "\x01", "\t", "\r"])


@st.composite
def urls(draw: st.DrawFn) -> str:
    """An absolute URL, one without a scheme, or a relative reference, as URL lists hold them."""
    form = draw(st.sampled_from(["absolute", "scheme-less", "path", "relative", "query"]))
    if form in ("absolute", "scheme-less"):
        scheme = draw(SCHEMES) if form == "absolute" else ""
        start = scheme + draw(USERS) + draw(HOSTS) + draw(PORTS)
    else:
        start = ""
    if form == "query":
        path = ""
    else:
        segments = draw(st.lists(SEGMENTS, max_size=3))
        lead = "/" if form != "relative" else ""
        path = lead + "/".join(segments)
    url = start + path
    if draw(st.booleans()) or form == "query":
        url += "?" + draw(QUERIES)
    if draw(st.booleans()):
        url += "#" + draw(QUERIES)
    return draw(ENDS) + url + draw(ENDS)


def settings(input_format: str) -> _lines.LineSettings:
    return _lines.LineSettings(
        options=form_options(),
        input_format=input_format,
        regex=None,
        group="",
        output="json",
        nested=False,
        columns=(),
        join=None,
        candidates=(),
        nested_options={},
    )


def json_lines(lines: list[bytes], input_format: str) -> list[object]:
    """What parse --lines prints for *lines*, one value per line."""
    _lines._set_settings(settings(input_format))
    output, failures, _ = _lines.parse_block(b"\n".join(lines) + b"\n")
    assert isinstance(output, bytes)
    assert failures == []
    return [json.loads(text) for text in output.decode("utf-8")[:-1].split("\n")]


@given(st.lists(urls(), min_size=1, max_size=12))
@example(["example.com/?q=x", "search?q=1", "foo", "", "?a=1", "#f?b=2", " h:8080/p?c=3 "])
def test_url_format_agrees_with_arrow(lines: list[str]) -> None:
    """--input-format url gives, line for line, the pairs urlencoded.arrow gives for the URL."""
    import pyarrow as pa  # CPython only: conftest.NEEDS

    from urlencoded.arrow import parse_array

    data = [line.encode("utf-8") for line in lines]
    arrow = parse_array(pa.array(data, type=pa.binary()), input_format="url").to_pylist()
    assert json_lines(data, "url") == [
        [[pair["name"], pair["value"]] for pair in row] for row in arrow
    ]


@given(st.lists(urls(), min_size=1, max_size=12))
def test_url_format_agrees_with_query_params(lines: list[str]) -> None:
    """--input-format url gives, line for line, query_params' pairs for the URL."""
    data = [line.encode("utf-8") for line in lines]
    expected = [[list(pair) for pair in query_params(line).items()] for line in lines]
    assert json_lines(data, "url") == expected


def reads_as_url(line: str) -> bool:
    """A line is a URL when its first '/' or '?' comes before any '=' or '&'."""
    for char in line.lstrip("".join(map(chr, range(0x21)))):
        if char in "/?":
            return True
        if char in "=&":
            return False
    return False


BODIES = st.lists(
    st.sampled_from(["a=1", "&", "q=a/b", "x", "=", "%41", "b=?", "c=d&e=f/g", "é=é", " "]),
    min_size=1,
    max_size=4,
).map("".join)


@given(st.lists(st.one_of(urls(), BODIES), min_size=1, max_size=12))
@example(["a=1&b=2", "https://x.test/p?q=%C3%A9", "example.com/?q=x", "q=a/b?c", "foo"])
def test_body_format_reads_each_line_as_what_it_is(lines: list[str]) -> None:
    """With bodies and URLs mixed, a URL line gives its query's pairs, a body line its own."""
    lines = [line.rstrip("\r") for line in lines]
    expected: list[object] = []
    for line in lines:
        if not line:
            expected.append([])
        elif reads_as_url(line):
            expected.append([list(pair) for pair in query_params(line).items()])
        else:
            expected.append([list(pair) for pair in parse(line)])
    assert json_lines([line.encode("utf-8") for line in lines], "body") == expected
