"""Flask: read a urlencoded request body or query string, flat or nested.

https://url.spec.whatwg.org/#concept-urlencoded-parser

Flask is imported only when these functions run; importing this module costs
nothing. The ``read_*`` functions raise the library's exceptions:
:func:`read_form` and :func:`read_query` give a :class:`urlencoded.MultiDict`,
:func:`read_nested_form` and :func:`read_nested_query` dicts and lists as
:func:`urlencoded.parse_nested` does. :func:`form`, :func:`query`,
:func:`nested_form` and :func:`nested_query` do the same for the current
request and answer the errors with :func:`flask.abort` and the error's
:attr:`~urlencoded.URLEncodedError.status` (400, 411, 413 or 415).

Werkzeug reads the body itself the first time anything touches
``request.form``, ``request.values``, ``request.files`` or
``request.stream``, and the body can be read only once. If that happened
first, :func:`read_form` raises :class:`urlencoded.BodyConsumedError` at once
instead of waiting for bytes that will never arrive, unless the body was
cached by ``request.get_data()``, which it then parses.

.. versionadded:: 1.1
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING, NoReturn

from ._errors import BodyConsumedError, URLEncodedError
from ._web import (
    WSGI_BODY_CHECKS,
    AnswerErrors,
    MultiDict,
    NestedValue,
    parse_query,
    parse_query_nested,
    parse_wsgi,
    parse_wsgi_nested,
)

if TYPE_CHECKING:
    from flask import Request
    from typing_extensions import Unpack

    from ._web import NestedQueryOptions, NestedServerOptions, QueryOptions, ServerOptions

__all__ = [
    "form",
    "nested_form",
    "nested_query",
    "query",
    "read_form",
    "read_nested_form",
    "read_nested_query",
    "read_query",
]

_FIX = (
    "call urlencoded.flask.read_form() before anything reads request.form, request.values, "
    "request.files or request.stream, or cache the body first with request.get_data() "
    "(for example in a before_request hook that runs before CSRF protection)"
)


def _current_request() -> Request:
    from flask import request

    return request._get_current_object()  # type: ignore[attr-defined,no-any-return]


def _request(request: Request | None, caller: str) -> Request:
    """*request*, the current request for None, or a TypeError for what is not a request."""
    from werkzeug.local import LocalProxy
    from werkzeug.wrappers import Request as WerkzeugRequest

    if request is None:
        return _current_request()
    if isinstance(request, LocalProxy):
        # flask.request itself: outside a request context, Flask's RuntimeError.
        request = request._get_current_object()
    if not isinstance(request, WerkzeugRequest):
        raise TypeError(f"{caller}() needs a Flask request, not {type(request).__name__}")
    return request


def _unread_position(request: Request) -> int:
    """How far Werkzeug's own ``request.stream`` has been read, if it was created."""
    stream = request.__dict__.get("stream")
    if stream is None:
        return 0
    try:
        return int(stream.tell())
    except (OSError, ValueError, AttributeError):
        return 1  # cannot tell: assume read


def _check_werkzeug_unread(environ: Mapping[str, object]) -> None:
    """Refuse at once a body that Werkzeug has already parsed, in any WSGI helper.

    Reading ``wsgi.input`` again would wait for bytes the client already sent,
    until it gives up. Werkzeug records its request in the environ.
    """
    request = environ.get("werkzeug.request")
    if "form" in getattr(request, "__dict__", {}):
        raise BodyConsumedError(
            "request.form (Werkzeug parsed it)",
            "call urlencoded.flask.read_form() instead of parse_wsgi() in a Flask view, "
            "before anything reads request.form",
        )


# urlencoded.parse_wsgi, called in a Flask view, then refuses too.
WSGI_BODY_CHECKS.append(_check_werkzeug_unread)


def _abort(error: URLEncodedError) -> NoReturn:
    from flask import abort

    abort(error.status, description=str(error))


# The errors of a bad request, as flask.abort answers them.
_ABORT = AnswerErrors(_abort)


def read_form(request: Request | None = None, **options: Unpack[ServerOptions]) -> MultiDict:
    """Parse a Flask request's urlencoded body into a :class:`~urlencoded.MultiDict`.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Reads ``request.environ`` with :func:`urlencoded.parse_wsgi` and its
    limits, encodings and checks; a body already cached by
    ``request.get_data()`` is parsed from the cache instead.

    :param request: the request; the current ``flask.request`` by default.
    :param options: any keyword argument of :func:`urlencoded.parse_wsgi`
        (``max_fields``, ``encoding``, ``errors``, ...).
    :returns: the fields, in body order.
    :raises BodyConsumedError: if Werkzeug already read the body (a bug in
        the view: the message says what read it and what to do).
    :raises URLEncodedError: as :func:`urlencoded.parse_wsgi` does.
    :raises TypeError: for a *request* that is not a Flask request, an unknown
        keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    :raises RuntimeError: without *request*, outside a Flask request context
        (Flask's own error).

    >>> from flask import Flask
    >>> app = Flask("example")
    >>> with app.test_request_context(method="POST", data={"tag": ["a", "b"]}):
    ...     read_form(max_fields=10).get_all("tag")
    ['a', 'b']

    .. versionadded:: 1.1
    """
    return MultiDict(parse_wsgi(_body_environ(request, "read_form"), **options))


def _body_environ(request: Request | None, caller: str) -> Mapping[str, object]:
    """The request's environ, with its body as Werkzeug left it, or a BodyConsumedError."""
    request = _request(request, caller)
    environ = request.environ
    cached = getattr(request, "_cached_data", None)
    if isinstance(cached, bytes):
        # Without "werkzeug.request", which would tell _check_werkzeug_unread the body is gone.
        environ = {key: value for key, value in environ.items() if key != "werkzeug.request"}
        environ["CONTENT_LENGTH"] = str(len(cached))
        environ["wsgi.input"] = io.BytesIO(cached)
    elif "form" in request.__dict__:
        raise BodyConsumedError("request.form (Werkzeug parsed it and kept no copy)", _FIX)
    elif _unread_position(request):
        raise BodyConsumedError("request.stream", _FIX)
    return environ


def form(**options: Unpack[ServerOptions]) -> MultiDict:
    """Like :func:`read_form`, but abort the request with the right status on bad input.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Calls :func:`flask.abort` with the error's
    :attr:`~urlencoded.URLEncodedError.status` (400, 411, 413 or 415) and its
    message. :class:`BodyConsumedError` is a bug in the view, not in the
    request, and is raised as it is.

    :param options: any keyword argument of :func:`urlencoded.parse_wsgi`.
    :returns: the fields of the current request, in body order.
    :raises BodyConsumedError: as for :func:`read_form`.
    :raises werkzeug.exceptions.HTTPException: for a bad request body.
    :raises TypeError: for an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    :raises RuntimeError: outside a Flask request context (Flask's own error).

    >>> from flask import Flask
    >>> app = Flask("example")
    >>> with app.test_request_context(method="POST", data="a=1", content_type="text/plain"):
    ...     try:
    ...         form()
    ...     except Exception as error:
    ...         print(error.code)
    415

    .. versionadded:: 1.1
    """
    with _ABORT:
        return read_form(**options)


def read_nested_form(
    request: Request | None = None, **options: Unpack[NestedServerOptions]
) -> dict[str, NestedValue]:
    """Parse a Flask request's urlencoded body into dicts and lists from bracketed names.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Reads the body as :func:`read_form` does, with the same Content-Type
    check, limits and encodings, then reads its names as
    :func:`urlencoded.parse_nested` does.

    :param request: the request; the current ``flask.request`` by default.
    :param options: any keyword argument of :func:`read_form`, and
        ``max_depth``, ``max_list_index``, ``max_keys`` and ``duplicates``
        as for :func:`urlencoded.parse_nested`.
    :returns: a dict of str, dicts and lists.
    :raises BodyConsumedError: as for :func:`read_form`.
    :raises NestingError: for names that do not describe one structure (400).
    :raises URLEncodedError: as :func:`read_form` does, and a
        :class:`~urlencoded.LimitExceeded` for a nesting limit (413).
    :raises TypeError: for a *request* that is not a Flask request, an unknown
        keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    :raises RuntimeError: without *request*, outside a Flask request context
        (Flask's own error).

    >>> from flask import Flask
    >>> app = Flask("example")
    >>> with app.test_request_context(method="POST", data="user[name]=Ada&tag=a&tag=b",
    ...                               content_type="application/x-www-form-urlencoded"):
    ...     read_nested_form(max_depth=2)
    {'user': {'name': 'Ada'}, 'tag': ['a', 'b']}

    .. versionadded:: 1.1
    """
    return parse_wsgi_nested(
        _body_environ(request, "read_nested_form"), "read_nested_form", **options
    )


def nested_form(**options: Unpack[NestedServerOptions]) -> dict[str, NestedValue]:
    """Like :func:`read_nested_form`, but abort the request with the right status on bad input.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :param options: any keyword argument of :func:`read_nested_form`.
    :returns: the current request's body as dicts and lists.
    :raises BodyConsumedError: as for :func:`read_form`.
    :raises werkzeug.exceptions.HTTPException: for a bad request body (400,
        411, 413 or 415).
    :raises TypeError: for an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    :raises RuntimeError: outside a Flask request context (Flask's own error).

    .. versionadded:: 1.1
    """
    with _ABORT:
        return read_nested_form(**options)


def _query_string(request: Request | None, caller: str) -> bytes:
    return _request(request, caller).query_string


def read_query(request: Request | None = None, **options: Unpack[QueryOptions]) -> MultiDict:
    """Parse a Flask request's query string into a :class:`~urlencoded.MultiDict`.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Parses ``request.query_string`` (the raw bytes after ``?``) with
    :func:`urlencoded.parse`, and by default the limits of :func:`read_form`.

    :param request: the request; the current ``flask.request`` by default.
    :param options: any keyword argument of :func:`urlencoded.parse`
        (``max_fields``, ``encoding``, ``errors``, ``charset_field``, ...).
    :returns: the fields, in query order.
    :raises LimitExceeded: for a limit (413).
    :raises DecodeError: with ``errors="strict"``, for invalid bytes (400).
    :raises TypeError: for a *request* that is not a Flask request, an unknown
        keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    :raises RuntimeError: without *request*, outside a Flask request context
        (Flask's own error).

    >>> from flask import Flask
    >>> app = Flask("example")
    >>> with app.test_request_context("/?tag=a&tag=b&q=caf%C3%A9"):
    ...     read_query().get_all("tag"), read_query()["q"]
    (['a', 'b'], 'café')

    .. versionadded:: 1.1
    """
    return MultiDict(parse_query(_query_string(request, "read_query"), "read_query", **options))


def query(**options: Unpack[QueryOptions]) -> MultiDict:
    """Like :func:`read_query`, but abort the request with the right status on bad input.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :param options: any keyword argument of :func:`read_query`.
    :returns: the current request's query fields, in order.
    :raises werkzeug.exceptions.HTTPException: for a bad query (400 or 413).
    :raises TypeError: for an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    :raises RuntimeError: outside a Flask request context (Flask's own error).

    .. versionadded:: 1.1
    """
    with _ABORT:
        return read_query(**options)


def read_nested_query(
    request: Request | None = None, **options: Unpack[NestedQueryOptions]
) -> dict[str, NestedValue]:
    """Parse a Flask request's query string into dicts and lists from bracketed names.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :func:`read_query`, with names read as :func:`urlencoded.parse_nested` reads them.

    :param request: the request; the current ``flask.request`` by default.
    :param options: any keyword argument of :func:`read_query`, and
        ``max_depth``, ``max_list_index``, ``max_keys`` and ``duplicates``.
    :returns: a dict of str, dicts and lists.
    :raises NestingError: for names that do not describe one structure (400).
    :raises LimitExceeded: for a limit (413).
    :raises DecodeError: with ``errors="strict"``, for invalid bytes (400).
    :raises TypeError: for a *request* that is not a Flask request, an unknown
        keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    :raises RuntimeError: without *request*, outside a Flask request context
        (Flask's own error).

    >>> from flask import Flask
    >>> app = Flask("example")
    >>> with app.test_request_context("/?filter[status]=open&sort[]=-date"):
    ...     read_nested_query()
    {'filter': {'status': 'open'}, 'sort': ['-date']}

    .. versionadded:: 1.1
    """
    return parse_query_nested(
        _query_string(request, "read_nested_query"), "read_nested_query", **options
    )


def nested_query(**options: Unpack[NestedQueryOptions]) -> dict[str, NestedValue]:
    """Like :func:`read_nested_query`, but abort the request with the right status on bad input.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :param options: any keyword argument of :func:`read_nested_query`.
    :returns: the current request's query as dicts and lists.
    :raises werkzeug.exceptions.HTTPException: for a bad query (400 or 413).
    :raises TypeError: for an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.
    :raises RuntimeError: outside a Flask request context (Flask's own error).

    .. versionadded:: 1.1
    """
    with _ABORT:
        return read_nested_query(**options)
