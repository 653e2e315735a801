"""The canonical request of AWS Signature Version 4, one function per part.

https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

The method, :func:`canonical_uri`, :func:`canonical_query_string`,
:func:`canonical_headers`, :func:`signed_headers` and the hashed payload
(:func:`hashed_payload`), joined by :func:`canonical_request`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from typing import Union
from urllib.parse import urlsplit

from .._web import (
    HTTP_TOKEN,
    UNRESERVED,
    check_header_text,
    check_method,
    join_sort_keys,
    query_sort_keys,
    str_pairs,
)
from ..dialects import AWS_SIGV4 as _URI_ENCODE

__all__ = [
    "EMPTY_PAYLOAD_HASH",
    "UNSIGNED_PAYLOAD",
    "Headers",
    "as_sent_query",
    "canonical_headers",
    "canonical_query_string",
    "canonical_request",
    "canonical_uri",
    "check_method",
    "hashed_payload",
    "header_pairs",
    "host_of",
    "signed_headers",
    "utf8",
]

#: The hashed payload of an empty body: the SHA-256 of no bytes, in lower-case hex.
EMPTY_PAYLOAD_HASH = hashlib.sha256(b"").hexdigest()
#: The hashed payload that says the body is not signed (S3 over HTTPS).
UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD"
_HeaderValue = Union[str, int, float]
Headers = Union[Iterable[tuple[str, _HeaderValue]], Mapping[str, _HeaderValue]]
_TOKEN = re.compile(HTTP_TOKEN)  # header field names
_SPACES = re.compile(r"[ \t]+")
# RFC 3986 §3.4 query characters (pchar, "/" and "?"), and "%": what is sent as it is.
_QUERY_CHARACTERS = UNRESERVED + b"!$&'()*+,;=:@/?%"
_DEFAULT_PORTS = {"http": 80, "https": 443}


def canonical_uri(path: str, *, s3: bool = False) -> str:
    """The canonical URI: the request path, normalized and URI-encoded again.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    *path* is the path as the request sends it (already percent-encoded).
    For every service but S3, dot segments are removed (RFC 3986 §5.2.4),
    runs of ``/`` become one, and each segment is URI-encoded (every byte
    but ``A-Za-z0-9-._~`` as ``%XY``, so escapes are encoded a second
    time). For S3 the path is used as it is. An empty path is ``/``. As
    botocore and AWS's test suite do, and unlike RFC 3986, a final ``.`` or
    ``..`` segment leaves no ``/`` behind (``/a/b/..`` is ``/a``).

    :param path: the request path, without query.
    :param s3: sign for Amazon S3, which neither normalizes nor encodes again.
    :returns: the canonical URI (ASCII, unless an S3 path is not).
    :raises TypeError: if *path* is not a str.
    :raises ValueError: if *path* holds a lone surrogate.

    >>> canonical_uri("/documents%20and%20settings/./a%2Fb/../c~")
    '/documents%2520and%2520settings/c~'
    >>> canonical_uri("/my bucket//a%2Fb", s3=True)
    '/my bucket//a%2Fb'

    .. versionadded:: 1.1
    """
    if not isinstance(path, str):
        raise TypeError(f"path must be a str, not {type(path).__name__}")
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"path holds a lone surrogate: {path!r}") from None
    if not path:
        return "/"
    if s3:
        return path
    segments: list[str] = []
    for segment in path.split("/"):
        if segment == "..":
            if segments:
                segments.pop()
        elif segment and segment != ".":
            segments.append(segment)
    # A path ending in "/" keeps it, unless nothing is left (as botocore does).
    trailing = "/" if segments and path.endswith("/") else ""
    return "/" + "/".join(map(_URI_ENCODE.encode, segments)) + trailing


def canonical_query_string(query: str, *, as_sent: bool = False) -> str:
    """The canonical query string of a request's query.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    By default, as AWS documents it and its test suite checks: the query is
    read as ``application/x-www-form-urlencoded`` (``+`` is a space), each
    name and value is URI-encoded (every byte but ``A-Za-z0-9-._~`` as
    ``%XY``), and the pairs are sorted by name, then value, and joined.
    Names and values are bytes throughout: a query in a legacy encoding is
    signed as sent. Two queries that decode alike sign alike.

    With *as_sent*, as botocore signs a URL's query: the pieces between
    ``&`` are split at the first ``=`` and sorted as they are, without
    decoding or encoding (an empty piece is kept, as ``=``). The query must
    then be the one sent, within RFC 3986's query characters. The two agree
    whenever the query is written as AWS encodes it (as botocore writes
    ``params=``), and differ where it is not: ``q=a+b&t=%7E*`` is
    ``q=a%20b&t=~%2A`` by default and ``q=a+b&t=%7E*`` as sent.
    :doc:`clients` says which to use when.

    :param query: the query, without ``?``.
    :param as_sent: sort the pieces as sent, not decoded and encoded again.
    :returns: the canonical query string (ASCII).
    :raises TypeError: if *query* is not a str or *as_sent* not a bool.
    :raises ValueError: if *query* holds a lone surrogate, or with
        *as_sent* a character that clients escape before sending (a space,
        a non-ASCII character, ``"``, ``#``, ``<`` ...).

    >>> canonical_query_string("q=a+b&tag=~%7E&tag=*&empty")
    'empty=&q=a%20b&tag=%2A&tag=~~'
    >>> canonical_query_string("q=a+b&tag=~%7E&tag=*&empty", as_sent=True)
    'empty=&q=a+b&tag=*&tag=~%7E'

    .. versionadded:: 1.1
    """
    if not isinstance(query, str):
        raise TypeError(f"query must be a str, not {type(query).__name__}")
    if not isinstance(as_sent, bool):
        raise TypeError(f"as_sent must be a bool, not {type(as_sent).__name__}")
    data = utf8(query, "query")
    if not as_sent:
        return join_sort_keys(query_sort_keys(data))
    if data.translate(None, _QUERY_CHARACTERS):
        shown = sorted(set(data.translate(None, _QUERY_CHARACTERS).decode("utf-8")))[:5]
        raise ValueError(
            f"query holds {''.join(shown)!r}, which clients escape before sending it: a query"
            " signed as sent must be the one sent (escape it, or sign it decoded)"
        )
    return as_sent_query(query)


def as_sent_query(query: str) -> str:
    """botocore's canonical query of a URL's query: the raw pieces, split and sorted."""
    if not query:
        return ""
    keys = [name + "\0" + value for name, _, value in map(_split_piece, query.split("&"))]
    return join_sort_keys(keys)


def _split_piece(piece: str) -> tuple[str, str, str]:
    return piece.partition("=")


def utf8(text: str, what: str) -> bytes:
    """*text* in UTF-8; a lone surrogate, which no client sends, is a ValueError naming *what*."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(
            f"{what} holds a lone surrogate at index {error.start}: {text[:80]!r}"
        ) from None


def header_pairs(headers: Headers) -> list[tuple[str, str]]:
    """The headers to sign, checked: token names (in lower case), values a header can hold."""
    checked = []
    for name, value in str_pairs(headers, "headers"):
        if not _TOKEN.fullmatch(name):
            raise ValueError(f"not a valid header name: {name[:40]!r}")
        check_header_text(value, f"header {name!r}")
        utf8(value, f"header {name!r}")
        checked.append((name.lower(), value))
    return checked


def _grouped(headers: Headers) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for name, value in header_pairs(headers):
        grouped.setdefault(name, []).append(value)
    return dict(sorted(grouped.items()))


def canonical_headers(headers: Headers) -> str:
    """The canonical headers: one ``name:value`` line per header name, sorted.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    Names in lower case; each value trimmed, with runs of spaces and tabs
    made one space; the values of a name given more than once joined with
    ``,`` in the order given. Each line ends with a newline.

    :param headers: the headers to sign, as ``(name, value)`` pairs or a
        mapping; a value is a str, or an ``int`` or ``float`` written as
        Python writes it.
    :returns: the canonical headers.
    :raises TypeError: for a pair that is not a str name and a value of
        those types (``bool`` and ``None`` are refused).
    :raises ValueError: for a name that is not an HTTP token, or a value
        holding CR, LF, NUL or a lone surrogate (or a ``nan``).

    >>> print(canonical_headers([("Host", "example.com"), ("My-Header", " a   b "),
    ...                          ("my-header", "c")]), end="")
    host:example.com
    my-header:a b,c

    .. versionadded:: 1.1
    """
    return "".join(
        f"{name}:{','.join(_SPACES.sub(' ', value).strip(' ') for value in values)}\n"
        for name, values in _grouped(headers).items()
    )


def signed_headers(headers: Headers) -> str:
    """The signed headers: the lower-case header names, sorted, joined with ``;``.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    :param headers: the headers to sign, as for :func:`canonical_headers`.
    :returns: the signed headers.
    :raises TypeError: as :func:`canonical_headers` does.
    :raises ValueError: as :func:`canonical_headers` does.

    >>> signed_headers({"X-Amz-Date": "20150830T123600Z", "Host": "example.com"})
    'host;x-amz-date'

    .. versionadded:: 1.1
    """
    return ";".join(_grouped(headers))


def hashed_payload(body: bytes | str | None) -> str:
    """The hashed payload: the SHA-256 of the body, in lower-case hex.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    :param body: the body as sent (a str is UTF-8), or ``None`` for none.
    :returns: 64 hex digits; :data:`EMPTY_PAYLOAD_HASH` for no body.
    :raises TypeError: if *body* is not bytes, str or None.
    :raises ValueError: for a str body with a lone surrogate.

    >>> hashed_payload(b"Param1=value1")
    '9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e'

    .. versionadded:: 1.1
    """
    if body is None:
        return EMPTY_PAYLOAD_HASH
    if isinstance(body, str):
        try:
            body = body.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("body holds a lone surrogate") from None
    if not isinstance(body, (bytes, bytearray, memoryview)):
        raise TypeError(f"body must be bytes, str or None, not {type(body).__name__}")
    return hashlib.sha256(body).hexdigest()


def host_of(url: str) -> str:
    """The Host header a client sends for *url*: lower case, no default port."""
    parts = urlsplit(url)
    host = parts.hostname
    if not parts.scheme or not host:
        raise ValueError(f"url must be absolute, with a scheme and a host: {url!r}")
    if not host.isascii():
        raise ValueError(f"url's host must be ASCII (encode it with IDNA first): {host!r}")
    try:
        port = parts.port
    except ValueError as error:
        raise ValueError(f"url's port is not valid: {url!r} ({error})") from None
    if ":" in host:
        host = f"[{host}]"
    if port is not None and _DEFAULT_PORTS.get(parts.scheme.lower()) != port:
        host = f"{host}:{port}"
    return host


def canonical_request(
    method: str,
    url: str,
    *,
    headers: Headers,
    body: bytes | str | None = None,
    payload_hash: str | None = None,
    s3: bool = False,
    query_as_sent: bool = False,
) -> str:
    """The canonical request, whose hash the string to sign holds.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#create-canonical-request

    Six lines: the method in upper case, :func:`canonical_uri` of the URL's
    path, :func:`canonical_query_string` of its query,
    :func:`canonical_headers` (then an empty line), :func:`signed_headers`,
    and the hashed payload. A ``Host`` header is added from the URL (lower
    case, without a default port) unless *headers* has one.

    :param method: the HTTP method.
    :param url: the absolute URL, with the path and query as sent.
    :param headers: the headers to sign, as ``(name, value)`` pairs or a mapping.
    :param body: the body as sent; ``None`` for none.
    :param payload_hash: the hashed payload to use instead of hashing
        *body*, such as :data:`UNSIGNED_PAYLOAD` or the value of an
        ``X-Amz-Content-SHA256`` header.
    :param s3: sign for Amazon S3 (see :func:`canonical_uri`).
    :param query_as_sent: sign the query as sent, as botocore does
        (:func:`canonical_query_string` with *as_sent*).
    :returns: the canonical request.
    :raises TypeError: for an argument of the wrong type.
    :raises ValueError: for a method that is not an HTTP token, a URL that
        is not absolute, has a non-ASCII host or a lone surrogate, a bad
        header (as for :func:`canonical_headers`), or a *payload_hash* that
        is not printable ASCII.

    >>> print(canonical_request("GET", "https://example.amazonaws.com/?Param2=value2&Param1=value1",
    ...                         headers={"X-Amz-Date": "20150830T123600Z"}))
    GET
    /
    Param1=value1&Param2=value2
    host:example.amazonaws.com
    x-amz-date:20150830T123600Z
    <BLANKLINE>
    host;x-amz-date
    e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855

    .. versionadded:: 1.1
    """
    check_method(method)
    if not isinstance(url, str):
        raise TypeError(f"url must be a str, not {type(url).__name__}")
    utf8(url, "url")
    pairs = header_pairs(headers)
    if not any(name == "host" for name, _ in pairs):
        pairs.append(("host", host_of(url)))
    else:
        host_of(url)  # the URL is still checked
    if payload_hash is None:
        payload_hash = hashed_payload(body)
    elif not isinstance(payload_hash, str):
        raise TypeError(f"payload_hash must be a str, not {type(payload_hash).__name__}")
    elif not payload_hash.isascii() or not payload_hash.isprintable():
        raise ValueError(f"payload_hash must be printable ASCII: {payload_hash[:70]!r}")
    parts = urlsplit(url)
    return "\n".join(
        [
            method.upper(),
            canonical_uri(parts.path, s3=s3),
            canonical_query_string(parts.query, as_sent=query_as_sent),
            canonical_headers(pairs),
            signed_headers(pairs),
            payload_hash,
        ]
    )
