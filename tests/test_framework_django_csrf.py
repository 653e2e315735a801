"""urlencoded.django.FormParserMiddleware before CsrfViewMiddleware, with CSRF checks on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import requests
from django.core.exceptions import ImproperlyConfigured
from django.core.handlers.wsgi import WSGIHandler
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.test import Client
from django.test.utils import override_settings
from django.urls import path

import urlencoded.django

from .django_support import django_settings_applied
from .live_servers import TIMEOUT, waitress_server

FORM = "application/x-www-form-urlencoded"
#: 山田 in Shift_JIS, percent-encoded as a Japanese legacy client sends it.
YAMADA_SJIS = "%8ER%93c"


def token(request: HttpRequest) -> HttpResponse:
    """Hand out a CSRF token (and its cookie)."""
    return HttpResponse(get_token(request))


def echo(request: HttpRequest) -> HttpResponse:
    """What the view sees: request.POST, the library's copy, the raw body and the files."""
    again = None
    if request.content_type == FORM:
        again = [
            list(pair) for pair in urlencoded.django.read_form(request, honor_charset=True).items()
        ]
    return JsonResponse(
        {
            "post": [[name, values] for name, values in request.POST.lists()],
            "read_form": again,
            # Django keeps no raw multipart body; a urlencoded one is kept.
            "body_bytes": len(request.body) if again is not None else None,
            "files": len(request.FILES),
            "mutable": request.POST._mutable,
        }
    )


urlpatterns = [path("token", token), path("echo", echo)]

SETTINGS = {
    "ROOT_URLCONF": __name__,
    "ALLOWED_HOSTS": ["*"],
    "DEBUG": False,
    "MIDDLEWARE": [
        "urlencoded.django.FormParserMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
    ],
    "URLENCODED_FORM_OPTIONS": {"honor_charset": True},
}


@pytest.fixture(autouse=True)
def django_settings() -> Iterator[None]:
    """Configure Django once per process, then apply this module's settings."""
    with django_settings_applied(**SETTINGS):
        yield


def _csrf_client() -> tuple[Client, str]:
    """Django's test client with CSRF checks enforced, and a valid token."""
    client = Client(enforce_csrf_checks=True)
    return client, client.get("/token").content.decode()


def test_too_many_fields_get_the_librarys_413() -> None:
    """1,500 fields answer 413 naming max_fields=1000 (Django's limit), not Django's HTML 400."""
    client, csrf = _csrf_client()
    body = f"csrfmiddlewaretoken={csrf}&" + "&".join(f"f{i}=1" for i in range(1500))
    answer = client.post("/echo", body, content_type=FORM)
    assert answer.status_code == 413
    assert answer.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert "max_fields=1000" in answer.content.decode()


def test_a_3_mib_body_gets_the_librarys_413() -> None:
    """A 3 MiB body answers 413 naming Django's DATA_UPLOAD_MAX_MEMORY_SIZE as max_body_size."""
    client, csrf = _csrf_client()
    body = f"csrfmiddlewaretoken={csrf}&big=" + "x" * (3 * 1024 * 1024)
    answer = client.post("/echo", body, content_type=FORM)
    assert answer.status_code == 413
    assert "max_body_size=2621440" in answer.content.decode()


def test_shift_jis_with_honor_charset_decodes_under_csrf() -> None:
    """charset=Shift_JIS with honor_charset=True gives 山田 with the token checked, not a 500."""
    client, csrf = _csrf_client()
    body = f"csrfmiddlewaretoken={csrf}&name={YAMADA_SJIS}"
    answer = client.post("/echo", body, content_type=FORM + "; charset=Shift_JIS")
    assert answer.status_code == 200
    seen = answer.json()
    assert seen["post"] == [["csrfmiddlewaretoken", [csrf]], ["name", ["山田"]]]
    assert seen["read_form"] == [["csrfmiddlewaretoken", csrf], ["name", "山田"]]
    assert seen["body_bytes"] == len(body)
    assert (seen["files"], seen["mutable"]) == (0, False)


def test_csrf_protection_stays_on() -> None:
    """Without the token the POST is still refused with 403."""
    client, _ = _csrf_client()
    answer = client.post("/echo", "name=x", content_type=FORM)
    assert answer.status_code == 403


def test_other_bodies_stay_djangos() -> None:
    """A multipart POST passes through to Django's own parser, token and all."""
    client, csrf = _csrf_client()
    answer = client.post("/echo", {"csrfmiddlewaretoken": csrf, "name": "x"})
    assert answer.status_code == 200
    assert answer.json()["post"] == [["csrfmiddlewaretoken", [csrf]], ["name", ["x"]]]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_feilds": 1}, "max_feilds"),
        ({"errors": "ignore"}, "errors"),
        ({"max_depth": 2}, "max_depth"),
        ([("max_fields", 1)], "dict"),
    ],
)
def test_bad_options_fail_when_django_loads_the_middleware(options: object, message: str) -> None:
    """A bad URLENCODED_FORM_OPTIONS is ImproperlyConfigured, naming the option, at load."""
    with (
        override_settings(URLENCODED_FORM_OPTIONS=options),
        pytest.raises(ImproperlyConfigured, match=message),
    ):
        urlencoded.django.FormParserMiddleware(lambda request: HttpResponse())


def test_under_waitress_with_csrf_on() -> None:
    """Under a real WSGI server (waitress) the same cases answer 413, 200 with 山田, and 403."""
    with waitress_server(WSGIHandler()) as port:
        base = f"http://127.0.0.1:{port}"
        session = requests.Session()
        csrf = session.get(f"{base}/token", timeout=TIMEOUT).text
        headers = {"Content-Type": FORM, "Referer": base}
        many = session.post(
            f"{base}/echo",
            data=f"csrfmiddlewaretoken={csrf}&" + "&".join(f"f{i}=1" for i in range(1500)),
            headers=headers,
            timeout=TIMEOUT,
        )
        legacy = session.post(
            f"{base}/echo",
            data=f"csrfmiddlewaretoken={csrf}&name={YAMADA_SJIS}",
            headers={**headers, "Content-Type": FORM + "; charset=Shift_JIS"},
            timeout=TIMEOUT,
        )
        refused = requests.post(f"{base}/echo", data="name=x", headers=headers, timeout=TIMEOUT)
    assert (many.status_code, "max_fields=1000" in many.text) == (413, True)
    assert legacy.status_code == 200
    assert legacy.json()["post"][1] == ["name", ["山田"]]
    assert refused.status_code == 403
