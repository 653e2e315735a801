"""urlencoded.flask under Flask's test client and Werkzeug's real development server."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from typing import Any

import pytest
import requests
from flask import Flask, jsonify, request
from werkzeug.datastructures import MultiDict as WerkzeugMultiDict

import urlencoded.flask
from urlencoded import BodyConsumedError, MultiDict, parse_wsgi, serialize

from .live_servers import chunked_post, werkzeug_server, wsgiref_server

FORM = "application/x-www-form-urlencoded"


def make_app() -> Flask:
    """A Flask app with one route per way of reading the body."""
    app = Flask(__name__)
    app.config["TESTING"] = True

    @app.post("/form")
    def form() -> Any:
        options: dict[str, Any] = {"max_fields": 3, "max_body_size": 100}
        if "legacy" in request.args:
            options["encoding"] = "windows-1252"
        if "strict" in request.args:
            options["errors"] = "strict"
        return jsonify(list(urlencoded.flask.form(**options).items()))

    @app.post("/after-form")
    def after_form() -> Any:
        request.form.get("x")
        return jsonify(list(urlencoded.flask.form().items()))

    @app.post("/parse-wsgi-after-form")
    def parse_wsgi_after_form() -> Any:
        request.form.get("x")
        return jsonify(parse_wsgi(request.environ))

    @app.post("/after-get-data")
    def after_get_data() -> Any:
        request.get_data()
        request.form.get("x")
        return jsonify(list(urlencoded.flask.read_form(request).items()))

    @app.errorhandler(BodyConsumedError)
    def consumed(error: BodyConsumedError) -> Any:
        return str(error), 500

    return app


def test_form_gives_a_multidict() -> None:
    """The fields arrive in order with repeats kept, through the real app and test client."""
    client = make_app().test_client()
    answer = client.post("/form", data="tag=a&name=Ren%C3%A9e&tag=b", content_type=FORM)
    assert answer.status_code == 200
    assert answer.get_json() == [["tag", "a"], ["name", "Renée"], ["tag", "b"]]


@pytest.mark.parametrize(
    ("path", "body", "content_type", "status"),
    [
        ("/form", "a=1&b=2&c=3&d=4", FORM, 413),
        ("/form", "a=" + "x" * 200, FORM, 413),
        ("/form", "a=1", "text/plain", 415),
        ("/form", "a=1", None, 415),
        ("/form?strict", "a=%FF", FORM, 400),
    ],
)
def test_bad_bodies_get_their_status(
    path: str, body: str, content_type: str | None, status: int
) -> None:
    """Limits answer 413, another media type 415, invalid bytes in strict mode 400."""
    client = make_app().test_client()
    headers = {} if content_type is None else {"Content-Type": content_type}
    answer = client.post(path, data=body, headers=headers)
    assert answer.status_code == status
    assert answer.status_code != 200


def test_legacy_encoding_is_passed_through() -> None:
    """encoding= reaches the parser: %80 is the euro sign in windows-1252."""
    client = make_app().test_client()
    answer = client.post("/form?legacy", data="a=%80", content_type=FORM)
    assert answer.get_json() == [["a", "€"]]


def test_form_read_first_raises_at_once_in_the_test_client() -> None:
    """After request.form, the helper raises BodyConsumedError naming cause and fix."""
    app = make_app()
    app.config["TESTING"] = False
    start = time.monotonic()
    answer = app.test_client().post("/after-form", data="a=1", content_type=FORM)
    assert time.monotonic() - start < 5
    assert answer.status_code == 500
    text = answer.get_data(as_text=True)
    assert "request.form" in text
    assert "request.get_data()" in text


def test_form_read_first_does_not_hang_the_real_server() -> None:
    """Under Werkzeug's development server the request ends with 500, not a hung socket."""
    with werkzeug_server(make_app()) as port:
        start = time.monotonic()
        answer = requests.post(
            f"http://127.0.0.1:{port}/after-form",
            data=b"a=1&b=2",
            headers={"Content-Type": FORM},
            timeout=5,
        )
        assert time.monotonic() - start < 5
    assert answer.status_code == 500
    assert "already read by request.form" in answer.text


@pytest.mark.parametrize("path", ["/after-form", "/parse-wsgi-after-form"])
def test_form_read_first_is_refused_by_both_helpers(path: str) -> None:
    """Under the real server, urlencoded.flask and plain parse_wsgi both refuse at once."""
    with werkzeug_server(make_app()) as port:
        start = time.monotonic()
        answer = requests.post(
            f"http://127.0.0.1:{port}{path}", data=b"a=1", headers={"Content-Type": FORM}, timeout=5
        )
        assert time.monotonic() - start < 5
    assert answer.status_code == 500
    assert "urlencoded.flask.read_form()" in answer.text


def test_werkzeug_check_lives_in_the_adapter(monkeypatch: pytest.MonkeyPatch) -> None:
    """parse_wsgi refuses a body Werkzeug parsed through the check urlencoded.flask adds."""
    from urlencoded._web import _servers

    class ParsedRequest:
        def __init__(self) -> None:
            self.form: dict[str, str] = {}

    body = b"a=1"
    environ = {
        "CONTENT_TYPE": FORM,
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
        "werkzeug.request": ParsedRequest(),
    }
    assert urlencoded.flask._check_werkzeug_unread in _servers.WSGI_BODY_CHECKS
    with pytest.raises(BodyConsumedError, match=r"urlencoded\.flask\.read_form\(\)"):
        parse_wsgi(environ)
    assert environ["wsgi.input"].tell() == 0  # type: ignore[attr-defined]
    # Without the adapter's check the generic helper knows no framework: it reads the body.
    monkeypatch.setattr(_servers, "WSGI_BODY_CHECKS", [])
    assert parse_wsgi(environ) == [("a", "1")]


def test_cached_body_is_parsed() -> None:
    """After request.get_data() the helper parses Werkzeug's cached copy."""
    client = make_app().test_client()
    answer = client.post("/after-get-data", data="x=1&x=2", content_type=FORM)
    assert answer.get_json() == [["x", "1"], ["x", "2"]]


def test_chunked_body_under_werkzeug_is_read() -> None:
    """Werkzeug's server delimits chunked bodies (wsgi.input_terminated): the form arrives."""
    with werkzeug_server(make_app()) as port:
        status, body = chunked_post(port, b"a=1&b=%C3%A9", "/form")
    assert status == 200
    assert b'"\\u00e9"' in body or "é".encode() in body


def test_chunked_body_under_wsgiref_is_411() -> None:
    """Under wsgiref a chunked body cannot be delimited: 411 Length Required, not a form."""
    with wsgiref_server(make_app()) as port:
        status, _ = chunked_post(port, b"a=1&b=2", "/form")
    assert status == 411


def test_werkzeug_multidict_conversion() -> None:
    """The documented conversions to and from Werkzeug's MultiDict keep every pair in order."""
    form = MultiDict("a=1&b=2&a=3")
    theirs = WerkzeugMultiDict(list(form.items()))
    assert theirs.getlist("a") == ["1", "3"]
    assert list(theirs.items(multi=True)) == [("a", "1"), ("a", "3"), ("b", "2")]
    back = MultiDict(theirs.items(multi=True))
    assert back.get_all("a") == ["1", "3"]
    assert serialize(back) == "a=1&a=3&b=2"


def test_framework_modules_import_no_framework() -> None:
    """Importing urlencoded and its framework modules imports no framework until a call."""
    code = (
        "import sys, urlencoded, urlencoded.flask, urlencoded.django, urlencoded.starlette\n"
        "loaded = {'flask', 'werkzeug', 'django', 'starlette', 'fastapi'} & set(sys.modules)\n"
        "print(sorted(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "[]"


READERS = [
    urlencoded.flask.read_form,
    urlencoded.flask.read_query,
    urlencoded.flask.read_nested_form,
    urlencoded.flask.read_nested_query,
]


@pytest.mark.parametrize("read", READERS)
@pytest.mark.parametrize("request_", ["a=1", {"QUERY_STRING": "a=1"}, 0])
def test_helpers_refuse_what_is_no_request(read: Any, request_: object) -> None:
    """Something that is not a Flask request is a TypeError naming what it is."""
    with (
        make_app().test_request_context("/?a=1"),
        pytest.raises(TypeError, match=r"\(\) needs a Flask request, not "),
    ):
        read(request_)


@pytest.mark.parametrize("read", READERS)
def test_helpers_take_the_request_or_its_proxy(read: Any) -> None:
    """None, flask.request and the request behind it are the same request."""
    with make_app().test_request_context("/?a=1", method="POST", data={"a": "1"}):
        request.get_data()  # parsed from the cache, three times
        results = [read(), read(request), read(request._get_current_object())]  # type: ignore[attr-defined]
    assert results[0] == results[1] == results[2]
    assert results[0]


@pytest.mark.parametrize("read", READERS)
@pytest.mark.parametrize("given", ["nothing", "proxy"])
def test_helpers_outside_a_request_raise_flasks_error(read: Any, given: str) -> None:
    """Outside a request context, Flask's RuntimeError says so (the proxy is not 'no request')."""
    with pytest.raises(RuntimeError, match="outside of request context"):
        read() if given == "nothing" else read(request)
