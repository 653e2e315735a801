"""Where the query is: in a body, a ``?query``, a request target, a URL or an access-log line.

A URL's query is found as :func:`urlencoded.query_params` finds it, on
bytes: C0 controls and spaces are stripped from both ends and every ASCII
tab and newline removed, as the URL parser does first
(https://url.spec.whatwg.org/#concept-basic-url-parser, steps 1 to 3); the
query is then everything after the first ``?`` that comes before the first
``#``. A request target (RFC 9112 §3.2: ``/path?query`` in origin form, or
an absolute URL in absolute form) is read the same way.

Access logs in the NCSA common and combined formats, as nginx and Apache
write them (``%h %l %u %t "%r" %>s %b``, then ``"%{Referer}i"
"%{User-agent}i"``), carry the request target inside the request line
``"%r"``. Both servers escape a ``"``, a ``\\`` and bytes outside printable
ASCII in it (``\\"`` or ``\\x22``, ``\\\\``, ``\\xHH``); :func:`log_target`
undoes those escapes, so that the target is the bytes the client sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

__all__ = [
    "LOG_FORMATS",
    "InputQuery",
    "detect_line_format",
    "find_query",
    "is_url",
    "log_target",
    "url_query",
]

# A URL: a scheme (https://url.spec.whatwg.org/#scheme-state) and "://".
_URL = re.compile(rb"[A-Za-z][A-Za-z0-9+.\-]*://")
# A line that reads as a URL rather than a body: its first '/' or '?' comes before
# any '=' or '&'. That takes in "https://h/p?q", URLs without a scheme
# ("example.com/?q=x", "h:8080/p"), "/path?q" and "?q", where a body's first name
# comes first ("q=a/b", "a&b?").
_URL_LIKE = re.compile(rb"[^=&/?]*[/?]")
# C0 control or space (https://infra.spec.whatwg.org/#c0-control), as the URL parser strips them.
_C0_CONTROL_OR_SPACE = bytes(range(0x21))
_TAB_OR_NEWLINE = b"\t\n\r"


def _once(name: bytes, pattern: bytes) -> bytes:
    """*pattern* as an atomic group (``(?>...)``, which Python has only from 3.11).

    What a lookahead matched is never tried shorter, and the backreference
    then takes those bytes: once this part has matched, a later part that
    fails does not make the engine give its bytes back one at a time.
    """
    return rb"(?=(?P<" + name + rb">" + pattern + rb"))(?P=" + name + rb")"


# Every pattern here matches or rejects a line in time linear in its length (a
# log line is the client's to write, and a long one must not cost the square of
# its length): no two parts can take the same bytes, so that a line that fails
# late is given back one byte at a time at most once. The request line, whose
# target may be long, gives nothing back after a failure (the target is atomic,
# and the rest ends in a literal quote, which the engine finds in a tight loop).

# The text of a quoted log field: any byte but '"', '\' and LF, or a backslash
# escape (unrolled, so that the engine does not alternate at every byte).
_QUOTED_TEXT = rb'[^"\\\n]*(?:\\.[^"\\\n]*)*'
# The same, as runs each ending with an escape, then the last run: each run then
# ends where the next byte must be '\' or '"' (slower to match, but the engine
# backtracks over a run that a '"' follows in a tight loop).
_QUOTED_RUNS = rb'(?:[^"\\\n]*\\.)*[^"\\\n]*'
# The request line "%r": a method and the target (group "target"), the target
# ending at the first space or quote that is not escaped, then the rest from
# that space; or anything else (a malformed request, "-", a TLS handshake sent
# to port 80). Were the rest allowed to start anywhere, every split of a long
# target between the two would be tried before a line is rejected.
_TARGET = rb'(?:[^ "\\\n]|\\.)[^ "\\\n]*(?:\\.[^ "\\\n]*)*'
_REQUEST = (
    rb'"(?:[A-Za-z]+ '
    + _once(b"target", _TARGET)
    + rb"(?: "
    + _QUOTED_RUNS
    + rb')?"|'
    + _QUOTED_RUNS
    + rb'")'
)
# %h %l %u [%t] "%r" %>s %b
_COMMON = rb"^[^ \n]+ [^ \n]+ [^ \n]+ \[[^\]\n]*\] " + _REQUEST + rb" (?:[0-9]{3}|-) (?:[0-9]+|-)"
# "%{Referer}i" "%{User-agent}i", and any fields after them
_COMBINED = rb' "' + _QUOTED_TEXT + rb'" "' + _QUOTED_TEXT + rb'"(?: .*)?'

#: The access-log formats: name -> the pattern of a line, whose group
#: ``target``, its only group, is the request target. No part matches a line feed, so
#: that ``fullmatch`` reads one line and ``findall`` a block of lines one line at
#: a time (``^`` and ``$`` match at each line; a CR may end a line).
#: ``combined`` allows more fields after the user agent, as many
#: configurations add (the request time, an upstream address).
LOG_FORMATS: dict[str, re.Pattern[bytes]] = {
    "combined": re.compile(_COMMON + _COMBINED + rb"\r?$", re.M),
    "common": re.compile(_COMMON + rb"\r?$", re.M),
}

_LOG_ESCAPE = re.compile(rb"\\(?:x([0-9A-Fa-f]{2})|(.))", re.S)


class InputQuery(NamedTuple):
    """What an input is and its query.

    *kind* is ``"body"`` (the input is the urlencoded text itself),
    ``"query"`` (it starts with ``?``), ``"target"`` (a request target in
    origin form: ``/path?query``) or ``"url"`` (an absolute URL). *query* is
    the urlencoded part, or None for a target or URL without a query.
    *start* is the query's byte offset in the input, or -1 when removing
    tabs and newlines moved it.
    """

    kind: str
    query: bytes | None
    start: int


def find_query(data: bytes, *, as_url: bool = False) -> InputQuery:
    """The query of *data*: the whole body, or the query of a ``?query``, target or URL.

    With *as_url*, *data* is a URL whatever it starts with (one without a
    scheme, or another relative reference), read as :func:`url_query` reads
    it, and is never a body.

    >>> find_query(b"/search?q=1#top")
    InputQuery(kind='target', query=b'q=1', start=8)
    >>> find_query(b"q=1")
    InputQuery(kind='body', query=b'q=1', start=0)
    >>> find_query(b"example.com/?q=1", as_url=True)
    InputQuery(kind='url', query=b'q=1', start=13)

    .. versionadded:: 1.1
    """
    stripped = data.strip(_C0_CONTROL_OR_SPACE)
    if stripped.startswith(b"?"):
        kind = "query"
    elif stripped.startswith(b"/"):
        kind = "target"
    elif as_url or _URL.match(stripped):
        kind = "url"
    else:
        return InputQuery("body", data, 0)
    query, start = _query_of(data, stripped)
    return InputQuery(kind, query, start)


def _query_of(data: bytes, stripped: bytes) -> tuple[bytes | None, int]:
    """The query of the URL *data* (*stripped* of C0 controls and spaces), and its offset."""
    moved = any(byte in stripped for byte in _TAB_OR_NEWLINE)
    text = stripped.translate(None, _TAB_OR_NEWLINE) if moved else stripped
    end = text.find(b"#")
    if end == -1:
        end = len(text)
    question = text.find(b"?", 0, end)
    if question == -1:
        return None, -1
    lead = len(data) - len(data.lstrip(_C0_CONTROL_OR_SPACE))
    return text[question + 1 : end], -1 if moved else lead + question + 1


def url_query(data: bytes) -> bytes | None:
    """The query of *data* read as a URL, whatever its form, as :func:`urlencoded.query_params`
    and :mod:`urlencoded.arrow` (``input_format="url"``) read one; None if it has none.

    Any bytes are a URL here: an absolute URL, one without a scheme, a
    request target, a ``?query``, or a relative reference with no ``?``
    (which has no query). The URL parser's first steps apply, then the query
    is what follows the first ``?`` before the first ``#``.

    >>> url_query(b" example.com/search?q=a+b#top")
    b'q=a+b'
    >>> url_query(b"q=1") is None
    True

    .. versionadded:: 1.1
    """
    return _query_of(data, data.strip(_C0_CONTROL_OR_SPACE))[0]


def is_url(line: bytes) -> bool:
    """Whether *line* reads as a URL rather than a body: its first ``/`` or ``?``
    comes before any ``=`` or ``&``, once C0 controls and spaces are stripped.

    That is an absolute URL, a URL without a scheme (``example.com/?q=x``), a
    request target or a ``?query``; a body's first name comes first
    (``q=a/b``), and a line with neither ``/`` nor ``?`` is a body.

    >>> is_url(b"example.com/?q=x"), is_url(b"q=a/b")
    (True, False)

    .. versionadded:: 1.1
    """
    return _URL_LIKE.match(line.lstrip(_C0_CONTROL_OR_SPACE)) is not None


def _unescape(match: re.Match[bytes]) -> bytes:
    hex_digits, other = match.groups()
    return bytes([int(hex_digits, 16)]) if hex_digits else other


def log_target(line: bytes, log_format: str) -> bytes | None:
    """The request target of an access-log *line*, with the log's escapes undone.

    Returns ``b""`` when the line is in the format but its request line has
    no target, and None when the line is not in the format.

    >>> log_target(b'1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET /a?q=\\\\xC3\\\\xA9 HTTP/1.1"'
    ...            b' 200 2326', "common")
    b'/a?q=\\xc3\\xa9'

    :raises KeyError: if *log_format* is not one of :data:`LOG_FORMATS`.

    .. versionadded:: 1.1
    """
    match = LOG_FORMATS[log_format].fullmatch(line)
    if match is None:
        return None
    target = match.group("target")
    if target is None:
        return b""
    if b"\\" in target:
        target = _LOG_ESCAPE.sub(_unescape, target)
    return target


def detect_line_format(lines: Iterable[bytes]) -> tuple[str, int, int]:
    """The format of *lines*: ``combined``, ``common``, ``url`` or ``body``.

    A log format wins when at least half the non-empty lines are in it (the
    others are lines the log format does not take: cut short, or garbage);
    ``url`` when every one reads as a URL (:func:`is_url`); ``body``
    otherwise, in which each line is read as what it is, a body or a URL.
    Returns the format, how many of the non-empty lines are in it (for
    ``body``, how many of them are URLs), and how many non-empty lines there
    were.

    .. versionadded:: 1.1
    """
    counts = dict.fromkeys(LOG_FORMATS, 0)
    urls = total = 0
    for line in lines:
        line = line.rstrip(b"\r")
        if not line:
            continue
        total += 1
        for name, pattern in LOG_FORMATS.items():
            if pattern.fullmatch(line):
                counts[name] += 1
        urls += is_url(line)
    for name in ("combined", "common"):
        if total and counts[name] * 2 >= total:
            return name, counts[name], total
    if total and urls == total:
        return "url", urls, total
    return "body", urls, total
