"""Starlette and FastAPI: read a urlencoded request body into a :class:`urlencoded.MultiDict`.

https://url.spec.whatwg.org/#concept-urlencoded-parser

Starlette is imported only when these functions run; importing this module
costs nothing. :func:`read_form` raises the library's exceptions; :func:`form`
makes a FastAPI dependency that answers them with an ``HTTPException`` and
the error's :attr:`~urlencoded.URLEncodedError.status` (400, 411, 413 or 415).

An ASGI request body can be received only once. After ``await
request.body()`` the body is cached and :func:`read_form` parses the copy;
after ``await request.form()`` or ``request.stream()`` it is gone, and
:func:`read_form` raises :class:`urlencoded.BodyConsumedError` at once
instead of waiting for a message that only comes when the client gives up.

.. versionadded:: 1.1
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable
from typing import TYPE_CHECKING, Callable

from ._errors import BodyConsumedError, URLEncodedError
from ._web import ASGIMessage, MultiDict, parse_asgi

if TYPE_CHECKING:
    from starlette.requests import Request
    from typing_extensions import Unpack

    from ._web import ServerOptions

__all__ = ["form", "read_form"]

_FIX = (
    "read the body only with urlencoded.starlette.read_form() (or the "
    "urlencoded.starlette.form() dependency), and declare no Form() parameters on the route"
)


async def read_form(request: Request, **options: Unpack[ServerOptions]) -> MultiDict:
    """Parse a Starlette or FastAPI request's urlencoded body into a MultiDict.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Receives the body through ``request.stream()`` with
    :func:`urlencoded.parse_asgi`'s checks and limits, chunk by chunk.

    :param request: the ``starlette.requests.Request`` (FastAPI's ``Request``).
    :param options: any keyword argument of :func:`urlencoded.parse_asgi`
        (``max_fields``, ``encoding``, ``errors``, ...).
    :returns: the fields, in body order.
    :raises BodyConsumedError: if ``request.form()`` or ``request.stream()``
        already received the body.
    :raises URLEncodedError: as :func:`urlencoded.parse_asgi` does.

    >>> import asyncio
    >>> from starlette.requests import Request
    >>> async def receive():
    ...     return {"type": "http.request", "body": b"tag=a&tag=b"}
    >>> request = Request({"type": "http", "headers": [
    ...     (b"content-type", b"application/x-www-form-urlencoded")]}, receive)
    >>> asyncio.run(read_form(request, max_fields=10)).get_all("tag")
    ['a', 'b']

    .. versionadded:: 1.1
    """
    from starlette.requests import ClientDisconnect

    if not hasattr(request, "_body") and getattr(request, "_stream_consumed", False):
        read_by = "await request.form()" if getattr(request, "_form", None) else "request.stream()"
        raise BodyConsumedError(read_by, _FIX)
    chunks: AsyncIterator[bytes] = request.stream()

    async def receive() -> ASGIMessage:
        try:
            chunk = await chunks.__anext__()
        except StopAsyncIteration:
            return {"type": "http.request", "body": b"", "more_body": False}
        except ClientDisconnect:
            return {"type": "http.disconnect"}
        except RuntimeError as error:  # Starlette's "Stream consumed"
            raise BodyConsumedError("request.stream()", _FIX) from error
        return {"type": "http.request", "body": chunk, "more_body": True}

    try:
        return MultiDict(await parse_asgi(request.scope, receive, **options))
    finally:
        await chunks.aclose()  # type: ignore[attr-defined]


def form(**options: Unpack[ServerOptions]) -> Callable[[Request], Awaitable[MultiDict]]:
    """A FastAPI dependency giving the request's urlencoded body as a MultiDict.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Use it as ``form: Annotated[MultiDict, Depends(urlencoded.starlette.form())]``.
    Bad input raises ``starlette.exceptions.HTTPException`` with the error's
    :attr:`~urlencoded.URLEncodedError.status` (400, 411, 413 or 415) and
    its message as the detail; :class:`BodyConsumedError` is a bug in the
    route and is raised as it is. FastAPI cannot see what the dependency
    reads, so the route's OpenAPI schema has no request body unless the route
    declares one (see the servers page).

    :param options: any keyword argument of :func:`urlencoded.parse_asgi`.
    :returns: an async callable taking the ``Request``.

    >>> dependency = form(max_fields=10)
    >>> dependency.__annotations__["request"].__name__
    'Request'

    .. versionadded:: 1.1
    """
    from starlette.exceptions import HTTPException
    from starlette.requests import Request

    async def dependency(request: Request) -> MultiDict:
        try:
            return await read_form(request, **options)
        except BodyConsumedError:
            raise
        except URLEncodedError as error:
            raise HTTPException(error.status, str(error)) from error

    # FastAPI reads the parameter's type from the annotations, which
    # ``from __future__ import annotations`` leaves as unresolvable strings here.
    dependency.__annotations__ = {"request": Request, "return": MultiDict}
    return dependency
