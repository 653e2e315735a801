"""Django: read a urlencoded request body or query string, flat or nested.

https://url.spec.whatwg.org/#concept-urlencoded-parser

Django is imported only when these functions run; importing this module
costs nothing. Works under WSGI and ASGI. :func:`read_form` and
:func:`read_query` give a :class:`urlencoded.MultiDict`,
:func:`read_nested_form` and :func:`read_nested_query` dicts and lists as
:func:`urlencoded.parse_nested` does; each raises the library's exceptions,
which :func:`error_response` answers. :class:`FormParserMiddleware` makes
``request.POST`` itself come from this library, before
``CsrfViewMiddleware`` reads it.

Django reads the body itself the first time anything touches ``request.POST``
or ``request.body`` (``CsrfViewMiddleware`` reads ``request.POST`` on every
POST it checks). For a urlencoded body it keeps a copy, which
:func:`read_form` then parses, so CSRF protection can stay on. A body read
through ``request.read()`` or by the multipart parser is gone:
:func:`read_form` raises :class:`urlencoded.BodyConsumedError` at once.

Under WSGI, Django reads a request body only up to ``CONTENT_LENGTH``; a
chunked body without one (as ``runserver`` passes it on) cannot be read at
all, and :func:`read_form` raises :class:`urlencoded.ContentLengthError`
(411 Length Required) instead of returning an empty form.

.. versionadded:: 1.1
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Callable

from ._errors import BodyConsumedError, ContentLengthError, URLEncodedError
from ._web import (
    MultiDict,
    NestedValue,
    RecordingInput,
    check_request_options,
    parse_query,
    parse_query_nested,
    parse_wsgi,
    parse_wsgi_nested,
)

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse
    from typing_extensions import Unpack

    from ._web import NestedQueryOptions, NestedServerOptions, QueryOptions, ServerOptions

__all__ = [
    "FormParserMiddleware",
    "error_response",
    "read_form",
    "read_nested_form",
    "read_nested_query",
    "read_query",
]

_FIX = (
    "call urlencoded.django.read_form() before anything calls request.read() or iterates "
    "the request; request.POST and request.body keep a copy that read_form() can use"
)


def read_form(request: HttpRequest, **options: Unpack[ServerOptions]) -> MultiDict:
    """Parse a Django request's urlencoded body into a :class:`~urlencoded.MultiDict`.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Reads the body with :func:`urlencoded.parse_wsgi`'s checks and limits
    (from ``request.read()``, or from Django's copy if ``request.POST`` or
    ``request.body`` was read first). Django's own
    ``DATA_UPLOAD_MAX_MEMORY_SIZE`` and ``DATA_UPLOAD_MAX_NUMBER_FIELDS``
    apply only to ``request.POST`` and ``request.body``.

    :param request: the Django request.
    :param options: any keyword argument of :func:`urlencoded.parse_wsgi`
        (``max_fields``, ``encoding``, ``errors``, ...).
    :returns: the fields, in body order.
    :raises BodyConsumedError: if the body was read without keeping a copy.
    :raises ContentLengthError: for a chunked body under WSGI (411).
    :raises URLEncodedError: as :func:`urlencoded.parse_wsgi` does.
    :raises TypeError: for a *request* that is not a Django request, an
        unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.

    >>> from django.conf import settings
    >>> if not settings.configured:
    ...     settings.configure()
    >>> from django.test import RequestFactory
    >>> request = RequestFactory().post(
    ...     "/", "tag=a&tag=b", content_type="application/x-www-form-urlencoded")
    >>> read_form(request, max_fields=10).get_all("tag")
    ['a', 'b']

    .. versionadded:: 1.1
    """
    return MultiDict(parse_wsgi(_body_environ(request, "read_form"), **options))


def _request_meta(request: HttpRequest, caller: str) -> Mapping[str, object]:
    """The request's META, or a TypeError for what is not a Django request.

    Duck-typed: Django REST framework's ``Request`` passes its attributes on.
    """
    meta = getattr(request, "META", None)
    if not isinstance(meta, Mapping):
        raise TypeError(f"{caller}() needs a Django HttpRequest, not {type(request).__name__}")
    return meta


def _body_environ(request: HttpRequest, caller: str) -> dict[str, object]:
    """A WSGI environ for the request's body, wherever Django left it."""
    meta = _request_meta(request, caller)
    asgi = getattr(request, "scope", None) is not None
    length = meta.get("CONTENT_LENGTH") or None
    transfer_encoding = meta.get("HTTP_TRANSFER_ENCODING")
    if length is None and transfer_encoding and not asgi:
        # Django's WSGIRequest reads at most CONTENT_LENGTH bytes, so it
        # sees this body as empty: refuse it rather than return nothing.
        raise ContentLengthError(
            None,
            f"the request body has no Content-Length (Transfer-Encoding: {transfer_encoding})"
            " and Django reads a WSGI request body only up to its Content-Length",
        )
    stream: object = request
    cached = getattr(request, "_body", None)
    if isinstance(cached, bytes):
        stream, length = io.BytesIO(cached), str(len(cached))
    elif getattr(request, "_read_started", False):
        raise BodyConsumedError("request.read()", _FIX)
    environ = {
        "CONTENT_TYPE": meta.get("CONTENT_TYPE"),
        "CONTENT_LENGTH": length,
        "wsgi.input": stream,
        # An ASGI request's body is complete in Django's temporary file.
        "wsgi.input_terminated": asgi,
    }
    return environ


def read_nested_form(
    request: HttpRequest, **options: Unpack[NestedServerOptions]
) -> dict[str, NestedValue]:
    """Parse a Django request's urlencoded body into dicts and lists from bracketed names.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Reads the body as :func:`read_form` does, with the same Content-Type
    check, limits and encodings, then reads its names as
    :func:`urlencoded.parse_nested` does.

    :param request: the Django request.
    :param options: any keyword argument of :func:`read_form`, and
        ``max_depth``, ``max_list_index``, ``max_keys`` and ``duplicates``
        as for :func:`urlencoded.parse_nested`.
    :returns: a dict of str, dicts and lists.
    :raises BodyConsumedError: as for :func:`read_form`.
    :raises ContentLengthError: as for :func:`read_form`.
    :raises NestingError: for names that do not describe one structure (400).
    :raises URLEncodedError: as :func:`read_form` does, and a
        :class:`~urlencoded.LimitExceeded` for a nesting limit (413).
    :raises TypeError: for a *request* that is not a Django request, an
        unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.

    >>> from django.conf import settings
    >>> if not settings.configured:
    ...     settings.configure()
    >>> from django.test import RequestFactory
    >>> request = RequestFactory().post(
    ...     "/", "user[name]=Ada&tag=a&tag=b", content_type="application/x-www-form-urlencoded")
    >>> read_nested_form(request, max_depth=2)
    {'user': {'name': 'Ada'}, 'tag': ['a', 'b']}

    .. versionadded:: 1.1
    """
    return parse_wsgi_nested(
        _body_environ(request, "read_nested_form"), "read_nested_form", **options
    )


def _query_string(request: HttpRequest, caller: str) -> bytes:
    """The raw query: ASGI's bytes, or WSGI's native string mapped back to its bytes."""
    meta = _request_meta(request, caller)
    scope = getattr(request, "scope", None)
    if isinstance(scope, dict) and isinstance(scope.get("query_string"), bytes):
        return bytes(scope["query_string"])
    raw = meta.get("QUERY_STRING", "")
    # PEP 3333: a native string holds the bytes as latin-1 code points.
    return raw.encode("latin-1") if isinstance(raw, str) else b""


def read_query(request: HttpRequest, **options: Unpack[QueryOptions]) -> MultiDict:
    """Parse a Django request's query string into a :class:`~urlencoded.MultiDict`.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Parses the raw query (the bytes after ``?``, not Django's
    ``request.GET``) with :func:`urlencoded.parse`, and by default the limits
    of :func:`read_form`.

    :param request: the Django request.
    :param options: any keyword argument of :func:`urlencoded.parse`
        (``max_fields``, ``encoding``, ``errors``, ``charset_field``, ...).
    :returns: the fields, in query order.
    :raises LimitExceeded: for a limit (413).
    :raises DecodeError: with ``errors="strict"``, for invalid bytes (400).
    :raises TypeError: for a *request* that is not a Django request, an
        unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.

    >>> from django.conf import settings
    >>> if not settings.configured:
    ...     settings.configure()
    >>> from django.test import RequestFactory
    >>> read_query(RequestFactory().get("/?tag=a&tag=b")).get_all("tag")
    ['a', 'b']

    .. versionadded:: 1.1
    """
    return MultiDict(parse_query(_query_string(request, "read_query"), "read_query", **options))


def read_nested_query(
    request: HttpRequest, **options: Unpack[NestedQueryOptions]
) -> dict[str, NestedValue]:
    """Parse a Django request's query string into dicts and lists from bracketed names.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :func:`read_query`, with names read as :func:`urlencoded.parse_nested` reads them.

    :param request: the Django request.
    :param options: any keyword argument of :func:`read_query`, and
        ``max_depth``, ``max_list_index``, ``max_keys`` and ``duplicates``.
    :returns: a dict of str, dicts and lists.
    :raises NestingError: for names that do not describe one structure (400).
    :raises LimitExceeded: for a limit (413).
    :raises DecodeError: with ``errors="strict"``, for invalid bytes (400).
    :raises TypeError: for a *request* that is not a Django request, an
        unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.

    >>> from django.conf import settings
    >>> if not settings.configured:
    ...     settings.configure()
    >>> from django.test import RequestFactory
    >>> read_nested_query(RequestFactory().get("/?filter[status]=open&sort[]=-date"))
    {'filter': {'status': 'open'}, 'sort': ['-date']}

    .. versionadded:: 1.1
    """
    return parse_query_nested(
        _query_string(request, "read_nested_query"), "read_nested_query", **options
    )


def error_response(error: URLEncodedError) -> HttpResponse:
    """A plain-text response to a request whose body raised *error*.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :param error: an exception from :func:`read_form`.
    :returns: an ``HttpResponse`` with the error's
        :attr:`~urlencoded.URLEncodedError.status` (400, 411, 413, 415, or 500 for
        :class:`BodyConsumedError`) and its message, in UTF-8 (a lone surrogate
        as its ``\\udXXX`` escape).
    :raises TypeError: for an *error* that is not a :class:`~urlencoded.URLEncodedError`.

    >>> from django.conf import settings
    >>> if not settings.configured:
    ...     settings.configure()
    >>> from urlencoded import TooManyFields
    >>> error_response(TooManyFields("max_fields", 1, 4, "field 2 starts here")).status_code
    413

    .. versionadded:: 1.1
    """
    from django.http import HttpResponse

    if not isinstance(error, URLEncodedError):
        raise TypeError(
            f"error_response() needs a urlencoded.URLEncodedError, not {type(error).__name__}"
        )
    # A message can quote text with a lone surrogate, which strict UTF-8 cannot write.
    message = str(error).encode("utf-8", "backslashreplace")
    return HttpResponse(message, status=error.status, content_type="text/plain; charset=utf-8")


class FormParserMiddleware:
    """Django middleware: ``request.POST`` of a urlencoded POST comes from this library.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Place it before ``CsrfViewMiddleware`` (which reads ``request.POST`` on
    every POST it checks) in ``MIDDLEWARE``::

        MIDDLEWARE = [
            ...,
            "urlencoded.django.FormParserMiddleware",
            "django.middleware.csrf.CsrfViewMiddleware",
            ...,
        ]

    For a POST whose Content-Type is ``application/x-www-form-urlencoded``,
    it reads the body as :func:`read_form` does and sets ``request.POST`` to
    an immutable ``QueryDict`` of its fields, in order; ``request.body``
    still gives the raw bytes, and :func:`read_form` parses them again.
    Other requests pass through untouched (multipart bodies stay Django's).
    A body the library refuses is answered at once by
    :func:`error_response`: 400, 411, 413 or 415 with a one-line reason,
    instead of Django's HTML 400 or a 500.

    The options are the keyword arguments of :func:`read_form`, from the
    ``URLENCODED_FORM_OPTIONS`` setting (a dict; for example
    ``{"honor_charset": True, "charset_field": "_charset_"}`` for legacy
    clients). ``max_fields`` and ``max_body_size`` default to Django's
    ``DATA_UPLOAD_MAX_NUMBER_FIELDS`` and ``DATA_UPLOAD_MAX_MEMORY_SIZE``, so
    the limits stay where Django's settings put them, answered with 413.

    :param get_response: the next middleware or view, as Django passes it.
    :raises django.core.exceptions.ImproperlyConfigured: when Django loads
        it, for an unknown option or a bad value in ``URLENCODED_FORM_OPTIONS``.
    :raises TypeError: for a *get_response* that is not callable.

    .. versionadded:: 1.1
    """

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        from django.conf import settings
        from django.core.exceptions import ImproperlyConfigured

        if not callable(get_response):
            raise TypeError(
                "FormParserMiddleware() needs the next middleware or view as a callable,"
                f" not {type(get_response).__name__}"
            )
        self.get_response = get_response
        configured = getattr(settings, "URLENCODED_FORM_OPTIONS", {})
        if not isinstance(configured, dict):
            raise ImproperlyConfigured(
                f"URLENCODED_FORM_OPTIONS must be a dict, not {type(configured).__name__}"
            )
        options: dict[str, Any] = {
            "max_fields": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS,
            "max_body_size": settings.DATA_UPLOAD_MAX_MEMORY_SIZE,
            **configured,
        }
        try:
            check_request_options("FormParserMiddleware", options, nested=False)
        except (TypeError, ValueError, LookupError) as error:
            raise ImproperlyConfigured(f"URLENCODED_FORM_OPTIONS: {error}") from error
        self.options: ServerOptions = options  # type: ignore[assignment]

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and request.content_type == "application/x-www-form-urlencoded":
            try:
                self._parse(request)
            except BodyConsumedError:
                raise
            except URLEncodedError as error:
                return error_response(error)
        return self.get_response(request)

    def _parse(self, request: HttpRequest) -> None:
        from django.http import QueryDict
        from django.utils.datastructures import MultiValueDict

        environ = _body_environ(request, "FormParserMiddleware")
        recording = RecordingInput(environ["wsgi.input"])
        pairs = parse_wsgi({**environ, "wsgi.input": recording}, **self.options)
        post = QueryDict(mutable=True)
        for name, value in pairs:
            post.appendlist(name, value)
        post._mutable = False  # request.POST is immutable, as Django makes it
        request.POST = post  # type: ignore[assignment]  # made immutable above
        # What Django's own parser sets for a urlencoded body: no files, and
        # the raw body for request.body, which can no longer be read.
        request._files = MultiValueDict()  # type: ignore[attr-defined]
        if not isinstance(getattr(request, "_body", None), bytes):
            request._body = b"".join(recording.chunks)
