"""Query strings, and nested names in bodies, read from WSGI and ASGI requests.

https://url.spec.whatwg.org/#concept-urlencoded-parser

What the framework adapters share beyond :func:`urlencoded.parse_wsgi` and
:func:`urlencoded.parse_asgi`: a query string parsed with the same default
limits as a body, and a body or query read into dicts and lists
(:func:`urlencoded.parse_nested`) with the same checks, limits and encodings
as the flat form. A body is still read as it arrives; its bytes are kept
until the structure is built, so that a nesting error can give its field's
byte offset, as :func:`urlencoded.parse_nested` does. :class:`AnswerErrors`
answers a bad request's error with the framework's HTTP error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Callable, NoReturn

from .._core import (
    DEFAULT_MAX_BODY_SIZE,
    DEFAULT_MAX_FIELD_SIZE,
    DEFAULT_MAX_FIELDS,
    FormOptions,
    as_bytes,
    check_text_encoding,
    options_from,
    parse_with,
)
from .._errors import BodyConsumedError, URLEncodedError
from ._content_type import check_media_types
from ._nested import NestedValue, Nesting
from ._request_options import NestingOptions, QueryOptions, ServerOptions
from ._servers import ASGIMessage, ASGIReceive, ASGIScope, WSGIEnvironment, parse_asgi, parse_wsgi

if TYPE_CHECKING:
    from types import TracebackType

    from typing_extensions import Unpack

    from ._request_options import NestedQueryOptions, NestedServerOptions

__all__ = [
    "NESTING_OPTIONS",
    "AnswerErrors",
    "RecordingInput",
    "check_request_options",
    "parse_asgi_nested",
    "parse_query",
    "parse_query_nested",
    "parse_wsgi_nested",
]

#: The keyword arguments that only the nested readers take.
NESTING_OPTIONS: frozenset[str] = NestingOptions.__optional_keys__

# A query has no Content-Length to refuse early, but it gets the body's limits.
_QUERY_DEFAULTS: dict[str, object] = {
    "max_fields": DEFAULT_MAX_FIELDS,
    "max_field_size": DEFAULT_MAX_FIELD_SIZE,
    "max_body_size": DEFAULT_MAX_BODY_SIZE,
}
# The keywords of a body reader, and of a query reader (no honor_charset, no media_types).
_SERVER_OPTIONS: frozenset[str] = ServerOptions.__optional_keys__
_QUERY_OPTIONS: frozenset[str] = QueryOptions.__optional_keys__


def _split(
    caller: str, options: Mapping[str, object], allowed: frozenset[str] = _SERVER_OPTIONS
) -> tuple[Nesting, dict[str, Any]]:
    """The nesting options, checked, and the others, to pass on.

    :raises TypeError: for a keyword that *caller* does not take, naming it.
    """
    nesting: dict[str, Any] = {}
    rest: dict[str, Any] = {}
    for name, value in options.items():
        if name in NESTING_OPTIONS:
            nesting[name] = value
        elif name in allowed:
            rest[name] = value
        else:
            raise TypeError(f"{caller}() got an unexpected keyword argument {name!r}")
    return Nesting(**nesting), rest


def check_request_options(
    caller: str, options: Mapping[str, object], *, body: bool = True, nested: bool = True
) -> None:
    """Check a reader's keyword options before any request arrives (for dependencies).

    *body*: the options of a body reader (with ``honor_charset``), else of a
    query reader; *nested*: with the nesting options.

    :raises TypeError: for an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    :raises UnknownEncodingError: for an unknown *encoding* label.
    """
    allowed = _SERVER_OPTIONS if body else _QUERY_OPTIONS
    if not nested:
        unknown = NESTING_OPTIONS.intersection(options)
        if unknown:
            raise TypeError(f"{caller}() got an unexpected keyword argument {min(unknown)!r}")
    _, rest = _split(caller, options, allowed)
    honor_charset = rest.pop("honor_charset", False)
    if not isinstance(honor_charset, bool):
        raise TypeError(f"honor_charset must be a bool, not {type(honor_charset).__name__}")
    if "media_types" in rest:
        check_media_types(rest.pop("media_types"))
    options_from(caller, rest)


def parse_query(
    query: bytes | str, caller: str, **options: Unpack[QueryOptions]
) -> list[tuple[str, str]]:
    """Parse a request's query string (without ``?``) into pairs, with a body's default limits.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :param query: the raw query: bytes, or text as the URL holds it.
    :param caller: the public function's name, for an unknown keyword's error.
    :param options: the keyword arguments of :func:`urlencoded.parse`; the
        limits default to those of :func:`urlencoded.parse_wsgi`.
    :raises LimitExceeded: for a limit, as :func:`urlencoded.parse` raises it (413).
    :raises DecodeError: with ``errors="strict"``, for invalid bytes (400).
    :raises TypeError: for an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    """
    settings = options_from(caller, {**_QUERY_DEFAULTS, **options})
    check_text_encoding(query, settings.encoding)
    return parse_with(as_bytes(query, caller), settings)


def parse_query_nested(
    query: bytes | str, caller: str, **options: Unpack[NestedQueryOptions]
) -> dict[str, NestedValue]:
    """:func:`parse_query`, read into dicts and lists as :func:`urlencoded.parse_nested` does.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :raises NestingError: for names that do not describe one structure (400).
    :raises LimitExceeded: for a limit (413).
    :raises DecodeError: with ``errors="strict"``, for invalid bytes (400).
    :raises TypeError: for an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    """
    nesting, rest = _split(caller, options, _QUERY_OPTIONS)
    settings = options_from(caller, {**_QUERY_DEFAULTS, **rest})
    check_text_encoding(query, settings.encoding)
    body = as_bytes(query, caller)
    return nesting.build(parse_with(body, settings), body, settings)


def _split_server(
    caller: str, options: Mapping[str, object]
) -> tuple[Nesting, ServerOptions, FormOptions]:
    """The nesting options, the server reader's, and the settings to build the structure with.

    :raises TypeError: for an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    """
    nesting, rest = _split(caller, options)
    separated = options_from(caller, {"separator": rest.get("separator", "&")})
    server_options: ServerOptions = rest  # type: ignore[assignment]
    return nesting, server_options, separated


class RecordingInput:
    """A ``wsgi.input`` that keeps a copy of what is read from it."""

    def __init__(self, stream: object) -> None:
        read = getattr(stream, "read", None)
        if not callable(read):
            raise TypeError("environ['wsgi.input'] must be a file-like object with read()")
        self._read = read
        self.chunks: list[bytes] = []

    def read(self, size: int = -1) -> bytes:
        chunk = self._read(size)
        if isinstance(chunk, (bytes, bytearray)):
            self.chunks.append(bytes(chunk))
        return chunk  # type: ignore[no-any-return]


def parse_wsgi_nested(
    environ: WSGIEnvironment, caller: str, **options: Unpack[NestedServerOptions]
) -> dict[str, NestedValue]:
    """:func:`urlencoded.parse_wsgi`, into dicts and lists as :func:`urlencoded.parse_nested` does.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :raises NestingError: for names that do not describe one structure (400).
    :raises URLEncodedError: as :func:`urlencoded.parse_wsgi` does, and a
        :class:`LimitExceeded` for a nesting limit (413).
    :raises TypeError: for an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    """
    nesting, server_options, separated = _split_server(caller, options)
    recording: RecordingInput | None = None
    if "wsgi.input" in environ:
        recording = RecordingInput(environ["wsgi.input"])
        environ = {**environ, "wsgi.input": recording}
    pairs = parse_wsgi(environ, **server_options)
    body = b"".join(recording.chunks) if recording is not None else b""
    return nesting.build(pairs, body, separated)


async def parse_asgi_nested(
    scope: ASGIScope, receive: ASGIReceive, caller: str, **options: Unpack[NestedServerOptions]
) -> dict[str, NestedValue]:
    """:func:`urlencoded.parse_asgi`, into dicts and lists as :func:`urlencoded.parse_nested` does.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :raises NestingError: for names that do not describe one structure (400).
    :raises URLEncodedError: as :func:`urlencoded.parse_asgi` does, and a
        :class:`LimitExceeded` for a nesting limit (413).
    :raises TypeError: for an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    """
    nesting, server_options, separated = _split_server(caller, options)
    chunks: list[bytes] = []

    async def recording_receive() -> ASGIMessage:
        message = await receive()
        if isinstance(message, Mapping) and message.get("type") == "http.request":
            body = message.get("body", b"")
            if isinstance(body, bytes):
                chunks.append(body)
        return message

    if not callable(receive):
        raise TypeError(f"receive must be the ASGI receive callable, not {type(receive).__name__}")
    pairs = await parse_asgi(scope, recording_receive, **server_options)
    return nesting.build(pairs, b"".join(chunks), separated)


class AnswerErrors:
    """A ``with`` block whose request errors are answered with the framework's HTTP error.

    *answer* raises the framework's error for a :class:`URLEncodedError`
    raised in the block. A :class:`BodyConsumedError` passes as it is: it is
    a bug in the view, not in the request.
    """

    def __init__(self, answer: Callable[[URLEncodedError], NoReturn]) -> None:
        self._answer = answer

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if isinstance(error, URLEncodedError) and not isinstance(error, BodyConsumedError):
            self._answer(error)
