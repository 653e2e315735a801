"""Finding the query in a URL, request target or access-log line (``urlencoded._web._inputs``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlencoded import parse, query_params
from urlencoded._web import LOG_FORMATS, detect_line_format, find_query, log_target

LINE = b'203.0.113.7 - - [10/Oct/2025:13:55:36 +0000] "GET /a?q=1 HTTP/1.1" 200 512'
AGENT = b' "https://example.com/" "Mozilla/5.0 (X11)"'


@pytest.mark.parametrize(
    ("data", "kind", "query", "start"),
    [
        (b"a=1", "body", b"a=1", 0),
        (b"?a=1", "query", b"a=1", 1),
        (b" /p?a=1#f?g", "target", b"a=1", 4),
        (b"https://h/p?a=1", "url", b"a=1", 12),
        (b"https://h/p#?a=1", "url", None, -1),
        (b"/p\t?a=\n1", "target", b"a=1", -1),
        (b"a=1?b", "body", b"a=1?b", 0),
        (b"mailto:x?y=1", "body", b"mailto:x?y=1", 0),
    ],
)
def test_find_query(data: bytes, kind: str, query: bytes | None, start: int) -> None:
    """Each kind of input gives its query and the query's offset in the input."""
    assert tuple(find_query(data)) == (kind, query, start)
    if start >= 0 and query is not None:
        assert data[start : start + len(query)] == query


URL_PIECES = st.sampled_from(
    ["/", "?", "#", "&", "=", "a", "%41", "+", " ", "\t", "\n", "\r", "\x00", "é", "http://", "x:"]
)
URLISH = st.tuples(
    st.sampled_from(["/", "?", "https://h", " /", "\x01?"]), st.lists(URL_PIECES)
).map(lambda parts: parts[0] + "".join(parts[1]))


@given(URLISH)
def test_query_agrees_with_query_params(url: str) -> None:
    """For a URL, target or '?query', the query parses as urlencoded.query_params reads it."""
    found = find_query(url.encode("utf-8"))
    assert found.kind != "body"
    assert parse(found.query or b"") == query_params(url).items()


def test_log_target_undoes_the_escapes() -> None:
    """nginx's \\xHH and Apache's \\" and \\\\ escapes are undone in the target."""
    line = LINE.replace(b"/a?q=1", b'/a?q=\\xC3\\xA9&r=\\"&s=\\\\')
    assert log_target(line + AGENT, "combined") == b'/a?q=\xc3\xa9&r="&s=\\'
    assert log_target(line, "common") == b'/a?q=\xc3\xa9&r="&s=\\'


def test_log_formats() -> None:
    """A common line is not combined and back; a request line without a target gives b''."""
    assert log_target(LINE, "common") == b"/a?q=1"
    assert log_target(LINE, "combined") is None
    assert log_target(LINE + AGENT, "common") is None
    assert log_target(LINE + AGENT + b" 0.012 upstream", "combined") == b"/a?q=1"
    assert log_target(LINE.replace(b"GET /a?q=1 HTTP/1.1", b"-"), "common") == b""
    assert log_target(LINE.replace(b"GET /a?q=1 HTTP/1.1", b"\\x16\\x03"), "common") == b""
    assert set(LOG_FORMATS) == {"common", "combined"}
    with pytest.raises(KeyError):
        log_target(LINE, "w3c")


def test_detect_line_format() -> None:
    """The format at least half the non-empty lines are in wins; bodies are the fallback."""
    assert detect_line_format([LINE + AGENT, LINE + AGENT, b"junk", b""]) == ("combined", 2, 3)
    assert detect_line_format([LINE, b"x"]) == ("common", 1, 2)
    assert detect_line_format([b"/a", b"https://h/?x", b"x=1"]) == ("url", 2, 3)
    assert detect_line_format([b"a=1", b"b=2", b"/c"]) == ("body", 3, 3)
    assert detect_line_format([]) == ("body", 0, 0)
