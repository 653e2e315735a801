"""HTTP clients: send :func:`urlencoded.serialize`'s output exactly as it is.

https://url.spec.whatwg.org/#concept-urlencoded-serializer

HTTP clients given pairs encode them with their own rules, and some encode
even a finished URL again (requests turns ``%7E`` back into ``~``; httpx's
``params=`` writes ``*`` as ``%2A``). These helpers hand each client the
serializer's bytes in the form that client sends unchanged:

- httpx (sync and async): :func:`httpx_url` gives an ``httpx.URL`` whose
  query is the serialized pairs; :func:`httpx_request` an ``httpx.Request``
  with that URL and a form body, for ``client.send(...)`` or
  ``await client.send(...)``.
- requests: :func:`requests_prepare` gives a ``requests.PreparedRequest``
  whose URL is pinned after requests prepared it, for ``session.send(...)``.
- aiohttp: :func:`aiohttp_url` gives a ``yarl.URL`` marked as already
  encoded; :func:`aiohttp_form` a body payload that carries its own
  Content-Type.

A body goes with ``Content-Type: application/x-www-form-urlencoded`` and no
``charset`` parameter, as browsers send it. Pairs are serialized with
:func:`urlencoded.serialize` and its *encoding*; a str is taken as already
serialized and sent as it is.

The clients stay optional: this module imports none of them. Each function
imports its client when called, and raises :class:`ImportError` naming the
package to install if it is missing.

.. versionadded:: 1.1
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Callable, Union

from ._core import BytesLike, serialize

if TYPE_CHECKING:
    import aiohttp
    import httpx
    import requests
    import yarl

    from ._encoding import Encoding

# What urlencoded.serialize takes, or a str already serialized.
_NameOrValue = Union[str, BytesLike]
_Pair = Union[tuple[_NameOrValue, _NameOrValue], list[str], list[bytes], list[_NameOrValue]]
_Query = Union[Iterable[_Pair], Mapping[str, _NameOrValue], Mapping[bytes, _NameOrValue], str]

__all__ = [
    "FORM_CONTENT_TYPE",
    "aiohttp_form",
    "aiohttp_url",
    "httpx_request",
    "httpx_url",
    "requests_prepare",
]

#: The Content-Type browsers send with a urlencoded body: no ``charset`` parameter.
FORM_CONTENT_TYPE = "application/x-www-form-urlencoded"


def _client(package: str, function: str) -> Any:
    """Import *package*, or say which package the function needs."""
    try:
        return importlib.import_module(package)
    except ImportError as error:
        distribution = package.partition(".")[0]
        raise ImportError(
            f"urlencoded.clients.{function} needs the {distribution!r} package:"
            f" pip install {distribution}",
            name=distribution,
        ) from error


def _serialized(query: _Query, encoding: str | Encoding, what: str) -> str:
    """The serializer's output for pairs; a str as it is, once checked to be ASCII."""
    if isinstance(query, str):
        if not query.isascii():
            raise ValueError(
                f"{what} given as a str must already be serialized (ASCII); got {query!r}"
            )
        return query
    return serialize(query, encoding=encoding)


def _form_body(
    kwargs: dict[str, Any], data: _Query, encoding: str | Encoding, headers: Callable[[Any], Any]
) -> bytes:
    """*data* serialized, with *kwargs*' headers made by *headers* and given the form's type.

    The Content-Type is set unless the headers given name one.
    """
    form_headers = headers(kwargs.pop("headers", None) or {})
    form_headers.setdefault("Content-Type", FORM_CONTENT_TYPE)
    kwargs["headers"] = form_headers
    return _serialized(data, encoding, "data").encode("ascii")


def _joined(existing: str, query: str) -> str:
    """The URL's own query, then the serialized one after ``&``.

    (A browser submitting a GET form replaces the action URL's query instead.)
    """
    return f"{existing}&{query}" if existing and query else existing or query


def httpx_url(
    url: str | httpx.URL, params: _Query, *, encoding: str | Encoding = "UTF-8"
) -> httpx.URL:
    """An ``httpx.URL`` whose query is *params* serialized, byte for byte.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer

    httpx sends a URL's query bytes as they are; its ``params=`` argument
    would encode them again. A query already in *url* is kept, and *params*
    follow it after ``&``. Use it with a sync or an async client alike::

        client.get(httpx_url(url, pairs))

    :param url: the URL, a str or ``httpx.URL``.
    :param params: ``(name, value)`` pairs or a mapping, or a query already
        serialized (an ASCII str, sent as it is).
    :param encoding: the encoding to serialize pairs with.
    :returns: the URL.
    :raises ImportError: if httpx is not installed.
    :raises TypeError: as :func:`urlencoded.serialize` does for bad pairs.
    :raises ValueError: for a str *params* that is not ASCII.
    :raises UnknownEncodingError: for an unknown *encoding*.

    >>> str(httpx_url("https://example.com/search", [("q", "~café *")]))
    'https://example.com/search?q=%7Ecaf%C3%A9+*'

    .. versionadded:: 1.1
    """
    httpx = _client("httpx", "httpx_url")
    query = _serialized(params, encoding, "params")
    base = httpx.URL(url)
    existing = base.query.decode("ascii")
    return base.copy_with(  # type: ignore[no-any-return]
        query=_joined(existing, query).encode("ascii") or None
    )


def httpx_request(
    method: str,
    url: str | httpx.URL,
    *,
    params: _Query | None = None,
    data: _Query | None = None,
    encoding: str | Encoding = "UTF-8",
    **kwargs: Any,
) -> httpx.Request:
    """An ``httpx.Request`` that sends *params* and *data* as the serializer writes them.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer

    The query is built as :func:`httpx_url` builds it; *data* becomes the
    body, with ``Content-Type: application/x-www-form-urlencoded`` unless the
    *headers* given name one. Send it with the client::

        client.send(httpx_request("POST", url, data=pairs))
        await async_client.send(httpx_request("POST", url, data=pairs))

    :param method: the HTTP method.
    :param url: the URL, a str or ``httpx.URL``.
    :param params: pairs for the query, or a serialized query (ASCII str).
    :param data: pairs for the body, or a serialized body (ASCII str).
    :param encoding: the encoding to serialize pairs with.
    :param kwargs: any other argument of ``httpx.Request`` (``headers``,
        ``cookies``, ``extensions``); not ``content``, ``data``, ``files`` or
        ``json``, which would replace the body.
    :returns: the request, unsent.
    :raises ImportError: if httpx is not installed.
    :raises TypeError: as :func:`urlencoded.serialize` does for bad pairs, or
        for an argument that would replace the body.
    :raises ValueError: for a str *params* or *data* that is not ASCII.
    :raises UnknownEncodingError: for an unknown *encoding*.

    >>> request = httpx_request("POST", "https://example.com/f", data={"a": "1 2"})
    >>> request.content, request.headers["Content-Type"]
    (b'a=1+2', 'application/x-www-form-urlencoded')

    .. versionadded:: 1.1
    """
    httpx = _client("httpx", "httpx_request")
    _refuse_body_arguments(kwargs, ("content", "data", "files", "json"), "httpx_request")
    if params is not None:
        url = httpx_url(url, params, encoding=encoding)
    if data is not None:
        kwargs["content"] = _form_body(kwargs, data, encoding, httpx.Headers)
    return httpx.Request(method, url, **kwargs)  # type: ignore[no-any-return]


def _refuse_body_arguments(kwargs: dict[str, Any], names: tuple[str, ...], function: str) -> None:
    given = [name for name in names if name in kwargs]
    if given:
        raise TypeError(
            f"urlencoded.clients.{function}() takes the body as data=;"
            f" it does not take {', '.join(given)}"
        )


def requests_prepare(
    method: str,
    url: str,
    *,
    params: _Query | None = None,
    data: _Query | None = None,
    encoding: str | Encoding = "UTF-8",
    session: requests.Session | None = None,
    **kwargs: Any,
) -> requests.PreparedRequest:
    """A ``requests.PreparedRequest`` that sends *params* and *data* as the serializer writes them.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer

    requests re-quotes a URL while preparing a request, so the serialized
    query is set on the prepared request once requests has prepared the
    URL, and before auth runs, so that a signature (:class:`~urlencoded.oauth1.OAuth1`)
    covers the URL as sent. A query already in *url* is kept (as requests
    prepared it) and *params* follow after ``&``. *data* becomes the body,
    with ``Content-Type: application/x-www-form-urlencoded`` unless the
    *headers* given name one. Given a *session*, the request is prepared by
    it (with its headers, cookies and auth, ``.netrc`` included). Send it
    with the session::

        session.send(requests_prepare("GET", url, params=pairs, session=session))

    :param method: the HTTP method.
    :param url: the URL.
    :param params: pairs for the query, or a serialized query (ASCII str).
    :param data: pairs for the body, or a serialized body (ASCII str).
    :param encoding: the encoding to serialize pairs with.
    :param session: the ``requests.Session`` to prepare the request with.
    :param kwargs: any other argument of ``requests.Request`` (``headers``,
        ``cookies``, ``auth``, ``hooks``); not ``files`` or ``json``, which
        would replace the body.
    :returns: the prepared request, unsent.
    :raises ImportError: if requests is not installed.
    :raises TypeError: as :func:`urlencoded.serialize` does for bad pairs, or
        for an argument that would replace the body.
    :raises ValueError: for a str *params* or *data* that is not ASCII.
    :raises UnknownEncodingError: for an unknown *encoding*.

    >>> prepared = requests_prepare("GET", "https://example.com/s", params={"q": "~*"})
    >>> prepared.url
    'https://example.com/s?q=%7E*'

    .. versionadded:: 1.1
    """
    client = _client("requests", "requests_prepare")
    _refuse_body_arguments(kwargs, ("files", "json"), "requests_prepare")
    query = None if params is None else _serialized(params, encoding, "params")
    if data is not None:
        headers = client.structures.CaseInsensitiveDict
        kwargs["data"] = _form_body(kwargs, data, encoding, headers)
    if query:
        # The query is pinned where requests applies auth, just before it: so that
        # a signature (OAuth 1.0, SigV4) covers the URL as sent.
        kwargs["auth"] = _PinQuery(query, _requests_auth(client, url, kwargs.get("auth"), session))
    request = client.Request(method, url, **kwargs)
    prepared: requests.PreparedRequest = (
        request.prepare() if session is None else session.prepare_request(request)
    )
    return prepared


def _requests_auth(client: Any, url: str, auth: Any, session: requests.Session | None) -> Any:
    """The auth requests would use: the request's, else the session's, else .netrc's."""
    if not auth and session is not None:
        auth = session.auth
        if not auth and session.trust_env:
            auth = client.utils.get_netrc_auth(url)
    if isinstance(auth, tuple) and len(auth) == 2:
        auth = client.auth.HTTPBasicAuth(*auth)
    return auth


class _PinQuery:
    """A requests auth: set the serialized query on the prepared URL, then run the real auth."""

    def __init__(self, query: str, auth: Any) -> None:
        self.query = query
        self.auth = auth

    def __call__(self, prepared: requests.PreparedRequest) -> requests.PreparedRequest:
        # The fragment is never sent; what requests made of the URL's own query is kept.
        before, _, existing = str(prepared.url).partition("#")[0].partition("?")
        prepared.url = f"{before}?{_joined(existing, self.query)}"
        return prepared if not self.auth else self.auth(prepared)


def aiohttp_url(
    url: str | yarl.URL, params: _Query, *, encoding: str | Encoding = "UTF-8"
) -> yarl.URL:
    """A ``yarl.URL``, marked as encoded, whose query is *params* serialized, byte for byte.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer

    aiohttp sends a URL built with ``encoded=True`` as it is; its
    ``params=`` argument, and a URL string, would be re-quoted by yarl. A
    query already in *url* is kept (as yarl quotes it) and *params* follow
    after ``&``::

        session.get(aiohttp_url(url, pairs))

    :param url: the URL, a str or ``yarl.URL``.
    :param params: pairs for the query, or a serialized query (ASCII str).
    :param encoding: the encoding to serialize pairs with.
    :returns: the URL.
    :raises ImportError: if aiohttp (and so yarl) is not installed.
    :raises TypeError: as :func:`urlencoded.serialize` does for bad pairs.
    :raises ValueError: for a str *params* that is not ASCII.
    :raises UnknownEncodingError: for an unknown *encoding*.

    >>> str(aiohttp_url("https://example.com/search", {"q": "~café *"}))
    'https://example.com/search?q=%7Ecaf%C3%A9+*'

    .. versionadded:: 1.1
    """
    _client("aiohttp", "aiohttp_url")
    yarl = _client("yarl", "aiohttp_url")
    query = _serialized(params, encoding, "params")
    base = yarl.URL(url).with_fragment(None)
    existing = base.raw_query_string
    whole = str(base.with_query(None))
    joined = _joined(existing, query)
    return yarl.URL(f"{whole}?{joined}" if joined else whole, encoded=True)  # type: ignore[no-any-return]


def aiohttp_form(data: _Query, *, encoding: str | Encoding = "UTF-8") -> aiohttp.BytesPayload:
    """An aiohttp body payload of *data* serialized, with the form's Content-Type.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer

    aiohttp's own ``data=`` a dict (and ``aiohttp.FormData``) encodes with
    :func:`urllib.parse.urlencode`'s rules; this payload carries the
    serializer's bytes and ``Content-Type: application/x-www-form-urlencoded``::

        session.post(url, data=aiohttp_form(pairs))

    :param data: pairs for the body, or a serialized body (ASCII str).
    :param encoding: the encoding to serialize pairs with.
    :returns: the payload.
    :raises ImportError: if aiohttp is not installed.
    :raises TypeError: as :func:`urlencoded.serialize` does for bad pairs.
    :raises ValueError: for a str *data* that is not ASCII.
    :raises UnknownEncodingError: for an unknown *encoding*.

    >>> payload = aiohttp_form([("a", "1 2"), ("b", "~")])
    >>> payload.decode(), payload.content_type
    ('a=1+2&b=%7E', 'application/x-www-form-urlencoded')

    .. versionadded:: 1.1
    """
    aiohttp = _client("aiohttp", "aiohttp_form")
    body = _serialized(data, encoding, "data").encode("ascii")
    return aiohttp.BytesPayload(body, content_type=FORM_CONTENT_TYPE)  # type: ignore[no-any-return]
