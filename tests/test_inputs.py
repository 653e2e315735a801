"""Finding the query in a URL, request target or access-log line (``urlencoded._web._inputs``)."""

from __future__ import annotations

import os
import string
import subprocess
import sys
import textwrap

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from urlencoded import parse, query_params
from urlencoded._web import (
    LOG_FORMATS,
    detect_line_format,
    find_query,
    is_url,
    log_target,
    url_query,
)

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
    """A log format wins with half the non-empty lines, url with all; else body, line by line."""
    assert detect_line_format([LINE + AGENT, LINE + AGENT, b"junk", b""]) == ("combined", 2, 3)
    assert detect_line_format([LINE, b"x"]) == ("common", 1, 2)
    assert detect_line_format([b"/a", b"https://h/?x", b"e.org/?y", b""]) == ("url", 3, 3)
    # With a body among them, each line is read as what it is; the count is of URLs.
    assert detect_line_format([b"/a", b"https://h/?x", b"x=1"]) == ("body", 2, 3)
    assert detect_line_format([b"a=1", b"b=2", b"/c"]) == ("body", 1, 3)
    assert detect_line_format([]) == ("body", 0, 0)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (b"example.com/?q=x", True),
        (b"e.org:8080/p", True),
        (b"search?q=1", True),
        (b" \x01/p?a=1", True),
        (b"?a=1", True),
        (b"https://h/p", True),
        (b"mailto:a@e.org?subject=x", True),
        (b"q=a/b?c", False),
        (b"a&b/c", False),
        (b"example.com", False),
        (b"#f?a=1", True),
        (b"", False),
    ],
)
def test_is_url(line: bytes, expected: bool) -> None:
    """A line is a URL when its first '/' or '?' comes before any '=' or '&'."""
    assert is_url(line) is expected


@given(URLISH | st.text())
@example("example.com/search?q=a+b#top")
@example("e.org\t/p?\na=1 ")
def test_url_query_agrees_with_query_params(url: str) -> None:
    """Any text read as a URL gives the query urlencoded.query_params reads."""
    query = url_query(url.encode("utf-8"))
    assert parse(query or b"") == query_params(url).items()
    found = find_query(url.encode("utf-8"), as_url=True)
    assert (found.kind != "body", found.query) == (True, query)


def _quoted(line: bytes, start: int) -> tuple[bytes, int] | None:
    """A quoted log field at *start*: its content and the offset after it, else None."""
    if line[start : start + 1] != b'"':
        return None
    index = start + 1
    while index < len(line):
        byte = line[index]
        if byte == ord('"'):
            return line[start + 1 : index], index + 1
        index += 2 if byte == ord("\\") else 1
    return None


def _undo_log_escapes(target: bytes) -> bytes:
    out = bytearray()
    index = 0
    while index < len(target):
        byte = target[index]
        if byte != ord("\\"):
            out.append(byte)
            index += 1
            continue
        digits = target[index + 2 : index + 4]
        if (
            target[index + 1 : index + 2] == b"x"
            and len(digits) == 2
            and all(digit in b"0123456789abcdefABCDEF" for digit in digits)
        ):
            out.append(int(digits, 16))
            index += 4
        else:
            out += target[index + 1 : index + 2]
            index += 2
    return bytes(out)


def _token(line: bytes, start: int) -> tuple[bytes, int]:
    """The bytes from *start* to the next space or the end, and where they end."""
    end = line.find(b" ", start)
    end = len(line) if end == -1 else end
    return line[start:end], end


def reference_log_target(line: bytes, log_format: str) -> bytes | None:
    """log_target, read field by field as the server writes them, without a pattern."""
    if b"\n" in line:
        return None
    position = -1
    for _ in range(3):  # %h %l %u: not empty, no space
        field, position = _token(line, position + 1)
        if not field or position == len(line):
            return None
    if line[position + 1 : position + 2] != b"[":  # %t
        return None
    position = line.find(b"]", position)
    if position == -1 or line[position + 1 : position + 2] != b" ":
        return None
    request = _quoted(line, position + 2)  # "%r"
    if request is None or line[request[1] : request[1] + 1] != b" ":
        return None
    content, position = request
    status, position = _token(line, position + 1)  # %>s
    if position == len(line) or not ((len(status) == 3 and status.isdigit()) or status == b"-"):
        return None
    size, position = _token(line, position + 1)  # %b
    if position == len(line) and size.endswith(b"\r"):
        size = size[:-1]
    if not (size.isdigit() or size == b"-"):
        return None
    if log_format == "common":
        if position != len(line):
            return None
    else:
        for _ in range(2):  # "%{Referer}i" "%{User-agent}i"
            quoted = _quoted(line, position + 1) if line[position : position + 1] == b" " else None
            if quoted is None:
                return None
            position = quoted[1]
        if line[position:] not in (b"", b"\r") and line[position : position + 1] != b" ":
            return None
    # The request line: a method, a space and the target, up to a space not escaped.
    method = len(content) - len(content.lstrip(string.ascii_letters.encode()))
    if method == 0 or content[method : method + 1] != b" ":
        return b""
    start = end = method + 1
    while end < len(content) and content[end] not in b' "':
        end += 2 if content[end] == ord("\\") else 1
    return _undo_log_escapes(content[start:end])


FIELD = st.lists(
    st.sampled_from([b"h", b"-", b" ", b"[", b"]", b'"', b"\\", b"\r", b"\n", b"0", b"x"]),
    max_size=3,
).map(b"".join)
TARGET_PIECES = [b"/p?q=", b"a", b"\\x41", b"\\xZ", b'\\"', b"\\\\", b"\\ ", b"\r", b"\xe9", b"%41",
                 b"#", b"http://h/?"]  # fmt: skip
REQUEST = st.one_of(
    st.tuples(
        st.sampled_from([b"GET ", b"POST ", b"GET ", b"G3T ", b"GET", b"", b"GET  "]),
        st.lists(st.sampled_from(TARGET_PIECES), max_size=6).map(b"".join),
        st.sampled_from([b"", b" HTTP/1.1", b" ", b" a b", b" \\x20"]),
    ).map(b"".join),
    # Any request line, with quotes, line feeds and backslashes anywhere.
    st.lists(st.sampled_from([*TARGET_PIECES, b" ", b'"', b"\\", b"\n", b"GET "]), max_size=8).map(
        b"".join
    ),
)
# Each part of a line as servers write it, and out of shape.
PARTS = {
    "host": (st.sampled_from([b"203.0.113.7", b"::1"]), FIELD),
    "ident": (st.just(b"-"), FIELD),
    "user": (st.sampled_from([b"-", b"ada"]), FIELD),
    "time": (st.just(b"[10/Oct/2025:13:55:36 +0000]"), FIELD.map(lambda text: b"[" + text)),
    "status": (st.sampled_from([b"200", b"-"]), st.sampled_from([b"20", b"2000", b"x", b""])),
    "size": (st.sampled_from([b"512", b"-", b"0"]), st.sampled_from([b"", b"x", b"5\r", b"5 "])),
    "quoted": (REQUEST.map(lambda text: b'"' + text + b'"'), FIELD),
    "end": (
        st.sampled_from([b"", b"\r", b" 0.012", b" x\r"]),
        st.sampled_from([b"x", b" ", b"\n"]),
    ),
}


@st.composite
def log_lines(draw: st.DrawFn) -> bytes:
    """Lines of the common and combined formats, one part at most out of shape."""
    broken = draw(st.one_of(st.none(), st.sampled_from(sorted(PARTS))))

    def part(name: str) -> bytes:
        good, bad = PARTS[name]
        return draw(bad if name == broken else good)

    line = b"%s %s %s %s \"%s\" %s %s" % (
        part("host"), part("ident"), part("user"), part("time"), draw(REQUEST), part("status"),
        part("size"),
    )  # fmt: skip
    if draw(st.booleans()):
        line += b" " + part("quoted") + b" " + part("quoted")
    return line + part("end")


@given(log_lines(), st.sampled_from(sorted(LOG_FORMATS)))
@example(LINE + AGENT + b" x\r", "combined")
@example(LINE.replace(b"/a?q=1", b'/a\\" b'), "common")
def test_log_target_agrees_with_a_field_reader(line: bytes, log_format: str) -> None:
    """log_target finds the target a field-by-field reader of the format finds, on any line."""
    assert log_target(line, log_format) == reference_log_target(line, log_format)


# Lines of 1 MB that each built-in format matches or rejects: before the formats
# were bounded, the shapes with a long target took hours (52 s at 32 kB, growing
# with the square of the length); each takes milliseconds now.
_HOSTILE = textwrap.dedent(
    r"""
    from urlencoded._web import detect_line_format, log_target
    size = 1 << 20
    head = b'h - - [t] "GET /'
    tails = [b' HTTP/1.1" 200 5 "-" "a"', b' HTTP/1.1" 200 5', b" HTTP/1.1", b"", b'" 200']
    for unit in (b"a", b"\\x41", b'\\"', b"a b", b" "):
        for tail in tails:
            line = head + unit * (size // len(unit)) + tail
            detect_line_format([line])
            for name in ("common", "combined"):
                log_target(line, name)
    for line in (b"h " * (size // 2), b"[" * size, b'h h h [t] "' + b'\\"' * (size // 2)):
        detect_line_format([line])
    print("done")
    """
)


def test_long_hostile_lines_are_read_in_linear_time() -> None:
    """Every built-in format matches or rejects a hostile 1 MB line in one pass, not hours.

    The bound is generous (what takes a fraction of a second must end within
    two minutes on a loaded machine); a pattern that backtracks over the
    length of a line runs for hours on these lines, and fails it.
    """
    result = subprocess.run(
        [sys.executable, "-c", _HOSTILE],
        capture_output=True,
        timeout=120,
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert result.stdout.strip() == b"done"
