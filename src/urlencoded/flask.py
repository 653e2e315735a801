"""Flask: read a urlencoded request body into a :class:`urlencoded.MultiDict`.

https://url.spec.whatwg.org/#concept-urlencoded-parser

Flask is imported only when these functions run; importing this module costs
nothing. :func:`read_form` raises the library's exceptions; :func:`form`
answers them with :func:`flask.abort` and the error's
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
from ._web import WSGI_BODY_CHECKS, MultiDict, parse_wsgi

if TYPE_CHECKING:
    from flask import Request
    from typing_extensions import Unpack

    from ._web import ServerOptions

__all__ = ["form", "read_form"]

_FIX = (
    "call urlencoded.flask.read_form() before anything reads request.form, request.values, "
    "request.files or request.stream, or cache the body first with request.get_data() "
    "(for example in a before_request hook that runs before CSRF protection)"
)


def _current_request() -> Request:
    from flask import request

    return request._get_current_object()  # type: ignore[attr-defined,no-any-return]


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

    >>> from flask import Flask
    >>> app = Flask("example")
    >>> with app.test_request_context(method="POST", data={"tag": ["a", "b"]}):
    ...     read_form(max_fields=10).get_all("tag")
    ['a', 'b']

    .. versionadded:: 1.1
    """
    if request is None:
        request = _current_request()
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
    return MultiDict(parse_wsgi(environ, **options))


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
    try:
        return read_form(**options)
    except BodyConsumedError:
        raise
    except URLEncodedError as error:
        _abort(error)


def _abort(error: URLEncodedError) -> NoReturn:
    from flask import abort

    abort(error.status, description=str(error))
