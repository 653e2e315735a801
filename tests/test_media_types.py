"""media_types=: other labels of the urlencoded format, such as Lynx's sgml-form-urlencoded."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest

import urlencoded
from urlencoded import UnsupportedMediaType, check_content_type

SGML = "application/sgml-form-urlencoded"
BOTH = ("application/x-www-form-urlencoded", SGML)


def _environ(content_type: str, body: bytes) -> dict[str, Any]:
    return {
        "REQUEST_METHOD": "POST",
        "CONTENT_TYPE": content_type,
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
    }


def _asgi(content_type: bytes, body: bytes, **options: Any) -> list[tuple[str, str]]:
    scope = {"type": "http", "headers": [(b"content-type", content_type)]}
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return messages.pop(0)

    return asyncio.run(urlencoded.parse_asgi(scope, receive, **options))


def test_sgml_refused_by_default() -> None:
    """Without the opt-in, application/sgml-form-urlencoded is a 415, naming the expected type."""
    with pytest.raises(UnsupportedMediaType, match=r"expected application/x-www-form-urlencoded$"):
        check_content_type(SGML)
    with pytest.raises(UnsupportedMediaType):
        urlencoded.parse_wsgi(_environ(SGML, b"a=1"))


def test_sgml_accepted_when_listed() -> None:
    """Listed in media_types, it is accepted in any case, with parameters; so is the usual type."""
    assert check_content_type("Application/SGML-Form-URLEncoded; x=1", media_types=BOTH).name == (
        "UTF-8"
    )
    assert check_content_type("application/x-www-form-urlencoded", media_types=BOTH).name == (
        "UTF-8"
    )
    header = f"{SGML}; charset=Shift_JIS"
    encoding = check_content_type(header, media_types=BOTH, honor_charset=True)
    assert encoding.name == "Shift_JIS"


def test_list_replaces_the_default() -> None:
    """media_types replaces the default: a list without the form's type refuses it, naming it."""
    with pytest.raises(UnsupportedMediaType, match=rf"expected {SGML}$"):
        check_content_type("application/x-www-form-urlencoded", media_types=[SGML])
    with pytest.raises(UnsupportedMediaType, match=rf"no Content-Type; expected {BOTH[0]} or"):
        check_content_type(None, media_types=BOTH)


def test_server_helpers_take_media_types() -> None:
    """parse_wsgi and parse_asgi read an sgml-form-urlencoded body when asked."""
    body = b"q=caf%C3%A9&lang=fr"
    expected = [("q", "café"), ("lang", "fr")]
    assert urlencoded.parse_wsgi(_environ(SGML, body), media_types=BOTH) == expected
    assert _asgi(SGML.encode(), body, media_types=BOTH) == expected
    with pytest.raises(UnsupportedMediaType):
        _asgi(SGML.encode(), body)


@pytest.mark.parametrize(
    ("media_types", "error", "message"),
    [
        (SGML, TypeError, "must be a tuple of MIME type essences"),
        (None, TypeError, "not NoneType"),
        ((), ValueError, "at least one MIME type"),
        ((1,), TypeError, "must hold str essences, not int"),
        (("text/plain; charset=utf-8",), ValueError, "got 'text/plain; charset=utf-8'"),
        (("form",), ValueError, "got 'form'"),
        (("text/plain ",), ValueError, "got 'text/plain '"),
    ],
)
def test_malformed_media_types(media_types: Any, error: type[Exception], message: str) -> None:
    """A malformed media_types raises naming it, before any of the request is read."""
    with pytest.raises(error, match=message):
        check_content_type("application/x-www-form-urlencoded", media_types=media_types)
    environ = _environ("application/x-www-form-urlencoded", b"a=1")
    environ["wsgi.input"] = None  # never read: the option fails first
    with pytest.raises(error, match=message):
        urlencoded.parse_wsgi(environ, media_types=media_types)
