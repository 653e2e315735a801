"""Starlette and FastAPI: read a urlencoded request body or query string, flat or nested.

https://url.spec.whatwg.org/#concept-urlencoded-parser

Starlette is imported only when these functions run; importing this module
costs nothing. The ``read_*`` functions raise the library's exceptions:
:func:`read_form` and :func:`read_query` give a :class:`urlencoded.MultiDict`,
:func:`read_nested_form` and :func:`read_nested_query` dicts and lists as
:func:`urlencoded.parse_nested` does. :func:`form`, :func:`query`,
:func:`nested_form` and :func:`nested_query` make FastAPI dependencies that
answer them with an ``HTTPException`` and the error's
:attr:`~urlencoded.URLEncodedError.status` (400, 411, 413 or 415);
:func:`form_model` and :func:`query_model` validate the nested result into a
Pydantic model, with FastAPI's 422 for a validation error.

An ASGI request body can be received only once. After ``await
request.body()`` the body is cached and :func:`read_form` parses the copy;
after ``await request.form()`` or ``request.stream()`` it is gone, and
:func:`read_form` raises :class:`urlencoded.BodyConsumedError` at once
instead of waiting for a message that only comes when the client gives up.

.. versionadded:: 1.1
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Awaitable, Mapping
from typing import TYPE_CHECKING, Any, Callable, NoReturn, TypeVar

from ._errors import BodyConsumedError, URLEncodedError
from ._web import (
    AnswerErrors,
    ASGIMessage,
    MultiDict,
    NestedValue,
    check_request_options,
    parse_asgi,
    parse_asgi_nested,
    parse_query,
    parse_query_nested,
)

if TYPE_CHECKING:
    from pydantic import BaseModel
    from starlette.requests import HTTPConnection, Request
    from typing_extensions import Unpack

    from ._web import NestedQueryOptions, NestedServerOptions, QueryOptions, ServerOptions

__all__ = [
    "form",
    "form_model",
    "nested_form",
    "nested_query",
    "query",
    "query_model",
    "read_form",
    "read_nested_form",
    "read_nested_query",
    "read_query",
]

_T = TypeVar("_T")
_ModelT = TypeVar("_ModelT", bound="BaseModel")
_FORM_URLENCODED = "application/x-www-form-urlencoded"

_FIX = (
    "read the body only with urlencoded.starlette.read_form() (or the "
    "urlencoded.starlette.form() dependency), and declare no Form() parameters on the route"
)


def _raise_http_error(error: URLEncodedError) -> NoReturn:
    from starlette.exceptions import HTTPException

    raise HTTPException(error.status, str(error)) from error


# The errors of a bad request, as Starlette's HTTPException with their status.
_HTTP_ERRORS = AnswerErrors(_raise_http_error)


def _dependency(
    read: Callable[[Request], Awaitable[_T]], returns: object
) -> Callable[[Request], Awaitable[_T]]:
    """A FastAPI dependency: *read* of the request, its errors answered as HTTP errors."""
    from starlette.requests import Request

    async def dependency(request: Request) -> _T:
        with _HTTP_ERRORS:
            return await read(request)

    # FastAPI reads the parameter's type from the annotations, which
    # ``from __future__ import annotations`` leaves as unresolvable strings here.
    dependency.__annotations__ = {"request": Request, "return": returns}
    return dependency


def _check_model(model: object, caller: str) -> None:
    from pydantic import BaseModel

    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise TypeError(f"{caller}() needs a Pydantic model class, not {model!r}")


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
    :raises TypeError: for a *request* that is not a Starlette ``Request``, an
        unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.

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
    return MultiDict(
        await _read_body(
            request, "read_form", lambda scope, receive: parse_asgi(scope, receive, **options)
        )
    )


def _check_request(request: object, caller: str, kind: str = "Request") -> None:
    """Refuse what is not a Starlette ``Request`` (``HTTPConnection`` for a query)."""
    from starlette import requests

    if not isinstance(request, getattr(requests, kind)):
        raise TypeError(
            f"{caller}() needs a starlette.requests.{kind}, not {type(request).__name__}"
        )


async def _read_body(
    request: Request,
    caller: str,
    parse: Callable[[Mapping[str, object], Callable[[], Awaitable[ASGIMessage]]], Awaitable[_T]],
) -> _T:
    """Run *parse* over the request's body as Starlette gives it, chunk by chunk."""
    from starlette.requests import ClientDisconnect

    _check_request(request, caller)
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
        return await parse(request.scope, receive)
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
    :raises TypeError: for an unknown keyword or an option of the wrong type, at once.
    :raises ValueError: for a bad option value, at once.
    :raises UnknownEncodingError: for an unknown *encoding* label, at once.

    >>> dependency = form(max_fields=10)
    >>> dependency.__annotations__["request"].__name__
    'Request'

    .. versionadded:: 1.1
    """
    check_request_options("form", options, nested=False)
    return _dependency(lambda request: read_form(request, **options), MultiDict)


async def read_nested_form(
    request: Request, **options: Unpack[NestedServerOptions]
) -> dict[str, NestedValue]:
    """Parse a Starlette or FastAPI request's urlencoded body into dicts and lists.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Receives the body as :func:`read_form` does, with the same Content-Type
    check, limits and encodings, then reads its names as
    :func:`urlencoded.parse_nested` does.

    :param request: the ``starlette.requests.Request`` (FastAPI's ``Request``).
    :param options: any keyword argument of :func:`read_form`, and
        ``max_depth``, ``max_list_index``, ``max_keys`` and ``duplicates``
        as for :func:`urlencoded.parse_nested`.
    :returns: a dict of str, dicts and lists.
    :raises BodyConsumedError: as for :func:`read_form`.
    :raises NestingError: for names that do not describe one structure (400).
    :raises URLEncodedError: as :func:`read_form` does, and a
        :class:`~urlencoded.LimitExceeded` for a nesting limit (413).
    :raises TypeError: for a *request* that is not a Starlette ``Request``, an
        unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.

    >>> import asyncio
    >>> from starlette.requests import Request
    >>> async def receive():
    ...     return {"type": "http.request", "body": b"user[name]=Ada&tag=a&tag=b"}
    >>> request = Request({"type": "http", "headers": [
    ...     (b"content-type", b"application/x-www-form-urlencoded")]}, receive)
    >>> asyncio.run(read_nested_form(request, max_depth=2))
    {'user': {'name': 'Ada'}, 'tag': ['a', 'b']}

    .. versionadded:: 1.1
    """
    return await _read_body(
        request,
        "read_nested_form",
        lambda scope, receive: parse_asgi_nested(scope, receive, "read_nested_form", **options),
    )


def nested_form(
    **options: Unpack[NestedServerOptions],
) -> Callable[[Request], Awaitable[dict[str, NestedValue]]]:
    """A FastAPI dependency giving the request's urlencoded body as dicts and lists.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Use it as ``data: Annotated[dict, Depends(urlencoded.starlette.nested_form())]``.
    Errors as for :func:`form`; to validate the result into a Pydantic model
    (and publish it in OpenAPI), use :func:`form_model`.

    :param options: any keyword argument of :func:`read_nested_form`.
    :returns: an async callable taking the ``Request``.
    :raises TypeError: for an unknown keyword or an option of the wrong type, at once.
    :raises ValueError: for a bad option value, at once.
    :raises UnknownEncodingError: for an unknown *encoding* label, at once.

    .. versionadded:: 1.1
    """
    check_request_options("nested_form", options)
    return _dependency(lambda request: read_nested_form(request, **options), dict)


def read_query(request: HTTPConnection, **options: Unpack[QueryOptions]) -> MultiDict:
    """Parse a Starlette or FastAPI request's query string into a MultiDict.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Parses the raw query (the ASGI scope's ``query_string`` bytes) with
    :func:`urlencoded.parse`, and by default the limits of :func:`read_form`.

    :param request: the ``starlette.requests.Request`` (FastAPI's ``Request``),
        or a ``WebSocket``.
    :param options: any keyword argument of :func:`urlencoded.parse`
        (``max_fields``, ``encoding``, ``errors``, ``charset_field``, ...).
    :returns: the fields, in query order.
    :raises LimitExceeded: for a limit (413).
    :raises DecodeError: with ``errors="strict"``, for invalid bytes (400).
    :raises TypeError: for a *request* that is not a Starlette ``Request`` (or
        another ``HTTPConnection``), an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "query_string": b"tag=a&tag=b"})
    >>> read_query(request).get_all("tag")
    ['a', 'b']

    .. versionadded:: 1.1
    """
    return MultiDict(parse_query(_query_string(request, "read_query"), "read_query", **options))


def _query_string(request: HTTPConnection, caller: str) -> bytes:
    _check_request(request, caller, "HTTPConnection")
    raw = request.scope.get("query_string", b"")
    return bytes(raw) if isinstance(raw, (bytes, bytearray)) else b""


def query(**options: Unpack[QueryOptions]) -> Callable[[Request], Awaitable[MultiDict]]:
    """A FastAPI dependency giving the request's query string as a MultiDict.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Use it as ``q: Annotated[MultiDict, Depends(urlencoded.starlette.query())]``.
    Bad input raises ``starlette.exceptions.HTTPException`` with the error's
    :attr:`~urlencoded.URLEncodedError.status` (400 or 413).

    :param options: any keyword argument of :func:`read_query`.
    :returns: an async callable taking the ``Request``.
    :raises TypeError: for an unknown keyword or an option of the wrong type, at once.
    :raises ValueError: for a bad option value, at once.
    :raises UnknownEncodingError: for an unknown *encoding* label, at once.

    .. versionadded:: 1.1
    """
    check_request_options("query", options, body=False, nested=False)

    async def read(request: Request) -> MultiDict:
        return read_query(request, **options)

    return _dependency(read, MultiDict)


def read_nested_query(
    request: HTTPConnection, **options: Unpack[NestedQueryOptions]
) -> dict[str, NestedValue]:
    """Parse a Starlette or FastAPI request's query string into dicts and lists.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    :func:`read_query`, with names read as :func:`urlencoded.parse_nested` reads them.

    :param request: the ``starlette.requests.Request`` (FastAPI's ``Request``),
        or a ``WebSocket``.
    :param options: any keyword argument of :func:`read_query`, and
        ``max_depth``, ``max_list_index``, ``max_keys`` and ``duplicates``.
    :returns: a dict of str, dicts and lists.
    :raises NestingError: for names that do not describe one structure (400).
    :raises LimitExceeded: for a limit (413).
    :raises DecodeError: with ``errors="strict"``, for invalid bytes (400).
    :raises TypeError: for a *request* that is not a Starlette ``Request`` (or
        another ``HTTPConnection``), an unknown keyword or an option of the wrong type.
    :raises ValueError: for a bad option value.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "query_string": b"filter[status]=open&sort[]=-date"})
    >>> read_nested_query(request)
    {'filter': {'status': 'open'}, 'sort': ['-date']}

    .. versionadded:: 1.1
    """
    return parse_query_nested(
        _query_string(request, "read_nested_query"), "read_nested_query", **options
    )


def nested_query(
    **options: Unpack[NestedQueryOptions],
) -> Callable[[Request], Awaitable[dict[str, NestedValue]]]:
    """A FastAPI dependency giving the request's query string as dicts and lists.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Use it as ``q: Annotated[dict, Depends(urlencoded.starlette.nested_query())]``;
    errors as for :func:`query`. To validate into a Pydantic model, use
    :func:`query_model`.

    :param options: any keyword argument of :func:`read_nested_query`.
    :returns: an async callable taking the ``Request``.
    :raises TypeError: for an unknown keyword or an option of the wrong type, at once.
    :raises ValueError: for a bad option value, at once.
    :raises UnknownEncodingError: for an unknown *encoding* label, at once.

    .. versionadded:: 1.1
    """
    check_request_options("nested_query", options, body=False)

    async def read(request: Request) -> dict[str, NestedValue]:
        return read_nested_query(request, **options)

    return _dependency(read, dict)


def _validate(model: type[_ModelT], data: dict[str, NestedValue], where: str) -> _ModelT:
    """*data* as *model*, or FastAPI's RequestValidationError (422) located in *where*."""
    from fastapi.exceptions import RequestValidationError
    from pydantic import ValidationError

    try:
        validated: _ModelT = model.model_validate(data)
    except ValidationError as error:
        errors = [
            {**detail, "loc": (where, *detail["loc"])} for detail in error.errors(include_url=False)
        ]
        raise RequestValidationError(errors, body=data) from None
    return validated


class _WholeBody:
    """Annotated metadata of the body parameter that publishes *model* in OpenAPI.

    FastAPI receives a declared body itself before the dependency runs (with
    ``await request.body()``, whose copy :func:`read_nested_form` then
    parses), and publishes the parameter's JSON Schema, here *model*'s. The
    value FastAPI validates is passed through unchanged: validating is done
    on the nested result. FastAPI merges several body parameters of one
    endpoint into one model, and validates each of them itself; building that
    model raises, so an endpoint that mixes this with ``Form()``, ``Body()``
    or another :func:`form_model` fails when it is declared.
    """

    def __init__(self, model: type[BaseModel]) -> None:
        self.model = model

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        if handler.field_name is not None:
            raise TypeError(
                f"urlencoded.starlette.form_model({self.model.__name__}) reads the whole "
                "request body, so its endpoint can declare no other body parameter "
                "(Form(), File(), Body() or another form_model()): declare those fields "
                f"in {self.model.__name__} instead"
            )
        # FastAPI validates a body in Python mode: anything passes unchanged.
        # The JSON Schema, which OpenAPI shows, comes from the JSON branch.
        return core_schema.json_or_python_schema(
            json_schema=handler.generate_schema(self.model),
            python_schema=core_schema.any_schema(),
        )


def form_model(
    model: type[_ModelT], **options: Unpack[NestedServerOptions]
) -> Callable[..., Awaitable[_ModelT]]:
    """A FastAPI dependency parsing a nested urlencoded body into a Pydantic *model*.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Use it as ``user: Annotated[User, Depends(form_model(User))]``. The body
    is read with :func:`read_nested_form` and its *options*, then validated
    with ``model.model_validate``. A bad body answers 400, 411, 413 or 415 as
    :func:`form` does; a validation error is FastAPI's usual 422, with each
    error's ``loc`` starting with ``"body"``. The route's OpenAPI request body
    is ``application/x-www-form-urlencoded`` with *model*'s schema, and
    required (``"required": true``): a request without a body, or with an
    empty one, is FastAPI's 422 ``missing`` at ``("body",)``.

    FastAPI receives the body before any dependency runs, so the whole body is
    in memory before ``max_body_size`` is checked: bound it in the server or
    with FastAPI's own body size limit too. An endpoint that also declares
    ``Form()``, ``File()`` or ``Body()`` parameters raises :class:`TypeError`
    when it is declared (the body can be read one way only).

    :param model: a Pydantic (v2) model class.
    :param options: any keyword argument of :func:`read_nested_form`.
    :returns: an async callable for ``Depends``.
    :raises TypeError: for a *model* that is not a Pydantic model class, or an
        unknown keyword or an option of the wrong type, at once.
    :raises ValueError: for a bad option value, at once.
    :raises UnknownEncodingError: for an unknown *encoding* label, at once.

    .. versionadded:: 1.1
    """
    from fastapi import Body
    from starlette.requests import Request

    _check_model(model, "form_model")
    check_request_options("form_model", options)

    async def dependency(request: Request, body: Any = None) -> _ModelT:
        with _HTTP_ERRORS:
            data = await read_nested_form(request, **options)
        return _validate(model, data, "body")

    from typing import Annotated

    # No default: the body is required, which OpenAPI's requestBody then says.
    parameter = Annotated[Any, Body(media_type=_FORM_URLENCODED), _WholeBody(model)]
    dependency.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter(
                "request", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Request
            ),
            inspect.Parameter(
                "body", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=parameter
            ),
        ],
        return_annotation=model,
    )
    return dependency


def query_model(
    model: type[_ModelT], **options: Unpack[NestedQueryOptions]
) -> Callable[[Request], Awaitable[_ModelT]]:
    """A FastAPI dependency parsing a nested query string into a Pydantic *model*.

    https://url.spec.whatwg.org/#concept-urlencoded-parser

    Use it as ``search: Annotated[Search, Depends(query_model(Search))]``.
    The query is read with :func:`read_nested_query` and its *options*, then
    validated with ``model.model_validate``: a bad query answers 400 or 413 as
    :func:`query` does, a validation error FastAPI's usual 422, with each
    error's ``loc`` starting with ``"query"``. OpenAPI does not list the
    model's fields as query parameters (FastAPI cannot describe bracketed names).

    :param model: a Pydantic (v2) model class.
    :param options: any keyword argument of :func:`read_nested_query`.
    :returns: an async callable for ``Depends``.
    :raises TypeError: for a *model* that is not a Pydantic model class, or an
        unknown keyword or an option of the wrong type, at once.
    :raises ValueError: for a bad option value, at once.
    :raises UnknownEncodingError: for an unknown *encoding* label, at once.

    .. versionadded:: 1.1
    """
    from starlette.requests import Request

    _check_model(model, "query_model")
    check_request_options("query_model", options, body=False)

    async def dependency(request: Request) -> _ModelT:
        with _HTTP_ERRORS:
            data = read_nested_query(request, **options)
        return _validate(model, data, "query")

    dependency.__annotations__ = {"request": Request, "return": model}
    return dependency
