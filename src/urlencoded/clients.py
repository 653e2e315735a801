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
:func:`urlencoded.serialize` and its *encoding*; their values follow the
library's rule (str or bytes, an int or a float as Python writes it; a bool
or None is a :class:`TypeError`, since its text differs between Python,
JavaScript and the clients).

A str is taken as already serialized and sent as it is, so it is checked
first. A str body must be ASCII. A str query must be a finished query: only
the ASCII characters that the URL Standard's query state writes as they are
(https://url.spec.whatwg.org/#query-state), that is printable ASCII except
the special-query percent-encode set (space, ``"``, ``#``, ``<``, ``>`` and
``'``); anything else is a :class:`ValueError` naming the character and its
index, since a client would send it raw (aiohttp sends a space as it is),
drop it (CR and LF), cut the query at it (``#``) or refuse it. For
:func:`requests_prepare` the query must also be what RFC 3986 allows, since
requests (through urllib3) escapes ``[ ] \\ ^ ` { | }``; every ``%`` must
start a ``%XX`` escape, since requests writes a lone one as ``%25``, and
escapes must be in upper case (``%2F``), since requests writes them so. httpx
refuses a URL or a part of one longer than 65,536 characters: a longer query
is a :class:`ValueError` from :func:`httpx_url` and :func:`httpx_request`.

The clients stay optional: this module imports none of them. Each function
imports its client when called, and raises :class:`ImportError` naming the
package to install if it is missing.

.. versionadded:: 1.1
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Callable, Union

from ._core import BytesLike, check_value, pair_items, serialize

if TYPE_CHECKING:
    import aiohttp
    import httpx
    import requests
    import yarl

    from ._encoding import Encoding

# What urlencoded.serialize takes, or a str already serialized; values may
# also be numbers, written as Python writes them (the library's rule for values).
_NameOrValue = Union[str, BytesLike]
_Value = Union[str, BytesLike, int, float]
_Pair = Union[tuple[_NameOrValue, _Value], list[str], list[bytes], list[_NameOrValue]]
_Query = Union[Iterable[_Pair], Mapping[str, _Value], Mapping[bytes, _Value], str]

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

# httpx refuses a URL, or a part of one, longer than this (httpx._urlparse.MAX_URL_LENGTH).
_HTTPX_MAX_URL_LENGTH = 65536


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


# https://url.spec.whatwg.org/#query-state writes printable ASCII as it is, but
# for the special-query percent-encode set (space, '"', "#", "<", ">" and "'";
# every URL these clients send is special): a finished query holds only these.
_NOT_IN_QUERY = re.compile("[^!$-&(-;=?-~]")
# urllib3, under requests, also escapes what RFC 3986 keeps out of a query
# ("[", "]", "\\", "^", "`", "{", "|", "}") and writes a "%" that starts no
# escape as "%25".
_NOT_IN_REQUESTS_QUERY = re.compile("[^-A-Za-z0-9._~!$&()*+,;=:@/?%]")
_LONE_PERCENT = re.compile("%(?![0-9A-Fa-f]{2})")
# urllib3 also writes the hex digits of every escape in upper case.
_LOWER_CASE_ESCAPE = re.compile("%(?:[a-f][0-9A-Fa-f]|[0-9A-F][a-f])")


def _finished_query(query: str, function: str) -> str:
    """*query*, a str given as already serialized, once checked to go out as it is.

    :raises ValueError: for a character the URL Standard's query state would
        escape (or the client would rewrite or drop), naming it and its index.
    """
    bad = (_NOT_IN_REQUESTS_QUERY if function == "requests_prepare" else _NOT_IN_QUERY).search(
        query
    )
    if bad is not None:
        char, index = bad.group(), bad.start()
        why = (
            "the URL Standard's query state escapes it"
            if _NOT_IN_QUERY.match(char)
            else "requests escapes it"
        )
        raise ValueError(
            f"urlencoded.clients.{function}() params given as a str must be a finished"
            f" query: {char!r} at index {index} cannot be sent as it is ({why});"
            f" write it as a %XX escape"
        )
    if function == "requests_prepare":
        lone = _LONE_PERCENT.search(query)
        if lone is not None:
            raise ValueError(
                f"urlencoded.clients.{function}() params given as a str must be a finished"
                f" query: the '%' at index {lone.start()} starts no escape, and requests"
                f" would send it as '%25'; write '%25' for a '%'"
            )
        lower = _LOWER_CASE_ESCAPE.search(query)
        if lower is not None:
            raise ValueError(
                f"urlencoded.clients.{function}() params given as a str must be a finished"
                f" query: requests would send the escape {lower.group()!r} at index"
                f" {lower.start()} in upper case; write it so"
            )
    return query


def _serialized(query: _Query, encoding: str | Encoding, what: str, function: str) -> str:
    """The serializer's output for pairs; a str as it is, once checked.

    A str query must be one that the client sends unchanged
    (:func:`_finished_query`); a str body, ASCII.
    """
    if isinstance(query, str):
        if not query.isascii():
            raise ValueError(
                f"{what} given as a str must already be serialized (ASCII); got {query!r}"
            )
        return _finished_query(query, function) if what == "params" else query
    return serialize(_checked_values(query, what, function), encoding=encoding)


def _checked_values(query: _Query, what: str, function: str) -> list[Any]:
    """The pairs of *query*, each value checked by the library's rule for values.

    A bool or None is refused with the rule's TypeError, an int or a float is
    written as Python writes it; anything that is not a pair is left for
    :func:`~urlencoded.serialize` to refuse.
    """
    items = pair_items(query, f"urlencoded.clients.{function}")
    checked: list[Any] = []
    for index, item in enumerate(items):
        if isinstance(item, (tuple, list)) and len(item) == 2:
            name, value = item
            where = f"urlencoded.clients.{function}() {what} pair {index}: value"
            item = (name, check_value(value, where))
        checked.append(item)
    return checked


def _form_body(
    kwargs: dict[str, Any],
    data: _Query,
    encoding: str | Encoding,
    headers: Callable[[Any], Any],
    function: str,
) -> bytes:
    """*data* serialized, with *kwargs*' headers made by *headers* and given the form's type.

    The Content-Type is set unless the headers given name one.
    """
    form_headers = headers(kwargs.pop("headers", None) or {})
    form_headers.setdefault("Content-Type", FORM_CONTENT_TYPE)
    kwargs["headers"] = form_headers
    return _serialized(data, encoding, "data", function).encode("ascii")


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
        serialized (a str, sent as it is: see the module's notes on a finished query).
    :param encoding: the encoding to serialize pairs with.
    :returns: the URL.
    :raises ImportError: if httpx is not installed.
    :raises TypeError: as :func:`urlencoded.serialize` does for bad pairs, and
        for a value the library's rule refuses (a bool, None).
    :raises ValueError: for a str *params* that is not a finished query, or
        a URL that httpx refuses: longer than 65,536 characters (a query of
        about 64 kB), or malformed.
    :raises UnknownEncodingError: for an unknown *encoding*.

    >>> str(httpx_url("https://example.com/search", [("q", "~café *")]))
    'https://example.com/search?q=%7Ecaf%C3%A9+*'

    .. versionadded:: 1.1
    """
    httpx = _client("httpx", "httpx_url")
    query = _serialized(params, encoding, "params", "httpx_url")
    try:
        base = httpx.URL(url)
        existing = base.query.decode("ascii")
        return base.copy_with(  # type: ignore[no-any-return]
            query=_joined(existing, query).encode("ascii") or None
        )
    except httpx.InvalidURL as error:
        raise ValueError(
            f"httpx refuses the URL ({error}): httpx takes at most {_HTTPX_MAX_URL_LENGTH:,}"
            f" characters in a URL and in each of its parts; this query has {len(query):,}"
        ) from error


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
    :param params: pairs for the query, or a finished query (str).
    :param data: pairs for the body, or a serialized body (ASCII str).
    :param encoding: the encoding to serialize pairs with.
    :param kwargs: any other argument of ``httpx.Request`` (``headers``,
        ``cookies``, ``extensions``); not ``content``, ``data``, ``files`` or
        ``json``, which would replace the body.
    :returns: the request, unsent.
    :raises ImportError: if httpx is not installed.
    :raises TypeError: as :func:`urlencoded.serialize` does for bad pairs, for
        a value the library's rule refuses (a bool, None), for a *method* that
        is not a str, or for an argument that would replace the body.
    :raises ValueError: for a str *params* that is not a finished query, a str
        *data* that is not ASCII, or a URL that httpx refuses (as
        :func:`httpx_url` says).
    :raises UnknownEncodingError: for an unknown *encoding*.

    >>> request = httpx_request("POST", "https://example.com/f", data={"a": "1 2"})
    >>> request.content, request.headers["Content-Type"]
    (b'a=1+2', 'application/x-www-form-urlencoded')

    .. versionadded:: 1.1
    """
    httpx = _client("httpx", "httpx_request")
    _check_method(method, "httpx_request")
    _refuse_body_arguments(kwargs, ("content", "data", "files", "json"), "httpx_request")
    if params is not None:
        url = httpx_url(url, params, encoding=encoding)
    if data is not None:
        kwargs["content"] = _form_body(kwargs, data, encoding, httpx.Headers, "httpx_request")
    try:
        return httpx.Request(method, url, **kwargs)  # type: ignore[no-any-return]
    except httpx.InvalidURL as error:
        # httpx_url() converted it already when there were params.
        raise ValueError(f"httpx refuses the URL ({error})") from error


def _check_method(method: object, function: str) -> None:
    if not isinstance(method, str):
        kind = type(method).__name__
        raise TypeError(f"urlencoded.clients.{function}() takes the method as a str, not {kind}")


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
    :param params: pairs for the query, or a finished query (str).
    :param data: pairs for the body, or a serialized body (ASCII str).
    :param encoding: the encoding to serialize pairs with.
    :param session: the ``requests.Session`` to prepare the request with.
    :param kwargs: any other argument of ``requests.Request`` (``headers``,
        ``cookies``, ``auth``, ``hooks``); not ``files`` or ``json``, which
        would replace the body.
    :returns: the prepared request, unsent.
    :raises ImportError: if requests is not installed.
    :raises TypeError: as :func:`urlencoded.serialize` does for bad pairs, for
        a value the library's rule refuses (a bool, None), for a *method* or
        *url* that is not a str, or for an argument that would replace the body.
    :raises ValueError: for a str *params* that is not a finished query as
        requests sends it (the module's notes), or a str *data* that is not
        ASCII.
    :raises UnknownEncodingError: for an unknown *encoding*.

    >>> prepared = requests_prepare("GET", "https://example.com/s", params={"q": "~*"})
    >>> prepared.url
    'https://example.com/s?q=%7E*'

    .. versionadded:: 1.1
    """
    client = _client("requests", "requests_prepare")
    _check_method(method, "requests_prepare")
    if not isinstance(url, str):
        # requests would make a URL of anything with str().
        kind = type(url).__name__
        raise TypeError(f"urlencoded.clients.requests_prepare() takes the URL as a str, not {kind}")
    _refuse_body_arguments(kwargs, ("files", "json"), "requests_prepare")
    query = None if params is None else _serialized(params, encoding, "params", "requests_prepare")
    if data is not None:
        headers = client.structures.CaseInsensitiveDict
        kwargs["data"] = _form_body(kwargs, data, encoding, headers, "requests_prepare")
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
    :param params: pairs for the query, or a finished query (str).
    :param encoding: the encoding to serialize pairs with.
    :returns: the URL.
    :raises ImportError: if aiohttp (and so yarl) is not installed.
    :raises TypeError: as :func:`urlencoded.serialize` does for bad pairs, and
        for a value the library's rule refuses (a bool, None).
    :raises ValueError: for a str *params* that is not a finished query.
    :raises UnknownEncodingError: for an unknown *encoding*.

    >>> str(aiohttp_url("https://example.com/search", {"q": "~café *"}))
    'https://example.com/search?q=%7Ecaf%C3%A9+*'

    .. versionadded:: 1.1
    """
    _client("aiohttp", "aiohttp_url")
    yarl = _client("yarl", "aiohttp_url")
    query = _serialized(params, encoding, "params", "aiohttp_url")
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
    :raises TypeError: as :func:`urlencoded.serialize` does for bad pairs, and
        for a value the library's rule refuses (a bool, None).
    :raises ValueError: for a str *data* that is not ASCII.
    :raises UnknownEncodingError: for an unknown *encoding*.

    >>> payload = aiohttp_form([("a", "1 2"), ("b", "~")])
    >>> payload.decode(), payload.content_type
    ('a=1+2&b=%7E', 'application/x-www-form-urlencoded')

    .. versionadded:: 1.1
    """
    aiohttp = _client("aiohttp", "aiohttp_form")
    body = _serialized(data, encoding, "data", "aiohttp_form").encode("ascii")
    return aiohttp.BytesPayload(body, content_type=FORM_CONTENT_TYPE)  # type: ignore[no-any-return]
