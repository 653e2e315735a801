"""urlencoded.starlette under Starlette's and FastAPI's test clients and a real uvicorn server."""

from __future__ import annotations

import asyncio
import inspect
import time
from typing import Annotated, Any

import httpx
import pytest
from fastapi import Depends, FastAPI
from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route

import urlencoded.starlette
from urlencoded import BodyConsumedError, MultiDict

from .live_servers import chunked_post, uvicorn_server

FORM = "application/x-www-form-urlencoded"

#: The documented fix for the OpenAPI schema of a route using the dependency.
OPENAPI_FORM_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            FORM: {
                "schema": {
                    "type": "object",
                    "properties": {"tag": {"type": "array", "items": {"type": "string"}}},
                }
            }
        },
    }
}


# Module-level, so that FastAPI can resolve the string annotations that
# ``from __future__ import annotations`` leaves.
limited = urlencoded.starlette.form(max_fields=3, max_body_size=100)
legacy = urlencoded.starlette.form(encoding="windows-1252")
strict = urlencoded.starlette.form(errors="strict")
separated = urlencoded.starlette.form(separator=";")


def make_fastapi() -> FastAPI:
    """A FastAPI app using the dependency, with options taken from the query."""
    app = FastAPI()

    @app.post("/form", openapi_extra=OPENAPI_FORM_BODY)
    async def form(fields: Annotated[MultiDict, Depends(limited)]) -> list[tuple[str, str]]:
        return list(fields.items())

    @app.post("/legacy")
    async def legacy_form(fields: Annotated[MultiDict, Depends(legacy)]) -> list[tuple[str, str]]:
        return list(fields.items())

    @app.post("/strict")
    async def strict_form(fields: Annotated[MultiDict, Depends(strict)]) -> list[tuple[str, str]]:
        return list(fields.items())

    @app.post("/separated")
    async def separated_form(fields: Annotated[MultiDict, Depends(separated)]) -> list[str]:
        return list(fields)

    @app.post("/after-form")
    async def after_form(request: Request) -> list[tuple[str, str]]:
        await request.form()
        return list((await urlencoded.starlette.read_form(request)).items())

    @app.post("/after-body")
    async def after_body(request: Request) -> list[tuple[str, str]]:
        await request.body()
        return list((await urlencoded.starlette.read_form(request)).items())

    @app.exception_handler(BodyConsumedError)
    async def consumed(request: Request, error: BodyConsumedError) -> PlainTextResponse:
        return PlainTextResponse(str(error), status_code=500)

    return app


def test_dependency_gives_a_multidict() -> None:
    """The fields arrive in order with repeats kept."""
    with TestClient(make_fastapi()) as client:
        answer = client.post(
            "/form", content=b"tag=a&n=Ren%C3%A9e&tag=b", headers={"content-type": FORM}
        )
    assert answer.status_code == 200
    assert answer.json() == [["tag", "a"], ["n", "Renée"], ["tag", "b"]]


@pytest.mark.parametrize(
    ("path", "body", "content_type", "status"),
    [
        ("/form", b"a=1&b=2&c=3&d=4", FORM, 413),
        ("/form", b"a=" + b"x" * 200, FORM, 413),
        ("/form", b"a=1", "text/plain", 415),
        ("/form", b"a=1", "application/json", 415),
        ("/strict", b"a=%FF", FORM, 400),
    ],
)
def test_bad_bodies_get_their_status(
    path: str, body: bytes, content_type: str, status: int
) -> None:
    """Limits answer 413, another media type 415, invalid bytes in strict mode 400."""
    with TestClient(make_fastapi()) as client:
        answer = client.post(path, content=body, headers={"content-type": content_type})
    assert answer.status_code == status
    assert "detail" in answer.json()


def test_legacy_encoding_is_passed_through() -> None:
    """encoding= reaches the parser: %80 is the euro sign in windows-1252."""
    with TestClient(make_fastapi()) as client:
        answer = client.post("/legacy", content=b"a=%80", headers={"content-type": FORM})
    assert answer.json() == [["a", "€"]]


def test_separator_is_passed_through() -> None:
    """separator= reaches the parser: ';' splits fields and '&' does not."""
    with TestClient(make_fastapi()) as client:
        answer = client.post("/separated", content=b"a=1;b=2&c", headers={"content-type": FORM})
    assert answer.json() == ["a", "b"]


def test_form_read_first_raises_at_once() -> None:
    """After await request.form(), read_form raises BodyConsumedError naming cause and fix."""
    start = time.monotonic()
    with TestClient(make_fastapi()) as client:
        answer = client.post("/after-form", content=b"a=1", headers={"content-type": FORM})
    assert time.monotonic() - start < 5
    assert answer.status_code == 500
    assert "await request.form()" in answer.text
    assert "Form()" in answer.text


def test_form_read_first_does_not_hang_uvicorn() -> None:
    """Under a real uvicorn server the request ends with 500 at once, not at a client timeout."""
    with uvicorn_server(make_fastapi()) as port:
        start = time.monotonic()
        answer = httpx.post(
            f"http://127.0.0.1:{port}/after-form",
            content=b"a=1&b=2",
            headers={"content-type": FORM},
            timeout=5,
        )
        assert time.monotonic() - start < 5
    assert answer.status_code == 500
    assert "already read by await request.form()" in answer.text


def test_cached_body_is_parsed() -> None:
    """After await request.body() the helper parses Starlette's cached copy."""
    with TestClient(make_fastapi()) as client:
        answer = client.post("/after-body", content=b"x=1&x=2", headers={"content-type": FORM})
    assert answer.json() == [["x", "1"], ["x", "2"]]


def test_chunked_body_under_uvicorn() -> None:
    """uvicorn decodes a chunked body; the dependency reads it chunk by chunk."""
    with uvicorn_server(make_fastapi()) as port:
        status, body = chunked_post(port, b"tag=a&tag=%C3%A9", "/form")
    assert status == 200
    assert body == b'[["tag","a"],["tag","\xc3\xa9"]]'


def test_plain_starlette() -> None:
    """read_form works in a plain Starlette route too."""

    async def submit(request: Request) -> JSONResponse:
        fields = await urlencoded.starlette.read_form(request, max_fields=10)
        return JSONResponse(fields.to_dict_of_lists())

    app = Starlette(routes=[Route("/", submit, methods=["POST"])])
    with TestClient(app) as client:
        answer = client.post("/", content=b"a=1&b=2&a=3", headers={"content-type": FORM})
    assert answer.json() == {"a": ["1", "3"], "b": ["2"]}


def test_openapi_schema_shows_the_declared_body() -> None:
    """Without openapi_extra the route has no request body in OpenAPI; with it, the form appears."""
    schema: dict[str, Any] = make_fastapi().openapi()
    assert "requestBody" not in schema["paths"]["/legacy"]["post"]
    body = schema["paths"]["/form"]["post"]["requestBody"]
    assert list(body["content"]) == [FORM]


@pytest.mark.parametrize(
    ("factory", "options", "error"),
    [
        (urlencoded.starlette.form, {"nonsense": 1}, TypeError),
        (urlencoded.starlette.form, {"duplicates": "first"}, TypeError),
        (urlencoded.starlette.form, {"charset_field": 0}, TypeError),
        (urlencoded.starlette.form, {"errors": "ignore"}, ValueError),
        (urlencoded.starlette.form, {"max_body_size": -1}, ValueError),
        (urlencoded.starlette.form, {"honor_charset": "yes"}, TypeError),
        (urlencoded.starlette.form, {"encoding": "nope"}, urlencoded.UnknownEncodingError),
        (urlencoded.starlette.query, {"honor_charset": True}, TypeError),
        (urlencoded.starlette.nested_form, {"duplicates": "x"}, ValueError),
        (urlencoded.starlette.nested_query, {"max_depth": "2"}, TypeError),
    ],
)
def test_dependency_options_are_checked_at_once(
    factory: Any, options: dict[str, object], error: type[Exception]
) -> None:
    """A bad or unknown option raises where the dependency is made, not at a request."""
    with pytest.raises(error):
        factory(**options)


@pytest.mark.parametrize(
    "read",
    [
        urlencoded.starlette.read_form,
        urlencoded.starlette.read_nested_form,
        urlencoded.starlette.read_query,
        urlencoded.starlette.read_nested_query,
    ],
)
@pytest.mark.parametrize("request_", [None, {"type": "http", "query_string": b"a=1"}])
def test_helpers_refuse_what_is_no_request(read: Any, request_: object) -> None:
    """Something that is not a Starlette request is a TypeError naming what it is."""

    async def run() -> object:
        result = read(request_)
        return await result if inspect.isawaitable(result) else result

    with pytest.raises(TypeError, match=r"\(\) needs a starlette\.requests\.\w+, not "):
        asyncio.run(run())


def test_query_readers_take_a_websocket() -> None:
    """A query is read from any HTTPConnection: a WebSocket's too."""
    from starlette.websockets import WebSocket

    async def receive() -> dict[str, object]:
        return {"type": "websocket.connect"}

    async def send(message: object) -> None:
        pass

    socket = WebSocket({"type": "websocket", "query_string": b"a=1&a=2"}, receive, send)
    assert urlencoded.starlette.read_query(socket).get_all("a") == ["1", "2"]
