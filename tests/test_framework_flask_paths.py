"""urlencoded.flask's nested form, query and nested query, under Flask's test client."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask, jsonify, request

import urlencoded.flask
from urlencoded import BodyConsumedError, NestingError

from .framework_cases import CASE_IDS, CASES, FORM, NESTED_FORM, Case, check_answer


def make_app() -> Flask:
    """The routes of tests/framework_cases.py, with urlencoded.flask's aborting helpers."""
    app = Flask(__name__)

    @app.post("/nested-form")
    def nested_form() -> Any:
        return jsonify(urlencoded.flask.nested_form(**NESTED_FORM))

    @app.post("/nested-form-strict")
    def nested_form_strict() -> Any:
        return jsonify(urlencoded.flask.nested_form(errors="strict"))

    @app.get("/query")
    def query() -> Any:
        return jsonify(list(urlencoded.flask.query(max_fields=3).items()))

    @app.get("/query-legacy")
    def query_legacy() -> Any:
        return jsonify(list(urlencoded.flask.query(encoding="windows-1252").items()))

    @app.get("/nested-query")
    def nested_query() -> Any:
        return jsonify(urlencoded.flask.nested_query(max_depth=2))

    @app.post("/nested-after-form")
    def nested_after_form() -> Any:
        request.form.get("x")
        return jsonify(urlencoded.flask.nested_form())

    @app.post("/nested-after-get-data")
    def nested_after_get_data() -> Any:
        request.get_data()
        return jsonify(urlencoded.flask.read_nested_form(request))

    @app.errorhandler(BodyConsumedError)
    def consumed(error: BodyConsumedError) -> Any:
        return str(error), 500

    return app


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_every_path_answers_as_every_adapter_does(case: Case) -> None:
    """Each shared case gets its status and its JSON or reason under Flask."""
    client = make_app().test_client()
    headers = {} if case.content_type is None else {"Content-Type": case.content_type}
    answer = client.open(case.path, method=case.method, data=case.body, headers=headers)
    text = answer.get_data(as_text=True)
    check_answer(case, answer.status_code, text, json.loads(text) if answer.is_json else None)


def test_nested_form_after_request_form_is_a_bug_reported_at_once() -> None:
    """After request.form the nested helper raises BodyConsumedError, as read_form does."""
    answer = make_app().test_client().post("/nested-after-form", data="a=1", content_type=FORM)
    assert answer.status_code == 500
    assert "request.form" in answer.get_data(as_text=True)


def test_nested_form_parses_a_cached_body() -> None:
    """After request.get_data() the nested reader parses Werkzeug's cached copy."""
    client = make_app().test_client()
    answer = client.post("/nested-after-get-data", data="a[b]=1&a[b]=2", content_type=FORM)
    assert answer.get_json() == {"a": {"b": ["1", "2"]}}


def test_read_functions_take_an_explicit_request() -> None:
    """read_query and read_nested_query read the request they are given."""
    app = Flask(__name__)
    with app.test_request_context("/?a[b]=1&c=2"):
        assert list(urlencoded.flask.read_query(request).items()) == [("a[b]", "1"), ("c", "2")]
        assert urlencoded.flask.read_nested_query(request) == {"a": {"b": "1"}, "c": "2"}


def test_nesting_error_keeps_its_field_offset() -> None:
    """A nesting error in a body read as it arrives names the field and its byte offset."""
    app = Flask(__name__)
    context = app.test_request_context(method="POST", data="x=0&a=1&a[b]=2", content_type=FORM)
    with context, pytest.raises(NestingError) as info:
        urlencoded.flask.read_nested_form()
    assert (info.value.name, info.value.offset) == ("a[b]", 8)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: urlencoded.flask.read_nested_form(max_feilds=1), "read_nested_form"),  # type: ignore[call-arg]
        (lambda: urlencoded.flask.read_query(honor_charset=True), "read_query"),  # type: ignore[call-arg]
        (lambda: urlencoded.flask.read_nested_query(max_depth=-1), "max_depth"),
        (lambda: urlencoded.flask.read_nested_form(duplicates="merge"), "duplicates"),  # type: ignore[arg-type]
    ],
)
def test_bad_options_raise_naming_them(call: Any, message: str) -> None:
    """An unknown keyword is a TypeError naming the function; a bad value names the option."""
    app = Flask(__name__)
    context = app.test_request_context("/?a=1", method="POST", data="a=1", content_type=FORM)
    with context, pytest.raises((TypeError, ValueError), match=message):
        call()
