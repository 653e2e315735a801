"""Django for the tests that serve an app: settings once per process, and views as JSON."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, Callable

import django
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.test.utils import override_settings

import urlencoded.django
from urlencoded import MultiDict, URLEncodedError


@contextlib.contextmanager
def django_settings_applied(**module_settings: Any) -> Iterator[None]:
    """Configure Django once per process, then apply a test module's settings."""
    if not settings.configured:
        # Django 4.2 reads SECRET_KEY when a test restores the settings.
        settings.configure(SECRET_KEY="only-for-tests")
    try:
        settings.SECRET_KEY  # noqa: B018 - reading it checks it
    except ImproperlyConfigured:
        # The docstring examples of urlencoded.django configure Django without one, and
        # may run first in this process; Django 4.2 (the last for Python 3.9) reads it to
        # log a 500 response, and when a test restores the settings.
        settings.SECRET_KEY = "only-for-tests"
    django.setup()
    with override_settings(**module_settings):
        yield


def json_view(read: Callable[[HttpRequest], Any]) -> Callable[[HttpRequest], HttpResponse]:
    """A view answering *read*'s result as JSON, and its errors with error_response()."""

    def view(request: HttpRequest) -> HttpResponse:
        try:
            result = read(request)
        except URLEncodedError as error:
            return urlencoded.django.error_response(error)
        if isinstance(result, MultiDict):
            result = [list(pair) for pair in result.items()]
        return JsonResponse(result, safe=False)

    return view
