"""The adapters' shared readers (``_web/_requests.py``) agree with parse_nested and parse.

A body read as it arrives, in chunks cut anywhere, gives what
:func:`urlencoded.parse_nested` gives for the whole body with the server
limits, or the same error at the same byte offset; a query gives what
:func:`urlencoded.parse` and :func:`urlencoded.parse_nested` give.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlencoded
from urlencoded import Limits, URLEncodedError, parse_nested
from urlencoded._web import (
    parse_asgi_nested,
    parse_query,
    parse_query_nested,
    parse_wsgi_nested,
)

FORM = "application/x-www-form-urlencoded"
_NAME_PIECES = st.sampled_from(
    ["a", "b", "0", "[", "]", "[]", "[0]", "[1]", "[b]", "[c]", "%5B", "é", "&", "="]
)
_bodies = st.lists(
    st.tuples(st.lists(_NAME_PIECES, max_size=5).map("".join), st.sampled_from(["", "x", "%FF"])),
    max_size=8,
).map(lambda pairs: "&".join(f"{name}={value}" for name, value in pairs).encode())
_options = st.fixed_dictionaries(
    {},
    optional={
        "max_depth": st.one_of(st.none(), st.integers(0, 3)),
        "max_list_index": st.one_of(st.none(), st.integers(0, 2)),
        "max_keys": st.one_of(st.none(), st.integers(0, 6)),
        "duplicates": st.sampled_from(["combine", "first", "last", "error"]),
        "max_fields": st.integers(0, 6),
        "errors": st.sampled_from(["replace", "strict"]),
    },
)
#: The defaults of the request readers, given to parse_nested explicitly.
SERVER_LIMITS = {
    "max_fields": Limits().max_fields,
    "max_field_size": Limits().max_field_size,
    "max_body_size": Limits().max_body_size,
}


def _outcome(call: Callable[[], Any]) -> Any:
    """The result, or the error's type, message and offset."""
    try:
        return call()
    except URLEncodedError as error:
        return type(error), str(error), getattr(error, "offset", None)


def _chunks(body: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({cut % (len(body) + 1) for cut in cuts})
    pieces = [body[start:end] for start, end in zip([0, *points], [*points, len(body)])]
    return [piece for piece in pieces if piece]


class _ChunkedInput:
    """A wsgi.input that gives at most one chunk per read, as a socket may."""

    def __init__(self, chunks: list[bytes]) -> None:
        self.chunks = list(chunks)

    def read(self, size: int = -1) -> bytes:
        return self.chunks.pop(0) if self.chunks else b""


@given(_bodies, _options, st.lists(st.integers(0, 200), max_size=4))
def test_wsgi_body_agrees_with_parse_nested(
    body: bytes, options: dict[str, Any], cuts: list[int]
) -> None:
    """parse_wsgi_nested over chunks equals parse_nested of the whole body, errors included."""
    environ = {
        "CONTENT_TYPE": FORM,
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": _ChunkedInput(_chunks(body, cuts)),
    }
    expected = _outcome(lambda: parse_nested(body, **{**SERVER_LIMITS, **options}))
    assert _outcome(lambda: parse_wsgi_nested(environ, "test", **options)) == expected


@given(_bodies, _options, st.lists(st.integers(0, 200), max_size=4))
def test_asgi_body_agrees_with_parse_nested(
    body: bytes, options: dict[str, Any], cuts: list[int]
) -> None:
    """parse_asgi_nested over http.request messages equals parse_nested of the whole body."""
    messages = [
        {"type": "http.request", "body": chunk, "more_body": True} for chunk in _chunks(body, cuts)
    ] + [{"type": "http.request", "body": b"", "more_body": False}]
    scope = {"type": "http", "headers": [(b"content-type", FORM.encode())]}

    async def receive() -> dict[str, Any]:
        return messages.pop(0)

    expected = _outcome(lambda: parse_nested(body, **{**SERVER_LIMITS, **options}))
    got = _outcome(lambda: asyncio.run(parse_asgi_nested(scope, receive, "test", **options)))
    assert got == expected


@given(_bodies, _options)
def test_query_agrees_with_parse_and_parse_nested(body: bytes, options: dict[str, Any]) -> None:
    """A query gives parse's pairs and parse_nested's structure, with the server limits."""
    nested = _outcome(lambda: parse_nested(body, **{**SERVER_LIMITS, **options}))
    assert _outcome(lambda: parse_query_nested(body, "test", **options)) == nested
    flat_options = {
        name: value
        for name, value in options.items()
        if name not in ("max_depth", "max_list_index", "max_keys", "duplicates")
    }
    flat = _outcome(lambda: urlencoded.parse(body, **{**SERVER_LIMITS, **flat_options}))
    assert _outcome(lambda: parse_query(body, "test", **flat_options)) == flat


def test_query_defaults_are_the_server_limits() -> None:
    """Without options a query gets the body's default limits: 1,001 fields are refused."""
    with pytest.raises(urlencoded.TooManyFields, match="max_fields=1000"):
        parse_query(b"&".join([b"a=1"] * 1001), "read_query")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: parse_query(b"", "read_query", honor_charset=True), r"read_query\(\)"),  # type: ignore[call-arg]
        (lambda: parse_query_nested(b"", "read_nested_query", max_feilds=1), r"max_feilds"),  # type: ignore[call-arg]
        (
            lambda: parse_wsgi_nested({}, "read_nested_form", separator=";;"),
            "separator",
        ),
    ],
)
def test_bad_options_name_the_caller_or_the_option(call: Any, message: str) -> None:
    """An unknown keyword names the public function; a bad value names the option."""
    with pytest.raises((TypeError, ValueError), match=message):
        call()
