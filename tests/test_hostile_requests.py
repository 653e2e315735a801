"""Hostile requests against every adapter under real servers on 127.0.0.1: never a 5xx.

Flask and Django (WSGI) run under waitress, FastAPI and Django (ASGI) under
uvicorn. Each server gets the same bounded set of requests, written byte by
byte on a socket: oversized, slow, truncated and abandoned bodies, wrong,
missing and legacy Content-Types, invalid UTF-8 in strict mode, deep
brackets, huge list indexes, many keys, ``__proto__``-style names and a bad
Content-Length. Each must get the status its case allows (400, 411, 413,
415, the app's 200 or 422, or for a body the client abandons, no answer),
never a 5xx, and the server must answer a plain request afterwards. The
counts by status are printed (``pytest -s``) and recorded as properties.
"""

from __future__ import annotations

import collections
import socket
import time
from collections.abc import Iterator
from typing import Annotated, Any, Callable, NamedTuple

import pytest
from django.urls import path
from fastapi import Depends, FastAPI
from flask import Flask, jsonify
from pydantic import BaseModel

import urlencoded.django
import urlencoded.flask
import urlencoded.starlette
from urlencoded import MultiDict

from .django_support import django_settings_applied, json_view
from .live_servers import TIMEOUT, uvicorn_server, waitress_server

FORM = "application/x-www-form-urlencoded"
#: The options of every body route: small limits, legacy charsets, strict decoding.
BODY: dict[str, Any] = {
    "max_fields": 100,
    "max_body_size": 64 * 1024,
    "honor_charset": True,
    "errors": "strict",
    "charset_field": "_charset_",
}
#: The nested routes allow more fields than keys, so that max_keys is reached.
NESTED: dict[str, Any] = {**BODY, "max_fields": 2000, "max_keys": 500}
QUERY: dict[str, Any] = {"max_fields": 100, "errors": "strict"}


class Hostile(NamedTuple):
    """One request: its parts, written with a pause between them, and the statuses allowed."""

    name: str
    parts: list[bytes]
    allowed: frozenset[int | None]
    #: Close the socket after the parts, without reading (a client that leaves).
    abandon: bool = False
    #: How long to wait for an answer, where a server may wait for the body instead.
    patience: float = TIMEOUT


def _request(
    path: str,
    body: bytes = b"",
    content_type: str | None = FORM,
    *,
    method: str = "POST",
    length: int | str | None = None,
    extra: str = "",
) -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{extra}"
    if content_type is not None:
        head += f"Content-Type: {content_type}\r\n"
    if method == "POST" or length is not None:
        head += f"Content-Length: {len(body) if length is None else length}\r\n"
    return head.encode("latin-1") + b"\r\n" + body


def _chunked(path: str, body: bytes) -> bytes:
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        f"Content-Type: {FORM}\r\nTransfer-Encoding: chunked\r\n\r\n"
    ).encode()
    return head + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)


OK = frozenset({200})
TOO_LARGE = frozenset({413})
UNSUPPORTED = frozenset({415})
BAD = frozenset({400})
_deep = "a" + "[a]" * 1000
_big = b"a=" + b"x" * (1024 * 1024)

HOSTILE = [
    Hostile("plain form", [_request("/form", b"a=1&b=2")], OK),
    Hostile("oversized body", [_request("/form", _big)], TOO_LARGE),
    Hostile("oversized nested body", [_request("/nested-form", _big)], TOO_LARGE),
    Hostile(
        "slow body",
        [_request("/form", b"", length=11), b"a=1&", b"b=2&", b"c=3"],
        OK,
    ),
    Hostile("text/plain", [_request("/form", b"a=1", "text/plain")], UNSUPPORTED),
    Hostile("JSON", [_request("/nested-form", b'{"a": 1}', "application/json")], UNSUPPORTED),
    Hostile("no Content-Type", [_request("/form", b"a=1", None)], UNSUPPORTED),
    Hostile(
        "multipart without a boundary",
        [_request("/form", b"a=1", "multipart/form-data")],
        UNSUPPORTED,
    ),
    Hostile(
        "unknown charset", [_request("/form", b"a=1", FORM + "; charset=x-no-such")], UNSUPPORTED
    ),
    Hostile(
        "Shift_JIS charset",
        [_request("/nested-form", b"n=%8ER%93c", FORM + "; charset=Shift_JIS")],
        OK,
    ),
    Hostile("legacy _charset_", [_request("/form", b"_charset_=windows-1252&n=%E9")], OK),
    Hostile("invalid UTF-8, strict", [_request("/form", b"a=%FF%FE")], BAD),
    Hostile("raw invalid UTF-8, strict", [_request("/nested-form", b"a[b]=\xff")], BAD),
    Hostile("deep brackets", [_request("/nested-form", _deep.encode() + b"=1")], TOO_LARGE),
    Hostile(
        "huge list index",
        [_request("/nested-form", b"a[99999999999999999999999999]=1")],
        TOO_LARGE,
    ),
    Hostile("sparse list index", [_request("/nested-form", b"a[0]=1&a[99]=2")], BAD),
    Hostile(
        "many fields", [_request("/form", b"&".join(b"f%d=1" % i for i in range(5000)))], TOO_LARGE
    ),
    Hostile(
        "many keys",
        [_request("/nested-form", b"&".join(b"a[k%d]=1" % i for i in range(1000)))],
        TOO_LARGE,
    ),
    Hostile(
        "__proto__ names",
        [
            _request(
                "/nested-form",
                b"__proto__[admin]=1&constructor[prototype][x]=1&a[__proto__]=b&a[length]=9",
            )
        ],
        OK,
    ),
    Hostile("value then dict", [_request("/nested-form", b"a=1&a[b]=2")], BAD),
    Hostile("percent garbage", [_request("/form", b"%%%zz=%g&=&&&")], OK),
    Hostile("malformed Content-Length", [_request("/form", b"a=1", length="12abc")], BAD),
    Hostile("chunked body", [_chunked("/form", b"a=1&b=2")], frozenset({200, 411})),
    Hostile(
        "truncated body",
        [_request("/form", b"a=1", length=100)],
        frozenset({400, None}),
    ),
    Hostile(
        "client leaves mid-body",
        [_request("/nested-form", b"a[b]=1&c=", length=10_000)],
        frozenset({None}),
        abandon=True,
    ),
    Hostile(
        "declared huge, never sent",
        [_request("/form", b"a=1", length=10**12)],
        frozenset({413, None}),
        patience=2.0,
    ),
    Hostile(
        "many query fields",
        [_request("/query?" + "&".join(f"q{i}=1" for i in range(500)), method="GET")],
        TOO_LARGE,
    ),
    Hostile(
        "deep nested query", [_request("/nested-query?" + _deep + "=1", method="GET")], TOO_LARGE
    ),
    Hostile("invalid UTF-8 query", [_request("/query?a=%C3%28", method="GET")], BAD),
    Hostile(
        "raw invalid UTF-8 query",
        [b"GET /nested-query?a=\xff HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"],
        BAD,
    ),
    Hostile("nested query", [_request("/nested-query?f[s]=open&t=a&t=b", method="GET")], OK),
]


def _send(port: int, hostile: Hostile) -> int | None:
    """Write the parts, pausing between them; the status of the answer, or None for none."""
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=hostile.patience) as sock:
        try:
            for number, part in enumerate(hostile.parts):
                if number:
                    time.sleep(0.05)
                sock.sendall(part)
            if hostile.abandon:
                return None
            if hostile.name == "truncated body":
                sock.shutdown(socket.SHUT_WR)
            # Connection: close, so the whole answer ends when the server closes.
            while True:
                data = sock.recv(65536)
                if not data:
                    break
                answer += data
        except (ConnectionResetError, BrokenPipeError, socket.timeout):
            if b"\r\n" not in answer:
                return None
    if not answer:
        return None
    return int(answer.split(b" ", 2)[1])


# --- The apps --------------------------------------------------------------------


def make_flask() -> Flask:
    """Flask with every adapter path."""
    app = Flask(__name__)

    @app.post("/form")
    def form() -> Any:
        return jsonify(list(urlencoded.flask.form(**BODY).items()))

    @app.post("/nested-form")
    def nested_form() -> Any:
        return jsonify(urlencoded.flask.nested_form(**NESTED))

    @app.get("/query")
    def query() -> Any:
        return jsonify(list(urlencoded.flask.query(**QUERY).items()))

    @app.get("/nested-query")
    def nested_query() -> Any:
        return jsonify(urlencoded.flask.nested_query(**QUERY))

    return app


class Order(BaseModel):  # type: ignore[misc]  # pydantic is not followed
    """A model that most hostile bodies satisfy (unknown names are ignored)."""

    n: str = ""


body_form = urlencoded.starlette.form(**BODY)
nested_body = urlencoded.starlette.form_model(Order, **NESTED)
query_fields = urlencoded.starlette.query(**QUERY)
nested_query_model = urlencoded.starlette.query_model(Order, **QUERY)


def make_fastapi() -> FastAPI:
    """FastAPI with the flat dependencies and the two models."""
    app = FastAPI()

    @app.post("/form")
    async def form(fields: Annotated[MultiDict, Depends(body_form)]) -> Any:
        return list(fields.items())

    @app.post("/nested-form")
    async def nested_form(order: Annotated[Order, Depends(nested_body)]) -> Any:
        return order

    @app.get("/query")
    async def query(fields: Annotated[MultiDict, Depends(query_fields)]) -> Any:
        return list(fields.items())

    @app.get("/nested-query")
    async def nested_query(order: Annotated[Order, Depends(nested_query_model)]) -> Any:
        return order

    return app


urlpatterns = [
    path("form", json_view(lambda request: urlencoded.django.read_form(request, **BODY))),
    path(
        "nested-form",
        json_view(lambda request: urlencoded.django.read_nested_form(request, **NESTED)),
    ),
    path("query", json_view(lambda request: urlencoded.django.read_query(request, **QUERY))),
    path(
        "nested-query",
        json_view(lambda request: urlencoded.django.read_nested_query(request, **QUERY)),
    ),
]


@pytest.fixture
def django_settings() -> Iterator[None]:
    """This module's views, behind FormParserMiddleware with the body routes' options."""
    with django_settings_applied(
        ROOT_URLCONF=__name__,
        ALLOWED_HOSTS=["*"],
        DEBUG=False,
        MIDDLEWARE=["urlencoded.django.FormParserMiddleware"],
        URLENCODED_FORM_OPTIONS={**BODY, "max_fields": 2000},
    ):
        yield


def _django_wsgi() -> Any:
    from django.core.handlers.wsgi import WSGIHandler

    return WSGIHandler()


def _django_asgi() -> Any:
    from django.core.handlers.asgi import ASGIHandler

    return ASGIHandler()


SERVERS = {
    "flask-waitress": (make_flask, waitress_server),
    "django-waitress": (_django_wsgi, waitress_server),
    "fastapi-uvicorn": (make_fastapi, uvicorn_server),
    "django-uvicorn": (_django_asgi, uvicorn_server),
}


@pytest.mark.parametrize("server", list(SERVERS))
def test_hostile_requests_never_get_a_5xx(
    server: str, request: pytest.FixtureRequest, record_property: Callable[[str, object], None]
) -> None:
    """Every hostile request gets an allowed status, none a 5xx, and the server still answers."""
    if server.startswith("django"):
        request.getfixturevalue("django_settings")
    make_app, serve = SERVERS[server]
    statuses: collections.Counter[int | None] = collections.Counter()
    wrong: list[str] = []
    unanswered: list[str] = []
    with serve(make_app()) as port:
        for hostile in HOSTILE:
            status = _send(port, hostile)
            statuses[status] += 1
            if status is None:
                unanswered.append(hostile.name)
            if status not in hostile.allowed:
                wrong.append(
                    f"{hostile.name}: {status}, allowed {sorted(hostile.allowed, key=str)}"
                )
        health = _send(port, Hostile("health", [_request("/query?ok=1", method="GET")], OK))
    summary = ", ".join(
        f"{status or 'no answer'} x {count}" for status, count in sorted(statuses.items(), key=str)
    )
    print(f"\n{server}: {len(HOSTILE)} hostile requests + 1 health check; {summary}")
    print(f"{server}: no answer to {', '.join(unanswered) or 'none'}; health check {health}")
    record_property("statuses", dict(statuses))
    assert wrong == []
    assert not [status for status in statuses if status is not None and status >= 500]
    assert health == 200
