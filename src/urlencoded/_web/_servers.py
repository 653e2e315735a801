"""Read a urlencoded request body from a WSGI or ASGI server, with limits.

https://url.spec.whatwg.org/#concept-urlencoded-parser

Both helpers do the same four things: check the Content-Type
(:func:`urlencoded.check_content_type`), reject a declared Content-Length
over ``max_body_size`` before reading a byte, feed the body to an
:class:`urlencoded.IncrementalParser` chunk by chunk as it arrives, and turn
a body that ends early into :class:`urlencoded.ClientDisconnected`. Every
failure is an exception from ``_errors.py`` whose ``status`` attribute is
the HTTP status to answer with; the helpers never write a response, so they
fit any framework.

WSGI (PEP 3333) gives the body as ``environ["wsgi.input"]``, which may only
be read up to ``CONTENT_LENGTH``. A chunked body has no length; it may be
read to its end only where the server sets ``wsgi.input_terminated`` (an
extension that gunicorn and waitress, among others, implement). Elsewhere,
for example under the standard library's ``wsgiref``, a chunked body cannot
be read safely, and :func:`parse_wsgi` raises
:class:`urlencoded.ContentLengthError` (411) instead of returning nothing.

ASGI servers decode chunked bodies themselves and send ``http.request``
messages; ``http.disconnect`` before the last one means the client left.
The ASGI types below are small structural aliases, so that this module
depends on no framework.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Collection, Iterator, Mapping
from typing import Callable

from .._core import (
    BLOCK,
    DEFAULT_MAX_BODY_SIZE,
    DEFAULT_MAX_FIELD_SIZE,
    DEFAULT_MAX_FIELDS,
    Errors,
    Separator,
    form_options,
)
from .._encoding import Encoding
from .._errors import (
    BodyConsumedError,
    BodyTooLarge,
    ClientDisconnected,
    ContentLengthError,
    LimitExceeded,
    UnsupportedMediaType,
    URLEncodedError,
)
from ._content_type import MEDIA_TYPES, check_content_type, check_media_types
from ._streaming import IncrementalParser

__all__ = [
    "ASGIMessage",
    "ASGIReceive",
    "ASGIScope",
    "WSGIEnvironment",
    "error_status",
    "parse_asgi",
    "parse_wsgi",
]

#: A WSGI environ (PEP 3333).
WSGIEnvironment = Mapping[str, object]
#: An ASGI HTTP connection scope.
ASGIScope = Mapping[str, object]
#: An ASGI event, such as ``{"type": "http.request", "body": b"...", "more_body": False}``.
ASGIMessage = Mapping[str, object]
#: The ASGI ``receive`` callable.
ASGIReceive = Callable[[], Awaitable[ASGIMessage]]

# More decimal digits than any body size a server could hold.
_MAX_LENGTH_DIGITS = 18


def _content_length(raw: str | None, max_body_size: int | None) -> int | None:
    """Parse a Content-Length value; reject one over the limit before reading."""
    if raw is None:
        return None
    # https://httpwg.org/specs/rfc9110.html#field.content-length: 1*DIGIT
    if not (raw.isascii() and raw.isdigit()):
        raise ContentLengthError(raw, f"Content-Length {raw!r} is not a decimal number")
    digits = raw.lstrip("0") or "0"
    if len(digits) > _MAX_LENGTH_DIGITS:
        if max_body_size is not None:
            raise BodyTooLarge(
                "max_body_size", max_body_size, 0, f"Content-Length is {len(digits)} digits long"
            )
        raise ContentLengthError(raw, f"Content-Length has {len(digits)} digits")
    length = int(digits)
    if max_body_size is not None and length > max_body_size:
        raise BodyTooLarge("max_body_size", max_body_size, 0, f"Content-Length is {length}")
    return length


#: Checks that a framework adapter adds when it is imported: each is given
#: the environ and raises :class:`BodyConsumedError` if its framework has
#: already read the body, since reading ``wsgi.input`` again would wait for
#: bytes the client already sent, until it gives up.
WSGI_BODY_CHECKS: list[Callable[[WSGIEnvironment], None]] = []


def parse_wsgi(
    environ: WSGIEnvironment,
    *,
    encoding: str | Encoding = "UTF-8",
    honor_charset: bool = False,
    media_types: Collection[str] = MEDIA_TYPES,
    errors: Errors = "replace",
    isindex: bool = False,
    charset_field: str | None = None,
    separator: Separator = "&",
    max_fields: int | None = DEFAULT_MAX_FIELDS,
    max_field_size: int | None = DEFAULT_MAX_FIELD_SIZE,
    max_body_size: int | None = DEFAULT_MAX_BODY_SIZE,
) -> list[tuple[str, str]]:
    """Parse a WSGI request's urlencoded body into (name, value) pairs.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Checks ``CONTENT_TYPE`` with :func:`check_content_type`, then reads
    ``wsgi.input`` in 64 KiB chunks up to ``CONTENT_LENGTH``. A request
    without ``CONTENT_LENGTH`` is read to its end if the server sets
    ``wsgi.input_terminated``; otherwise it has no body (``[]``), unless it
    declares ``Transfer-Encoding``, which raises :class:`ContentLengthError`.
    The limits are those of :class:`IncrementalParser`, with the same
    defaults; a ``CONTENT_LENGTH`` over ``max_body_size`` is refused before
    reading.

    :param environ: the WSGI environ.
    :param encoding: the body's encoding when the charset is not honoured.
    :param honor_charset: decode with the Content-Type's ``charset``, for
        legacy clients (HTML says to ignore it).
    :param media_types: the Content-Types to accept, as for
        :func:`check_content_type` (add ``"application/sgml-form-urlencoded"``
        for Lynx).
    :param errors: ``"replace"`` or ``"strict"``, as for :func:`parse`.
    :param isindex: as for :func:`parse`.
    :param charset_field: as for :func:`parse`: a field of this name holding a
        known label picks the encoding of every field (it overrides the
        Content-Type's charset too). The fields are held until it arrives;
        see :class:`IncrementalParser` for the memory this costs.
    :param separator: as for :func:`parse`: the one byte between fields,
        or a tuple of them such as ``("&", ";")``.
    :param max_fields: most fields (default 1000; ``None``: no limit).
    :param max_field_size: most bytes of one field's raw name plus value (default 1 MiB).
    :param max_body_size: most bytes of body (default 10 MiB).
    :returns: the ``(name, value)`` pairs, in body order.
    :raises UnsupportedMediaType: if the body is not a urlencoded form (415).
    :raises LimitExceeded: a :class:`TooManyFields`, :class:`FieldTooLarge`
        or :class:`BodyTooLarge` (413).
    :raises ContentLengthError: for a malformed ``CONTENT_LENGTH`` (400), or a
        chunked body the server cannot delimit (411).
    :raises ClientDisconnected: if the body ends or the connection fails
        before ``CONTENT_LENGTH`` bytes.
    :raises DecodeError: with ``errors="strict"``, for invalid bytes (400).
    :raises BodyConsumedError: if a framework already read the body (the
        adapters check it: :mod:`urlencoded.flask`, once imported, for
        Werkzeug's ``request.form``).
    :raises TypeError: if an option or ``wsgi.input`` has the wrong type.
    :raises ValueError: for a negative limit, an unknown *errors* value, a bad
        *separator*, *charset_field* or *media_types*.

    >>> import io
    >>> body = b"name=Ren%C3%A9e&tags=a+b"
    >>> environ = {
    ...     "CONTENT_TYPE": "application/x-www-form-urlencoded",
    ...     "CONTENT_LENGTH": str(len(body)),
    ...     "wsgi.input": io.BytesIO(body),
    ... }
    >>> parse_wsgi(environ)
    [('name', 'Renée'), ('tags', 'a b')]

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *isindex*, *charset_field*, *separator* and *media_types*.
    """
    if not isinstance(environ, Mapping):
        raise TypeError(f"environ must be a mapping, not {type(environ).__name__}")
    # Every option is validated once, before anything of the request is read.
    options = form_options(
        encoding=encoding,
        errors=errors,
        isindex=isindex,
        charset_field=charset_field,
        separator=separator,
        max_fields=max_fields,
        max_field_size=max_field_size,
        max_body_size=max_body_size,
    )
    accepted = check_media_types(media_types)
    for check in WSGI_BODY_CHECKS:
        check(environ)
    content_type = environ.get("CONTENT_TYPE")
    if content_type is not None and not isinstance(content_type, str):
        raise TypeError(f"CONTENT_TYPE must be a str, not {type(content_type).__name__}")
    body_encoding = check_content_type(
        content_type or None,
        honor_charset=honor_charset,
        encoding=options.encoding,
        media_types=accepted,
    )
    raw_length = environ.get("CONTENT_LENGTH")
    if raw_length is not None and not isinstance(raw_length, str):
        raise TypeError(f"CONTENT_LENGTH must be a str, not {type(raw_length).__name__}")
    # PEP 3333: CONTENT_LENGTH "may be empty or absent".
    length = _content_length(
        raw_length.strip() if raw_length else None, options.limits.max_body_size
    )
    parser = IncrementalParser._from_options(options, body_encoding)
    if length is None:
        if environ.get("wsgi.input_terminated"):
            length = -1
        elif environ.get("HTTP_TRANSFER_ENCODING"):
            raise ContentLengthError(
                None,
                "the request body has no Content-Length (Transfer-Encoding: "
                f"{environ.get('HTTP_TRANSFER_ENCODING')}) and the WSGI server does not "
                "set wsgi.input_terminated, so its end cannot be found",
            )
        else:
            return parser.close()
    stream = environ.get("wsgi.input")
    read = getattr(stream, "read", None)
    if not callable(read):
        raise TypeError("environ['wsgi.input'] must be a file-like object with read()")
    pairs: list[tuple[str, str]] = []
    received = 0
    while length < 0 or received < length:
        size = BLOCK if length < 0 else min(BLOCK, length - received)
        try:
            chunk = read(size)
        except OSError as error:
            raise ClientDisconnected(received, None if length < 0 else length) from error
        if not chunk:
            if length < 0:
                break
            raise ClientDisconnected(received, length)
        pairs += parser.feed(chunk)
        received += len(chunk)
    pairs += parser.close()
    return pairs


def _asgi_headers(scope: ASGIScope, name: bytes) -> Iterator[bytes]:
    """The values of every header called *name* (lowercase bytes) in an ASGI scope."""
    headers = scope.get("headers", ())
    if isinstance(headers, (str, bytes)) or not hasattr(headers, "__iter__"):
        raise TypeError(f"scope['headers'] must be an iterable, not {type(headers).__name__}")
    for header in headers:
        # The ASGI spec says "an iterable of [name, value] two-item iterables".
        if isinstance(header, (str, bytes)) or not hasattr(header, "__iter__"):
            raise TypeError(
                f"an ASGI header must be a (name, value) pair, not {type(header).__name__}"
            )
        parts = tuple(header)
        if len(parts) != 2:
            raise TypeError(f"an ASGI header must be a (name, value) pair, not {len(parts)} items")
        key, value = parts
        if not isinstance(key, bytes) or not isinstance(value, bytes):
            raise TypeError("ASGI header names and values must be bytes")
        if key.lower() == name:
            yield value


def _one_header(scope: ASGIScope, name: bytes) -> bytes | None:
    values = list(_asgi_headers(scope, name))
    if len(values) > 1:
        if name == b"content-type":
            raise UnsupportedMediaType(
                b", ".join(values).decode("latin-1"), "more than one Content-Type header"
            )
        raise ContentLengthError(
            b", ".join(values).decode("latin-1"), "more than one Content-Length header"
        )
    return values[0] if values else None


async def parse_asgi(
    scope: ASGIScope,
    receive: ASGIReceive,
    *,
    encoding: str | Encoding = "UTF-8",
    honor_charset: bool = False,
    media_types: Collection[str] = MEDIA_TYPES,
    errors: Errors = "replace",
    isindex: bool = False,
    charset_field: str | None = None,
    separator: Separator = "&",
    max_fields: int | None = DEFAULT_MAX_FIELDS,
    max_field_size: int | None = DEFAULT_MAX_FIELD_SIZE,
    max_body_size: int | None = DEFAULT_MAX_BODY_SIZE,
) -> list[tuple[str, str]]:
    """Parse an ASGI HTTP request's urlencoded body into (name, value) pairs.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Checks the ``content-type`` header with :func:`check_content_type`,
    refuses a ``content-length`` over ``max_body_size`` before receiving,
    then awaits ``http.request`` messages from *receive* and feeds each body
    chunk to an :class:`IncrementalParser` as it arrives, until
    ``more_body`` is false. The limits and their defaults are those of
    :class:`IncrementalParser`.

    :param scope: the ASGI ``http`` scope.
    :param receive: the ASGI ``receive`` awaitable callable.
    :param encoding: the body's encoding when the charset is not honoured.
    :param honor_charset: decode with the Content-Type's ``charset``, for
        legacy clients (HTML says to ignore it).
    :param media_types: the Content-Types to accept, as for
        :func:`check_content_type` (add ``"application/sgml-form-urlencoded"``
        for Lynx).
    :param errors: ``"replace"`` or ``"strict"``, as for :func:`parse`.
    :param isindex: as for :func:`parse`.
    :param charset_field: as for :func:`parse`: a field of this name holding a
        known label picks the encoding of every field (it overrides the
        Content-Type's charset too). The fields are held until it arrives;
        see :class:`IncrementalParser` for the memory this costs.
    :param separator: as for :func:`parse`: the one byte between fields,
        or a tuple of them such as ``("&", ";")``.
    :param max_fields: most fields (default 1000; ``None``: no limit).
    :param max_field_size: most bytes of one field's raw name plus value (default 1 MiB).
    :param max_body_size: most bytes of body (default 10 MiB).
    :returns: the ``(name, value)`` pairs, in body order.
    :raises UnsupportedMediaType: if the body is not a urlencoded form (415).
    :raises LimitExceeded: a :class:`TooManyFields`, :class:`FieldTooLarge`
        or :class:`BodyTooLarge` (413).
    :raises ContentLengthError: for a malformed ``content-length`` (400).
    :raises ClientDisconnected: on ``http.disconnect`` before the body's end.
    :raises DecodeError: with ``errors="strict"``, for invalid bytes (400).
    :raises TypeError: if an option, the scope, *receive* or a message has the
        wrong type.
    :raises ValueError: for a scope that is not ``http``, an unexpected message
        type, a negative limit, an unknown *errors* value, a bad *separator*,
        *charset_field* or *media_types*.

    >>> import asyncio
    >>> headers = [(b"content-type", b"application/x-www-form-urlencoded")]
    >>> scope = {"type": "http", "headers": headers}
    >>> messages = iter([
    ...     {"type": "http.request", "body": b"q=caf%C3", "more_body": True},
    ...     {"type": "http.request", "body": b"%A9&lang=fr", "more_body": False},
    ... ])
    >>> async def receive():
    ...     return next(messages)
    >>> asyncio.run(parse_asgi(scope, receive))
    [('q', 'café'), ('lang', 'fr')]

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *isindex*, *charset_field*, *separator* and *media_types*.
    """
    if not isinstance(scope, Mapping):
        raise TypeError(f"scope must be a mapping, not {type(scope).__name__}")
    if scope.get("type") != "http":
        raise ValueError(f"parse_asgi() needs an 'http' scope, not {scope.get('type')!r}")
    # Every option is validated once, before anything of the request is read.
    options = form_options(
        encoding=encoding,
        errors=errors,
        isindex=isindex,
        charset_field=charset_field,
        separator=separator,
        max_fields=max_fields,
        max_field_size=max_field_size,
        max_body_size=max_body_size,
    )
    accepted = check_media_types(media_types)
    body_encoding = check_content_type(
        _one_header(scope, b"content-type"),
        honor_charset=honor_charset,
        encoding=options.encoding,
        media_types=accepted,
    )
    raw_length = _one_header(scope, b"content-length")
    length = _content_length(
        None if raw_length is None else raw_length.decode("latin-1").strip(" \t"),
        options.limits.max_body_size,
    )
    parser = IncrementalParser._from_options(options, body_encoding)
    pairs: list[tuple[str, str]] = []
    if not callable(receive):
        raise TypeError(f"receive must be the ASGI receive callable, not {type(receive).__name__}")
    while True:
        pending = receive()
        if not inspect.isawaitable(pending):
            raise TypeError(
                f"receive() must return an awaitable (ASGI's receive is async), "
                f"not {type(pending).__name__}"
            )
        message = await pending
        if not isinstance(message, Mapping):
            raise TypeError(f"receive() must return a mapping, not {type(message).__name__}")
        kind = message.get("type")
        if kind == "http.request":
            body = message.get("body", b"")
            if not isinstance(body, bytes):
                raise TypeError(f"http.request body must be bytes, not {type(body).__name__}")
            pairs += parser.feed(body)
            if not message.get("more_body", False):
                break
        elif kind == "http.disconnect":
            raise ClientDisconnected(parser.bytes_received, length)
        else:
            raise ValueError(f"unexpected ASGI message {kind!r} while reading the request body")
    pairs += parser.close()
    return pairs


def error_status(error: BaseException) -> int:
    """The HTTP status code to answer a request whose body raised *error*.

    413 Content Too Large for :class:`LimitExceeded`, 415 Unsupported Media
    Type for :class:`UnsupportedMediaType`, 411 Length Required for a
    chunked body that cannot be delimited, 401 for a signature that did not
    verify, and 400 Bad Request for any other :class:`URLEncodedError` (a
    malformed length, invalid bytes in strict mode, a client that
    disconnected). Anything else, including
    :class:`BodyConsumedError`, is a server bug: 500.

    :param error: an exception raised by :func:`parse_wsgi`, :func:`parse_asgi`
        or :class:`IncrementalParser`.
    :returns: an HTTP status code.

    >>> from urlencoded import TooManyFields
    >>> error_status(TooManyFields("max_fields", 1000, 8000, "field 1001 starts here"))
    413

    .. versionadded:: 1.0
    """
    if isinstance(error, BodyConsumedError):
        return 500
    if isinstance(error, LimitExceeded):
        return 413
    if isinstance(error, UnsupportedMediaType):
        return 415
    if isinstance(error, ContentLengthError) and error.content_length is None:
        return 411
    if isinstance(error, URLEncodedError):
        return error.status  # 400, or a signature error's 401
    return 500
