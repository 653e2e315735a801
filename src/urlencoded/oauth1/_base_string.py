"""The signature base string (RFC 5849 §3.4.1): the method, the base string URI, the parameters.

https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1

:func:`base_string_uri` writes the URL as §3.4.1.2 says, and
:func:`signature_base_string` joins it with the method and the normalized
parameters: the query, the form body and the protocol parameters, each
name and value encoded (§3.6) and sorted. Parameters are normalized by
byte: a query or body in a legacy encoding is signed as the bytes sent, and
str names and values are UTF-8, as §3.6 says.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Union
from urllib.parse import urlsplit

from .._core import (
    PATH_PERCENT_ENCODE_SET,
    BytesLike,
    check_part,
    check_value,
    pair_items,
    utf8_percent_encode,
)
from .._web import (
    UNRESERVED,
    check_header_text,
    check_method,
    escape_unreserved,
    join_sort_keys,
    query_sort_keys,
    str_pairs,
)
from ..dialects import OAUTH1 as _RFC5849

__all__ = [
    "Body",
    "ProtocolParams",
    "base_string",
    "base_string_uri",
    "check_method",
    "check_url",
    "is_form_data",
    "protocol_pairs",
    "protocol_text",
    "signature_base_string",
]

_NameOrValue = Union[str, BytesLike]
_Pairs = Union[Iterable[Any], Mapping[str, _NameOrValue], Mapping[bytes, _NameOrValue]]
Body = Union[_Pairs, str, BytesLike, None]
_ProtocolValue = Union[str, int, float]
ProtocolParams = Union[Iterable[tuple[str, _ProtocolValue]], Mapping[str, _ProtocolValue]]

# The characters of an RFC 3986 query (pchar, "/" and "?"), which a form body
# that follows HTML 4.01 §17.13.4 keeps within; "%" must start an escape.
_QUERY_BYTES = UNRESERVED + b"!$&'()*+,;=:@/?%"
_BAD_ESCAPE = re.compile(rb"%(?![0-9A-Fa-f]{2})")
_DEFAULT_PORTS = {"http": 80, "https": 443}


def base_string_uri(url: str) -> str:
    """The base string URI of a request URL (RFC 5849 §3.4.1.2).

    https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2

    The scheme and host in lower case, the port only when it is not the
    scheme's default (80 for http, 443 for https), the path (``/`` if
    empty); no user information, query or fragment. The path is written as
    HTTP clients send it: code points outside ASCII, spaces and the other
    characters of the URL Standard's path percent-encode set are
    UTF-8 percent-encoded, and escapes already there stay as they are (a
    deviation from taking the path as given: a signature over ``/café``
    could never match the ``/caf%C3%A9`` the server receives).

    :param url: an absolute URL.
    :returns: the base string URI (ASCII).
    :raises TypeError: if *url* is not a str.
    :raises ValueError: if *url* has no scheme or host, a scheme or host that
        is not ASCII (encode an international domain name with IDNA first),
        or a port that is not a number from 1 to 65535.

    >>> base_string_uri("HTTP://EXAMPLE.com:80/r%20v/X?id=123")
    'http://example.com/r%20v/X'
    >>> base_string_uri("https://www.example.net:8080/?q=1")
    'https://www.example.net:8080/'

    .. versionadded:: 1.1
    """
    check_url(url)
    written_scheme = url.partition(":")[0]
    if "/" not in written_scheme and not written_scheme.isascii():
        raise ValueError(f"url's scheme must be ASCII: {written_scheme!r}")
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        raise ValueError(f"url must be absolute, with a scheme and a host: {url!r}")
    host = parts.hostname
    if not host:
        raise ValueError(f"url has no host: {url!r}")
    if not host.isascii():
        raise ValueError(
            f"url's host must be ASCII (encode it with IDNA, as clients send it): {host!r}"
        )
    try:
        port = parts.port
    except ValueError as error:
        raise ValueError(f"url's port is not valid: {url!r} ({error})") from None
    if port == 0:
        raise ValueError(f"url's port must be from 1 to 65535: {url!r}")
    scheme = parts.scheme.lower()
    # Step 2: the host in lower case; an IPv6 address keeps its brackets.
    netloc = f"[{host}]" if ":" in host else host
    # Step 3: the port, unless it is the scheme's default.
    if port is not None and _DEFAULT_PORTS.get(scheme) != port:
        netloc = f"{netloc}:{port}"
    path = utf8_percent_encode(parts.path, PATH_PERCENT_ENCODE_SET) or "/"
    return f"{scheme}://{netloc}{path}"


def is_form_data(data: bytes) -> bool:
    """Whether *data* keeps within an RFC 3986 query, each "%" starting an escape.

    Two C passes, whatever the length: a regular expression over the whole
    body (a repeated group) would keep tens of bytes of state per byte.
    """
    return not data.translate(None, _QUERY_BYTES) and _BAD_ESCAPE.search(data) is None


def _form_keys(body: Body, keys: list[str]) -> None:
    """Add the sort keys of a body's pairs to *keys* (RFC 5849 §3.4.1.3.1)."""
    if body is None:
        return
    if isinstance(body, str):
        if not body.isascii():
            raise ValueError(
                f"body is not application/x-www-form-urlencoded data (not ASCII): {body[:60]!r};"
                " pass pairs, or leave it out of the signature"
            )
        body = body.encode("ascii")
    if isinstance(body, (bytes, bytearray, memoryview)):
        data = bytes(body)
        if not is_form_data(data):
            raise ValueError(
                f"body is not application/x-www-form-urlencoded data: {data[:60]!r};"
                " a body that is not a form is not signed (RFC 5849 §3.4.1.3.1)"
            )
        query_sort_keys(data, keys)
        return
    for index, pair in enumerate(pair_items(body, "body")):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"body pair {index} is not a (name, value) pair: {pair!r}")
        name = _as_bytes(check_part(pair[0], f"body pair {index} name"), index)
        value = _as_bytes(check_value(pair[1], f"body pair {index} value"), index)
        keys.append(f"{escape_unreserved(name)}\0{escape_unreserved(value)}")


def _as_bytes(value: str | BytesLike, index: int) -> bytes:
    if isinstance(value, str):
        # RFC 5849 §3.6: text is UTF-8 encoded; a lone surrogate cannot be.
        try:
            return value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"body pair {index} holds a lone surrogate: {value!r}") from None
    return bytes(value)


def protocol_text(text: str, what: str) -> str:
    """A protocol parameter's name or value: UTF-8 text that a header can carry."""
    check_header_text(text, what)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{what} holds a lone surrogate: {text!r}") from None
    return text


def protocol_pairs(oauth_params: ProtocolParams) -> list[tuple[str, str]]:
    """The protocol parameters, checked: named ``oauth_...`` in ASCII, each once.

    Values follow the library's rule (str, int or float) and hold no CR, LF,
    NUL or lone surrogate: each is written into an ``Authorization`` header.
    """
    protocol: list[tuple[str, str]] = []
    seen: set[str] = set()
    for name, value in str_pairs(oauth_params, "oauth_params"):
        if not name.startswith("oauth_") or not name.isascii() or not name.isprintable():
            raise ValueError(
                f"oauth_params holds {name!r}: protocol parameters are named oauth_..."
                " in printable ASCII (give the realm to authorization_header, other"
                " parameters in the URL or body)"
            )
        if name in seen:
            raise ValueError(f"duplicate protocol parameter {name!r} (RFC 5849 §3.1)")
        seen.add(name)
        protocol.append((name, protocol_text(value, f"protocol parameter {name!r}")))
    return protocol


def _normalized_parameters(url: str, body: Body, protocol: list[tuple[str, str]]) -> str:
    """RFC 5849 §3.4.1.3: the normalized parameters of the query, body and protocol parameters."""
    # §3.4.1.3.1: the query, the protocol parameters, the form body; never oauth_signature.
    # The query is taken as clients send it: whatever they escape decodes the same.
    keys = query_sort_keys(urlsplit(url).query.encode("utf-8"))
    query_keys = len(keys)
    _form_keys(body, keys)
    seen = {name for name, _ in protocol}
    for index, key in enumerate(keys):
        if key.startswith("oauth_"):
            name = key.partition("\0")[0]
            if name in seen:
                where = "url's query" if index < query_keys else "body"
                raise ValueError(
                    f"duplicate protocol parameter {name!r} (in the {where}; RFC 5849 §3.5)"
                )
            seen.add(name)
    keys += [
        f"{name}\0{escape_unreserved(value.encode('utf-8'))}"
        for name, value in protocol
        if name != "oauth_signature"
    ]
    kept = [key for key in keys if not key.startswith("oauth_signature\0")]
    # §3.4.1.3.2: encode, sort by name then value, join.
    return join_sort_keys(kept)


def check_url(url: object) -> str:
    """*url*, a str that UTF-8 can encode."""
    if not isinstance(url, str):
        raise TypeError(f"url must be a str, not {type(url).__name__}")
    try:
        url.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(
            f"url holds a lone surrogate at index {error.start}: {url[:80]!r}"
        ) from None
    return url


def signature_base_string(
    method: str, url: str, *, body: Body = None, oauth_params: ProtocolParams
) -> str:
    """The signature base string of a request (RFC 5849 §3.4.1.1).

    https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.1

    The method in upper case, the base string URI
    (:func:`base_string_uri`) and the normalized parameters (§3.4.1.3.2:
    the URL's query, the form body and the protocol parameters, each name
    and value encoded, sorted by name then value), each encoded (§3.6) and
    joined with ``&``. The query and a body given as text are read as
    ``application/x-www-form-urlencoded`` (``+`` is a space); any
    ``oauth_signature`` is left out.

    :param method: the HTTP method.
    :param url: the absolute request URL, with its query.
    :param body: the form body: its text (str or bytes, as sent), or
        ``(name, value)`` pairs or a mapping; ``None`` (the default) when the
        request has no form body, which is then not signed.
    :param oauth_params: the protocol parameters (``oauth_consumer_key``,
        ``oauth_nonce`` ...), as pairs or a mapping of str.
    :returns: the signature base string (ASCII).
    :raises TypeError: for a method, URL, pair, name or value of the wrong type.
    :raises ValueError: for a URL that is not absolute or has a non-ASCII
        scheme or host, a body that is not form data, a protocol parameter
        not named ``oauth_...``, or one given twice (also across the
        protocol parameters, query and body).

    >>> signature_base_string(
    ...     "post", "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b",
    ...     body="c2&a3=2+q",
    ...     oauth_params=[("oauth_consumer_key", "9djdj82h48djs9d2"),
    ...                   ("oauth_nonce", "7d8f3e4a")],
    ... )  # doctest: +NORMALIZE_WHITESPACE
    'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a'

    .. versionadded:: 1.1
    """
    return base_string(method, url, body, protocol_pairs(oauth_params))


def base_string(method: str, url: str, body: Body, protocol: list[tuple[str, str]]) -> str:
    """:func:`signature_base_string` of protocol parameters that :func:`protocol_pairs` checked."""
    check_method(method)
    uri = base_string_uri(url)
    normalized = _normalized_parameters(url, body, protocol)
    # Steps 1-5: method, "&", base string URI, "&", normalized parameters, each encoded.
    return "&".join(map(_RFC5849.encode, (method.upper(), uri, normalized)))
