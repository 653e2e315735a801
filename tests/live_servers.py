"""Real HTTP servers on ephemeral 127.0.0.1 ports, in threads, for the framework tests.

Port 0 everywhere, so that tests run in parallel (pytest-xdist) never collide.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from socketserver import ThreadingMixIn
from typing import Any, Callable
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import uvicorn

TIMEOUT = 10.0


class _ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def wsgiref_server(app: Callable[..., Any]) -> Iterator[int]:
    """Serve a WSGI app with the standard library's wsgiref (no chunked decoding)."""
    server = make_server(
        "127.0.0.1", 0, app, server_class=_ThreadingWSGIServer, handler_class=_QuietHandler
    )
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(TIMEOUT)
        assert not thread.is_alive()


@contextlib.contextmanager
def werkzeug_server(app: Callable[..., Any]) -> Iterator[int]:
    """Serve a WSGI app with Werkzeug's development server, as ``flask run`` does."""
    from werkzeug.serving import make_server as make_werkzeug_server

    server = make_werkzeug_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(TIMEOUT)
        assert not thread.is_alive()


@contextlib.contextmanager
def uvicorn_server(app: Callable[..., Any]) -> Iterator[int]:
    """Serve an ASGI app with uvicorn."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app, http="h11", ws="none", lifespan="off", log_level="critical", access_log=False
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]})
    thread.start()
    deadline = time.monotonic() + TIMEOUT
    while not server.started:
        assert thread.is_alive(), "uvicorn did not start"
        assert time.monotonic() < deadline, "uvicorn did not start in time"
        time.sleep(0.01)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(TIMEOUT)
        sock.close()
        assert not thread.is_alive()


@contextlib.contextmanager
def waitress_server(app: Callable[..., Any]) -> Iterator[int]:
    """Serve a WSGI app with waitress, a production WSGI server (sets wsgi.input_terminated)."""
    from waitress.server import create_server  # type: ignore[import-untyped]

    server = create_server(
        app, host="127.0.0.1", port=0, threads=4, clear_untrusted_proxy_headers=True
    )
    port = server.effective_port
    thread = threading.Thread(target=server.run)
    thread.start()
    try:
        yield int(port)
    finally:
        # Let the worker threads finish what they serve before the sockets close.
        server.task_dispatcher.shutdown()
        server.close()
        thread.join(TIMEOUT)
        assert not thread.is_alive()


def chunked_post(port: int, body: bytes, path: str = "/") -> tuple[int, bytes]:
    """POST *body* with Transfer-Encoding: chunked (two chunks); return status and body."""
    half = len(body) // 2
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in (body[:half], body[half:]))
    request = (
        (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            "Transfer-Encoding: chunked\r\n\r\n"
        ).encode()
        + chunks
        + b"0\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
        sock.sendall(request)
        answer = b""
        while True:
            data = sock.recv(65536)
            if not data:
                break
            answer += data
    head, _, rest = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), rest
