"""Request bodies as a :class:`MultiDict`, and the checks the framework helpers share.

https://url.spec.whatwg.org/#concept-urlencoded-parser

:func:`parse_wsgi_multidict` and :func:`parse_asgi_multidict` are
:func:`urlencoded.parse_wsgi` and :func:`urlencoded.parse_asgi` with a
:class:`MultiDict` result; every option is passed through. The framework
modules (:mod:`urlencoded.flask`, :mod:`urlencoded.django`,
:mod:`urlencoded.starlette`) build on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._multidict import MultiDict
from ._servers import ASGIReceive, ASGIScope, WSGIEnvironment, parse_asgi, parse_wsgi

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._request_options import ServerOptions

__all__ = ["parse_asgi_multidict", "parse_wsgi_multidict"]


def parse_wsgi_multidict(environ: WSGIEnvironment, **options: Unpack[ServerOptions]) -> MultiDict:
    """Parse a WSGI request's urlencoded body into a :class:`MultiDict`.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    The same as ``MultiDict(parse_wsgi(environ, **options))``: the checks,
    limits and errors are those of :func:`parse_wsgi`.

    :param environ: the WSGI environ.
    :param options: any keyword argument of :func:`parse_wsgi`.
    :returns: the fields, in body order.
    :raises URLEncodedError: as :func:`parse_wsgi` does; :func:`error_status`
        gives the HTTP status.
    :raises TypeError: as :func:`parse_wsgi` does, for an option or an environ
        of the wrong type.
    :raises ValueError: as :func:`parse_wsgi` does, for a malformed option.

    >>> import io
    >>> body = b"tag=a&tag=b&name=Ada"
    >>> form = parse_wsgi_multidict({
    ...     "CONTENT_TYPE": "application/x-www-form-urlencoded",
    ...     "CONTENT_LENGTH": str(len(body)),
    ...     "wsgi.input": io.BytesIO(body),
    ... }, max_fields=10)
    >>> form.getall("tag"), form["name"]
    (['a', 'b'], 'Ada')

    .. versionadded:: 1.1
    """
    return MultiDict(parse_wsgi(environ, **options))


async def parse_asgi_multidict(
    scope: ASGIScope, receive: ASGIReceive, **options: Unpack[ServerOptions]
) -> MultiDict:
    """Parse an ASGI request's urlencoded body into a :class:`MultiDict`.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    The same as ``MultiDict(await parse_asgi(scope, receive, **options))``.

    :param scope: the ASGI ``http`` scope.
    :param receive: the ASGI ``receive`` callable.
    :param options: any keyword argument of :func:`parse_asgi`.
    :returns: the fields, in body order.
    :raises URLEncodedError: as :func:`parse_asgi` does.
    :raises TypeError: as :func:`parse_asgi` does, for an option, a scope or a
        message of the wrong type.
    :raises ValueError: as :func:`parse_asgi` does, for a malformed option or a
        scope that is not ``http``.

    >>> import asyncio
    >>> scope = {"type": "http", "headers": [
    ...     (b"content-type", b"application/x-www-form-urlencoded")]}
    >>> async def receive():
    ...     return {"type": "http.request", "body": b"a=1&a=2"}
    >>> asyncio.run(parse_asgi_multidict(scope, receive)).getall("a")
    ['1', '2']

    .. versionadded:: 1.1
    """
    return MultiDict(await parse_asgi(scope, receive, **options))
