"""Tests for parse_wsgi and parse_asgi, in process and under real servers.

The first part drives the helpers with hand-built environs, scopes and
``receive`` callables. The second starts the standard library's ``wsgiref``
server and uvicorn on 127.0.0.1 (ephemeral ports, in threads, stopped by the
fixtures) and talks HTTP/1.1 to them over raw sockets: small and large
bodies, chunked transfer encoding, UTF-8 and legacy-encoded bodies, bodies
over each limit, a client that sends one byte at a time and one that
disconnects early. After every refused request the server must still answer
the next one.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import pickle
import queue
import socket
import time
from collections.abc import Iterable, Iterator
from typing import Any, Callable

import pytest

from tests.live_servers import uvicorn_server, wsgiref_server
from urlencoded import (
    BodyTooLarge,
    ClientDisconnected,
    ContentLengthError,
    DecodeError,
    FieldTooLarge,
    TooManyFields,
    UnsupportedMediaType,
    URLEncodedError,
    parse_asgi,
    parse_wsgi,
    serialize,
)

FORM = "application/x-www-form-urlencoded"
TIMEOUT = 10.0

# The limits the test apps use, small enough to exceed cheaply.
LIMITS: dict[str, Any] = {"max_fields": 100, "max_field_size": 4096, "max_body_size": 65536}


# Part 1: the helpers without a server.


def _environ(body: bytes, **extra: Any) -> dict[str, Any]:
    environ: dict[str, Any] = {
        "REQUEST_METHOD": "POST",
        "CONTENT_TYPE": FORM,
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
    }
    environ.update(extra)
    return environ


class _ExplodingInput:
    """A wsgi.input that fails the test if it is read."""

    def read(self, size: int = -1) -> bytes:
        raise AssertionError("wsgi.input was read")


def test_wsgi_reads_exactly_content_length() -> None:
    """parse_wsgi reads CONTENT_LENGTH bytes and leaves what follows unread."""
    stream = io.BytesIO(b"a=1&b=2NEXT REQUEST")
    environ = _environ(b"", CONTENT_LENGTH="7", **{"wsgi.input": stream})
    assert parse_wsgi(environ) == [("a", "1"), ("b", "2")]
    assert stream.read() == b"NEXT REQUEST"


def test_wsgi_large_body_in_many_reads() -> None:
    """A body of many 64 KiB reads parses completely."""
    pairs = [(f"k{i}", "v" * 999) for i in range(900)]
    body = serialize(pairs).encode()
    assert parse_wsgi(_environ(body), max_body_size=None) == pairs


def test_wsgi_without_length_and_without_body() -> None:
    """No CONTENT_LENGTH and no Transfer-Encoding means no body: no pairs, nothing read."""
    environ = _environ(b"", **{"wsgi.input": _ExplodingInput()})
    del environ["CONTENT_LENGTH"]
    assert parse_wsgi(environ) == []
    environ["CONTENT_LENGTH"] = ""
    assert parse_wsgi(environ) == []


def test_wsgi_input_terminated_reads_to_end() -> None:
    """Without CONTENT_LENGTH, wsgi.input_terminated lets the body be read to its end."""
    environ = _environ(b"a=1&b=2", HTTP_TRANSFER_ENCODING="chunked")
    del environ["CONTENT_LENGTH"]
    environ["wsgi.input_terminated"] = True
    assert parse_wsgi(environ) == [("a", "1"), ("b", "2")]


def test_wsgi_chunked_without_input_terminated_is_411() -> None:
    """A chunked body the server cannot delimit raises ContentLengthError (411), not []."""
    environ = _environ(b"", HTTP_TRANSFER_ENCODING="chunked", **{"wsgi.input": _ExplodingInput()})
    del environ["CONTENT_LENGTH"]
    with pytest.raises(ContentLengthError) as info:
        parse_wsgi(environ)
    assert info.value.content_length is None
    assert info.value.status == 411


@pytest.mark.parametrize("value", ["abc", "-1", "1e3", "0x10", "\u0661", "1 2"])
def test_wsgi_malformed_content_length_is_400(value: str) -> None:
    """A CONTENT_LENGTH that is not decimal digits raises ContentLengthError (400)."""
    environ = _environ(b"", CONTENT_LENGTH=value, **{"wsgi.input": _ExplodingInput()})
    with pytest.raises(ContentLengthError) as info:
        parse_wsgi(environ)
    assert info.value.content_length == value
    assert info.value.status == 400


def test_wsgi_content_length_over_limit_is_refused_unread() -> None:
    """A declared length over max_body_size raises BodyTooLarge at offset 0 without reading."""
    environ = _environ(b"", CONTENT_LENGTH="1001", **{"wsgi.input": _ExplodingInput()})
    with pytest.raises(BodyTooLarge) as info:
        parse_wsgi(environ, max_body_size=1000)
    assert info.value.offset == 0
    assert "Content-Length is 1001" in str(info.value)
    huge = _environ(b"", CONTENT_LENGTH="9" * 5000, **{"wsgi.input": _ExplodingInput()})
    with pytest.raises(BodyTooLarge):
        parse_wsgi(huge)
    with pytest.raises(ContentLengthError):
        parse_wsgi(huge, max_body_size=None)


def test_wsgi_short_body_is_a_disconnect() -> None:
    """A body shorter than CONTENT_LENGTH raises ClientDisconnected with both counts."""
    environ = _environ(b"a=1&b", CONTENT_LENGTH="100")
    with pytest.raises(ClientDisconnected) as info:
        parse_wsgi(environ)
    assert (info.value.received, info.value.expected) == (5, 100)
    assert isinstance(info.value, ConnectionError)


def test_wsgi_read_error_is_a_disconnect() -> None:
    """An OSError while reading the body becomes ClientDisconnected."""

    class Resetting:
        def read(self, size: int = -1) -> bytes:
            raise ConnectionResetError("reset by peer")

    with pytest.raises(ClientDisconnected) as info:
        parse_wsgi(_environ(b"", CONTENT_LENGTH="10", **{"wsgi.input": Resetting()}))
    assert isinstance(info.value.__cause__, ConnectionResetError)


@pytest.mark.parametrize("content_type", [None, "", "text/plain", "multipart/form-data; b=1"])
def test_wsgi_wrong_content_type_is_415(content_type: str | None) -> None:
    """A missing or different Content-Type raises UnsupportedMediaType (415) before reading."""
    environ = _environ(b"", CONTENT_LENGTH="3", **{"wsgi.input": _ExplodingInput()})
    if content_type is None:
        del environ["CONTENT_TYPE"]
    else:
        environ["CONTENT_TYPE"] = content_type
    with pytest.raises(UnsupportedMediaType) as info:
        parse_wsgi(environ)
    assert info.value.status == 415


def test_wsgi_charset_ignored_by_default() -> None:
    """A charset parameter does not change the decoding unless honor_charset is set."""
    environ = _environ(b"x=%E9", CONTENT_TYPE=FORM + "; charset=utf-8")
    assert parse_wsgi(environ) == [("x", "\ufffd")]
    environ = _environ(b"x=%C3%A9", CONTENT_TYPE=FORM + "; charset=no-such-charset")
    assert parse_wsgi(environ) == [("x", "\u00e9")]
    environ = _environ(b"x=%C3%A9", CONTENT_TYPE=FORM + "; charset=no-such-charset")
    with pytest.raises(UnsupportedMediaType):
        parse_wsgi(environ, honor_charset=True)


def test_wsgi_limits_apply() -> None:
    """Each limit raises its LimitExceeded subclass, with status 413."""
    with pytest.raises(TooManyFields) as fields:
        parse_wsgi(_environ(b"a&b&c"), max_fields=2)
    with pytest.raises(FieldTooLarge) as size:
        parse_wsgi(_environ(b"a=12345"), max_field_size=5)
    environ = _environ(b"a=12345")
    del environ["CONTENT_LENGTH"]
    environ["wsgi.input_terminated"] = True
    with pytest.raises(BodyTooLarge) as body:
        parse_wsgi(environ, max_body_size=5)
    assert {e.value.status for e in (fields, size, body)} == {413}


def test_wsgi_strict_mode() -> None:
    """errors='strict' raises DecodeError (400) for invalid UTF-8."""
    with pytest.raises(DecodeError) as info:
        parse_wsgi(_environ(b"a=%FF"), errors="strict")
    assert info.value.status == 400


def test_wsgi_bad_arguments() -> None:
    """Bad options and environs raise TypeError or ValueError before anything is read."""
    with pytest.raises(ValueError, match="max_fields"):
        parse_wsgi(_environ(b""), max_fields=-1)
    with pytest.raises(TypeError):
        parse_wsgi([])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"wsgi\.input"):
        parse_wsgi(_environ(b"a", **{"wsgi.input": None}))
    with pytest.raises(ValueError, match="errors"):
        parse_wsgi(_environ(b""), errors="ignore")  # type: ignore[arg-type]


def _receiver(messages: Iterable[dict[str, Any]]) -> Callable[[], Any]:
    pending = iter(messages)

    async def receive() -> dict[str, Any]:
        return next(pending)

    return receive


def _scope(*headers: tuple[bytes, bytes]) -> dict[str, Any]:
    return {"type": "http", "headers": [(b"content-type", FORM.encode()), *headers]}


def test_asgi_many_messages() -> None:
    """parse_asgi joins the body from several http.request messages, cut anywhere."""
    body = b"q=caf%C3%A9+au+lait&n=1"
    messages = [
        {"type": "http.request", "body": body[i : i + 3], "more_body": i + 3 < len(body)}
        for i in range(0, len(body), 3)
    ]
    assert asyncio.run(parse_asgi(_scope(), _receiver(messages))) == [
        ("q", "café au lait"),
        ("n", "1"),
    ]


def test_asgi_disconnect() -> None:
    """An http.disconnect before the last body message raises ClientDisconnected."""
    messages: list[dict[str, Any]] = [
        {"type": "http.request", "body": b"a=1&b", "more_body": True},
        {"type": "http.disconnect"},
    ]
    scope = _scope((b"content-length", b"100"))
    with pytest.raises(ClientDisconnected) as info:
        asyncio.run(parse_asgi(scope, _receiver(messages)))
    assert (info.value.received, info.value.expected) == (5, 100)


def test_asgi_content_length_over_limit_is_refused_unread() -> None:
    """A content-length over max_body_size raises BodyTooLarge before receive() is awaited."""
    scope = _scope((b"Content-Length", b"70000"))
    with pytest.raises(BodyTooLarge) as info:
        asyncio.run(parse_asgi(scope, _receiver([]), max_body_size=65536))
    assert info.value.offset == 0


def test_asgi_limits_while_streaming() -> None:
    """Without a content-length, the limits apply as the chunks arrive."""
    chunks = [{"type": "http.request", "body": b"a=1&" * 10, "more_body": True}] * 100
    with pytest.raises(TooManyFields):
        asyncio.run(parse_asgi(_scope(), _receiver(chunks), max_fields=50))


def test_asgi_bad_scopes_and_messages() -> None:
    """Non-http scopes, unexpected messages and wrong types raise ValueError or TypeError."""
    with pytest.raises(ValueError, match="http"):
        asyncio.run(parse_asgi({"type": "websocket"}, _receiver([])))
    with pytest.raises(ValueError, match="unexpected"):
        asyncio.run(parse_asgi(_scope(), _receiver([{"type": "http.response.start"}])))
    with pytest.raises(TypeError):
        asyncio.run(parse_asgi(_scope(), _receiver([{"type": "http.request", "body": "a=1"}])))
    with pytest.raises(UnsupportedMediaType, match="more than one"):
        asyncio.run(parse_asgi(_scope((b"content-type", FORM.encode())), _receiver([])))
    with pytest.raises(UnsupportedMediaType):
        asyncio.run(parse_asgi({"type": "http", "headers": []}, _receiver([])))


def test_error_status_mapping() -> None:
    """Each library error carries its HTTP status; anything else has none (a server says 500)."""
    assert UnsupportedMediaType("text/plain", "x").status == 415
    assert ContentLengthError("x", "x").status == 400
    assert ContentLengthError(None, "x").status == 411
    assert ClientDisconnected(1, 2).status == 400
    assert not hasattr(RuntimeError(), "status")


@pytest.mark.parametrize(
    "error",
    [
        UnsupportedMediaType("text/plain", "expected a form"),
        ContentLengthError(None, "no length"),
        ClientDisconnected(5, 100),
        ClientDisconnected(5, None),
    ],
)
def test_request_errors_pickle(error: URLEncodedError) -> None:
    """The request errors survive pickling (for example out of a process pool)."""
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert vars(copy) == vars(error)


# Part 2: real servers on 127.0.0.1.

# Exceptions the apps caught, so tests can see what the server side saw.
SEEN: queue.Queue[BaseException] = queue.Queue()


def _options(path: str) -> dict[str, Any]:
    if path == "/big":
        return {"max_fields": None, "max_field_size": None, "max_body_size": 32 * 1024 * 1024}
    options = dict(LIMITS)
    if path == "/legacy":
        options["honor_charset"] = True
    if path == "/strict":
        options["errors"] = "strict"
    if path == "/sjis":
        options["encoding"] = "shift_jis"
    return options


def _answer(pairs: list[tuple[str, str]] | None, error: BaseException | None) -> tuple[int, bytes]:
    if error is not None:
        SEEN.put(error)
        status = error.status if isinstance(error, URLEncodedError) else 500
        return status, f"{type(error).__name__}: {error}".encode()
    return 200, json.dumps(pairs).encode()


def wsgi_app(environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
    """A WSGI app that answers with the form's pairs as JSON, or the error."""
    pairs = error = None
    try:
        pairs = parse_wsgi(environ, **_options(environ["PATH_INFO"]))
    except URLEncodedError as caught:
        error = caught
    status, body = _answer(pairs, error)
    reason = {200: "OK", 400: "Bad Request", 411: "Length Required", 413: "Content Too Large"}
    start_response(
        f"{status} {reason.get(status, 'Error')}",
        [("Content-Type", "application/json"), ("Content-Length", str(len(body)))],
    )
    return [body]


async def asgi_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """An ASGI app that answers with the form's pairs as JSON, or the error."""
    assert scope["type"] == "http"
    pairs = error = None
    try:
        pairs = await parse_asgi(scope, receive, **_options(scope["path"]))
    except URLEncodedError as caught:
        error = caught
    status, body = _answer(pairs, error)
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


@pytest.fixture(scope="module")
def wsgi_port() -> Iterator[int]:
    """Run wsgi_app under wsgiref on an ephemeral 127.0.0.1 port for this module."""
    with wsgiref_server(wsgi_app) as port:
        yield port


@pytest.fixture(scope="module")
def asgi_port() -> Iterator[int]:
    """Run asgi_app under uvicorn on an ephemeral 127.0.0.1 port for this module."""
    with uvicorn_server(asgi_app) as port:
        yield port


@pytest.fixture(params=["wsgiref", "uvicorn"])
def server(request: pytest.FixtureRequest) -> tuple[str, int]:
    """Each real-server test runs against both servers."""
    name: str = request.param
    port: int = request.getfixturevalue("wsgi_port" if name == "wsgiref" else "asgi_port")
    _drain_seen()
    return name, port


def _drain_seen() -> None:
    while True:
        try:
            SEEN.get_nowait()
        except queue.Empty:
            return


def _connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def _head(path: str, headers: dict[str, str]) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _read_response(sock: socket.socket) -> tuple[int, bytes]:
    """Read until the server closes; return the status and the body."""
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break  # the server closed with our unread body in its buffer
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1."), data[:200]
    return int(head.split(b" ", 2)[1]), body


def _send(sock: socket.socket, data: bytes) -> None:
    # If the server refused the body and closed, its answer is still to be read.
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):
        sock.sendall(data)


def post(
    port: int,
    body: bytes,
    *,
    path: str = "/",
    content_type: str | None = FORM,
    chunked: bool = False,
    chunk_size: int = 1 << 20,
    length: int | None = None,
) -> tuple[int, bytes]:
    """POST *body* over a fresh connection; return the status and response body."""
    headers = {} if content_type is None else {"Content-Type": content_type}
    if chunked:
        headers["Transfer-Encoding"] = "chunked"
        pieces = [body[i : i + chunk_size] for i in range(0, len(body), chunk_size)]
        payload = b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for piece in pieces)
        payload += b"0\r\n\r\n"
    else:
        headers["Content-Length"] = str(len(body) if length is None else length)
        payload = body
    with _connect(port) as sock:
        _send(sock, _head(path, headers) + payload)
        return _read_response(sock)


def pairs_of(response: tuple[int, bytes]) -> list[tuple[str, str]]:
    status, body = response
    assert status == 200, body
    return [(name, value) for name, value in json.loads(body)]


def assert_still_serving(port: int) -> None:
    assert pairs_of(post(port, b"still=here")) == [("still", "here")]


def test_small_body(server: tuple[str, int]) -> None:
    """A small form body comes back as its pairs."""
    _, port = server
    body = b"name=Ren%C3%A9e+Dupont&tags=a&tags=b&empty=&flag"
    assert pairs_of(post(port, body)) == [
        ("name", "Renée Dupont"),
        ("tags", "a"),
        ("tags", "b"),
        ("empty", ""),
        ("flag", ""),
    ]


def test_large_body(server: tuple[str, int]) -> None:
    """A 4 MiB body of 2000 fields parses completely."""
    _, port = server
    pairs = [(f"field{i}", "\u00e9" * 1000 + "&=+ " * 100) for i in range(2000)]
    body = serialize(pairs).encode()
    assert len(body) > 4 * 1024 * 1024
    assert pairs_of(post(port, body, path="/big")) == pairs


def test_utf8_and_raw_non_ascii(server: tuple[str, int]) -> None:
    """Percent-encoded and raw UTF-8 decode the same; invalid bytes become U+FFFD."""
    _, port = server
    body = "a=%E6%97%A5%E6%9C%AC&b=日本&c=%FF&d=\U0001f600".encode()
    assert pairs_of(post(port, body)) == [
        ("a", "日本"),
        ("b", "日本"),
        ("c", "\ufffd"),
        ("d", "\U0001f600"),
    ]


def test_charset_ignored_and_honoured(server: tuple[str, int]) -> None:
    """A Shift_JIS body decodes as UTF-8 by default; /legacy honours charset=Shift_JIS."""
    _, port = server
    content_type = FORM + "; charset=Shift_JIS"
    # "テスト" in Shift_JIS, percent-encoded and raw.
    for body in (b"name=%83e%83X%83g", b"name=\x83e\x83X\x83g"):
        assert pairs_of(post(port, body, content_type=content_type)) == [
            ("name", "\ufffde\ufffdX\ufffdg")
        ]
        assert pairs_of(post(port, body, path="/legacy", content_type=content_type)) == [
            ("name", "テスト")
        ]
    status, response = post(port, b"a=1", path="/legacy", content_type=FORM + "; charset=nope")
    assert status == 415, response
    assert_still_serving(port)


def test_known_legacy_encoding(server: tuple[str, int]) -> None:
    """An app that knows its clients send Shift_JIS decodes with it, whatever charset says."""
    _, port = server
    body = b"name=%83e%83X%83g&raw=\x93\xfa\x96\x7b"
    for content_type in (FORM, FORM + "; charset=UTF-8"):
        assert pairs_of(post(port, body, path="/sjis", content_type=content_type)) == [
            ("name", "テスト"),
            ("raw", "日本"),
        ]


def test_chunked_transfer_encoding(server: tuple[str, int]) -> None:
    """uvicorn decodes a chunked body for parse_asgi; under wsgiref parse_wsgi answers 411."""
    name, port = server
    body = serialize([("k", "v" * 3000), ("x", "é")]).encode()
    status, response = post(port, body, chunked=True, chunk_size=1000)
    if name == "uvicorn":
        assert status == 200, response
        assert pairs_of((status, response)) == [("k", "v" * 3000), ("x", "é")]
    else:
        # wsgiref passes the raw chunked stream without a length or wsgi.input_terminated.
        assert status == 411, response
        assert b"ContentLengthError" in response
    assert_still_serving(port)


def test_too_many_fields(server: tuple[str, int]) -> None:
    """101 fields against max_fields=100 get 413 naming the limit; the next request works."""
    _, port = server
    status, body = post(port, b"&".join(b"f%d=1" % i for i in range(101)))
    assert status == 413
    assert b"TooManyFields: max_fields=100 exceeded" in body
    assert_still_serving(port)


def test_field_too_large(server: tuple[str, int]) -> None:
    """A 5000-byte field against max_field_size=4096 gets 413; the next request works."""
    _, port = server
    status, body = post(port, b"a=1&big=" + b"x" * 5000)
    assert status == 413
    assert b"FieldTooLarge: max_field_size=4096 exceeded at byte offset 4101" in body
    assert_still_serving(port)


def test_body_too_large_by_content_length(server: tuple[str, int]) -> None:
    """A Content-Length over max_body_size gets 413 before the body is sent."""
    _, port = server
    with _connect(port) as sock:
        sock.sendall(_head("/", {"Content-Type": FORM, "Content-Length": "100000000"}))
        status, body = _read_response(sock)
    assert status == 413
    assert b"BodyTooLarge: max_body_size=65536 exceeded at byte offset 0" in body
    assert_still_serving(port)


def test_body_too_large_while_streaming(server: tuple[str, int]) -> None:
    """A chunked body that grows past max_body_size gets 413 (uvicorn) or 411 (wsgiref)."""
    name, port = server
    body = b"&".join([b"x=" + b"y" * 1000] * 80)
    status, response = post(port, body, chunked=True, chunk_size=4096)
    if name == "uvicorn":
        assert status == 413
        assert b"BodyTooLarge: max_body_size=65536 exceeded at byte offset 65536" in response
    else:
        assert status == 411
    assert_still_serving(port)


def test_wrong_content_type(server: tuple[str, int]) -> None:
    """A JSON body gets 415 and a missing Content-Type too; the next request works."""
    _, port = server
    assert post(port, b'{"a": 1}', content_type="application/json")[0] == 415
    assert post(port, b"a=1", content_type=None)[0] == 415
    assert_still_serving(port)


def test_strict_invalid_utf8_is_400(server: tuple[str, int]) -> None:
    """With errors='strict', invalid UTF-8 gets 400 giving the offset."""
    _, port = server
    status, body = post(port, b"ok=1&bad=%C3%28", path="/strict")
    assert status == 400
    assert b"DecodeError: invalid UTF-8 in the field at byte offset 9" in body
    assert_still_serving(port)


def test_one_byte_at_a_time(server: tuple[str, int]) -> None:
    """A client that sends the whole request one byte per packet still gets its pairs."""
    _, port = server
    body = b"slow=%E2%9C%93+done&loris=1&x=%41%42"
    request = _head("/", {"Content-Type": FORM, "Content-Length": str(len(body))}) + body
    with _connect(port) as sock:
        for i in range(len(request)):
            sock.sendall(request[i : i + 1])
            time.sleep(0.001)
        response = _read_response(sock)
    assert pairs_of(response) == [("slow", "✓ done"), ("loris", "1"), ("x", "AB")]


def test_client_disconnects_mid_body(server: tuple[str, int]) -> None:
    """A client that closes after part of the body is reported as ClientDisconnected."""
    name, port = server
    with _connect(port) as sock:
        sock.sendall(_head("/", {"Content-Type": FORM, "Content-Length": "1000"}) + b"a=1&b=2")
        sock.shutdown(socket.SHUT_WR)
        time.sleep(0.05)
    error = SEEN.get(timeout=TIMEOUT)
    assert isinstance(error, ClientDisconnected)
    assert error.expected == 1000
    if name == "wsgiref":
        assert error.received == 7
    else:
        # uvicorn reports the disconnect instead of the body if it saw the close first.
        assert error.received in (0, 7)
    assert_still_serving(port)
