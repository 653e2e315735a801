"""urlencoded.django under Django's test client and its runserver WSGI server."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.middleware.csrf import get_token
from django.test import Client
from django.test.utils import override_settings
from django.urls import path

import urlencoded.django
from urlencoded import BodyConsumedError, MultiDict, URLEncodedError

from .django_support import django_settings_applied
from .live_servers import TIMEOUT, chunked_post, uvicorn_server

FORM = "application/x-www-form-urlencoded"


def submit(request: HttpRequest) -> HttpResponse:
    """Read the form under small limits; a legacy encoding if asked."""
    encoding = "windows-1252" if "legacy" in request.GET else "UTF-8"
    try:
        fields = urlencoded.django.read_form(
            request, encoding=encoding, max_fields=3, max_body_size=100
        )
    except URLEncodedError as error:
        return urlencoded.django.error_response(error)
    return JsonResponse(list(fields.items()), safe=False)


def after_read(request: HttpRequest) -> HttpResponse:
    """Read the raw body first, then the helper: a bug the helper reports."""
    request.read()
    try:
        urlencoded.django.read_form(request)
    except BodyConsumedError as error:
        return urlencoded.django.error_response(error)
    return HttpResponse("unexpected")


def token(request: HttpRequest) -> HttpResponse:
    """Hand out a CSRF token (and its cookie)."""
    return HttpResponse(get_token(request))


urlpatterns = [path("submit", submit), path("after-read", after_read), path("token", token)]

SETTINGS = {
    "ROOT_URLCONF": __name__,
    "ALLOWED_HOSTS": ["*"],
    "MIDDLEWARE": ["django.middleware.csrf.CsrfViewMiddleware"],
    "DEBUG": False,
}


@pytest.fixture(autouse=True)
def django_settings() -> Iterator[None]:
    """Configure Django once per process, then apply this module's settings."""
    with django_settings_applied(**SETTINGS):
        yield


def test_read_form_gives_a_multidict() -> None:
    """The fields arrive in order with repeats kept, through Django's test client."""
    answer = Client().post("/submit", "tag=a&n=Ren%C3%A9e&tag=b", content_type=FORM)
    assert answer.status_code == 200
    assert answer.json() == [["tag", "a"], ["n", "Renée"], ["tag", "b"]]


@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        ("a=1&b=2&c=3&d=4", FORM, 413),
        ("a=" + "x" * 200, FORM, 413),
        ("a=1", "text/plain", 415),
    ],
)
def test_bad_bodies_get_their_status(body: str, content_type: str, status: int) -> None:
    """Limits answer 413 and another media type 415."""
    answer = Client().post("/submit", body, content_type=content_type)
    assert answer.status_code == status


def test_legacy_encoding_is_passed_through() -> None:
    """encoding= reaches the parser: %80 is the euro sign in windows-1252."""
    answer = Client().post("/submit?legacy", "a=%80", content_type=FORM)
    assert answer.json() == [["a", "€"]]


def test_read_first_raises_at_once() -> None:
    """After request.read(), the helper raises BodyConsumedError naming cause and fix."""
    start = time.monotonic()
    answer = Client().post("/after-read", "a=1", content_type=FORM)
    assert time.monotonic() - start < 5
    assert answer.status_code == 500
    assert b"already read by request.read()" in answer.content


@contextlib.contextmanager
def _runserver() -> Iterator[int]:
    """Django's own runserver WSGI server, on an ephemeral 127.0.0.1 port."""
    from django.core.handlers.wsgi import WSGIHandler
    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler

    class Quiet(WSGIRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadedWSGIServer(("127.0.0.1", 0), Quiet)
    server.set_app(WSGIHandler())
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(TIMEOUT)


@pytest.fixture
def runserver() -> Iterator[int]:
    """Django's runserver server with this module's settings (CSRF checks on)."""
    with _runserver() as port:
        yield port


def test_chunked_body_under_runserver_is_411() -> None:
    """runserver passes a chunked body Django cannot read: 411, never an empty form."""
    # Without CSRF checks, which would refuse the (to Django, empty) body first.
    with override_settings(MIDDLEWARE=[]), _runserver() as port:
        status, body = chunked_post(port, b"a=1&b=2", "/submit")
    assert status == 411
    assert b"Content-Length" in body


def test_csrf_protection_stays_on(runserver: int) -> None:
    """With CsrfViewMiddleware reading request.POST first, the helper parses Django's copy."""
    session = requests.Session()
    csrf = session.get(f"http://127.0.0.1:{runserver}/token", timeout=TIMEOUT).text
    answer = session.post(
        f"http://127.0.0.1:{runserver}/submit",
        data=f"csrfmiddlewaretoken={csrf}&a=1",
        headers={"Content-Type": FORM},
        timeout=TIMEOUT,
    )
    assert answer.status_code == 200
    assert answer.json() == [["csrfmiddlewaretoken", csrf], ["a", "1"]]
    refused = requests.post(
        f"http://127.0.0.1:{runserver}/submit",
        data="a=1",
        headers={"Content-Type": FORM},
        timeout=TIMEOUT,
    )
    assert refused.status_code == 403


def test_query_dict_conversion() -> None:
    """The documented conversions to and from Django's QueryDict keep every pair."""
    form = MultiDict("a=1&b=2&a=3")
    query_dict = QueryDict(mutable=True)
    query_dict.update(form)
    assert query_dict.getlist("a") == ["1", "3"]
    assert query_dict.getlist("b") == ["2"]
    back = MultiDict((name, value) for name, values in query_dict.lists() for value in values)
    assert back.to_dict_of_lists() == form.to_dict_of_lists()


def test_chunked_body_under_asgi_is_read() -> None:
    """Under ASGI (uvicorn) Django has the whole chunked body, and the helper reads it."""
    from django.core.handlers.asgi import ASGIHandler

    with override_settings(MIDDLEWARE=[]):
        handler = ASGIHandler()
        with uvicorn_server(handler) as port:
            status, body = chunked_post(port, b"tag=a&tag=%C3%A9", "/submit")
    assert status == 200
    # The answer itself comes chunked; its one chunk holds the JSON.
    assert json.dumps([["tag", "a"], ["tag", "é"]]).encode() in body


@pytest.mark.parametrize(
    "read",
    [
        urlencoded.django.read_form,
        urlencoded.django.read_query,
        urlencoded.django.read_nested_form,
        urlencoded.django.read_nested_query,
    ],
)
@pytest.mark.parametrize("request_", [None, "a=1", {"QUERY_STRING": "a=1"}])
def test_helpers_refuse_what_is_no_request(read: Any, request_: object) -> None:
    """Something that is not a Django request is a TypeError naming what it is."""
    with pytest.raises(TypeError, match=r"\(\) needs a Django HttpRequest, not "):
        read(request_)


def test_error_response_refuses_what_is_no_library_error() -> None:
    """error_response() of anything but the library's errors is a TypeError."""
    with pytest.raises(TypeError, match=r"needs a urlencoded\.URLEncodedError, not NoneType"):
        urlencoded.django.error_response(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not ValueError"):
        urlencoded.django.error_response(ValueError("x"))  # type: ignore[arg-type]


def test_error_response_writes_a_lone_surrogate_escaped() -> None:
    """A message that quotes a lone surrogate is still written, as UTF-8 with the escape."""
    error = BodyConsumedError("a read of \ud800", "do not")
    response = urlencoded.django.error_response(error)
    assert response.status_code == 500
    assert "a read of \\ud800" in response.content.decode("utf-8")


def test_middleware_refuses_what_is_not_callable() -> None:
    """FormParserMiddleware() without a callable is a TypeError when Django loads it."""
    with pytest.raises(TypeError, match="as a callable, not NoneType"):
        urlencoded.django.FormParserMiddleware(None)  # type: ignore[arg-type]
