"""urlencoded.django's nested form, query and nested query, under Django's test client."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import path

import urlencoded.django

from .django_support import django_settings_applied, json_view
from .framework_cases import CASE_IDS, CASES, FORM, NESTED_FORM, Case, check_answer

urlpatterns = [
    path(
        "nested-form",
        json_view(lambda request: urlencoded.django.read_nested_form(request, **NESTED_FORM)),
    ),
    path(
        "nested-form-strict",
        json_view(lambda request: urlencoded.django.read_nested_form(request, errors="strict")),
    ),
    path("query", json_view(lambda request: urlencoded.django.read_query(request, max_fields=3))),
    path(
        "query-legacy",
        json_view(lambda request: urlencoded.django.read_query(request, encoding="windows-1252")),
    ),
    path(
        "nested-query",
        json_view(lambda request: urlencoded.django.read_nested_query(request, max_depth=2)),
    ),
]


@pytest.fixture(autouse=True)
def django_settings() -> Iterator[None]:
    """Configure Django once per process, then route to this module's views."""
    with django_settings_applied(ROOT_URLCONF=__name__, ALLOWED_HOSTS=["*"], MIDDLEWARE=[]):
        yield


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_every_path_answers_as_every_adapter_does(case: Case) -> None:
    """Each shared case gets its status and its JSON or reason under Django."""
    client = Client()
    if case.method == "GET":
        answer = client.get(case.path)
    else:
        answer = client.generic(
            case.method, case.path, case.body, content_type=case.content_type or ""
        )
    text = answer.content.decode("utf-8")
    is_json = answer.headers["Content-Type"] == "application/json"
    check_answer(case, answer.status_code, text, answer.json() if is_json else None)


def test_non_ascii_query_bytes_reach_the_parser() -> None:
    """A raw UTF-8 byte in the query (not percent-encoded) is decoded, not mangled."""
    answer = Client().get("/query?q=é")
    assert answer.json() == [["q", "é"]]


def test_a_misspelt_option_is_a_type_error_naming_the_function() -> None:
    """read_nested_form(max_feilds=...) raises TypeError naming read_nested_form."""
    from django.test import RequestFactory

    request = RequestFactory().post("/", "a=1", content_type=FORM)
    with pytest.raises(TypeError, match=r"read_nested_form\(\) .* 'max_feilds'"):
        urlencoded.django.read_nested_form(request, max_feilds=1)  # type: ignore[call-arg]
