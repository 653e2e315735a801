"""Django: read a urlencoded request body into a :class:`urlencoded.MultiDict`.

https://url.spec.whatwg.org/#concept-urlencoded-parser

Django is imported only when these functions run; importing this module
costs nothing. Works under WSGI and ASGI.

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
from typing import TYPE_CHECKING

from ._errors import BodyConsumedError, ContentLengthError, URLEncodedError
from ._web import MultiDict, parse_wsgi

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse
    from typing_extensions import Unpack

    from ._web import ServerOptions

__all__ = ["error_response", "read_form"]

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
    meta = request.META
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
    return MultiDict(parse_wsgi(environ, **options))


def error_response(error: URLEncodedError) -> HttpResponse:
    """A plain-text response to a request whose body raised *error*.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :param error: an exception from :func:`read_form`.
    :returns: an ``HttpResponse`` with the error's
        :attr:`~urlencoded.URLEncodedError.status` (400, 411, 413, 415, or 500 for
        :class:`BodyConsumedError`) and its message.

    >>> from django.conf import settings
    >>> if not settings.configured:
    ...     settings.configure()
    >>> from urlencoded import TooManyFields
    >>> error_response(TooManyFields("max_fields", 1, 4, "field 2 starts here")).status_code
    413

    .. versionadded:: 1.1
    """
    from django.http import HttpResponse

    return HttpResponse(str(error), status=error.status, content_type="text/plain; charset=utf-8")
