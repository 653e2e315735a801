"""urlencoded.starlette's nested form, query, nested query and Pydantic models, under FastAPI."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from fastapi import Depends, FastAPI, Form
from fastapi.testclient import TestClient
from pydantic import BaseModel
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import urlencoded.starlette
from urlencoded import MultiDict, URLEncodedError

from .framework_cases import CASE_IDS, CASES, FORM, NESTED_FORM, Case, check_answer


class Address(BaseModel):  # type: ignore[misc]  # pydantic is not followed
    """A nested model."""

    city: str
    zip: str = ""


class User(BaseModel):  # type: ignore[misc]  # pydantic is not followed
    """A model with a nested model, a list and an int."""

    name: str
    address: Address
    interest: list[str] = []
    age: int = 0


class Search(BaseModel):  # type: ignore[misc]  # pydantic is not followed
    """A query model."""

    q: str
    filter: dict[str, str] = {}
    page: int = 1


# Module-level, so that FastAPI can resolve the string annotations that
# ``from __future__ import annotations`` leaves.
nested_form_dependency = urlencoded.starlette.nested_form(**NESTED_FORM)
nested_strict = urlencoded.starlette.nested_form(errors="strict")
query_dependency = urlencoded.starlette.query(max_fields=3)
query_legacy = urlencoded.starlette.query(encoding="windows-1252")
nested_query_dependency = urlencoded.starlette.nested_query(max_depth=2)
user_form = urlencoded.starlette.form_model(User, max_fields=20, max_body_size=500)
search_query = urlencoded.starlette.query_model(Search)
NestedDict = dict[str, Any]


def make_fastapi() -> FastAPI:
    """The routes of tests/framework_cases.py as FastAPI dependencies, and two models."""
    app = FastAPI()

    @app.post("/nested-form")
    async def nested_form(data: Annotated[NestedDict, Depends(nested_form_dependency)]) -> Any:
        return data

    @app.post("/nested-form-strict")
    async def nested_form_strict(data: Annotated[NestedDict, Depends(nested_strict)]) -> Any:
        return data

    @app.get("/query")
    async def query(fields: Annotated[MultiDict, Depends(query_dependency)]) -> Any:
        return list(fields.items())

    @app.get("/query-legacy")
    async def legacy(fields: Annotated[MultiDict, Depends(query_legacy)]) -> Any:
        return list(fields.items())

    @app.get("/nested-query")
    async def nested_query(data: Annotated[NestedDict, Depends(nested_query_dependency)]) -> Any:
        return data

    @app.post("/users")
    async def users(user: Annotated[User, Depends(user_form)]) -> User:
        return user

    @app.get("/search")
    async def search(found: Annotated[Search, Depends(search_query)]) -> Search:
        return found

    return app


async def _starlette_view(request: Request) -> Response:
    """Every path of the shared cases with the plain read_* functions, chosen by path."""
    where = request.url.path
    try:
        result: Any
        if where == "/nested-form":
            result = await urlencoded.starlette.read_nested_form(request, **NESTED_FORM)
        elif where == "/nested-form-strict":
            result = await urlencoded.starlette.read_nested_form(request, errors="strict")
        elif where == "/query":
            result = list(urlencoded.starlette.read_query(request, max_fields=3).items())
        elif where == "/query-legacy":
            result = list(urlencoded.starlette.read_query(request, encoding="windows-1252").items())
        else:
            result = urlencoded.starlette.read_nested_query(request, max_depth=2)
    except URLEncodedError as error:
        return JSONResponse({"detail": str(error)}, status_code=error.status)
    return JSONResponse(result)


def make_starlette() -> Starlette:
    """A plain Starlette app calling the read_* functions."""
    paths = ["/nested-form", "/nested-form-strict", "/query", "/query-legacy", "/nested-query"]
    return Starlette(
        routes=[Route(where, _starlette_view, methods=["GET", "POST"]) for where in paths]
    )


@pytest.mark.parametrize("app_maker", [make_fastapi, make_starlette], ids=["fastapi", "starlette"])
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_every_path_answers_as_every_adapter_does(case: Case, app_maker: Any) -> None:
    """Each shared case gets its status and its JSON or reason under FastAPI and Starlette."""
    headers = {} if case.content_type is None else {"Content-Type": case.content_type}
    with TestClient(app_maker()) as client:
        answer = client.request(case.method, case.path, content=case.body, headers=headers)
    check_answer(case, answer.status_code, answer.text, answer.json())


def test_form_model_validates_a_nested_body() -> None:
    """form_model gives the model, built from nested names and repeated fields."""
    body = "name=Ada&address[city]=London&interest=math&interest=engines&age=36"
    with TestClient(make_fastapi()) as client:
        answer = client.post("/users", content=body, headers={"Content-Type": FORM})
    assert answer.status_code == 200
    assert answer.json() == {
        "name": "Ada",
        "address": {"city": "London", "zip": ""},
        "interest": ["math", "engines"],
        "age": 36,
    }


def test_form_model_validation_errors_are_fastapis_422() -> None:
    """A body that does not fit the model is FastAPI's 422, located under "body"."""
    with TestClient(make_fastapi()) as client:
        answer = client.post("/users", content="name=Ada&age=old", headers={"Content-Type": FORM})
    assert answer.status_code == 422
    located = {(tuple(error["loc"]), error["type"]) for error in answer.json()["detail"]}
    assert located == {(("body", "address"), "missing"), (("body", "age"), "int_parsing")}


@pytest.mark.parametrize(
    ("body", "content_type", "status", "reason"),
    [
        ("a=1&a[b]=2", FORM, 400, "here used as a dict"),
        ("name=x", "text/plain", 415, "text/plain"),
        ("&".join(f"f{i}=1" for i in range(21)), FORM, 413, "max_fields=20"),
        ("name=" + "x" * 600, FORM, 413, "max_body_size=500"),
        ('{"name": "x"}', "application/json", 415, "application/json"),
    ],
)
def test_form_model_bad_bodies_get_their_status(
    body: str, content_type: str, status: int, reason: str
) -> None:
    """Before validation, a bad body answers 400, 413 or 415 with its reason, never 500."""
    with TestClient(make_fastapi()) as client:
        answer = client.post("/users", content=body, headers={"Content-Type": content_type})
    assert answer.status_code == status
    assert reason in answer.json()["detail"]


def test_form_model_publishes_the_request_body_in_openapi() -> None:
    """openapi.json has the route's body as urlencoded with the model's schema."""
    with TestClient(make_fastapi()) as client:
        schema = client.get("/openapi.json").json()
    body = schema["paths"]["/users"]["post"]["requestBody"]
    assert body["required"] is True
    assert list(body["content"]) == [FORM]
    assert body["content"][FORM]["schema"] == {"$ref": "#/components/schemas/User"}
    user = schema["components"]["schemas"]["User"]
    assert set(user["properties"]) == {"name", "address", "interest", "age"}
    assert user["properties"]["address"] == {"$ref": "#/components/schemas/Address"}
    assert "Address" in schema["components"]["schemas"]
    assert "requestBody" not in schema["paths"]["/search"]["get"]


def test_form_model_body_is_required() -> None:
    """The body OpenAPI says is required: none, or an empty one, is FastAPI's 422 missing."""
    with TestClient(make_fastapi()) as client:
        for answer in (
            client.post("/users"),
            client.post("/users", content="", headers={"Content-Type": FORM}),
        ):
            assert answer.status_code == 422
            assert [(error["loc"], error["type"]) for error in answer.json()["detail"]] == [
                (["body"], "missing")
            ]


def test_form_model_beside_form_fails_when_the_route_is_declared() -> None:
    """An endpoint with form_model and Form() raises a clear TypeError at declaration."""
    app = FastAPI()
    with pytest.raises(TypeError, match=r"form_model\(User\) reads the whole request body"):

        @app.post("/mixed")
        async def mixed(
            user: Annotated[User, Depends(user_form)], note: Annotated[str, Form()]
        ) -> None:
            """Never declared."""

    assert not any(getattr(route, "path", None) == "/mixed" for route in app.routes)


def test_query_model_validates_a_nested_query() -> None:
    """query_model gives the model from the query, and FastAPI's 422 under "query"."""
    with TestClient(make_fastapi()) as client:
        found = client.get("/search?q=tea&filter[origin]=Assam&page=2")
        missing = client.get("/search?page=x")
        deep = client.get("/search?q=a&filter[a][b][c][d][e][f]=1")
    assert found.json() == {"q": "tea", "filter": {"origin": "Assam"}, "page": 2}
    assert missing.status_code == 422
    assert {tuple(error["loc"]) for error in missing.json()["detail"]} == {
        ("query", "q"),
        ("query", "page"),
    }
    assert deep.status_code == 413


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: urlencoded.starlette.form_model(dict), TypeError),
        (lambda: urlencoded.starlette.query_model(User, max_feilds=1), TypeError),  # type: ignore[call-arg]
        (lambda: urlencoded.starlette.form_model(User, duplicates="merge"), ValueError),  # type: ignore[arg-type]
        (lambda: urlencoded.starlette.query(max_depth=2), TypeError),  # type: ignore[call-arg]
        (lambda: urlencoded.starlette.nested_query(honor_charset=True), TypeError),  # type: ignore[call-arg]
        (lambda: urlencoded.starlette.nested_form(max_fields=-1), ValueError),
    ],
)
def test_dependencies_check_their_options_when_made(make: Any, error: type[Exception]) -> None:
    """A bad model or option fails when the dependency is made, not on each request."""
    with pytest.raises(error):
        make()
